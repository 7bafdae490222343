"""Boards, scores, IMPs, matchpoints and adjusted scores over real HTTP (issue 4)."""

from urllib.parse import quote

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("board", "dealer", "vulnerability"),
    [
        (1, "N", "None"),
        (2, "E", "NS"),
        (3, "S", "EW"),
        (4, "W", "Both"),
        (13, "N", "Both"),
        (16, "W", "EW"),
        (17, "N", "None"),
        (30, "E", "None"),
        (64, "W", "EW"),
    ],
)
def test_board(http, board, dealer, vulnerability):
    response = http("GET", f"/api/boards/{board}/")
    assert response.status == 200
    assert response.json() == {"board": board, "dealer": dealer, "vulnerability": vulnerability}


def test_score_doubled_game(http):
    data = http("GET", "/api/score/?contract=4SX&declarer=N&vulnerability=NS&tricks=10").json()
    assert data["contract"] == "4SX" and data["declarer"] == "N" and data["vulnerable"] is True
    assert data["tricks"] == 10 and data["result"] == 0
    assert data["score_ns"] == 790 and data["score_ew"] == -790
    assert sum(item["points"] for item in data["breakdown"]) == 790
    assert {item["law"] for item in data["breakdown"]} == {"77"}


def test_score_by_board_and_undertricks_for_ew(http):
    # Board 7: dealer S, both vulnerable. 3NT by E, 6 tricks: down 3 vulnerable undoubled = 300 to NS.
    data = http("GET", "/api/score/?contract=3NT&declarer=E&board=7&tricks=6").json()
    assert data["vulnerable"] is True and data["result"] == -3
    assert data["score_ns"] == 300 and data["score_ew"] == -300
    assert data["board"] == {"board": 7, "dealer": "S", "vulnerability": "Both"}


def test_score_chinese_notation_and_pass(http):
    assert (
        http("GET", f"/api/score/?contract={quote('4黑桃')}&declarer=S&vulnerability=None&tricks=11").json()[
            "score_ns"
        ]
        == 450
    )
    data = http("GET", "/api/score/?contract=PASS").json()
    assert data["score_ns"] == 0 and data["score_ew"] == 0 and data["contract"] == "PASS"


def test_imps(http):
    assert http("GET", "/api/imps/?diff=-450").json() == {"diff": -450, "imps": -10}
    assert http("GET", "/api/imps/?diff=4000").json()["imps"] == 24


def test_matchpoints_with_ties(http):
    data = http("POST", "/api/matchpoints/", {"scores": [420, 420, 450, -50]}).json()
    assert data == {"matchpoints": [3, 3, 6, 0], "percentages": [50.0, 50.0, 100.0, 0.0], "top": 6}


def test_artificial_pairs_and_teams_and_law_88(http):
    pairs = http(
        "POST",
        "/api/adjusted-score/",
        {"method": "artificial", "form": "pairs", "fault": {"NS": "direct", "EW": "none"}},
    ).json()
    assert pairs["NS"]["label"] == "average_minus" and pairs["NS"]["percent"] == 40
    assert pairs["EW"]["label"] == "average_plus" and pairs["EW"]["percent"] == 60
    teams = http(
        "POST",
        "/api/adjusted-score/",
        {"method": "artificial", "form": "teams", "fault": {"NS": "partial", "EW": "none"}},
    ).json()
    assert teams["NS"]["imps"] == 0 and teams["EW"]["imps"] == 3 and "percent" not in teams["EW"]
    law88 = http(
        "POST",
        "/api/adjusted-score/",
        {
            "method": "artificial",
            "form": "pairs",
            "fault": {"NS": "direct", "EW": "none"},
            "session_percent": {"EW": 63.5},
        },
    ).json()
    assert law88["EW"]["percent"] == 63.5 and law88["NS"]["percent"] == 40
    # 86A's ±3 IMPs and 88's rule are confirmed for the 1997 code (errata 2026-12 §B): nothing is flagged.
    assert law88["EW"]["unverified"] == [] and law88["NS"]["unverified"] == []
    assert teams["EW"]["unverified"] == [] and teams["NS"]["unverified"] == []


def test_assigned_is_non_balancing(http):
    data = http(
        "POST",
        "/api/adjusted-score/",
        {
            "method": "assigned",
            "vulnerability": "NS",
            "NS": {"contract": "4S", "declarer": "N", "tricks": 10},
            "EW": {"contract": "4S", "declarer": "N", "tricks": 9},
        },
    ).json()
    assert data["NS"]["score_ns"] == 620 and data["EW"]["score_ns"] == -100
    assert data["score_ns"] == 620 and data["score_ew"] == 100 and data["balanced"] is False


def test_weighted_against_the_other_table_and_the_field(http):
    body = {
        "method": "weighted",
        "appeals_committee": True,  # 1997 12C3 (J10)
        "vulnerability": "None",
        "other_table_score_ns": 420,
        "outcomes": [
            {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.6},
            {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 0.4},
        ],
    }
    data = http("POST", "/api/adjusted-score/", body).json()
    # 0.6 × 420 + 0.4 × −50 = 232; IMPs: 0.6 × 0 + 0.4 × imps(−470 → −10) = −4.00
    assert data["score_ns"] == 232 and data["imps"] == -4.0
    del body["other_table_score_ns"]
    body["field_scores_ns"] = [420, -50, 170]
    data = http("POST", "/api/adjusted-score/", body).json()
    # 420 vs field: beats -50 and 170, ties 420 → 5 of 6; −50: ties −50 → 1. 0.6×5 + 0.4×1 = 3.4 of 6.
    assert data["matchpoints"] == 3.4 and data["top"] == 6 and data["percentage"] == pytest.approx(56.67)


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/score/?contract=4Z&declarer=N&vulnerability=NS&tricks=10", "contract"),
        ("/api/score/?contract=8S&declarer=N&vulnerability=NS&tricks=10", "contract"),
        ("/api/score/?contract=4S&declarer=N&vulnerability=NS&tricks=14", "tricks"),
        ("/api/score/?contract=4S&declarer=N&vulnerability=NS&tricks=ten", "tricks"),
        ("/api/score/?contract=4S&declarer=Q&vulnerability=NS&tricks=10", "declarer"),
        ("/api/score/?contract=4S&declarer=N&vulnerability=XY&tricks=10", "vulnerability"),
        ("/api/score/?contract=4S&declarer=N&board=0&tricks=10", "board"),
        ("/api/score/?declarer=N&vulnerability=NS&tricks=10", "contract"),
        ("/api/boards/0/", "board"),
        ("/api/imps/?diff=abc", "diff"),
        ("/api/imps/", "diff"),
    ],
)
def test_bad_query_is_400_naming_the_field(http, path, field):
    response = http("GET", path)
    assert response.status == 400
    body = response.json()
    assert body["field"] == field and body["error"]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/matchpoints/", {"scores": "420,430"}, "scores"),
        ("/api/matchpoints/", {"scores": [420, "x"]}, "scores"),
        ("/api/matchpoints/", {}, "scores"),
        ("/api/adjusted-score/", {"method": "magic"}, "method"),
        (
            "/api/adjusted-score/",
            {"method": "artificial", "form": "pairs", "fault": {"NS": "bad", "EW": "none"}},
            "fault.NS",
        ),
        (
            "/api/adjusted-score/",
            {"method": "artificial", "form": "swiss", "fault": {"NS": "none", "EW": "none"}},
            "form",
        ),
        (
            "/api/adjusted-score/",
            {
                "method": "assigned",
                "vulnerability": "NS",
                "NS": {"contract": "4Z", "declarer": "N", "tricks": 10},
                "EW": {"contract": "4S", "declarer": "N", "tricks": 9},
            },
            "NS.contract",
        ),
        (
            "/api/adjusted-score/",
            {
                "method": "weighted",
                "appeals_committee": True,
                "vulnerability": "None",
                "outcomes": [
                    {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.5},
                    {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 0.4},
                ],
            },
            "weights",
        ),
    ],
)
def test_bad_body_is_400_naming_the_field(http, path, body, field):
    response = http("POST", path, body)
    assert response.status == 400
    assert response.json()["field"] == field


def test_malformed_json_is_400_not_500(http):
    response = http("POST", "/api/matchpoints/", raw=b"{not json")
    assert response.status == 400 and "error" in response.json()
    response = http("POST", "/api/adjusted-score/", raw=b"[1, 2]")
    assert response.status == 400


WEIGHTED = {
    "method": "weighted",
    "vulnerability": "None",
    "outcomes": [
        {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.6},
        {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 0.4},
    ],
}


def test_j10_a_weighted_score_is_an_appeals_committee_s_unless_the_zone_permits_the_director(http):
    """1997 Law 12C3: only an appeals committee weights, "unless the Zonal organisation specifies otherwise"."""
    response = http("POST", "/api/adjusted-score/", WEIGHTED)
    assert response.status == 400 and response.json()["field"] == "appeals_committee"
    response = http("POST", "/api/adjusted-score/", {**WEIGHTED, "director_12c3": True})
    assert response.status == 400 and response.json()["field"] == "director_12c3"
    response = http("POST", "/api/adjusted-score/", {**WEIGHTED, "appeals_committee": "yes"})
    assert response.status == 400 and response.json()["field"] == "appeals_committee"
    data = http("POST", "/api/adjusted-score/", {**WEIGHTED, "appeals_committee": True}).json()
    assert data["score_ns"] == 232 and data["by"] == "appeals_committee"


def test_j10_where_the_zone_permits_it_the_director_weights(client, settings):
    settings.ZONE_PERMITS_DIRECTOR_12C3 = True
    body = {**WEIGHTED, "director_12c3": True}
    data = client.post("/api/adjusted-score/", body, content_type="application/json").json()
    assert data["score_ns"] == 232 and data["by"] == "director"
