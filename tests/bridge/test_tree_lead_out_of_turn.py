"""The lead-out-of-turn tree (Laws 53–56 with 50, 1997 code; laws-facts.md B-53–56): every leaf."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "lead-out-of-turn.yaml"

OPENING = {"phase": "opening_lead", "declarer_began_spreading": False, "declarer_saw_dummy_card": False}
DEFENDER = {"phase": "play", "offender": "defender", "next_player_played": False}
DECLARER = {"phase": "play", "offender": "declarer", "next_player_played": False}


def outcome(rule: str, becomes_dummy: bool, penalty_card: str, restriction: str) -> dict[str, Any]:
    return {
        "rule": rule,
        "declarer_becomes_dummy": becomes_dummy,
        "penalty_card": penalty_card,
        "lead_restriction": restriction,
    }


CASES = [
    pytest.param(
        "spread_forced_54a",
        {"phase": "opening_lead", "declarer_began_spreading": True},
        outcome("54A", True, "none", "none"),
        id="54A-declarer-began-spreading",
    ),
    pytest.param(
        "must_accept_54c",
        {"phase": "opening_lead", "declarer_began_spreading": False, "declarer_saw_dummy_card": True},
        outcome("54C", False, "none", "none"),
        id="54C-declarer-saw-dummy",
    ),
    pytest.param(
        "spread_54a",
        {**OPENING, "declarer_choice": "spread_hand"},
        outcome("54A", True, "none", "none"),
        id="54A-declarer-spreads",
    ),
    pytest.param(
        "accept_54b",
        {**OPENING, "declarer_choice": "accept"},
        outcome("54B", False, "none", "none"),
        id="54B-declarer-accepts",
    ),
    pytest.param(
        "refuse_require_54d",
        {**OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "require_suit"},
        outcome("54D", False, "none", "require_suit"),
        id="54D-refuse-require-suit",
    ),
    pytest.param(
        "refuse_forbid_54d",
        {**OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "forbid_suit"},
        outcome("54D", False, "none", "forbid_suit"),
        id="54D-refuse-forbid-suit",
    ),
    pytest.param(
        "refuse_penalty_card_54d",
        {**OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "none"},
        outcome("54D", False, "major", "none"),
        id="54D-refuse-major-penalty-card",
    ),
    pytest.param(
        "defender_accepted_by_play_53a",
        {**DEFENDER, "next_player_played": True},
        outcome("53A", False, "none", "none"),
        id="53A-defenders-lead-accepted-by-play",
    ),
    pytest.param(
        "defender_accepted_53a",
        {**DEFENDER, "choice": "accept"},
        outcome("53A", False, "none", "none"),
        id="53A-declarer-accepts-defenders-lead",
    ),
    pytest.param(
        "defender_retracted_56",
        {**DEFENDER, "choice": "retract"},
        outcome("56", False, "major", "pending"),
        id="56-defenders-lead-retracted",
    ),
    pytest.param(
        "declarer_accepted_by_play_53a",
        {**DECLARER, "next_player_played": True},
        outcome("53A", False, "none", "none"),
        id="53A-declarers-lead-accepted-by-play",
    ),
    pytest.param(
        "declarer_accepted_55a",
        {**DECLARER, "choice": "accept"},
        outcome("55A", False, "none", "none"),
        id="55A-defenders-accept-declarers-lead",
    ),
    pytest.param(
        "retract_defenders_turn_55b1",
        {**DECLARER, "choice": "retract", "declarer_wrong_hand_own_turn": False},
        outcome("55B1", False, "none", "none"),
        id="55B1-declarer-led-at-a-defenders-turn",
    ),
    pytest.param(
        "retract_wrong_hand_55b2",
        {**DECLARER, "choice": "retract", "declarer_wrong_hand_own_turn": True},
        outcome("55B2", False, "none", "none"),
        id="55B2-declarer-led-from-the-wrong-hand",
    ),
]

OPENING_LEAD_LEAVES = [
    "spread_forced_54a",
    "must_accept_54c",
    "spread_54a",
    "accept_54b",
    "refuse_require_54d",
    "refuse_forbid_54d",
    "refuse_penalty_card_54d",
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_first_question_is_the_phase(tree: Tree) -> None:
    result = evaluate(tree, {})
    assert result.question is not None and result.question.fact == "phase"
    assert [option.value for option in result.question.options] == ["opening_lead", "play"]


def test_declarer_is_offered_three_choices_then_three_restrictions(tree: Tree) -> None:
    first = evaluate(tree, OPENING)
    assert first.question is not None and first.question.fact == "declarer_choice"
    assert [option.value for option in first.question.options] == ["spread_hand", "accept", "refuse"]
    second = evaluate(tree, {**OPENING, "declarer_choice": "refuse"})
    assert second.question is not None and second.question.fact == "lead_restriction_choice"
    assert [option.value for option in second.question.options] == ["require_suit", "forbid_suit", "none"]


@pytest.mark.parametrize("leaf", OPENING_LEAD_LEAVES)
def test_opening_lead_scripts_announce_the_five_options(tree: Tree, leaf: str) -> None:
    """Law 10C1 and B-53–56: declarer hears all five options, even when one of them is forced."""
    script = tree.node(leaf).script  # type: ignore[union-attr]
    assert "五种选择" in script.zh
    assert "five options" in script.en
    for words in ("spread", "accept", "require", "forbid", "major penalty card"):
        assert words in script.en, (leaf, words)


@pytest.mark.parametrize("leaf", ["refuse_require_54d", "refuse_forbid_54d", "refuse_penalty_card_54d"])
def test_refused_opening_lead_goes_through_law_56_and_50d(tree: Tree, leaf: str) -> None:
    laws = tree.node(leaf).laws  # type: ignore[union-attr]
    assert "56" in laws and any(ref.startswith("50D") for ref in laws)


def test_retracted_defenders_lead_leaves_declarers_50d_choice_pending(tree: Tree) -> None:
    result = evaluate(tree, {**DEFENDER, "choice": "retract"})
    assert result.ruling is not None
    assert result.ruling["penalty_card"] == "major"
    assert result.ruling["lead_restriction"] == "pending"
    assert "50D2" in result.ruling.laws
    assert "require" in result.ruling.script.en and "forbid" in result.ruling.script.en


@pytest.mark.parametrize(
    "leaf", ["declarer_accepted_55a", "retract_defenders_turn_55b1", "retract_wrong_hand_55b2"]
)
def test_declarers_lead_scripts_give_the_defenders_both_options(tree: Tree, leaf: str) -> None:
    script = tree.node(leaf).script  # type: ignore[union-attr]
    assert "accept" in script.en and "retract" in script.en
    assert "接受" in script.zh and "收回" in script.zh


def test_wrong_hand_retraction_does_not_require_the_same_suit(tree: Tree) -> None:
    """1997 Law 55B2 (CCBA): declarer leads from the correct hand; no obligation to lead the same suit."""
    script = tree.node("retract_wrong_hand_55b2").script  # type: ignore[union-attr]
    assert "need not lead the same suit" in script.en
    assert "不要求他引同一花色" in script.zh


def test_play_phase_never_asks_opening_lead_facts(tree: Tree) -> None:
    result = evaluate(tree, {"phase": "play"})
    assert result.question is not None and result.question.fact == "offender"
    ruling = evaluate(tree, {**DEFENDER, "choice": "accept", "declarer_choice": "refuse"})
    assert [step.fact for step in ruling.path] == ["phase", "offender", "next_player_played", "choice"]
