"""`import_log FILE`: restore an `export_log` file into this database, all or nothing (clubs.backup)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from clubs.backup import LogFileError, log_import, log_read


class Command(BaseCommand):
    help = (
        "Restore clubs, memberships, records with their revisions, comments and appeals from an `export_log` file, "
        "in one transaction. A club whose name exists is refused; users are matched by username and missing ones "
        "created inactive without a password."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)

    def handle(self, *args, file: Path, **options):
        try:
            with file.open("rb") as stream:
                data = log_read(stream)
            report = log_import(data)
        except OSError as exc:
            raise CommandError(str(exc)) from exc
        except LogFileError as exc:
            raise CommandError(f"{file}: {exc}; nothing written") from None
        self.stdout.write(f"imported {report.summary()}")
