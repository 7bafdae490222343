"""`import_laws FILE --source official|summary [--edition CODE]`: load a law text into an edition (the default
one unless --edition names another: ccba-1999 or wbf-2017), held against that edition's outline (thin over
laws.services). A glossary file (--glossary) may be in the rulebook layout or the table layout of
fixtures/editions/README.md.

The whole file is checked before anything is written (security review M3): a file with no law, one that would
remove sections or lacks sections the outline lists, or one that would replace official text is refused with the
reasons; `--allow-removals` and `--replace-official` say that is meant, `--dry-run` prints what would change."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from laws import editions as edition_table
from laws.models import Source
from laws.services import ImportRefused, corpus_import
from laws.text import ParseError


class Command(BaseCommand):
    help = "Import one file in the rulebook's plain-text layout (fixtures/laws/FORMAT.md). Safe to rerun."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--source", choices=Source.values, required=True)
        parser.add_argument("--glossary", action="store_true", help="every line is a definition")
        parser.add_argument(
            "--edition",
            default=None,
            help=f"the edition to load into ({', '.join(edition_table.KNOWN)}; default: the site default)",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="print what would change (laws, sections) and write nothing",
        )
        parser.add_argument(
            "--allow-removals",
            action="store_true",
            help="accept a law that loses sections the database holds or lacks sections the outline lists",
        )
        parser.add_argument(
            "--replace-official",
            action="store_true",
            help="accept replacing the official text (preface, Definitions, laws held as official)",
        )

    def handle(
        self,
        *args,
        file: Path,
        source: str,
        glossary: bool,
        edition: str | None,
        dry_run: bool,
        allow_removals: bool,
        replace_official: bool,
        **options,
    ):
        if edition is not None and edition not in edition_table.KNOWN:
            raise CommandError(
                f"--edition {edition!r}: unknown edition (one of {', '.join(edition_table.KNOWN)}). Nothing written."
            )
        try:
            text = file.read_bytes().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CommandError(
                f"{file}: not UTF-8 text (byte {exc.start}: {exc.reason}); save the file as UTF-8 and retry. "
                "Nothing written."
            ) from None
        except OSError as exc:
            raise CommandError(str(exc)) from exc
        try:
            report = corpus_import(
                text=text,
                source=source,
                file_name=file.name,
                edition_code=edition,
                glossary=glossary,
                dry_run=dry_run,
                allow_removals=allow_removals,
                replace_official=replace_official,
            )
        except ParseError as exc:
            raise CommandError(f"{file}: {exc}") from exc
        except ImportRefused as exc:
            raise CommandError(str(exc)) from None
        for warning in report.warnings:
            self.stderr.write(f"warning: {warning}")
        if dry_run:
            self.stdout.write(f"{file.name}: dry run, nothing written")
            for line in report.plan.lines():
                self.stdout.write(f"  {line}")
            return
        self.stdout.write(report.summary())
