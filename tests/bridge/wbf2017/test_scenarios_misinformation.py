"""The 2017 misinformation practice scenarios agree with the 2017 tree, and at least two rule a 1999 scenario's
table situation under the 2017 Laws."""

from __future__ import annotations

import pytest

from bridge.trees import evaluate, load_tree
from tests.bridge.wbf2017.scenario_checks import ROOT, check_file, scenarios_1999, scenarios_2017, tree_2017

SLUG = "misinformation"


def test_the_file_is_sound_and_agrees_with_the_2017_tree() -> None:
    check_file(SLUG, "mi", "misinformation")


@pytest.mark.parametrize(
    ("new_id", "old_id"), [("w17-mi-01", "mi-01"), ("w17-mi-03", "mi-05"), ("w17-mi-06", "mi-10")]
)
def test_what_changed_pairs_share_the_facts_and_differ_in_law(new_id: str, old_id: str) -> None:
    new = next(s for s in scenarios_2017(SLUG) if s.id == new_id)
    old = scenarios_1999(SLUG)[old_id]
    assert new.same_situation_as == old_id
    new_facts = dict(next(c.inputs for c in new.checks if c.tree == SLUG))
    old_facts = dict(next(c.inputs for c in old.checks if c.tree == SLUG))
    assert new_facts == old_facts
    new_ruling = evaluate(tree_2017(SLUG), new_facts).ruling
    old_ruling = evaluate(load_tree(ROOT / "fixtures" / "trees" / f"{SLUG}.yaml"), old_facts).ruling
    assert new_ruling is not None and old_ruling is not None
    assert new_ruling.outcome["rule"] != old_ruling.outcome["rule"]


def test_the_weighted_score_is_below_the_1997_most_favourable_likely() -> None:
    """w17-mi-03: 75% of 12 IMPs (12C1(c)) where the 1997 Director gave the 12 IMPs of the most favourable result."""
    new = next(s for s in scenarios_2017(SLUG) if s.id == "w17-mi-03")
    weighted = new.question("q3")
    assert weighted is not None and weighted.answer == pytest.approx(0.75 * 12)
    old = scenarios_1999(SLUG)["mi-05"].question("q3")
    assert old is not None and old.answer == 12
