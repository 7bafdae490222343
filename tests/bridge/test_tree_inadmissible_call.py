"""The inadmissible-call tree (Laws 35–39, 1997 code; laws-facts.md B-35–39): a casebook reaching every leaf, each
case named after the law it rests on; Law 35's condonation; and the same Law 32 ruling as the call-out-of-rotation
tree for an inadmissible double out of rotation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREES = Path(__file__).resolve().parents[2] / "fixtures" / "trees"


def outcome(
    rule: str,
    cancelled: str | None = "the_call",
    partner: str | None = "none",
    offender: str | None = "none",
    *,
    lead: bool | None = False,
    restriction: str | None = "none",
    damaging: bool | None = False,
) -> dict[str, Any]:
    return {
        "rule": rule,
        "calls_cancelled": cancelled,
        "partner_must_pass": partner,
        "offender_must_pass": offender,
        "lead_penalties": lead,
        "lead_restriction": restriction,
        "damaging_pass_check": damaging,
        "adjusted_score": None if rule == "25" else False,
        "adjustment_review": damaging,
        "related_tree": "change-of-call" if rule == "25" else "none",
    }


CONDONED = {"partner": "none", "offender": "none"}
PARTNER_BARRED_26B = {
    "partner": "rest_of_auction",
    "lead": True,
    "restriction": "forbid_one_suit",
    "damaging": True,
}
BOTH_BARRED = {
    "partner": "rest_of_auction",
    "offender": "rest_of_auction",
    "lead": True,
    "restriction": "by_cancelled_call",
    "damaging": True,
}
DOUBLE = {"inadmissible_call": "double_or_redouble", "lho_called": False}
OUT_OF_ROTATION = {**DOUBLE, "in_rotation": False}
AFTER_PASS = {"inadmissible_call": "call_after_final_pass", "lho_called": False}

CASES = [
    # --- Law 35: condoned when LHO has called over it --------------------------------------------------------------
    pytest.param(
        "condoned_35a",
        {"inadmissible_call": "double_or_redouble", "lho_called": True},
        outcome("35A", "the_call_and_later_calls"),
        id="35A-double-of-partners-bid-passed-over-by-lho",
    ),
    pytest.param(
        "condoned_35b",
        {
            "inadmissible_call": "call_by_barred_player",
            "lho_called": True,
            "barred_for_rest_of_auction": False,
        },
        outcome("35B", "none"),
        id="35B-barred-for-one-turn-the-bid-stands",
    ),
    pytest.param(
        "condoned_still_barred_35b",
        {
            "inadmissible_call": "call_by_barred_player",
            "lho_called": True,
            "barred_for_rest_of_auction": True,
        },
        outcome("35B", "none", offender="rest_of_auction"),
        id="35B-barred-throughout-the-offender-keeps-passing",
    ),
    pytest.param(
        "condoned_35c",
        {"inadmissible_call": "bid_above_seven", "lho_called": True},
        outcome("35C", "the_call_and_later_calls"),
        id="35C-eight-spades-and-lhos-call-cancelled-offender-passes",
    ),
    pytest.param(
        "condoned_35d",
        {"inadmissible_call": "call_after_final_pass", "lho_called": True},
        outcome("35D", "the_call_and_later_calls"),
        id="35D-double-after-the-final-pass-then-lho-redoubled",
    ),
    # --- Law 36: an inadmissible double or redouble ------------------------------------------------------------------
    pytest.param(
        "inadmissible_double_36",
        {**DOUBLE, "in_rotation": True},
        outcome("36", **PARTNER_BARRED_26B),
        id="36-doubled-partners-opening-bid",
    ),
    pytest.param(
        "inadmissible_double_36",
        {**DOUBLE, "in_rotation": True},
        outcome("36", **PARTNER_BARRED_26B),
        id="36-redoubled-an-undoubled-contract",
    ),
    pytest.param(
        "double_partner_32a",
        {**OUT_OF_ROTATION, "turn": "partner"},
        outcome("32A", **PARTNER_BARRED_26B),
        id="32A-inadmissible-double-out-of-rotation-at-partners-turn",
    ),
    pytest.param(
        "rho_called_28b",
        {**OUT_OF_ROTATION, "turn": "rho", "rho_called_before_rectification": True},
        outcome("28B"),
        id="28B-rho-called-before-the-director-came",
    ),
    pytest.param(
        "out_of_rotation_36",
        {**OUT_OF_ROTATION, "turn": "rho", "rho_called_before_rectification": False, "rho_action": "pass"},
        outcome("36", **PARTNER_BARRED_26B),
        id="36-rho-passes-the-inadmissible-double-cannot-be-repeated",
    ),
    pytest.param(
        "out_of_rotation_36",
        {**OUT_OF_ROTATION, "turn": "lho", "offender_called_before": False},
        outcome("36", **PARTNER_BARRED_26B),
        id="36-double-before-the-dealer-called",
    ),
    pytest.param(
        "double_rho_call_32b2",
        {**OUT_OF_ROTATION, "turn": "rho", "rho_called_before_rectification": False, "rho_action": "call"},
        outcome("32B2", **PARTNER_BARRED_26B),
        id="32B2-inadmissible-double-at-rhos-turn-then-rho-bids",
    ),
    pytest.param(
        "double_lho_change_25",
        {**OUT_OF_ROTATION, "turn": "lho", "offender_called_before": True},
        outcome("25", None, None, None, lead=None, restriction=None, damaging=None),
        id="25-bid-then-redoubled-at-lhos-turn-is-a-change-of-call",
    ),
    # --- Law 37: a call by a player obliged to pass ---------------------------------------------------------------
    pytest.param(
        "barred_call_37",
        {"inadmissible_call": "call_by_barred_player", "lho_called": False},
        outcome("37", **BOTH_BARRED),
        id="37-barred-partner-bids-both-must-pass-throughout",
    ),
    pytest.param(
        "barred_call_37",
        {
            "inadmissible_call": "call_by_barred_player",
            "lho_called": False,
            "barred_for_rest_of_auction": False,
        },
        outcome("37", **BOTH_BARRED),
        id="37-even-a-one-turn-bar-broken-bars-both-throughout",
    ),
    # --- Law 38: a bid above seven ------------------------------------------------------------------------------------
    pytest.param(
        "above_seven_38",
        {"inadmissible_call": "bid_above_seven", "lho_called": False},
        outcome("38", **BOTH_BARRED),
        id="38-eight-notrump-never-played-both-pass-throughout",
    ),
    # --- Law 39: a call after the final pass ----------------------------------------------------------------------------
    pytest.param(
        "after_final_pass_39a",
        {**AFTER_PASS, "caller": "declaring_side"},
        outcome("39A"),
        id="39A-dummy-bids-again-after-the-final-pass",
    ),
    pytest.param(
        "after_final_pass_39a",
        {**AFTER_PASS, "caller": "defender", "defender_call": "pass"},
        outcome("39A"),
        id="39A-a-defenders-extra-pass",
    ),
    pytest.param(
        "after_final_pass_defender_39b",
        {**AFTER_PASS, "caller": "defender", "defender_call": "bid_double_or_redouble"},
        outcome("39B", lead=True, restriction="by_cancelled_call"),
        id="39B-defender-doubles-after-the-final-pass",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREES / "inadmissible-call.yaml")


@pytest.fixture(scope="module")
def rotation_tree() -> Tree:
    return load_tree(TREES / "call-out-of-rotation.yaml")


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


def test_lhos_call_is_asked_before_any_rectification(tree: Tree) -> None:
    """Law 35: whether LHO has called decides between condonation and Laws 36–39, for every kind."""
    kind = tree.fact("inadmissible_call")
    assert kind is not None
    for value in kind.values:
        result = evaluate(tree, {"inadmissible_call": value})
        assert result.question is not None and result.question.fact == "lho_called", value


def test_condoned_calls_never_bring_lead_penalties(tree: Tree) -> None:
    """Law 35: no rectification at all and no Law 26 lead penalty."""
    for leaf in tree.leaves:
        if str(leaf.outcome_map["rule"]).startswith("35"):
            assert leaf.outcome_map["lead_penalties"] is False
            assert leaf.outcome_map["partner_must_pass"] == "none"


def test_laws_37_and_38_bar_both_members_of_the_offending_side(tree: Tree) -> None:
    for leaf in tree.leaves:
        if leaf.outcome_map["rule"] in ("37", "38"):
            assert (
                leaf.outcome_map["partner_must_pass"]
                == leaf.outcome_map["offender_must_pass"]
                == "rest_of_auction"
            )
            assert "两名赛员" in leaf.script.zh and "both members" in leaf.script.en


def test_a_double_relates_to_no_suit_so_law_26b_is_fixed(tree: Tree) -> None:
    for leaf in tree.leaves:
        fields = leaf.outcome_map
        if fields["rule"] in ("36", "32A", "32B2"):
            assert fields["lead_restriction"] == "forbid_one_suit" and "26B" in leaf.laws, leaf.id


def test_only_a_defenders_bid_double_or_redouble_after_the_final_pass_brings_law_26(tree: Tree) -> None:
    for caller, call in (("declaring_side", None), ("defender", "pass")):
        facts: dict[str, object] = {**AFTER_PASS, "caller": caller}
        if call is not None:
            facts["defender_call"] = call
        ruling = evaluate(tree, facts).ruling
        assert ruling is not None and ruling["lead_penalties"] is False


SHARED_FIELDS = (
    "rule",
    "partner_must_pass",
    "offender_must_pass",
    "lead_penalties",
    "lead_restriction",
    "damaging_pass_check",
    "adjusted_score",
)


@pytest.mark.parametrize(
    "facts",
    [
        {"lho_called": True},
        {"lho_called": False, "turn": "partner"},
        {"lho_called": False, "turn": "rho", "rho_called_before_rectification": True},
        {"lho_called": False, "turn": "rho", "rho_called_before_rectification": False, "rho_action": "pass"},
        {"lho_called": False, "turn": "rho", "rho_called_before_rectification": False, "rho_action": "call"},
        {"lho_called": False, "turn": "lho", "offender_called_before": False},
        {"lho_called": False, "turn": "lho", "offender_called_before": True},
    ],
    ids=["35A", "32A", "28B", "32B1-36", "32B2", "lho-36", "lho-25"],
)
def test_an_inadmissible_double_out_of_rotation_rules_alike_in_both_trees(
    tree: Tree, rotation_tree: Tree, facts: dict[str, object]
) -> None:
    """Law 36 sends a double out of rotation to Law 32: both trees must give the same ruling for it."""
    here = evaluate(tree, {"inadmissible_call": "double_or_redouble", "in_rotation": False, **facts}).ruling
    there = evaluate(
        rotation_tree, {"call": "double_or_redouble", "double_inadmissible": True, **facts}
    ).ruling
    assert here is not None and there is not None
    assert {name: here[name] for name in SHARED_FIELDS} == {name: there[name] for name in SHARED_FIELDS}


def test_a3_the_law_32_gap_note_is_a_yaml_comment_not_part_of_the_script(tree: Tree) -> None:
    """A3: CCBA 32B1 "如果为不能成立的加倍或再加倍，应用第36条" gives the ruling; the developers' note on 1997 Law 32's
    two turns must not be announced to the players."""
    leaf = next(leaf for leaf in tree.leaves if leaf.id == "out_of_rotation_36")
    assert "待核实" not in leaf.script.zh and "to be verified" not in leaf.script.en
    assert "# Drafting note, not for the table" in (TREES / "inadmissible-call.yaml").read_text(
        encoding="utf-8"
    )
