"""The checks every 2017 scenario file of the auction trees passes: the file loads on its own, each scenario agrees
with the 2017 tree, ids and topics follow the 1999 file of the same slug, and the "what changed" scenarios name an
existing 1999 scenario of that slug and say what the 1997 code ruled."""

from __future__ import annotations

import shutil
from pathlib import Path

from practice.core.bank import Scenario, load_scenarios
from practice.core.checks import engine_disagreements
from tests.bridge.wbf2017.auction_common import SCENARIOS_1999, SCENARIOS_2017, TREES_2017, tree_2017


def load_2017(slug: str, tmp_path: Path) -> dict[str, Scenario]:
    shutil.copy(SCENARIOS_2017 / f"{slug}.yaml", tmp_path / f"{slug}.yaml")
    return load_scenarios(tmp_path)


def load_1999(slug: str, tmp_path: Path) -> dict[str, Scenario]:
    folder = tmp_path / "1999"
    folder.mkdir()
    shutil.copy(SCENARIOS_1999 / f"{slug}.yaml", folder / f"{slug}.yaml")
    return load_scenarios(folder)


def check_file(slug: str, prefix: str, tmp_path: Path) -> dict[str, Scenario]:
    scenarios = load_2017(slug, tmp_path)
    old = load_1999(slug, tmp_path)
    trees = {path.stem: tree_2017(path.stem) for path in sorted(TREES_2017.glob("*.yaml"))}
    assert len(scenarios) >= 6
    topics = {scenario.topic for scenario in old.values()}
    for scenario in scenarios.values():
        assert scenario.id.startswith(f"w17-{prefix}-"), scenario.id
        assert scenario.topic in topics, scenario.id
        assert any(check.tree == slug for check in scenario.checks), (
            f"{scenario.id} is not checked by the tree"
        )
        assert engine_disagreements(scenario, trees) == [], scenario.id
        assert "1999" not in scenario.situation, scenario.id
    changed = [scenario for scenario in scenarios.values() if scenario.same_situation_as]
    assert len(changed) >= 2
    for scenario in changed:
        assert scenario.same_situation_as in old, scenario.id
        assert old[scenario.same_situation_as].topic == scenario.topic
        assert "1997年" in scenario.explanation, f"{scenario.id} does not say what the 1997 code ruled"
    return scenarios
