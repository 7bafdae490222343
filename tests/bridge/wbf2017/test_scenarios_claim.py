"""The 2017 claim practice scenarios (fixtures/scenarios/wbf-2017/claim.yaml): they load, every one is checked
against the 2017 tree with no disagreement, ids are w17-cl-NN, and the "what changed" ones name a 1999 scenario
of the same table situation whose answer differs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridge.trees import Tree, load_tree
from practice.core.bank import Scenario, load_scenarios
from practice.core.checks import engine_disagreements

ROOT = Path(__file__).resolve().parents[3]
FILE = ROOT / "fixtures" / "scenarios" / "wbf-2017" / "claim.yaml"
TREE = ROOT / "fixtures" / "trees" / "wbf-2017" / "claim.yaml"
BANK_1999 = ROOT / "fixtures" / "scenarios"


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Scenario]:
    folder = tmp_path_factory.mktemp("w17-claim")
    shutil.copy(FILE, folder / FILE.name)
    return load_scenarios(folder)


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE)


def test_at_least_six_with_w17_ids(scenarios: dict[str, Scenario]) -> None:
    assert len(scenarios) >= 6
    assert all(sid.startswith("w17-cl-") for sid in scenarios)
    assert all(s.topic == "claim" for s in scenarios.values())


def test_every_scenario_agrees_with_the_2017_tree(scenarios: dict[str, Scenario], tree: Tree) -> None:
    for scenario in scenarios.values():
        assert any(check.tree == "claim" for check in scenario.checks), scenario.id
        assert engine_disagreements(scenario, {"claim": tree}) == [], scenario.id


def chosen_value(scenario: Scenario, question_id: str) -> object:
    question = scenario.question(question_id)
    assert question is not None
    return next(option.value for option in question.options if option.key == question.answer)


def tree_facts(scenario: Scenario) -> dict[str, object]:
    return dict(next(check.inputs for check in scenario.checks if check.tree == "claim"))


def test_what_changed_scenarios_name_a_1999_scenario(scenarios: dict[str, Scenario]) -> None:
    bank_1999 = load_scenarios(BANK_1999)
    same = {s.id: s.same_situation_as for s in scenarios.values() if s.same_situation_as}
    assert same == {"w17-cl-01": "cl-04", "w17-cl-02": "cl-06"}
    assert all(bank_1999[old].topic == scenarios[new].topic for new, old in same.items())
    # cl-04: the conceded last trump is 71A (legal play) under 1997, 71B (normal play) under 2017.
    assert (chosen_value(bank_1999["cl-04"], "q1"), chosen_value(scenarios["w17-cl-01"], "q1")) == (
        "71A",
        "71B",
    )
    # cl-06: the same 69B ruling and count, on a different test (1997 not losable by normal play; 2017 likely won).
    assert tree_facts(bank_1999["cl-06"])["withdrawal_grounds"] == "not_losable"
    assert tree_facts(scenarios["w17-cl-02"])["withdrawal_grounds"] == "likely_won"
