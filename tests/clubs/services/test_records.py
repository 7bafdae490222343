"""Writes of ruling records (clubs.services.records): validation through the tree and the engine, revisions,
the version check, the sign-off's version check, and the database's own invariants."""

import pytest
from django.db import IntegrityError, transaction

from clubs import services
from clubs.models import Action, RulingRecord, RulingRevision, Status
from tests.clubs.conftest import IB_FACTS, IB_ORDINARY

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def test_create_evaluates_facts_with_the_tree(record, director):
    assert record.number == 1 and record.version == 1 and record.status == Status.DRAFT
    assert record.facts == IB_FACTS
    assert record.outcome["rule"] == "27B2" and record.outcome["partner_must_pass"] == "rest_of_auction"
    assert "script" in record.outcome and record.laws[0] == "27B2"
    assert record.edition == "ccba-1999" and record.tree_version == 2
    assert (record.dealer, record.vulnerability) == ("S", "Both")  # board 7, Law 2
    [revision] = record.revisions.all()
    assert (revision.number, revision.action, revision.author) == (1, Action.CREATED, director)
    assert revision.changes["board"] == {"old": None, "new": 7}
    assert revision.changes["director"] == {"old": None, "new": "director"}


def test_numbers_count_per_club(make_record, other_club, outsider):
    assert [make_record().number for _ in range(3)] == [1, 2, 3]
    assert make_record(club=other_club, by=outsider, director=outsider).number == 1


def test_query_string_facts_are_normalised(make_record):
    record = make_record(
        facts={
            **{name: "false" for name in IB_ORDINARY},
            "in_rotation": "true",
            "accepted": "false",
            "replacement": "pass",
        }
    )
    assert record.facts == IB_FACTS


@pytest.mark.parametrize(
    ("facts", "field"),
    [
        ({"in_rotation": "maybe"}, "facts.in_rotation"),
        ({"in_rotation": True, "accepted": False, "replacement": "bid_again"}, "facts.replacement"),
        ({"not_a_fact": True}, "facts.not_a_fact"),
        (["in_rotation"], "facts"),
    ],
)
def test_bad_facts_name_the_fact_and_write_nothing(make_record, facts, field):
    with pytest.raises(services.RecordError) as caught:
        make_record(facts=facts)
    assert caught.value.field == field
    assert not RulingRecord.objects.exists() and not RulingRevision.objects.exists()


def test_a_final_ruling_needs_a_finished_walk(make_record):
    with pytest.raises(services.RecordError) as caught:
        make_record(facts={**IB_ORDINARY, "in_rotation": True}, status=Status.FINAL)
    assert caught.value.field == "facts.accepted"
    draft = make_record(facts={"in_rotation": True})
    assert draft.outcome is None and draft.laws == []


def test_other_irregularity_takes_laws_and_no_facts(make_record):
    record = make_record(irregularity="other", facts={}, laws=["第16条A款", "73c", "Law 12C"])
    assert record.laws == ["16A", "73C", "12C"] and record.tree_version is None and record.outcome is None
    with pytest.raises(services.RecordError) as caught:
        make_record(irregularity="other", facts={"in_rotation": True})
    assert caught.value.field == "facts"
    with pytest.raises(services.RecordError) as caught:
        make_record(irregularity="other", facts={}, laws=["16A", "Law 99"])
    assert caught.value.field == "laws[1]"


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"event": "  "}, "event"),
        ({"board": 0}, "board"),
        ({"board": "seven"}, "board"),
        ({"date": "2026-13-01"}, "date"),
        ({"irregularity": "no-such-irregularity"}, "irregularity"),
        ({"called_by": "NE"}, "called_by"),
        ({"status": Status.REVIEWED}, "status"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_input_names_the_field(make_record, overrides, field):
    with pytest.raises(services.RecordError) as caught:
        make_record(**overrides)
    assert caught.value.field == field


def test_the_director_must_direct_in_this_club(make_record, trainee, outsider):
    for user in (trainee, outsider):
        with pytest.raises(services.RecordError) as caught:
            make_record(director=user)
        assert caught.value.field == "director"


def test_adjustment_goes_through_the_engine(make_record):
    record = make_record(
        adjustment={
            "method": "assigned",
            "NS": {"contract": "4S", "declarer": "N", "tricks": 10},
            "EW": {"contract": "4S", "declarer": "N", "tricks": 9},
        }
    )
    # Board 7 is vulnerable both ways (Law 2): 4♠ made is 620, one down 100.
    assert record.adjustment_result["score_ns"] == 620 and record.adjustment_result["score_ew"] == 100
    assert record.adjustment_result["laws"] == ["12C2"]
    artificial = make_record(
        adjustment={"method": "artificial", "form": "pairs", "fault": {"NS": "direct", "EW": "none"}}
    )
    assert artificial.adjustment_result["NS"]["percent"] == 40.0
    assert artificial.adjustment_result["EW"]["percent"] == 60.0


def test_bad_adjustment_names_the_field(make_record):
    with pytest.raises(services.RecordError) as caught:
        make_record(
            adjustment={
                "method": "assigned",
                "NS": {"contract": "8S", "declarer": "N", "tricks": 10},
                "EW": {"contract": "4S", "declarer": "N", "tricks": 9},
            }
        )
    assert caught.value.field == "adjustment.NS.contract"
    with pytest.raises(services.RecordError) as caught:
        make_record(adjustment={"method": "guess"})
    assert caught.value.field == "adjustment.method"


def test_update_appends_a_revision_with_old_and_new_values(record, director2):
    updated = services.ruling_update(
        record=record, expected_version=1, by=director2, changes={"table": "9", "notes": "补充说明"}
    )
    assert updated.version == 2 and updated.table == "9"
    revision = updated.revisions.get(number=2)
    assert revision.author == director2 and revision.action == Action.UPDATED
    assert revision.changes == {"table": {"old": "5", "new": "9"}, "notes": {"old": "", "new": "补充说明"}}
    # An edit that changes nothing writes nothing.
    same = services.ruling_update(record=updated, expected_version=2, by=director2, changes={"table": "9"})
    assert same.version == 2 and updated.revisions.count() == 2


def test_changed_facts_are_re_evaluated_and_finalising_is_recorded(record, director):
    facts = {**IB_ORDINARY, "in_rotation": True, "accepted": True, "corrected_before_lho_chose": False}
    updated = services.ruling_update(
        record=record, expected_version=1, by=director, changes={"facts": facts, "status": Status.FINAL}
    )
    assert updated.outcome["rule"] == "27A" and updated.status == Status.FINAL
    revision = updated.revisions.get(number=2)
    assert revision.action == Action.FINALISED
    assert revision.changes["status"] == {"old": "draft", "new": "final"}
    assert revision.changes["facts"]["old"] == IB_FACTS and revision.changes["facts"]["new"] == facts
    with pytest.raises(services.RecordError) as caught:
        services.ruling_update(record=updated, expected_version=2, by=director, changes={"status": "draft"})
    assert caught.value.field == "status"


def test_the_ruling_as_given_is_kept_when_the_walk_is_unchanged(record, director):
    RulingRecord.objects.filter(pk=record.pk).update(outcome={**record.outcome, "rule": "27B2-as-given"})
    record.refresh_from_db()
    updated = services.ruling_update(
        record=record, expected_version=1, by=director, changes={"facts": dict(IB_FACTS), "notes": "x"}
    )
    assert updated.outcome["rule"] == "27B2-as-given"


def test_stale_version_conflicts_and_writes_nothing(record, director, director2):
    services.ruling_update(record=record, expected_version=1, by=director, changes={"table": "6"})
    with pytest.raises(services.VersionConflict) as caught:
        services.ruling_update(
            record=record, expected_version=1, by=director2, changes={"table": "7", "notes": "x"}
        )
    assert (
        caught.value.current == 2 and "director" in caught.value.message and "版本 2" in caught.value.message
    )
    record.refresh_from_db()
    assert (record.table, record.notes, record.version) == ("6", "", 2)
    assert record.revisions.count() == 2
    with pytest.raises(services.RecordError) as caught:
        services.ruling_update(record=record, expected_version="abc", by=director2, changes={})
    assert caught.value.field == "version"


def test_sign_off_checks_the_version(make_record, chief):
    record = make_record(status=Status.FINAL)
    with pytest.raises(services.VersionConflict):
        services.ruling_sign_off(record=record, by=chief, expected_version=5)
    record.refresh_from_db()
    assert record.status == Status.FINAL


@pytest.mark.parametrize(
    "change",
    [
        {"status": "lost"},
        {"board": 0},
        {"status": Status.REVIEWED},  # reviewed needs a sign-off
        {"irregularity": "other", "tree_version": 1},
        {"status": Status.FINAL, "outcome": None},  # a final tree ruling needs its outcome
        {"adjustment": {"method": "artificial"}},  # an adjustment needs its result
    ],
)
def test_the_database_holds_the_invariants(record, change):
    with pytest.raises(IntegrityError), transaction.atomic():
        RulingRecord.objects.filter(pk=record.pk).update(**change)
