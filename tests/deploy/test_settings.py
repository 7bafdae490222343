"""Safe defaults (security review H4, L3): the server entry points run production settings, and production refuses
to start without a real secret and the host names; `check --deploy` is clean."""

import pytest

from .conftest import real_secret, run_python, server_env, settings_of


@pytest.mark.parametrize("entry", ["import config.wsgi", "import config.asgi"])
def test_the_server_entry_points_default_to_production(prod_env, entry):
    seen = settings_of(prod_env, entry)
    assert seen["module"] == "config.settings.prod"
    assert seen["debug"] is False and seen["production"] is True
    assert seen["hosts"] == ["caipan.example.org"]


def test_manage_py_stays_on_the_development_settings(tmp_path):
    result = run_python("", server_env(tmp_path), "manage.py", "diffsettings", "--output", "unified")
    assert result.returncode == 0, result.stderr
    assert "+ DEBUG = True" in result.stdout and "SETTINGS_MODULE = 'config.settings.dev'" in result.stdout


@pytest.mark.parametrize(
    ("secret", "message"),
    [
        (None, "DJANGO_SECRET_KEY is not set"),
        ("", "DJANGO_SECRET_KEY is not set"),
        ("dev-only-not-secret", "DJANGO_SECRET_KEY is a placeholder"),
        ("django-insecure-" + "x1y2z3" * 10, "DJANGO_SECRET_KEY is a placeholder"),
        ("s3cr3t-but-short", "DJANGO_SECRET_KEY is too short (16 characters"),
        ("a" * 60, "DJANGO_SECRET_KEY is too short"),
        # Security review N5: long enough, varied enough for the old check, and predictable.
        ("changeme" * 7 + "chan", "DJANGO_SECRET_KEY is too predictable"),
        ("abcde" * 10, "DJANGO_SECRET_KEY is too predictable"),
        ("0123456789" * 6, "DJANGO_SECRET_KEY is too predictable"),
        ("abcdefghijklmnopqrstuvwxyz" * 2, "DJANGO_SECRET_KEY is too predictable"),
    ],
)
def test_production_refuses_a_missing_placeholder_or_short_secret(tmp_path, secret, message):
    env = server_env(tmp_path, DJANGO_SECRET_KEY=secret, DJANGO_ALLOWED_HOSTS="caipan.example.org")
    result = run_python("import config.wsgi", env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and message in result.stderr
    assert "KeyError" not in result.stderr


@pytest.mark.parametrize("hosts", [None, "", " , "])
def test_production_refuses_to_start_without_allowed_hosts(tmp_path, hosts):
    env = server_env(tmp_path, DJANGO_SECRET_KEY=real_secret(), DJANGO_ALLOWED_HOSTS=hosts)
    result = run_python("import config.wsgi", env)
    assert result.returncode != 0
    assert "ImproperlyConfigured: DJANGO_ALLOWED_HOSTS is not set" in result.stderr


@pytest.mark.parametrize("hosts", ["*", "caipan.example.org,*", "*.example.org"])
def test_production_refuses_a_wildcard_host(tmp_path, hosts):
    env = server_env(tmp_path, DJANGO_SECRET_KEY=real_secret(), DJANGO_ALLOWED_HOSTS=hosts)
    result = run_python("import config.wsgi", env)
    assert result.returncode != 0
    assert "ImproperlyConfigured: DJANGO_ALLOWED_HOSTS must name the hosts served, not '*'" in result.stderr


def test_random_secrets_of_every_usual_kind_are_accepted():
    import secrets

    from django.core.management.utils import get_random_secret_key

    from config.settings.env import secret_key_predictable

    for _ in range(300):
        for key in (
            secrets.token_urlsafe(50),
            secrets.token_hex(25),
            secrets.token_hex(32),
            get_random_secret_key(),
        ):
            assert not secret_key_predictable(key), key


def test_a_bad_flag_is_refused_by_name(prod_env):
    result = run_python("import config.wsgi", {**prod_env, "DJANGO_SECURE_SSL_REDIRECT": "maybe"})
    assert result.returncode != 0 and "DJANGO_SECURE_SSL_REDIRECT='maybe'" in result.stderr


def test_https_settings_and_the_proxy_header_come_from_the_environment(prod_env):
    seen = settings_of(prod_env)
    assert seen["redirect"] is True and seen["hsts"] == 365 * 24 * 3600
    assert seen["proxy"] is None  # nobody said a proxy sets it: a client's X-Forwarded-Proto means nothing
    assert seen["origins"] == []
    seen = settings_of(
        {
            **prod_env,
            "DJANGO_SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
            "DJANGO_CSRF_TRUSTED_ORIGINS": "https://caipan.example.org, https://www.caipan.example.org",
            "DJANGO_HSTS_SECONDS": "3600",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
        }
    )
    assert seen["proxy"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert seen["origins"] == ["https://caipan.example.org", "https://www.caipan.example.org"]
    assert seen["hsts"] == 3600 and seen["redirect"] is False


def test_connections_persist_only_under_the_wsgi_server(prod_env, tmp_path):
    seen = settings_of(prod_env)
    assert seen["conn_max_age"] == 60 and seen["health"] is True
    # WhiteNoise's compressed, hashed storage, which also hashes the names the ES modules import
    assert seen["storage"] == "offline.storage.StaticStorage"
    runserver = "import sys; sys.argv = ['manage.py', 'runserver']; import config.wsgi"
    assert settings_of(prod_env, runserver)["conn_max_age"] == 0
    dev = server_env(tmp_path, DJANGO_SETTINGS_MODULE="config.settings.dev")
    assert settings_of(dev, "import django; django.setup()")["conn_max_age"] == 0


def test_check_deploy_is_clean_with_production_settings(prod_env):
    result = run_python(
        "", {**prod_env, "DJANGO_SETTINGS_MODULE": "config.settings.prod"}, "manage.py", "check", "--deploy"
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    # drf-spectacular's operationId notes (drf_spectacular.W001) belong to the API schema; none of Django's own.
    assert "security.W" not in output and "security.E" not in output, output
