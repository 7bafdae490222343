"""The 2017 wrong-cards practice scenarios agree with the 2017 tree, and at least two rule a 1999 scenario's table
situation under the 2017 Laws, with a different outcome."""

from __future__ import annotations

import pytest

from bridge.trees import evaluate, load_tree
from tests.bridge.wbf2017.scenario_checks import ROOT, check_file, scenarios_1999, scenarios_2017, tree_2017

SLUG = "wrong-cards"


def test_the_file_is_sound_and_agrees_with_the_2017_tree() -> None:
    check_file(SLUG, "wc", "wrong_cards")


@pytest.mark.parametrize(
    ("new_id", "old_id", "field"),
    [
        ("w17-wc-01", "wc-02", "rule"),  # 13A (errata) → 13B
        ("w17-wc-02", "wc-06", "rule"),  # 15C → 15B2
        ("w17-wc-03", "wc-09", "board_result"),  # 17D artificial → 15A1(b) play on
        ("w17-wc-09", "wc-07", "rule"),  # 17D → 15A1(b)
    ],
)
def test_what_changed_pairs_rule_differently(new_id: str, old_id: str, field: str) -> None:
    new = next(s for s in scenarios_2017(SLUG) if s.id == new_id)
    old = scenarios_1999(SLUG)[old_id]
    assert new.same_situation_as == old_id
    new_facts = dict(next(c.inputs for c in new.checks if c.tree == SLUG))
    old_facts = dict(next(c.inputs for c in old.checks if c.tree == SLUG))
    new_ruling = evaluate(tree_2017(SLUG), new_facts).ruling
    old_ruling = evaluate(load_tree(ROOT / "fixtures" / "trees" / f"{SLUG}.yaml"), old_facts).ruling
    assert new_ruling is not None and old_ruling is not None
    assert new_ruling.outcome[field] != old_ruling.outcome[field]
