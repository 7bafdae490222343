"""Production settings (the default of config/wsgi.py and config/asgi.py): everything comes from the environment,
and a missing or unsafe value stops the start with ImproperlyConfigured saying what to set. README "Deploying".

- DJANGO_SECRET_KEY (required): at least 50 characters, not a placeholder, not predictable (security review N5:
  no repeated pattern, enough entropy — what secrets.token_urlsafe(50) or Django's generator give).
- DJANGO_ALLOWED_HOSTS (required): the host names served, comma-separated; never "*" (N5).
- DJANGO_CSRF_TRUSTED_ORIGINS: extra origins for form posts (https://caipan.example.org), comma-separated.
- DJANGO_SECURE_PROXY_SSL_HEADER: the header a reverse proxy sets to "https" (X-Forwarded-Proto); only set it
  when the proxy always sets (or strips) that header, else a client can claim HTTPS.
- DJANGO_SECURE_SSL_REDIRECT (1), DJANGO_HSTS_SECONDS (31536000), DJANGO_HSTS_INCLUDE_SUBDOMAINS (1),
  DJANGO_HSTS_PRELOAD (1); DJANGO_TRUSTED_PROXY_COUNT (0, see base); DJANGO_CONN_MAX_AGE (60);
  DATABASE_URL (base).
"""

import os
import sys

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .env import env_bool, env_int, env_list, secret_key_predictable

IS_PRODUCTION = True
DEBUG = False

# The placeholders this repository has carried, and Django's own prefix for generated development keys.
PLACEHOLDER_KEYS = {"dev-only-not-secret", "change-me", "changeme", "secret", "replace-me"}
SECRET_KEY_MIN_LENGTH = 50  # what `check --deploy` (security.W009) asks for


def secret_key() -> str:
    key = os.environ.get("DJANGO_SECRET_KEY", "").strip()
    hint = (
        "generate one with: python3 -c 'import secrets; print(secrets.token_urlsafe(50))' "
        "and keep it out of the repository"
    )
    if not key:
        raise ImproperlyConfigured(f"DJANGO_SECRET_KEY is not set (config.settings.prod needs it): {hint}.")
    if key.lower() in PLACEHOLDER_KEYS or key.startswith("django-insecure"):
        raise ImproperlyConfigured(f"DJANGO_SECRET_KEY is a placeholder, not a secret: {hint}.")
    if len(key) < SECRET_KEY_MIN_LENGTH or len(set(key)) < 5:
        raise ImproperlyConfigured(
            f"DJANGO_SECRET_KEY is too short ({len(key)} characters, at least {SECRET_KEY_MIN_LENGTH}): {hint}."
        )
    if secret_key_predictable(key):
        raise ImproperlyConfigured(
            f"DJANGO_SECRET_KEY is too predictable (a repeated pattern or too few different characters): {hint}."
        )
    return key


def allowed_hosts() -> list[str]:
    hosts = env_list("DJANGO_ALLOWED_HOSTS")
    if not hosts:
        raise ImproperlyConfigured(
            "DJANGO_ALLOWED_HOSTS is not set: give the host names this server answers for, comma-separated "
            "(DJANGO_ALLOWED_HOSTS=caipan.example.org)."
        )
    if any("*" in host for host in hosts):
        raise ImproperlyConfigured(
            "DJANGO_ALLOWED_HOSTS must name the hosts served, not '*': any Host header would be answered and "
            "absolute URLs would follow it (DJANGO_ALLOWED_HOSTS=caipan.example.org; '.example.org' for its "
            "subdomains)."
        )
    return hosts


SECRET_KEY = secret_key()
ALLOWED_HOSTS = allowed_hosts()
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 365 * 24 * 60 * 60)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", True)
_proxy_header = os.environ.get("DJANGO_SECURE_PROXY_SSL_HEADER", "").strip()
if _proxy_header:
    # "X-Forwarded-Proto" → Django's META name; the proxy must send the value "https" for TLS requests.
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _proxy_header.upper().replace("-", "_"), "https")

# Persistent connections under gunicorn's bounded worker pool (one connection per worker thread), checked before
# reuse; runserver (one thread per client connection) opens one per request.
_runserver = len(sys.argv) > 1 and sys.argv[1] == "runserver"
DATABASES["default"]["CONN_MAX_AGE"] = 0 if _runserver else env_int("DJANGO_CONN_MAX_AGE", 60)  # noqa: F405
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # noqa: F405

# `make serve` runs collectstatic: WhiteNoise serves the collected files, compressed, under hashed names with
# far-future cache headers ({% static %} and the service worker's precache list use the hashed names).
# offline.storage.StaticStorage also hashes the names the ES modules of static/js import.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "offline.storage.StaticStorage"},
}
WHITENOISE_USE_FINDERS = False
WHITENOISE_AUTOREFRESH = False
