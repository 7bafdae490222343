"""One- and two-character text filters from an index (issue 32): the texts' characters and pairs of neighbouring
characters, scoped to the club — a btree_gin index on PostgreSQL, a contentless FTS5 table kept by triggers on
SQLite (clubs.fulltext). Derived data: built from the records, dropped on the way back; no record is touched."""

from django.db import migrations


def grams_install(apps, schema_editor):
    from clubs import fulltext

    fulltext.install_grams(schema_editor.connection)


def grams_uninstall(apps, schema_editor):
    from clubs import fulltext

    fulltext.uninstall_grams(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("clubs", "0005_log_counts")]

    operations = [migrations.RunPython(grams_install, grams_uninstall, elidable=False)]
