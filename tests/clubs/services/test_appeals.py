"""Appeals (clubs.services.appeals): lodged on a final ruling, decided once, then the sign-off; the database's
invariants of an appeal."""

import datetime
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from clubs import services
from clubs.models import Action, Appeal, Status

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def test_appeal_decision_and_sign_off(make_record, director, chief):
    record = make_record(status=Status.FINAL)
    with pytest.raises(services.RecordError):
        services.appeal_lodge(record=make_record(), by=director, appellant="东西")  # a draft
    appeal = services.appeal_lodge(record=record, by=director, appellant="东西 王／刘", deposit=Decimal("50"))
    record.refresh_from_db()
    assert record.status == Status.APPEALED and record.version == 2
    with pytest.raises(services.RecordError) as caught:
        services.ruling_update(record=record, expected_version=2, by=director, changes={"table": "1"})
    assert caught.value.field == "status"
    with pytest.raises(services.RecordError) as caught:
        services.ruling_sign_off(record=record, by=chief)
    assert caught.value.field == "appeal"
    services.appeal_decide(
        record=record, by=chief, decision="upheld", committee="甲、乙、丙", deposit_returned=False
    )
    appeal.refresh_from_db()
    assert appeal.decision == "upheld" and appeal.decided_at is not None and appeal.deposit_returned is False
    services.ruling_sign_off(record=record, by=chief, expected_version=3)
    record.refresh_from_db()
    assert record.status == Status.REVIEWED and record.signed_off_by == chief and record.version == 4
    actions = list(record.revisions.values_list("action", flat=True))
    assert actions == [Action.CREATED, Action.APPEAL_LODGED, Action.APPEAL_DECIDED, Action.SIGNED_OFF]


def test_appeal_invariants_in_the_database(make_record, director):
    record = make_record(status=Status.FINAL)
    with pytest.raises(IntegrityError), transaction.atomic():
        Appeal.objects.create(
            record=record,
            lodged_at=datetime.datetime(2026, 3, 10, tzinfo=datetime.UTC),
            appellant="x",
            recorded_by=director,
            decision="upheld",
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Appeal.objects.create(
            record=record,
            lodged_at=datetime.datetime(2026, 3, 10, tzinfo=datetime.UTC),
            appellant="x",
            recorded_by=director,
            deposit=Decimal("-1"),
        )
