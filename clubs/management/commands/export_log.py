"""`export_log [--club ID] [-o FILE]`: the club rulings log as JSON that `import_log` restores (clubs.backup)."""

import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from clubs.backup import log_export
from clubs.models import Club


class Command(BaseCommand):
    help = (
        "Write every club's ruling log (or one club's) as JSON: clubs, memberships, records, revisions, comments, "
        "appeals and sign-offs. `import_log` restores it."
    )

    def add_arguments(self, parser):
        parser.add_argument("--club", type=int, default=None, help="only this club (its id)")
        parser.add_argument(
            "-o", "--output", type=Path, default=None, help="a file (default: standard output)"
        )

    def handle(self, *args, club: int | None, output: Path | None, **options):
        if output is None:
            report = self._export(self.stdout._out, club)  # the stream itself: no line endings added
        else:
            # Written beside the target and renamed into place: a failed export never leaves half a file.
            tmp = output.with_name(f".{output.name}.tmp")
            try:
                with tmp.open("w", encoding="utf-8") as out:
                    report = self._export(out, club)
                    out.flush()
                    os.fsync(out.fileno())
                os.replace(tmp, output)
            except OSError as exc:
                tmp.unlink(missing_ok=True)
                raise CommandError(str(exc)) from exc
            except BaseException:
                tmp.unlink(missing_ok=True)
                raise
        self.stderr.write(f"exported {report.summary()}")

    def _export(self, out, club: int | None):
        try:
            return log_export(out, club_id=club)
        except Club.DoesNotExist:
            raise CommandError(f"no club with id {club}") from None
