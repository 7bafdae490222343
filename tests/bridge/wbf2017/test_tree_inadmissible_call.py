"""The 2017 inadmissible-call tree (Laws 35–39 with 19, 26B, 72C; laws-facts-2017.md L35–L39): a casebook reaching
every leaf, each case named after the 2017 law it rests on, the tree validated against the 2017 outline, and the
situations the two codes rule differently, both ways."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.trees import Tree, evaluate
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf
from tests.bridge.wbf2017.auction_common import declared, refs_2017, tree_1999, tree_2017

SLUG = "inadmissible-call"

DOUBLE = {"inadmissible_call": "double_or_redouble", "discovered_after_auction_period": False}
DOUBLE_NOT_CONDONED = {**DOUBLE, "lho_called": False}
BARRED = {"inadmissible_call": "call_by_barred_player"}
ABOVE_SEVEN = {"inadmissible_call": "bid_above_seven"}
AFTER_FINAL_PASS = {"inadmissible_call": "call_after_final_pass", "lho_called": False}


def outcome(
    rule: str,
    cancelled: str | None = "the_call",
    partner: str | None = "none",
    offender: str | None = "none",
    *,
    lead: bool = False,
    aware: bool = False,
) -> dict[str, Any]:
    return {
        "rule": rule,
        "calls_cancelled": cancelled,
        "partner_must_pass": partner,
        "offender_must_pass": offender,
        "lead_penalties": lead,
        "lead_restriction": "forbid_one_suit" if lead else "none",
        "damaging_pass_check": aware,
        "adjusted_score": False,
        "adjustment_review": aware,
        "related_tree": "none",
    }


CASES = [
    pytest.param(
        "after_auction_period_36c",
        {"inadmissible_call": "double_or_redouble", "discovered_after_auction_period": True},
        outcome("36C"),
        id="36C-double-of-partners-1S-found-after-the-opening-lead",
    ),
    pytest.param(
        "condoned_36a",
        {**DOUBLE, "lho_called": True},
        outcome("36A", "the_call_and_later_calls"),
        id="36A-lho-called-over-the-double-of-partners-bid",
    ),
    pytest.param(
        "inadmissible_double_36b",
        {**DOUBLE_NOT_CONDONED, "in_rotation": True},
        outcome("36B", partner="rest_of_auction", lead=True, aware=True),
        id="36B-redouble-of-a-bid",
    ),
    pytest.param(
        "out_of_turn_36b4",
        {**DOUBLE_NOT_CONDONED, "in_rotation": False},
        outcome("36B4", partner="rest_of_auction", lead=True, aware=True),
        id="36B4-double-of-partners-bid-at-rhos-turn",
    ),
    pytest.param(
        "condoned_37a",
        {**BARRED, "lho_called": True, "barred_for_rest_of_auction": False},
        outcome("37A", "none"),
        id="37A-barred-for-one-turn-lho-called",
    ),
    pytest.param(
        "condoned_still_barred_37a",
        {**BARRED, "lho_called": True, "barred_for_rest_of_auction": True},
        outcome("37A", "none", offender="rest_of_auction"),
        id="37A-barred-throughout-still-passes",
    ),
    pytest.param(
        "barred_call_37b",
        {**BARRED, "lho_called": False},
        outcome("37B", partner="rest_of_auction", offender="rest_of_auction", lead=True, aware=True),
        id="37B-barred-player-bids-both-pass-throughout",
    ),
    pytest.param(
        "above_seven_38c",
        {**ABOVE_SEVEN, "lho_called": False},
        outcome("38C", partner="rest_of_auction", offender="rest_of_auction", lead=True, aware=True),
        id="38C-8H-cancelled-both-pass-throughout",
    ),
    pytest.param(
        "above_seven_lho_called_38d",
        {**ABOVE_SEVEN, "lho_called": True},
        outcome("38D", "the_call_and_later_calls", None, None),
        id="38D-lho-called-over-8S-no-26B-no-72C",
    ),
    pytest.param(
        "condoned_39b",
        {"inadmissible_call": "call_after_final_pass", "lho_called": True},
        outcome("39B", "the_call_and_later_calls"),
        id="39B-lho-called-after-the-defenders-double",
    ),
    pytest.param(
        "after_final_pass_39b",
        {**AFTER_FINAL_PASS, "caller": "declaring_side"},
        outcome("39B"),
        id="39B-dummy-bids-after-the-final-pass",
    ),
    pytest.param(
        "after_final_pass_39b",
        {**AFTER_FINAL_PASS, "caller": "defender", "defender_call": "pass"},
        outcome("39B"),
        id="39B-a-defenders-pass",
    ),
    pytest.param(
        "after_final_pass_defender_39c",
        {**AFTER_FINAL_PASS, "caller": "defender", "defender_call": "bid_double_or_redouble"},
        outcome("39C", lead=True),
        id="39C-a-defenders-double-after-the-final-pass",
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
        assert leaf.laws and leaf.script.zh.strip() and leaf.script.en.strip(), leaf.id
        # 2017 Law 35 is a list: no ruling rests on it.
        assert not leaf.outcome_map["rule"].startswith("35"), leaf.id


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


def test_the_unverified_38c_reading_decides_no_bar_and_says_so(tree: Tree) -> None:
    leaf = next(leaf for leaf in tree.leaves if leaf.id == "above_seven_lho_called_38d")
    assert leaf.outcome_map["partner_must_pass"] is None and leaf.outcome_map["offender_must_pass"] is None
    assert "待核实" in leaf.script.zh and "unverified" in leaf.script.en


def test_every_lead_restriction_is_26b_forbid_only(tree: Tree) -> None:
    for leaf in tree.leaves:
        if leaf.outcome_map["lead_penalties"]:
            assert leaf.outcome_map["lead_restriction"] == "forbid_one_suit" and "26B" in leaf.laws, leaf.id
        assert "要求或禁止" not in leaf.script.zh and "require" not in leaf.script.en, leaf.id
        assert "23" not in leaf.laws and "26A2" not in leaf.laws, leaf.id


# --- the codes differ ------------------------------------------------------------------------------------------


def rulings(old: Tree, tree: Tree, facts: dict[str, object]) -> tuple[dict[str, Any], dict[str, Any]]:
    ruling_1997 = evaluate(old, declared(old, facts)).ruling
    ruling_2017 = evaluate(tree, declared(tree, facts)).ruling
    assert ruling_1997 is not None and ruling_2017 is not None
    return dict(ruling_1997.outcome), dict(ruling_2017.outcome)


def test_a_double_found_after_the_opening_lead(tree: Tree, old: Tree) -> None:
    """N 1♠, S doubles partner's 1♠, all pass, the lead is faced: 1997 has only Law 35A (LHO called over it → it
    and every later call cancelled); 2017 Law 36C scores the contract as if the double had not been made."""
    facts = {
        "inadmissible_call": "double_or_redouble",
        "lho_called": True,
        "discovered_after_auction_period": True,
    }
    in_1997, in_2017 = rulings(old, tree, facts)
    assert (in_1997["rule"], in_1997["calls_cancelled"]) == ("35A", "the_call_and_later_calls")
    assert (in_2017["rule"], in_2017["calls_cancelled"]) == ("36C", "the_call")


def test_an_inadmissible_double_out_of_turn_is_law_32_in_1997_and_36b4_in_2017(tree: Tree, old: Tree) -> None:
    facts = {**DOUBLE_NOT_CONDONED, "in_rotation": False, "turn": "partner"}
    in_1997, in_2017 = rulings(old, tree, facts)
    assert in_1997["rule"] == "32A" and in_2017["rule"] == "36B4"
    assert in_1997["partner_must_pass"] == in_2017["partner_must_pass"] == "rest_of_auction"


def test_a_bid_above_seven_condoned_by_lhos_call(tree: Tree, old: Tree) -> None:
    """1997 Law 35C: no rectification at all. 2017 Law 38: cancelled with every later call, a pass substituted;
    only 26B and 72C are lost (38D); the both-members bar is left open as unverified rather than 'none'."""
    in_1997, in_2017 = rulings(old, tree, {**ABOVE_SEVEN, "lho_called": True})
    assert (in_1997["rule"], in_1997["partner_must_pass"]) == ("35C", "none")
    assert (in_2017["rule"], in_2017["partner_must_pass"]) == ("38D", None)
    assert in_1997["lead_penalties"] is in_2017["lead_penalties"] is False


@pytest.mark.parametrize(
    ("facts", "rule_1997", "rule_2017"),
    [
        ({**BARRED, "lho_called": False}, "37", "37B"),
        ({**ABOVE_SEVEN, "lho_called": False}, "38", "38C"),
        ({**AFTER_FINAL_PASS, "caller": "defender", "defender_call": "bid_double_or_redouble"}, "39B", "39C"),
    ],
    ids=["37", "38", "39"],
)
def test_the_lead_restriction_follows_the_cancelled_call_in_1997_and_is_26b_in_2017(
    tree: Tree, old: Tree, facts: dict[str, object], rule_1997: str, rule_2017: str
) -> None:
    in_1997, in_2017 = rulings(old, tree, facts)
    assert (in_1997["rule"], in_1997["lead_restriction"]) == (rule_1997, "by_cancelled_call")
    assert (in_2017["rule"], in_2017["lead_restriction"]) == (rule_2017, "forbid_one_suit")


@pytest.mark.parametrize(
    ("facts", "rule_1997", "rule_2017"),
    [
        ({**DOUBLE, "lho_called": True}, "35A", "36A"),
        ({**BARRED, "lho_called": True, "barred_for_rest_of_auction": True}, "35B", "37A"),
        ({"inadmissible_call": "call_after_final_pass", "lho_called": True}, "35D", "39B"),
        ({**AFTER_FINAL_PASS, "caller": "declaring_side"}, "39A", "39B"),
    ],
    ids=["35A-is-36A", "35B-is-37A", "35D-is-39B", "39A-is-39B"],
)
def test_the_condonations_moved_out_of_law_35(
    tree: Tree, old: Tree, facts: dict[str, object], rule_1997: str, rule_2017: str
) -> None:
    in_1997, in_2017 = rulings(old, tree, facts)
    assert in_1997["rule"] == rule_1997 and in_2017["rule"] == rule_2017
    for field in ("calls_cancelled", "partner_must_pass", "offender_must_pass", "lead_penalties"):
        assert in_1997[field] == in_2017[field], field
