"""The 2017 practice scenarios for cards exposed during the auction: they load and agree with the 2017 tree; the
"what changed" ones name a 1999 scenario of the same table situation with the same bars, and say that the review of
the enforced pass is Law 72C now (1997: Law 23)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridge.trees import Tree, evaluate, load_tree
from practice.core.bank import Scenario, load_scenarios
from practice.core.checks import engine_disagreements

ROOT = Path(__file__).resolve().parents[3]
SLUG = "exposed-card-auction"
FILE = ROOT / "fixtures" / "scenarios" / "wbf-2017" / f"{SLUG}.yaml"
FILE_1999 = ROOT / "fixtures" / "scenarios" / f"{SLUG}.yaml"


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Scenario]:
    folder = tmp_path_factory.mktemp("w17-ec")
    shutil.copy(FILE, folder / FILE.name)
    return load_scenarios(folder)


@pytest.fixture(scope="module")
def scenarios_1999(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Scenario]:
    folder = tmp_path_factory.mktemp("ec")
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
        assert scenario.id.startswith("w17-ec-") and scenario.topic == "exposed_card_auction"
        assert "2017" in scenario.situation and scenario.checks, scenario.id


def test_every_scenario_agrees_with_the_2017_tree(scenarios: dict[str, Scenario], tree: Tree) -> None:
    for scenario in scenarios.values():
        assert engine_disagreements(scenario, {SLUG: tree}) == [], scenario.id


def test_the_what_changed_scenarios_keep_the_bars_and_move_the_review_to_72c(
    scenarios: dict[str, Scenario], scenarios_1999: dict[str, Scenario], tree: Tree, tree_1999: Tree
) -> None:
    twins = {s.id: s.same_situation_as for s in scenarios.values() if s.same_situation_as}
    assert len(twins) >= 2
    reviewed = 0
    for sid, twin_id in twins.items():
        scenario, twin = scenarios[sid], scenarios_1999[twin_id]
        assert scenario.checks[0].inputs == twin.checks[0].inputs, sid  # the same table facts
        new = evaluate(tree, scenario.checks[0].inputs).ruling
        old = evaluate(tree_1999, twin.checks[0].inputs).ruling
        assert new is not None and old is not None
        assert dict(new.outcome) == dict(old.outcome), sid
        if new.outcome["damaging_pass_check"]:
            reviewed += 1
            assert "72C" in new.laws and "23" in old.laws, sid
            assert "第72条C款" in scenario.explanation, sid
    assert reviewed >= 2
