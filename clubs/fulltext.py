"""Free-text filtering of the ruling log on an index (issue 20), instead of a scan of every record.

The text a director types (event, session, table, statement, notes) is matched as a substring, case-insensitive:

* PostgreSQL: a ``pg_trgm`` GIN index on the concatenated texts (:data:`PG_EXPRESSION`), used by ``ILIKE``.
* SQLite: an FTS5 table (``tokenize='trigram'``, so Chinese matches without word breaking) whose rowid is the
  record's id, kept in step by triggers; a phrase query of 3 characters or more is answered from it.

A query of one or two characters — the common case in Chinese (藏牌, 明手, 迟疑) — has no trigram. It is answered
from a second index of the texts' **grams** (issue 32): every character and every pair of neighbouring
characters, scoped to the club.

* PostgreSQL: a GIN index on ``(club_id, clubs_ruling_grams(texts))`` (btree_gin), the function returning the
  lower-cased characters and pairs as an array; a query asks ``@> ARRAY[text]``.
* SQLite: a contentless FTS5 table (``detail=none``: no positions, so a small index) whose body is the club's
  token and the pairs of neighbouring characters (the tokenizer splits a pair that holds a space or a punctuation
  mark, which leaves its one character); two characters are one token, one character a prefix query. Filled by
  triggers from a table of positions, so every writer (services, import, admin, raw SQL) keeps it in step. A
  one- or two-character query with a character the tokenizer does not index (punctuation, a space) is a scan.

SQLite drops a table's triggers when Django rebuilds the table (some ``AlterField``/``AddField`` do), so
:func:`ensure` runs after every ``migrate`` (clubs.apps) and puts them back, refilling the FTS table if they were
gone.
"""

from __future__ import annotations

import unicodedata

RECORD_TABLE = "rulings_rulingrecord"
FTS_TABLE = "clubs_ruling_fts"
TEXT_COLUMNS = ("event", "session", "table", "statement", "notes")
MIN_INDEXED = 3  # a trigram index finds substrings of three characters or more
GRAM_TABLE = "clubs_ruling_grams"
POSITION_TABLE = "clubs_gram_positions"
# The longest text the gram index covers: the five texts at their limits (200 + 50 + 20 + 20,000 + 20,000) and
# the separators. Characters past it (only a raw write beyond the limits) are found by the 3+ character index.
MAX_POSITIONS = 41_000
PG_GRAM_FUNCTION = "clubs_ruling_grams"
PG_GRAM_INDEX = "ruling_text_grams_idx"


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


def _grams_sql(prefix: str) -> str:
    """SQLite: the gram body of one record (its club's token, then every pair of neighbouring characters, the
    last character alone), from the positions table. detail=none keeps no positions, so the order of the
    pairs does not matter, and the 'delete' of a contentless table gets the same tokens back."""
    return (
        f"SELECT 'club' || {prefix}club_id || ' ' || coalesce(group_concat(substr(t.v, p.n, 2), ' '), '') "
        f"FROM {POSITION_TABLE} p, (SELECT {_concat(prefix)} AS v) t WHERE p.n <= length(t.v)"
    )


SQLITE_GRAM_TRIGGERS = {
    "clubs_ruling_grams_ai": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_grams_ai AFTER INSERT ON {RECORD_TABLE} BEGIN
            INSERT INTO {GRAM_TABLE}(rowid, body) VALUES (new.id, ({_grams_sql("new.")}));
        END""",
    "clubs_ruling_grams_au": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_grams_au
        AFTER UPDATE OF {", ".join(f'"{c}"' for c in ("club_id", *TEXT_COLUMNS))} ON {RECORD_TABLE} BEGIN
            INSERT INTO {GRAM_TABLE}({GRAM_TABLE}, rowid, body) VALUES ('delete', old.id, ({_grams_sql("old.")}));
            INSERT INTO {GRAM_TABLE}(rowid, body) VALUES (new.id, ({_grams_sql("new.")}));
        END""",
    "clubs_ruling_grams_ad": f"""
        CREATE TRIGGER IF NOT EXISTS clubs_ruling_grams_ad AFTER DELETE ON {RECORD_TABLE} BEGIN
            INSERT INTO {GRAM_TABLE}({GRAM_TABLE}, rowid, body) VALUES ('delete', old.id, ({_grams_sql("old.")}));
        END""",
}

# PostgreSQL: the characters and the pairs of neighbouring characters of a text, lower-cased. Not inlinable (it
# reads from generate_series), so the index's expression and the query's stay the same call. Its COST says what
# it is — a loop over the text — so the planner looks the grams up in the index rather than walking the club's
# rows and computing them for each (which it chose at the default cost of 100). The index is exact (the function
# never runs on a match), but that COST makes a plan naming it look dear: PARALLEL RESTRICTED (migration 0012)
# keeps the planner from starting parallel workers for it (it did, for a count of a thousand ids at 100,000
# records), and the site's connections run with jit=off (config.settings). A common character's page does not
# name it at all: it walks the log's order (row_test_sql).
PG_GRAM_FUNCTION_SQL = f"""
    CREATE OR REPLACE FUNCTION {PG_GRAM_FUNCTION}(text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED STRICT COST 100000 AS $$
        SELECT coalesce(array_agg(DISTINCT g), '{{}}')
        FROM generate_series(1, length($1)) AS i,
             LATERAL (VALUES (substr(lower($1), i, 1)), (substr(lower($1), i, 2))) AS grams(g)
    $$"""
PG_GRAM_EXPRESSION = f"{PG_GRAM_FUNCTION}({PG_EXPRESSION})"


def install(connection) -> None:
    """Create the indexes (PostgreSQL) or the FTS tables, their triggers and rows (SQLite). Safe to rerun."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
            cursor.execute(
                f"CREATE INDEX IF NOT EXISTS {PG_INDEX} ON {RECORD_TABLE} "
                f"USING gin ({PG_EXPRESSION} gin_trgm_ops)"
            )
            install_grams(connection)
        elif connection.vendor == "sqlite":
            ensure(connection)


def install_grams(connection) -> None:
    """The one- and two-character index alone (issue 32's migration; install() does it for a new database)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("CREATE EXTENSION IF NOT EXISTS btree_gin")
            cursor.execute(PG_GRAM_FUNCTION_SQL)
            cursor.execute(
                f"CREATE INDEX IF NOT EXISTS {PG_GRAM_INDEX} ON {RECORD_TABLE} "
                f"USING gin (club_id, {PG_GRAM_EXPRESSION})"
            )
        elif connection.vendor == "sqlite":
            ensure(connection)


def uninstall_grams(connection) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"DROP INDEX IF EXISTS {PG_GRAM_INDEX}")
            cursor.execute(f"DROP FUNCTION IF EXISTS {PG_GRAM_FUNCTION}(text)")
        elif connection.vendor == "sqlite":
            for name in SQLITE_GRAM_TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(f"DROP TABLE IF EXISTS {GRAM_TABLE}")
            cursor.execute(f"DROP TABLE IF EXISTS {POSITION_TABLE}")


def tune_grams(connection, *, parallel: str = "RESTRICTED") -> None:
    """Migration 0012: PostgreSQL, the gram function PARALLEL RESTRICTED (no parallel workers for a plan that
    names it); SQLite, the gram table rebuilt with its one-character prefix index (derived data: dropped and
    refilled from the records by :func:`ensure`)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            if parallel not in ("RESTRICTED", "SAFE"):
                raise ValueError(parallel)
            cursor.execute(f"ALTER FUNCTION {PG_GRAM_FUNCTION}(text) PARALLEL {parallel}")
        elif connection.vendor == "sqlite":
            cursor.execute(f"DROP TABLE IF EXISTS {GRAM_TABLE}")
            ensure(connection)


def uninstall(connection) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"DROP INDEX IF EXISTS {PG_INDEX}")
        elif connection.vendor == "sqlite":
            for name in SQLITE_TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")
    uninstall_grams(connection)


def _present(cursor, names) -> set[str]:
    names = list(names)
    marks = ", ".join(["%s"] * len(names))
    cursor.execute(
        f"SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') AND name IN ({marks})", names
    )
    return {row[0] for row in cursor.fetchall()}


def ensure(connection) -> bool:
    """SQLite: the FTS tables and their triggers exist and the tables hold every record. True if one had to be
    (re)built. PostgreSQL keeps its expression indexes through table changes: nothing to do."""
    if connection.vendor != "sqlite":
        return False
    rebuilt = False
    with connection.cursor() as cursor:
        if not _present(cursor, [RECORD_TABLE]):
            return False  # the clubs migrations have not run yet
        if _present(cursor, [FTS_TABLE, *SQLITE_TRIGGERS]) != {FTS_TABLE, *SQLITE_TRIGGERS}:
            cursor.execute(
                f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5(body, tokenize='trigram')"
            )
            for sql in SQLITE_TRIGGERS.values():
                cursor.execute(sql)
            # Triggers were missing, so rows may be too: refill from the records.
            cursor.execute(f"DELETE FROM {FTS_TABLE}")
            cursor.execute(f"INSERT INTO {FTS_TABLE}(rowid, body) SELECT id, {_concat()} FROM {RECORD_TABLE}")
            rebuilt = True
        wanted = {GRAM_TABLE, POSITION_TABLE, *SQLITE_GRAM_TRIGGERS}
        if _present(cursor, wanted) != wanted:
            cursor.execute(f"CREATE TABLE IF NOT EXISTS {POSITION_TABLE} (n INTEGER PRIMARY KEY)")
            cursor.execute(f"SELECT count(*) FROM {POSITION_TABLE}")
            if cursor.fetchone()[0] != MAX_POSITIONS:
                cursor.execute(f"DELETE FROM {POSITION_TABLE}")
                cursor.execute(
                    f"WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < {MAX_POSITIONS}) "
                    f"INSERT INTO {POSITION_TABLE}(n) SELECT n FROM s"
                )
            cursor.execute(f"DROP TABLE IF EXISTS {GRAM_TABLE}")  # contentless: rebuilt whole, never patched
            # prefix='1': an index of every token's first character, so one character (a prefix query) reads
            # one list instead of merging the lists of every pair it starts (migration 0012).
            cursor.execute(
                f"CREATE VIRTUAL TABLE {GRAM_TABLE} USING fts5(body, content='', detail='none', prefix='1', "
                "tokenize='unicode61 remove_diacritics 0')"
            )
            for sql in SQLITE_GRAM_TRIGGERS.values():
                cursor.execute(sql)
            cursor.execute(
                f"INSERT INTO {GRAM_TABLE}(rowid, body) SELECT r.id, ({_grams_sql('r.')}) FROM {RECORD_TABLE} r"
            )
            rebuilt = True
    return rebuilt


def like_pattern(text: str) -> str:
    """``%text%`` for LIKE/ILIKE … ESCAPE '\\', the user's own % and _ matched literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def fts_phrase(text: str) -> str:
    """The text as one FTS5 phrase (a substring, with the trigram tokenizer), quotes doubled."""
    return '"' + text.replace('"', '""') + '"'


def gram_query(text: str) -> str | None:
    """SQLite: the gram table's MATCH expression for a one- or two-character ``text`` — the club's token AND the
    pair (one token) or the character (a prefix: every character starts a pair) — or None when the tokenizer
    would not keep ``text`` whole (punctuation, spaces), so only a scan can answer exactly."""
    if not 1 <= len(text) < MIN_INDEXED or not all(character.isalnum() for character in text):
        return None
    return fts_phrase(text) + ("*" if len(text) == 1 else "")


def match_sql(connection, *, text: str, club_id: int | None = None) -> tuple[str, list] | None:
    """SQL selecting the ids of the records whose texts contain ``text`` from an index, with its parameters;
    None when no index can answer (SQLite: one or two characters with punctuation or a space in them, or any
    query of one or two characters when no club is given). With ``club_id`` the ids are that club's only."""
    short = len(text) < MIN_INDEXED
    if connection.vendor == "postgresql":
        if short and club_id is not None:
            return (
                f"SELECT id FROM {RECORD_TABLE} WHERE club_id = %s AND {PG_GRAM_EXPRESSION} @> ARRAY[lower(%s)]",
                [club_id, text],
            )
        return f"SELECT id FROM {RECORD_TABLE} WHERE {PG_EXPRESSION} ILIKE %s", [like_pattern(text)]
    if connection.vendor == "sqlite":
        if not short:
            return f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s", [fts_phrase(text)]
        query = gram_query(text)
        if query is not None and club_id is not None:
            return (
                f"SELECT rowid FROM {GRAM_TABLE} WHERE {GRAM_TABLE} MATCH %s",
                [f'"club{int(club_id)}" AND {query}'],
            )
    return None


def probe_sql(connection, *, text: str, club_id: int, limit: int) -> tuple[str, list] | None:
    """SQL selecting the ids of the club's records whose texts the index finds ``text`` in, at most ``limit``
    (it stops there: never all of a common character's matches), with its parameters; None when no index
    answers (SQLite: one or two characters with punctuation or a space). Where the probe reads the record anyway
    (PostgreSQL; SQLite's trigram index, whose ids are every club's, from an index holding the order too) each
    row is ``id, date, number``: the matches' order comes with them; SQLite's gram table gives ``id`` alone."""
    params: list
    if connection.vendor == "postgresql":
        if len(text) < MIN_INDEXED:
            where, params = f"{PG_GRAM_EXPRESSION} @> ARRAY[lower(%s)]", [text]
        else:
            where, params = f"{PG_EXPRESSION} ILIKE %s", [like_pattern(text)]
        sql = f"SELECT id, date, number FROM {RECORD_TABLE} WHERE club_id = %s AND {where} LIMIT {int(limit)}"
        return sql, [club_id, *params]
    if connection.vendor == "sqlite":
        matched = match_sql(connection, text=text, club_id=club_id)
        if matched is None:
            return None
        sql, params = matched
        if len(text) >= MIN_INDEXED:  # the trigram table holds every club's records: this club's only
            sql, params = (
                f"SELECT id, date, number FROM {RECORD_TABLE} WHERE club_id = %s AND id IN ({sql})",
                [club_id, *params],
            )
        return f"{sql} LIMIT {int(limit)}", params
    return None


def walk_sql(connection, *, text: str, club_id: int, rows: int) -> tuple[str, list] | None:
    """PostgreSQL: the club's newest ``rows`` records in the log's order (its order index, newest first), each as
    its id, date and number and whether its texts hold ``text`` as the index finds it (:func:`row_test_sql`),
    with its parameters.
    None elsewhere (SQLite's probe is its FTS tables', unchanged)."""
    if connection.vendor != "postgresql":
        return None
    test, params = row_test_sql(connection, text=text, club_id=club_id, table=RECORD_TABLE)
    table = f'"{RECORD_TABLE}"'
    return (
        f'SELECT {table}."id", {table}."date", {table}."number", {test} FROM {table} WHERE {table}."club_id" = %s '
        f'ORDER BY {table}."date" DESC, {table}."number" DESC LIMIT {int(rows)}',
        [*params, club_id],
    )


def walk_hits_sql(connection, *, text: str, club_id: int, rows: int, limit: int) -> tuple[str, list] | None:
    """PostgreSQL: one row for each of the club's newest ``rows`` records that holds ``text`` (:func:`walk_sql`),
    ``limit`` rows at most: the walk stops at the ``limit``-th match. None elsewhere."""
    walked = walk_sql(connection, text=text, club_id=club_id, rows=rows)
    if walked is None:
        return None
    sql, params = walked
    return f"SELECT 1 FROM ({sql}) AS walk(id, date, number, hit) WHERE hit LIMIT {int(limit)}", params


# Characters no case mapping reaches: letters without case (Chinese, kana, Hangul) and digits. No character
# lower- or upper-cases to one of them but itself, and they map to themselves (tests/clubs: every code point).
CASELESS_CATEGORIES = ("Lo", "Nd")


def caseless(text: str) -> bool:
    """True when ``text`` is only characters without case (:data:`CASELESS_CATEGORIES`): then the lower-cased
    texts hold it exactly where the texts themselves do (lower() maps a character to characters of its own, never
    to none, and never to one of these but itself), so a row test need not lower-case every row."""
    return bool(text) and all(unicodedata.category(character) in CASELESS_CATEGORIES for character in text)


def row_test_sql(connection, *, text: str, club_id: int, table: str) -> tuple[str, list]:
    """A condition on one row of ``table`` (the records, as the query names it), true when its texts hold
    ``text`` exactly as :func:`match_sql`'s index finds it — for a plan that walks the log's order and tests each
    record it meets, stopping at a page, when the text is common (selectors.ruling_text_matches)."""
    if connection.vendor == "postgresql":
        # What both indexes find: the text in the lower-cased texts (ILIKE compares lower-cased; the grams are
        # lower-cased characters and pairs) — tested on the row, no function of every gram.
        prefix = f'"{table}".'
        if caseless(text):  # half the walk's cost is lower() of every row's texts
            return f"strpos({_concat(prefix)}, %s) > 0", [text]
        return f"strpos(lower({_concat(prefix)}), lower(%s)) > 0", [text]
    matched = match_sql(connection, text=text, club_id=club_id)
    if matched is not None:
        sql, params = matched
        # The index's ids once (an in-memory list), each record of the walk looked up in it; the unary + keeps
        # SQLite from driving the query from that list (which would sort every match).
        return f'+"{table}"."id" IN ({sql})', params
    where = " OR ".join(f'"{table}"."{column}" LIKE %s ESCAPE \'\\\'' for column in TEXT_COLUMNS)
    return f"({where})", [like_pattern(text)] * len(TEXT_COLUMNS)
