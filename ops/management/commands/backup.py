"""`backup [--dir DIR]`: a consistent copy of the database and the log's JSON in var/backups/<timestamp>/."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ops.backups import BackupError, backup_create


class Command(BaseCommand):
    help = (
        "Back up the database (SQLite: an online consistent copy; PostgreSQL: pg_dump -Fc) and the club log's "
        "JSON export into var/backups/<timestamp>/ (make backup)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--dir", type=Path, default=None, help="the folder of archives (default var/backups)"
        )

    def handle(self, *args, dir: Path | None, **options):
        try:
            archive = backup_create(root=dir)
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        log = archive.manifest["log"]
        counts = (
            f"{log['clubs']} clubs, {log['records']} records" if log else "no log (database not migrated)"
        )
        size = sum(f["bytes"] for f in archive.manifest["files"].values())
        self.stdout.write(
            f"backup written: {archive.path} ({archive.manifest['engine']}, {counts}, {size:,} bytes)"
        )
