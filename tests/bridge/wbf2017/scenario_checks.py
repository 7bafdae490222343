"""Shared checks for the 2017 practice scenarios of one tree: the file parses, every id is w17-<prefix>-NN, every
answer agrees with the 2017 tree (practice.core.checks.engine_disagreements), and the "what changed" scenarios
name a 1999 scenario of the same tree that exists."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from bridge.trees import Tree, load_tree
from laws.outline import load_outline
from practice.core.bank import Scenario, parse_scenario
from practice.core.checks import engine_disagreements

ROOT = Path(__file__).resolve().parents[3]
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"


def tree_2017(slug: str) -> Tree:
    return load_tree(
        ROOT / "fixtures" / "trees" / "wbf-2017" / f"{slug}.yaml", load_outline(OUTLINE_2017).all_refs()
    )


def scenarios(path: Path) -> list[Scenario]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [
        parse_scenario(entry, where=f"{path.name}[{index}]") for index, entry in enumerate(data["scenarios"])
    ]


def scenarios_2017(slug: str) -> list[Scenario]:
    return scenarios(ROOT / "fixtures" / "scenarios" / "wbf-2017" / f"{slug}.yaml")


def scenarios_1999(slug: str) -> dict[str, Scenario]:
    return {s.id: s for s in scenarios(ROOT / "fixtures" / "scenarios" / f"{slug}.yaml")}


def check_file(slug: str, prefix: str, topic: str) -> None:
    bank = scenarios_2017(slug)
    old = scenarios_1999(slug)
    tree = tree_2017(slug)
    assert len(bank) >= 6
    ids = [s.id for s in bank]
    assert len(set(ids)) == len(ids)
    changed = 0
    for scenario in bank:
        assert re.fullmatch(rf"w17-{prefix}-\d\d", scenario.id), scenario.id
        assert scenario.topic == topic
        assert any(check.tree == slug for check in scenario.checks), scenario.id
        assert engine_disagreements(scenario, {slug: tree}) == [], scenario.id
        assert "1999" not in scenario.explanation
        if scenario.same_situation_as:
            assert scenario.same_situation_as in old, scenario.same_situation_as
            changed += 1
    assert changed >= 2
