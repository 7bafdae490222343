"""`import_laws FILE --source official|summary`: load a law text into the default edition (thin over laws.services)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from laws.models import Source
from laws.services import corpus_import
from laws.text import ParseError


class Command(BaseCommand):
    help = "Import one file in the rulebook's plain-text layout (fixtures/laws/FORMAT.md). Safe to rerun."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--source", choices=Source.values, required=True)
        parser.add_argument("--glossary", action="store_true", help="every line is a definition")
        parser.add_argument("--edition", default=None)

    def handle(self, *args, file: Path, source: str, glossary: bool, edition: str | None, **options):
        try:
            report = corpus_import(
                text=file.read_text(encoding="utf-8"),
                source=source,
                file_name=file.name,
                edition_code=edition,
                glossary=glossary,
            )
        except ParseError as exc:
            raise CommandError(f"{file}: {exc}") from exc
        except OSError as exc:
            raise CommandError(str(exc)) from exc
        for warning in report.warnings:
            self.stderr.write(f"warning: {warning}")
        self.stdout.write(report.summary())
