"""Reads of the club rulings log (issue 7): clubs and roles, the filtered review list, statistics, a record's
history and its replay against the current tree."""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.db.models.functions import TruncMonth
from django.utils.translation import gettext as _

from bridge import EngineError
from bridge.trees import evaluate
from clubs.models import (
    OTHER_IRREGULARITY,
    ROLE_CAPABILITIES,
    Capability,
    Club,
    Membership,
    ReviewComment,
    RulingRecord,
    RulingRevision,
)
from config import language
from config.errors import error_text
from rulings.trees import trees

User = get_user_model()


def membership_get(*, user, club: Club | int) -> Membership | None:
    if user is None or not user.is_authenticated:
        return None
    return Membership.objects.filter(user=user, club=club).select_related("club").first()


def club_list_for_user(*, user) -> QuerySet[Membership]:
    return Membership.objects.filter(user=user).select_related("club").order_by("club__name")


def user_get(*, pk: int | None = None, username: str | None = None):
    """A user by id or by username; None if there is none."""
    if pk is not None:
        return User.objects.filter(pk=pk).first()
    return User.objects.filter(username=username).first() if username else None


def club_directors(*, club: Club) -> QuerySet:
    """Members who may direct (record rulings): the choices of the record form's director field."""
    roles = [role for role, capabilities in ROLE_CAPABILITIES.items() if Capability.RECORD in capabilities]
    return User.objects.filter(memberships__club=club, memberships__role__in=roles).order_by("username")


def club_members(*, club: Club) -> QuerySet[Membership]:
    return Membership.objects.filter(club=club).select_related("user").order_by("role", "user__username")


def irregularity_choices() -> list[tuple[str, str]]:
    """(code, name in the reader's language) for every tree, then 其他."""
    return [(slug, _tree_title(tree)) for slug, tree in trees().items()] + [
        (OTHER_IRREGULARITY, _("其他违规"))
    ]


def _tree_title(tree) -> str:
    """A tree's title in the reader's language (its title_en in English)."""
    return tree.title_en if language.english() and tree.title_en else tree.title


def irregularity_label(code: str) -> str:
    tree = trees().get(code)
    if tree is not None:
        return _tree_title(tree)
    return _("其他违规") if code == OTHER_IRREGULARITY else code


@dataclass(frozen=True)
class RulingFilters:
    """The review list's filters; every field optional."""

    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    director: int | None = None
    irregularity: str | None = None
    status: str | None = None
    text: str | None = None


def ruling_list(*, club: Club, filters: RulingFilters | None = None) -> QuerySet[RulingRecord]:
    filters = filters or RulingFilters()
    records = RulingRecord.objects.filter(club=club).select_related("director", "club", "appeal")
    if filters.date_from:
        records = records.filter(date__gte=filters.date_from)
    if filters.date_to:
        records = records.filter(date__lte=filters.date_to)
    if filters.director:
        records = records.filter(director_id=filters.director)
    if filters.irregularity:
        records = records.filter(irregularity=filters.irregularity)
    if filters.status:
        records = records.filter(status=filters.status)
    if filters.text:
        text = filters.text.strip()
        query = (
            Q(event__icontains=text)
            | Q(session__icontains=text)
            | Q(table__icontains=text)
            | Q(statement__icontains=text)
            | Q(notes__icontains=text)
            | Q(director__username__icontains=text)
            | Q(appeal__appellant__icontains=text)
        )
        if text.isdigit():
            query |= Q(board=int(text)) | Q(number=int(text))
        records = records.filter(query)
    return records.order_by("-date", "-number")


def ruling_get(*, club: Club, number: int) -> RulingRecord | None:
    return (
        RulingRecord.objects.filter(club=club, number=number)
        .select_related("director", "created_by", "signed_off_by", "club")
        .first()
    )


def ruling_revisions(*, record: RulingRecord) -> QuerySet[RulingRevision]:
    return record.revisions.select_related("author").order_by("number")


def ruling_comments(*, record: RulingRecord) -> QuerySet[ReviewComment]:
    return record.comments.select_related("author")


def ruling_revisions_since(*, record: RulingRecord, version: int) -> QuerySet[RulingRevision]:
    """The changes made after ``version``: what an editor who started from ``version`` has not seen."""
    return record.revisions.select_related("author").filter(number__gt=version).order_by("number")


@dataclass
class Statistics:
    """Irregularities by type and month: ``counts[(code, month)]``, with the totals each way."""

    months: list[datetime.date] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    counts: dict[tuple[str, datetime.date], int] = field(default_factory=dict)
    by_kind: Counter = field(default_factory=Counter)
    by_month: Counter = field(default_factory=Counter)

    @property
    def total(self) -> int:
        return sum(self.by_kind.values())

    def rows(self) -> list[dict]:
        """One row per type: its label, its count per month, its total (for the table under the chart)."""
        return [
            {
                "code": kind,
                "label": irregularity_label(kind),
                "counts": [self.counts.get((kind, month), 0) for month in self.months],
                "total": self.by_kind[kind],
            }
            for kind in self.kinds
        ]


def ruling_statistics(*, records: QuerySet[RulingRecord]) -> Statistics:
    rows = (
        records.order_by()
        .annotate(month=TruncMonth("date"))
        .values("irregularity", "month")
        .order_by("month", "irregularity")
    )
    stats = Statistics()
    counts: Counter = Counter()
    for row in rows:
        month = row["month"]
        if isinstance(month, datetime.datetime):
            month = month.date()
        counts[(row["irregularity"], month)] += 1
    if not counts:
        return stats
    first = min(month for _, month in counts)
    last = max(month for _, month in counts)
    month = first
    while month <= last:  # every month in the span, so a quiet month shows as a gap, not a skip
        stats.months.append(month)
        month = (month.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
    for (kind, month), count in counts.items():
        stats.by_kind[kind] += count
        stats.by_month[month] += count
    order = [code for code, _ in irregularity_choices()]
    stats.kinds = sorted(stats.by_kind, key=lambda kind: (order.index(kind) if kind in order else 99, kind))
    stats.counts = dict(counts)
    return stats


@dataclass(frozen=True)
class Replay:
    """The record's facts evaluated with the tree as it is now, beside the ruling as it was given."""

    tree_version: int | None
    same: bool
    outcome: Mapping | None = None
    laws: tuple[str, ...] = ()
    error: str | None = None


def ruling_replay(*, record: RulingRecord) -> Replay | None:
    """None for an irregularity without a tree or a walk not finished when it was recorded."""
    tree = trees().get(record.irregularity)
    if tree is None or record.outcome is None:
        return None
    try:
        evaluation = evaluate(tree, record.facts)
    except EngineError as exc:
        return Replay(tree.version, False, error=error_text(exc))  # shown on the page, in its language
    if evaluation.ruling is None:
        question = language.pick(evaluation.question.text) if evaluation.question else ""
        return Replay(tree.version, False, error=_("当前的决策树还需要回答：%(q)s") % {"q": question})
    data = evaluation.ruling.as_dict()
    laws = tuple(data.pop("laws"))
    given = {key: value for key, value in record.outcome.items() if key != "script"}
    now = {key: value for key, value in data.items() if key != "script"}
    return Replay(tree.version, given == now and list(laws) == list(record.laws), data, laws)
