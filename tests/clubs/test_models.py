"""The record's rules, asked by the services and the templates alike (RulingRecord.is_editable, can_be_finalised,
can_be_appealed, has_pending_appeal, can_be_signed_off), and the limits and names the model fields carry.

No database: the rules read the record's status and its appeal, both built in memory."""

import pytest
from django.core.validators import MaxLengthValidator

from clubs.models import (
    EDITABLE_STATUSES,
    Appeal,
    Decision,
    Membership,
    ReviewComment,
    RulingRecord,
    Status,
    field_limits,
)

pytestmark = pytest.mark.log


def record(status: str, decision: str | None = None) -> RulingRecord:
    """A record in ``status``, with an appeal in ``decision`` if one is given."""
    built = RulingRecord(status=status)
    if decision is not None:
        built.appeal = Appeal(decision=decision)
    return built


RULES = [
    # status, appeal, editable, finalisable, appealable, pending appeal, can be signed off
    (Status.DRAFT, None, True, True, False, False, False),
    (Status.FINAL, None, True, False, True, False, True),
    (Status.FINAL, Decision.PENDING, True, False, False, False, True),  # appealed once is enough
    (Status.APPEALED, Decision.PENDING, False, False, False, True, False),
    (Status.APPEALED, Decision.UPHELD, False, False, False, False, True),
    (Status.APPEALED, Decision.CHANGED, False, False, False, False, True),
    (Status.APPEALED, Decision.WITHDRAWN, False, False, False, False, True),
    (Status.APPEALED, None, False, False, False, False, False),
    (Status.REVIEWED, None, False, False, False, False, False),
    (Status.REVIEWED, Decision.CHANGED, False, False, False, False, False),
]


@pytest.mark.parametrize(
    ("status", "decision", "editable", "finalisable", "appealable", "pending", "sign_off"), RULES
)
def test_the_rules_follow_the_status_and_the_appeal(
    status, decision, editable, finalisable, appealable, pending, sign_off
):
    built = record(status, decision)
    assert built.is_editable is editable
    assert built.can_be_finalised() is finalisable
    assert built.can_be_appealed() is appealable
    assert built.has_pending_appeal() is pending
    assert built.can_be_signed_off() is sign_off


def test_an_appeal_is_decided_once_it_is_not_pending():
    assert not Appeal(decision=Decision.PENDING).is_decided
    assert all(Appeal(decision=value).is_decided for value in Decision.values if value != Decision.PENDING)


def test_editable_statuses_are_the_ones_a_director_sets():
    assert set(EDITABLE_STATUSES) == {Status.DRAFT, Status.FINAL}
    assert [s for s in Status.values if record(s).is_editable] == list(EDITABLE_STATUSES)


@pytest.mark.parametrize(
    ("model", "name", "limits"),
    [
        (RulingRecord, "event", {"max_length": 200}),
        (RulingRecord, "session", {"max_length": 50}),
        (RulingRecord, "table", {"max_length": 20}),
        (RulingRecord, "statement", {"max_length": 20000}),
        (RulingRecord, "notes", {"max_length": 20000}),
        (RulingRecord, "board", {"min_value": 1, "max_value": 999}),
        (ReviewComment, "text", {"max_length": 5000}),
        (Appeal, "appellant", {"max_length": 200}),
        (Appeal, "reason", {"max_length": 5000}),
        (Appeal, "decision_text", {"max_length": 5000}),
        (Appeal, "committee", {"max_length": 200}),
        (Appeal, "deposit", {"min_value": 0}),
        (RulingRecord, "date", {}),
    ],
)
def test_each_limit_is_on_its_model_field(model, name, limits):
    assert field_limits(model, name) == limits


def test_a_text_fields_limit_is_a_validator_so_the_database_is_untouched():
    statement = RulingRecord._meta.get_field("statement")
    assert statement.max_length is None  # max_length on a TextField would rebuild the table on SQLite
    assert [v.limit_value for v in statement.validators if isinstance(v, MaxLengthValidator)] == [20000]


def test_labels_are_the_model_fields_names():
    assert RulingRecord.label_of("table") == RulingRecord._meta.get_field("table").verbose_name == "桌号"
    assert RulingRecord.label_of("appeal") == Appeal._meta.verbose_name
    assert RulingRecord.label_of("signed_off_by") == "复核人"
    assert RulingRecord.label_of("no_such_field") == "no_such_field"  # an old revision's name, as it is
    assert str(Membership._meta.get_field("role").verbose_name) == "角色"
