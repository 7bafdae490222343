"""Writes of the appeal file (issue 30): the director's part on the record, the committee's part on the appeal.

The director's part (deal, auction, lead, table result, poll, judged results; bridge.appeal_file) is part of the
ruling as given: it is written while the ruling may be edited (draft or final) and is read-only once the appeal is
lodged, like the rest of the ruling. The committee's part (the opponents' submission, the members, the 12C3
weights) is written while the appeal is before the committee, by a committee member or a chief director. Each
write is a new version of the record with a revision holding the old and the new value: nothing is overwritten.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from bridge.appeal_file import read_appeal_file, read_committee
from clubs.errors import RecordError
from clubs.models import Action, Appeal, RulingRecord, Status
from clubs.services.common import json_clean, ruling_bump, ruling_lock


@transaction.atomic
def appeal_file_save(*, record: RulingRecord, by, data: object, expected_version: object) -> RulingRecord:
    """The director's part of the appeal file, validated and normalised (a FieldError naming the field: nothing
    is written). Refused once the ruling is appealed or signed off."""
    current = ruling_lock(record, expected_version)
    if not current.is_editable:
        raise RecordError(
            _("申诉已经登记：裁判部分只读，仲裁委员会看到的就是它。"),
            "appeal_file",
            code="appeal_file_locked",
        )
    file = read_appeal_file(data, board=current.board)
    json_clean(file, "file")
    if file == current.appeal_file:
        return current
    ruling_bump(
        current,
        by,
        Action.UPDATED,
        {"appeal_file": {"old": current.appeal_file, "new": file}},
        appeal_file=file,
    )
    return current


@transaction.atomic
def appeal_committee_save(*, record: RulingRecord, by, data: object, expected_version: object) -> Appeal:
    """The committee's part (Laws 92–93), while the appeal is before the committee (appealed, not signed off)."""
    current = ruling_lock(record, expected_version)
    appeal = Appeal.objects.select_for_update().filter(record=current).first()
    if appeal is None or current.status != Status.APPEALED:
        raise RecordError(_("此裁决没有待裁定的申诉。"), "appeal", code="no_pending_appeal")
    vulnerability = ((current.appeal_file or {}).get("deal") or {}).get(
        "vulnerability"
    ) or current.vulnerability
    part = read_committee(data, vulnerability=vulnerability)
    json_clean(part, "committee")
    if part == appeal.committee_file:
        return appeal
    old = appeal.committee_file
    appeal.committee_file = part
    appeal.save(update_fields=["committee_file"])
    ruling_bump(current, by, Action.APPEAL_COMMITTEE, {"committee_file": {"old": old, "new": part}})
    return appeal


@transaction.atomic
def appeal_committee_and_decision(
    *,
    record: RulingRecord,
    by,
    data: object,
    expected_version: object,
    decision: str | None = None,
    decision_text: str = "",
    deposit_returned: bool | None = None,
) -> Appeal:
    """The committee's part and, when given, its decision (Law 93; clubs.services.appeals.appeal_decide), in one
    transaction: both are written or neither."""
    from clubs.services.appeals import appeal_decide

    appeal = appeal_committee_save(record=record, by=by, data=data, expected_version=expected_version)
    if decision:
        appeal = appeal_decide(
            record=record,
            by=by,
            decision=decision,
            decision_text=decision_text,
            committee="; ".join((appeal.committee_file or {}).get("members", []))[:200],
            deposit_returned=deposit_returned,
        )
    return appeal
