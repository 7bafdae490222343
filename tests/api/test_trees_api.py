"""Decision-tree API over real HTTP (issue 6)."""

import pytest

pytestmark = pytest.mark.django_db


def test_tree_list(http):
    trees = http("GET", "/api/rulings/trees/").json()
    assert [t["slug"] for t in trees] == [
        "insufficient-bid",
        "call-out-of-rotation",
        "change-of-call",
        "inadmissible-call",
        "exposed-card-auction",
        "lead-out-of-turn",
        "revoke",
        "penalty-card",
        "dummy",
        "claim",
        "wrong-cards",
        "unauthorized-information",
        "misinformation",
    ]
    for tree in trees:
        assert tree["edition"] == "ccba-1999" and tree["title"] and tree["title_en"] and tree["laws"]


def test_tree_detail_and_unknown(http):
    tree = http("GET", "/api/rulings/trees/revoke/").json()
    assert "offending_side_tricks_after_revoke_trick" in tree["facts"]
    assert http("GET", "/api/rulings/trees/nope/").status == 404


def test_missing_facts_ask_the_next_question(http):
    data = http("POST", "/api/rulings/trees/insufficient-bid/evaluate/", {"facts": {}}).json()
    assert data["status"] == "question" and data["ruling"] is None
    assert data["question"]["fact"] and data["question"]["text"]["zh"] and data["question"]["options"]
    assert data["path"] == []


def test_revoke_ruling_with_adjusted_score(http):
    facts = {
        "established": True,
        "on_trick_12": False,
        "revoker": "defender",
        "subsequent_revoke_same_suit_same_player": False,
        "failure_to_play_faced_card": False,
        "noticed_after_nos_called_next_deal": False,
        "noticed_after_round_ended": False,
        "offender_won_revoke_trick": True,
        "offending_side_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 1,
        "offender_later_won_with_card_playable_to_revoke_trick": False,
        "contract": "4S",
        "declarer": "N",
        "vulnerability": "NS",
        "declarer_tricks": 10,
        "revoking_side": "defending",
    }
    data = http("POST", "/api/rulings/trees/revoke/evaluate/", {"facts": facts}).json()
    assert data["status"] == "ruling", data
    ruling = data["ruling"]
    assert ruling["rule"] == "64A1" and ruling["tricks_transferred"] == 2
    assert ruling["adjusted_declarer_tricks"] == 12 and ruling["score_ns"] == 680
    assert "64A1" in ruling["laws"] and ruling["script"]["zh"]


@pytest.mark.parametrize(
    ("facts", "field"),
    [
        ({"in_rotation": "yes"}, "in_rotation"),
        ({"replacement": "triple"}, "replacement"),
        ({"no_such_fact": True}, "no_such_fact"),
    ],
)
def test_bad_facts_are_400_naming_the_fact(http, facts, field):
    response = http("POST", "/api/rulings/trees/insufficient-bid/evaluate/", {"facts": facts})
    assert response.status == 400
    assert response.json()["field"] == field


def test_bad_bodies(http):
    assert http("POST", "/api/rulings/trees/revoke/evaluate/", {"facts": [1]}).json()["field"] == "facts"
    assert http("POST", "/api/rulings/trees/revoke/evaluate/", raw=b"nope").status == 400
    response = http(
        "POST",
        "/api/rulings/trees/revoke/evaluate/",
        {"facts": {"offending_side_tricks_after_revoke_trick": -1}},
    )
    assert response.status == 400 and response.json()["field"] == "offending_side_tricks_after_revoke_trick"
