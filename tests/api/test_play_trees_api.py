"""The four play trees over real HTTP (issue 16): listed, evaluated to a ruling with scripts in both languages, a
wrong fact a 400 naming it, and the engine's computations (the claim's trick count and score, the artificial
adjusted score) in the answer."""

import pytest

from rulings.trees import trees
from tests.offline.cases import one_per_leaf

pytestmark = pytest.mark.django_db

PLAY_TREES = ["penalty-card", "dummy", "claim", "wrong-cards"]


def test_the_play_trees_are_listed_in_the_play_group(http):
    listed = {tree["slug"]: tree for tree in http("GET", "/api/rulings/trees/").json()}
    for slug in PLAY_TREES:
        assert listed[slug]["edition"] == "ccba-1999" and listed[slug]["laws"]
        detail = http("GET", f"/api/rulings/trees/{slug}/").json()
        assert detail["group"] == "play" and detail["keywords"]


@pytest.mark.parametrize("slug", PLAY_TREES)
def test_every_leaf_evaluates_through_the_api_with_both_scripts(http, slug):
    for leaf, facts in one_per_leaf(trees()[slug]).items():
        data = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts}).json()
        assert data["status"] == "ruling", (slug, leaf, data)
        ruling = data["ruling"]
        assert ruling["leaf"] == leaf and ruling["laws"]
        assert ruling["script"]["zh"].strip() and ruling["script"]["en"].strip()


@pytest.mark.parametrize(
    ("slug", "facts", "field"),
    [
        ("penalty-card", {"situation": "card_exposed", "who_exposed": "dummy"}, "who_exposed"),
        ("dummy", {"dummy_action": "shouted"}, "dummy_action"),
        (
            "claim",
            {"beyond_current_trick": True, "kind": "claim", "made_by": "declarer", "tricks_claimed": 15},
            "tricks_claimed",
        ),
        ("claim", {"claimer_cards": "SAA"}, "claimer_cards"),
        (
            "wrong-cards",
            {"problem": "wrong_number", "when_discovered": "after_play", "form": "rubber"},
            "form",
        ),
    ],
)
def test_a_wrong_fact_is_a_400_naming_it(http, slug, facts, field):
    response = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts})
    assert response.status == 400 and response.json()["field"] == field


def test_a_disputed_claim_ends_in_a_trick_count_and_a_score(http):
    facts = {
        "beyond_current_trick": True,
        "kind": "claim",
        "made_by": "declarer",
        "tricks_claimed": 12,
        "response": "disputed",
        "outstanding_trump": True,
        "claimer_possibly_unaware": True,
        "trump_trick_losable": True,
        "tricks_lost": 1,
        "contract": "6H",
        "declarer": "N",
        "vulnerability": "Both",
        "claimer_cards": "HA SAKQ",
        "partner_cards": "H2 D2 C2 C3",
        "lho_cards": "HJ D3 D4 D5",
        "rho_cards": "H3 S2 C4 C5",
    }
    ruling = http("POST", "/api/rulings/trees/claim/evaluate/", {"facts": facts}).json()["ruling"]
    assert ruling["rule"] == "70C" and ruling["tricks_awarded"] == 11
    assert ruling["adjusted_declarer_tricks"] == 11 and ruling["score_ns"] == -100
    assert ruling["sure_tricks"] == 4 and ruling["trump_tricks_at_risk"] == 2


def test_a_board_played_twice_gets_the_artificial_score(http):
    """Law 15B: E-W had played the board before; only N-S, deprived of a score, get an artificial one."""
    facts = {
        "problem": "wrong_board",
        "wrong_board_when": "played",
        "previously_played": True,
        "played_before_side": "ew",
        "form": "teams",
        "fault_ns": "none",
        "fault_ew": "direct",
    }
    ruling = http("POST", "/api/rulings/trees/wrong-cards/evaluate/", {"facts": facts}).json()["ruling"]
    assert ruling["rule"] == "15B" and ruling["board_result"] == "artificial"
    assert (ruling["imps_ns"], ruling["imps_ew"]) == (3, None)
    assert (ruling["artificial_ns"], ruling["artificial_ew"]) == ("average_plus", None)
