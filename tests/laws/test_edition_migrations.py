"""An upgrade keeps every row (issue 28): a database at the migrations before the editions (clubs 0005, laws 0001)
gets Club.default_edition and Definition.change with their defaults, and loses nothing. A scratch SQLite database
in a subprocess, so the session's test database is never migrated backwards."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def manage(db: Path, *args: str) -> None:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}", "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]


def test_upgrade_keeps_clubs_and_definitions(tmp_path):
    db = tmp_path / "old.sqlite3"
    manage(db, "migrate", "clubs", "0005", "--verbosity", "0")
    manage(db, "migrate", "laws", "0001", "--verbosity", "0")
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO rulings_club (name, last_ruling_number, created_at) VALUES ('老俱乐部', 7, '2026-01-01')"
        )
        conn.execute(
            "INSERT INTO laws_edition (code, name, name_en, preface, revision) VALUES ('ccba-1999', 'n', 'n', '', 3)"
        )
        conn.execute(
            "INSERT INTO laws_definition (edition_id, term, term_en, text, origin, [order], line) "
            "VALUES (1, '藏牌', 'REVOKE', '释义', 'official', 0, 1)"
        )
    manage(db, "migrate", "--verbosity", "0")
    with sqlite3.connect(db) as conn:
        assert conn.execute(
            "SELECT name, last_ruling_number, default_edition FROM rulings_club"
        ).fetchall() == [("老俱乐部", 7, "")]
        assert conn.execute("SELECT term, text, origin, change FROM laws_definition").fetchall() == [
            ("藏牌", "释义", "official", "")
        ]
        assert conn.execute("SELECT code, revision FROM laws_edition").fetchall() == [("ccba-1999", 3)]
