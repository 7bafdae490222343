"""The 2017 insufficient-bid scenarios (fixtures/scenarios/wbf-2017/insufficient-bid.yaml) agree with the 2017 tree."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from practice.core.checks import engine_disagreements
from tests.bridge.wbf2017.auction_common import tree_2017
from tests.bridge.wbf2017.auction_scenario_checks import check_file

SLUG = "insufficient-bid"


def test_the_file_agrees_with_the_2017_tree(tmp_path: Path) -> None:
    check_file(SLUG, "ib", tmp_path)


def test_a_wrong_answer_is_caught(tmp_path: Path) -> None:
    """The check can fail: answering the 1997 ruling (27B3) to the comparable double contradicts the 2017 tree."""
    scenarios = check_file(SLUG, "ib", tmp_path)
    scenario = scenarios["w17-ib-01"]
    questions = tuple(replace(q, answer="c") if q.id == "q1" else q for q in scenario.questions)
    problems = engine_disagreements(replace(scenario, questions=questions), {SLUG: tree_2017(SLUG)})
    assert problems and "27B1" in problems[0]


def test_the_what_changed_set_covers_the_comparable_call_and_law_31(tmp_path: Path) -> None:
    scenarios = check_file(SLUG, "ib", tmp_path)
    assert {s.same_situation_as for s in scenarios.values() if s.same_situation_as} >= {
        "ib-05",
        "ib-19",
        "ib-06",
    }
