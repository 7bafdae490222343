"""A missing, empty or unmigrated database answers 503 with what to do (not 500 "no such table"), JSON under /api/;
/healthz reports the database and the search index. The broken databases are real ones, in a subprocess."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from ops.health import database_status

ROOT = Path(__file__).resolve().parents[2]
MESSAGE = "数据库尚未建立或未迁移：请运行 make setup（或 manage.py migrate）/ 恢复备份"

sqlite_only = pytest.mark.skipif(
    not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"), reason="replaces an SQLite file"
)


def probe(phase: str, db: Path, index_dir: Path) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "PROBE_INDEX_DIR": str(index_dir),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.ops.db_probe", phase],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def assert_not_ready(answers: dict) -> None:
    page = answers["/laws/27/"]
    assert page["status"] == 503 and page["type"].startswith("text/html")
    assert MESSAGE in page["body"] and "no such table" not in page["body"]
    api = answers["/api/laws/"]
    assert api["status"] == 503 and api["body"] == {"error": MESSAGE, "field": None}
    health = answers["/healthz"]
    assert health["status"] == 503 and health["body"]["ok"] is False
    assert health["body"]["database"]["ok"] is False and health["body"]["database"]["migrated"] is False
    assert health["body"]["database"]["error"]


@sqlite_only
def test_a_missing_database_file_answers_503_with_what_to_run(tmp_path):
    answers = probe("plain", tmp_path / "db.sqlite3", tmp_path / "index")["before"]
    assert_not_ready(answers)
    assert "no tables" in answers["/healthz"]["body"]["database"]["error"]


@sqlite_only
def test_an_unmigrated_database_answers_503(tmp_path):
    db = tmp_path / "db.sqlite3"
    with sqlite3.connect(db) as conn:  # a database someone began to migrate and stopped
        conn.execute(
            "CREATE TABLE django_migrations (id integer primary key, app varchar, name varchar, applied datetime)"
        )
        conn.execute(
            "INSERT INTO django_migrations (app, name, applied) VALUES ('contenttypes', '0001_initial', '')"
        )
    answers = probe("plain", db, tmp_path / "index")["before"]
    assert_not_ready(answers)
    assert "unapplied migration(s)" in answers["/healthz"]["body"]["database"]["error"]


@sqlite_only
def test_a_database_replaced_under_a_running_process_answers_503(tmp_path, search_index):
    """A working database (a consistent copy of the test database), then its file replaced by an empty one."""
    db = tmp_path / "db.sqlite3"
    # Its own read-only connection: the test's connection may hold a write transaction, and SQLite's backup
    # from a connection that is writing waits forever.
    source = sqlite3.connect(f"file:{connection.settings_dict['NAME']}?mode=ro", uri=True)
    with sqlite3.connect(db) as target:
        source.backup(target)
    source.close()
    result = probe("replace", db, Path(settings.SEARCH_INDEX_DIR))
    before = result["before"]
    assert before["/laws/27/"]["status"] == 200 and before["/api/laws/"]["status"] == 200
    assert before["/healthz"]["status"] == 200, before["/healthz"]["body"]
    assert before["/healthz"]["body"]["ok"] is True
    assert_not_ready(result["after"])
    assert result["after"]["/api/imps/?diff=450"]["status"] == 503  # one clear answer, not a mix


@pytest.mark.django_db
def test_healthz_reports_database_and_index(client, search_index):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert body["database"] == {"ok": True, "migrated": True, "error": None}
    assert body["index"]["ok"] is True and body["index"]["documents"] > 500
    assert response["Cache-Control"] == "no-store"
    assert not response.cookies
    assert "Set-Cookie" not in response


@pytest.mark.django_db
def test_healthz_is_cheap(client, search_index, django_assert_max_num_queries):
    client.get("/healthz")
    with django_assert_max_num_queries(2):
        assert client.get("/healthz").status_code == 200


@pytest.mark.django_db
def test_healthz_without_an_index_is_503(client, settings, tmp_path):
    from search import generation

    settings.SEARCH_INDEX_DIR = tmp_path / "none"
    generation.forget_generation()
    try:
        response = client.get("/healthz")
    finally:
        generation.forget_generation()
    assert response.status_code == 503
    assert response.json()["ok"] is False and response.json()["database"]["ok"] is True
    assert response.json()["index"]["ok"] is False


@pytest.mark.django_db
def test_database_status_of_the_test_database():
    assert database_status() == {"ok": True, "migrated": True, "error": None}
