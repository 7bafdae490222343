"""Shared checks for the per-tree case tables: each case reaches its leaf with its outcome, and the cases cover
every leaf of the tree (so a new leaf without a case fails)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridge.trees import Tree, evaluate


def assert_reaches_leaf(tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]) -> None:
    result = evaluate(tree, facts)
    assert result.status == "ruling"
    assert result.ruling is not None
    assert result.ruling.leaf == leaf
    assert dict(result.ruling.outcome) == expected
    assert {step.fact for step in result.path} <= set(facts)


def assert_cases_cover_every_leaf(tree: Tree, cases: Sequence[Any]) -> None:
    covered = {case.values[0] for case in cases}
    assert covered == tree.leaf_ids, f"leaves without a case: {sorted(tree.leaf_ids - covered)}"
