"""Test settings: fast password hashing, a temporary search index, a file-backed SQLite test database."""

import tempfile
from pathlib import Path

from .base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Each test run gets its own index folder.
SEARCH_INDEX_DIR = Path(tempfile.mkdtemp(prefix="caipan-index-"))

# A file-backed test database, so the real HTTP server thread of the API tests sees the same data.
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(Path(tempfile.mkdtemp(prefix="caipan-db-")) / "test.sqlite3")}  # noqa: F405
STATIC_ROOT = Path(tempfile.mkdtemp(prefix="caipan-static-"))
OFFLINE_BUNDLE_DIR = Path(tempfile.mkdtemp(prefix="caipan-offline-"))
CORPUS_STAMPS = Path(tempfile.mkdtemp(prefix="caipan-stamps-")) / "corpus-stamps.json"
