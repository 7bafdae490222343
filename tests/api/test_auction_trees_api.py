"""The four auction trees of issue 15 over real HTTP: listed, evaluated to a ruling in both languages, and a wrong
fact value refused with a 400 naming the fact."""

import pytest

pytestmark = pytest.mark.django_db

AUCTION_SLUGS = ["call-out-of-rotation", "change-of-call", "inadmissible-call", "exposed-card-auction"]


def test_the_list_offers_the_four_slugs_beside_the_first_three(http):
    slugs = [tree["slug"] for tree in http("GET", "/api/rulings/trees/").json()]
    assert {"insufficient-bid", "lead-out-of-turn", "revoke", *AUCTION_SLUGS} <= set(slugs)
    # The auction irregularities in their order, before the play's (the wizard's choice screen follows this list).
    positions = [slugs.index(slug) for slug in ["insufficient-bid", *AUCTION_SLUGS, "lead-out-of-turn"]]
    assert positions == sorted(positions)


@pytest.mark.parametrize(
    ("slug", "facts", "expected"),
    [
        (
            "call-out-of-rotation",
            {
                "call": "bid",
                "turn": "rho",
                "rho_obliged_to_pass": False,
                "simultaneous_call": False,
                "accepted": False,
                "rho_called_before_rectification": False,
                "rho_action": "call",
                "repeated_denomination": True,
            },
            {"rule": "31A2", "partner_must_pass": "one_round", "lead_penalties": False},
        ),
        (
            "call-out-of-rotation",
            {"call": "bid", "turn": "partner", "accepted": False},
            {"rule": "31B", "partner_must_pass": "rest_of_auction", "lead_penalties": True},
        ),
        (
            "call-out-of-rotation",
            {
                "call": "pass",
                "turn": "partner",
                "accepted": False,
                "pass_conventional": False,
                "any_bid_before": True,
            },
            {"rule": "30B2", "offender_must_pass": "rest_of_auction", "partner_may_not_double": True},
        ),
        (
            "exposed-card-auction",
            {"partner_could_see": True, "cards_exposed": "one", "prematurely_led": False, "honour": True},
            {"rule": "24B", "partner_must_pass": "next_turn", "penalty_card": "major"},
        ),
        (
            "change-of-call",
            {
                "change_before_lho_called": True,
                "inadvertent_corrected_at_once": False,
                "lho_response": "does_not_accept",
                "first_call_legal": True,
                "offender_choice": "other_call",
            },
            {"rule": "25B2", "score_ceiling": "average_minus", "partner_must_pass": "none"},
        ),
        (
            "inadmissible-call",
            {"inadmissible_call": "bid_above_seven", "lho_called": False},
            {"rule": "38", "partner_must_pass": "rest_of_auction", "offender_must_pass": "rest_of_auction"},
        ),
    ],
)
def test_evaluate_gives_the_ruling(http, slug, facts, expected):
    data = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts}).json()
    assert data["status"] == "ruling", data
    ruling = data["ruling"]
    assert {name: ruling[name] for name in expected} == expected
    assert ruling["rule"] in ruling["laws"]
    assert ruling["script"]["zh"] and ruling["script"]["en"]
    assert data["tree"] == slug and data["edition"] == "ccba-1999"


@pytest.mark.parametrize("slug", AUCTION_SLUGS)
def test_no_facts_ask_the_first_question_with_help(http, slug):
    data = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": {}}).json()
    assert data["status"] == "question"
    question = data["question"]
    assert question["text"]["zh"] and question["help"]["zh"] and question["help"]["en"] and question["laws"]


@pytest.mark.parametrize(
    ("slug", "facts", "field"),
    [
        ("call-out-of-rotation", {"call": "triple"}, "call"),
        ("call-out-of-rotation", {"call": "bid", "turn": "dealer"}, "turn"),
        ("call-out-of-rotation", {"accepted": "maybe"}, "accepted"),
        ("exposed-card-auction", {"cards_exposed": 3}, "cards_exposed"),
        ("exposed-card-auction", {"honour": "K"}, "honour"),
        ("change-of-call", {"offender_choice": "average_plus"}, "offender_choice"),
        ("change-of-call", {"lho_response": True}, "lho_response"),
        ("inadmissible-call", {"inadmissible_call": "insufficient_bid"}, "inadmissible_call"),
        ("inadmissible-call", {"caller": "dummy"}, "caller"),
        ("inadmissible-call", {"bid_level": 8}, "bid_level"),
    ],
)
def test_a_wrong_fact_value_is_a_400_naming_it(http, slug, facts, field):
    response = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts})
    assert response.status == 400
    body = response.json()
    assert body["field"] == field and field in body["error"]


@pytest.mark.parametrize("slug", AUCTION_SLUGS)
def test_tree_detail_lists_group_and_keywords(http, slug):
    tree = http("GET", f"/api/rulings/trees/{slug}/").json()
    assert tree["group"] == "auction" and tree["keywords"]
    assert tree["facts"] and tree["nodes"]
