"""The 2017 call-out-of-rotation tree (Laws 28–34, 23, 26, 36 of the WBF 2017 Laws; laws-facts-2017.md B L28–L36,
A L23/L26): a casebook reaching every leaf, each case named after the 2017 law it rests on, the tree validated
against the 2017 outline, and the cases where the 1997 code (the 1999 tree) and the 2017 code rule differently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_PATH = ROOT / "fixtures" / "trees" / "wbf-2017" / "call-out-of-rotation.yaml"
TREE_1999_PATH = ROOT / "fixtures" / "trees" / "call-out-of-rotation.yaml"
OUTLINE = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"


def outcome(
    rule: str,
    partner: str | None = "none",
    offender: str | None = "none",
    *,
    lead: bool | None = False,
    damaging: bool | None = False,
    review: bool | None = None,
    related: str = "none",
) -> dict[str, Any]:
    return {
        "rule": rule,
        "partner_must_pass": partner,
        "offender_must_pass": offender,
        "partner_may_not_double": None if partner is None else False,
        "lead_penalties": lead,
        "lead_restriction": None if lead is None else ("forbid_one_suit" if lead else "none"),
        "damaging_pass_check": damaging,
        "adjusted_score": None if partner is None else False,
        "adjustment_review": damaging if review is None else review,
        "related_tree": related,
    }


TO_LAW_25 = {"partner": None, "offender": None, "lead": None, "damaging": None, "related": "change-of-call"}
FREE_23C = {"review": True}  # comparable call: no further rectification, the 23C review after play
ONCE_26B = {"partner": "one_round", "lead": True, "damaging": True}  # not comparable: one turn, 26B, 72C
RHO_OPEN = {
    "turn": "rho",
    "rho_obliged_to_pass": False,
    "simultaneous_call": False,
    "accepted": False,
    "rho_called_before_rectification": False,
}
PASS_RHO = {"call": "pass", **RHO_OPEN}
BID_RHO = {"call": "bid", **RHO_OPEN}
DOUBLE_RHO = {"call": "double_or_redouble", "double_inadmissible": False, **RHO_OPEN}
PASS_PARTNER = {"call": "pass", "turn": "partner", "accepted": False, "pass_conventional": False}
INADMISSIBLE = {"call": "double_or_redouble", "double_inadmissible": True, "lho_called": False}

CASES = [
    # --- 28A, 33, 29A, 34/17D3, 28B: no rectification ----------------------------------------------------------
    pytest.param(
        "in_rotation_28a",
        {"call": "bid", "turn": "rho", "rho_obliged_to_pass": True},
        outcome("28A"),
        id="28A-bid-while-rho-is-required-to-pass",
    ),
    pytest.param(
        "simultaneous_33",
        {"call": "double_or_redouble", "double_inadmissible": False, **RHO_OPEN, "simultaneous_call": True},
        outcome("33"),
        id="33-double-made-with-rhos-call-counts-after-it",
    ),
    pytest.param(
        "accepted_29a",
        {"call": "bid", "turn": "partner", "accepted": True},
        outcome("29A"),
        id="29A-lho-calls-over-a-bid-at-partners-turn",
    ),
    pytest.param(
        "accepted_29a",
        {"call": "pass", "turn": "lho", "accepted": True, "three_passes_skipped_player": False},
        outcome("29A"),
        id="29A-pass-accepted-no-player-skipped",
    ),
    pytest.param(
        "three_passes_34",
        {**PASS_RHO, "accepted": True, "three_passes_skipped_player": True},
        outcome("34"),
        id="34-three-passes-skipping-a-player-revert-under-17D3",
    ),
    pytest.param(
        "rho_called_28b",
        {**BID_RHO, "rho_called_before_rectification": True},
        outcome("28B"),
        id="28B-rho-bids-before-the-director-comes",
    ),
    pytest.param(
        "rho_called_28b",
        {**INADMISSIBLE, "turn": "rho", "rho_called_before_rectification": True},
        outcome("28B"),
        id="28B-rho-calls-over-an-inadmissible-double",
    ),
    # --- Law 30: pass out of rotation ------------------------------------------------------------------------------
    pytest.param(
        "pass_rho_30a",
        {**PASS_RHO, "pass_conventional": False},
        outcome("30A", "none", "next_turn"),
        id="30A-natural-pass-at-rhos-turn-offender-passes-once",
    ),
    pytest.param(
        "pass_comparable_30b1",
        {**PASS_PARTNER, "comparable_call": True},
        outcome("30B1", **FREE_23C),
        id="30B1-pass-at-partners-turn-then-a-comparable-call",
    ),
    pytest.param(
        "pass_comparable_30b1",
        {
            "call": "pass",
            "turn": "lho",
            "accepted": False,
            "pass_conventional": False,
            "offender_called_before": False,
            "comparable_call": True,
        },
        outcome("30B1", **FREE_23C),
        id="30B1-dealers-lho-passes-first-then-comparable",
    ),
    pytest.param(
        "pass_not_comparable_30b1",
        {**PASS_PARTNER, "comparable_call": False},
        outcome("30B1", **ONCE_26B),
        id="30B1-pass-at-partners-turn-then-an-opening-bid-partner-passes-once",
    ),
    pytest.param(
        "pass_lho_change_25",
        {
            "call": "pass",
            "turn": "lho",
            "accepted": False,
            "pass_conventional": False,
            "offender_called_before": True,
        },
        outcome("25", **TO_LAW_25),
        id="25-pass-at-lhos-turn-after-calling-is-a-change-of-call",
    ),
    # --- Law 30C: an artificial pass is dealt with under Law 31 ----------------------------------------------------
    pytest.param(
        "bid_rho_pass_31a1",
        {**PASS_RHO, "pass_conventional": True, "rho_action": "pass"},
        outcome("31A1"),
        id="31A1-artificial-pass-at-rhos-turn-rho-passes-repeat-it",
    ),
    pytest.param(
        "bid_not_comparable_31a2",
        {**PASS_RHO, "pass_conventional": True, "rho_action": "call", "comparable_call": False},
        outcome("31A2", **ONCE_26B),
        id="31A2-artificial-pass-at-rhos-turn-not-comparable",
    ),
    pytest.param(
        "bid_comparable_31b",
        {**PASS_PARTNER, "pass_conventional": True, "comparable_call": True},
        outcome("31B", **FREE_23C),
        id="31B-artificial-pass-at-partners-turn-then-comparable",
    ),
    pytest.param(
        "lho_change_31c",
        {
            "call": "pass",
            "turn": "lho",
            "accepted": False,
            "pass_conventional": True,
            "offender_called_before": True,
        },
        outcome("31C", **TO_LAW_25),
        id="31C-artificial-pass-at-lhos-turn-after-calling",
    ),
    # --- Law 31: bid out of rotation -------------------------------------------------------------------------------
    pytest.param(
        "bid_rho_pass_31a1",
        {**BID_RHO, "rho_action": "pass"},
        outcome("31A1"),
        id="31A1-rho-passes-the-offender-repeats-his-bid",
    ),
    pytest.param(
        "bid_comparable_31a2",
        {**BID_RHO, "rho_action": "call", "comparable_call": True},
        outcome("31A2", **FREE_23C),
        id="31A2-1NT-opening-then-a-1NT-overcall-is-comparable",
    ),
    pytest.param(
        "bid_not_comparable_31a2",
        {**BID_RHO, "rho_action": "call", "comparable_call": False},
        outcome("31A2", **ONCE_26B),
        id="31A2-not-comparable-partner-passes-once-not-throughout",
    ),
    pytest.param(
        "bid_comparable_31b",
        {"call": "bid", "turn": "partner", "accepted": False, "comparable_call": True},
        outcome("31B", **FREE_23C),
        id="31B-bid-at-partners-turn-then-comparable",
    ),
    pytest.param(
        "bid_not_comparable_31b",
        {"call": "bid", "turn": "partner", "accepted": False, "comparable_call": False},
        outcome("31B", **ONCE_26B),
        id="31B-bid-at-partners-turn-not-comparable",
    ),
    pytest.param(
        "bid_not_comparable_31b",
        {
            "call": "bid",
            "turn": "lho",
            "accepted": False,
            "offender_called_before": False,
            "comparable_call": False,
        },
        outcome("31B", **ONCE_26B),
        id="31B-bid-at-dealers-turn-before-the-offender-called",
    ),
    pytest.param(
        "lho_change_31c",
        {"call": "bid", "turn": "lho", "accepted": False, "offender_called_before": True},
        outcome("31C", **TO_LAW_25),
        id="31C-bid-at-lhos-turn-after-calling-is-law-25",
    ),
    # --- Law 32: double or redouble out of rotation (2017 letters: A = RHO's turn, B = partner's) -------------------
    pytest.param(
        "double_rho_pass_32a1",
        {**DOUBLE_RHO, "rho_action": "pass"},
        outcome("32A1"),
        id="32A1-rho-passes-the-double-is-repeated",
    ),
    pytest.param(
        "double_comparable_32a2",
        {**DOUBLE_RHO, "rho_action": "call", "comparable_call": True},
        outcome("32A2", **FREE_23C),
        id="32A2-takeout-double-again-is-comparable",
    ),
    pytest.param(
        "double_not_comparable_32a2",
        {**DOUBLE_RHO, "rho_action": "call", "comparable_call": False},
        outcome("32A2", **ONCE_26B),
        id="32A2-rho-bids-and-the-offender-bids-a-suit",
    ),
    pytest.param(
        "double_comparable_32b",
        {
            "call": "double_or_redouble",
            "double_inadmissible": False,
            "turn": "partner",
            "accepted": False,
            "comparable_call": True,
        },
        outcome("32B", **FREE_23C),
        id="32B-double-at-partners-turn-then-comparable",
    ),
    pytest.param(
        "double_not_comparable_32b",
        {
            "call": "double_or_redouble",
            "double_inadmissible": False,
            "turn": "partner",
            "accepted": False,
            "comparable_call": False,
        },
        outcome("32B", **ONCE_26B),
        id="32B-double-at-partners-turn-not-comparable",
    ),
    pytest.param(
        "double_lho_change_32c",
        {"call": "double_or_redouble", "double_inadmissible": False, "turn": "lho", "accepted": False},
        outcome("32C", **TO_LAW_25),
        id="32C-double-at-lhos-turn-changes-the-offenders-call",
    ),
    pytest.param(
        "double_lho_change_32c",
        {**INADMISSIBLE, "turn": "lho", "offender_called_before": True},
        outcome("32C", **TO_LAW_25),
        id="32C-inadmissible-redouble-at-lhos-turn-after-calling",
    ),
    # --- Law 36: an inadmissible double or redouble out of rotation ------------------------------------------------
    pytest.param(
        "condoned_36a",
        {"call": "double_or_redouble", "double_inadmissible": True, "lho_called": True},
        outcome("36A"),
        id="36A-lho-called-over-an-inadmissible-double",
    ),
    pytest.param(
        "inadmissible_36b4",
        {**INADMISSIBLE, "turn": "partner"},
        outcome("36B4", "rest_of_auction", lead=True, damaging=True),
        id="36B4-inadmissible-redouble-at-partners-turn",
    ),
    pytest.param(
        "inadmissible_36b4",
        {**INADMISSIBLE, "turn": "rho", "rho_called_before_rectification": False},
        outcome("36B4", "rest_of_auction", lead=True, damaging=True),
        id="36B4-inadmissible-double-at-rhos-turn-no-comparable-relief",
    ),
    pytest.param(
        "inadmissible_36b4",
        {**INADMISSIBLE, "turn": "lho", "offender_called_before": False},
        outcome("36B4", "rest_of_auction", lead=True, damaging=True),
        id="36B4-double-before-anyone-has-bid",
    ),
]


@pytest.fixture(scope="module")
def refs() -> frozenset[str]:
    return frozenset(load_outline(OUTLINE).all_refs())


@pytest.fixture(scope="module")
def tree(refs: frozenset[str]) -> Tree:
    return load_tree(TREE_PATH, refs)


@pytest.fixture(scope="module")
def tree_1999() -> Tree:
    return load_tree(TREE_1999_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_cites_the_2017_law_it_is_named_after(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    law = request.node.callspec.id.split("-")[0]
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and ruling.outcome["rule"] == law and law in ruling.laws


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_tree_is_a_2017_tree_valid_against_the_2017_outline(tree: Tree, refs: frozenset[str]) -> None:
    assert tree.edition == "wbf-2017" and tree.slug == "call-out-of-rotation" and tree.version == 1
    cited = set(tree.laws) | {ref for fact in tree.facts for ref in fact.laws}
    cited |= {ref for leaf in tree.leaves for ref in leaf.laws}
    assert cited <= refs


def test_the_text_speaks_of_the_2017_laws_never_of_the_ccba_1999_rulebook() -> None:
    text = TREE_PATH.read_text(encoding="utf-8")
    assert "2017年《复式桥牌竞赛规则》" in text and "the 2017 laws" in text.lower()
    for word in ("中国桥牌协会", "CCBA", "1999年", "72B1", "26A2", "第26条A款2项"):
        assert word not in text.split("\nslug:")[1], word


def test_the_comparable_call_question_explains_the_three_tests(tree: Tree) -> None:
    fact = tree.fact("comparable_call")
    assert fact is not None and fact.help is not None
    assert {"23A1", "23A2", "23A3"} <= set(fact.laws)
    for words in ("含义相同或相近", "子集", "目的相同"):
        assert words in fact.help.zh
    for words in ("same or a similar meaning", "subset", "same purpose"):
        assert words in fact.help.en


def test_a_comparable_call_frees_partner_with_only_the_23c_review(tree: Tree) -> None:
    """Law 23B: no further rectification, 16C2 off, no lead restriction (26A); Law 23C after play."""
    comparable = [
        leaf for leaf in tree.leaves if "comparable_" in leaf.id and "not_comparable" not in leaf.id
    ]
    assert len(comparable) == 5
    for leaf in comparable:
        fields = leaf.outcome_map
        assert fields["partner_must_pass"] == "none" and fields["lead_penalties"] is False, leaf.id
        assert fields["adjustment_review"] is True and fields["damaging_pass_check"] is False, leaf.id
        assert {"23B", "23C", "26A"} <= set(leaf.laws), leaf.id
        assert "第23条C款" in leaf.script.zh and "Law 23C" in leaf.script.en, leaf.id


def test_a_call_that_is_not_comparable_bars_partner_once_with_26b_and_72c(tree: Tree) -> None:
    for leaf in tree.leaves:
        if "not_comparable" not in leaf.id:
            continue
        fields = leaf.outcome_map
        assert fields["partner_must_pass"] == "one_round", leaf.id
        assert fields["lead_restriction"] == "forbid_one_suit" and fields["damaging_pass_check"] is True, (
            leaf.id
        )
        assert {"26B", "72C"} <= set(leaf.laws), leaf.id
        assert (
            "没有叫过的任何一门花色" in leaf.script.zh
            and "not specified in the legal auction" in leaf.script.en
        )


def test_only_law_36_bars_partner_for_the_rest_of_the_auction(tree: Tree) -> None:
    throughout = {
        leaf.id for leaf in tree.leaves if leaf.outcome_map["partner_must_pass"] == "rest_of_auction"
    }
    assert throughout == {"inadmissible_36b4"}


def test_2017_never_requires_a_lead_nor_forbids_partner_to_double(tree: Tree) -> None:
    """Law 26 (corrected 2017 text) only forbids one suit; the 1997 30B2 double ban is gone."""
    for leaf in tree.leaves:
        assert leaf.outcome_map["lead_restriction"] in (None, "none", "forbid_one_suit"), leaf.id
        assert leaf.outcome_map["partner_may_not_double"] in (None, False), leaf.id
        assert "要求或禁止" not in leaf.script.zh and "require or forbid" not in leaf.script.en, leaf.id


def test_the_enforced_pass_review_is_law_72c_not_law_23(tree: Tree) -> None:
    for leaf in tree.leaves:
        if leaf.outcome_map["damaging_pass_check"]:
            assert "72C" in leaf.laws and "第72条C款" in leaf.script.zh and "Law 72C" in leaf.script.en, (
                leaf.id
            )
            assert "23" not in leaf.laws and "23C" not in leaf.laws, leaf.id


def test_only_the_change_of_call_leaves_defer_their_bars(tree: Tree) -> None:
    deferred = {leaf.id for leaf in tree.leaves if leaf.outcome_map["partner_must_pass"] is None}
    assert deferred == {"pass_lho_change_25", "lho_change_31c", "double_lho_change_32c"}
    for leaf_id in deferred:
        leaf = next(leaf for leaf in tree.leaves if leaf.id == leaf_id)
        assert "25" in leaf.laws and "更改叫牌" in leaf.script.zh and "change-of-call tree" in leaf.script.en


def test_comparability_is_asked_only_after_rho_has_called_at_rhos_turn(tree: Tree) -> None:
    result = evaluate(tree, BID_RHO)
    assert result.question is not None and result.question.fact == "rho_action"
    result = evaluate(tree, {**BID_RHO, "rho_action": "call"})
    assert result.question is not None and result.question.fact == "comparable_call"
    path = evaluate(tree, {**BID_RHO, "rho_action": "pass"}).path
    assert "comparable_call" not in {step.fact for step in path}


def test_an_inadmissible_double_is_never_offered_for_acceptance(tree: Tree) -> None:
    """Law 32: an inadmissible double or redouble can never be accepted; LHO's call brings Law 36A."""
    result = evaluate(tree, {"call": "double_or_redouble", "double_inadmissible": True})
    assert result.question is not None and result.question.fact == "lho_called"
    for facts in ({**INADMISSIBLE, "turn": "partner"}, {**INADMISSIBLE, "turn": "rho"}):
        assert "accepted" not in {step.fact for step in evaluate(tree, facts).path}


# --- the codes differ: one table situation, the 1999 tree (1997 code) and the 2017 tree -------------------------


def _facts_for(tree: Tree, situation: dict[str, object]) -> dict[str, object]:
    """The situation's facts that this tree declares (the other code's facts are not questions here)."""
    return {name: value for name, value in situation.items() if tree.fact(name) is not None}


def _both(tree_1999: Tree, tree: Tree, situation: dict[str, object]) -> tuple[dict[str, Any], dict[str, Any]]:
    old = evaluate(tree_1999, _facts_for(tree_1999, situation))
    new = evaluate(tree, _facts_for(tree, situation))
    assert old.ruling is not None and new.ruling is not None, (old.question, new.question)
    return dict(old.ruling.outcome), dict(new.ruling.outcome)


DIFFERENCES = [
    pytest.param(
        # East opens 1♥ at North's turn; North opens 1♠; East overcalls 2♥ (5+ hearts, a subset of the opening).
        {**BID_RHO, "rho_action": "call", "repeated_denomination": True, "comparable_call": True},
        {"rule": "31A2", "partner_must_pass": "one_round", "lead_penalties": False},
        {"rule": "31A2", "partner_must_pass": "none", "lead_penalties": False, "adjustment_review": True},
        id="31A2-same-suit-again-1997-bars-once-2017-comparable-frees",
    ),
    pytest.param(
        # The offender names another denomination: 1997 bars partner throughout with 26A/26B; 2017 once with 26B.
        {**BID_RHO, "rho_action": "call", "repeated_denomination": False, "comparable_call": False},
        {"rule": "31A2", "partner_must_pass": "rest_of_auction", "lead_restriction": "by_cancelled_call"},
        {"rule": "31A2", "partner_must_pass": "one_round", "lead_restriction": "forbid_one_suit"},
        id="31A2-not-repeated-1997-throughout-2017-one-turn",
    ),
    pytest.param(
        {"call": "bid", "turn": "partner", "accepted": False, "comparable_call": True},
        {"rule": "31B", "partner_must_pass": "rest_of_auction", "lead_penalties": True},
        {"rule": "31B", "partner_must_pass": "none", "lead_penalties": False},
        id="31B-bid-at-partners-turn-1997-throughout-2017-free-when-comparable",
    ),
    pytest.param(
        {**PASS_PARTNER, "any_bid_before": True, "comparable_call": True},
        {"rule": "30B2", "offender_must_pass": "rest_of_auction", "partner_may_not_double": True},
        {
            "rule": "30B1",
            "offender_must_pass": "none",
            "partner_may_not_double": False,
            "partner_must_pass": "none",
        },
        id="30B1-pass-at-partners-turn-1997-offender-barred-2017-free",
    ),
    pytest.param(
        {**PASS_PARTNER, "any_bid_before": False, "comparable_call": False},
        {"rule": "30A", "offender_must_pass": "next_turn", "partner_must_pass": "none"},
        {"rule": "30B1", "offender_must_pass": "none", "partner_must_pass": "one_round"},
        id="30B1-first-round-pass-at-partners-turn-1997-30A-2017-partner-once",
    ),
    pytest.param(
        {**PASS_RHO, "pass_conventional": False, "any_bid_before": True},
        {"rule": "30B1", "offender_must_pass": "next_turn"},
        {"rule": "30A", "offender_must_pass": "next_turn"},
        id="30A-pass-at-rhos-turn-after-a-bid-same-bar-new-letter",
    ),
    pytest.param(
        {
            "call": "double_or_redouble",
            "double_inadmissible": False,
            "turn": "partner",
            "accepted": False,
            "comparable_call": False,
        },
        {"rule": "32A", "partner_must_pass": "rest_of_auction"},
        {"rule": "32B", "partner_must_pass": "one_round"},
        id="32B-double-at-partners-turn-letters-swapped-and-one-turn",
    ),
    pytest.param(
        {**DOUBLE_RHO, "rho_action": "call", "comparable_call": True},
        {"rule": "32B2", "partner_must_pass": "rest_of_auction", "lead_penalties": True},
        {"rule": "32A2", "partner_must_pass": "none", "lead_penalties": False},
        id="32A2-rho-bids-after-a-double-1997-throughout-2017-comparable-frees",
    ),
    pytest.param(
        {**PASS_RHO, "pass_conventional": True, "rho_action": "pass"},
        {"rule": "31A2", "partner_must_pass": "rest_of_auction"},
        {"rule": "31A1", "partner_must_pass": "none"},
        id="31A1-artificial-pass-at-rhos-turn-rho-passes-2017-repeat-it",
    ),
    pytest.param(
        {"call": "double_or_redouble", "double_inadmissible": True, "lho_called": True},
        {"rule": "35A", "partner_must_pass": "none"},
        {"rule": "36A", "partner_must_pass": "none"},
        id="36A-condoned-inadmissible-double-moved-from-35A",
    ),
    pytest.param(
        {**INADMISSIBLE, "turn": "rho", "rho_called_before_rectification": False, "rho_action": "call"},
        {"rule": "32B2", "partner_must_pass": "rest_of_auction"},
        {"rule": "36B4", "partner_must_pass": "rest_of_auction"},
        id="36B4-inadmissible-double-out-of-turn-now-law-36",
    ),
]


@pytest.mark.parametrize(("situation", "under_1997", "under_2017"), DIFFERENCES)
def test_the_codes_differ(
    tree_1999: Tree,
    tree: Tree,
    situation: dict[str, object],
    under_1997: dict[str, object],
    under_2017: dict[str, object],
) -> None:
    old, new = _both(tree_1999, tree, situation)
    assert {name: old[name] for name in under_1997} == under_1997
    assert {name: new[name] for name in under_2017} == under_2017


def test_the_two_trees_are_separate_files_of_their_own_editions(tree_1999: Tree, tree: Tree) -> None:
    assert tree_1999.edition == "ccba-1999" and tree.edition == "wbf-2017"
    assert tree_1999.fact("comparable_call") is None and tree.fact("comparable_call") is not None
    assert tree.fact("repeated_denomination") is None and tree.fact("any_bid_before") is None


def test_the_same_in_both_codes_28a_28b_29a_33(tree_1999: Tree, tree: Tree) -> None:
    for situation in (
        {"call": "bid", "turn": "rho", "rho_obliged_to_pass": True},
        {**BID_RHO, "rho_called_before_rectification": True},
        {"call": "bid", "turn": "partner", "accepted": True},
        {"call": "pass", "turn": "rho", "rho_obliged_to_pass": False, "simultaneous_call": True},
    ):
        old, new = _both(tree_1999, tree, situation)
        assert old["rule"] == new["rule"] and old["partner_must_pass"] == new["partner_must_pass"] == "none"


LAW_31_BARS_2017 = {
    "31A1": {("none", False)},
    "31A2": {("none", False), ("one_round", True)},
    "31B": {("none", False), ("one_round", True)},
}


def test_a_bid_out_of_rotation_agrees_with_the_2017_insufficient_bid_trees_27a2_path(tree: Tree) -> None:
    """Law 27A2 sends an insufficient bid out of rotation to Law 31: where the 2017 insufficient-bid tree resolves
    it, its bar on partner and its lead restriction must be this tree's for the same section of Law 31."""
    mine = {
        (
            str(leaf.outcome_map["rule"]),
            leaf.outcome_map["partner_must_pass"],
            leaf.outcome_map["lead_penalties"],
        )
        for leaf in tree.leaves
    }
    for rule, bars in LAW_31_BARS_2017.items():
        assert {(rule, *bar) for bar in bars} <= mine
    other_path = TREE_PATH.with_name("insufficient-bid.yaml")
    if not other_path.exists():
        pytest.skip("the 2017 insufficient-bid tree is not in this checkout yet (another helper's branch)")
    compared = 0
    for leaf in load_tree(other_path).leaves:
        fields = leaf.outcome_map
        sections = {ref for ref in leaf.laws if ref in LAW_31_BARS_2017}
        if len(sections) != 1 or fields.get("partner_must_pass") is None:
            continue
        (section,) = sections
        compared += 1
        assert (fields["partner_must_pass"], fields["lead_penalties"]) in LAW_31_BARS_2017[section], leaf.id
    assert compared


def test_scripts_that_rectify_first_recall_lhos_option_to_accept(tree: Tree) -> None:
    """Law 10C1: every option of the non-offending side is announced — here LHO's right to accept (29A), or, for an
    inadmissible double or redouble, that it cannot be accepted (Law 32)."""
    for leaf in tree.leaves:
        fields = leaf.outcome_map
        rectified = (
            fields["partner_must_pass"] not in (None, "none") or fields["offender_must_pass"] == "next_turn"
        )
        if (
            rectified
            or str(fields["rule"]).startswith(("30", "31", "32"))
            and fields["partner_must_pass"] is not None
        ):
            assert "接受" in leaf.script.zh and "accept" in leaf.script.en, leaf.id
