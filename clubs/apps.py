"""The club rulings log app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("俱乐部裁决记录")

    def ready(self):
        from django.core.signals import request_finished
        from django.db.backends.signals import connection_created
        from django.db.models.signals import post_migrate

        from laws import editions, regulations
        from rulings import recording

        if club_default_edition not in editions.USER_EDITION_SOURCES:
            editions.USER_EDITION_SOURCES.append(club_default_edition)
        if club_regulations not in regulations.USER_REGULATION_SOURCES:
            regulations.USER_REGULATION_SOURCES.append(club_regulations)
        if club_recorder not in recording.RECORDERS:
            recording.RECORDERS.append(club_recorder)
        post_migrate.connect(_fulltext_ensure, sender=self, dispatch_uid="clubs_fulltext_ensure")
        connection_created.connect(_sqlite_limits, dispatch_uid="clubs_sqlite_limits")
        request_finished.connect(_sqlite_optimize, dispatch_uid="clubs_sqlite_optimize")


def club_recorder(user) -> bool:
    """Whether the user may record rulings in one of his clubs: the wizard offers 「记录此裁决」 (issue 26 item 5)."""
    from clubs.models import Capability
    from clubs.permissions import memberships_with

    return bool(memberships_with(user=user, capability=Capability.RECORD))


def club_regulations(user) -> dict | None:
    """The regulations of the first of the user's clubs that set them (issue 28 item 5)."""
    from clubs.models import Club

    return (
        Club.objects.filter(memberships__user=user, regulations__isnull=False)
        .order_by("pk")
        .values_list("regulations", flat=True)
        .first()
    )


def club_default_edition(user) -> str | None:
    """The default edition of the first of the user's clubs that sets one (issue 28)."""
    from clubs.models import Club

    return (
        Club.objects.filter(memberships__user=user)
        .exclude(default_edition="")
        .order_by("pk")
        .values_list("default_edition", flat=True)
        .first()
    )


def _fulltext_ensure(sender, using="default", **kwargs):
    """SQLite drops triggers when a migration rebuilds the records table: put the free-text index and the
    counts' triggers back, and the history's (clubs.history)."""
    from django.db import connections

    from clubs import counts, fulltext, history

    fulltext.ensure(connections[using])
    counts.ensure(connections[using])
    history.ensure(connections[using])


def _sqlite_limits(sender, connection, **kwargs):
    # ANALYZE (run by PRAGMA optimize) samples at most this many rows per index: milliseconds at any size.
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA analysis_limit = 1000")


def _sqlite_optimize(sender, **kwargs):
    """SQLite's advice for long-lived connections: PRAGMA optimize now and then, so the planner's statistics
    (sqlite_stat1) follow the log as it grows (the director filter: 227 ms → 1 ms at 100k records). It analyses
    only the tables this connection used whose size changed a lot since; otherwise it costs microseconds."""
    from django.db import DatabaseError, connections

    for connection in connections.all(initialized_only=True):
        if (
            connection.vendor == "sqlite"
            and connection.connection is not None
            and not connection.in_atomic_block
        ):
            try:
                with connection.cursor() as cursor:
                    cursor.execute("PRAGMA optimize")
            except DatabaseError:  # another writer holds the lock: a later request will do it
                pass
