"""The insufficient-bid tree (Law 27 with 25, 28, 31, 35, 37, 39; 1997 code; laws-facts.md B-25–39): a casebook
with every leaf, each case citing the law it rests on (its id), the errata's situations (errata-2026-12.md §C
T9–T11), and the 1997 specifics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "insufficient-bid.yaml"

# None of the v2 situations: no mis-pull corrected at once, not after the final pass, offender not barred.
ORDINARY = {
    "inadvertent_corrected_at_once": False,
    "after_final_pass": False,
    "offender_obliged_to_pass": False,
}
ACCEPTED = {**ORDINARY, "accepted": True, "corrected_before_lho_chose": False}
NOT_ACCEPTED = {**ORDINARY, "accepted": False, "in_rotation": True}
OUT_OF_ROTATION = {
    **ORDINARY,
    "accepted": False,
    "in_rotation": False,
    "rho_called_before_rectification": False,
}
FINAL_PASS = {**OUT_OF_ROTATION, "after_final_pass": True}
BARRED = {"inadvertent_corrected_at_once": False, "after_final_pass": False, "offender_obliged_to_pass": True}


def outcome(
    rule: str,
    bar: str | None,
    lead: bool | None,
    damaging: bool | None,
    adjusted: bool | None,
    *,
    review: bool | None = None,
    related: str = "none",
) -> dict[str, Any]:
    return {
        "rule": rule,
        "partner_must_pass": bar,
        "lead_penalties": lead,
        "damaging_pass_check": damaging,
        "adjusted_score": adjusted,
        "adjustment_review": damaging if review is None else review,
        "related_tree": related,
    }


CASES = [
    pytest.param("accepted_27a", ACCEPTED, outcome("27A", "none", False, False, False), id="27A-accepted"),
    pytest.param(
        "accepted_27a",
        {**ACCEPTED, "in_rotation": False},
        outcome("27A", "none", False, False, False),
        id="27A-accepted-even-out-of-rotation",
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
        outcome("27B1", "none", False, False, False, review=True),
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
    pytest.param(
        "inadvertent_25a",
        {"inadvertent_corrected_at_once": True},
        outcome("25A", "none", False, False, False),
        id="25A-T10-over-1NT-responder-pulls-1C-for-2C-and-fixes-it-at-once",
    ),
    pytest.param(
        "after_final_pass_39a",
        {**FINAL_PASS, "offender_on_defending_side": False},
        outcome("39A", "none", False, False, False),
        id="39A-T11-dummy-bids-after-the-final-pass",
    ),
    pytest.param(
        "defender_bid_39b",
        {**FINAL_PASS, "offender_on_defending_side": True, "lho_called_over_it": False},
        outcome("39B", "none", True, False, False),
        id="39B-26-T11-defender-bids-after-the-final-pass",
    ),
    pytest.param(
        "condoned_35d",
        {**FINAL_PASS, "offender_on_defending_side": True, "lho_called_over_it": True},
        outcome("35D", "none", False, False, False),
        id="35D-call-after-the-final-pass-condoned",
    ),
    pytest.param(
        "barred_player_37",
        {**BARRED, "accepted": False},
        outcome("37", "rest_of_auction", True, True, False),
        id="37-T11-a-barred-player-makes-an-insufficient-bid",
    ),
    pytest.param(
        "condoned_35b",
        {**BARRED, "accepted": True},
        outcome("35B", "none", False, False, False),
        id="35B-barred-players-bid-condoned-by-lho",
    ),
    pytest.param(
        "accepted_correction_cancelled_27a",
        {**ACCEPTED, "corrected_before_lho_chose": True},
        outcome("27A", "none", True, False, False),
        id="27A-9C-26-T11-correction-before-lho-chose-cancelled-lho-accepts",
    ),
    pytest.param(
        "rho_called_28b",
        {**OUT_OF_ROTATION, "rho_called_before_rectification": True},
        outcome("28B", "none", False, False, False),
        id="28B-T9-insufficient-bid-at-rhos-turn-rho-calls-before-the-director",
    ),
    pytest.param(
        "rho_acted_same_denomination_31a2a",
        {
            **OUT_OF_ROTATION,
            "whose_turn": "rho",
            "rho_call": "bid_double_or_redouble",
            "offender_repeated_denomination": True,
        },
        outcome("27C", "one_round", False, True, False),
        id="27C-31A2a-rho-bids-offender-repeats-the-denomination",
    ),
    pytest.param(
        "rho_acted_other_call_31a2b",
        {
            **OUT_OF_ROTATION,
            "whose_turn": "rho",
            "rho_call": "bid_double_or_redouble",
            "offender_repeated_denomination": False,
        },
        outcome("27C", "rest_of_auction", True, True, False),
        id="27C-31A2b-rho-bids-offender-changes-denomination",
    ),
    pytest.param(
        "partner_or_lho_turn_31b",
        {**OUT_OF_ROTATION, "whose_turn": "partner"},
        outcome("27C", "rest_of_auction", True, True, False),
        id="27C-31B-insufficient-bid-at-partners-turn",
    ),
    pytest.param(
        "partner_or_lho_turn_31b",
        {**OUT_OF_ROTATION, "whose_turn": "lho_not_yet_called"},
        outcome("27C", "rest_of_auction", True, True, False),
        id="27C-31B-at-lhos-turn-before-the-offender-called",
    ),
    pytest.param(
        "change_of_call_25b",
        {**OUT_OF_ROTATION, "whose_turn": "lho_after_own_call"},
        outcome("25B", None, None, None, None, related="change-of-call"),
        id="25B-31B-at-lhos-turn-after-his-own-call-is-a-change-of-call",
    ),
    pytest.param(
        "other_call_27b2",
        {
            **OUT_OF_ROTATION,
            "whose_turn": "rho",
            "rho_call": "pass",
            "repeated_bid_accepted": False,
            "replacement": "pass",
        },
        outcome("27B2", "rest_of_auction", True, True, False),
        id="31A1-27B2-T9-rho-passes-the-repeated-bid-is-insufficient-in-rotation",
    ),
    pytest.param(
        "accepted_27a",
        {**OUT_OF_ROTATION, "whose_turn": "rho", "rho_call": "pass", "repeated_bid_accepted": True},
        outcome("27A", "none", False, False, False),
        id="31A1-27A-rho-passes-lho-accepts-the-repeated-bid",
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
    result = evaluate(tree, ORDINARY)
    assert result.question is not None and result.question.fact == "accepted"
    assert "27A" in result.question.laws


def test_questions_follow_in_order(tree: Tree) -> None:
    asked = []
    facts: dict[str, object] = {}
    answers = {
        "inadvertent_corrected_at_once": False,
        "offender_obliged_to_pass": False,
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


# --- Vocabulary v2: the situations of errata-2026-12.md §C ------------------------------------------------------


def test_t10_the_first_question_is_whether_it_was_a_mis_pull_corrected_at_once(tree: Tree) -> None:
    """25A comes before everything: a v1 walk (which would bar partner under 27B2) is asked it first."""
    result = evaluate(tree, {"accepted": False, "in_rotation": True, "replacement": "other_sufficient_bid"})
    assert result.question is not None and result.question.fact == "inadvertent_corrected_at_once"
    assert "25A" in result.question.laws
    mis_pull = evaluate(tree, {"inadvertent_corrected_at_once": True, "replacement": "other_sufficient_bid"})
    assert mis_pull.ruling is not None
    assert (mis_pull.ruling["rule"], mis_pull.ruling["partner_must_pass"]) == ("25A", "none")


def test_t9_27c_resolves_law_31_instead_of_stopping_at_it(tree: Tree) -> None:
    """No 27C ruling leaves the bar open: every one says whether partner passes once or for the rest."""
    for leaf in tree.leaves:
        if leaf.outcome_map["rule"] == "27C":
            assert leaf.outcome_map["partner_must_pass"] in ("one_round", "rest_of_auction"), leaf.id
            assert leaf.outcome_map["lead_penalties"] is not None, leaf.id
    asked = evaluate(tree, {**ORDINARY, "accepted": False, "in_rotation": False})
    assert asked.question is not None and asked.question.fact == "rho_called_before_rectification"
    turn = evaluate(tree, {**OUT_OF_ROTATION, "after_final_pass": False})
    assert turn.question is not None and turn.question.fact == "whose_turn"
    assert [o.value for o in turn.question.options] == [
        "rho",
        "partner",
        "lho_not_yet_called",
        "lho_after_own_call",
    ]


def test_t9_31a1_the_repeated_insufficient_bid_goes_through_law_27(tree: Tree) -> None:
    """31A1: after RHO passes the insufficient bid cannot simply be repeated; repeated it is insufficient in
    rotation, so LHO may accept it and otherwise 27B decides (here the lowest bid in the suit, both natural)."""
    facts = {
        **OUT_OF_ROTATION,
        "whose_turn": "rho",
        "rho_call": "pass",
        "repeated_bid_accepted": False,
        "replacement": "lowest_same_denomination",
        "insufficient_bid_conventional": False,
        "replacement_conventional": False,
        "information_damaged_nos": False,
    }
    result = evaluate(tree, facts)
    assert result.ruling is not None and result.ruling["rule"] == "27B1"
    assert "rho_call" in {step.fact for step in result.path}


def test_t9_28b_rectification_is_forfeited_and_the_information_is_unauthorised(tree: Tree) -> None:
    result = evaluate(tree, {**OUT_OF_ROTATION, "rho_called_before_rectification": True})
    assert result.ruling is not None
    assert "16C2" in result.ruling.laws and "第16条C款2项" in result.ruling.script.zh


def test_t11_a_barred_player_bars_both_members_of_his_side(tree: Tree) -> None:
    """37: both members of the offending side pass for the rest of the auction; no 27 replacement is asked."""
    result = evaluate(tree, {**BARRED, "accepted": False, "in_rotation": True, "replacement": "pass"})
    assert result.ruling is not None and result.ruling["rule"] == "37"
    assert {step.fact for step in result.path} == {
        "inadvertent_corrected_at_once",
        "offender_obliged_to_pass",
        "accepted",
    }
    assert "两名赛员" in result.ruling.script.zh and "Both members" in result.ruling.script.en


def test_t11_the_premature_correction_is_asked_only_when_lho_accepts(tree: Tree) -> None:
    asked = evaluate(tree, {**ORDINARY, "accepted": True})
    assert asked.question is not None and asked.question.fact == "corrected_before_lho_chose"
    refused = evaluate(tree, {**NOT_ACCEPTED, "replacement": "pass"})
    assert "corrected_before_lho_chose" not in {step.fact for step in refused.path}


def test_law_26_lead_penalties_follow_a_withdrawn_call_only(tree: Tree) -> None:
    """Lead penalties come with a cancelled call that is replaced by a different final call (26); the condoned
    calls (35B, 35D), the free ones (25A, 28B) and the one-round bar (31A2(a)) carry none."""
    for leaf in (
        "condoned_35b",
        "condoned_35d",
        "inadvertent_25a",
        "rho_called_28b",
        "rho_acted_same_denomination_31a2a",
    ):
        node = tree.node(leaf)
        assert node is not None and node.outcome_map["lead_penalties"] is False, leaf  # type: ignore[union-attr]
    for leaf in (
        "defender_bid_39b",
        "barred_player_37",
        "accepted_correction_cancelled_27a",
        "partner_or_lho_turn_31b",
    ):
        node = tree.node(leaf)
        assert node is not None and node.outcome_map["lead_penalties"] is True, leaf  # type: ignore[union-attr]
        assert "26A2" in node.laws and "26B" in node.laws  # type: ignore[union-attr]


def test_a_call_after_the_final_pass_is_asked_about_only_out_of_rotation(tree: Tree) -> None:
    """A call after the auction has ended is made at nobody's turn (Law 39): the question comes after the
    out-of-rotation ones, so the walks of an ordinary insufficient bid never meet it."""
    for facts in (
        ACCEPTED,
        {**NOT_ACCEPTED, "replacement": "pass"},
        {**OUT_OF_ROTATION, "rho_called_before_rectification": True},
    ):
        result = evaluate(tree, facts)
        assert result.ruling is not None and "after_final_pass" not in {step.fact for step in result.path}
    asked = evaluate(
        tree, {name: value for name, value in OUT_OF_ROTATION.items() if name != "after_final_pass"}
    )
    assert asked.question is not None and asked.question.fact == "after_final_pass"


def test_a5_the_25b_hand_over_names_the_change_of_call_tree(tree: Tree) -> None:
    """A5, Law 31B (CCBA: a call at LHO's turn after the offender's own call is a change of call) then Law 25B:
    the leaf points at the change-of-call tree, which resolves it, as the call-out-of-rotation hand-overs do."""
    leaf = next(leaf for leaf in tree.leaves if leaf.id == "change_of_call_25b")
    assert leaf.outcome_map["related_tree"] == "change-of-call"
    assert "“更改叫牌”流程" in leaf.script.zh and "change-of-call tree" in leaf.script.en
    assert "goes no further" not in leaf.script.en
