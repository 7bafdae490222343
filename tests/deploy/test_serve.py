"""`make serve` (security review H4, M7): production settings and gunicorn, refused clearly without the secret
or the hosts; the gunicorn configuration's defaults and environment."""

import multiprocessing
import runpy
import subprocess

import pytest

from .conftest import ROOT, real_secret, server_env

CONF = ROOT / "config" / "gunicorn.conf.py"


def make_serve(env):
    # -o: the venv counts as installed (the test must not reinstall the pins).
    return subprocess.run(
        ["make", "-o", ".venv/.installed", "serve"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("missing", "present"),
    [("DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"), ("DJANGO_ALLOWED_HOSTS", "DJANGO_SECRET_KEY")],
)
def test_make_serve_refuses_without_the_secret_or_the_hosts(tmp_path, missing, present):
    values = {"DJANGO_SECRET_KEY": real_secret(), "DJANGO_ALLOWED_HOSTS": "caipan.example.org"}
    result = make_serve(server_env(tmp_path, **{present: values[present]}))
    assert result.returncode != 0
    assert f"make serve: {missing} is not set" in result.stderr
    assert not (tmp_path / "db.sqlite3").exists()  # stopped before migrating anything


def gunicorn_settings(monkeypatch, **env):
    for name in ("GUNICORN_WORKERS", "GUNICORN_BIND", "GUNICORN_THREADS", "GUNICORN_CONTROL_SOCKET"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(CONF))


def test_gunicorn_defaults(monkeypatch):
    conf = gunicorn_settings(monkeypatch)
    assert conf["wsgi_app"] == "config.wsgi:application"
    assert conf["bind"] == ["127.0.0.1:8000"]
    assert conf["workers"] == min(2 * multiprocessing.cpu_count() + 1, 9)
    assert conf["preload_app"] is False and conf["accesslog"] == "-" and conf["timeout"] == 30
    assert conf["control_socket_disable"] is True  # two servers on one host would share one socket path
    # A sync worker is killed mid-download at the timeout (issue 32): gthread keeps beating while it streams.
    assert conf["worker_class"] == "gthread" and conf["threads"] == 1
    # One queue for every request (issue 32, bench-serve's p99): a worker takes a connection only with a free
    # thread, and answers one request per connection, so no request waits behind a busy worker's others.
    assert conf["worker_connections"] == conf["threads"] and conf["keepalive"] == 0


def test_gunicorn_from_the_environment(monkeypatch):
    conf = gunicorn_settings(
        monkeypatch, GUNICORN_WORKERS="4", GUNICORN_BIND="0.0.0.0:9000", GUNICORN_CONTROL_SOCKET="/tmp/a.ctl"
    )
    assert conf["workers"] == 4 and conf["bind"] == ["0.0.0.0:9000"]
    assert gunicorn_settings(monkeypatch, GUNICORN_THREADS="3")["worker_connections"] == 3
    assert conf["control_socket"] == "/tmp/a.ctl" and conf["control_socket_disable"] is False
    with pytest.raises(ValueError, match="GUNICORN_WORKERS"):
        gunicorn_settings(monkeypatch, GUNICORN_WORKERS="0")
