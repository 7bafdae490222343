"""The ruling log's counts (issue 20): a count per club, month, irregularity, status and director, kept by triggers
on the records table (clubs.counts), so the statistics and the list's total no longer grow with the log. The
records already there are counted once here; no record is touched. And an index the text filter's matches are
ordered from (id, club, date, number), so it reads no record row to sort them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def counts_install(apps, schema_editor):
    from clubs import counts

    counts.install(schema_editor.connection)


def counts_uninstall(apps, schema_editor):
    from clubs import counts

    counts.uninstall(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0004_log_scale"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RulingCount",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("month", models.DateField(verbose_name="月份")),
                ("irregularity", models.CharField(max_length=50, verbose_name="违规类型")),
                ("status", models.CharField(max_length=10, verbose_name="状态")),
                ("n", models.IntegerField(verbose_name="记录数")),
                (
                    "club",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to="clubs.club",
                        verbose_name="俱乐部",
                    ),
                ),
                (
                    "director",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="裁判",
                    ),
                ),
            ],
            options={
                "verbose_name": "裁决记录计数",
                "verbose_name_plural": "裁决记录计数",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("club", "month", "irregularity", "status", "director"), name="ruling_count_key"
                    )
                ],
            },
        ),
        migrations.RunPython(counts_install, counts_uninstall, elidable=False),
        migrations.AddIndex(
            model_name="rulingrecord",
            index=models.Index(fields=["id", "club", "date", "number"], name="ruling_id_order_idx"),
        ),
    ]
