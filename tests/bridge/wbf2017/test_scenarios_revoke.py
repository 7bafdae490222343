"""The 2017 revoke practice scenarios (fixtures/scenarios/wbf-2017/revoke.yaml): they load, every one is checked
against the 2017 tree with no disagreement, ids are w17-rv-NN, and the "what changed" ones name a 1999 scenario
of the same table situation whose answer differs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridge.trees import Tree, load_tree
from practice.core.bank import Scenario, load_scenarios
from practice.core.checks import engine_disagreements

ROOT = Path(__file__).resolve().parents[3]
FILE = ROOT / "fixtures" / "scenarios" / "wbf-2017" / "revoke.yaml"
TREE = ROOT / "fixtures" / "trees" / "wbf-2017" / "revoke.yaml"
BANK_1999 = ROOT / "fixtures" / "scenarios"


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Scenario]:
    folder = tmp_path_factory.mktemp("w17-revoke")
    shutil.copy(FILE, folder / FILE.name)
    return load_scenarios(folder)


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE)


def test_at_least_six_with_w17_ids(scenarios: dict[str, Scenario]) -> None:
    assert len(scenarios) >= 6
    assert all(sid.startswith("w17-rv-") for sid in scenarios)
    assert all(s.topic == "revoke" for s in scenarios.values())


def test_every_scenario_agrees_with_the_2017_tree(scenarios: dict[str, Scenario], tree: Tree) -> None:
    for scenario in scenarios.values():
        assert any(check.tree == "revoke" for check in scenario.checks), scenario.id
        assert engine_disagreements(scenario, {"revoke": tree}) == [], scenario.id


def _ruled(scenario: Scenario, field: str) -> object:
    """The answer a scenario gives to the question its revoke check ties to ``field`` (an option's value for a
    single-choice question, the number otherwise); None when no question is tied to it."""
    for check in scenario.checks:
        for name, question_id in check.fields:
            if check.tree == "revoke" and name == field:
                question = scenario.question(question_id)
                assert question is not None
                option = question.option(str(question.answer)) if question.options else None
                return option.value if option is not None else question.answer
    return None


def test_what_changed_scenarios_name_a_1999_scenario(scenarios: dict[str, Scenario]) -> None:
    bank_1999 = load_scenarios(BANK_1999)
    same = {s.id: s.same_situation_as for s in scenarios.values() if s.same_situation_as}
    assert same == {
        "w17-rv-01": "rv-02",
        "w17-rv-02": "rv-12",
        "w17-rv-08": "rv-13",
        "w17-rv-09": "rv-17",
        "w17-rv-10": "rv-15",
        "w17-rv-11": "rv-16",
    }
    for new_id, old_id in same.items():
        old, new = bank_1999[old_id], scenarios[new_id]
        assert old.topic == new.topic
        # The rulings differ: the transfer question's answer is not the same under the two codes, or (where both
        # transfer nothing) the law applied is not.
        old_transfer = next(q.answer for q in old.questions if "转移" in q.prompt)
        new_transfer = next(q.answer for q in new.questions if "转移" in q.prompt)
        assert old_transfer != new_transfer or _ruled(old, "rule") != _ruled(new, "rule"), new_id


def test_the_defenders_question_no_longer_establishes_the_revoke(scenarios: dict[str, Scenario]) -> None:
    # 1997 63B: a defender's question made Law 64 apply as if established; 2017 61B3 allows it (Law 62 corrects).
    bank_1999 = load_scenarios(BANK_1999)
    for new_id in ("w17-rv-08", "w17-rv-09", "w17-rv-10", "w17-rv-11"):
        new = scenarios[new_id]
        assert _ruled(new, "rule") == "62"
        assert _ruled(new, "penalty_card") == "major"
        assert _ruled(bank_1999[new.same_situation_as], "rule") != "62"
