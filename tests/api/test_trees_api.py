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
        "both_sides_revoked": False,
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


# Vocabulary v2 (issue 13): every situation of errata-2026-12.md §C gets its 1997 ruling through the API.
ERRATA_SITUATIONS = [
    pytest.param(
        "revoke",
        {
            "established": True,
            "on_trick_12": True,
            "noticed_after_nos_called_next_deal": False,
            "noticed_after_round_ended": False,
            "hands_returned_to_board": True,
        },
        {"rule": "64B6", "must_correct": False, "tricks_transferred": 0, "equity_review": True},
        id="T1-62D-trick-12-revoke-found-with-the-hands-back-in-the-board",
    ),
    pytest.param(
        "revoke",
        {
            "established": False,
            "revoker": "defender",
            "attention_drawn_illegally": True,
            "on_trick_12": False,
            "subsequent_revoke_same_suit_same_player": False,
            "failure_to_play_faced_card": False,
            "both_sides_revoked": False,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 3,
            "offender_later_won_with_card_playable_to_revoke_trick": True,
        },
        {"rule": "64A2", "must_correct": True, "penalty_card": "major", "tricks_transferred": 2},
        id="T2-63B-east-asks-west-no-spades",
    ),
    pytest.param(
        "revoke",
        {
            "established": True,
            "on_trick_12": False,
            "revoker": "declarer",
            "subsequent_revoke_same_suit_same_player": False,
            "failure_to_play_faced_card": False,
            "noticed_after_nos_called_next_deal": False,
            "noticed_after_round_ended": False,
            "both_sides_revoked": True,
        },
        {"rule": "64C", "tricks_transferred": 0, "equity_review": True, "score_ns": None},
        id="T3-64C-defender-ruffs-declarer-overruffs",
    ),
    pytest.param(
        "revoke",
        {
            "established": True,
            "on_trick_12": False,
            "revoker": "defender",
            "subsequent_revoke_same_suit_same_player": False,
            "failure_to_play_faced_card": False,
            "noticed_after_nos_called_next_deal": False,
            "noticed_after_round_ended": False,
            "both_sides_revoked": False,
            "offender_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 0,
            "other_tricks_transferred": 2,
            "contract": "4S",
            "declarer": "N",
            "vulnerability": "NS",
            "declarer_tricks": 9,
        },
        {"rule": "64A1", "tricks_transferred": 1, "adjusted_declarer_tricks": 12, "score_ns": 680},
        id="T4-64A-west-revokes-in-spades-and-later-in-hearts",
    ),
    pytest.param(
        "lead-out-of-turn",
        {"phase": "play", "induced_by_opponent": True, "choice": "retract"},
        {"rule": "47E1", "penalty_card": "none", "lead_restriction": "none"},
        id="T5-47E1-dummy-says-your-lead-west",
    ),
    pytest.param(
        "lead-out-of-turn",
        {"phase": "play", "induced_by_opponent": False, "correct_leader_led": True},
        {"rule": "53C", "penalty_card": "none"},
        id="T6-53C-declarer-on-lead-simply-leads",
    ),
    pytest.param(
        "lead-out-of-turn",
        {
            "phase": "play",
            "induced_by_opponent": False,
            "correct_leader_led": False,
            "offender": "declarer",
            "next_player_played": False,
            "wrong_defender_played": True,
        },
        {"rule": "53B", "penalty_card": "major", "partner_play_restriction": "pending"},
        id="T7-53B-west-plays-to-declarers-lead-from-dummy",
    ),
    pytest.param(
        "lead-out-of-turn",
        {"phase": "premature_play", "declarer_option": "highest"},
        {"rule": "57", "penalty_card": "major", "partner_play_restriction": "highest"},
        id="T8-57A-east-leads-to-trick-6-before-west-plays-to-trick-5",
    ),
    pytest.param(
        "insufficient-bid",
        {
            "inadvertent_corrected_at_once": False,
            "after_final_pass": False,
            "offender_obliged_to_pass": False,
            "accepted": False,
            "in_rotation": False,
            "rho_called_before_rectification": True,
        },
        {"rule": "28B", "partner_must_pass": "none", "lead_penalties": False},
        id="T9-28B-rho-calls-before-the-director-comes",
    ),
    pytest.param(
        "insufficient-bid",
        {"inadvertent_corrected_at_once": True},
        {"rule": "25A", "partner_must_pass": "none", "lead_penalties": False},
        id="T10-25A-mis-pulled-1C-for-2C-fixed-at-once",
    ),
    pytest.param(
        "insufficient-bid",
        {
            "inadvertent_corrected_at_once": False,
            "after_final_pass": False,
            "offender_obliged_to_pass": True,
            "accepted": False,
        },
        {"rule": "37", "partner_must_pass": "rest_of_auction", "lead_penalties": True},
        id="T11-37-a-barred-player-makes-an-insufficient-bid",
    ),
    pytest.param(
        "revoke",
        {
            "established": True,
            "on_trick_12": False,
            "revoker": "declarer",
            "subsequent_revoke_same_suit_same_player": False,
            "failure_to_play_faced_card": False,
            "noticed_after_nos_called_next_deal": False,
            "noticed_after_round_ended": False,
            "both_sides_revoked": False,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        {"rule": "64A2", "tricks_transferred": 1},
        id="T12-64A2-declarer-revokes-and-dummy-wins-the-trick",
    ),
    pytest.param(
        "revoke",
        {"established": False, "revoker": "defender", "attention_drawn_illegally": False},
        {"rule": "62", "must_correct": True, "penalty_card": "major"},
        id="T13-62B-a-defenders-revoke-corrected",
    ),
]


@pytest.mark.parametrize(("slug", "facts", "expected"), ERRATA_SITUATIONS)
def test_errata_situations_get_the_1997_ruling(http, slug, facts, expected):
    data = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts}).json()
    assert data["status"] == "ruling", data
    assert {name: data["ruling"][name] for name in expected} == expected


def test_a_v1_walk_is_asked_the_v2_fact_that_now_matters(http):
    """T10: the v1 facts of a 27B2 walk now get the 25A question, never a ruling that ignores it."""
    facts = {"accepted": False, "in_rotation": True, "replacement": "other_sufficient_bid"}
    data = http("POST", "/api/rulings/trees/insufficient-bid/evaluate/", {"facts": facts}).json()
    assert data["status"] == "question" and data["question"]["fact"] == "inadvertent_corrected_at_once"
    assert data["question"]["help"]["zh"] and data["question"]["help"]["en"]


@pytest.mark.parametrize(
    ("slug", "facts", "field"),
    [
        ("revoke", {"hands_returned_to_board": "maybe"}, "hands_returned_to_board"),
        ("revoke", {"other_tricks_transferred": -1}, "other_tricks_transferred"),
        ("lead-out-of-turn", {"phase": "premature"}, "phase"),
        ("lead-out-of-turn", {"declarer_option": "middle"}, "declarer_option"),
        ("insufficient-bid", {"whose_turn": "dummy"}, "whose_turn"),
    ],
)
def test_a_bad_v2_fact_is_400_naming_it(http, slug, facts, field):
    response = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts})
    assert response.status == 400 and response.json()["field"] == field
