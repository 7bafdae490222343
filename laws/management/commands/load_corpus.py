"""`load_corpus`: the base edition (the official Definitions and Laws 1–8 and the summaries of Laws 9–93) and every
further edition under fixtures/editions/ (fixtures/editions/README.md), in one batch (safe to rerun)."""

from django.core.management.base import BaseCommand, CommandError

from laws import changes
from laws.models import Section
from laws.services import ImportRefused, corpus_load_default
from laws.text import ParseError


class Command(BaseCommand):
    help = "Load the law corpus in fixtures/ (official Definitions and Laws 1–8, summaries, glossary). Safe to rerun."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true")
        parser.add_argument("--edition", default=None, help="load only this edition (default: all)")

    def handle(self, *args, quiet: bool = False, edition: str | None = None, **options):
        try:
            reports = corpus_load_default(edition_code=edition)
        except (ParseError, ImportRefused, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        for problem in _changes_problems():
            self.stderr.write(f"warning: {problem}")
        if not quiet:
            for report in reports:
                self.stdout.write(report.summary())
        if reports:
            self.stdout.write(
                f"corpus loaded: {len(reports)} files, {reports[-1].pending} references pending"
            )


def _changes_problems() -> list[str]:
    """changes.yaml of each further edition held against the laws loaded (fixtures/editions/README.md §4)."""
    by_edition: dict[str, dict[int, set[str]]] = {}
    for code, law, ref in Section.objects.values_list("edition__code", "law__number", "ref"):
        by_edition.setdefault(code, {}).setdefault(law, set()).add(ref)
    base = by_edition.get("ccba-1999", {})
    problems = []
    for code, refs in sorted(by_edition.items()):
        if code != "ccba-1999":
            problems += [f"{code}: {p}" for p in changes.check(code, refs, base)]
    return problems
