"""Writes of the club rulings log (issue 7). Each service runs in one transaction and either writes everything
or nothing; every change to a record bumps its version and appends a RulingRevision (who, when, what).

Bad input raises :class:`RecordError` (an EngineError, so the API answers 400 ``{"error", "field"}`` in one
place); an edit that started from an old version raises :class:`VersionConflict` (the API answers 409).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

import bridge
from bridge import EngineError
from bridge.references import parse_ref_query
from bridge.trees import evaluate, normalise_facts
from clubs.models import (
    OTHER_IRREGULARITY,
    Action,
    Appeal,
    CalledBy,
    Capability,
    Club,
    Decision,
    Membership,
    ReviewComment,
    Role,
    RulingRecord,
    RulingRevision,
    Status,
)
from rulings import calculators
from rulings.trees import trees

User = get_user_model()

# Fields a director writes; everything else on a record is derived or set by a status service.
RECORD_FIELDS = (
    "event",
    "date",
    "session",
    "board",
    "table",
    "director",
    "called_by",
    "irregularity",
    "facts",
    "laws",
    "statement",
    "notes",
    "adjustment",
    "status",
)
# Fields the services derive from the tree and the engine; recorded in revisions like the rest.
DERIVED_FIELDS = ("outcome", "edition", "tree_version", "adjustment_result")
TEXT_LIMITS = {"event": 200, "session": 50, "table": 20, "statement": 20000, "notes": 20000}
COMMENT_LIMIT = 5000


class RecordError(EngineError):
    """Bad input to a ruling-log write; ``field`` names it (``board``, ``facts.accepted``, ``adjustment.NS``…)."""


class VersionConflict(Exception):
    """The record changed since the editor loaded it: nothing was written."""

    def __init__(self, record: RulingRecord, expected: object):
        self.record = record
        self.expected = expected
        self.current = record.version
        latest = record.revisions.order_by("-number").select_related("author").first()
        who = latest.author.get_username() if latest else "?"
        when = timezone.localtime(latest.at).strftime("%Y-%m-%d %H:%M") if latest else "?"
        self.message = _(
            "此裁决已被 %(who)s 于 %(when)s 修改（当前版本 %(current)s，你的修改基于版本 %(expected)s）。"
            "你的修改没有保存：请重新打开记录，看过对方的修改后再改。"
        ) % {"who": who, "when": when, "current": self.current, "expected": expected}
        super().__init__(self.message)


# ---------------------------------------------------------------------------------------------------------
# Clubs and members


@transaction.atomic
def club_create(*, name: str) -> Club:
    name = (name or "").strip()
    if not name:
        raise RecordError(_("请填写俱乐部名称。"), "name")
    club = Club(name=name)
    _full_clean(club)
    club.save()
    return club


@transaction.atomic
def membership_set(*, club: Club, user, role: str) -> Membership:
    """Give ``user`` the ``role`` in ``club`` (adding or changing the membership)."""
    if role not in Role.values:
        raise RecordError(_("未知的角色：%(role)s") % {"role": role}, "role")
    membership = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if membership is None:
        membership = Membership(club=club, user=user, role=role)
    else:
        if membership.role == Role.CLUB_ADMIN and role != Role.CLUB_ADMIN:
            _keep_an_admin(club, membership)
        membership.role = role
    _full_clean(membership)
    membership.save()
    return membership


@transaction.atomic
def membership_remove(*, club: Club, user) -> None:
    membership = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if membership is None:
        raise RecordError(_("该用户不是本俱乐部成员。"), "user")
    if membership.role == Role.CLUB_ADMIN:
        _keep_an_admin(club, membership)
    membership.delete()


def _keep_an_admin(club: Club, membership: Membership) -> None:
    others = Membership.objects.filter(club=club, role=Role.CLUB_ADMIN).exclude(pk=membership.pk)
    if not others.exists():
        raise RecordError(_("俱乐部至少要有一名管理员。"), "role")


# ---------------------------------------------------------------------------------------------------------
# Ruling records


@transaction.atomic
def ruling_create(*, club: Club, by, **data: Any) -> RulingRecord:
    """A new record (status draft unless ``status="final"``), numbered in its club, with revision 1.

    Keyword arguments are the fields of RECORD_FIELDS; ``director`` defaults to ``by``, ``date`` to today.
    """
    unknown = set(data) - set(RECORD_FIELDS)
    if unknown:
        field = sorted(unknown)[0]
        raise RecordError(_("未知的字段：%(field)s") % {"field": field}, field)
    values = {
        "event": "",
        "date": timezone.localdate(),
        "session": "",
        "table": "",
        "director": by,
        "called_by": "",
        "irregularity": OTHER_IRREGULARITY,
        "facts": {},
        "laws": [],
        "statement": "",
        "notes": "",
        "adjustment": None,
        "status": Status.DRAFT,
        **{key: value for key, value in data.items() if value is not None or key == "adjustment"},
    }
    if values.get("board") is None:
        raise RecordError(_("请填写牌号。"), "board")
    if values["status"] not in (Status.DRAFT, Status.FINAL):
        raise RecordError(_("新记录的状态只能是草稿或已裁定。"), "status")
    cleaned = _clean(club, values, recompute_ruling=True, recompute_adjustment=True)
    with transaction.atomic():
        Club.objects.filter(pk=club.pk).update(last_ruling_number=F("last_ruling_number") + 1)
        number = Club.objects.values_list("last_ruling_number", flat=True).get(pk=club.pk)
        record = RulingRecord(club=club, number=number, version=1, created_by=by, **cleaned)
        _full_clean(record)
        _save(record)
        changes = {
            name: {"old": None, "new": _json(cleaned[name])} for name in cleaned if _present(cleaned[name])
        }
        _revise(record, by, Action.CREATED, changes)
    return record


def ruling_update(
    *, record: RulingRecord, expected_version: object, by, changes: Mapping[str, Any]
) -> RulingRecord:
    """Apply ``changes`` (a subset of RECORD_FIELDS) to ``record`` if it is still at ``expected_version``.

    Changing the irregularity or the facts re-evaluates them with the current tree; otherwise the ruling as
    given is kept, even if the tree has changed since. ``status`` may only go from draft to final here.
    """
    expected = _version(expected_version)
    unknown = set(changes) - set(RECORD_FIELDS)
    if unknown:
        field = sorted(unknown)[0]
        raise RecordError(_("未知的字段：%(field)s") % {"field": field}, field)
    with transaction.atomic():
        current = RulingRecord.objects.select_for_update().select_related("club").get(pk=record.pk)
        if current.version != expected:
            raise VersionConflict(current, expected)
        if not current.is_editable:
            raise RecordError(
                _("此裁决已%(status)s，不能再修改；请发表复核意见。")
                % {"status": current.get_status_display()},
                "status",
            )
        status = changes.get("status") or current.status
        allowed = {Status.DRAFT: (Status.DRAFT, Status.FINAL), Status.FINAL: (Status.FINAL,)}[current.status]
        if status not in allowed:
            raise RecordError(_("状态只能从草稿改为已裁定；申诉和复核另有操作。"), "status")
        values = {name: getattr(current, name) for name in RECORD_FIELDS}
        values.update(changes)
        values["status"] = status
        cleaned = _clean(
            current.club,
            values,
            recompute_ruling=bool({"facts", "laws"} & set(changes))
            or changes.get("irregularity", current.irregularity) != current.irregularity,
            recompute_adjustment=bool({"adjustment", "board"} & set(changes)),
            record=current,
        )
        diff = {}
        for name, value in cleaned.items():
            old = getattr(current, name)
            if _json(old) != _json(value):
                diff[name] = {"old": _json(old), "new": _json(value)}
        if not diff:
            return current
        # The conditional UPDATE is the version check that holds even where SELECT … FOR UPDATE is a no-op
        # (SQLite): if another edit committed first, no row matches and nothing is written.
        fields = {**cleaned, "updated_at": timezone.now()}
        for name, value in fields.items():
            setattr(current, name, value)
        _full_clean(current)
        written = RulingRecord.objects.filter(pk=current.pk, version=expected).update(
            version=expected + 1, **fields
        )
        if written != 1:
            raise VersionConflict(RulingRecord.objects.get(pk=current.pk), expected)
        current.version = expected + 1
        action = Action.FINALISED if "status" in diff else Action.UPDATED
        _revise(current, by, action, diff)
    return current


@transaction.atomic
def appeal_lodge(
    *,
    record: RulingRecord,
    by,
    appellant: str,
    reason: str = "",
    lodged_at: datetime.datetime | None = None,
    deposit: Decimal | None = None,
    expected_version: object = None,
) -> Appeal:
    """Law 92: a side appeals the ruling. Only a final ruling can be appealed; it becomes ``appealed``."""
    current = _lock(record, expected_version)
    if current.status != Status.FINAL:
        raise RecordError(_("只有已裁定的裁决可以申诉。"), "status")
    if Appeal.objects.filter(record=current).exists():
        raise RecordError(_("此裁决已有申诉。"), "appeal")
    appellant = (appellant or "").strip()
    if not appellant:
        raise RecordError(_("请填写申诉方。"), "appellant")
    if deposit is not None and deposit < 0:
        raise RecordError(_("保证金不能为负数。"), "deposit")
    appeal = Appeal(
        record=current,
        appellant=appellant,
        reason=(reason or "").strip(),
        lodged_at=lodged_at or timezone.now(),
        deposit=deposit,
        recorded_by=by,
    )
    _full_clean(appeal)
    appeal.save()
    _bump(
        current,
        by,
        Action.APPEAL_LODGED,
        {
            "status": {"old": current.status, "new": Status.APPEALED},
            "appeal": {"old": None, "new": _appeal_json(appeal)},
        },
        status=Status.APPEALED,
    )
    return appeal


@transaction.atomic
def appeal_decide(
    *,
    record: RulingRecord,
    by,
    decision: str,
    decision_text: str = "",
    committee: str = "",
    deposit_returned: bool | None = None,
    expected_version: object = None,
) -> Appeal:
    """The appeals committee's decision (Law 93), recorded once."""
    current = _lock(record, expected_version)
    appeal = Appeal.objects.select_for_update().filter(record=current).first()
    if appeal is None or current.status != Status.APPEALED:
        raise RecordError(_("此裁决没有待裁定的申诉。"), "appeal")
    if appeal.decision != Decision.PENDING:
        raise RecordError(_("仲裁决定已经登记。"), "decision")
    if decision not in Decision.values or decision == Decision.PENDING:
        raise RecordError(_("请选择仲裁决定。"), "decision")
    if deposit_returned is not None and appeal.deposit is None:
        raise RecordError(_("此申诉没有保证金。"), "deposit_returned")
    old = _appeal_json(appeal)
    appeal.decision = decision
    appeal.decision_text = (decision_text or "").strip()
    appeal.committee = (committee or "").strip()
    appeal.deposit_returned = deposit_returned
    appeal.decided_at = timezone.now()
    _full_clean(appeal)
    appeal.save()
    _bump(current, by, Action.APPEAL_DECIDED, {"appeal": {"old": old, "new": _appeal_json(appeal)}})
    return appeal


@transaction.atomic
def ruling_sign_off(*, record: RulingRecord, by, expected_version: object = None) -> RulingRecord:
    """The chief director's review: a final ruling, or an appealed one whose appeal is decided, is signed off."""
    current = _lock(record, expected_version)
    if current.status == Status.APPEALED:
        appeal = Appeal.objects.filter(record=current).first()
        if appeal is None or appeal.decision == Decision.PENDING:
            raise RecordError(_("申诉尚未裁定，不能复核签字。"), "appeal")
    elif current.status != Status.FINAL:
        raise RecordError(_("只有已裁定或已申诉的裁决可以复核签字。"), "status")
    now = timezone.now()
    _bump(
        current,
        by,
        Action.SIGNED_OFF,
        {
            "status": {"old": current.status, "new": Status.REVIEWED},
            "signed_off_by": {"old": None, "new": by.get_username()},
        },
        status=Status.REVIEWED,
        signed_off_by=by,
        signed_off_at=now,
    )
    return current


@transaction.atomic
def review_comment_add(*, record: RulingRecord, by, text: str):
    text = (text or "").strip()
    if not text:
        raise RecordError(_("请填写意见。"), "text")
    if len(text) > COMMENT_LIMIT:
        raise RecordError(_("意见太长（最多 %(n)s 字）。") % {"n": COMMENT_LIMIT}, "text")
    comment = ReviewComment(record=record, author=by, text=text)
    _full_clean(comment)
    comment.save()
    return comment


# ---------------------------------------------------------------------------------------------------------
# Helpers


def _version(value: object) -> int:
    if isinstance(value, bool):
        raise RecordError(_("请给出你修改所基于的版本号（version）。"), "version")
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if not isinstance(value, int) or value < 1:
        raise RecordError(_("请给出你修改所基于的版本号（version）。"), "version")
    return value


def _lock(record: RulingRecord, expected_version: object) -> RulingRecord:
    current = RulingRecord.objects.select_for_update().get(pk=record.pk)
    if expected_version is not None and current.version != _version(expected_version):
        raise VersionConflict(current, expected_version)
    return current


def _bump(record: RulingRecord, by, action: str, changes: dict, **fields) -> None:
    """A status change: the same version check and revision as an edit."""
    expected = record.version
    fields["updated_at"] = timezone.now()
    written = RulingRecord.objects.filter(pk=record.pk, version=expected).update(
        version=expected + 1, **fields
    )
    if written != 1:
        raise VersionConflict(RulingRecord.objects.get(pk=record.pk), expected)
    for name, value in fields.items():
        setattr(record, name, value)
    record.version = expected + 1
    _revise(record, by, action, changes)


def _revise(record: RulingRecord, by, action: str, changes: dict) -> RulingRevision:
    revision = RulingRevision(record=record, number=record.version, action=action, author=by, changes=changes)
    revision.save()
    return revision


def _clean(
    club: Club,
    values: dict[str, Any],
    *,
    recompute_ruling: bool,
    recompute_adjustment: bool,
    record: RulingRecord | None = None,
) -> dict[str, Any]:
    """Check and normalise the director's fields; derive the ruling and the adjusted score."""
    out: dict[str, Any] = {}
    for name, limit in TEXT_LIMITS.items():
        value = values.get(name) or ""
        if not isinstance(value, str):
            raise RecordError(_("%(field)s 必须是文本。") % {"field": name}, name)
        value = value.strip()
        if len(value) > limit:
            raise RecordError(_("%(field)s 太长（最多 %(n)s 字）。") % {"field": name, "n": limit}, name)
        out[name] = value
    if not out["event"]:
        raise RecordError(_("请填写赛事名称。"), "event")
    date = values.get("date")
    if not isinstance(date, datetime.date) or isinstance(date, datetime.datetime):
        raise RecordError(_("日期格式应为 YYYY-MM-DD。"), "date")
    out["date"] = date
    out["board"] = _board(values.get("board"))
    called_by = values.get("called_by") or ""
    if called_by not in CalledBy.values and called_by != "":
        raise RecordError(_("叫裁判者只能是 N、E、S、W、director 或 other。"), "called_by")
    out["called_by"] = called_by
    out["director"] = _director(club, values.get("director"))
    out["status"] = values.get("status") or Status.DRAFT

    irregularity = values.get("irregularity") or ""
    if not isinstance(irregularity, str) or (
        irregularity != OTHER_IRREGULARITY and irregularity not in trees()
    ):
        choices = ", ".join([*trees(), OTHER_IRREGULARITY])
        raise RecordError(
            _("未知的违规类型 %(value)s（可选：%(choices)s）。")
            % {"value": irregularity, "choices": choices},
            "irregularity",
        )
    out["irregularity"] = irregularity
    kept = None
    if record is not None:
        kept = {
            "facts": record.facts,
            "laws": record.laws,
            "outcome": record.outcome,
            "edition": record.edition,
            "tree_version": record.tree_version,
        }
    if recompute_ruling or kept is None or (out["status"] == Status.FINAL and _unfinished(record)):
        derived = _ruling(irregularity, values.get("facts"), values.get("laws"), out["status"])
        # The same walk keeps the ruling as it was given: a tree changed since is not applied silently.
        if (
            kept is not None
            and irregularity == record.irregularity
            and irregularity != OTHER_IRREGULARITY
            and record.outcome is not None
            and derived["facts"] == record.facts
        ):
            derived = kept
        out.update(derived)
    else:
        out.update(kept)
    if recompute_adjustment:
        out.update(_adjustment(values.get("adjustment"), out["board"]))
    else:
        assert record is not None
        out.update(adjustment=record.adjustment, adjustment_result=record.adjustment_result)
    return out


def _unfinished(record: RulingRecord) -> bool:
    return record.irregularity != OTHER_IRREGULARITY and record.outcome is None


def _board(value: object) -> int:
    try:
        return calculators.whole_number(value, "board", low=1, high=999)
    except EngineError as exc:
        raise RecordError(_("牌号必须是 1 到 999 的整数。"), "board") from exc


def _director(club: Club, value: object):
    if isinstance(value, User):
        user = value
    elif isinstance(value, int) and not isinstance(value, bool):
        user = User.objects.filter(pk=value).first()
    elif isinstance(value, str) and value.strip():
        user = User.objects.filter(username=value.strip()).first()
    else:
        user = None
    if user is None:
        raise RecordError(_("请选择本俱乐部的一名裁判。"), "director")
    membership = Membership.objects.filter(club=club, user=user).first()
    if membership is None or not membership.can(Capability.RECORD):
        raise RecordError(_("%(user)s 不是本俱乐部的裁判。") % {"user": user.get_username()}, "director")
    return user


def _ruling(irregularity: str, facts: object, laws: object, status: str) -> dict[str, Any]:
    """Evaluate the facts with the tree: the outcome and laws as given, the edition and the tree version."""
    if facts is None:
        facts = {}
    if not isinstance(facts, Mapping):
        raise RecordError(_("facts 必须是一个对象（事实名称 → 答案）。"), "facts")
    if irregularity == OTHER_IRREGULARITY:
        if facts:
            raise RecordError(_("“其他违规”没有决策树，不能填写向导答案。"), "facts")
        return {
            "facts": {},
            "laws": _laws(laws),
            "outcome": None,
            "edition": settings.LAWS_DEFAULT_EDITION,
            "tree_version": None,
        }
    tree = trees()[irregularity]
    given = {name: value for name, value in facts.items() if value not in (None, "")}
    try:
        normalised = normalise_facts(tree, given)
        evaluation = evaluate(tree, given)
    except EngineError as exc:
        name = getattr(exc, "fact", None) or exc.field
        raise RecordError(exc.message, f"facts.{name}" if name else "facts") from exc
    stored = {
        name: value if isinstance(value, bool | int | str) else str(value)
        for name, value in normalised.items()
    }
    if evaluation.status != "ruling":
        question = evaluation.question
        if status != Status.DRAFT:
            raise RecordError(
                _("向导尚未得出裁决：还需回答“%(question)s”。只能先保存为草稿。")
                % {"question": question.text.zh},
                f"facts.{question.fact}",
            )
        outcome, ruling_laws = None, []
    else:
        data = evaluation.ruling.as_dict()
        ruling_laws = data.pop("laws")
        outcome = data
    return {
        "facts": stored,
        "laws": ruling_laws,
        "outcome": outcome,
        "edition": tree.edition,
        "tree_version": tree.version,
    }


def _laws(value: object) -> list[str]:
    """Laws a director cites for an irregularity without a tree: 27B1, 第27条B款1项, Law 27B1 → 27B1."""
    if value in (None, ""):
        return []
    if isinstance(value, str):
        value = [
            part for part in value.replace("，", ",").replace("、", ",").replace(" ", ",").split(",") if part
        ]
    if not isinstance(value, list | tuple):
        raise RecordError(_("laws 必须是条款列表。"), "laws")
    refs: list[str] = []
    for index, item in enumerate(value):
        ref = parse_ref_query(item) if isinstance(item, str) else None
        if ref is None:
            raise RecordError(
                _("看不懂的条款：%(ref)s（例如 27B1 或 第27条B款1项）") % {"ref": item}, f"laws[{index}]"
            )
        if ref not in refs:
            refs.append(ref)
    return refs


def _adjustment(body: object, board: int) -> dict[str, Any]:
    """The score adjustment for each side through the adjusted-score engine (Laws 12, 86, 88)."""
    if body in (None, {}):
        return {"adjustment": None, "adjustment_result": None}
    if not isinstance(body, Mapping):
        raise RecordError(_("adjustment 必须是一个对象。"), "adjustment")
    request = dict(body)
    if request.get("method") in ("assigned", "weighted") and not request.get("vulnerability"):
        # Law 2: the board number gives the vulnerability the adjusted scores are computed at.
        request["vulnerability"] = calculators.board_data(bridge.board_info(board))["vulnerability"]
    try:
        result = calculators.adjusted_score(request)
    except EngineError as exc:
        raise RecordError(exc.message, f"adjustment.{exc.field}" if exc.field else "adjustment") from exc
    return {"adjustment": dict(body), "adjustment_result": result}


def _present(value: object) -> bool:
    return value not in (None, "", [], {})


def _json(value: object) -> object:
    """A value as it is kept in a revision: JSON, users by username."""
    if isinstance(value, User):
        return value.get_username()
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _appeal_json(appeal: Appeal) -> dict:
    return {
        "appellant": appeal.appellant,
        "lodged_at": _json(appeal.lodged_at),
        "reason": appeal.reason,
        "deposit": _json(appeal.deposit),
        "deposit_returned": appeal.deposit_returned,
        "committee": appeal.committee,
        "decision": appeal.decision,
        "decision_text": appeal.decision_text,
    }


def _full_clean(instance) -> None:
    """Model validation as a RecordError naming the first field at fault (never a 500 for bad input)."""
    try:
        instance.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        if hasattr(exc, "error_dict"):
            field, errors = next(iter(exc.error_dict.items()))
            raise RecordError(str(errors[0].messages[0]), field) from exc
        raise RecordError(exc.messages[0], None) from exc


def _save(record: RulingRecord) -> None:
    try:
        with transaction.atomic():
            record.save()
    except IntegrityError as exc:  # a database constraint caught what the checks above should have
        raise RecordError(_("记录不符合数据库约束：%(error)s") % {"error": exc}, None) from exc
