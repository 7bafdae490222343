"""`build_search_index`: build the whoosh index from the database (a fresh generation, switched atomically).

`--if-needed` builds only when the index is missing, of another format, not of the database's revision of the
law base, or unreadable. Run it once per server before the app server starts (not per worker), e.g.

    python manage.py build_search_index --if-needed && gunicorn config.wsgi ...

Several processes may run it at once: they take turns on the host's build lock and all but the first find the
index up to date. A running server keeps itself fresh afterwards (search.generation).
"""

from django.core.management.base import BaseCommand

from search.generation import build_if_needed
from search.index import search_index_build


class Command(BaseCommand):
    help = (
        "Build the search index from the law base into settings.SEARCH_INDEX_DIR. Safe to rerun; with --if-needed "
        "only when it is missing, stale or unreadable (run it before starting the app server)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true")
        parser.add_argument(
            "--if-needed",
            action="store_true",
            help="build only when the index is missing, of another format, behind the database or unreadable",
        )

    def handle(self, *args, quiet: bool = False, if_needed: bool = False, **options):
        if if_needed:
            report, reason = build_if_needed()
            if not quiet:
                self.stdout.write(f"{report.summary()} ({reason})" if report else f"search index {reason}")
            return
        report = search_index_build()
        if not quiet:
            self.stdout.write(report.summary())
