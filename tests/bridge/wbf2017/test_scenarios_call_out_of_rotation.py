"""The 2017 practice scenarios for calls out of rotation: they load, agree with the 2017 tree, and the "what changed"
ones name a 1999 scenario of the same table situation whose answer the 1999 tree gives differently."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridge.trees import Tree, evaluate, load_tree
from practice.core.bank import Scenario, load_scenarios
from practice.core.checks import engine_disagreements

ROOT = Path(__file__).resolve().parents[3]
SLUG = "call-out-of-rotation"
FILE = ROOT / "fixtures" / "scenarios" / "wbf-2017" / f"{SLUG}.yaml"
FILE_1999 = ROOT / "fixtures" / "scenarios" / f"{SLUG}.yaml"


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Scenario]:
    folder = tmp_path_factory.mktemp("w17-cor")
    shutil.copy(FILE, folder / FILE.name)
    return load_scenarios(folder)


@pytest.fixture(scope="module")
def scenarios_1999(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Scenario]:
    folder = tmp_path_factory.mktemp("cor")
    shutil.copy(FILE_1999, folder / FILE_1999.name)
    return load_scenarios(folder)


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(ROOT / "fixtures" / "trees" / "wbf-2017" / f"{SLUG}.yaml")


@pytest.fixture(scope="module")
def tree_1999() -> Tree:
    return load_tree(ROOT / "fixtures" / "trees" / f"{SLUG}.yaml")


def test_at_least_six_scenarios_with_the_2017_prefix(scenarios: dict[str, Scenario]) -> None:
    assert len(scenarios) >= 6
    for scenario in scenarios.values():
        assert scenario.id.startswith("w17-cor-") and scenario.topic == "call_out_of_rotation"
        assert "2017" in scenario.situation and scenario.checks, scenario.id


def test_every_scenario_agrees_with_the_2017_tree(scenarios: dict[str, Scenario], tree: Tree) -> None:
    for scenario in scenarios.values():
        assert engine_disagreements(scenario, {SLUG: tree}) == [], scenario.id


def test_the_what_changed_scenarios_rule_differently_from_their_1999_twin(
    scenarios: dict[str, Scenario], scenarios_1999: dict[str, Scenario], tree: Tree, tree_1999: Tree
) -> None:
    twins = {s.id: s.same_situation_as for s in scenarios.values() if s.same_situation_as}
    assert len(twins) >= 2
    for sid, twin_id in twins.items():
        twin = scenarios_1999[twin_id]
        new = evaluate(tree, scenarios[sid].checks[0].inputs).ruling
        old = evaluate(tree_1999, twin.checks[0].inputs).ruling
        assert new is not None and old is not None
        changed = {
            name
            for name in (
                "rule",
                "partner_must_pass",
                "offender_must_pass",
                "partner_may_not_double",
                "lead_restriction",
            )
            if new.outcome[name] != old.outcome[name]
        }
        assert changed, sid
        # and the 2017 scenario's answers would be wrong under 1997 (or the question would not even be asked)
        assert engine_disagreements(scenarios[sid], {SLUG: tree_1999}) != [], sid
