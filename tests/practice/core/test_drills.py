"""Drills: seeded random walks reach every leaf of every decision tree, and the engine's ruling is the answer."""

from collections import Counter

import pytest

from bridge.trees import evaluate
from bridge.trees.validation import REF_PATTERN
from practice.core import drills
from practice.core.answers import check_answers
from practice.core.checks import engine_disagreements
from practice.core.drills import DRILL_FIELDS, TREE_TOPICS, make_drill, parse_drill_id
from tests.practice.core.bank_data import TREES


@pytest.mark.parametrize("slug", sorted(TREE_TOPICS))
def test_random_drills_reach_every_leaf(slug):
    tree = TREES[slug]
    reached = Counter()
    for seed in range(200):
        drill = make_drill(tree, seed)
        facts = drill.checks[0].inputs
        reached[evaluate(tree, facts).ruling.leaf] += 1
        assert engine_disagreements(drill, TREES) == [], drill.id
    assert set(reached) == tree.leaf_ids


@pytest.mark.parametrize("slug", sorted(TREE_TOPICS))
def test_a_drill_can_target_each_leaf_and_its_answers_are_the_engines(slug):
    tree = TREES[slug]
    for leaf in sorted(tree.leaf_ids):
        drill = make_drill(tree, 3, leaf=leaf)
        assert drill.id == f"drill-{slug}-3" and drill.source == "drill"
        assert drill.topic == TREE_TOPICS[slug]
        assert drill.questions and drill.questions[0].id == "rule"
        assert engine_disagreements(drill, TREES) == []
        assert check_answers(drill, drill.answers).correct
        assert "依据条款：第" in drill.explanation


def test_drills_are_reproducible_from_their_seed():
    tree = TREES["revoke"]
    assert make_drill(tree, 42) == make_drill(tree, 42)
    assert parse_drill_id("drill-lead-out-of-turn-42") == ("lead-out-of-turn", 42)
    assert parse_drill_id("rv-01") is None


def test_revoke_drills_ask_how_many_tricks_move():
    drill = make_drill(TREES["revoke"], 0, leaf="offender_won_64a1")
    transfer = drill.question("tricks_transferred")
    assert transfer.kind == "number" and transfer.answer in (1, 2)


@pytest.mark.parametrize("slug", sorted(TREE_TOPICS))
def test_every_rule_a_drill_offers_is_a_law_reference(slug):
    """Drill options show a rule as the rulebook writes it (bridge.references.chinese_ref: 64A2 → 第64条A款2项),
    which needs every value of the tree's ``rule`` field to be a law reference."""
    assert "rule" in DRILL_FIELDS[slug]
    rule = next(spec for spec in TREES[slug].outcome_fields if spec.name == "rule")
    assert rule.values and all(REF_PATTERN.match(value) for value in rule.values), rule.values


def test_a_rule_option_reads_as_the_rulebook_writes_it():
    drill = make_drill(TREES["revoke"], 0, leaf="offender_won_64a1")
    texts = [option.text for option in drill.question("rule").options]
    assert "第64条A款1项" in texts and all(text.startswith("第") for text in texts)


def test_a_further_editions_drill_id_names_its_edition_and_the_base_editions_does_not():
    """Issue 29: a 2017 drill and a 1999 drill of the same tree and seed are different items, so a learner's
    cards never mix the codes; the base edition's ids stay as they were (stored cards keep working)."""
    assert drills.drill_id("revoke", 12) == "drill-revoke-12"
    assert drills.drill_id("revoke", 12, "ccba-1999") == "drill-revoke-12"
    assert drills.drill_id("revoke", 12, "wbf-2017") == "drill-wbf-2017_revoke-12"
    assert drills.parse_drill_id("drill-wbf-2017_revoke-12") == ("revoke", 12)
    assert drills.drill_edition("drill-wbf-2017_revoke-12") == "wbf-2017"
    assert drills.drill_edition("drill-lead-out-of-turn-7") == "ccba-1999"
    assert drills.parse_drill_id("drill-wbf-2017_") is None
