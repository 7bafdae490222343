"""Common one- and two-character text filters answered in bounded time (issue 32): on PostgreSQL the gram
function PARALLEL RESTRICTED (its declared cost made the planner start parallel workers for a plan naming it, on
each request); on SQLite the gram table rebuilt with a one-character prefix index (a one-character query read and
merged the lists of every pair it starts). Derived data only: the gram table is refilled from the records; no
record is touched. Backwards: PARALLEL SAFE again; the SQLite table stays (it answers the same queries)."""

from django.db import migrations


def tune(apps, schema_editor):
    from clubs import fulltext

    fulltext.tune_grams(schema_editor.connection)


def untune(apps, schema_editor):
    from clubs import fulltext

    if schema_editor.connection.vendor == "postgresql":
        fulltext.tune_grams(schema_editor.connection, parallel="SAFE")


class Migration(migrations.Migration):
    dependencies = [("clubs", "0011_club_regulations")]

    operations = [migrations.RunPython(tune, untune, elidable=False)]
