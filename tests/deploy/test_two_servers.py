"""Two app servers on one PostgreSQL (issue 18 item 4): what one instance writes, the other serves.

Runs only with ``DEPLOY_PG_URL`` pointing at an empty PostgreSQL database (``.ci/run`` creates one on the server it
starts); skipped otherwise. It migrates, loads the corpus, starts two gunicorn instances (2 workers each, each with
its own search index folder, built by ``build_search_index --if-needed`` before it serves), and then checks that
rulings, sessions, the login limiter and the law base's search are shared through the database. Every wait is
bounded; the servers are killed in a ``finally``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.deploy,
    pytest.mark.skipif(
        not os.environ.get("DEPLOY_PG_URL"), reason="DEPLOY_PG_URL is not set (.ci/run sets it)"
    ),
]

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
GUNICORN = str(ROOT / ".venv" / "bin" / "gunicorn")
PORTS = (int(os.environ.get("DEPLOY_PORT_A", "8842")), int(os.environ.get("DEPLOY_PORT_B", "8843")))
# Seconds for an instance to build its index and answer its first search (jieba, the index): about a minute alone
# on 2 cores, several when the cores are shared.
START_TIMEOUT = int(os.environ.get("DEPLOY_START_TIMEOUT", "600"))
FRESH_TIMEOUT = int(
    os.environ.get("DEPLOY_FRESH_TIMEOUT", "180")
)  # s: the generation check (5 s) + one rebuild
PASSWORD = "two-servers-pass"
# A word no law has: the import below adds it to Law 81's text, and B's search must find it.
MARKER = "双机部署核对语"


def _env(var_dir: Path, index_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST_"))}
    env.update(
        DATABASE_URL=os.environ["DEPLOY_PG_URL"],
        DJANGO_SETTINGS_MODULE=os.environ.get("DEPLOY_SETTINGS", "config.settings.prod"),
        # Production settings refuse a short or placeholder secret and a missing host list; plain HTTP on the
        # loopback has no proxy in front to terminate TLS, so no redirect to https.
        DJANGO_SECRET_KEY="two-servers-test-only-" + "k7Qm2xR9vLp4sT8wZ3nB6yD1fH5jC0gA",
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="0",
        APP_VAR_DIR=str(var_dir),
        SEARCH_INDEX_DIR=str(index_dir),
    )
    return env


def manage(env: dict[str, str], *args: str, timeout: float = 300) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"manage.py {' '.join(args)}: {done.stdout}\n{done.stderr}"
    return done.stdout


@dataclass
class Answer:
    status: int
    body: bytes
    headers: dict[str, list[str]]

    def json(self):
        return json.loads(self.body)


@dataclass
class Instance:
    name: str
    port: int
    env: dict[str, str]
    process: subprocess.Popen | None = None
    log: Path | None = None
    cookies: dict[str, str] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.log = Path(self.env["APP_VAR_DIR"]) / f"{self.name}.log"
        # What an app host does: build its own index once (not per worker), then serve.
        command = (
            f"{PYTHON} manage.py build_search_index --if-needed && exec {GUNICORN} config.wsgi "
            f"-b 127.0.0.1:{self.port} -w 2 --timeout 120"
        )
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                ["sh", "-c", command], cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT
            )

    def wait_ready(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            assert self.process is not None and self.process.poll() is None, self.log_text()
            try:
                if self.request("GET", "/api/search/?q=revoke", timeout=120).status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.5)
        pytest.fail(f"instance {self.name} not ready in {START_TIMEOUT} s:\n{self.log_text()}")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)  # gunicorn's quick shutdown (sh exec'd into it)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=15)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")[-4000:] if self.log and self.log.exists() else ""

    def request(self, method, path, *, body=None, form=None, headers=None, timeout=30) -> Answer:
        """One request (no redirects followed), with this client's cookies sent back by hand: the production
        settings mark them Secure, and this is plain HTTP on the loopback."""
        headers = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        opener = urllib.request.build_opener(_NoRedirect)
        try:
            response = opener.open(request, timeout=timeout)
        except urllib.error.HTTPError as error:
            response = error
        answer = Answer(response.status, response.read(), {})
        for key, value in response.headers.items():
            answer.headers.setdefault(key.lower(), []).append(value)
        for cookie in answer.headers.get("set-cookie", []):
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return answer


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def login(instance: Instance, username: str, password: str) -> Answer:
    page = instance.request("GET", "/accounts/login/")
    assert page.status == 200
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.body).group(1).decode()
    return instance.request(
        "POST",
        "/accounts/login/",
        form={"username": username, "password": password, "csrfmiddlewaretoken": token},
        headers={"Referer": instance.url + "/accounts/login/"},
    )


SETUP = """
from django.contrib.auth import get_user_model
from accounts.tokens import token_issue
from clubs import services
User = get_user_model()
club = services.club_create(name="双机俱乐部")
for name, role in (("two-director", "director"), ("two-chief", "chief_director")):
    user = User.objects.create_user(name, password="{password}")
    services.membership_set(club=club, user=user, role=role)
print(club.pk, token_issue(User.objects.get(username="two-director"))[0])
"""


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    var = tmp_path_factory.mktemp("two-servers")
    setup_env = _env(var, var / "index-setup")
    manage(setup_env, "migrate", "--noinput", "-v0")
    manage(setup_env, "load_corpus", "--quiet")
    # As make serve does: production's static storage serves hashed names from collectstatic's manifest (a page
    # rendered without it is a 500).
    manage(setup_env, "collectstatic", "--noinput", "-v0")
    club_id, token = manage(setup_env, "shell", "-c", SETUP.format(password=PASSWORD)).split()[-2:]
    a = Instance("A", PORTS[0], _env(var, var / "index-a"))
    b = Instance("B", PORTS[1], _env(var, var / "index-b"))
    try:
        started = time.monotonic()
        a.start()
        b.start()
        deadline = started + START_TIMEOUT
        a.wait_ready(deadline)
        b.wait_ready(deadline)
        print(f"\ntwo servers ready in {time.monotonic() - started:.1f} s")
        yield {"a": a, "b": b, "club": int(club_id), "token": token, "var": var}
    finally:
        a.stop()
        b.stop()
        shutil.rmtree(var, ignore_errors=True)


def auth(servers) -> dict[str, str]:
    return {"Authorization": "Token " + servers["token"]}


def test_each_instance_built_its_own_index(servers):
    for name in ("index-a", "index-b"):
        assert (servers["var"] / name / "CURRENT").is_file(), name


def test_a_ruling_written_on_a_is_read_edited_and_found_on_b(servers):
    a, b, club, headers = servers["a"], servers["b"], servers["club"], auth(servers)
    event = "双机核对赛 2026"
    created = a.request(
        "POST",
        f"/api/clubs/{club}/rulings/",
        body={"event": event, "date": "2026-11-28", "board": 3, "irregularity": "revoke", "facts": {}},
        headers=headers,
    )
    assert created.status == 201, created.body
    number = created.json()["number"]
    path = f"/api/clubs/{club}/rulings/{number}/"

    read = b.request("GET", path, headers=headers)
    assert read.status == 200 and read.json()["event"] == event and read.json()["version"] == 1

    edited = b.request("PATCH", path, body={"version": 1, "table": "7"}, headers=headers)
    assert edited.status == 200, edited.body
    assert edited.json()["version"] == 2 and edited.json()["table"] == "7"

    stale = a.request("PATCH", path, body={"version": 1, "table": "9"}, headers=headers)
    assert stale.status == 409 and stale.json()["field"] == "version"
    after = a.request("GET", path, headers=headers).json()
    assert after["version"] == 2 and after["table"] == "7"  # the stale edit wrote nothing
    assert [r["version"] for r in after["revisions"]] == [1, 2]

    found = b.request(
        "GET", f"/api/clubs/{club}/rulings/?q={urllib.parse.quote('双机核对')}", headers=headers
    )
    assert found.status == 200 and [r["number"] for r in found.json()["results"]] == [number]

    search = b.request("GET", "/api/search/?q=" + urllib.parse.quote("藏牌"))
    assert search.status == 200
    assert {r["law"] for r in search.json()["results"][:3]} & {
        61,
        62,
        63,
        64,
    }  # the revoke laws, or 藏牌's entry


def test_a_session_opened_on_a_is_valid_on_b(servers):
    a, b = servers["a"], servers["b"]
    a.cookies, b.cookies = {}, {}
    assert b.request("GET", "/clubs/").status == 302  # signed out: to the sign-in page
    signed_in = login(a, "two-director", PASSWORD)
    assert signed_in.status == 302 and "sessionid" in a.cookies
    b.cookies = {"sessionid": a.cookies["sessionid"]}
    clubs = b.request("GET", "/clubs/")
    assert clubs.status == 200 and "双机俱乐部".encode() in clubs.body


def test_failed_logins_on_a_count_on_b(servers):
    from django.conf import settings

    a, b = servers["a"], servers["b"]
    a.cookies, b.cookies = {}, {}
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        assert login(a, "two-chief", "wrong-password").status == 200
    # The right password, on the other instance: the failures live in PostgreSQL, so B refuses too.
    assert login(b, "two-chief", PASSWORD).status == 429


def marked(results: list[dict]) -> list[dict]:
    """The results whose snippet (matches in <mark>, tags dropped) carries the marker."""
    return [r for r in results if MARKER in re.sub(r"<[^>]+>", "", r["snippet"])]


def test_an_import_on_a_is_served_by_b_within_the_generation_check(servers):
    a, b = servers["a"], servers["b"]
    query = "/api/search/?q=" + urllib.parse.quote(MARKER)
    assert not marked(b.request("GET", query).json()["results"])
    source = (ROOT / "fixtures" / "laws" / "10-director.txt").read_text(encoding="utf-8")
    line = "裁判是主办机构在比赛现场的正式代表。"
    assert line in source
    changed = servers["var"] / "10-director.txt"
    changed.write_text(source.replace(line, line[:-1] + f"（{MARKER}）。", 1), encoding="utf-8")
    manage(a.env, "import_laws", str(changed), "--source", "summary")
    imported = time.monotonic()
    while True:
        answer = b.request("GET", query)
        if answer.status == 200 and marked(answer.json()["results"]):
            break
        assert answer.status in (200, 503), answer.body  # 503 only while B's own rebuild cannot answer yet
        assert time.monotonic() - imported < FRESH_TIMEOUT, f"B still serves the old text:\n{b.log_text()}"
        time.sleep(0.5)
    print(f"\nB served A's import after {time.monotonic() - imported:.1f} s")
    assert [r["ref"] for r in marked(answer.json()["results"])] == ["81A"]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q", "-s"]))
