"""`restore [ARCHIVE] [--yes]`: check an archive of `backup`, then put its database in place of this one."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ops.backups import BackupError, archive_check, archives, backup_restore


class Command(BaseCommand):
    help = (
        "Restore the database from a `backup` archive (default: the newest in var/backups). The archive is "
        "checked first; overwriting a database that holds data needs --yes (make restore CONFIRM=1)."
    )

    def add_arguments(self, parser):
        parser.add_argument("archive", nargs="?", type=Path, default=None)
        parser.add_argument("--yes", action="store_true", help="overwrite the current database")
        parser.add_argument(
            "--unsigned",
            action="store_true",
            help="also take an archive made before archives were signed (version 1): only one you know",
        )
        parser.add_argument(
            "--dir", type=Path, default=None, help="the folder of archives (default var/backups)"
        )

    def handle(self, *args, archive: Path | None, yes: bool, unsigned: bool, dir: Path | None, **options):
        if archive is None:
            found = archives(dir)
            if not found:
                raise CommandError(f"no backup found in {dir or 'var/backups'}: name the archive to restore")
            archive = found[-1]
        try:
            checked = archive_check(archive, unsigned=unsigned)
            self.stdout.write(
                f"archive {checked.path} checked: {checked.manifest['engine']}, made {checked.manifest['created_at']}"
            )
            safety = backup_restore(checked, confirmed=yes)
        except BackupError as exc:
            raise CommandError(f"{exc}; nothing restored") from None
        if safety is not None:
            self.stdout.write(f"the database it replaced was backed up first: {safety.path}")
        self.stdout.write(
            "database restored. Rebuild the search index if needed (manage.py build_search_index --if-needed) "
            "and restart the server."
        )
