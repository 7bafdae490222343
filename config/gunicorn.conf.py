"""gunicorn's configuration for `make serve` (README "Deploying"): `gunicorn -c config/gunicorn.conf.py`.

Environment: GUNICORN_BIND (127.0.0.1:8000; a reverse proxy in front terminates TLS), GUNICORN_WORKERS (2 × CPU
cores + 1, at most 9; several instances on one host divide its cores between them), GUNICORN_THREADS (1: one
request and one database connection per worker), GUNICORN_TIMEOUT (30 s), GUNICORN_ACCESS_LOG ("-" = stdout; a
path; "" for none), GUNICORN_CONTROL_SOCKET (off).

The workers are gthread workers, also with one thread: a sync worker cannot tell the arbiter it is alive while it
sends a response, so a long download (a big club's CSV export) was killed at the timeout and the client kept a
truncated file (issue 32). A gthread worker's main loop keeps beating while its thread streams; the timeout then
catches a worker that is stuck, not one that is busy.

One queue for every request (issue 32, the p99 of `make bench-serve`): a worker takes a connection only when it
has a free thread (worker_connections = threads) and closes it after the answer (keepalive 0: the proxy in front
keeps the browsers' connections alive, not gunicorn). Before, a busy worker went on accepting connections and kept
each one alive, so its clients queued behind it while other workers sat idle — the tail was that queue whatever
the request (a 1 ms score waited 670 ms at p99, the same as a law page). Now the waiting happens in the kernel's
listen queue, shared by all workers, first come first served; a long export holds its own worker, and no request
waits behind it.

preload_app is off: each worker imports the app itself and opens the search index lazily (search.generation keeps
per-process state — locks, a background refresh thread — that must not be created before the fork). The index is
built once before gunicorn starts (`manage.py build_search_index --if-needed` in `make serve`), so no worker builds
it; each worker opens it and loads the Chinese dictionary right after it starts (post_worker_init), not inside
its first request.
"""

import multiprocessing
import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.prod")

MAX_WORKERS = 9


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = int(raw)  # a bad value stops gunicorn with the variable's traceback
    if value < 1:
        raise ValueError(f"{name}={raw!r}: at least 1")
    return value


wsgi_app = "config.wsgi:application"
bind = [os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")]
workers = _int("GUNICORN_WORKERS", min(2 * multiprocessing.cpu_count() + 1, MAX_WORKERS))
worker_class = "gthread"
threads = _int("GUNICORN_THREADS", 1)
worker_connections = threads
keepalive = 0
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = 30
backlog = 2048
preload_app = False
# Behind a proxy: gunicorn itself reads no X-Forwarded-* headers (the app decides: DJANGO_SECURE_PROXY_SSL_HEADER,
# DJANGO_TRUSTED_PROXY_COUNT).
forwarded_allow_ips = ""
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
# Who, when, what, status, size, and the time taken in milliseconds.
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms'
errorlog = "-"
# gunicorn 27's control socket (gunicornc) lives at one path per user ($XDG_RUNTIME_DIR or ~/.gunicorn): two servers
# on one host would take each other's. Off unless GUNICORN_CONTROL_SOCKET names a path for this one.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")


def post_worker_init(worker):
    """Open the search index and load jieba now, so the worker's first search is not the slow one."""
    try:
        from django.db import connections

        from search.query import search

        try:
            search("藏牌")
        finally:
            connections.close_all()
    except Exception:  # noqa: BLE001 (a cold worker still serves; the query path heals or answers 503)
        worker.log.exception("search warm-up failed")
