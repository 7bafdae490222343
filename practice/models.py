"""Practice state (docs/design.md §1, trainee directors): every answer given, and one spaced-repetition card per item.

A learner is either a signed-in user or, for an anonymous visitor, a random token kept in the browser session
(``practice.selectors.Learner``); exactly one of the two is set on every row (a database constraint).
Items are scenario ids from ``fixtures/scenarios`` or drill ids (``drill-<tree>-<seed>``).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from practice.core.vocabulary import DIFFICULTIES, TOPICS


class Topic(models.TextChoices):
    INSUFFICIENT_BID = "insufficient_bid", _("不足叫牌")
    CALL_OUT_OF_ROTATION = "call_out_of_rotation", _("越序叫牌")
    CHANGE_OF_CALL = "change_of_call", _("更改叫牌")
    INADMISSIBLE_CALL = "inadmissible_call", _("不能成立的叫牌")
    EXPOSED_CARD_AUCTION = "exposed_card_auction", _("竞叫期间暴露牌张")
    LEAD_OUT_OF_TURN = "lead_out_of_turn", _("越序引牌")
    REVOKE = "revoke", _("藏牌")
    PENALTY_CARD = "penalty_card", _("罚张")
    DUMMY = "dummy", _("明手违规")
    CLAIM = "claim", _("声称与承认")
    WRONG_CARDS = "wrong_cards", _("牌张数目有误与打错牌")
    UNAUTHORIZED_INFORMATION = "unauthorized_information", _("非法信息")
    MISINFORMATION = "misinformation", _("错误信息")
    SCORES = "scores", _("计分")
    ADJUSTED_SCORES = "adjusted_scores", _("调整分")
    LAW_LOOKUP = "law_lookup", _("查找条款")


assert tuple(Topic.values) == TOPICS, "Topic choices must follow practice.core.vocabulary.TOPICS"

ONE_LEARNER = Q(user__isnull=False, session_token__isnull=True) | Q(
    user__isnull=True, session_token__isnull=False
)


class Source(models.TextChoices):
    BANK = "bank", _("题库")
    DRILL = "drill", _("生成练习")


class Attempt(models.Model):
    """One answer to one item, as given (append-only)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("用户"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="practice_attempts",
    )
    # NULL, not "", when a user owns the row: the one-learner constraint and the unique index rely on it.
    session_token = models.CharField(  # noqa: DJ001
        _("匿名会话标识"), max_length=40, null=True, blank=True, db_index=True
    )
    item = models.CharField(_("题目"), max_length=80)
    topic = models.CharField(_("主题"), max_length=32, choices=Topic.choices)
    difficulty = models.PositiveSmallIntegerField(_("难度"))
    source = models.CharField(_("来源"), max_length=8, choices=Source.choices, default=Source.BANK)
    correct = models.BooleanField(_("答对"))
    answers = models.JSONField(_("所作回答"), default=dict)
    created_at = models.DateTimeField(_("时间"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("答题记录")
        verbose_name_plural = _("答题记录")
        indexes = [models.Index(fields=["user", "topic"]), models.Index(fields=["session_token", "topic"])]
        constraints = [
            models.CheckConstraint(condition=ONE_LEARNER, name="practice_attempt_one_learner"),
            models.CheckConstraint(condition=Q(topic__in=TOPICS), name="practice_attempt_topic_valid"),
            models.CheckConstraint(
                condition=Q(difficulty__gte=min(DIFFICULTIES), difficulty__lte=max(DIFFICULTIES)),
                name="practice_attempt_difficulty_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.item} {'✓' if self.correct else '✗'}"


class Card(models.Model):
    """The spaced-repetition state of one item for one learner (practice.core.repetition.Card)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("用户"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="practice_cards",
    )
    # NULL, not "", when a user owns the row: the one-learner constraint and the unique index rely on it.
    session_token = models.CharField(  # noqa: DJ001
        _("匿名会话标识"), max_length=40, null=True, blank=True, db_index=True
    )
    item = models.CharField(_("题目"), max_length=80)
    topic = models.CharField(_("主题"), max_length=32, choices=Topic.choices)
    difficulty = models.PositiveSmallIntegerField(_("难度"))
    box = models.PositiveSmallIntegerField(_("熟练等级"), default=0)
    due_step = models.PositiveIntegerField(_("下次复习（按答题次数）"), default=0)
    seen = models.PositiveIntegerField(_("作答次数"), default=0)
    right = models.PositiveIntegerField(_("答对次数"), default=0)
    last_correct = models.BooleanField(_("上次答对"), null=True)
    updated_at = models.DateTimeField(_("更新时间"), auto_now=True)

    class Meta:
        ordering = ["due_step", "item"]
        verbose_name = _("复习卡片")
        verbose_name_plural = _("复习卡片")
        constraints = [
            models.CheckConstraint(condition=ONE_LEARNER, name="practice_card_one_learner"),
            models.CheckConstraint(condition=Q(topic__in=TOPICS), name="practice_card_topic_valid"),
            models.CheckConstraint(
                condition=Q(right__lte=models.F("seen")), name="practice_card_right_le_seen"
            ),
            models.UniqueConstraint(
                fields=["user", "item"],
                condition=Q(user__isnull=False),
                name="practice_card_unique_user_item",
            ),
            models.UniqueConstraint(
                fields=["session_token", "item"],
                condition=Q(session_token__isnull=False),
                name="practice_card_unique_session_item",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.item} box {self.box}"
