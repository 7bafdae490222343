"""Every leaf of the three 2017 auction trees makes a practice drill the tree itself agrees with, in both
languages (practice.core.drills: the drill's answers are the engine's ruling)."""

from __future__ import annotations

import pytest

from practice.core.checks import engine_disagreements
from practice.core.drills import make_drill
from tests.bridge.wbf2017.auction_common import tree_2017

SLUGS = ("insufficient-bid", "change-of-call", "inadmissible-call")


@pytest.mark.parametrize("slug", SLUGS)
def test_every_leaf_makes_a_drill_the_tree_agrees_with(slug: str) -> None:
    tree = tree_2017(slug)
    for leaf in sorted(tree.leaf_ids):
        for english in (False, True):
            drill = make_drill(tree, 11, leaf=leaf, english=english)
            assert drill.questions, (leaf, english)
            assert engine_disagreements(drill, {slug: tree}) == [], (leaf, english)
