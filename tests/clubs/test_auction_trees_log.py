"""The club rulings log with the four auction trees of issue 15: the irregularity choices offer them, a record
keeps the tree's ruling, the wizard prefills the form, and a wrong fact is refused naming it."""

import re

import pytest

from clubs import selectors
from clubs.errors import RecordError
from clubs.models import RulingRecord, Status
from rulings.trees import trees

pytestmark = [pytest.mark.log, pytest.mark.django_db]

WALKS = {
    "call-out-of-rotation": (
        {"call": "bid", "turn": "partner", "accepted": False},
        {"rule": "31B", "partner_must_pass": "rest_of_auction", "lead_penalties": True},
    ),
    "change-of-call": (
        {
            "change_before_lho_called": True,
            "inadvertent_corrected_at_once": False,
            "lho_response": "does_not_accept",
            "first_call_legal": True,
            "offender_choice": "other_call",
        },
        {"rule": "25B2", "score_ceiling": "average_minus"},
    ),
    "inadmissible-call": (
        {"inadmissible_call": "call_by_barred_player", "lho_called": False},
        {"rule": "37", "offender_must_pass": "rest_of_auction"},
    ),
    "exposed-card-auction": (
        {"partner_could_see": True, "cards_exposed": "two_or_more"},
        {"rule": "24C", "partner_must_pass": "next_turn", "penalty_card": "major"},
    ),
}


def test_the_irregularity_choices_offer_the_auction_trees():
    codes = [code for code, _ in selectors.irregularity_choices()]
    assert set(WALKS) <= set(codes)


@pytest.mark.parametrize("slug", sorted(WALKS))
def test_a_final_record_keeps_the_trees_ruling(make_record, slug):
    facts, expected = WALKS[slug]
    record = make_record(irregularity=slug, facts=facts, status=Status.FINAL)
    assert {name: record.outcome[name] for name in expected} == expected
    # The tree's version at the time (issue 27 raised call-out-of-rotation and change-of-call to 2).
    assert record.tree_version == trees()[slug].version and record.edition == "ccba-1999"
    assert expected["rule"] in record.laws


def test_the_wizard_prefills_the_record_form(client, club, director):
    client.force_login(director)
    query = "tree=call-out-of-rotation&call=bid&turn=partner&accepted=false"
    html = client.get(f"/clubs/{club.pk}/rulings/new/?{query}").content.decode()
    assert 'name="irregularity" value="call-out-of-rotation"' in html
    for name, value in (("call", "bid"), ("turn", "partner"), ("accepted", "false")):
        assert re.search(rf'name="fact\.{name}" value="{value}" checked', html), name
    assert "第31条B款" in html


def test_a_wrong_fact_is_refused_naming_it(make_record):
    with pytest.raises(RecordError) as caught:
        make_record(irregularity="exposed-card-auction", facts={"cards_exposed": "three"})
    assert caught.value.field == "facts.cards_exposed"
    assert not RulingRecord.objects.exists()
