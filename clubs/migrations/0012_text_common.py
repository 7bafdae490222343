"""Common one- and two-character text filters answered in bounded time (issue 32): on PostgreSQL the gram
function's declared COST down to the default (it made every plan naming it look millions of times dearer than it
is, so JIT and parallel workers ran on each request); on SQLite the gram table rebuilt with a one-character prefix
index (a one-character query read and merged the lists of every pair it starts). Derived data only: the gram table
is refilled from the records; no record is touched. Backwards: the old COST; the SQLite table stays (it answers
the same queries)."""

from django.db import migrations

OLD_PG_COST = 100000


def tune(apps, schema_editor):
    from clubs import fulltext

    fulltext.tune_grams(schema_editor.connection)


def untune(apps, schema_editor):
    from clubs import fulltext

    if schema_editor.connection.vendor == "postgresql":
        fulltext.tune_grams(schema_editor.connection, cost=OLD_PG_COST)


class Migration(migrations.Migration):
    dependencies = [("clubs", "0011_club_regulations")]

    operations = [migrations.RunPython(tune, untune, elidable=False)]
