"""The ruling log's counts, kept by the database (issue 20): statistics and list totals that stay flat as the log grows.

``clubs_rulingcount`` (:class:`clubs.models.RulingCount`) holds, for each club, month, irregularity, status and
director, how many records there are. Triggers on the records table keep it in step with every insert, delete and
change of those columns, whoever writes (the services, an import, the admin, a bulk load, raw SQL), so the counts
cannot drift from the records behind Django's back. A month with no record has no row.

The statistics and the list's total read these rows instead of counting records: a few thousand rows for a
club at most (months × irregularities × statuses × directors), however many records it has.

SQLite drops a table's triggers when Django rebuilds the table (some ``AlterField``/``AddField`` do), so
:func:`ensure` runs after every ``migrate`` (clubs.apps) and puts them back, recounting if they were gone.
PostgreSQL keeps them.
"""

from __future__ import annotations

RECORD_TABLE = "rulings_rulingrecord"
COUNT_TABLE = "clubs_rulingcount"
# The columns a count is kept by, as the records table names them (the count table's month is the date's month).
KEYS = ("club_id", "irregularity", "status", "director_id")
_CONFLICT = "club_id, month, irregularity, status, director_id"

_SQLITE_MONTH = "date({}.date, 'start of month')"
_PG_MONTH = "date_trunc('month', {}.date)::date"


def _add(row: str, month: str) -> str:
    values = ", ".join(f"{row}.{key}" for key in KEYS)
    return (
        f"INSERT INTO {COUNT_TABLE} (club_id, irregularity, status, director_id, month, n) "
        f"VALUES ({values}, {month.format(row)}, 1) "
        f"ON CONFLICT ({_CONFLICT}) DO UPDATE SET n = {COUNT_TABLE}.n + 1;"
    )


def _remove(row: str, month: str) -> str:
    where = " AND ".join(f"{key} = {row}.{key}" for key in KEYS) + f" AND month = {month.format(row)}"
    return (
        f"UPDATE {COUNT_TABLE} SET n = n - 1 WHERE {where}; "
        f"DELETE FROM {COUNT_TABLE} WHERE {where} AND n <= 0;"
    )


_CHANGED = " OR ".join(f"old.{key} IS NOT new.{key}" for key in (*KEYS, "date"))

SQLITE_TRIGGERS = {
    "clubs_ruling_count_ai": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_count_ai AFTER INSERT ON {RECORD_TABLE} BEGIN
            {_add("new", _SQLITE_MONTH)}
        END""",
    "clubs_ruling_count_ad": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_count_ad AFTER DELETE ON {RECORD_TABLE} BEGIN
            {_remove("old", _SQLITE_MONTH)}
        END""",
    # Django's save() writes every column: only a change of a counted one moves a count.
    "clubs_ruling_count_au": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_count_au
        AFTER UPDATE OF {", ".join((*KEYS, "date"))} ON {RECORD_TABLE} WHEN {_CHANGED} BEGIN
            {_remove("old", _SQLITE_MONTH)}
            {_add("new", _SQLITE_MONTH)}
        END""",
}

PG_FUNCTION = "clubs_ruling_count"
PG_TRIGGER = "clubs_ruling_count"
_PG_CHANGED = " OR ".join(f"OLD.{key} IS DISTINCT FROM NEW.{key}" for key in (*KEYS, "date"))
PG_INSTALL = f"""
CREATE OR REPLACE FUNCTION {PG_FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NOT ({_PG_CHANGED}) THEN
        RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        {_remove("OLD", _PG_MONTH)}
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        {_add("NEW", _PG_MONTH)}
    END IF;
    RETURN NULL;
END
$$;
DROP TRIGGER IF EXISTS {PG_TRIGGER} ON {RECORD_TABLE};
CREATE TRIGGER {PG_TRIGGER} AFTER INSERT OR DELETE OR UPDATE OF {", ".join((*KEYS, "date"))}
    ON {RECORD_TABLE} FOR EACH ROW EXECUTE FUNCTION {PG_FUNCTION}();
"""


def _month(connection) -> str:
    return (_PG_MONTH if connection.vendor == "postgresql" else _SQLITE_MONTH).format(RECORD_TABLE)


def recount(connection) -> None:
    """Count every record again (the migration's first fill, and after SQLite lost the triggers)."""
    month = _month(connection)
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {COUNT_TABLE}")
        cursor.execute(
            f"INSERT INTO {COUNT_TABLE} (club_id, irregularity, status, director_id, month, n) "
            f"SELECT {', '.join(KEYS)}, {month}, COUNT(*) FROM {RECORD_TABLE} "
            f"GROUP BY {', '.join(KEYS)}, {month}"
        )


def install(connection) -> None:
    """Create the triggers and count what is there. Safe to rerun."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(PG_INSTALL)
        recount(connection)
    elif connection.vendor == "sqlite":
        _sqlite_triggers(connection)
        recount(connection)


def uninstall(connection) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"DROP TRIGGER IF EXISTS {PG_TRIGGER} ON {RECORD_TABLE}")
            cursor.execute(f"DROP FUNCTION IF EXISTS {PG_FUNCTION}()")
        elif connection.vendor == "sqlite":
            for name in SQLITE_TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")


def _sqlite_triggers(connection) -> None:
    with connection.cursor() as cursor:
        for sql in SQLITE_TRIGGERS.values():
            cursor.execute(sql)


def ensure(connection) -> bool:
    """SQLite: the triggers exist (and, if they had to be put back, the counts are recounted). True if they were
    missing. PostgreSQL keeps its triggers through table changes: nothing to do."""
    if connection.vendor != "sqlite":
        return False
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (%s, %s)",
            [RECORD_TABLE, COUNT_TABLE],
        )
        if len(cursor.fetchall()) < 2:
            return False  # the clubs migrations have not run yet
        marks = ", ".join(["%s"] * len(SQLITE_TRIGGERS))
        cursor.execute(
            f"SELECT name FROM sqlite_master WHERE type = 'trigger' AND name IN ({marks})", [*SQLITE_TRIGGERS]
        )
        if {row[0] for row in cursor.fetchall()} == set(SQLITE_TRIGGERS):
            return False
    _sqlite_triggers(connection)
    recount(connection)
    return True


def drift(connection) -> list[tuple]:
    """The (club, irregularity, status, director, month) keys whose kept count differs from the records, with both
    counts: empty when the counts are right (the tests, and ``check_log_counts``)."""
    month = _month(connection)
    keys = ", ".join(KEYS)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {keys}, {month} AS month, COUNT(*) FROM {RECORD_TABLE} GROUP BY {keys}, {month}"
        )
        counted = {tuple(str(v) for v in row[:-1]): row[-1] for row in cursor.fetchall()}
        cursor.execute(f"SELECT {keys}, month, n FROM {COUNT_TABLE}")
        kept = {tuple(str(v) for v in row[:-1]): row[-1] for row in cursor.fetchall()}
    return sorted(
        (*key, kept.get(key, 0), counted.get(key, 0))
        for key in counted.keys() | kept.keys()
        if kept.get(key, 0) != counted.get(key, 0)
    )
