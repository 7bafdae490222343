"""A 300,000-record club's CSV through `make serve`, every row compared with the database (issue 32, item 3: "a
300,000-record export completes through gunicorn").

`make test-scale` runs it (SCALE_TESTS=1, ``-m scale``); `make test` and CI skip it: it takes minutes, more the first
time, when the club is generated. The club is the log bench's (bench/bench_log.py ``--build``: 300 records written
through the services, the rest bulk copies of their shapes, one revision each), kept in ``var/bench`` keyed by the
clubs migrations as the bench keeps it, and copied into a scratch folder; `make serve` then runs on that copy as in
production (config.settings.prod, its `check --deploy`, migrate, the law corpus, collectstatic, the search index,
the offline bundle, gunicorn with config/gunicorn.conf.py: gthread workers, the default 30 s timeout). The client
reads the whole response with http.client, which raises IncompleteRead when a chunked stream ends before its last,
empty chunk: the CSV carries no end marker of its own, so that chunk is what tells a whole file from a cut one.

SCALE_EXPORT_RECORDS changes the size (default 300000); SCALE_EXPORT_WORKERS the worker count (default 2).
"""

import csv
import http.client
import importlib.util
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT, real_secret, run_python, server_env

RECORDS = int(os.environ.get("SCALE_EXPORT_RECORDS", "300000"))
WORKERS = os.environ.get("SCALE_EXPORT_WORKERS", "2")
TIMEOUT = os.environ.get("GUNICORN_TIMEOUT") or "30"  # config/gunicorn.conf.py's default

pytestmark = [
    pytest.mark.scale,
    pytest.mark.skipif(
        not os.environ.get("SCALE_TESTS"), reason="a scale test: make test-scale (SCALE_TESTS=1)"
    ),
]

SESSION = """
import django
django.setup()
from importlib import import_module
from django.conf import settings
from django.contrib.auth import get_user_model, SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY
from clubs.models import Club
user = get_user_model().objects.get(username="director1")
session = import_module(settings.SESSION_ENGINE).SessionStore()
session[SESSION_KEY] = str(user.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = user.get_session_auth_hash()
session.create()
print(Club.objects.get(name="基准俱乐部").pk, session.session_key)
"""


def bench_log():
    spec = importlib.util.spec_from_file_location("bench_log", ROOT / "bench" / "bench_log.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def generated_club(size: int) -> tuple[Path, float]:
    """The bench's SQLite file of ``size`` records (generated unless kept) and the seconds its generation took."""
    bench = bench_log()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "bench/bench_log.py", "--build", str(size)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    path = bench.BENCH_DIR / f"log-{size}-{bench.schema_key()}.sqlite3"
    assert path.exists(), result.stdout
    return path, time.monotonic() - started


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, server: subprocess.Popen, log: Path, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert server.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, (
                f"make serve not up in {seconds} s:\n{log.read_text()[-3000:]}"
            )
            time.sleep(0.5)


def download(port: int, path: str, cookie: str, out: Path) -> http.client.HTTPResponse:
    """GET ``path`` into ``out``; http.client raises IncompleteRead if the chunked body stops before its end."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", path, headers={"Cookie": f"sessionid={cookie}"})
    response = conn.getresponse()
    with out.open("wb") as file:
        while chunk := response.read(1 << 20):
            file.write(chunk)
    conn.close()
    return response


def expected_rows(db: Path, club_id: int) -> dict[int, dict[str, str]]:
    """Each record of the club as the CSV must show it, read with plain SQL (not through the app's code)."""
    from clubs.exports import csv_text

    people = {}
    conn = sqlite3.connect(db)
    for pk, username, first, last in conn.execute(
        "SELECT id, username, first_name, last_name FROM auth_user"
    ):
        people[pk] = f"{first} {last}".strip() or username
    rows = {}
    query = (
        'SELECT number, date, event, session, board, "table", director_id, laws, statement, notes, version '
        "FROM rulings_rulingrecord WHERE club_id = ?"
    )
    for number, date, event, session, board, table, director, laws, statement, notes, version in conn.execute(
        query, [club_id]
    ):
        values = {
            "number": number,
            "date": date,
            "event": event,
            "session": session,
            "board": board,
            "table": table,
            "director": people.get(director, ""),
            "laws": " ".join(json.loads(laws or "[]")),
            "statement": statement,
            "notes": notes,
            "version": version,
        }
        rows[number] = {key: str(csv_text(value)) for key, value in values.items()}
    conn.close()
    return rows


def test_a_300k_record_club_exports_whole_through_make_serve(tmp_path):
    from clubs.exports import COLUMNS, END_MARK

    began = time.monotonic()
    source, generation = generated_club(RECORDS)
    db = tmp_path / "db.sqlite3"
    shutil.copyfile(source, db)
    port = free_port()
    env = server_env(
        tmp_path,
        DJANGO_SECRET_KEY=real_secret(),
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS=WORKERS,
        GUNICORN_ACCESS_LOG="",
    )
    venv = Path(sys.executable).parent.parent
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        # -o: the venv counts as installed (the test must not reinstall the pins); its own session, so the
        # whole group (make, gunicorn and its workers) is stopped at the end.
        server = subprocess.Popen(
            ["make", "--no-print-directory", "-o", f"{venv}/.installed", "serve", f"VENV={venv}"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        serve_started = time.monotonic()
        wait_for(port, server, log, 900)
        serve_up = time.monotonic() - serve_started
        session = run_python(SESSION, {**env, "DJANGO_SETTINGS_MODULE": "config.settings.prod"})
        assert session.returncode == 0, session.stderr
        club_id, cookie = session.stdout.split()[-2:]
        csv_file = tmp_path / "export.csv"
        started = time.monotonic()
        response = download(port, f"/clubs/{club_id}/rulings/export.csv", cookie, csv_file)
        took = time.monotonic() - started
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
    served = log.read_text()
    assert response.status == 200, served[-3000:]
    assert (
        response.getheader("Transfer-Encoding") == "chunked" and response.getheader("Content-Length") is None
    )
    assert "Using worker: gthread" in served and "WORKER TIMEOUT" not in served, served[-3000:]

    compare_started = time.monotonic()
    expected = expected_rows(db, int(club_id))
    assert len(expected) == RECORDS
    index = {key: position for position, (key, _label) in enumerate(COLUMNS)}
    keys = list(next(iter(expected.values())))
    seen: set[int] = set()
    ended = False
    with csv_file.open(encoding="utf-8-sig", newline="") as file:
        reader = csv.reader(file)
        header = next(reader)
        assert header == [str(label) for _key, label in COLUMNS]
        for row in reader:
            if row[0] == END_MARK:  # the end mark, last, naming every row above it (issue 32)
                assert row[2] == str(RECORDS) and next(reader, None) is None, row
                ended = True
                break
            assert len(row) == len(COLUMNS), row
            number = int(row[index["number"]])
            assert number not in seen, f"record {number} twice"
            seen.add(number)
            got = {key: row[index[key]] for key in keys}
            assert got == expected[number], number
    assert ended, "no end mark"
    assert seen == set(expected), f"{len(set(expected) - seen)} records missing"
    assert csv_file.read_bytes()[-2:] == b"\r\n"  # the last row is whole
    size = csv_file.stat().st_size
    print(
        f"\nscale: {RECORDS} rows compared ({len(keys)} fields each), CSV {size / 1e6:.1f} MB in {took:.1f} s "
        f"through gunicorn (gthread, {WORKERS} workers, timeout {TIMEOUT} s); club generated/kept in {generation:.0f} s, "
        f"make serve up in {serve_up:.0f} s, compared in {time.monotonic() - compare_started:.0f} s, "
        f"test {time.monotonic() - began:.0f} s"
    )
