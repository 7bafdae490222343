"""Deployment tests start Python in a subprocess, as a server would: a clean environment, no pytest settings."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def real_secret() -> str:
    return secrets.token_urlsafe(50)


def server_env(tmp_path: Path, **extra: str | None) -> dict[str, str]:
    """The environment of a server process: the pytest run's DJANGO_* and proxy settings removed, then `extra`
    (a None value leaves the variable out)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    env["APP_VAR_DIR"] = str(tmp_path)
    env["SEARCH_INDEX_DIR"] = str(tmp_path / "index")
    for key, value in extra.items():
        if value is not None:
            env[key] = value
    return env


def run_python(code: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *(["-c", code] if code else []), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


SHOW_SETTINGS = """
import json, sys
{entry}
from django.conf import settings
db = settings.DATABASES["default"]
print(json.dumps({{
    "module": settings.SETTINGS_MODULE, "debug": settings.DEBUG, "production": settings.IS_PRODUCTION,
    "hosts": settings.ALLOWED_HOSTS, "origins": settings.CSRF_TRUSTED_ORIGINS,
    "proxy": settings.SECURE_PROXY_SSL_HEADER, "redirect": settings.SECURE_SSL_REDIRECT,
    "hsts": settings.SECURE_HSTS_SECONDS, "conn_max_age": db["CONN_MAX_AGE"],
    "health": db["CONN_HEALTH_CHECKS"], "storage": settings.STORAGES["staticfiles"]["BACKEND"],
}}))
"""


def settings_of(env: dict[str, str], entry: str = "import config.wsgi") -> dict:
    result = run_python(SHOW_SETTINGS.format(entry=entry), env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.fixture
def prod_env(tmp_path):
    return server_env(tmp_path, DJANGO_SECRET_KEY=real_secret(), DJANGO_ALLOWED_HOSTS="caipan.example.org")
