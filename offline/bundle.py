"""The "download all" bundle: every page of the pack (offline.data.pack_urls) in one gzip-compressed JSON.

A hall's wifi (150 ms, 1.5 Mbit/s) made ~220 separate requests take 15 s; one compressed answer takes a few.
Each page is rendered as an anonymous visitor gets it (no cookies: the stored pages carry nobody's name), in the
requested language, through the full middleware stack, so its bytes are exactly what a separate GET would give.
The bundle is built once per pack version and language and kept compressed in memory, and on disk (under
settings.OFFLINE_BUNDLE_DIR, one gzip file per language, version and host): `make serve` builds it before the workers
start (`manage.py build_offline_bundle`), so no visitor waits for it (issue 32: 48 s for the first under load), and
every worker reads the same file instead of rendering the pack itself.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.handlers.base import BaseHandler
from django.http import FileResponse, HttpResponse, HttpResponseBase
from django.test.client import RequestFactory

from offline import data

GZIP_LEVEL = 6
FORMAT = 1
"""Bumped when the bundle's shape changes (static/js/pages/offline.js reads it)."""


@dataclass(frozen=True)
class Bundle:
    version: str
    body: bytes  # the JSON, UTF-8
    gzipped: bytes
    count: int


class BundleError(RuntimeError):
    """A page of the pack did not render as a plain 200 (a bug: the pack lists plain pages only)."""


_lock = threading.Lock()
_built: dict[tuple[str, str, str], Bundle] = {}  # (language, pack version, host)
_handler: BaseHandler | None = None


def _get_handler() -> BaseHandler:
    global _handler
    if _handler is None:
        handler = BaseHandler()
        handler.load_middleware()
        _handler = handler
    return _handler


def _render(url: str, language: str, host: str) -> dict[str, str]:
    # Over HTTPS where the site redirects plain HTTP (production): as a visitor's browser asks for it — a plain
    # request would be answered with the redirect.
    secure = bool(getattr(settings, "SECURE_SSL_REDIRECT", False))
    request = RequestFactory().get(url, HTTP_ACCEPT_LANGUAGE=language, HTTP_HOST=host, secure=secure)
    response = _get_handler().get_response(request)
    try:
        if response.status_code != 200 or response.has_header("Content-Encoding"):
            raise BundleError(f"{url}: {response.status_code}")
        content = response.content if isinstance(response, HttpResponse) else b"".join(response)
    finally:
        _close_file(response)
    control = response.get("Cache-Control", "")
    if "private" in control or "no-store" in control:
        raise BundleError(f"{url}: {control}")
    return {"url": url, "type": response["Content-Type"], "body": content.decode("utf-8")}


def _close_file(response: HttpResponseBase) -> None:
    """A static file comes as a FileResponse (WhiteNoise): its file is closed once read (else it stays open until
    garbage collection). Not response.close(): that would also say the request finished (request_finished), and
    Django would close the database connection the request that builds the bundle is still using."""
    if isinstance(response, FileResponse) and response.file_to_stream is not None:
        response.file_to_stream.close()


def _stored_path(language: str, version: str, host: str) -> Path:
    name = hashlib.sha256(f"{FORMAT}|{language}|{version}|{host}".encode()).hexdigest()[:24]
    return Path(settings.OFFLINE_BUNDLE_DIR) / f"bundle-{name}.json.gz"


def _read_stored(path: Path, version: str) -> Bundle | None:
    try:
        gzipped = path.read_bytes()
        body = gzip.decompress(gzipped)
        head = json.loads(body)
    except (OSError, ValueError, EOFError):
        return None  # none, or a damaged file: built again
    if head.get("version") != version or head.get("format") != FORMAT:
        return None
    return Bundle(version, body, gzipped, len(head.get("entries", [])))


def _store(path: Path, built: Bundle) -> None:
    """Written whole or not at all (a temporary file renamed), so a reader never sees half a bundle."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(built.gzipped)
        temporary.replace(path)
    except OSError:
        pass  # a read-only disk: the bundle is still served from memory


def bundle(language: str, host: str, *, edition=None, also=()) -> Bundle:
    """The bundle for ``language`` (the request's, e.g. ``zh-hans``), built at most once per pack version (and
    read from disk when `make serve` or another worker built it); of ``edition`` (default: the site default) and
    the further editions ``also`` (offline.data.pack)."""
    pack = data.pack(edition, also=also)
    key = (language, pack["version"], host)
    with _lock:
        found = _built.get(key)
        if found is not None:
            return found
        path = _stored_path(language, pack["version"], host)
        stored = _read_stored(path, pack["version"])
        if stored is not None:
            _keep(key, stored)
            return stored
        entries = [_render(url, language, host) for url in pack["urls"]]
        body = json.dumps(
            {
                "format": FORMAT,
                "edition": pack["edition"],
                "editions": pack["editions"],
                "revision": pack["revision"],
                "version": pack["version"],
                "cache": pack["cache"],
                "language": language,
                "entries": entries,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        ).encode("utf-8")
        built = Bundle(pack["version"], body, gzip.compress(body, GZIP_LEVEL, mtime=0), len(entries))
        _store(path, built)
        _keep(key, built)
        return built


def _keep(key: tuple[str, str, str], built: Bundle) -> None:
    language, _version, host = key
    for old in [k for k in _built if k[0] == language and k[2] == host]:
        del _built[old]  # one version per language is enough; an older one is never asked for again
    _built[key] = built


def forget() -> None:
    """Drop the built bundles, in memory and on disk (tests; a new corpus revision changes the pack version
    anyway)."""
    with _lock:
        _built.clear()
        for path in Path(settings.OFFLINE_BUNDLE_DIR).glob("bundle-*.json.gz"):
            path.unlink(missing_ok=True)
