"""`load_corpus`: the base edition (the official Definitions and Laws 1–8 and the summaries of Laws 9–93) and every
further edition under fixtures/editions/ (fixtures/editions/README.md), in one batch (safe to rerun).

An edition whose fixtures (and the loader's code) are unchanged since it was loaded into this database, with
nothing imported into it since, is skipped (laws/corpus_stamp.py): a second `make run` starts in seconds, and the
search index is rebuilt only when an edition was loaded. ``--force`` loads every edition regardless."""

from django.core.management.base import BaseCommand, CommandError

from laws import changes, corpus_stamp
from laws.models import Section
from laws.services import ImportRefused, corpus_codes, corpus_load_default
from laws.text import ParseError


class Command(BaseCommand):
    help = "Load the law corpus in fixtures/ (official Definitions and Laws 1–8, summaries, glossary). Safe to rerun."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true")
        parser.add_argument("--edition", default=None, help="load only this edition (default: all)")
        parser.add_argument(
            "--force", action="store_true", help="load even the editions whose fixtures are unchanged"
        )

    def handle(self, *args, quiet: bool = False, edition: str | None = None, force: bool = False, **options):
        codes = [edition] if edition else corpus_codes()
        stamps = corpus_stamp.read_stamps()
        todo = codes if force else [code for code in codes if not corpus_stamp.unchanged(code, stamps)]
        for code in codes:
            if code not in todo:
                self.stdout.write(f"{code}: unchanged since it was loaded, skipped")
        if not todo:
            return
        try:
            reports = corpus_load_default(edition_codes=todo)
        except (ParseError, ImportRefused, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        corpus_stamp.record(todo)
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
