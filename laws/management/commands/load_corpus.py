"""`load_corpus`: the official Definitions and Laws 1–8 and the summaries of Laws 9–93, in one batch (safe to rerun)."""

from django.core.management.base import BaseCommand, CommandError

from laws.services import ImportRefused, corpus_load_default
from laws.text import ParseError


class Command(BaseCommand):
    help = "Load the law corpus in fixtures/ (official Definitions and Laws 1–8, summaries, glossary). Safe to rerun."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true")

    def handle(self, *args, quiet: bool = False, **options):
        try:
            reports = corpus_load_default()
        except (ParseError, ImportRefused) as exc:
            raise CommandError(str(exc)) from exc
        if not quiet:
            for report in reports:
                self.stdout.write(report.summary())
        if reports:
            self.stdout.write(
                f"corpus loaded: {len(reports)} files, {reports[-1].pending} references pending"
            )
