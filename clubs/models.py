"""The club rulings log: clubs, memberships with roles, ruling records, their append-only revisions, review
comments and appeals (仲裁). Writes go through clubs.services, reads through clubs.selectors.

The tables keep the names they had when the log lived in the rulings app (``rulings_*``): the move to this app
changed only Django's state (clubs/migrations/0001), so a database from before the move keeps every row.

A record keeps the edition, the tree version, the facts and the outcome and laws as they were given, so it
replays after a tree changes (docs/design.md §8.5). Nothing is overwritten silently: every change is a RulingRevision
with who, when and the old and new value of each changed field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypedDict

from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

import bridge
from clubs.validators import EARLIEST_DATE, latest_date, validate_one_line, validate_text
from rulings.choices import CalledBy

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

OTHER_IRREGULARITY = "other"
# Limits of the texts kept in TextFields: MaxLengthValidator (a state-only change), not max_length, which would
# make Django rebuild the tables on SQLite for a limit the database does not hold anyway.
RULING_TEXT_LIMIT = 20000
SHORT_TEXT_LIMIT = 5000
# The one-line fields (clubs.validators: no line breaks, no bidi controls), by model and field name.
ONE_LINE_FIELDS = frozenset(
    {
        ("Club", "name"),
        ("RulingRecord", "event"),
        ("RulingRecord", "session"),
        ("RulingRecord", "table"),
        ("Appeal", "appellant"),
        ("Appeal", "committee"),
    }
)


class Role(models.TextChoices):
    DIRECTOR = "director", _("裁判")
    CHIEF_DIRECTOR = "chief_director", _("裁判长（复核）")
    TRAINEE = "trainee", _("学员")
    CLUB_ADMIN = "club_admin", _("俱乐部管理员")
    # Law 93: a member of the appeals committee reads the club's records and fills an appeal's committee part.
    COMMITTEE = "committee", _("仲裁委员")


class Capability(models.TextChoices):
    """What a role may do in its club. One table (ROLE_CAPABILITIES) decides; pages and the API ask it."""

    VIEW = "view", _("查看裁决记录")
    RECORD = "record", _("记录和修改裁决、登记申诉")
    COMMENT = "comment", _("发表复核意见")
    REVIEW = "review", _("复核签字、登记仲裁决定")
    MANAGE = "manage", _("管理成员")
    APPEAL = "appeal", _("填写仲裁委员会部分")


ROLE_CAPABILITIES: dict[str, frozenset[str]] = {
    Role.DIRECTOR: frozenset({Capability.VIEW, Capability.RECORD, Capability.COMMENT}),
    Role.CHIEF_DIRECTOR: frozenset(
        {Capability.VIEW, Capability.RECORD, Capability.COMMENT, Capability.REVIEW, Capability.APPEAL}
    ),
    # Trainees read the club's rulings to learn from them; they do not write to the log.
    Role.TRAINEE: frozenset({Capability.VIEW}),
    Role.CLUB_ADMIN: frozenset({Capability.VIEW, Capability.MANAGE}),
    Role.COMMITTEE: frozenset({Capability.VIEW, Capability.APPEAL}),
}


class Club(models.Model):
    name = models.CharField(_("名称"), max_length=100, unique=True)
    # A counter rather than max(number) + 1, so two directors saving at once get different numbers on
    # SQLite and PostgreSQL alike (the UPDATE … SET n = n + 1 takes the row lock).
    last_ruling_number = models.PositiveIntegerField(_("最后裁决编号"), default=0, editable=False)
    created_at = models.DateTimeField(_("创建时间"), auto_now_add=True)
    # The edition the club's directors work in unless they choose another in the top bar (laws.editions);
    # empty: the site default (settings.LAWS_DEFAULT_EDITION).
    default_edition = models.CharField(
        _("默认规则版本"),
        max_length=32,
        blank=True,
        default="",
        choices=[("", _("本站默认")), ("ccba-1999", _("1999年版")), ("wbf-2017", _("2017年版"))],
    )
    # The event's regulations the club's directors rule under (laws.regulations: key → yes/no); None: the defaults.
    regulations = models.JSONField(_("比赛规程"), null=True, blank=True)

    class Meta:
        db_table = "rulings_club"  # the table the app was born with (rulings), kept on the move to clubs
        ordering = ["name"]
        verbose_name = _("俱乐部")
        verbose_name_plural = _("俱乐部")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:list", args=[self.pk])


class Membership(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("用户")
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("俱乐部")
    )
    role = models.CharField(_("角色"), max_length=20, choices=Role.choices)
    created_at = models.DateTimeField(_("加入时间"), auto_now_add=True)

    class Meta:
        db_table = (
            "rulings_membership"  # the table the app was born with (rulings), kept on the move to clubs
        )
        ordering = ["club", "user__username"]
        verbose_name = _("成员")
        verbose_name_plural = _("成员")
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="membership_one_role_per_club"),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="membership_role_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.club} ({self.get_role_display()})"

    @property
    def capabilities(self) -> frozenset[str]:
        return ROLE_CAPABILITIES.get(self.role, frozenset())

    def can(self, capability: str) -> bool:
        return capability in self.capabilities


class Status(models.TextChoices):
    DRAFT = "draft", _("草稿")
    FINAL = "final", _("已裁定")
    APPEALED = "appealed", _("已申诉")
    REVIEWED = "reviewed", _("已复核")


# The statuses a director sets through the record form or the API (a new record, an edit); appeals and the
# sign-off move a record on through their own services, after which the ruling as given is kept as it was.
EDITABLE_STATUSES = (Status.DRAFT, Status.FINAL)


class RulingRecord(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="rulings", verbose_name=_("俱乐部"))
    number = models.PositiveIntegerField(_("编号"), editable=False)
    # Bumped by every change; an edit names the version it started from (409 if another edit came first).
    version = models.PositiveIntegerField(_("版本"), default=1, editable=False)
    event = models.CharField(_("赛事"), max_length=200, validators=[validate_one_line])
    # M1: 1990 to a year from today, so a typo (9999) cannot reach the statistics.
    date = models.DateField(
        _("日期"), validators=[MinValueValidator(EARLIEST_DATE), MaxValueValidator(latest_date)]
    )
    session = models.CharField(_("节次"), max_length=50, blank=True, validators=[validate_one_line])
    board = models.PositiveSmallIntegerField(
        _("牌号"),
        help_text=_("发牌人和局况按第2条由牌号得出。"),
        validators=[MinValueValidator(1), MaxValueValidator(999)],
    )
    table = models.CharField(_("桌号"), max_length=20, blank=True, validators=[validate_one_line])
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="rulings_directed",
        verbose_name=_("裁判"),
    )
    called_by = models.CharField(_("叫裁判者"), max_length=10, choices=CalledBy.choices, blank=True)
    irregularity = models.CharField(
        _("违规类型"), max_length=50, help_text=_("决策树的代码，或 other（其他违规）。")
    )
    facts = models.JSONField(_("事实（向导答案）"), default=dict, blank=True)
    # The ruling as the tree gave it (outcome fields, leaf, script) and its laws: kept as given, never
    # recomputed behind the director's back, so the record replays after the tree changes.
    outcome = models.JSONField(_("裁决结果"), null=True, blank=True)
    laws = models.JSONField(_("依据条款"), default=list, blank=True)
    edition = models.CharField(_("规则版本"), max_length=32)
    tree_version = models.PositiveIntegerField(_("决策树版本"), null=True, blank=True)
    statement = models.TextField(
        _("事实经过"),
        blank=True,
        help_text=_("Markdown；显示前会清理。"),
        validators=[MaxLengthValidator(RULING_TEXT_LIMIT), validate_text],
    )
    notes = models.TextField(
        _("裁判备注"),
        blank=True,
        help_text=_("Markdown；显示前会清理。"),
        validators=[MaxLengthValidator(RULING_TEXT_LIMIT), validate_text],
    )
    # The texts as safe HTML, rendered once when written (laws.rendering.render_user): reads never render.
    statement_html = models.TextField(_("事实经过（HTML）"), blank=True, default="", editable=False)
    notes_html = models.TextField(_("裁判备注（HTML）"), blank=True, default="", editable=False)
    # The appeal file's director part (bridge.appeal_file.read_appeal_file: deal, auction, lead, table result,
    # poll, judged results), normalised when written; read-only with the rest of the ruling once appealed.
    appeal_file = models.JSONField(_("仲裁卷宗（裁判部分）"), null=True, blank=True)
    # The adjusted-score request as given (bridge.adjustment.adjusted_answer) and the engine's answer.
    adjustment = models.JSONField(_("调整分（输入）"), null=True, blank=True)
    adjustment_result = models.JSONField(_("调整分（结果）"), null=True, blank=True)
    status = models.CharField(_("状态"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    signed_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="rulings_signed_off",
        verbose_name=_("复核人"),
    )
    signed_off_at = models.DateTimeField(_("复核时间"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="rulings_created",
        verbose_name=_("记录人"),
    )
    created_at = models.DateTimeField(_("记录时间"), auto_now_add=True)
    updated_at = models.DateTimeField(_("最后修改"), auto_now=True)

    class Meta:
        db_table = (
            "rulings_rulingrecord"  # the table the app was born with (rulings), kept on the move to clubs
        )
        ordering = ["-date", "-number"]
        verbose_name = _("裁决记录")
        verbose_name_plural = _("裁决记录")
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="ruling_number_unique_in_club"),
            models.CheckConstraint(condition=Q(number__gte=1), name="ruling_number_positive"),
            models.CheckConstraint(condition=Q(version__gte=1), name="ruling_version_positive"),
            models.CheckConstraint(condition=Q(board__gte=1), name="ruling_board_positive"),
            models.CheckConstraint(condition=Q(status__in=Status.values), name="ruling_status_valid"),
            models.CheckConstraint(
                condition=Q(called_by__in=[*CalledBy.values, ""]), name="ruling_called_by_valid"
            ),
            # A tree ruling names its tree version; an "other" irregularity has none.
            models.CheckConstraint(
                condition=(Q(irregularity=OTHER_IRREGULARITY) & Q(tree_version__isnull=True))
                | (~Q(irregularity=OTHER_IRREGULARITY) & Q(tree_version__isnull=False)),
                name="ruling_tree_version_iff_tree",
            ),
            # Only a draft may lack the tree's ruling (the wizard walk may be unfinished).
            models.CheckConstraint(
                condition=Q(status=Status.DRAFT)
                | Q(irregularity=OTHER_IRREGULARITY)
                | Q(outcome__isnull=False),
                name="ruling_outcome_unless_draft",
            ),
            # Signed off exactly when reviewed.
            models.CheckConstraint(
                condition=(
                    Q(status=Status.REVIEWED)
                    & Q(signed_off_at__isnull=False)
                    & Q(signed_off_by__isnull=False)
                )
                | (
                    ~Q(status=Status.REVIEWED) & Q(signed_off_at__isnull=True) & Q(signed_off_by__isnull=True)
                ),
                name="ruling_signed_off_iff_reviewed",
            ),
            models.CheckConstraint(
                condition=Q(adjustment__isnull=True, adjustment_result__isnull=True)
                | Q(adjustment__isnull=False, adjustment_result__isnull=False),
                name="ruling_adjustment_has_result",
            ),
        ]
        # The log's order (newest first) within a club, and each filter followed by that order, so a page of
        # any filter is read from an index in order (issue 20; tests/clubs/test_scale.py checks the plans).
        # The free-text index is not here: a pg_trgm expression index or an SQLite FTS5 table (clubs.fulltext).
        indexes = [
            models.Index(fields=["club", "-date", "-number"], name="ruling_club_order_idx"),
            models.Index(fields=["club", "director", "-date", "-number"], name="ruling_club_director_idx"),
            models.Index(fields=["club", "status", "-date", "-number"], name="ruling_club_status_idx"),
            models.Index(fields=["club", "irregularity", "-date", "-number"], name="ruling_club_irreg_idx"),
            # The log filtered and counted by edition (issue 29): a director of both codes' events.
            models.Index(fields=["club", "edition", "-date", "-number"], name="ruling_club_edition_idx"),
            models.Index(fields=["club", "board"], name="ruling_club_board_idx"),
            # The text filter finds records by id (clubs.fulltext) and orders them by date and number: read from
            # this index alone, not from each found record's row (SQLite, 1,000 matches of 100,000: 5.2 → 2.0 ms).
            models.Index(fields=["id", "club", "date", "number"], name="ruling_id_order_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.club} #{self.number}"

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", args=[self.club_id, self.number])

    @staticmethod
    def url_maker(club_id: int) -> Callable[[int], str]:
        """:meth:`get_absolute_url` of the club's records by number, reversed once: a page of records joins each
        number to it (a reverse costs ~20 µs; a page holds 50)."""
        head = reverse("clubs:detail", args=[club_id, 1]).removesuffix("1/")
        return lambda number: f"{head}{int(number)}/"

    @property
    def board_info(self) -> bridge.Board:
        """Law 2: dealer and vulnerability follow from the board number."""
        return bridge.board_info(self.board)

    @property
    def dealer(self) -> str:
        return self.board_info.dealer.value

    @property
    def vulnerability(self) -> str:
        return self.board_info.vulnerability.value

    @classmethod
    def label_of(cls, name: str) -> StrOrPromise:
        """The translatable name of a field (or of the appeal), as the revision history and the CSV show it; a
        name the model does not have (an old revision's) is shown as it is."""
        if name == "appeal":
            return Appeal._meta.verbose_name or name
        try:
            field = cls._meta.get_field(name)
        except FieldDoesNotExist:
            return name
        return field.verbose_name if isinstance(field, models.Field) else name  # a reverse relation: its name

    @property
    def appeal_or_none(self) -> Appeal | None:
        return getattr(self, "appeal", None)  # the reverse one-to-one raises when there is none

    @property
    def is_editable(self) -> bool:
        """Once appealed or signed off, the ruling as given is what the committee and reviewer saw."""
        return self.status in EDITABLE_STATUSES

    def can_be_finalised(self) -> bool:
        """A draft becomes the ruling given (final); nothing else moves back or forth through an edit."""
        return self.status == Status.DRAFT

    def can_be_appealed(self) -> bool:
        """Law 92A: a contestant may appeal a ruling the director has given (final), once."""
        return self.status == Status.FINAL and self.appeal_or_none is None

    def has_pending_appeal(self) -> bool:
        """Law 93: an appeal lodged and not yet decided is for the appeals committee to decide."""
        appeal = self.appeal_or_none
        return self.status == Status.APPEALED and appeal is not None and not appeal.is_decided

    def can_be_signed_off(self) -> bool:
        """The chief director's review: a final ruling, or an appealed one once the committee has decided."""
        if self.status == Status.FINAL:
            return True
        appeal = self.appeal_or_none
        return self.status == Status.APPEALED and appeal is not None and appeal.is_decided


class RulingCount(models.Model):
    """How many of a club's records fall in a month with one irregularity, status and director. Written only by
    the database's triggers on the records table (clubs.counts), never by Django: the statistics and the list's
    total read these rows, so they stay flat however long the log grows. Derived data: not exported, not
    restored separately (a backup carries the table and its triggers), recounted by ``check_log_counts --repair``.

    No foreign-key constraints: the triggers write a row in the same statement as the record, and the records'
    own keys already hold the club and the director (PROTECT)."""

    club = models.ForeignKey(
        Club,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,  # the key's leading column
        related_name="+",
        verbose_name=_("俱乐部"),
    )
    month = models.DateField(_("月份"))
    irregularity = models.CharField(_("违规类型"), max_length=50)
    status = models.CharField(_("状态"), max_length=10)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,  # read within a club, through the key
        related_name="+",
        verbose_name=_("裁判"),
    )
    n = models.IntegerField(_("记录数"))

    class Meta:
        verbose_name = _("裁决记录计数")
        verbose_name_plural = _("裁决记录计数")
        constraints = [
            # The triggers' ON CONFLICT target; its leading club makes it the statistics' index too.
            models.UniqueConstraint(
                fields=["club", "month", "irregularity", "status", "director"], name="ruling_count_key"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club_id} {self.month:%Y-%m} {self.irregularity} {self.status} {self.director_id}: {self.n}"


class AppendOnly(models.Model):
    """Rows that are written once and never changed or deleted through the ORM's instance API."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError(f"{type(self).__name__} is append-only: it cannot be changed once written")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError(f"{type(self).__name__} is append-only: it cannot be deleted")


class Action(models.TextChoices):
    CREATED = "created", _("创建")
    UPDATED = "updated", _("修改")
    FINALISED = "finalised", _("裁定")
    APPEAL_LODGED = "appeal_lodged", _("登记申诉")
    APPEAL_DECIDED = "appeal_decided", _("登记仲裁决定")
    APPEAL_COMMITTEE = "appeal_committee", _("填写仲裁委员会部分")
    SIGNED_OFF = "signed_off", _("复核签字")
    COMMENT_HIDDEN = "comment_hidden", _("隐藏复核意见")


class RulingRevision(AppendOnly):
    record = models.ForeignKey(
        RulingRecord, on_delete=models.PROTECT, related_name="revisions", verbose_name=_("裁决记录")
    )
    # The record's version after this change: revision n is how version n came to be.
    number = models.PositiveIntegerField(_("版本"))
    rows: list[
        dict
    ]  # not a column: the record pages set it to the change's rows (revision_words.change_rows)
    action = models.CharField(_("操作"), max_length=20, choices=Action.choices)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("修改人")
    )
    at = models.DateTimeField(_("时间"), auto_now_add=True)
    # {"field": {"old": …, "new": …}} for every field that changed (JSON values: dates as ISO text,
    # users by username).
    changes = models.JSONField(_("修改内容"), default=dict)

    class Meta:
        db_table = (
            "rulings_rulingrevision"  # the table the app was born with (rulings), kept on the move to clubs
        )
        ordering = ["record", "number"]
        verbose_name = _("修改记录")
        verbose_name_plural = _("修改记录")
        constraints = [
            models.UniqueConstraint(fields=["record", "number"], name="revision_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="revision_number_positive"),
            models.CheckConstraint(condition=Q(action__in=Action.values), name="revision_action_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.record} v{self.number} {self.action}"


class ReviewComment(AppendOnly):
    record = models.ForeignKey(
        RulingRecord, on_delete=models.PROTECT, related_name="comments", verbose_name=_("裁决记录")
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("作者")
    )
    at = models.DateTimeField(_("时间"), auto_now_add=True)
    text = models.TextField(
        _("复核意见"),
        help_text=_("Markdown；显示前会清理。"),
        validators=[MaxLengthValidator(SHORT_TEXT_LIMIT), validate_text],
    )
    text_html = models.TextField(_("复核意见（HTML）"), blank=True, default="", editable=False)
    # A chief director may hide a comment (clubs.services.comment_hide): it is kept, its text shown to chief
    # directors only, and the record's history says who hid it, when and why. Set once, through the service.
    hidden_at = models.DateTimeField(_("隐藏时间"), null=True, blank=True, editable=False)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        editable=False,
        verbose_name=_("隐藏人"),
    )
    hidden_reason = models.CharField(_("隐藏理由"), max_length=500, blank=True, editable=False)

    class Meta:
        db_table = (
            "rulings_reviewcomment"  # the table the app was born with (rulings), kept on the move to clubs
        )
        ordering = ["record", "at", "pk"]
        verbose_name = _("复核意见")
        verbose_name_plural = _("复核意见")
        constraints = [
            models.CheckConstraint(condition=~Q(text=""), name="comment_not_empty"),
            models.CheckConstraint(
                condition=Q(hidden_at__isnull=True, hidden_by__isnull=True)
                | Q(hidden_at__isnull=False, hidden_by__isnull=False),
                name="comment_hidden_by_iff_hidden",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.record}: {self.author}"

    @property
    def is_hidden(self) -> bool:
        return self.hidden_at is not None


class Decision(models.TextChoices):
    PENDING = "pending", _("待裁定")
    UPHELD = "upheld", _("维持原裁决")
    CHANGED = "changed", _("变更裁决")
    WITHDRAWN = "withdrawn", _("申诉撤回")


class Appeal(models.Model):
    """Law 92/93: an appeal against the director's ruling, heard by the appeals committee (仲裁委员会)."""

    record = models.OneToOneField(
        RulingRecord, on_delete=models.PROTECT, related_name="appeal", verbose_name=_("裁决记录")
    )
    lodged_at = models.DateTimeField(_("申诉时间"))
    appellant = models.CharField(
        _("申诉方"), max_length=200, help_text=_("如：南北 张三／李四"), validators=[validate_one_line]
    )
    reason = models.TextField(
        _("申诉理由"), blank=True, validators=[MaxLengthValidator(SHORT_TEXT_LIMIT), validate_text]
    )
    reason_html = models.TextField(_("申诉理由（HTML）"), blank=True, default="", editable=False)
    # Only when the event's supplementary regulations set one (1997 Law 92: deposits are a sponsor's option).
    deposit = models.DecimalField(
        _("申诉保证金"),
        max_digits=8,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("仅当本赛事的补充规程规定了申诉保证金时填写。"),
        validators=[MinValueValidator(0)],
    )
    deposit_returned = models.BooleanField(_("保证金退还"), null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("登记人")
    )
    committee = models.CharField(_("仲裁委员会"), max_length=200, blank=True, validators=[validate_one_line])
    decision = models.CharField(
        _("仲裁决定"), max_length=10, choices=Decision.choices, default=Decision.PENDING
    )
    decision_text = models.TextField(
        _("决定说明"), blank=True, validators=[MaxLengthValidator(SHORT_TEXT_LIMIT), validate_text]
    )
    decision_text_html = models.TextField(_("决定说明（HTML）"), blank=True, default="", editable=False)
    decided_at = models.DateTimeField(_("决定时间"), null=True, blank=True)
    # The committee's part of the appeal file (bridge.appeal_file.read_committee: the opponents' submission,
    # the members, the 12C3 weights and their equity score), written by a committee member or chief director.
    committee_file = models.JSONField(_("仲裁委员会部分"), null=True, blank=True)

    class Meta:
        db_table = "rulings_appeal"  # the table the app was born with (rulings), kept on the move to clubs
        verbose_name = _("申诉")
        verbose_name_plural = _("申诉")
        constraints = [
            models.CheckConstraint(condition=Q(decision__in=Decision.values), name="appeal_decision_valid"),
            models.CheckConstraint(
                condition=(Q(decision=Decision.PENDING) & Q(decided_at__isnull=True))
                | (~Q(decision=Decision.PENDING) & Q(decided_at__isnull=False)),
                name="appeal_decided_at_iff_decided",
            ),
            models.CheckConstraint(
                condition=Q(deposit__isnull=True) | Q(deposit__gte=0), name="appeal_deposit_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(deposit_returned__isnull=True) | Q(deposit__isnull=False),
                name="appeal_deposit_returned_needs_deposit",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.record}: {self.appellant}"

    @property
    def is_decided(self) -> bool:
        """Law 93: the committee has decided (upheld, changed) or the appeal was withdrawn."""
        return self.decision != Decision.PENDING


class FieldLimits(TypedDict, total=False):
    """The keyword arguments :func:`field_limits` gives a form or serializer field."""

    max_length: int
    min_value: int
    max_value: int


def field_limits(model: type[models.Model], name: str) -> FieldLimits:
    """The limits the model field ``name`` sets: ``max_length`` (a CharField's, or the MaxLengthValidator of a
    TextField), ``min_value`` and ``max_value`` (its range validators), as keyword arguments for a form or
    serializer field. The forms, the services and the API read them here, so each limit is written once."""
    field = model._meta.get_field(name)
    limits: FieldLimits = {}
    if not isinstance(field, models.Field):  # a reverse relation sets no limit
        return limits
    if field.max_length:
        limits["max_length"] = field.max_length
    ranged = not isinstance(field, models.DateField)  # a date's range is the model's to check (callable)
    for validator in field.validators:
        if isinstance(validator, MaxLengthValidator):
            limit = validator.limit_value
            limits["max_length"] = min(limit, limits.get("max_length", limit))
        elif isinstance(validator, MaxValueValidator) and ranged:
            limit = validator.limit_value
            limits["max_value"] = min(limit, limits.get("max_value", limit))
        elif isinstance(validator, MinValueValidator) and ranged:
            limit = validator.limit_value
            limits["min_value"] = max(limit, limits.get("min_value", limit))
    return limits
