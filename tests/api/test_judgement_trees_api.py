"""The judgement trees through POST /api/rulings/trees/<slug>/evaluate/ over real HTTP: every leaf answers (the
same facts as the casebooks), the first question, and a wrong fact value → 400 naming it."""

import pytest

from rulings.trees import trees
from tests.offline.cases import one_per_leaf

pytestmark = pytest.mark.django_db

SLUGS = ["unauthorized-information", "misinformation"]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_leaf_evaluates_over_http(http, slug):
    tree = trees()[slug]
    for leaf, facts in one_per_leaf(tree).items():
        response = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts})
        assert response.status == 200
        data = response.json()
        assert data["status"] == "ruling" and data["ruling"]["leaf"] == leaf
        assert data["ruling"]["script"]["zh"] and data["ruling"]["script"]["en"] and data["ruling"]["laws"]
        assert data["tree"] == slug and data["edition"] == "ccba-1999"


@pytest.mark.parametrize(
    ("slug", "first"),
    [("unauthorized-information", "information_source"), ("misinformation", "agreement_evidence")],
)
def test_the_first_question(http, slug, first):
    data = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": {}}).json()
    assert data["status"] == "question" and data["question"]["fact"] == first
    assert data["question"]["help"]["zh"] and data["question"]["laws"]


@pytest.mark.parametrize(
    ("slug", "facts", "field"),
    [
        ("unauthorized-information", {"information_source": "telepathy"}, "information_source"),
        (
            "unauthorized-information",
            {"information_source": "partner", "stage": "end_of_play", "information_established": "maybe"},
            "information_established",
        ),
        ("misinformation", {"agreement_evidence": "explanation_wrong", "stage": "lunch"}, "stage"),
        ("misinformation", {"colour": "red"}, "colour"),
    ],
)
def test_a_wrong_fact_is_a_400_naming_it(http, slug, facts, field):
    response = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts})
    assert response.status == 400
    assert response.json()["field"] == field


def _evaluate(http, slug, facts):
    return http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts})


def test_j3_own_misunderstanding_is_21a_with_no_adjustment(http):
    """Law 21A: a call made on the player's own misunderstanding of a correct explanation has no recourse."""
    data = _evaluate(http, "misinformation", {"agreement_evidence": "own_misunderstanding"}).json()
    ruling = data["ruling"]
    assert (ruling["leaf"], ruling["rule"], ruling["infraction"], ruling["adjusted_score"]) == (
        "own_misunderstanding",
        "21A",
        False,
        False,
    )
    assert "21A" in ruling["laws"]


def test_j4_a_fielded_psychic_is_asked_and_ruled_under_40b(http):
    """Laws 40B, 75B: the old call_wrong walk is asked the new fact; a fielded psychic gets 12C2 and Law 90."""
    data = _evaluate(http, "misinformation", {"agreement_evidence": "call_wrong"}).json()
    assert data["status"] == "question" and data["question"]["fact"] == "implicit_agreement"
    facts = {"agreement_evidence": "call_wrong", "implicit_agreement": True, "damaged": True}
    ruling = _evaluate(http, "misinformation", facts).json()["ruling"]
    assert (ruling["rule"], ruling["adjustment"], ruling["procedural_penalty_option"]) == (
        "40B",
        "assigned",
        True,
    )
    assert {"40B", "75B", "90"} <= set(ruling["laws"])
    response = _evaluate(
        http, "misinformation", {"agreement_evidence": "call_wrong", "implicit_agreement": "maybe"}
    )
    assert response.status == 400 and response.json()["field"] == "implicit_agreement"


def test_j12_information_found_after_play_is_adjusted(http):
    """Law 16B's remedies come before play; found after play, the Director adjusts (12A1/12C2, or 12C1)."""
    facts = {"information_source": "other_source", "interferes_with_play": True, "remedy_16b": "substitute"}
    data = _evaluate(http, "unauthorized-information", facts).json()
    assert data["status"] == "question" and data["question"]["fact"] == "other_stage"
    facts = {
        "information_source": "other_source",
        "other_stage": "after_play",
        "after_play_effect": "artificial",
    }
    ruling = _evaluate(http, "unauthorized-information", facts).json()["ruling"]
    assert (ruling["leaf"], ruling["adjustment"], ruling["adjusted_score"]) == (
        "other_after_play_artificial",
        "artificial",
        True,
    )
    facts = {**facts, "after_play_effect": "assigned"}
    ruling = _evaluate(http, "unauthorized-information", facts).json()["ruling"]
    assert ruling["adjustment"] == "assigned" and "12A1" in ruling["laws"] and "12C2" in ruling["laws"]


def test_the_shared_review_field_is_separate_from_adjusted_score(http):
    """adjusted_score true means an adjusted score is awarded; "may, after play" is adjustment_review."""
    facts = {"information_source": "partner", "stage": "at_the_time"}
    ruling = _evaluate(http, "unauthorized-information", facts).json()["ruling"]
    assert ruling["adjusted_score"] is None and ruling["adjustment_review"] is True
    facts = {"agreement_evidence": "explanation_wrong", "stage": "during_play", "play_affected": "too_late"}
    ruling = _evaluate(http, "misinformation", facts).json()["ruling"]
    assert ruling["adjusted_score"] is None and ruling["adjustment_review"] is True
