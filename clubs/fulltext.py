"""Free-text filtering of the ruling log on an index (issue 20), instead of a scan of every record.

The text a director types (event, session, table, statement, notes) is matched as a substring, case-insensitive:

* PostgreSQL: a ``pg_trgm`` GIN index on the concatenated texts (:data:`PG_EXPRESSION`), used by ``ILIKE``.
* SQLite: an FTS5 table (``tokenize='trigram'``, so Chinese matches without word breaking) whose rowid is the
  record's id, kept in step by triggers; a phrase query of 3 characters or more is answered from it. A shorter
  query (``藏牌``) cannot use a trigram index on either database and falls back to a scan (said so in README).

SQLite drops a table's triggers when Django rebuilds the table (some ``AlterField``/``AddField`` do), so
:func:`ensure` runs after every ``migrate`` (clubs.apps) and puts them back, refilling the FTS table if they were
gone.
"""

from __future__ import annotations

RECORD_TABLE = "rulings_rulingrecord"
FTS_TABLE = "clubs_ruling_fts"
TEXT_COLUMNS = ("event", "session", "table", "statement", "notes")
MIN_INDEXED = 3  # a trigram index finds substrings of three characters or more


def _concat(prefix: str = "") -> str:
    return " || ' ' || ".join(f'{prefix}"{column}"' for column in TEXT_COLUMNS)


# The indexed expression: the query must use exactly this text for PostgreSQL to use the index. ``||`` (not
# concat(), which is only stable) so that the expression may be indexed; the columns are NOT NULL.
PG_EXPRESSION = f"({_concat()})"
PG_INDEX = "ruling_text_trgm_idx"

SQLITE_TRIGGERS = {
    "clubs_ruling_fts_ai": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_fts_ai AFTER INSERT ON {RECORD_TABLE} BEGIN
            INSERT INTO {FTS_TABLE}(rowid, body) VALUES (new.id, {_concat("new.")});
        END""",
    "clubs_ruling_fts_au": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_fts_au
        AFTER UPDATE OF {", ".join(f'"{c}"' for c in TEXT_COLUMNS)} ON {RECORD_TABLE} BEGIN
            UPDATE {FTS_TABLE} SET body = {_concat("new.")} WHERE rowid = new.id;
        END""",
    "clubs_ruling_fts_ad": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_fts_ad AFTER DELETE ON {RECORD_TABLE} BEGIN
            DELETE FROM {FTS_TABLE} WHERE rowid = old.id;
        END""",
}


def install(connection) -> None:
    """Create the index (PostgreSQL) or the FTS table, its triggers and its rows (SQLite). Safe to rerun."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
            cursor.execute(
                f"CREATE INDEX IF NOT EXISTS {PG_INDEX} ON {RECORD_TABLE} "
                f"USING gin ({PG_EXPRESSION} gin_trgm_ops)"
            )
        elif connection.vendor == "sqlite":
            ensure(connection)


def uninstall(connection) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"DROP INDEX IF EXISTS {PG_INDEX}")
        elif connection.vendor == "sqlite":
            for name in SQLITE_TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")


def ensure(connection) -> bool:
    """SQLite: the FTS table and its triggers exist and the table holds every record. True if it had to be
    (re)built. PostgreSQL keeps its expression index through table changes: nothing to do."""
    if connection.vendor != "sqlite":
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = %s", [RECORD_TABLE])
        if cursor.fetchone() is None:
            return False  # the clubs migrations have not run yet
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') AND name IN (%s, %s, %s, %s)",
            [FTS_TABLE, *SQLITE_TRIGGERS],
        )
        present = {row[0] for row in cursor.fetchall()}
        if present == {FTS_TABLE, *SQLITE_TRIGGERS}:
            return False
        cursor.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5(body, tokenize='trigram')")
        for sql in SQLITE_TRIGGERS.values():
            cursor.execute(sql)
        # Triggers were missing, so rows may be too: refill from the records.
        cursor.execute(f"DELETE FROM {FTS_TABLE}")
        cursor.execute(f"INSERT INTO {FTS_TABLE}(rowid, body) SELECT id, {_concat()} FROM {RECORD_TABLE}")
    return True


def like_pattern(text: str) -> str:
    """``%text%`` for LIKE/ILIKE … ESCAPE '\\', the user's own % and _ matched literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def fts_phrase(text: str) -> str:
    """The text as one FTS5 phrase (a substring, with the trigram tokenizer), quotes doubled."""
    return '"' + text.replace('"', '""') + '"'


def match_sql(connection, *, text: str) -> tuple[str, list] | None:
    """SQL selecting the ids of the records whose texts contain ``text`` from the index, with its parameters;
    None when no index can answer (SQLite, fewer than three characters)."""
    if connection.vendor == "postgresql":
        return f"SELECT id FROM {RECORD_TABLE} WHERE {PG_EXPRESSION} ILIKE %s", [like_pattern(text)]
    if connection.vendor == "sqlite" and len(text) >= MIN_INDEXED:
        return f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s", [fts_phrase(text)]
    return None
