"""The ruling history append-only in the database (security review L9): triggers refusing UPDATE, and DELETE of
a revision whose record still exists, on the revisions table (clubs.history). No row is touched."""

from django.db import migrations


def history_install(apps, schema_editor):
    from clubs import history

    history.install(schema_editor.connection)


def history_uninstall(apps, schema_editor):
    from clubs import history

    history.uninstall(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0007_club_default_edition"),
    ]

    operations = [
        migrations.RunPython(history_install, history_uninstall, elidable=False),
    ]
