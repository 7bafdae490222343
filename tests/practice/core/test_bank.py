"""The scenario bank: enough cases on every topic, well-formed situations, and a schema that lists every problem."""

import re
from collections import Counter

import pytest

from bridge import board_info
from practice.core.bank import Option, ScenarioError, load_scenarios, parse_scenario
from practice.core.vocabulary import TOPICS
from tests.practice.core.bank_data import BANK, ROOT


def test_the_bank_has_at_least_45_scenarios_across_every_topic():
    assert len(BANK) >= 45
    per_topic = Counter(scenario.topic for scenario in BANK.values())
    assert set(per_topic) == set(TOPICS)
    assert min(per_topic.values()) >= 6
    assert set(Counter(scenario.difficulty for scenario in BANK.values())) == {1, 2, 3}


def test_every_explanation_cites_laws_in_the_rulebook_form():
    for scenario in BANK.values():
        assert re.search(r"第\d+条", scenario.explanation), scenario.id


SEATS = {"北": "N", "东": "E", "南": "S", "西": "W"}
VULS = {"双方无局": "None", "南北有局": "NS", "东西有局": "EW", "双方有局": "Both"}


def test_board_numbers_match_dealer_and_vulnerability():
    """Law 2: a situation naming a board, its dealer and vulnerability must be a real board."""
    seen = 0
    for scenario in BANK.values():
        match = re.search(
            r"第(\d+)副，(北|东|南|西)发牌，(双方无局|南北有局|东西有局|双方有局)", scenario.situation
        )
        if not match:
            continue
        seen += 1
        board = board_info(int(match[1]))
        assert (board.dealer.value, board.vulnerability.value) == (SEATS[match[2]], VULS[match[3]]), (
            scenario.id
        )
    assert seen >= 20


def test_schema_problems_are_all_listed():
    bad = {
        "id": "drill-x",
        "topic": "bidding",
        "difficulty": 4,
        "title": "t",
        "situation": "s",
        "explanation": "e",
        "questions": [
            {
                "id": "q1",
                "kind": "single",
                "prompt": "p",
                "options": [{"key": "a", "text": "x"}],
                "answer": "b",
            },
            {"id": "q2", "kind": "essay", "prompt": "p", "answer": 1},
        ],
        "checks": [{"score": {"contract": "4S"}, "fields": {"imps": "q9"}}],
    }
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(bad)
    text = "\n".join(caught.value.problems)
    for fragment in (
        "id must match",
        "topic must be",
        "difficulty must be",
        "at least two options",
        "kind must be",
    ):
        assert fragment in text
    assert "score has no field 'imps'" in text


def test_duplicate_ids_fail_the_load(tmp_path):
    source = (ROOT / "fixtures" / "scenarios" / "scores.yaml").read_text(encoding="utf-8")
    (tmp_path / "a.yaml").write_text(source, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(source, encoding="utf-8")
    with pytest.raises(ScenarioError, match="duplicate id 'sc-01'"):
        load_scenarios(tmp_path)


@pytest.mark.parametrize(
    ("value", "engine_value", "matches"),
    [
        ("27B1", "27B1", True),
        (26, "26", True),  # YAML wrote the law number as an int
        ("27B1", "27B2", False),
        (True, True, True),
        (True, 1, False),  # a bool only equals a bool
        (1, True, False),
        (None, None, False),  # an option not tied to the engine never matches
    ],
)
def test_an_option_matches_the_engine_value_it_names(value, engine_value, matches):
    assert Option("a", "text", value).matches(engine_value) is matches
