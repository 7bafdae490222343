"""The insufficient-bid tree (Law 27, 1997 code; laws-facts.md B-27): every leaf, and the 1997 specifics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "insufficient-bid.yaml"

NOT_ACCEPTED = {"accepted": False, "in_rotation": True}


def outcome(
    rule: str, bar: str | None, lead: bool | None, damaging: bool | None, adjusted: bool | None
) -> dict[str, Any]:
    return {
        "rule": rule,
        "partner_must_pass": bar,
        "lead_penalties": lead,
        "damaging_pass_check": damaging,
        "adjusted_score": adjusted,
    }


CASES = [
    pytest.param(
        "accepted_27a", {"accepted": True}, outcome("27A", "none", False, False, False), id="27A-accepted"
    ),
    pytest.param(
        "accepted_27a",
        {"accepted": True, "in_rotation": False},
        outcome("27A", "none", False, False, False),
        id="27A-accepted-even-out-of-rotation",
    ),
    pytest.param(
        "out_of_rotation_27c",
        {"accepted": False, "in_rotation": False},
        outcome("27C", None, None, None, None),
        id="27C-out-of-rotation-goes-to-law-31",
    ),
    pytest.param(
        "double_27b3",
        {**NOT_ACCEPTED, "replacement": "double_or_redouble"},
        outcome("27B3", "rest_of_auction", True, True, False),
        id="27B3-double-or-redouble",
    ),
    pytest.param(
        "other_call_27b2",
        {**NOT_ACCEPTED, "replacement": "pass"},
        outcome("27B2", "rest_of_auction", True, True, False),
        id="27B2-pass",
    ),
    pytest.param(
        "other_call_27b2",
        {**NOT_ACCEPTED, "replacement": "other_sufficient_bid"},
        outcome("27B2", "rest_of_auction", True, True, False),
        id="27B2-other-sufficient-bid",
    ),
    pytest.param(
        "conventional_27b2",
        {**NOT_ACCEPTED, "replacement": "lowest_same_denomination", "insufficient_bid_conventional": True},
        outcome("27B2", "rest_of_auction", True, True, False),
        id="27B2-insufficient-bid-conventional",
    ),
    pytest.param(
        "conventional_27b2",
        {
            **NOT_ACCEPTED,
            "replacement": "lowest_same_denomination",
            "insufficient_bid_conventional": False,
            "replacement_conventional": True,
        },
        outcome("27B2", "rest_of_auction", True, True, False),
        id="27B2-replacement-conventional",
    ),
    pytest.param(
        "free_27b1",
        {
            **NOT_ACCEPTED,
            "replacement": "lowest_same_denomination",
            "insufficient_bid_conventional": False,
            "replacement_conventional": False,
            "information_damaged_nos": False,
        },
        outcome("27B1", "none", False, False, False),
        id="27B1-free",
    ),
    pytest.param(
        "free_damaged_27b1",
        {
            **NOT_ACCEPTED,
            "replacement": "lowest_same_denomination",
            "insufficient_bid_conventional": False,
            "replacement_conventional": False,
            "information_damaged_nos": True,
        },
        outcome("27B1", "none", False, False, True),
        id="27B1-information-damaged-the-nos",
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


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_director_first_asks_whether_lho_accepts(tree: Tree) -> None:
    result = evaluate(tree, {})
    assert result.question is not None and result.question.fact == "accepted"
    assert "27A" in result.question.laws


def test_questions_follow_in_order(tree: Tree) -> None:
    asked = []
    facts: dict[str, object] = {}
    answers = {
        "accepted": False,
        "in_rotation": True,
        "replacement": "lowest_same_denomination",
        "insufficient_bid_conventional": False,
        "replacement_conventional": False,
        "information_damaged_nos": False,
    }
    while (result := evaluate(tree, facts)).status == "question":
        assert result.question is not None
        asked.append(result.question.fact)
        facts[result.question.fact] = answers[result.question.fact]
    assert asked == list(answers)


def test_replacement_options_are_the_four_design_values(tree: Tree) -> None:
    result = evaluate(tree, NOT_ACCEPTED)
    assert result.question is not None
    assert [option.as_dict()["value"] for option in result.question.options] == [
        "lowest_same_denomination",
        "other_sufficient_bid",
        "pass",
        "double_or_redouble",
    ]


@pytest.mark.parametrize(
    ("insufficient_conventional", "replacement_conventional", "rule"),
    [(False, False, "27B1"), (True, False, "27B2"), (False, True, "27B2"), (True, True, "27B2")],
)
def test_27b1_needs_both_bids_not_conventional(
    tree: Tree, insufficient_conventional: bool, replacement_conventional: bool, rule: str
) -> None:
    """1997 Law 27B1: free only when neither the insufficient bid nor the replacement is conventional."""
    facts = {
        **NOT_ACCEPTED,
        "replacement": "lowest_same_denomination",
        "insufficient_bid_conventional": insufficient_conventional,
        "replacement_conventional": replacement_conventional,
        "information_damaged_nos": False,
    }
    result = evaluate(tree, facts)
    assert result.ruling is not None and result.ruling["rule"] == rule


@pytest.mark.parametrize("leaf", ["double_27b3", "other_call_27b2", "conventional_27b2", "free_27b1"])
def test_scripts_after_a_refusal_recall_lhos_option_to_accept(tree: Tree, leaf: str) -> None:
    """Law 10C1: the Director explains every option, including LHO's right to accept (27A)."""
    script = tree.node(leaf).script  # type: ignore[union-attr]
    assert "第27条A款" in script.zh
    assert "Law 27A" in script.en


@pytest.mark.parametrize("leaf", ["double_27b3", "other_call_27b2", "conventional_27b2"])
def test_barred_partner_scripts_give_the_lead_options_and_law_23(tree: Tree, leaf: str) -> None:
    node = tree.node(leaf)
    script = node.script  # type: ignore[union-attr]
    assert "第23条" in script.zh and "Law 23" in script.en
    assert "要求或禁止" in script.zh and "require or forbid" in script.en
    assert "26A2" in node.laws and "26B" in node.laws and "16C2" in node.laws  # type: ignore[union-attr]


def test_27c_leaves_the_bar_to_law_31(tree: Tree) -> None:
    result = evaluate(tree, {"accepted": False, "in_rotation": False})
    assert result.ruling is not None
    assert "31" in result.ruling.laws
    assert "第31条" in result.ruling.script.zh
