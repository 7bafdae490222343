"""Backups of the whole database and their restore (security review M6): `make backup` / `make restore`.

An archive is a folder ``var/backups/<UTC timestamp>/`` holding

* the database: ``db.sqlite3``, a consistent online copy made with SQLite's backup API (``sqlite3.Connection
  .backup``: committed pages only, while the server keeps serving — not a file copy, which can catch a write
  halfway), or ``db.dump``, PostgreSQL's custom format (``pg_dump -Fc``);
* ``log.json``, the club rulings log as ``export_log`` writes it (clubs.backup), portable across engines;
* ``manifest.json``: format, time, engine, each file's size and SHA-256, the log's counts, and its ``signature``:
  an HMAC-SHA256 of the rest, keyed with the server's SECRET_KEY (security review N4).

The folder is written under a temporary name and renamed when complete, so a listed archive is a whole one.
:func:`archive_check` verifies an archive before anything is restored: the manifest's signature first (an archive
edited and re-checksummed, or made by a server with another key, is refused), then its shape — file names are
plain names inside the archive (no ``/``, no ``..``, no symbolic links), the database one of ``db.sqlite3`` and
``db.dump`` — then the checksums, SQLite ``integrity_check`` and the migrations table, or ``pg_restore --list``.
An archive made before signing (version 1) is restored only when asked (``restore --unsigned``). Restoring over a database that holds tables needs ``confirmed``; over
SQLite, the current database is backed up first.
"""

from __future__ import annotations

import datetime
import glob
import hashlib
import hmac
import json
import os
import re
import shutil
import sqlite3
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connections
from django.utils.crypto import salted_hmac

FORMAT = "caipan-backup"
VERSION = 2  # 2: the manifest is signed (security review N4); 1: unsigned, restored only with --unsigned
UNSIGNED_VERSION = 1
SIGNATURE = "signature"
_SALT = "caipan.backup.manifest"
# A file an archive may hold: a plain name (no folder, no "..", not hidden).
_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*")

MANIFEST = "manifest.json"
LOG = "log.json"
SQLITE_FILE = "db.sqlite3"
PG_FILE = "db.dump"
DATABASE_FILES = {"sqlite": SQLITE_FILE, "postgresql": PG_FILE}


class BackupError(Exception):
    """A backup or restore that cannot go ahead; the message says why and what to do."""


@dataclass(frozen=True)
class Archive:
    path: Path
    manifest: dict


def backups_root() -> Path:
    return Path(settings.VAR_DIR) / "backups"


def database_settings(alias: str = "default") -> dict:
    return connections[alias].settings_dict


def engine_of(db: dict) -> str:
    engine = db["ENGINE"]
    if engine.endswith("sqlite3"):
        return "sqlite"
    if "postgresql" in engine:
        return "postgresql"
    raise BackupError(f"no backup for the database engine {engine}")


# ------------------------------------------------------------------------------------------------ tools


def pg_tool(name: str) -> str:
    """pg_dump / pg_restore: on PATH, else the newest /usr/lib/postgresql/*/bin (a newer one reads older servers)."""
    found = shutil.which(name)
    if found:
        return found
    candidates = glob.glob(f"/usr/lib/postgresql/*/bin/{name}")
    if not candidates:
        raise BackupError(
            f"{name} not found (install the PostgreSQL client: apt-get install postgresql-client)"
        )
    return max(candidates, key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)


def _pg_args(db: dict) -> tuple[list[str], dict]:
    args = []
    if db.get("HOST"):
        args += ["-h", str(db["HOST"])]
    if db.get("PORT"):
        args += ["-p", str(db["PORT"])]
    if db.get("USER"):
        args += ["-U", str(db["USER"])]
    env = {**os.environ}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    return args, env


def _run(command: list[str], env: dict) -> None:
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {done.stderr.strip()[-2000:]}")


# ------------------------------------------------------------------------------------------------ helpers


def manifest_signature(manifest: dict) -> str:
    """HMAC-SHA256 of the manifest without its signature (canonical JSON), keyed with SECRET_KEY."""
    body = {key: value for key, value in manifest.items() if key != SIGNATURE}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return salted_hmac(_SALT, text, algorithm="sha256").hexdigest()


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def sqlite_has_tables(path: Path) -> bool:
    if not path.exists() or path.stat().st_size == 0:
        return False
    try:
        with _sqlite_ro(path) as conn:
            return conn.execute("SELECT count(*) FROM sqlite_master WHERE type='table'").fetchone()[0] > 0
    except sqlite3.DatabaseError:
        return True  # something is there (maybe damaged): treat it as data worth keeping


class _sqlite_ro:
    """A read-only connection that never creates the file (closed on exit, unlike sqlite3's own context)."""

    def __init__(self, path: Path):
        self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)

    def __enter__(self) -> sqlite3.Connection:
        return self.conn

    def __exit__(self, *exc) -> None:
        self.conn.close()


def database_has_tables(db: dict | None = None) -> bool:
    db = db or database_settings()
    if engine_of(db) == "sqlite":
        return sqlite_has_tables(Path(db["NAME"]))
    import psycopg

    given = {"host": db.get("HOST") or None, "port": db.get("PORT") or None, "user": db.get("USER") or None}
    params: dict[str, Any] = {k: v for k, v in given.items() if v}
    if db.get("PASSWORD"):
        params["password"] = db["PASSWORD"]
    with psycopg.connect(dbname=db["NAME"], **params) as conn:
        row = conn.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
        ).fetchone()
    return bool(row and row[0])


# ------------------------------------------------------------------------------------------------ backup


def backup_create(*, root: Path | None = None, db: dict | None = None, with_log: bool = True) -> Archive:
    """A new archive of the database (and the log's JSON) under ``root`` (var/backups). Raises BackupError."""
    db = db or database_settings()
    engine = engine_of(db)
    root = root or backups_root()
    root.mkdir(parents=True, exist_ok=True)
    now = datetime.datetime.now(datetime.UTC)
    name = now.strftime("%Y%m%dT%H%M%SZ")
    if (root / name).exists():
        name = now.strftime("%Y%m%dT%H%M%S.%fZ")
    tmp = root / f".tmp-{name}-{uuid.uuid4().hex[:8]}"
    tmp.mkdir()
    try:
        if engine == "sqlite":
            source = Path(db["NAME"])
            if not sqlite_has_tables(source):
                raise BackupError(f"no database to back up at {source}")
            database_file = SQLITE_FILE
            with _sqlite_ro(source) as src:
                dst = sqlite3.connect(tmp / SQLITE_FILE)
                try:
                    src.backup(dst)  # SQLite's online backup: a consistent snapshot of committed data
                finally:
                    dst.close()
        else:
            database_file = PG_FILE
            args, env = _pg_args(db)
            _run([pg_tool("pg_dump"), "-Fc", "--no-owner", *args, "-f", str(tmp / PG_FILE), db["NAME"]], env)
        log = None
        if with_log:
            log = _export_log(tmp / LOG)
        files = {
            path.name: {"bytes": path.stat().st_size, "sha256": _sha256(path)}
            for path in sorted(tmp.iterdir())
        }
        manifest = {
            "format": FORMAT,
            "version": VERSION,
            "created_at": now.isoformat(),
            "engine": engine,
            "database": database_file,
            "files": files,
            "log": log,
        }
        manifest[SIGNATURE] = manifest_signature(manifest)
        (tmp / MANIFEST).write_text(
            json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        os.replace(tmp, root / name)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Archive(root / name, manifest)


def _export_log(path: Path) -> dict | None:
    """The log's JSON beside the dump; None when the database holds no log yet (not migrated)."""
    from clubs.backup import log_export
    from ops.health import database_status

    if not database_status()["migrated"]:
        path.with_name("log.skipped").write_text("the database is not migrated: no log to export\n")
        return None
    with path.open("w", encoding="utf-8") as out:
        report = log_export(out)
    return {"clubs": len(report.clubs), "records": report.records, "revisions": report.revisions}


# ------------------------------------------------------------------------------------------------ check


def archives(root: Path | None = None) -> list[Path]:
    """The complete archives under ``root``, oldest first."""
    root = root or backups_root()
    if not root.is_dir():
        return []
    return sorted(
        p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".") and (p / MANIFEST).exists()
    )


def _read_manifest(manifest_path: Path, path: Path) -> dict:
    if not manifest_path.is_file() or manifest_path.is_symlink():
        raise BackupError(f"{path}: not a backup (no {MANIFEST})")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BackupError(f"{manifest_path}: unreadable ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError(f"{manifest_path}: not a {FORMAT} manifest")
    return manifest


def _check_signature(manifest: dict, manifest_path: Path, unsigned: bool) -> None:
    """A signed manifest (the current version) must carry this server's signature; an unsigned one (version 1)
    is taken only when asked for."""
    version = manifest.get("version")
    if version == UNSIGNED_VERSION and not unsigned:
        raise BackupError(
            f"{manifest_path}: made before archives were signed (version 1), so it cannot be told from an edited "
            "one: restore it with --unsigned only if you know where it has been"
        )
    if version not in (VERSION, UNSIGNED_VERSION):
        raise BackupError(f"{manifest_path}: version {version!r}, this version reads {VERSION}")
    if version == VERSION:
        signature = manifest.get(SIGNATURE)
        if not isinstance(signature, str) or not hmac.compare_digest(signature, manifest_signature(manifest)):
            raise BackupError(
                f"{manifest_path}: the signature does not match: the archive was changed after it was made, or "
                "made by a server with another SECRET_KEY"
            )


def _check_files(manifest: dict, manifest_path: Path, path: Path) -> dict:
    """Every file the manifest lists: a plain file inside the archive, of its size and sha256."""
    files = manifest.get("files")
    if not isinstance(files, dict) or not files:
        raise BackupError(f"{manifest_path}: malformed (files must name each file with its bytes and sha256)")
    for name, expected in files.items():
        if not _FILE_NAME.fullmatch(name):
            raise BackupError(f"{manifest_path}: {name!r} is not a file name inside the archive")
        if (
            not isinstance(expected, dict)
            or not isinstance(expected.get("bytes"), int)
            or not isinstance(expected.get("sha256"), str)
        ):
            raise BackupError(f"{manifest_path}: malformed entry for {name} (needs bytes and sha256)")
        file = path / name
        if file.is_symlink() or not file.is_file():
            raise BackupError(f"{path}: {name} is missing (or not a plain file)")
        if file.stat().st_size != expected["bytes"] or _sha256(file) != expected["sha256"]:
            raise BackupError(f"{path}: {name} does not match its checksum (damaged or changed)")
    return files


def _check_sqlite(database: Path) -> None:
    """The SQLite file opens read-only, passes its integrity check and holds Django's tables."""
    try:
        with _sqlite_ro(database) as conn:
            result = conn.execute("PRAGMA integrity_check").fetchone()[0]
            has_migrations = conn.execute(
                "SELECT count(*) FROM sqlite_master WHERE name='django_migrations'"
            ).fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{database}: not a readable SQLite database ({exc})") from None
    if result != "ok":
        raise BackupError(f"{database}: integrity check failed: {result}")
    if not has_migrations:
        raise BackupError(f"{database}: holds no Django tables")


def archive_check(path: Path, *, unsigned: bool = False) -> Archive:
    """Verify an archive before it is used. Raises BackupError naming what is wrong. ``unsigned``: also take an
    archive made before archives were signed (version 1), its shape and checksums still checked."""
    manifest_path = path / MANIFEST
    manifest = _read_manifest(manifest_path, path)
    _check_signature(manifest, manifest_path, unsigned)
    files = _check_files(manifest, manifest_path, path)
    engine = manifest.get("engine")
    if engine not in DATABASE_FILES:
        raise BackupError(f"{manifest_path}: unknown engine {engine!r}")
    if manifest.get("database") != DATABASE_FILES[engine] or manifest.get("database") not in files:
        raise BackupError(f"{path}: the manifest names no database file of the archive")
    database = path / DATABASE_FILES[engine]
    if manifest.get("engine") == "sqlite":
        _check_sqlite(database)
    else:
        _run([pg_tool("pg_restore"), "--list", str(database)], dict(os.environ))
    return Archive(path, manifest)


# ------------------------------------------------------------------------------------------------ restore


def backup_restore(archive: Archive, *, confirmed: bool, db: dict | None = None) -> Archive | None:
    """Replace the database with the archive's (checked with :func:`archive_check` first). Returns the backup
    made of the current SQLite database before it was overwritten, if any. Raises BackupError."""
    db = db or database_settings()
    engine = engine_of(db)
    if archive.manifest["engine"] != engine:
        raise BackupError(
            f"the archive is a {archive.manifest['engine']} database and this one is {engine}: restore the log "
            f"instead with `manage.py import_log {archive.path / LOG}` into a migrated, empty database"
        )
    has_data = database_has_tables(db)
    if has_data and not confirmed:
        raise BackupError(
            f"the database {db['NAME']} holds data: restoring {archive.path.name} overwrites it. "
            "Pass --yes (make restore CONFIRM=1) to go ahead"
        )
    database = archive.path / DATABASE_FILES[engine]  # never a name the manifest makes up (archive_check)
    own = db.get("NAME") == database_settings().get("NAME")  # this process's own database: let go of it
    if own:
        connections.close_all()
    safety = None
    if engine == "sqlite":
        target = Path(db["NAME"])
        if has_data:
            safety = backup_create(db=db, with_log=False)
        target.parent.mkdir(parents=True, exist_ok=True)
        with _sqlite_ro(database) as src:
            dst = sqlite3.connect(target)
            try:
                src.backup(dst)  # page by page under SQLite's locks: readers never see half a database
            finally:
                dst.close()
    else:
        args, env = _pg_args(db)
        _run(
            [
                pg_tool("pg_restore"),
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                *args,
                "-d",
                db["NAME"],
                str(database),
            ],
            env,
        )
    if own:
        connections.close_all()
    return safety
