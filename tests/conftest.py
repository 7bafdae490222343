"""Shared test state: the law corpus loaded once per run into the test database, and a real HTTP server."""

import json
import threading
import urllib.error
import urllib.request

import pytest
from django.core.management import call_command


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language (Chinese): a request in English activates English for the
    thread, and Django leaves it active after the response, so a later test's messages would come out in English."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(scope="session")
def django_db_setup(django_test_environment, django_db_blocker):
    """The test database, always (also for a run whose only tests talk to the live server, which pytest-django's
    own fixture would leave on var/db.sqlite3), with the law corpus loaded once."""
    from django.test.utils import setup_databases, teardown_databases

    with django_db_blocker.unblock():
        config = setup_databases(verbosity=0, interactive=False, aliases={"default"})
        call_command("load_corpus", "--quiet")
    yield
    with django_db_blocker.unblock():
        teardown_databases(config, verbosity=0)


@pytest.fixture(scope="session")
def server_url(django_db_setup, django_db_blocker):
    """A real HTTP server (Django's threaded WSGI server) on a free loopback port."""
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
    from django.core.wsgi import get_wsgi_application

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    django_db_blocker.unblock()
    httpd = ThreadedWSGIServer(("127.0.0.1", 0), QuietHandler, allow_reuse_address=False)
    httpd.set_app(get_wsgi_application())
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    django_db_blocker.restore()


class HttpResult:
    def __init__(self, status: int, body: bytes, headers):
        self.status = status
        self.body = body
        self.headers = headers

    def json(self):
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


@pytest.fixture
def http(server_url):
    """http(method, path, json=None, headers=None) → HttpResult, over real HTTP."""

    def call(
        method: str, path: str, payload=None, raw: bytes | None = None, headers: dict | None = None
    ) -> HttpResult:
        data = raw if raw is not None else (json.dumps(payload).encode() if payload is not None else None)
        request = urllib.request.Request(server_url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return HttpResult(response.status, response.read(), response.headers)
        except urllib.error.HTTPError as error:
            return HttpResult(error.code, error.read(), error.headers)

    return call


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: the law page's fragments are keyed by the edition's revision, which
    starts again at each test's fresh database."""
    from django.core.cache import cache

    cache.clear()
    yield
