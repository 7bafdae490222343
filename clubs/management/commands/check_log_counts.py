"""`check_log_counts [--repair]`: the log's kept counts (clubs.counts) against the records; --repair recounts."""

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from clubs import counts


class Command(BaseCommand):
    help = (
        "Compare the ruling log's kept counts (the statistics' and the list totals' source, kept by database "
        "triggers) with the records; exit 1 when they differ. --repair puts the triggers back and counts again."
    )

    def add_arguments(self, parser):
        parser.add_argument("--repair", action="store_true", help="recount from the records when they differ")

    def handle(self, *args, repair: bool, **options):
        wrong = counts.drift(connection)
        if not wrong:
            self.stdout.write("log counts: right")
            return
        for club, irregularity, status, director, month, kept, counted in wrong[:20]:
            self.stdout.write(
                f"club {club} {month} {irregularity} {status} director {director}: kept {kept}, records {counted}"
            )
        if not repair:
            raise CommandError(f"log counts: {len(wrong)} keys differ (check_log_counts --repair recounts)")
        with transaction.atomic():
            counts.install(connection)
        self.stdout.write(f"log counts: {len(wrong)} keys recounted")
