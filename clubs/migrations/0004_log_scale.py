"""The ruling log at scale (issue 20): an index for the log's order (club, newest first) and for each filter
followed by that order; the free-text index (a pg_trgm GIN expression index on PostgreSQL, an FTS5 trigram table
kept by triggers on SQLite: clubs.fulltext); then ANALYZE, so SQLite's planner has statistics to choose by.

The two indexes removed are prefixes of the new ones ((club, date) of the order's, (club, irregularity) of the
irregularity filter's): no data is touched."""

from django.conf import settings
from django.db import migrations, models


def fulltext_install(apps, schema_editor):
    from clubs import fulltext

    fulltext.install(schema_editor.connection)


def fulltext_uninstall(apps, schema_editor):
    from clubs import fulltext

    fulltext.uninstall(schema_editor.connection)


def analyze(apps, schema_editor):
    if schema_editor.connection.vendor in ("sqlite", "postgresql"):
        with schema_editor.connection.cursor() as cursor:
            cursor.execute("ANALYZE")


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0003_text_html"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(model_name="rulingrecord", name="rulings_rul_club_id_98c135_idx"),
        migrations.RemoveIndex(model_name="rulingrecord", name="rulings_rul_club_id_448fc6_idx"),
        migrations.AddIndex(
            model_name="rulingrecord",
            index=models.Index(fields=["club", "-date", "-number"], name="ruling_club_order_idx"),
        ),
        migrations.AddIndex(
            model_name="rulingrecord",
            index=models.Index(fields=["club", "director", "-date", "-number"], name="ruling_club_director_idx"),
        ),
        migrations.AddIndex(
            model_name="rulingrecord",
            index=models.Index(fields=["club", "status", "-date", "-number"], name="ruling_club_status_idx"),
        ),
        migrations.AddIndex(
            model_name="rulingrecord",
            index=models.Index(fields=["club", "irregularity", "-date", "-number"], name="ruling_club_irreg_idx"),
        ),
        migrations.AddIndex(
            model_name="rulingrecord",
            index=models.Index(fields=["club", "board"], name="ruling_club_board_idx"),
        ),
        migrations.RunPython(fulltext_install, fulltext_uninstall, elidable=False),
        migrations.RunPython(analyze, migrations.RunPython.noop, elidable=True),
    ]
