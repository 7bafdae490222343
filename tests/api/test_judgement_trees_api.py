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
