"""The login limiter's failures move here from the rulings app: the same table (rulings_loginfailure)."""

from django.db import migrations, models


MOVED = ("loginfailure",)


def content_types_follow(apps, schema_editor):
    """Permissions and admin history point at content types: move them with the models instead of leaving
    stale rulings.* rows and making new ones."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    types = ContentType.objects.using(schema_editor.connection.alias)
    for model in MOVED:
        if not types.filter(app_label="accounts", model=model).exists():
            types.filter(app_label="rulings", model=model).update(app_label="accounts")


def content_types_back(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.using(schema_editor.connection.alias).filter(app_label="accounts", model__in=MOVED).update(app_label="rulings")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("rulings", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables exist (created by rulings 0001 under their rulings_* names): only the state moves.
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='LoginFailure',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('username', models.CharField(max_length=150, verbose_name='用户名')),
                        ('address', models.GenericIPAddressField(null=True, verbose_name='地址')),
                        ('at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='时间')),
                    ],
                    options={
                        'verbose_name': '登录失败',
                        'verbose_name_plural': '登录失败',
                        'db_table': 'rulings_loginfailure',
                        'indexes': [models.Index(fields=['username', 'address', 'at'], name='rulings_log_usernam_e6fe58_idx'), models.Index(fields=['address', 'at'], name='rulings_log_address_6c10f7_idx')],
                    },
                ),
            ],
        ),
        migrations.RunPython(content_types_follow, content_types_back),
    ]
