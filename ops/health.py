"""`/healthz` and the missing-database guard (security review: "DB missing").

* :func:`database_status` — ``{"ok", "migrated", "error"}`` from one query (the applied migrations) against the
  migration graph, read from disk once per process.
* :class:`DatabaseRequiredMiddleware` — instead of letting every page answer 500 "no such table": a view's
  database error makes it check the database (two small queries); while the database is missing or not migrated,
  pages answer 503 with 「数据库尚未建立或未迁移…」 and ``/api/`` answers 503 ``{"error", "field"}``, looking again
  at most every RECHECK_SECONDS. A working database costs nothing per request. ``/healthz`` and static files are
  let through.
* :func:`healthz` — JSON ``{"ok", "database", "index"}``; 200 when all is well, 503 otherwise; no session, no
  cookies, ``Cache-Control: no-store``; no counts, so it stays cheap.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpResponse, JsonResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

RECHECK_SECONDS = 2.0  # while the database is not ready, how often a request looks again

_graph_nodes: frozenset[tuple[str, str]] | None = None
_graph_lock = threading.Lock()


def _expected_migrations() -> frozenset[tuple[str, str]]:
    """Every migration of the code (read from disk once per process)."""
    global _graph_nodes
    with _graph_lock:
        if _graph_nodes is None:
            _graph_nodes = frozenset(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)
        return _graph_nodes


def database_status() -> dict:
    """``ok`` (reachable and migrated), ``migrated``, ``error`` (why not, else None). Two small queries."""
    try:
        applied = set(MigrationRecorder(connection).applied_migrations())  # {} when there is no such table
    except DatabaseError as exc:
        return {"ok": False, "migrated": False, "error": f"{type(exc).__name__}: {exc}"}
    if not applied:
        return {"ok": False, "migrated": False, "error": "no tables: the database has not been set up"}
    missing = sorted(_expected_migrations() - applied)
    if missing:
        names = ", ".join(f"{app}.{name}" for app, name in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        return {
            "ok": False,
            "migrated": False,
            "error": f"{len(missing)} unapplied migration(s): {names}{more}",
        }
    return {"ok": True, "migrated": True, "error": None}


def not_ready_message() -> str:
    return _("数据库尚未建立或未迁移：请运行 make setup（或 manage.py migrate）/ 恢复备份")


class DatabaseRequiredMiddleware:
    """503 with a clear message while the database is missing or unmigrated (see the module's docstring)."""

    PASS_THROUGH = ("/healthz", "/static/")

    def __init__(self, get_response):
        self.get_response = get_response
        self._ready = True  # until a database error says otherwise
        self._checked_at = float("-inf")
        self._status: dict | None = None
        self._lock = threading.Lock()

    def _check(self) -> bool:
        with self._lock:
            if self._ready:
                return True
            now = time.monotonic()
            if now - self._checked_at >= RECHECK_SECONDS:
                self._checked_at = now
                self._status = database_status()
                self._ready = self._status["ok"]
                if not self._ready:
                    logger.error("database not ready: %s", self._status["error"])
            return self._ready

    def __call__(self, request):
        if self._ready or request.path.startswith(self.PASS_THROUGH):
            return self.get_response(request)
        if not self._check():
            return self._not_ready(request)
        return self.get_response(request)

    def process_exception(self, request, exception):
        """A database error in a view: look again (the file may have been deleted or replaced under us)."""
        if not isinstance(exception, DatabaseError):
            return None
        with self._lock:
            self._ready = False
            self._checked_at = float("-inf")
        if self._check():
            return None  # the database is fine: an ordinary error, handled as usual
        return self._not_ready(request)

    def _not_ready(self, request):
        message = not_ready_message()
        if request.path.startswith("/api/"):
            response = JsonResponse({"error": message, "field": None}, status=503)
        else:
            lang = escape(getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE))
            response = HttpResponse(
                f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>503</title>'
                f"<h1>{escape(_('服务暂不可用'))}</h1><p>{escape(message)}</p></html>",
                status=503,
                content_type="text/html; charset=utf-8",
            )
        response["Retry-After"] = "30"
        response["Cache-Control"] = "no-store"
        return response


def healthz(request):
    from search.generation import index_status

    database = database_status()
    try:
        index = index_status()
    except Exception as exc:  # noqa: BLE001 (a health check reports, it does not fail)
        index = {"ok": False, "generation": None, "documents": None, "error": f"{type(exc).__name__}: {exc}"}
    ok = bool(database["ok"] and index.get("ok"))
    response = JsonResponse({"ok": ok, "database": database, "index": index}, status=200 if ok else 503)
    response["Cache-Control"] = "no-store"
    return response
