"""`make backup` / `make restore` / `make clean` / `make clean-db` (security review M6): a consistent online copy
and the log's JSON, checked before a restore, never overwritten without --yes, and the log never deleted without a
backup. SQLite in a temporary folder (subprocesses run manage.py against it); PostgreSQL when the tests run on it."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from ops.backups import (
    BackupError,
    archive_check,
    archives,
    backup_create,
    backup_restore,
    database_settings,
    manifest_signature,
)

pytestmark = pytest.mark.log

ROOT = Path(__file__).resolve().parents[2]
SQLITE = settings.DATABASES["default"]["ENGINE"].endswith("sqlite3")
sqlite_only = pytest.mark.skipif(not SQLITE, reason="an SQLite file in a temporary folder")
postgres_only = pytest.mark.skipif(SQLITE, reason="PostgreSQL's pg_dump/pg_restore")


def count(db: Path, table: str) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


@pytest.fixture
def sqlite_copy(tmp_path, django_db_setup):
    """A consistent copy of the session's test database (law corpus loaded, migrated) in tmp_path/var."""
    var = tmp_path / "var"
    var.mkdir()
    db = var / "db.sqlite3"
    # Its own read-only connection: the test's connection may hold a write transaction, and SQLite's backup
    # from a connection that is writing waits forever.
    source = sqlite3.connect(f"file:{connection.settings_dict['NAME']}?mode=ro", uri=True)
    with sqlite3.connect(db) as target:
        source.backup(target)
    source.close()
    return db


def manage(var: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{var / 'db.sqlite3'}",
        "APP_VAR_DIR": str(var),
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=180,
    )


# ------------------------------------------------------------------------------------------------ SQLite


@sqlite_only
@pytest.mark.django_db
def test_backup_writes_the_database_and_the_log_and_checks(tmp_path):
    archive = backup_create(root=tmp_path / "backups")
    names = sorted(p.name for p in archive.path.iterdir())
    assert names == ["db.sqlite3", "log.json", "manifest.json"]
    manifest = json.loads((archive.path / "manifest.json").read_text())
    assert manifest["engine"] == "sqlite" and manifest["database"] == "db.sqlite3"
    assert set(manifest["files"]) == {"db.sqlite3", "log.json"}
    assert json.loads((archive.path / "log.json").read_text())["format"] == "caipan-log"
    assert count(archive.path / "db.sqlite3", "laws_section") > 400
    assert archive_check(archive.path).manifest == manifest
    assert archives(tmp_path / "backups") == [archive.path]


@sqlite_only
def test_the_copy_is_consistent_while_a_writer_is_halfway(sqlite_copy, tmp_path):
    """A transaction in progress is not in the copy (a file copy would catch whatever pages were written)."""
    writer = sqlite3.connect(sqlite_copy, isolation_level=None)
    before = count(sqlite_copy, "laws_section")
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("DELETE FROM laws_reference")
    writer.execute("DELETE FROM laws_section WHERE level > 0")
    try:
        archive = backup_create(
            root=tmp_path / "backups", db={**database_settings(), "NAME": str(sqlite_copy)}, with_log=False
        )
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert count(archive.path / "db.sqlite3", "laws_section") == before
    with sqlite3.connect(archive.path / "db.sqlite3") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@sqlite_only
def test_a_damaged_archive_is_refused_before_anything_is_restored(sqlite_copy, tmp_path):
    db = {**database_settings(), "NAME": str(sqlite_copy)}
    archive = backup_create(root=tmp_path / "backups", db=db, with_log=False)
    data = bytearray((archive.path / "db.sqlite3").read_bytes())
    data[5000] ^= 0xFF
    (archive.path / "db.sqlite3").write_bytes(bytes(data))
    with pytest.raises(BackupError, match="does not match its checksum"):
        archive_check(archive.path)
    (archive.path / "manifest.json").write_text("{")
    with pytest.raises(BackupError, match="unreadable"):
        archive_check(archive.path)
    with pytest.raises(BackupError, match="not a backup"):
        archive_check(tmp_path)


# ------------------------------------------------------------------------------------------------ N4


def _sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def _rewrite(archive_path: Path, change, *, sign: bool) -> None:
    manifest = json.loads((archive_path / "manifest.json").read_text())
    change(manifest)
    if sign:  # what only the server's key can do: the checks after the signature must hold on their own
        manifest["signature"] = manifest_signature(manifest)
    (archive_path / "manifest.json").write_text(json.dumps(manifest))


@sqlite_only
def test_an_edited_archive_with_recomputed_checksums_is_refused(sqlite_copy, tmp_path):
    """The review's t6: a trainee made superuser in the archived database, the manifest's SHA-256 rewritten."""
    db = {**database_settings(), "NAME": str(sqlite_copy)}
    archive = backup_create(root=tmp_path / "backups", db=db, with_log=False)
    copy = archive.path / "db.sqlite3"
    with sqlite3.connect(copy) as conn:
        conn.execute("CREATE TABLE planted (x)")
    conn.close()

    def checksums(manifest):
        manifest["files"]["db.sqlite3"] = {"bytes": copy.stat().st_size, "sha256": _sha256(copy)}

    _rewrite(archive.path, checksums, sign=False)
    with pytest.raises(BackupError, match="signature does not match"):
        archive_check(archive.path)
    _rewrite(archive.path, lambda m: m.pop("signature"), sign=False)
    with pytest.raises(BackupError, match="signature does not match"):
        archive_check(archive.path)


@sqlite_only
def test_an_archive_signed_with_another_key_is_refused(sqlite_copy, tmp_path):
    from django.test import override_settings

    db = {**database_settings(), "NAME": str(sqlite_copy)}
    archive = backup_create(root=tmp_path / "backups", db=db, with_log=False)
    assert archive_check(archive.path).manifest["signature"]
    with override_settings(SECRET_KEY="another-server-" + "k" * 40):
        with pytest.raises(BackupError, match="another SECRET_KEY"):
            archive_check(archive.path)


@sqlite_only
@pytest.mark.parametrize(
    ("change", "message"),
    [
        # The review's t7: a database outside the archive.
        (lambda m: m.update(database="../outside.sqlite3"), "no database file of the archive"),
        (
            lambda m: m["files"].update({"../outside.sqlite3": m["files"]["db.sqlite3"]}),
            "not a file name inside the archive",
        ),
        (lambda m: m["files"].update({"/etc/passwd": {"bytes": 1, "sha256": "0"}}), "not a file name"),
        # The review's t8: a files entry that is not an object (a TypeError traceback).
        (lambda m: m["files"].update({"db.sqlite3": "x"}), "malformed entry for db.sqlite3"),
        (lambda m: m.update(files=["db.sqlite3"]), "malformed"),
        (lambda m: m.update(engine="oracle"), "unknown engine"),
    ],
)
def test_a_manifest_naming_paths_outside_the_archive_or_malformed_is_refused(
    sqlite_copy, tmp_path, change, message
):
    db = {**database_settings(), "NAME": str(sqlite_copy)}
    archive = backup_create(root=tmp_path / "backups", db=db, with_log=False)
    shutil.copy(archive.path / "db.sqlite3", tmp_path / "backups" / "outside.sqlite3")
    _rewrite(archive.path, change, sign=True)
    with pytest.raises(BackupError, match=message):
        archive_check(archive.path)


@sqlite_only
def test_a_database_file_that_is_a_symlink_is_refused(sqlite_copy, tmp_path):
    db = {**database_settings(), "NAME": str(sqlite_copy)}
    archive = backup_create(root=tmp_path / "backups", db=db, with_log=False)
    outside = tmp_path / "outside.sqlite3"
    (archive.path / "db.sqlite3").rename(outside)
    (archive.path / "db.sqlite3").symlink_to(outside)
    with pytest.raises(BackupError, match="not a plain file"):
        archive_check(archive.path)


@sqlite_only
def test_an_unsigned_archive_of_the_previous_version_needs_unsigned(sqlite_copy, tmp_path):
    db = {**database_settings(), "NAME": str(sqlite_copy)}
    archive = backup_create(root=tmp_path / "backups", db=db, with_log=False)

    def version_1(manifest):
        manifest["version"] = 1
        manifest.pop("signature")

    _rewrite(archive.path, version_1, sign=False)
    with pytest.raises(BackupError, match="--unsigned"):
        archive_check(archive.path)
    assert archive_check(archive.path, unsigned=True).manifest["version"] == 1
    done = manage(sqlite_copy.parent, "restore", str(archive.path), "--yes")
    assert done.returncode != 0 and "--unsigned" in done.stderr
    done = manage(sqlite_copy.parent, "restore", str(archive.path), "--yes", "--unsigned")
    assert done.returncode == 0, done.stderr


@sqlite_only
def test_make_backup_and_restore_refuse_without_yes_then_restore(sqlite_copy):
    var = sqlite_copy.parent
    done = manage(var, "backup")
    assert done.returncode == 0, done.stderr
    assert "backup written: " in done.stdout
    sections = count(sqlite_copy, "laws_section")

    with sqlite3.connect(sqlite_copy) as conn:  # the day something went wrong
        conn.execute("DELETE FROM laws_reference")
        conn.execute("DELETE FROM laws_section WHERE level > 0")
    lost = count(sqlite_copy, "laws_section")
    assert lost < sections

    refused = manage(var, "restore")
    assert refused.returncode == 1
    assert (
        "holds data" in refused.stderr and "--yes" in refused.stderr and "nothing restored" in refused.stderr
    )
    assert count(sqlite_copy, "laws_section") == lost

    done = manage(var, "restore", "--yes")
    assert done.returncode == 0, done.stderr
    assert "checked" in done.stdout and "backed up first" in done.stdout
    assert count(sqlite_copy, "laws_section") == sections
    assert len(archives(var / "backups")) == 2  # the archive, and the database it replaced


@sqlite_only
def test_restore_into_a_missing_database_needs_no_yes(sqlite_copy):
    var = sqlite_copy.parent
    assert manage(var, "backup").returncode == 0
    sections = count(sqlite_copy, "laws_section")
    sqlite_copy.unlink()
    done = manage(var, "restore")
    assert done.returncode == 0, done.stderr
    assert count(sqlite_copy, "laws_section") == sections


def test_make_clean_removes_derived_data_only(tmp_path):
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "var" / "index" / "gen-1").mkdir(parents=True)
    (tmp_path / "var" / "static").mkdir()
    (tmp_path / "var" / "static" / "app.css").write_text("x")
    (tmp_path / "var" / "db.sqlite3").write_text("the ruling log")
    (tmp_path / "var" / "backups").mkdir()
    done = subprocess.run(["make", "-s", "clean"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "var").iterdir()) == ["backups", "db.sqlite3"]


@sqlite_only
def test_clean_db_backs_up_first_and_asks(sqlite_copy):
    var = sqlite_copy.parent
    kept = manage(var, "clean_db", stdin="n\n")
    assert kept.returncode == 1 and "not deleted" in kept.stderr
    assert sqlite_copy.exists() and len(archives(var / "backups")) == 1

    done = manage(var, "clean_db", "--yes")
    assert done.returncode == 0, done.stderr
    assert not sqlite_copy.exists()
    (latest,) = archives(var / "backups")[-1:]
    assert archive_check(latest).manifest["log"] is not None
    assert len(archives(var / "backups")) == 2


# ------------------------------------------------------------------------------------------------ PostgreSQL


@postgres_only
@pytest.mark.django_db
def test_postgresql_dump_checks_and_restores_into_a_scratch_database(tmp_path):
    import psycopg

    archive = backup_create(root=tmp_path / "backups")
    assert archive.manifest["engine"] == "postgresql" and (archive.path / "db.dump").stat().st_size > 0
    archive_check(archive.path)
    db = database_settings()
    base = dict(host=db["HOST"], port=db["PORT"], user=db["USER"], password=db["PASSWORD"] or None)
    name = "caipan_restore_test"
    with psycopg.connect(dbname="postgres", autocommit=True, **base) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        target = {**db, "NAME": name}
        backup_restore(archive, confirmed=False, db=target)  # empty: no --yes needed
        with psycopg.connect(dbname=name, **base) as conn:
            sections = conn.execute("SELECT count(*) FROM laws_section").fetchone()[0]
        assert sections > 400
        with pytest.raises(BackupError, match="holds data"):
            backup_restore(archive, confirmed=False, db=target)
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **base) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
