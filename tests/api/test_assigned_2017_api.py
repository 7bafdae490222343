"""POST /api/assigned-score/ and POST /api/adjusted-score/ under edition wbf-2017 (the body's ``edition``, else
``?edition=``): the 2017 Law 12 answers with 2017 law numbers, the 1997 answers unchanged without an edition, and
an unknown edition a 400 naming ``edition``. Numbers worked in tests/bridge/test_assigned_builder_2017.py."""

import pytest

pytestmark = pytest.mark.django_db

ASSIGNED = "/api/assigned-score/"
ADJUSTED = "/api/adjusted-score/"


def spade(tricks, **marks):
    return {"contract": "4S", "declarer": "S", "tricks": tricks, **marks}


WEIGHTED_ROWS = [spade(10, weight=0.6), spade(9, weight=0.4)]


def post(client, url, body):
    return client.post(url, body, content_type="application/json")


def test_the_director_weights_under_2017_over_http(http):
    # 0.6 × 420 + 0.4 × −50 = +232; IMPs against the other table's +420: 0.4 × −10 = −4.0 for NS, +4.0 for EW.
    body = {
        "edition": "wbf-2017",
        "vulnerability": "None",
        "offending_side": "EW",
        "results": WEIGHTED_ROWS,
        "other_table_score_ns": 420,
    }
    response = http("POST", ASSIGNED, body)
    assert response.status == 200
    data = response.json()
    assert data["edition"] == "wbf-2017" and data["standard"] == "weighted"
    assert data["score_ns"] == 232.0 and data["score_ew"] == -232.0
    assert data["NS"]["imps"] == -4.0 and data["EW"]["imps"] == 4.0
    assert data["laws"] == ["12C1", "77", "78B"]
    # The same body in the 1997 code: weights are a committee's (12C3), refused naming the first weight.
    body.pop("edition")
    response = http("POST", ASSIGNED, body)
    assert response.status == 400 and response.json()["field"] == "results[0].weight"


def test_the_query_edition_is_the_default_and_the_body_wins(client):
    body = {"vulnerability": "None", "offending_side": "EW", "results": [spade(10, probable=True), spade(11)]}
    data = post(client, ASSIGNED + "?edition=wbf-2017", body).json()
    assert data["edition"] == "wbf-2017" and data["score_ns"] == 420 and data["score_ew"] == -420
    response = post(client, ASSIGNED + "?edition=wbf-2017", {**body, "edition": "ccba-1999"})
    assert response.status_code == 400 and response.json()["field"] == "results[0].probable"


@pytest.mark.parametrize(
    ("url", "body"),
    [
        (ASSIGNED, {"edition": "wbf-2007", "offending_side": "EW", "results": []}),
        (ASSIGNED + "?edition=laws-1963", {"offending_side": "EW", "results": []}),
        (
            ADJUSTED,
            {"method": "artificial", "form": "pairs", "fault": {"NS": "none", "EW": "none"}, "edition": 7},
        ),
        (
            ADJUSTED + "?edition=nope",
            {"method": "artificial", "form": "pairs", "fault": {"NS": "none", "EW": "none"}},
        ),
    ],
)
def test_an_unknown_edition_is_a_400_naming_edition(client, url, body):
    response = post(client, url, body)
    assert response.status_code == 400
    data = response.json()
    assert data["field"] == "edition" and "wbf-2017" in data["error"]


def test_2017_bad_rows_are_400_naming_the_field(client):
    base = {"edition": "wbf-2017", "vulnerability": "None", "offending_side": "EW"}
    cases = [
        ({**base, "results": [spade(10, likely=True, at_all_probable=True)]}, "results[0].likely"),
        ({**base, "results": [spade(10), spade(9)]}, "results"),
        ({**base, "results": WEIGHTED_ROWS, "appeals_committee": True}, "appeals_committee"),
        ({**base, "results": WEIGHTED_ROWS, "regulation_likely_standard": True}, "results[0].weight"),
    ]
    for body, field in cases:
        response = post(client, ASSIGNED, body)
        assert response.status_code == 400 and response.json()["field"] == field, body


def test_artificial_scores_in_2017_numbers(client):
    # 2017 12C2: the same 40 / 60 % and ±3 IMPs as 1997 (12C1, 86A, 88 there), cited 12C2.
    pairs = {"method": "artificial", "form": "pairs", "fault": {"NS": "direct", "EW": "none"}}
    old = post(client, ADJUSTED, pairs).json()
    new = post(client, ADJUSTED, {**pairs, "edition": "wbf-2017"}).json()
    assert old["NS"]["laws"] == ["12C1"] and old["EW"]["laws"] == ["12C1", "88"] and "edition" not in old
    assert (new["NS"]["percent"], new["EW"]["percent"]) == (40, 60)
    assert new["NS"]["laws"] == ["12C2"] and new["EW"]["laws"] == ["12C2"] and new["edition"] == "wbf-2017"
    assert new["EW"]["unverified"] == []
    # A session percentage above 60 (12C2(c)): which contestants the paragraph covers is unverified in 2017.
    session = post(client, ADJUSTED, {**pairs, "edition": "wbf-2017", "session_percent": {"EW": 63.5}}).json()
    assert session["EW"]["percent"] == 63.5 and session["EW"]["unverified"] == ["12C2"]
    teams = {"method": "artificial", "form": "teams", "fault": {"NS": "partial", "EW": "none"}}
    new = post(client, ADJUSTED + "?edition=wbf-2017", teams).json()
    assert (new["NS"]["imps"], new["EW"]["imps"]) == (0, 3) and new["EW"]["laws"] == ["12C2"]


WEIGHTED = {
    "method": "weighted",
    "vulnerability": "None",
    "outcomes": [
        {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.6},
        {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 0.4},
    ],
}


def test_weighted_needs_no_committee_in_2017(client):
    # 1997: refused without appeals_committee (12C3). 2017: the Director weights (12C1) — +232 either way.
    assert post(client, ADJUSTED, WEIGHTED).json()["field"] == "appeals_committee"
    data = post(client, ADJUSTED, {**WEIGHTED, "edition": "wbf-2017"}).json()
    assert data["score_ns"] == 232 and data["by"] == "director" and data["laws"] == ["12C1"]
    response = post(client, ADJUSTED, {**WEIGHTED, "edition": "wbf-2017", "director_12c3": True})
    assert response.status_code == 400 and response.json()["field"] == "director_12c3"


def test_assigned_method_in_2017_numbers(client):
    body = {
        "method": "assigned",
        "vulnerability": "None",
        "NS": {"contract": "4S", "declarer": "S", "tricks": 10},
        "EW": {"contract": "4S", "declarer": "S", "tricks": 11},
    }
    assert post(client, ADJUSTED, body).json()["laws"] == ["12C2"]
    assert post(client, ADJUSTED, {**body, "edition": "wbf-2017"}).json()["laws"] == ["12C1"]


def test_the_schema_describes_the_edition(client):
    schema = client.get("/api/schema/").content
    assert b"regulation_likely_standard" in schema and b"wbf-2017" in schema
