"""The exposed-card-auction tree (Law 24, 1997 code; laws-facts.md A Law 24, B-48–52, D3): a casebook reaching
every leaf, each case named after the law it rests on, and the penalty-card ranks of Law 50B."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "exposed-card-auction.yaml"


def outcome(rule: str, partner: str, penalty_card: str, restriction: str) -> dict[str, Any]:
    return {
        "rule": rule,
        "partner_must_pass": partner,
        "penalty_card": penalty_card,
        "lead_restriction": restriction,
        "lead_penalties": False,
        "damaging_pass_check": partner != "none",
        "adjusted_score": False,
        "adjustment_review": partner != "none",
    }


SEEN = {"partner_could_see": True}
ONE = {**SEEN, "cards_exposed": "one"}
NO_RECTIFICATION = outcome("24", "none", "none", "none")
LOW = outcome("24A", "none", "minor", "none")
BARRED_MAJOR = {"partner": "next_turn", "penalty_card": "major", "restriction": "pending"}

CASES = [
    pytest.param(
        "not_exposed_24",
        {"partner_could_see": False},
        NO_RECTIFICATION,
        id="24-card-fell-face-down-partner-could-not-see-it",
    ),
    pytest.param(
        "not_exposed_24",
        {"partner_could_see": False, "cards_exposed": "two_or_more", "honour": True},
        NO_RECTIFICATION,
        id="24-several-honours-seen-only-by-the-opponents",
    ),
    pytest.param(
        "low_card_24a",
        {**ONE, "prematurely_led": False, "honour": False},
        LOW,
        id="24A-the-five-of-clubs-dropped-face-up",
    ),
    pytest.param(
        "low_card_24a",
        {**ONE, "prematurely_led": False, "honour": False, "cards_exposed": "one"},
        LOW,
        id="24A-a-nine-is-not-an-honour",
    ),
    pytest.param(
        "honour_24b",
        {**ONE, "prematurely_led": False, "honour": True},
        outcome("24B", **BARRED_MAJOR),
        id="24B-the-king-of-hearts-dropped-face-up",
    ),
    pytest.param(
        "honour_24b",
        {**ONE, "prematurely_led": False, "honour": True},
        outcome("24B", **BARRED_MAJOR),
        id="24B-a-ten-is-an-honour",
    ),
    pytest.param(
        "premature_lead_24b",
        {**ONE, "prematurely_led": True},
        outcome("24B", **BARRED_MAJOR),
        id="24B-a-low-card-led-before-the-auction-ended",
    ),
    pytest.param(
        "premature_lead_24b",
        {**ONE, "prematurely_led": True, "honour": True},
        outcome("24B", **BARRED_MAJOR),
        id="24B-an-ace-led-prematurely-needs-no-rank-question",
    ),
    pytest.param(
        "premature_lead_24b",
        {**ONE, "prematurely_led": True, "honour": False},
        outcome("24B", **BARRED_MAJOR),
        id="24B-a-deliberately-led-deuce-is-a-major-penalty-card",
    ),
    pytest.param(
        "two_or_more_24c",
        {**SEEN, "cards_exposed": "two_or_more"},
        outcome("24C", **BARRED_MAJOR),
        id="24C-two-low-cards-dropped-together",
    ),
    pytest.param(
        "two_or_more_24c",
        {**SEEN, "cards_exposed": "two_or_more", "honour": False},
        outcome("24C", **BARRED_MAJOR),
        id="24C-two-small-cards-become-major-penalty-cards",
    ),
    pytest.param(
        "two_or_more_24c",
        {**SEEN, "cards_exposed": "two_or_more", "prematurely_led": True},
        outcome("24C", **BARRED_MAJOR),
        id="24C-two-cards-led-prematurely",
    ),
    pytest.param(
        "two_or_more_24c",
        {**SEEN, "cards_exposed": "two_or_more", "honour": True},
        outcome("24C", **BARRED_MAJOR),
        id="24C-the-whole-hand-fanned-towards-partner",
    ),
    pytest.param(
        "low_card_24a",
        {**ONE, "prematurely_led": False, "honour": False},
        LOW,
        id="24A-no-bar-on-partner-for-a-low-card",
    ),
    pytest.param(
        "honour_24b",
        {**ONE, "prematurely_led": False, "honour": True},
        outcome("24B", **BARRED_MAJOR),
        id="24B-partner-passes-once-only",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_cites_the_law_it_is_named_after(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    law = request.node.callspec.id.split("-")[0]
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and ruling.outcome["rule"] == law and law in ruling.laws


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_number_of_cards_decides_before_their_rank(tree: Tree) -> None:
    """Law 24C: two or more cards bar partner whatever their rank, so rank is never asked for them."""
    path = evaluate(tree, {**SEEN, "cards_exposed": "two_or_more"}).path
    assert [step.fact for step in path] == ["partner_could_see", "cards_exposed"]
    result = evaluate(tree, ONE)
    assert result.question is not None and result.question.fact == "prematurely_led"


def test_penalty_card_ranks_follow_law_50b(tree: Tree) -> None:
    """A single low card exposed by accident is a minor penalty card; an honour, a card deliberately led, or two
    or more penalty cards are major (Law 50B). Only a major one brings declarer's lead choice (Law 50D2)."""
    by_leaf = {leaf.id: leaf.outcome_map for leaf in tree.leaves}
    assert by_leaf["low_card_24a"]["penalty_card"] == "minor"
    for leaf_id in ("honour_24b", "premature_lead_24b", "two_or_more_24c"):
        assert by_leaf[leaf_id]["penalty_card"] == "major"
    for fields in by_leaf.values():
        assert (fields["lead_restriction"] == "pending") is (fields["penalty_card"] == "major")


def test_partner_is_barred_once_never_for_the_rest_of_the_auction(tree: Tree) -> None:
    for leaf in tree.leaves:
        assert leaf.outcome_map["partner_must_pass"] in ("none", "next_turn"), leaf.id
        assert (
            leaf.outcome_map["lead_penalties"] is False
        )  # Law 26 is about withdrawn calls, not exposed cards


def test_scripts_say_the_cards_go_back_if_the_offender_declares(tree: Tree) -> None:
    """Law 24 makes them penalty cards only if the offender defends; declarer's cards never are (Law 48)."""
    for leaf in tree.leaves:
        if leaf.outcome_map["penalty_card"] != "none":
            assert (
                "48" in leaf.laws and "庄家或明手" in leaf.script.zh and "declarer or dummy" in leaf.script.en
            )
