"""Shared by the 2017 casebooks of the auction trees: the 2017 outline's references, the two editions' trees of a
slug, and the facts of one table situation restricted to what a tree declares (the two codes ask different facts)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from bridge.trees import Tree, load_tree
from laws.outline import load_outline

ROOT = Path(__file__).resolve().parents[3]
TREES_1999 = ROOT / "fixtures" / "trees"
TREES_2017 = ROOT / "fixtures" / "trees" / "wbf-2017"
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"


@cache
def refs_2017() -> frozenset[str]:
    return frozenset(load_outline(OUTLINE_2017).all_refs())


def tree_2017(slug: str) -> Tree:
    return load_tree(TREES_2017 / f"{slug}.yaml", refs_2017())


def tree_1999(slug: str) -> Tree:
    return load_tree(TREES_1999 / f"{slug}.yaml")


def declared(tree: Tree, facts: Mapping[str, object]) -> dict[str, object]:
    """The facts of a table situation that ``tree`` asks about (each code has facts the other lacks)."""
    return {name: value for name, value in facts.items() if tree.fact(name) is not None}


SCENARIOS_1999 = ROOT / "fixtures" / "scenarios"
SCENARIOS_2017 = ROOT / "fixtures" / "scenarios" / "wbf-2017"
