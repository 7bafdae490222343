"""The ruling history append-only in the database (security review L9), not only in Python.

:class:`clubs.models.AppendOnly` refuses ``save()`` of a written revision and ``delete()`` of one, but a
``QuerySet.update()``, a ``QuerySet.delete()`` or raw SQL went past it (``RulingRevision.objects.update(changes={})``
rewrote the history). Triggers on the revisions table now refuse every UPDATE, and every DELETE of a revision whose
record still exists, on SQLite and PostgreSQL, whoever writes; the database answers IntegrityError.

A revision can go only together with its record: the records are deleted first (their foreign keys are checked at
commit) and then their revisions, in one transaction — :func:`club_log_erase`, for tests and for an operator who
removes a club; the site has no such path (records, revisions, comments and appeals are PROTECTed). Emptying the
whole database (``manage.py flush``, what a TransactionTestCase runs) lifts the triggers for its duration
(clubs/management/commands/flush.py: SQLite's flush deletes table by table in no fixed order; PostgreSQL's is a
TRUNCATE, which row triggers do not see). A restore copies the database file (SQLite) or lets ``pg_restore``
recreate the tables with their triggers after loading the rows.

SQLite drops a table's triggers when Django rebuilds the table (some ``AlterField``/``AddField`` do), so
:func:`ensure` runs after every ``migrate`` (clubs.apps) and puts them back. PostgreSQL keeps them.
"""

from __future__ import annotations

from django.db import transaction

REVISION_TABLE = "rulings_rulingrevision"
RECORD_TABLE = "rulings_rulingrecord"
MESSAGE = "the ruling history is append-only"
MIGRATION = "0008_revision_append_only"  # the migration that installs them

_LIVE_RECORD = f"EXISTS (SELECT 1 FROM {RECORD_TABLE} WHERE id = old.record_id)"

SQLITE_TRIGGERS = {
    "clubs_revision_no_update": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_revision_no_update BEFORE UPDATE ON {REVISION_TABLE} BEGIN
            SELECT RAISE(ABORT, '{MESSAGE}: UPDATE of {REVISION_TABLE} refused');
        END""",
    "clubs_revision_no_delete": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_revision_no_delete BEFORE DELETE ON {REVISION_TABLE}
        WHEN {_LIVE_RECORD} BEGIN
            SELECT RAISE(ABORT, '{MESSAGE}: DELETE of {REVISION_TABLE} refused');
        END""",
}

PG_FUNCTION = "clubs_revision_append_only"
PG_TRIGGER = "clubs_revision_append_only"
PG_INSTALL = f"""
CREATE OR REPLACE FUNCTION {PG_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' AND NOT {_LIVE_RECORD} THEN
        RETURN old;
    END IF;
    RAISE EXCEPTION '{MESSAGE}: % of {REVISION_TABLE} refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
DROP TRIGGER IF EXISTS {PG_TRIGGER} ON {REVISION_TABLE};
CREATE TRIGGER {PG_TRIGGER} BEFORE UPDATE OR DELETE ON {REVISION_TABLE}
    FOR EACH ROW EXECUTE FUNCTION {PG_FUNCTION}();
"""


def install(connection) -> None:
    """Create the triggers. Safe to rerun."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(PG_INSTALL)
        elif connection.vendor == "sqlite":
            for sql in SQLITE_TRIGGERS.values():
                cursor.execute(sql)


def uninstall(connection) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"DROP TRIGGER IF EXISTS {PG_TRIGGER} ON {REVISION_TABLE}")
            cursor.execute(f"DROP FUNCTION IF EXISTS {PG_FUNCTION}()")
        elif connection.vendor == "sqlite":
            for name in SQLITE_TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")


def installed(connection) -> bool:
    """Whether the triggers are there (the migration test, and :func:`ensure`)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT count(*) FROM pg_trigger WHERE tgname = %s AND tgrelid = %s::regclass",
                [PG_TRIGGER, REVISION_TABLE],
            )
            return cursor.fetchone()[0] == 1
        marks = ", ".join(["%s"] * len(SQLITE_TRIGGERS))
        cursor.execute(
            f"SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s AND name IN ({marks})",
            [REVISION_TABLE, *SQLITE_TRIGGERS],
        )
        return {row[0] for row in cursor.fetchall()} == set(SQLITE_TRIGGERS)


def table_exists(connection) -> bool:
    return REVISION_TABLE in connection.introspection.table_names()


def ensure(connection) -> bool:
    """SQLite: the triggers exist (a table rebuild drops them). True if they had to be put back."""
    if connection.vendor != "sqlite":
        return False
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (%s, %s)",
            [RECORD_TABLE, REVISION_TABLE],
        )
        if len(cursor.fetchall()) < 2:
            return False  # the clubs migrations have not run yet
        cursor.execute("SELECT 1 FROM django_migrations WHERE app = 'clubs' AND name = %s", [MIGRATION])
        if cursor.fetchone() is None:
            return False  # migrated back before the triggers: not wanted
    if installed(connection):
        return False
    install(connection)
    return True


def club_log_erase(clubs) -> None:
    """Delete the clubs' whole logs (records, their history, comments and appeals) and then the clubs: the records
    first, their history after, in one transaction — the only order the triggers allow. For tests and an operator
    removing a club; nothing on the site calls it."""
    from clubs.models import Appeal, Club, Membership, ReviewComment, RulingRecord, RulingRevision

    with transaction.atomic():
        records = RulingRecord.objects.filter(club__in=clubs)
        ids = list(records.values_list("pk", flat=True))
        ReviewComment.objects.filter(record_id__in=ids).delete()
        Appeal.objects.filter(record_id__in=ids).delete()
        records._raw_delete(
            records.db
        )  # the PROTECTed history would stop the ORM's delete; FKs checked at commit
        revisions = RulingRevision.objects.filter(record_id__in=ids)
        revisions._raw_delete(revisions.db)
        Membership.objects.filter(club__in=clubs).delete()
        Club.objects.filter(pk__in=[club.pk for club in clubs]).delete()
