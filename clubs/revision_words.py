"""A revision's changes in words (issue 31, problem 8): the chief director reads labels, names and the facts as the
wizard asked them, never codes or JSON. 叫裁判者 N → 北, 裁判 demo-director → 李明, 状态 final → 已裁定, 违规类型
revoke → 藏牌, and 事实 {"established": true, …} → one row per fact that changed, under the wizard's question, with
the answer's label. The record page's history and the CSV/print sheet (clubs.exports) take their words from here and
from clubs.labels, so every place says the same.
"""

from __future__ import annotations

import datetime
import re

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import labels as log_labels
from clubs import selectors
from clubs.models import Appeal, CalledBy, RulingRecord, Status
from core import language
from rulings.labels import FIELDS, VALUES
from rulings.trees import trees

EMPTY = "—"
_ISO_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d")
_PEOPLE = ("director", "signed_off_by", "created_by")


def _when(text: str) -> str:
    """A stored time (ISO text) as the page shows times: local, to the minute."""
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        return text
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return moment.strftime("%Y-%m-%d %H:%M")


def _yes_no(value: bool) -> str:
    return _("是") if value else _("否")


class _Words:
    """Turns one record's stored values into words; users looked up once per page."""

    def __init__(self, irregularity: str | None) -> None:
        self.tree = trees().get(irregularity or "")
        self.people: dict[str, str] = {}

    def person(self, username: object) -> str:
        name = str(username)
        if name not in self.people:
            user = get_user_model().objects.filter(username=name).first()
            self.people[name] = log_labels.person_name(user) if user is not None else name
        return self.people[name]

    def plain(self, value: object) -> str:
        if value is None or value == "":
            return EMPTY
        if isinstance(value, bool):
            return _yes_no(value)
        if isinstance(value, list):
            return "、".join(self.plain(item) for item in value) if value else EMPTY
        if isinstance(value, str) and _ISO_TIME.match(value):
            return _when(value)
        if isinstance(value, dict):
            pairs = [
                f"{self.key(k)}{_('：')}{self.plain(v)}" for k, v in value.items() if v not in (None, "")
            ]
            return _("；").join(pairs) if pairs else EMPTY
        return str(value)

    def key(self, name: str) -> str:
        if name == "script":
            return _("向牌手宣布的内容")
        if name in FIELDS:
            return str(FIELDS[name])
        return str(RulingRecord.label_of(name))

    def value(self, field: str, value: object) -> str:
        if value is None or value == "":
            return EMPTY
        if field == "called_by":
            return str(dict(CalledBy.choices).get(str(value), value))
        if field == "status":
            return str(dict(Status.choices).get(str(value), value))
        if field == "irregularity":
            return selectors.irregularity_label(str(value))
        if field in _PEOPLE:
            return self.person(value)
        if field in ("dealer", "declarer"):
            return log_labels.seat_label(value)
        if field == "vulnerability":
            return log_labels.vulnerability_label(value)
        return self.plain(value)

    # -------------------------------------------------------------------------------- the facts, as asked
    def fact_question(self, name: str) -> str:
        fact = self.tree.fact(name) if self.tree is not None else None
        if fact is not None and fact.text is not None:
            return language.pick(fact.text)
        return name

    def fact_answer(self, name: str, value: object) -> str:
        if value is None or value == "":
            return EMPTY
        fact = self.tree.fact(name) if self.tree is not None else None
        if fact is not None:
            label = fact.label(value)
            if label is not None:
                return language.pick(label)
            if isinstance(value, bool):
                return _yes_no(value)
            if fact.type == "seat":
                return log_labels.seat_label(value)
            if fact.type == "vulnerability":
                return log_labels.vulnerability_label(value)
        return self.plain(value)

    def outcome_value(self, name: str, value: object) -> str:
        # the script: what was read to the players, in the page's language
        if name == "script" and isinstance(value, dict):
            return language.pick(value) or EMPTY
        if isinstance(value, str) and (name, value) in VALUES:
            return str(VALUES[(name, value)])
        return self.plain(value)


def _dict_rows(prefix: str, old: object, new: object, label, show) -> list[dict]:
    """One row per key that changed between two stored dicts."""
    before = old if isinstance(old, dict) else {}
    after = new if isinstance(new, dict) else {}
    rows = []
    for name in list(before) + [k for k in after if k not in before]:
        old, new = show(name, before.get(name)), show(name, after.get(name))
        if before.get(name) == after.get(name) or old == new:
            continue
        rows.append({"field": f"{prefix} · {label(name)}", "old": old, "new": new})
    return rows


def change_rows(changes: dict, irregularity: str | None = None) -> list[dict]:
    """A revision's changes as rows of words: {"field", "old", "new"}; a JSON field (the facts, the ruling, the
    appeal) becomes a row per value that changed."""
    words = _Words(irregularity if irregularity else _changed_irregularity(changes))
    rows: list[dict] = []
    for name, change in changes.items():
        old, new = change.get("old"), change.get("new")
        label = str(RulingRecord.label_of(name))
        if name == "facts":
            rows += _dict_rows(label, old, new, words.fact_question, words.fact_answer)
        elif name == "outcome":  # the leaf is the tree's node id: its rule and fields say the change in words
            rows += _dict_rows(label, _without_leaf(old), _without_leaf(new), words.key, words.outcome_value)
        elif name == "appeal":
            rows += _dict_rows(label, old, new, _appeal_label, lambda k, v: _appeal_value(words, k, v))
        else:
            rows.append({"field": label, "old": words.value(name, old), "new": words.value(name, new)})
    return rows


def _without_leaf(outcome: object) -> object:
    return {k: v for k, v in outcome.items() if k != "leaf"} if isinstance(outcome, dict) else outcome


def _changed_irregularity(changes: dict) -> str | None:
    change = changes.get("irregularity") or {}
    return change.get("new") or change.get("old")


def _appeal_label(name: str) -> str:
    try:
        field = Appeal._meta.get_field(name)
        return str(field.verbose_name) if isinstance(field, models.Field) else name
    except Exception:  # noqa: BLE001 (an older revision's key: shown as it is)
        return name


def _appeal_value(words: _Words, name: str, value: object) -> str:
    if name == "decision" and isinstance(value, str):
        return str(dict(Appeal._meta.get_field("decision").choices or ()).get(value, value))
    if name == "deposit_returned" and value is not None:
        return _("已退还") if value else _("已没收")
    return words.plain(value)
