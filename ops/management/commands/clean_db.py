"""`clean_db [--yes]` (make clean-db): back the SQLite database up, then delete it (asking first unless --yes)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from ops.backups import BackupError, backup_create, database_settings, engine_of, sqlite_has_tables


class Command(BaseCommand):
    help = "Back up the SQLite database into var/backups/, then delete it (asks unless --yes / CONFIRM=1)."

    def add_arguments(self, parser):
        parser.add_argument("--yes", action="store_true", help="do not ask")

    def handle(self, *args, yes: bool, **options):
        db = database_settings()
        if engine_of(db) != "sqlite":
            raise CommandError("clean_db deletes an SQLite file only; drop a PostgreSQL database with dropdb")
        path = Path(db["NAME"])
        if not path.exists():
            self.stdout.write(f"no database at {path}: nothing to delete")
            return
        if sqlite_has_tables(path):
            try:
                archive = backup_create()
            except BackupError as exc:
                raise CommandError(f"{exc}; the database is kept") from None
            self.stdout.write(f"backup written: {archive.path}")
        if not yes:
            answer = input(f"Delete {path}? (a backup is above; make restore brings it back) [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                raise CommandError("not deleted")
        connections.close_all()
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        self.stdout.write(f"deleted {path}")
