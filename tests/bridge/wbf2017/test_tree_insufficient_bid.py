"""The 2017 insufficient-bid tree (Law 27 with 23, 25, 26, 28, 31, 37, 39, 72C; laws-facts-2017.md L23, L25–L27,
L31, L37, L39): a casebook reaching every leaf, each case named after the 2017 law it rests on, the tree validated
against the 2017 outline, and the situations the two codes rule differently, both ways."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.trees import Tree, evaluate
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf
from tests.bridge.wbf2017.auction_common import declared, refs_2017, tree_1999, tree_2017

SLUG = "insufficient-bid"

ORDINARY = {"unintended_call_corrected": False, "offender_obliged_to_pass": False}
ACCEPTED = {**ORDINARY, "accepted": True, "corrected_before_lho_chose": False}
IN_ROTATION = {**ORDINARY, "accepted": False, "in_rotation": True}
OUT_OF_ROTATION = {
    **ORDINARY,
    "accepted": False,
    "in_rotation": False,
    "rho_called_before_rectification": False,
    "after_final_pass": False,
}
FINAL_PASS = {**OUT_OF_ROTATION, "after_final_pass": True}
BARRED = {"unintended_call_corrected": False, "offender_obliged_to_pass": True}
SAME = {**IN_ROTATION, "replacement": "lowest_same_denomination", "specifies_same_denominations": True}
OTHER = {**IN_ROTATION, "replacement": "other_sufficient_bid", "specifies_same_denominations": False}
RHO_ACTED = {**OUT_OF_ROTATION, "whose_turn": "rho", "rho_call": "bid_double_or_redouble"}
PARTNERS_TURN = {**OUT_OF_ROTATION, "whose_turn": "partner"}


def outcome(
    rule: str,
    bar: str | None = "none",
    lead: bool | None = False,
    aware: bool | None = False,
    adjusted: bool | None = False,
    *,
    review: bool | None = None,
    related: str = "none",
) -> dict[str, Any]:
    return {
        "rule": rule,
        "partner_must_pass": bar,
        "lead_penalties": lead,
        "damaging_pass_check": aware,
        "adjusted_score": adjusted,
        "adjustment_review": aware if review is None else review,
        "related_tree": related,
    }


FREE = outcome("27B1", review=True)
BARRED_PARTNER = {"bar": "rest_of_auction", "lead": True, "aware": True}
ONE_ROUND = outcome("27A2", "one_round", True, True)

CASES = [
    pytest.param(
        "unintended_25a",
        {"unintended_call_corrected": True},
        outcome("25A"),
        id="25A-pulled-1C-meant-2C-noticed-late-corrected-before-partner-called",
    ),
    pytest.param("accepted_27a", ACCEPTED, outcome("27A"), id="27A-lho-calls-over-the-insufficient-bid"),
    pytest.param(
        "accepted_27a",
        {**IN_ROTATION, "replacement": "insufficient_bid", "second_insufficient_bid_accepted": True},
        outcome("27A"),
        id="27A-lho-accepts-the-second-insufficient-bid",
    ),
    pytest.param(
        "accepted_27a",
        {**OUT_OF_ROTATION, "whose_turn": "rho", "rho_call": "pass", "repeated_bid_accepted": True},
        outcome("27A"),
        id="27A-repeated-after-rho-passed-then-accepted",
    ),
    pytest.param(
        "accepted_after_premature_27c",
        {**ACCEPTED, "corrected_before_lho_chose": True},
        outcome("27C", lead=True),
        id="27C-replaced-before-the-ruling-then-lho-accepts-the-insufficient-bid",
    ),
    pytest.param(
        "free_27b1a",
        {**SAME, "information_damaged_nos": False},
        FREE,
        id="27B1-1D-over-1H-corrected-to-2D",
    ),
    pytest.param(
        "free_27b1a",
        {**OTHER, "specifies_same_denominations": True, "information_damaged_nos": False},
        FREE,
        id="27B1-transfer-2D-showing-hearts-corrected-to-natural-2H",
    ),
    pytest.param(
        "free_27b1b",
        {**OTHER, "comparable_call": True, "information_damaged_nos": False},
        FREE,
        id="27B1-1S-over-2C-corrected-to-2S-a-subset",
    ),
    pytest.param(
        "free_27b1b",
        {
            **IN_ROTATION,
            "replacement": "double_or_redouble",
            "comparable_call": True,
            "information_damaged_nos": False,
        },
        FREE,
        id="27B1-1H-over-1S-corrected-to-a-negative-double",
    ),
    pytest.param(
        "free_27b1b",
        {**IN_ROTATION, "replacement": "pass", "comparable_call": True, "information_damaged_nos": False},
        FREE,
        id="27B1-a-comparable-pass",
    ),
    pytest.param(
        "free_damaged_27d",
        {**SAME, "information_damaged_nos": True},
        outcome("27D", adjusted=True),
        id="27D-free-correction-but-the-help-damaged-the-other-side",
    ),
    pytest.param(
        "free_damaged_27d",
        {**OTHER, "comparable_call": True, "information_damaged_nos": True},
        outcome("27D", adjusted=True),
        id="27D-comparable-call-and-damage-at-the-end-of-play",
    ),
    pytest.param(
        "other_call_27b2",
        {**OTHER, "comparable_call": False},
        outcome("27B2", **BARRED_PARTNER),
        id="27B2-stayman-2C-corrected-to-3NT",
    ),
    pytest.param(
        "other_call_27b2",
        {**SAME, "specifies_same_denominations": False, "comparable_call": False},
        outcome("27B2", **BARRED_PARTNER),
        id="27B2-stayman-2C-corrected-to-natural-3C",
    ),
    pytest.param(
        "other_call_27b2",
        {**IN_ROTATION, "replacement": "pass", "comparable_call": False},
        outcome("27B2", **BARRED_PARTNER),
        id="27B2-corrected-to-pass",
    ),
    pytest.param(
        "double_27b3",
        {**IN_ROTATION, "replacement": "double_or_redouble", "comparable_call": False},
        outcome("27B3", **BARRED_PARTNER),
        id="27B3-a-double-that-is-not-comparable",
    ),
    pytest.param(
        "second_insufficient_27b4",
        {**IN_ROTATION, "replacement": "insufficient_bid", "second_insufficient_bid_accepted": False},
        outcome("27B4", **BARRED_PARTNER),
        id="27B4-another-insufficient-bid-not-accepted",
    ),
    pytest.param("condoned_37a", {**BARRED, "accepted": True}, outcome("37A"), id="37A-lho-called-first"),
    pytest.param(
        "barred_player_37b",
        {**BARRED, "accepted": False},
        outcome("37B", **BARRED_PARTNER),
        id="37B-barred-player-bids-both-pass-throughout",
    ),
    pytest.param(
        "rho_called_28b",
        {**OUT_OF_ROTATION, "rho_called_before_rectification": True},
        outcome("28B"),
        id="28B-rho-called-before-rectification",
    ),
    pytest.param(
        "after_final_pass_39b",
        {**FINAL_PASS, "offender_on_defending_side": False},
        outcome("39B"),
        id="39B-dummy-bids-after-the-final-pass",
    ),
    pytest.param(
        "condoned_39b",
        {**FINAL_PASS, "offender_on_defending_side": True, "lho_called_over_it": True},
        outcome("39B"),
        id="39B-lho-called-over-a-defenders-bid",
    ),
    pytest.param(
        "defender_bid_39c",
        {**FINAL_PASS, "offender_on_defending_side": True, "lho_called_over_it": False},
        outcome("39C", lead=True),
        id="39C-defender-bids-after-the-final-pass",
    ),
    pytest.param(
        "rho_acted_comparable_31a2a",
        {**RHO_ACTED, "comparable_call": True},
        outcome("27A2", review=True),
        id="27A2-rho-bid-then-a-comparable-call",
    ),
    pytest.param(
        "rho_acted_not_comparable_31a2b",
        {**RHO_ACTED, "comparable_call": False},
        ONE_ROUND,
        id="27A2-rho-bid-then-a-call-not-comparable",
    ),
    pytest.param(
        "partner_turn_comparable_31b",
        {**PARTNERS_TURN, "comparable_call": True},
        outcome("27A2", review=True),
        id="27A2-at-partners-turn-then-a-comparable-call",
    ),
    pytest.param(
        "partner_turn_not_comparable_31b",
        {**OUT_OF_ROTATION, "whose_turn": "lho_not_yet_called", "comparable_call": False},
        ONE_ROUND,
        id="27A2-at-dealer-lhos-turn-then-a-call-not-comparable",
    ),
    pytest.param(
        "change_of_call_25b",
        {**OUT_OF_ROTATION, "whose_turn": "lho_after_own_call"},
        outcome("25B", None, None, None, None, review=None, related="change-of-call"),
        id="25B-a-second-bid-at-lhos-turn-is-a-change-of-call",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return tree_2017(SLUG)


@pytest.fixture(scope="module")
def old() -> Tree:
    return tree_1999(SLUG)


def test_the_tree_is_of_the_2017_edition_and_cites_only_2017_references(tree: Tree) -> None:
    assert tree.edition == "wbf-2017" and tree.slug == SLUG
    assert set(tree.references()) <= refs_2017()
    for leaf in tree.leaves:
        assert leaf.laws, leaf.id
        assert leaf.script.zh.strip() and leaf.script.en.strip(), leaf.id
        assert "1999" not in leaf.script.zh and "CCBA" not in leaf.script.en


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


def test_the_comparable_call_question_explains_the_three_tests_with_examples(tree: Tree) -> None:
    fact = tree.fact("comparable_call")
    assert fact is not None and fact.help is not None
    for words in ("含义相同或相近", "子集", "目的相同", "例如", "反例"):
        assert words in fact.help.zh, words
    for words in ("same or a similar meaning", "subset", "same purpose", "Not comparable"):
        assert words in fact.help.en, words
    assert {"23A", "23A1", "23A2", "23A3"} <= set(fact.laws)


def test_27b1a_asks_what_the_bids_specify_not_whether_they_are_artificial(tree: Tree) -> None:
    """2017 27B1(a): the lowest sufficient bid specifying the same denomination(s); no "not artificial" test."""
    assert (
        tree.fact("insufficient_bid_conventional") is None and tree.fact("replacement_conventional") is None
    )
    result = evaluate(tree, {**IN_ROTATION, "replacement": "lowest_same_denomination"})
    assert result.question is not None and result.question.fact == "specifies_same_denominations"
    # A pass or a double can only be free as a comparable call.
    for replacement in ("pass", "double_or_redouble"):
        result = evaluate(tree, {**IN_ROTATION, "replacement": replacement})
        assert result.question is not None and result.question.fact == "comparable_call"


def test_every_bar_on_partner_names_law_26b_and_72c_and_no_require_option(tree: Tree) -> None:
    for leaf in tree.leaves:
        if leaf.outcome_map["partner_must_pass"] in ("one_round", "rest_of_auction"):
            assert {"26B", "72C"} <= set(leaf.laws), leaf.id
            assert "禁止" in leaf.script.zh and "forbid" in leaf.script.en
        assert "要求或禁止" not in leaf.script.zh and "require or forbid" not in leaf.script.en
        assert "23" not in leaf.laws, leaf.id  # 1997 Law 23 (damaging pass) is 72C now


def test_a_free_replacement_turns_law_16c_off_and_reviews_damage_under_27d(tree: Tree) -> None:
    for leaf_id in ("free_27b1a", "free_27b1b"):
        leaf = next(leaf for leaf in tree.leaves if leaf.id == leaf_id)
        assert "27D" in leaf.laws and "16C" in leaf.laws and leaf.outcome_map["adjustment_review"] is True


# --- the codes differ ------------------------------------------------------------------------------------------

# One table situation each, in the facts of both codes; each tree reads the facts it declares.
TABLE_1999 = {
    "inadvertent_corrected_at_once": False,
    "after_final_pass": False,
    "offender_obliged_to_pass": False,
}
DIFFER = [
    pytest.param(
        # 1NT – (2♦) – 2♦ transfer to hearts, replaced by 3♦ also a transfer (same named and specified denomination).
        {**TABLE_1999, **SAME, "insufficient_bid_conventional": True, "information_damaged_nos": False},
        ("27B2", "rest_of_auction", True),
        ("27B1", "none", False),
        id="an-artificial-insufficient-bid-to-the-lowest-bid-showing-the-same-suit",
    ),
    pytest.param(
        # 1♥ – (2♣) – 1♠, replaced by 2♠ (five spades, 10+): another sufficient bid, comparable as a subset.
        {**TABLE_1999, **OTHER, "comparable_call": True, "information_damaged_nos": False},
        ("27B2", "rest_of_auction", True),
        ("27B1", "none", False),
        id="a-comparable-bid-frees-partner-in-2017-only",
    ),
    pytest.param(
        # 1♦ – (1♠) – 1♥, replaced by a negative double showing hearts.
        {
            **TABLE_1999,
            **IN_ROTATION,
            "replacement": "double_or_redouble",
            "comparable_call": True,
            "information_damaged_nos": False,
        },
        ("27B3", "rest_of_auction", True),
        ("27B1", "none", False),
        id="a-comparable-double-stands-in-2017-and-is-cancelled-in-1997",
    ),
    pytest.param(
        # Out of rotation at RHO's turn; RHO bids; the offender bids another denomination, comparable.
        {**TABLE_1999, **RHO_ACTED, "offender_repeated_denomination": False, "comparable_call": True},
        ("27C", "rest_of_auction", True),
        ("27A2", "none", False),
        id="out-of-rotation-at-rhos-turn-a-comparable-call-in-another-denomination",
    ),
    pytest.param(
        # Out of rotation at RHO's turn; RHO bids; the offender bids another denomination, not comparable.
        {**TABLE_1999, **RHO_ACTED, "offender_repeated_denomination": False, "comparable_call": False},
        ("27C", "rest_of_auction", True),
        ("27A2", "one_round", True),
        id="out-of-rotation-not-comparable-bars-partner-one-round-only-in-2017",
    ),
    pytest.param(
        # Out of rotation at partner's turn: 1997 bars partner throughout; 2017 frees him, the offender's call decides.
        {**TABLE_1999, **PARTNERS_TURN, "comparable_call": True},
        ("27C", "rest_of_auction", True),
        ("27A2", "none", False),
        id="out-of-rotation-at-partners-turn",
    ),
    pytest.param(
        # Pulled 1♣ for 2♣, noticed only after LHO had called, corrected before partner called.
        {
            **TABLE_1999,
            **IN_ROTATION,
            "replacement": "other_sufficient_bid",
            "unintended_call_corrected": True,
        },
        ("27B2", "rest_of_auction", True),
        ("25A", "none", False),
        id="a-mis-pull-noticed-late-is-25a-in-2017-only",
    ),
]


@pytest.mark.parametrize(("facts", "in_1997", "in_2017"), DIFFER)
def test_the_codes_differ(
    tree: Tree,
    old: Tree,
    facts: dict[str, object],
    in_1997: tuple[str, str, bool],
    in_2017: tuple[str, str, bool],
) -> None:
    for code_tree, expected in ((old, in_1997), (tree, in_2017)):
        ruling = evaluate(code_tree, declared(code_tree, facts)).ruling
        assert ruling is not None, code_tree.edition
        got = (ruling["rule"], ruling["partner_must_pass"], ruling["lead_penalties"])
        assert got == expected, code_tree.edition


def test_a_refused_barring_replacement_cites_law_23_in_1997_and_72c_in_2017(tree: Tree, old: Tree) -> None:
    facts = {**TABLE_1999, **OTHER, "comparable_call": False}
    ruling_1997 = evaluate(old, declared(old, facts)).ruling
    ruling_2017 = evaluate(tree, declared(tree, facts)).ruling
    assert ruling_1997 is not None and ruling_2017 is not None
    assert "23" in ruling_1997.laws and "26A2" in ruling_1997.laws
    assert "72C" in ruling_2017.laws and "26B" in ruling_2017.laws and "23" not in ruling_2017.laws


@pytest.mark.parametrize(
    ("facts", "rule_1997", "rule_2017"),
    [
        ({**TABLE_1999, **BARRED, "accepted": True}, "35B", "37A"),
        ({**TABLE_1999, **FINAL_PASS, "offender_on_defending_side": False}, "39A", "39B"),
        (
            {**TABLE_1999, **FINAL_PASS, "offender_on_defending_side": True, "lho_called_over_it": True},
            "35D",
            "39B",
        ),
        (
            {**TABLE_1999, **FINAL_PASS, "offender_on_defending_side": True, "lho_called_over_it": False},
            "39B",
            "39C",
        ),
    ],
    ids=[
        "condoned-barred-bid-35B-is-37A",
        "declarers-bid-after-final-pass",
        "condoned-35D-is-39B",
        "39B-is-39C",
    ],
)
def test_the_same_ruling_moved_to_another_law(
    tree: Tree, old: Tree, facts: dict[str, object], rule_1997: str, rule_2017: str
) -> None:
    ruling_1997 = evaluate(old, declared(old, facts)).ruling
    ruling_2017 = evaluate(tree, declared(tree, facts)).ruling
    assert ruling_1997 is not None and ruling_2017 is not None
    assert ruling_1997["rule"] == rule_1997 and ruling_2017["rule"] == rule_2017
    assert ruling_1997["partner_must_pass"] == ruling_2017["partner_must_pass"]


def test_the_change_of_call_hand_over_drops_the_1997_average_minus(tree: Tree, old: Tree) -> None:
    new_leaf = next(leaf for leaf in tree.leaves if leaf.id == "change_of_call_25b")
    old_leaf = next(leaf for leaf in old.leaves if leaf.id == "change_of_call_25b")
    assert "12C1" in old_leaf.laws and "12C1" not in new_leaf.laws
    assert "原叫牌有效" in new_leaf.script.zh and "the original call stands" in new_leaf.script.en
