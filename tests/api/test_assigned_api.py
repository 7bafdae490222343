"""POST /api/assigned-score/ (the Law 12C2 builder) over real HTTP: both sides' assigned scores and their IMP or
matchpoint effect, bad input → 400 naming the field, and the endpoint in the OpenAPI schema."""

import pytest

pytestmark = pytest.mark.django_db

URL = "/api/assigned-score/"


def row(contract, declarer, tricks, likely, probable, **extra):
    return {
        "contract": contract,
        "declarer": declarer,
        "tricks": tricks,
        "likely": likely,
        "at_all_probable": probable,
        **extra,
    }


def test_teams_assigned_scores_and_imps(http):
    # Board 5 (NS vulnerable), EW offend. 4♥ by S making 10 = 120 + 500 = 620 (likely); 9 tricks = −100 (at all
    # probable). NS: best likely 620; EW: worst at all probable for EW, −620. Other table 170: ±450 → ±10 IMPs.
    response = http(
        "POST",
        URL,
        {
            "board": 5,
            "offending_side": "EW",
            "results": [row("4H", "S", 10, True, True), row("4H", "S", 9, False, True)],
            "other_table_score_ns": 170,
            "knockout": True,
        },
    )
    assert response.status == 200
    data = response.json()
    assert data["vulnerability"] == "NS" and data["board"] == 5
    assert data["NS"]["score"] == 620 and data["NS"]["basis"] == "likely" and data["NS"]["imps"] == 10
    assert (
        data["EW"]["score"] == -620 and data["EW"]["basis"] == "at_all_probable" and data["EW"]["imps"] == -10
    )
    assert data["comparison"] == {"other_table_score_ns": 170, "knockout_imps_ns": 10.0}
    assert data["adjustment"]["method"] == "assigned"
    assert data["laws"] == ["12C2", "77", "78B", "86B"]


def test_pairs_non_balancing_scores_and_matchpoints(http):
    # Both vulnerable, NS offend: EW +620 (likely), NS −650 (4♠+1 at all probable). Field −620 −620 −650 −500 −600:
    # NS 1/10, EW 6/10.
    data = http(
        "POST",
        URL,
        {
            "vulnerability": "Both",
            "offending_side": "NS",
            "results": [row("4S", "E", 10, True, True), row("4S", "E", 11, False, True)],
            "field_scores_ns": [-620, -620, -650, -500, -600],
        },
    ).json()
    assert (data["score_ns"], data["score_ew"], data["balanced"]) == (-650, 620, False)
    assert (data["NS"]["matchpoints"], data["NS"]["percentage"]) == (1, 10.0)
    assert (data["EW"]["matchpoints"], data["EW"]["percentage"]) == (6, 60.0)
    assert data["comparison"]["top"] == 10


def test_the_club_logs_adjusted_score_body_gives_the_same_scores(http):
    """The builder's ``adjustment`` is POST /api/adjusted-score/'s assigned form: the two scores agree."""
    built = http(
        "POST",
        URL,
        {
            "vulnerability": "Both",
            "offending_side": "NS",
            "results": [row("4S", "E", 10, True, True), row("4S", "E", 11, False, True)],
        },
    ).json()
    again = http("POST", "/api/adjusted-score/", built["adjustment"]).json()
    assert (again["score_ns"], again["score_ew"]) == (built["score_ns"], built["score_ew"])


def test_appeals_committee_equity_score(http):
    data = http(
        "POST",
        URL,
        {
            "board": 5,
            "offending_side": "EW",
            "appeals_committee": True,
            "results": [
                row("4H", "S", 10, True, True, weight=0.6),
                row("4H", "S", 9, False, True, weight=0.4),
            ],
            "other_table_score_ns": 170,
        },
    ).json()
    assert data["equity"]["score_ns"] == 332.0 and data["equity"]["imps_ns"] == 3.2
    assert data["laws"][-1] == "12C3"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"offending_side": "EW", "results": [row("3NT", "N", 9, True, True)]}, "vulnerability"),
        ({"vulnerability": "None", "results": [row("3NT", "N", 9, True, True)]}, "offending_side"),
        ({"vulnerability": "None", "offending_side": "EW"}, "results"),
        (
            {"vulnerability": "None", "offending_side": "EW", "results": [row("3NT", "N", 14, True, True)]},
            "results[0].tricks",
        ),
        (
            {"vulnerability": "None", "offending_side": "EW", "results": [row("9NT", "N", 9, True, True)]},
            "results[0].contract",
        ),
        (
            {"vulnerability": "None", "offending_side": "EW", "results": [row("3NT", "N", 9, True, False)]},
            "results[0].at_all_probable",
        ),
        (
            {"vulnerability": "None", "offending_side": "EW", "results": [row("3NT", "N", 9, False, True)]},
            "results",
        ),
        (
            {
                "vulnerability": "None",
                "offending_side": "EW",
                "results": [row("3NT", "N", 9, True, True, weight=1)],
            },
            "results[0].weight",
        ),
        (
            {
                "vulnerability": "None",
                "offending_side": "EW",
                "results": [row("3NT", "N", 9, True, True)],
                "field_scores_ns": "400",
            },
            "field_scores_ns",
        ),
        (
            {
                "vulnerability": "None",
                "offending_side": "EW",
                "results": [row("3NT", "N", 9, True, True)],
                "odds": 1,
            },
            "odds",
        ),
    ],
)
def test_bad_input_is_a_400_naming_the_field(http, body, field):
    response = http("POST", URL, body)
    assert response.status == 400
    data = response.json()
    assert data["field"] == field and data["error"]


def test_a_body_that_is_not_an_object_is_a_400(http):
    response = http("POST", URL, [1, 2])
    assert response.status == 400 and response.json()["field"] is None
    assert http("POST", URL, raw=b"{not json").status == 400


def test_the_endpoint_is_in_the_openapi_schema(http):
    schema = http("GET", "/api/schema/")
    assert schema.status == 200
    assert b"/api/assigned-score/" in schema.body
    assert b"AssignedScoreRequest" in schema.body and b"at_all_probable" in schema.body


def test_j1_no_damage_is_said_in_the_answer(http):
    # Laws 16A2, 40C, 12C2. Board 19: table 4♥X by W one down (NS +200); NS likely 3♣ making (+110): no damage.
    data = http(
        "POST",
        URL,
        {
            "board": 19,
            "offending_side": "EW",
            "table_result": {"contract": "4HX", "declarer": "W", "tricks": 9},
            "results": [row("3C", "S", 9, True, True)],
        },
    ).json()
    assert data["damage"] is False and data["score_ns"] == 200 and data["score_ew"] == -200
    assert data["NS"]["basis"] == "table" and data["EW"]["basis"] == "table"
    assert data["adjustment"] is None and "16A2" in data["laws"]
    assert data["note"]["en"].startswith("No damage") and data["note"]["zh"].startswith("没有损害")


CASE_1 = {
    "board": 5,
    "offending_side": "EW",
    "results": [row("4H", "S", 10, True, True), row("4H", "S", 9, False, True)],
    "other_table_score_ns": 170,
}


def test_j13_the_knockout_average_only_for_a_knockout(http):
    """Law 86B is for a knockout match; in a Swiss or round robin each side keeps its own IMPs."""
    data = http("POST", URL, CASE_1).json()
    assert data["comparison"]["knockout_imps_ns"] is None and "86B" not in data["laws"]
    data = http("POST", URL, {**CASE_1, "knockout": True}).json()
    assert data["comparison"]["knockout_imps_ns"] == 10.0 and "86B" in data["laws"]
    response = http("POST", URL, {**CASE_1, "knockout": "yes"})
    assert response.status == 400 and response.json()["field"] == "knockout"


def test_j5_the_non_offending_side_s_own_row(http):
    # NS's own result after their own wild action: 3♥ by S making 10 (vulnerable) = 170; EW keep −620 (12C2).
    own = {"contract": "3H", "declarer": "S", "tricks": 10, "role": "non_offending"}
    data = http("POST", URL, {**CASE_1, "results": [*CASE_1["results"], own]}).json()
    assert (data["NS"]["basis"], data["NS"]["score"], data["EW"]["score"]) == ("own_action", 170, -620)
    response = http("POST", URL, {**CASE_1, "results": [*CASE_1["results"], {**own, "likely": True}]})
    assert response.status == 400 and response.json()["field"] == "results[2].role"


def test_j10_j11_director_weighting_is_gated_and_sides_can_be_weighted_apart(http, client, settings):
    weighted = [
        {**row("4H", "S", 10, True, True), "weight": 0.6, "weight_offending": 0.8},
        {**row("4H", "S", 9, False, True), "weight": 0.4, "weight_offending": 0.2},
    ]
    response = http("POST", URL, {**CASE_1, "director_12c3": True, "results": weighted})
    assert response.status == 400 and response.json()["field"] == "director_12c3"
    data = http("POST", URL, {**CASE_1, "appeals_committee": True, "results": weighted}).json()
    assert data["equity"]["score_ns"] == 332.0 and data["equity"]["score_ew"] == -476.0
    assert data["equity"]["offending"] == "own_weights" and data["equity"]["by"] == "appeals_committee"
    settings.ZONE_PERMITS_DIRECTOR_12C3 = True
    body = {**CASE_1, "director_12c3": True, "results": weighted}
    data = client.post(URL, body, content_type="application/json").json()
    assert data["equity"]["by"] == "director"
