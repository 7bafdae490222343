"""A database created before the club log left the rulings app migrates forward with every row intact.

The database is a real one in a subprocess (SQLite in a temporary folder; a scratch PostgreSQL database when
DATABASE_URL points at PostgreSQL, as in CI's ``-m log`` run): built on the old migrations, filled the way the old
code wrote, migrated to the current head, and compared table by table.
"""

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.log

ROOT = Path(__file__).resolve().parents[2]


def run(phase: str, url: str) -> dict:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.clubs.upgrade_db", phase],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture
def scratch_url(tmp_path):
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'old.sqlite3'}"
        return
    import psycopg

    name = f"caipan_upgrade_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield base.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_an_old_database_keeps_every_row(scratch_url):
    old = run("old", scratch_url)["dump"]
    assert len(old["rulings_rulingrevision"]) == 4 and len(old["practice_card"]) == 1  # the fill really ran
    new = run("new", scratch_url)

    after = new["dump"]
    for table, rows in old.items():
        if table in ("django_content_type", "auth_permission", "authtoken_token"):
            continue
        # Every row and every old column as it was; columns added since (the texts' stored HTML) come after.
        assert len(after[table]) == len(rows), table
        assert [row[: len(old_row)] for row, old_row in zip(after[table], rows, strict=True)] == rows, table
    # The data migration rendered the texts there were (clubs 0003): stored, escaped where they held HTML.
    record = after["rulings_rulingrecord"][0]
    assert "<p>北家叫了 1♣ <strong>不足</strong>。</p>" in record
    assert "<p>备注 加粗</p>" in record
    # Permissions and admin history keep their content type: the row moved app, its id did not.
    types_before = {row[0]: row for row in old["django_content_type"]}
    types_after = {row[0]: row for row in after["django_content_type"]}
    for pk, (_, app_label, model) in types_before.items():
        expected = {"rulingrecord": "clubs", "loginfailure": "accounts"}.get(model, app_label)
        assert types_after[pk] == [pk, expected, model]
    assert all(row in after["auth_permission"] for row in old["auth_permission"])

    check = new["check"]
    assert check["record"] == ["春季双人赛", 5, "appealed", "upheld", ["27B2", "23"]]
    assert check["revisions"] == ["created", "updated", "finalised", "appeal_lodged", "appeal_decided"]
    assert check["appeals"] == 1 and check["login_failures"] == 1
    assert check["new_number"] == 3  # the club's counter carried on
    assert check["counted_on_upgrade"] == {"drift": [], "total": 2}  # the records there were counted once
    assert check["counted_after"] == {"drift": [], "total": 3}
    assert check["content_types"] == [["accounts", "loginfailure"], ["clubs", "rulingrecord"]]
    # L7: the plaintext API token became a hashed one (accounts 0003): gone from authtoken, its key still works.
    assert len(old["authtoken_token"]) == 1 and after["authtoken_token"] == []
    assert check["old_token_works"] is True
