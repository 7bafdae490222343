"""The club log's models left this app for clubs and accounts: their state goes, their tables stay."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("rulings", "0001_initial"),
        ("clubs", "0001_initial"),
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.RemoveField(
                    model_name='appeal',
                    name='record',
                ),
                migrations.RemoveField(
                    model_name='appeal',
                    name='recorded_by',
                ),
                migrations.RemoveField(
                    model_name='rulingrecord',
                    name='club',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='club',
                ),
                migrations.DeleteModel(
                    name='LoginFailure',
                ),
                migrations.RemoveField(
                    model_name='membership',
                    name='user',
                ),
                migrations.RemoveField(
                    model_name='reviewcomment',
                    name='author',
                ),
                migrations.RemoveField(
                    model_name='reviewcomment',
                    name='record',
                ),
                migrations.RemoveField(
                    model_name='rulingrecord',
                    name='created_by',
                ),
                migrations.RemoveField(
                    model_name='rulingrecord',
                    name='director',
                ),
                migrations.RemoveField(
                    model_name='rulingrecord',
                    name='signed_off_by',
                ),
                migrations.RemoveField(
                    model_name='rulingrevision',
                    name='record',
                ),
                migrations.RemoveField(
                    model_name='rulingrevision',
                    name='author',
                ),
                migrations.DeleteModel(
                    name='Appeal',
                ),
                migrations.DeleteModel(
                    name='Club',
                ),
                migrations.DeleteModel(
                    name='Membership',
                ),
                migrations.DeleteModel(
                    name='ReviewComment',
                ),
                migrations.DeleteModel(
                    name='RulingRecord',
                ),
                migrations.DeleteModel(
                    name='RulingRevision',
                ),
            ],
        ),
    ]
