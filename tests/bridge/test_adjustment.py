"""bridge.adjustment: an adjusted-score request as a dict (the calculators' body, the club log's stored
``adjustment``) into the engine's answer as a dict — the one entry point the API and the club log both call."""

from __future__ import annotations

import json

import pytest

from bridge import EngineError
from bridge.adjustment import adjusted_answer, score_answer
from bridge.scoring import score

ASSIGNED = {
    "method": "assigned",
    "vulnerability": "NS",
    "NS": {"contract": "4H", "declarer": "S", "tricks": 10},
    "EW": {"contract": "4H", "declarer": "S", "tricks": 9},
}


def test_assigned_answers_each_side_s_score_with_the_core_s_labels():
    answer = adjusted_answer(ASSIGNED)
    assert (answer["score_ns"], answer["score_ew"], answer["balanced"]) == (620, 100, False)
    assert answer["laws"] == ["12C2"] and "edition" not in answer
    assert answer["NS"]["contract"] == "4H" and answer["NS"]["declarer"] == "S" and answer["NS"]["vulnerable"]
    assert [(line["item"], line["label"], line["points"]) for line in answer["NS"]["breakdown"]] == [
        ("trick_score", "定约墩分", 120),
        ("game_bonus", "成局奖分", 500),
    ]
    assert answer["EW"]["breakdown"] == [
        {"item": "undertricks", "label": "宕1墩罚分", "points": -100, "law": "77"}
    ]
    json.dumps(answer)  # JSON-ready: what the club log stores


def test_artificial_answers_each_side_s_average_and_its_laws():
    answer = adjusted_answer(
        {"method": "artificial", "form": "pairs", "fault": {"NS": "none", "EW": "direct"}}
    )
    assert answer["NS"] == {
        "label": "average_plus",
        "label_zh": answer["NS"]["label_zh"],
        "laws": ["12C1", "88"],
        "unverified": [],
        "percent": 60.0,
    }
    assert answer["EW"]["percent"] == 40.0 and answer["EW"]["laws"] == ["12C1"]
    teams = adjusted_answer(
        {"method": "artificial", "form": "teams", "fault": {"NS": "none", "EW": "partial"}}
    )
    assert (teams["NS"]["imps"], teams["EW"]["imps"]) == (3, 0) and "percent" not in teams["NS"]


def test_weighted_answers_the_lines_and_the_comparison():
    answer = adjusted_answer(
        {
            "method": "weighted",
            "vulnerability": "None",
            "other_table_score_ns": 420,
            "outcomes": [
                {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.6},
                {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 0.4},
            ],
        }
    )
    assert answer["score_ns"] == 232 and answer["imps"] == -4.0 and answer["laws"] == ["12C3"]
    assert [line["weight"] for line in answer["lines"]] == [0.6, 0.4]
    assert answer["lines"][1]["breakdown"][0]["label"] == "宕1墩罚分"


def test_the_2017_edition_cites_2017_numbers_from_the_request_or_the_argument():
    answer = adjusted_answer({**ASSIGNED, "edition": "wbf-2017"})
    assert answer["edition"] == "wbf-2017" and answer["laws"] == ["12C1"]
    assert adjusted_answer(ASSIGNED, "wbf-2017") == answer
    # The request's own edition wins over the argument.
    assert adjusted_answer({**ASSIGNED, "edition": "ccba-1999"}, "wbf-2017")["laws"] == ["12C2"]
    sessions = adjusted_answer(
        {
            "method": "artificial",
            "form": "pairs",
            "fault": {"NS": "none", "EW": "direct"},
            "session_percent": {"NS": 63.5},
            "edition": "wbf-2017",
        }
    )
    assert sessions["NS"]["percent"] == 63.5 and sessions["NS"]["unverified"] == ["12C2"]
    assert sessions["EW"]["unverified"] == []


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ([1, 2], None),
        ({"method": "magic"}, "method"),
        ({}, "method"),
        ({**ASSIGNED, "edition": "wbf-2099"}, "edition"),
        ({**ASSIGNED, "NS": {"contract": "8H", "declarer": "S", "tricks": 10}}, "NS.contract"),
        ({**ASSIGNED, "EW": {"contract": "4H", "declarer": "S", "tricks": 14}}, "EW.tricks"),
        ({key: value for key, value in ASSIGNED.items() if key != "vulnerability"}, "vulnerability"),
        ({"method": "artificial", "form": "pairs", "fault": {"NS": "none"}}, "fault.EW"),
    ],
)
def test_bad_requests_raise_an_engine_error_naming_the_field(request_, field):
    with pytest.raises(EngineError) as caught:
        adjusted_answer(request_)
    assert caught.value.field == field


def test_a_score_s_answer_is_the_api_s_shape():
    answer = score_answer(score("3NT", "S", "None", 10))
    assert answer["contract"] == "3NT" and answer["result"] == 1 and answer["score_ns"] == 430
    assert [line["item"] for line in answer["breakdown"]] == ["trick_score", "overtricks", "game_bonus"]
    assert answer["breakdown"][1]["label"] == "超额1墩"
