"""`build_search_index`: rebuild the whoosh index from the database (a fresh generation, switched atomically)."""

from django.core.management.base import BaseCommand

from search.index import search_index_build


class Command(BaseCommand):
    help = "Build the search index from the law base into settings.SEARCH_INDEX_DIR. Safe to rerun."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true")

    def handle(self, *args, quiet: bool = False, **options):
        report = search_index_build()
        if not quiet:
            self.stdout.write(report.summary())
