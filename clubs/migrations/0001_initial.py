"""The club rulings log moves here from the rulings app: the same tables (rulings_*), now clubs' state."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MOVED = ("club", "membership", "rulingrecord", "rulingrevision", "reviewcomment", "appeal")


def content_types_follow(apps, schema_editor):
    """Permissions and admin history point at content types: move them with the models instead of leaving
    stale rulings.* rows and making new ones."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    types = ContentType.objects.using(schema_editor.connection.alias)
    for model in MOVED:
        if not types.filter(app_label="clubs", model=model).exists():
            types.filter(app_label="rulings", model=model).update(app_label="clubs")


def content_types_back(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.using(schema_editor.connection.alias).filter(app_label="clubs", model__in=MOVED).update(app_label="rulings")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("contenttypes", "0002_remove_content_type_name"),
        ("rulings", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The tables exist (created by rulings 0001 under their rulings_* names): only the state moves.
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='Club',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=100, unique=True, verbose_name='名称')),
                        ('last_ruling_number', models.PositiveIntegerField(default=0, editable=False, verbose_name='最后裁决编号')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='创建时间')),
                    ],
                    options={
                        'verbose_name': '俱乐部',
                        'verbose_name_plural': '俱乐部',
                        'db_table': 'rulings_club',
                        'ordering': ['name'],
                    },
                ),
                migrations.CreateModel(
                    name='RulingRecord',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveIntegerField(editable=False, verbose_name='编号')),
                        ('version', models.PositiveIntegerField(default=1, editable=False, verbose_name='版本')),
                        ('event', models.CharField(max_length=200, verbose_name='赛事')),
                        ('date', models.DateField(verbose_name='日期')),
                        ('session', models.CharField(blank=True, max_length=50, verbose_name='节次')),
                        ('board', models.PositiveSmallIntegerField(help_text='发牌人和局况按第2条由牌号得出。', verbose_name='牌号')),
                        ('table', models.CharField(blank=True, max_length=20, verbose_name='桌号')),
                        ('called_by', models.CharField(blank=True, choices=[('N', '北'), ('E', '东'), ('S', '南'), ('W', '西'), ('director', '裁判自行发现'), ('other', '其他')], max_length=10, verbose_name='叫裁判者')),
                        ('irregularity', models.CharField(help_text='决策树的代码，或 other（其他违规）。', max_length=50, verbose_name='违规类型')),
                        ('facts', models.JSONField(blank=True, default=dict, verbose_name='事实（向导答案）')),
                        ('outcome', models.JSONField(blank=True, null=True, verbose_name='裁决结果')),
                        ('laws', models.JSONField(blank=True, default=list, verbose_name='依据条款')),
                        ('edition', models.CharField(max_length=32, verbose_name='规则版本')),
                        ('tree_version', models.PositiveIntegerField(blank=True, null=True, verbose_name='决策树版本')),
                        ('statement', models.TextField(blank=True, help_text='Markdown；显示前会清理。', verbose_name='事实经过')),
                        ('notes', models.TextField(blank=True, help_text='Markdown；显示前会清理。', verbose_name='裁判备注')),
                        ('adjustment', models.JSONField(blank=True, null=True, verbose_name='调整分（输入）')),
                        ('adjustment_result', models.JSONField(blank=True, null=True, verbose_name='调整分（结果）')),
                        ('status', models.CharField(choices=[('draft', '草稿'), ('final', '已裁定'), ('appealed', '已申诉'), ('reviewed', '已复核')], default='draft', max_length=10, verbose_name='状态')),
                        ('signed_off_at', models.DateTimeField(blank=True, null=True, verbose_name='复核时间')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='记录时间')),
                        ('updated_at', models.DateTimeField(auto_now=True, verbose_name='最后修改')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='rulings', to='clubs.club', verbose_name='俱乐部')),
                        ('created_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='rulings_created', to=settings.AUTH_USER_MODEL, verbose_name='记录人')),
                        ('director', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='rulings_directed', to=settings.AUTH_USER_MODEL, verbose_name='裁判')),
                        ('signed_off_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='rulings_signed_off', to=settings.AUTH_USER_MODEL, verbose_name='复核人')),
                    ],
                    options={
                        'verbose_name': '裁决记录',
                        'verbose_name_plural': '裁决记录',
                        'db_table': 'rulings_rulingrecord',
                        'ordering': ['-date', '-number'],
                    },
                ),
                migrations.CreateModel(
                    name='ReviewComment',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('at', models.DateTimeField(auto_now_add=True, verbose_name='时间')),
                        ('text', models.TextField(help_text='Markdown；显示前会清理。', verbose_name='意见')),
                        ('author', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='作者')),
                        ('record', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='comments', to='clubs.rulingrecord', verbose_name='裁决记录')),
                    ],
                    options={
                        'verbose_name': '复核意见',
                        'verbose_name_plural': '复核意见',
                        'db_table': 'rulings_reviewcomment',
                        'ordering': ['record', 'at', 'pk'],
                    },
                ),
                migrations.CreateModel(
                    name='Appeal',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('lodged_at', models.DateTimeField(verbose_name='申诉时间')),
                        ('appellant', models.CharField(max_length=200, verbose_name='申诉方')),
                        ('reason', models.TextField(blank=True, verbose_name='申诉理由')),
                        ('deposit', models.DecimalField(blank=True, decimal_places=2, max_digits=8, null=True, verbose_name='申诉保证金')),
                        ('deposit_returned', models.BooleanField(blank=True, null=True, verbose_name='保证金退还')),
                        ('committee', models.CharField(blank=True, max_length=200, verbose_name='仲裁委员会')),
                        ('decision', models.CharField(choices=[('pending', '待裁定'), ('upheld', '维持原裁决'), ('changed', '变更裁决'), ('withdrawn', '申诉撤回')], default='pending', max_length=10, verbose_name='仲裁决定')),
                        ('decision_text', models.TextField(blank=True, verbose_name='决定说明')),
                        ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='决定时间')),
                        ('recorded_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='登记人')),
                        ('record', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='appeal', to='clubs.rulingrecord', verbose_name='裁决记录')),
                    ],
                    options={
                        'verbose_name': '申诉',
                        'verbose_name_plural': '申诉',
                        'db_table': 'rulings_appeal',
                    },
                ),
                migrations.CreateModel(
                    name='RulingRevision',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveIntegerField(verbose_name='版本')),
                        ('action', models.CharField(choices=[('created', '创建'), ('updated', '修改'), ('finalised', '裁定'), ('appeal_lodged', '登记申诉'), ('appeal_decided', '登记仲裁决定'), ('signed_off', '复核签字')], max_length=20, verbose_name='操作')),
                        ('at', models.DateTimeField(auto_now_add=True, verbose_name='时间')),
                        ('changes', models.JSONField(default=dict, verbose_name='修改内容')),
                        ('author', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='修改人')),
                        ('record', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='revisions', to='clubs.rulingrecord', verbose_name='裁决记录')),
                    ],
                    options={
                        'verbose_name': '修改记录',
                        'verbose_name_plural': '修改记录',
                        'db_table': 'rulings_rulingrevision',
                        'ordering': ['record', 'number'],
                    },
                ),
                migrations.CreateModel(
                    name='Membership',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('role', models.CharField(choices=[('director', '裁判'), ('chief_director', '裁判长（复核）'), ('trainee', '学员'), ('club_admin', '俱乐部管理员')], max_length=20, verbose_name='角色')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='加入时间')),
                        ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='clubs.club', verbose_name='俱乐部')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to=settings.AUTH_USER_MODEL, verbose_name='用户')),
                    ],
                    options={
                        'verbose_name': '成员',
                        'verbose_name_plural': '成员',
                        'db_table': 'rulings_membership',
                        'ordering': ['club', 'user__username'],
                        'constraints': [models.UniqueConstraint(fields=('user', 'club'), name='membership_one_role_per_club'), models.CheckConstraint(condition=models.Q(('role__in', ['director', 'chief_director', 'trainee', 'club_admin'])), name='membership_role_valid')],
                    },
                ),
                migrations.AddIndex(
                    model_name='rulingrecord',
                    index=models.Index(fields=['club', 'date'], name='rulings_rul_club_id_98c135_idx'),
                ),
                migrations.AddIndex(
                    model_name='rulingrecord',
                    index=models.Index(fields=['club', 'irregularity'], name='rulings_rul_club_id_448fc6_idx'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.UniqueConstraint(fields=('club', 'number'), name='ruling_number_unique_in_club'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='ruling_number_positive'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(('version__gte', 1)), name='ruling_version_positive'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(('board__gte', 1)), name='ruling_board_positive'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(('status__in', ['draft', 'final', 'appealed', 'reviewed'])), name='ruling_status_valid'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(('called_by__in', ['N', 'E', 'S', 'W', 'director', 'other', ''])), name='ruling_called_by_valid'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('irregularity', 'other'), ('tree_version__isnull', True)), models.Q(models.Q(('irregularity', 'other'), _negated=True), ('tree_version__isnull', False)), _connector='OR'), name='ruling_tree_version_iff_tree'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(('status', 'draft'), ('irregularity', 'other'), ('outcome__isnull', False), _connector='OR'), name='ruling_outcome_unless_draft'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'reviewed'), ('signed_off_at__isnull', False), ('signed_off_by__isnull', False)), models.Q(models.Q(('status', 'reviewed'), _negated=True), ('signed_off_at__isnull', True), ('signed_off_by__isnull', True)), _connector='OR'), name='ruling_signed_off_iff_reviewed'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrecord',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('adjustment__isnull', True), ('adjustment_result__isnull', True)), models.Q(('adjustment__isnull', False), ('adjustment_result__isnull', False)), _connector='OR'), name='ruling_adjustment_has_result'),
                ),
                migrations.AddConstraint(
                    model_name='reviewcomment',
                    constraint=models.CheckConstraint(condition=models.Q(('text', ''), _negated=True), name='comment_not_empty'),
                ),
                migrations.AddConstraint(
                    model_name='appeal',
                    constraint=models.CheckConstraint(condition=models.Q(('decision__in', ['pending', 'upheld', 'changed', 'withdrawn'])), name='appeal_decision_valid'),
                ),
                migrations.AddConstraint(
                    model_name='appeal',
                    constraint=models.CheckConstraint(condition=models.Q(models.Q(('decision', 'pending'), ('decided_at__isnull', True)), models.Q(models.Q(('decision', 'pending'), _negated=True), ('decided_at__isnull', False)), _connector='OR'), name='appeal_decided_at_iff_decided'),
                ),
                migrations.AddConstraint(
                    model_name='appeal',
                    constraint=models.CheckConstraint(condition=models.Q(('deposit__isnull', True), ('deposit__gte', 0), _connector='OR'), name='appeal_deposit_not_negative'),
                ),
                migrations.AddConstraint(
                    model_name='appeal',
                    constraint=models.CheckConstraint(condition=models.Q(('deposit_returned__isnull', True), ('deposit__isnull', False), _connector='OR'), name='appeal_deposit_returned_needs_deposit'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrevision',
                    constraint=models.UniqueConstraint(fields=('record', 'number'), name='revision_number_unique'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrevision',
                    constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='revision_number_positive'),
                ),
                migrations.AddConstraint(
                    model_name='rulingrevision',
                    constraint=models.CheckConstraint(condition=models.Q(('action__in', ['created', 'updated', 'finalised', 'appeal_lodged', 'appeal_decided', 'signed_off'])), name='revision_action_valid'),
                ),
            ],
        ),
        migrations.RunPython(content_types_follow, content_types_back),
    ]
