"""Writes of appeals (仲裁): a side appeals a ruling given (Law 92), the appeals committee decides it (Law 93).

Both are status changes of the record: the same version check and a revision, like an edit. Whether a record
may be appealed, or its appeal decided, is the record's rule (RulingRecord.can_be_appealed, has_pending_appeal).
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.errors import RecordError
from clubs.models import Action, Appeal, Decision, RulingRecord, Status
from clubs.services.common import as_json, full_clean, ruling_bump, ruling_lock, text_clean, user_html


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
    current = ruling_lock(record, expected_version)
    if not current.can_be_appealed():
        if current.status != Status.FINAL:
            raise RecordError(_("只有已裁定的裁决可以申诉。"), "status", code="not_final")
        raise RecordError(_("此裁决已有申诉。"), "appeal", code="appeal_exists")
    appellant = text_clean(appellant, model=Appeal, name="appellant")
    if not appellant:
        raise RecordError(_("请填写申诉方。"), "appellant", code="required")
    if deposit is not None and deposit < 0:
        raise RecordError(_("保证金不能为负数。"), "deposit", code="negative")
    appeal = Appeal(
        record=current,
        appellant=appellant,
        reason=text_clean(reason, model=Appeal, name="reason"),
        lodged_at=lodged_at or timezone.now(),
        deposit=deposit,
        recorded_by=by,
    )
    appeal.reason_html = user_html(appeal.reason)
    full_clean(appeal)
    appeal.save()
    ruling_bump(
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
    """Law 93: the appeals committee's decision, recorded once."""
    current = ruling_lock(record, expected_version)
    appeal = Appeal.objects.select_for_update().filter(record=current).first()
    if appeal is None or not current.has_pending_appeal():
        if appeal is not None and current.status == Status.APPEALED:
            raise RecordError(_("仲裁决定已经登记。"), "decision", code="appeal_decided")
        raise RecordError(_("此裁决没有待裁定的申诉。"), "appeal", code="no_pending_appeal")
    if decision not in Decision.values or decision == Decision.PENDING:
        raise RecordError(_("请选择仲裁决定。"), "decision", code="required")
    if deposit_returned is not None and appeal.deposit is None:
        raise RecordError(_("此申诉没有保证金。"), "deposit_returned", code="no_deposit")
    old = _appeal_json(appeal)
    appeal.decision = decision
    appeal.decision_text = text_clean(decision_text, model=Appeal, name="decision_text")
    appeal.committee = text_clean(committee, model=Appeal, name="committee")
    appeal.deposit_returned = deposit_returned
    appeal.decided_at = timezone.now()
    appeal.decision_text_html = user_html(appeal.decision_text)
    full_clean(appeal)
    appeal.save()
    ruling_bump(current, by, Action.APPEAL_DECIDED, {"appeal": {"old": old, "new": _appeal_json(appeal)}})
    return appeal


def _appeal_json(appeal: Appeal) -> dict:
    """The appeal as a revision keeps it."""
    return {
        "appellant": appeal.appellant,
        "lodged_at": as_json(appeal.lodged_at),
        "reason": appeal.reason,
        "deposit": as_json(appeal.deposit),
        "deposit_returned": appeal.deposit_returned,
        "committee": appeal.committee,
        "decision": appeal.decision,
        "decision_text": appeal.decision_text,
    }
