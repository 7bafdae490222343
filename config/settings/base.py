"""Settings shared by every environment. SQLite under var/ unless DATABASE_URL says otherwise."""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF

from .env import env_bool, env_int

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("APP_VAR_DIR", BASE_DIR / "var"))
FIXTURES_DIR = BASE_DIR / "fixtures"

# Development and tests only: config.settings.prod refuses this placeholder (and any short or missing secret).
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-not-secret")
DEBUG = False
# True only in config.settings.prod: development commands (load_demo) refuse to run there.
IS_PRODUCTION = False
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1").split(",")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "core",
    "laws",
    "rulings",
    "clubs",
    "accounts",
    "search",
    "practice",
    "offline",
    "ops",
    "csp",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compresses every dynamic response (HTML, JSON) on its way out, so it sits above everything that writes a
    # body; below WhiteNoise, which serves static files itself (precompressed by the compressed storage). It
    # skips responses that already carry a Content-Encoding (/offline/bundle.json) and, since Django 4.2, pads
    # its output against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    # Marks private responses (club pages, signed-in users, cookies) so the service worker never keeps them.
    "offline.middleware.PrivateResponsesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A missing or unmigrated database answers 503 with what to run, not 500 "no such table" (ops/health.py).
    "ops.health.DatabaseRequiredMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "laws.context_processors.law_edition",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        # A connection per request here (runserver opens a thread, so a connection, per client connection);
        # config.settings.prod keeps connections open under the bounded worker pool of gunicorn.
        conn_max_age=0,
        conn_health_checks=True,
    )
}

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers take SQLite's lock when their transaction begins, so two directors saving the same ruling at once
    # queue and the ruling log's version check answers 409, instead of one failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {})["transaction_mode"] = "IMMEDIATE"
elif DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # No JIT compilation: the log's 1- and 2-character text filters (clubs.fulltext, a gram function declared
    # costly so the planner takes the matching ids first) made PostgreSQL compile each such query, 177–710 ms of
    # CPU a request against 94 ms of execution (bench/log-scale.md, issue 32). The site's queries are short.
    # work_mem 16MB: a common character's index probe builds a bitmap of its matches (190,000 at a million
    # records); at the default 4MB it turned lossy and PostgreSQL recomputed the gram function on every row of
    # the lossy pages (0.8-4.5 s a request at 1M). 16MB keeps it exact to about 260,000 heap pages (~2.7M records).
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c jit=off -c work_mem=16MB"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# Chinese first; English through Django i18n (locale/en).
LANGUAGE_CODE = "zh-hans"
LANGUAGES = [("zh-hans", "简体中文"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Asia/Shanghai"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
# Static files are served by WhiteNoise straight from the app folders (no CDN, no collectstatic needed to run).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    # JSON nested too deep is a 400, not a RecursionError (security review M5).
    "DEFAULT_PARSER_CLASSES": [
        "core.api.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "UNAUTHENTICATED_USER": None,
    # The public endpoints (laws, scores, trees, search) need no identity, so a signed-in director's page
    # can POST to them without a CSRF token. The club rulings log (clubs.api) sets its own classes:
    # a token (Authorization: Token …) or the browser session.
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    # The double-dummy solver (rulings.deals_api, up to 2 s of CPU a new deal): per client address when not signed
    # in, per user when signed in (a director at the table solves more).
    "DEFAULT_THROTTLE_RATES": {"double_dummy_anon": "30/min", "double_dummy_user": "120/min"},
}

# Club rulings log: sign-in pages (accounts.views) and the login limiter's window.
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "clubs:clubs"
LOGOUT_REDIRECT_URL = "laws:home"
# The login limiter (accounts.limiter, security review N2): LOGIN_FAILURE_LIMIT failures for one account from one
# address lock that address out of it for the window, each further failure doubling the lock, up to
# LOGIN_LOCK_MAX_SECONDS (failures older than that are forgotten). Across addresses an account is only slowed down:
# after LOGIN_ACCOUNT_SLOWDOWN_AFTER failures in the window, an address that failed waits LOGIN_SLOWDOWN_SECONDS
# after its own last failure, doubling, up to LOGIN_SLOWDOWN_MAX_SECONDS; addresses the account signed in from in
# the last LOGIN_USUAL_ADDRESS_DAYS are never slowed. Unknown usernames are limited per address instead.
# An IPv6 address counts as its /64.
LOGIN_FAILURE_LIMIT = 5
LOGIN_FAILURE_LIMIT_PER_ADDRESS = 20
LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60
LOGIN_LOCK_MAX_SECONDS = 24 * 60 * 60
LOGIN_ACCOUNT_SLOWDOWN_AFTER = 5
LOGIN_SLOWDOWN_SECONDS = 2
LOGIN_SLOWDOWN_MAX_SECONDS = 60
LOGIN_USUAL_ADDRESS_DAYS = 90
# Addresses that may each try once, unslowed, while an account is slowed down (then new addresses wait too).
LOGIN_FRESH_ADDRESSES = 10
# API tokens (accounts.tokens, security review L7): hashed at rest, valid this many days after they are made.
API_TOKEN_TTL_DAYS = env_int("DJANGO_API_TOKEN_TTL_DAYS", 90, minimum=1)
# How many reverse proxies in front append to X-Forwarded-For: the client is the entry that many from the right.
# 0 (the default): X-Forwarded-For is ignored and REMOTE_ADDR is the client.
TRUSTED_PROXY_COUNT = env_int("DJANGO_TRUSTED_PROXY_COUNT", 0)

SPECTACULAR_SETTINGS = {
    "TITLE": "裁判助手 API",
    "DESCRIPTION": "Laws, scores and rulings of the CCBA 1999 rulebook (中国桥牌竞赛规则).",
    "VERSION": "1.0.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SERVE_INCLUDE_SCHEMA": False,
    # The API reads JSON bodies (the browser and every client send JSON); document only that.
    "PARSER_WHITELIST": ["rest_framework.parsers.JSONParser"],
    # PATCH bodies as they are: the ruling log's PATCH requires `version` (the rest is optional anyway).
    "COMPONENT_SPLIT_PATCH": False,
    # One name per choice set (the same seats, vulnerabilities and statuses appear in several bodies).
    "ENUM_NAME_OVERRIDES": {
        "SeatEnum": "core.openapi.SEATS",
        "VulnerabilityEnum": "core.openapi.VULNERABILITIES",
        "RecordStatusEnum": "clubs.models.EDITABLE_STATUSES",
        "EvaluationStatusEnum": "core.openapi.EVALUATION_STATUSES",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.openapi.closed_request_bodies",
    ],
}

# The edition every page and API answer uses unless told otherwise (docs/design.md §2, §9): a club's default and the
# director's choice in the top bar come before it (laws.editions).
LAWS_DEFAULT_EDITION = "ccba-1999"
# Further editions beside the base one, a folder each (fixtures/editions/README.md); load_corpus loads them all.
LAWS_EDITIONS_DIR = Path(os.environ.get("LAWS_EDITIONS_DIR", FIXTURES_DIR / "editions"))

# 1997 Law 12C3: only an appeals committee may weight results to do equity, "unless the Zonal organisation
# specifies otherwise". True where the zone lets the Director apply 12C3 himself (the builder's director_12c3,
# POST /api/adjusted-score/ weighted); false keeps the 1997 default.
ZONE_PERMITS_DIRECTOR_12C3 = env_bool("ZONE_PERMITS_DIRECTOR_12C3", False)

# Whoosh index folder (derived data; each host builds its own).
SEARCH_INDEX_DIR = Path(os.environ.get("SEARCH_INDEX_DIR", VAR_DIR / "index"))
# What each edition was loaded from, per database: load_corpus skips an unchanged edition (laws/corpus_stamp.py).
CORPUS_STAMPS = VAR_DIR / "corpus-stamps.json"

# Content-Security-Policy (django-csp): scripts, styles, fonts and pictures come from this site only; no inline
# script or handler anywhere (the templates load static/js/*.js). data: pictures for Swagger UI's icons.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# Permissions-Policy (django-permissions-policy): the app uses no device feature but the clipboard.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "autoplay",
        "bluetooth",
        "browsing-topics",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "serial",
        "usb",
    )
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# Each process keeps its own rendered law pages (laws/law.html's fragments, keyed by the edition's revision, so an
# import is shown at once): two editions × 93 laws × two languages fit with room.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "caipan",
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }
}

# The offline "download all" bundle, built at deploy (`make serve`: build_offline_bundle) and read by every worker.
OFFLINE_BUNDLE_DIR = Path(os.environ.get("OFFLINE_BUNDLE_DIR", VAR_DIR / "offline"))
