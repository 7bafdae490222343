"""Writes of ruling records: a new record, an edit, the chief director's sign-off.

The director's fields are checked and normalised here (the texts within the model's limits, the board, the
director's role); the ruling is derived from the tree's facts and the adjusted score from the engine, and kept as
given: an edit re-evaluates only a changed walk, so a ruling replays after its tree changes (docs/design.md §8.5).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, cast

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

import bridge
from bridge import EngineError
from bridge.adjustment import adjusted_answer
from bridge.inputs import whole_number
from bridge.references import parse_ref_query
from bridge.trees import evaluate, normalise_facts
from clubs.errors import RecordError, conflict
from clubs.models import (
    EDITABLE_STATUSES,
    OTHER_IRREGULARITY,
    Action,
    CalledBy,
    Capability,
    Club,
    RulingRecord,
    Status,
    field_limits,
)
from clubs.permissions import club_access
from clubs.services.common import (
    User,
    as_json,
    full_clean,
    json_clean,
    present,
    revision_add,
    ruling_bump,
    ruling_lock,
    save,
    text_clean,
    user_html,
    version_parse,
)
from clubs.validators import EARLIEST_DATE, latest_date
from core import language
from rulings.trees import tree_editions, trees

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
    "edition",
    "facts",
    "laws",
    "statement",
    "notes",
    "adjustment",
    "status",
)
# Fields the services derive from the tree and the engine; recorded in revisions like the rest.
DERIVED_FIELDS = ("outcome", "edition", "tree_version", "adjustment_result")
TEXT_FIELDS = ("event", "session", "table", "statement", "notes")
# The Markdown texts and the column each one's HTML is kept in (rendered once, when written).
HTML_FIELDS = {"statement": "statement_html", "notes": "notes_html"}
# The keys of an adjusted-score request the engine reads (bridge.adjustment.adjusted_answer), by method: a
# record stores only these, never the body as given (``edition``: the code the laws are cited in, default ccba-1999).
ADJUSTMENT_KEYS = {
    "artificial": ("method", "form", "fault", "session_percent", "edition"),
    "assigned": ("method", "vulnerability", "NS", "EW", "edition"),
    "weighted": ("method", "vulnerability", "outcomes", "other_table_score_ns", "field_scores_ns", "edition"),
}


@transaction.atomic
def ruling_create(*, club: Club, by, **data: Any) -> RulingRecord:
    """A new record (status draft unless ``status="final"``), numbered in its club, with revision 1.

    Keyword arguments are the fields of RECORD_FIELDS; ``director`` defaults to ``by``, ``date`` to today.
    """
    _known_fields(data)
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
        raise RecordError(_("请填写牌号。"), "board", code="required")
    if values["status"] not in EDITABLE_STATUSES:
        raise RecordError(_("新记录的状态只能是草稿或已裁定。"), "status", code="status_initial")
    cleaned = _clean(club, values, recompute_ruling=True, recompute_adjustment=True)
    with transaction.atomic():
        Club.objects.filter(pk=club.pk).update(last_ruling_number=F("last_ruling_number") + 1)
        number = Club.objects.values_list("last_ruling_number", flat=True).get(pk=club.pk)
        html = {column: user_html(cleaned[name]) for name, column in HTML_FIELDS.items()}
        record = RulingRecord(club=club, number=number, version=1, created_by=by, **cleaned, **html)
        full_clean(record)
        save(record)
        changes = {
            name: {"old": None, "new": as_json(cleaned[name])} for name in cleaned if present(cleaned[name])
        }
        revision_add(record, by, Action.CREATED, changes)
    return record


def ruling_update(
    *, record: RulingRecord, expected_version: object, by, changes: Mapping[str, Any]
) -> RulingRecord:
    """Apply ``changes`` (a subset of RECORD_FIELDS) to ``record`` if it is still at ``expected_version``.

    Changing the irregularity or the facts re-evaluates them with the current tree; otherwise the ruling as
    given is kept, even if the tree has changed since. ``status`` may only go from draft to final here.
    """
    expected = version_parse(expected_version)
    _known_fields(changes)
    with transaction.atomic():
        current = RulingRecord.objects.select_for_update().select_related("club").get(pk=record.pk)
        if current.version != expected:
            raise conflict(current, expected)
        if not current.is_editable:
            raise RecordError(
                _("此裁决已%(status)s，不能再修改；请发表复核意见。"),
                "status",
                code="not_editable",
                status=current.get_status_display(),
            )
        status = changes.get("status") or current.status
        if status != current.status and not (status == Status.FINAL and current.can_be_finalised()):
            raise RecordError(
                _("状态只能从草稿改为已裁定；申诉和复核另有操作。"), "status", code="status_transition"
            )
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
            if as_json(old) != as_json(value):
                diff[name] = {"old": as_json(old), "new": as_json(value)}
        if not diff:
            return current
        # The conditional UPDATE is the version check that holds even where SELECT … FOR UPDATE is a no-op
        # (SQLite): if another edit committed first, no row matches and nothing is written.
        fields = {**cleaned, "updated_at": timezone.now()}
        for name, column in HTML_FIELDS.items():
            if name in diff:
                fields[column] = user_html(cleaned[name])
        for name, value in fields.items():
            setattr(current, name, value)
        full_clean(current)
        written = RulingRecord.objects.filter(pk=current.pk, version=expected).update(
            version=expected + 1, **fields
        )
        if written != 1:
            raise conflict(RulingRecord.objects.get(pk=current.pk), expected)
        current.version = expected + 1
        action = Action.FINALISED if "status" in diff else Action.UPDATED
        revision_add(current, by, action, diff)
    return current


@transaction.atomic
def ruling_sign_off(*, record: RulingRecord, by, expected_version: object = None) -> RulingRecord:
    """The chief director's review (RulingRecord.can_be_signed_off): the record becomes ``reviewed``."""
    current = ruling_lock(record, expected_version)
    if not current.can_be_signed_off():
        if current.status == Status.APPEALED:
            raise RecordError(_("申诉尚未裁定，不能复核签字。"), "appeal", code="appeal_pending")
        raise RecordError(_("只有已裁定或已申诉的裁决可以复核签字。"), "status", code="not_final")
    now = timezone.now()
    ruling_bump(
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


# ---------------------------------------------------------------------------------------------------------
# Checking and deriving the director's fields


def _known_fields(data: Mapping[str, Any]) -> None:
    unknown = set(data) - set(RECORD_FIELDS)
    if unknown:
        field = sorted(unknown)[0]
        raise RecordError(_("未知的字段：%(name)s"), field, code="unknown_field", name=field)


def _clean(
    club: Club,
    values: dict[str, Any],
    *,
    recompute_ruling: bool,
    recompute_adjustment: bool,
    record: RulingRecord | None = None,
) -> dict[str, Any]:
    """Check and normalise the director's fields; derive the ruling and the adjusted score."""
    out: dict[str, Any] = {
        name: text_clean(values.get(name), model=RulingRecord, name=name) for name in TEXT_FIELDS
    }
    if not out["event"]:
        raise RecordError(_("请填写赛事名称。"), "event", code="required")
    date = _date(values.get("date"))
    if record is None or date != record.date:  # a stored date outside the range (legacy) may stay as it is
        _date_in_range(date)
    out["date"] = date
    out["board"] = _board(values.get("board"))
    called_by = values.get("called_by") or ""
    if called_by not in CalledBy.values and called_by != "":
        raise RecordError(
            _("叫裁判者只能是 N、E、S、W、director 或 other。"), "called_by", code="invalid_choice"
        )
    out["called_by"] = called_by
    out["director"] = _director(club, values.get("director"))
    out["status"] = values.get("status") or Status.DRAFT

    edition = _edition(club, values.get("edition"), record)
    irregularity = values.get("irregularity") or ""
    if not isinstance(irregularity, str) or (
        irregularity != OTHER_IRREGULARITY and irregularity not in trees(edition)
    ):
        raise RecordError(
            _("未知的违规类型 %(value)s（可选：%(choices)s）。"),
            "irregularity",
            code="unknown_irregularity",
            value=irregularity,
            choices=", ".join([*trees(edition), OTHER_IRREGULARITY]),
        )
    out["irregularity"] = irregularity
    for name in ("facts", "laws", "adjustment"):
        json_clean(values.get(name), name)
    kept = None
    if record is not None:
        kept = {
            "facts": record.facts,
            "laws": record.laws,
            "outcome": record.outcome,
            "edition": record.edition,
            "tree_version": record.tree_version,
        }
    if (
        recompute_ruling
        or record is None
        or kept is None
        or (out["status"] == Status.FINAL and _unfinished(record))
    ):
        derived = _ruling(irregularity, values.get("facts"), values.get("laws"), out["status"], edition)
        # The same walk keeps the ruling as it was given: a tree changed since is not applied silently.
        if (
            record is not None
            and kept is not None
            and irregularity == record.irregularity
            and edition == record.edition
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


def _date(value: object) -> datetime.date:
    """The ruling's date: a date, or its ISO text as a form's date box gives it (the judgement form's door)."""
    if isinstance(value, str):
        try:
            value = datetime.date.fromisoformat(value.strip())
        except ValueError:
            value = None
    if not isinstance(value, datetime.date) or isinstance(value, datetime.datetime):
        raise RecordError(_("日期格式应为 YYYY-MM-DD。"), "date", code="invalid_date")
    return value


def _date_in_range(date: datetime.date) -> None:
    """M1: a ruling is dated from 1990 to a year from today."""
    latest = latest_date()
    if not EARLIEST_DATE <= date <= latest:
        raise RecordError(
            _("日期必须在 %(low)s 到 %(high)s 之间。"),
            "date",
            code="date_range",
            low=EARLIEST_DATE.isoformat(),
            high=latest.isoformat(),
        )


def _unfinished(record: RulingRecord) -> bool:
    return record.irregularity != OTHER_IRREGULARITY and record.outcome is None


def _board(value: object) -> int:
    """Law 2 numbers boards from 1; the log takes the range its model field sets."""
    limits = field_limits(RulingRecord, "board")
    low, high = limits["min_value"], limits["max_value"]
    try:
        return whole_number(value, "board", low=low, high=high)
    except EngineError as exc:
        raise RecordError(
            _("牌号必须是 %(low)s 到 %(high)s 的整数。"), "board", code="board_range", low=low, high=high
        ) from exc


def _director(club: Club, value: object):
    """The director named by user, id or username: a member of ``club`` whose role may record rulings."""
    user: AbstractBaseUser | None = None
    if isinstance(value, User):
        user = value
    elif isinstance(value, int) and not isinstance(value, bool):
        user = User.objects.filter(pk=value).first()
    elif isinstance(value, str) and value.strip():
        user = User.objects.filter(username=value.strip()).first()
    # One answer for no such user and a user who is not one of this club's directors, naming no one (security
    # review L4: an id answered with its username, so any director could list every account).
    if user is None or not club_access(user=user, club=club, capability=Capability.RECORD).allowed:
        raise RecordError(_("请选择本俱乐部的一名裁判。"), "director", code="not_a_director")
    return user


def _edition(club: Club, value: object, record: RulingRecord | None) -> str:
    """The edition the ruling is given under: as asked, else the record's own, else the club's default, else the
    site's. Only an edition that has the trees can be asked for."""
    if value in (None, ""):
        if record is not None:
            return record.edition
        return club.default_edition or settings.LAWS_DEFAULT_EDITION
    if not isinstance(value, str) or value not in tree_editions():
        raise RecordError(
            _("未知的规则版本：%(value)s（可选：%(choices)s）。"),
            "edition",
            code="unknown_edition",
            value=str(value)[:40],
            choices=", ".join(tree_editions()),
        )
    return value


def _ruling(irregularity: str, facts: object, laws: object, status: str, edition: str) -> dict[str, Any]:
    """Evaluate the facts with the tree: the outcome and laws as given, the edition and the tree version."""
    if facts is None:
        facts = {}
    if not isinstance(facts, Mapping):
        raise RecordError(_("facts 必须是一个对象（事实名称 → 答案）。"), "facts", code="not_an_object")
    if irregularity == OTHER_IRREGULARITY:
        if facts:
            raise RecordError(_("“其他违规”没有决策树，不能填写向导答案。"), "facts", code="no_tree")
        return {
            "facts": {},
            "laws": _laws(laws),
            "outcome": None,
            "edition": edition,
            "tree_version": None,
        }
    tree = trees(edition)[irregularity]
    given = {name: value for name, value in facts.items() if value not in (None, "")}
    try:
        normalised = normalise_facts(tree, given)
        evaluation = evaluate(tree, given)
    except EngineError as exc:
        name = getattr(exc, "fact", None) or exc.field
        raise RecordError.wrapping(exc, f"facts.{name}" if name else "facts") from exc
    stored = {
        name: value if isinstance(value, bool | int | str) else str(value)
        for name, value in normalised.items()
    }
    ruling_laws: list[str]
    if evaluation.status != "ruling" or evaluation.ruling is None:
        question = evaluation.question
        assert question is not None  # a walk without its ruling stops at a question
        if status != Status.DRAFT:
            raise RecordError(
                _("向导尚未得出裁决：还需回答“%(question)s”。只能先保存为草稿。"),
                f"facts.{question.fact}",
                code="walk_unfinished",
                question=language.pick(question.text),
            )
        outcome, ruling_laws = None, []
    else:
        data = evaluation.ruling.as_dict()
        ruling_laws = list(cast("list[str]", data.pop("laws")))
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
        raise RecordError(_("laws 必须是条款列表。"), "laws", code="not_a_list")
    refs: list[str] = []
    for index, item in enumerate(value):
        ref = parse_ref_query(item) if isinstance(item, str) else None
        if ref is None:
            raise RecordError(
                _("看不懂的条款：%(ref)s（例如 27B1 或 第27条B款1项）"),
                f"laws[{index}]",
                code="bad_law",
                ref=item,
            )
        if ref not in refs:
            refs.append(ref)
    return refs


def _adjustment(body: object, board: int) -> dict[str, Any]:
    """The score adjustment for each side through the adjusted-score engine (Laws 12, 86, 88): the request as
    stored and the engine's answer (bridge.adjustment, the same entry point as the calculators')."""
    if body in (None, {}):
        return {"adjustment": None, "adjustment_result": None}
    if not isinstance(body, Mapping):
        raise RecordError(_("adjustment 必须是一个对象。"), "adjustment", code="not_an_object")
    method = body.get("method")
    keys = ADJUSTMENT_KEYS.get(method) if isinstance(method, str) else None
    # The engine names an unknown method; a known one keeps only what the engine reads.
    stored = {key: body[key] for key in keys if key in body} if keys else dict(body)
    request = dict(stored)
    if request.get("method") in ("assigned", "weighted") and not request.get("vulnerability"):
        # Law 2: the board number gives the vulnerability the adjusted scores are computed at.
        request["vulnerability"] = bridge.board_info(board).vulnerability.value
    try:
        result = adjusted_answer(request)
    except EngineError as exc:
        raise RecordError.wrapping(exc, f"adjustment.{exc.field}" if exc.field else "adjustment") from exc
    return {"adjustment": stored, "adjustment_result": result}
