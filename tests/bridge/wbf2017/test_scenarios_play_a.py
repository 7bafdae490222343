"""The 2017 practice scenarios of the lead-out-of-turn, penalty-card and dummy trees
(fixtures/scenarios/wbf-2017/<slug>.yaml): they load, carry w17- ids and the 1999 files' topics, agree with the 2017 trees, and
each tree has at least two "what changed" scenarios naming an existing 1999 scenario of the same table situation."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridge.trees import Tree, load_tree
from laws.outline import load_outline
from practice.core.bank import Scenario, load_scenarios
from practice.core.checks import engine_disagreements

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS_2017 = ROOT / "fixtures" / "scenarios" / "wbf-2017"
SCENARIOS_1999 = ROOT / "fixtures" / "scenarios"
TREES_2017 = ROOT / "fixtures" / "trees" / "wbf-2017"
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"

FILES = {
    "lead-out-of-turn": ("lot", "lead_out_of_turn"),
    "penalty-card": ("pc", "penalty_card"),
    "dummy": ("dm", "dummy"),
}
# The "what changed" scenarios the 1999 trees would answer wrongly (a pair may cross trees: dummy and penalty-card
# scenarios pair with lead-out-of-turn situations and check that tree).
DISAGREEING = {"w17-lot-01", "w17-lot-02", "w17-lot-04", "w17-lot-07", "w17-pc-01", "w17-pc-02", "w17-dm-01"}


@pytest.fixture(scope="module")
def trees() -> dict[str, Tree]:
    refs = load_outline(OUTLINE_2017).all_refs()
    return {slug: load_tree(TREES_2017 / f"{slug}.yaml", refs) for slug in FILES}


@pytest.fixture(scope="module")
def scenarios_1999() -> dict[str, Scenario]:
    return load_scenarios(SCENARIOS_1999)


def load_file(slug: str, tmp_path: Path) -> dict[str, Scenario]:
    folder = tmp_path / slug
    folder.mkdir()
    shutil.copy(SCENARIOS_2017 / f"{slug}.yaml", folder / f"{slug}.yaml")
    return load_scenarios(folder)


@pytest.mark.parametrize("slug", list(FILES))
def test_the_file_loads_with_w17_ids_and_the_1999_topic(slug: str, tmp_path: Path) -> None:
    prefix, topic = FILES[slug]
    scenarios = load_file(slug, tmp_path)
    assert len(scenarios) >= 6
    for scenario_id, scenario in scenarios.items():
        assert scenario_id.startswith(f"w17-{prefix}-")
        assert scenario.topic == topic


@pytest.mark.parametrize("slug", list(FILES))
def test_every_scenario_agrees_with_the_2017_trees(slug: str, tmp_path: Path, trees: dict[str, Tree]) -> None:
    for scenario in load_file(slug, tmp_path).values():
        assert scenario.checks, scenario.id
        assert engine_disagreements(scenario, trees) == [], scenario.id


@pytest.mark.parametrize("slug", list(FILES))
def test_at_least_two_what_changed_scenarios_name_a_1999_scenario(
    slug: str, tmp_path: Path, scenarios_1999: dict[str, Scenario]
) -> None:
    changed = [s for s in load_file(slug, tmp_path).values() if s.same_situation_as]
    assert len(changed) >= 2
    for scenario in changed:
        assert scenario.same_situation_as in scenarios_1999, scenario.id
        assert "2017" in scenario.situation


def test_the_1999_trees_disagree_with_the_what_changed_answers(tmp_path: Path) -> None:
    """The point of the set: ruled on the 1999 trees, these scenarios' checked answers would be wrong."""
    trees_1999 = {slug: load_tree(ROOT / "fixtures" / "trees" / f"{slug}.yaml") for slug in FILES}
    disagreeing = []
    for slug in FILES:
        for scenario in load_file(slug, tmp_path).values():
            if scenario.same_situation_as and engine_disagreements(scenario, trees_1999):
                disagreeing.append(scenario.id)
    assert DISAGREEING <= set(disagreeing)
