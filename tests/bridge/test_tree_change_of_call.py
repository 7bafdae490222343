"""The change-of-call tree (Law 25, 1997 code; laws-facts.md B-25/26, C-25, D4): a casebook reaching every leaf,
each case named after the law it rests on, and the 1997 choice with its average-minus ceiling."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "change-of-call.yaml"


def outcome(
    rule: str,
    stands: str,
    partner: str | None = "none",
    *,
    lead: bool | None = False,
    restriction: str | None = "none",
    damaging: bool | None = False,
    adjusted: bool | None = False,
    ceiling: str = "none",
    review: bool | None = None,
    related: str = "none",
) -> dict[str, Any]:
    return {
        "rule": rule,
        "call_that_stands": stands,
        "partner_must_pass": partner,
        "lead_penalties": lead,
        "lead_restriction": restriction,
        "damaging_pass_check": damaging,
        "adjusted_score": adjusted,
        "adjustment_review": damaging if review is None else review,
        "score_ceiling": ceiling,
        "related_tree": related,
    }


BEFORE_LHO = {"change_before_lho_called": True}
AFTER_LHO = {"change_before_lho_called": False}
INADVERTENT = {**BEFORE_LHO, "inadvertent_corrected_at_once": True}
PURPOSEFUL = {**BEFORE_LHO, "inadvertent_corrected_at_once": False}
AFTER_LHO_PURPOSEFUL = {**AFTER_LHO, "inadvertent_corrected_at_once": False}
REFUSED = {**PURPOSEFUL, "lho_response": "does_not_accept"}
LEGAL_FIRST = {**REFUSED, "first_call_legal": True}
OTHER_LAW = {"partner": None, "lead": None, "restriction": None, "damaging": None, "adjusted": None}
# After LHO has called, a purposeful "change" is a call out of rotation at partner's turn: the first call stands and
# the call-out-of-rotation tree decides the bars (LHO may still accept it, Law 29A).
OUT_OF_ROTATION = {**OTHER_LAW, "related": "call-out-of-rotation"}
# The first call's own law (27, 29–39) decides the bars; the cancelled second call may bring Law 26.
ILLEGAL_FIRST = outcome(
    "25B2", "per_other_law", None, lead=True, restriction="by_cancelled_call", damaging=None, adjusted=None
)
FIRST_STANDS = outcome(
    "25B2", "first", "next_turn", lead=True, restriction="by_cancelled_call", damaging=True
)
AVERAGE_MINUS = outcome(
    "25B2",
    "other_legal_call",
    lead=True,
    restriction="by_cancelled_call",
    adjusted=True,
    ceiling="average_minus",
)

CASES = [
    pytest.param(
        "intended_call_stands_25a",
        {**AFTER_LHO, "inadvertent_corrected_at_once": True, "intended_call_legal": True},
        outcome("25A", "intended"),
        id="25A-a-slip-is-still-corrected-until-partner-calls-even-after-lho-called",
    ),
    pytest.param(
        "pass_at_partners_turn_30b2",
        {**AFTER_LHO_PURPOSEFUL, "changed_to": "pass"},
        outcome("30B2", "first", **OUT_OF_ROTATION),
        id="30B2-1S-by-opener-then-lho-doubles-then-opener-wants-to-pass-instead",
    ),
    pytest.param(
        "bid_at_partners_turn_31b",
        {**AFTER_LHO_PURPOSEFUL, "changed_to": "bid", "lho_response": "called_over_first_call"},
        outcome("31B", "first", **OUT_OF_ROTATION),
        id="31B-1H-pass-no-I-meant-1S-is-a-bid-at-partners-turn",
    ),
    pytest.param(
        "double_at_partners_turn_32a",
        {**AFTER_LHO_PURPOSEFUL, "changed_to": "double_or_redouble"},
        outcome("32A", "first", **OUT_OF_ROTATION),
        id="32A-pass-then-lho-bids-then-offender-wants-to-double-instead",
    ),
    pytest.param(
        "intended_call_stands_25a",
        {**INADVERTENT, "intended_call_legal": True},
        outcome("25A", "intended"),
        id="25A-pulled-the-pass-card-meant-1H-corrected-at-once",
    ),
    pytest.param(
        "intended_call_stands_25a",
        {**INADVERTENT, "intended_call_legal": True},
        outcome("25A", "intended"),
        id="25A-said-two-diamonds-meant-two-hearts",
    ),
    pytest.param(
        "intended_call_stands_25a",
        {**INADVERTENT, "intended_call_legal": True, "lho_response": "does_not_accept"},
        outcome("25A", "intended"),
        id="25A-lhos-refusal-does-not-matter-for-an-inadvertent-call",
    ),
    pytest.param(
        "intended_call_illegal_25a",
        {**INADVERTENT, "intended_call_legal": False},
        outcome("25A", "per_other_law", **OTHER_LAW),
        id="25A-the-intended-call-is-insufficient-law-27-applies",
    ),
    pytest.param(
        "intended_call_illegal_25a",
        {**INADVERTENT, "intended_call_legal": False, "first_call_legal": True},
        outcome("25A", "per_other_law", **OTHER_LAW),
        id="25A-intended-double-of-partner-is-inadmissible",
    ),
    pytest.param(
        "accepted_25b1",
        {**PURPOSEFUL, "lho_response": "accepts"},
        outcome("25B1", "substituted"),
        id="25B1-lho-accepts-the-change-of-mind",
    ),
    pytest.param(
        "accepted_25b1",
        {**PURPOSEFUL, "lho_response": "accepts", "first_call_legal": True, "offender_choice": "other_call"},
        outcome("25B1", "substituted"),
        id="25B1-acceptance-ends-the-matter-before-any-choice",
    ),
    pytest.param(
        "lho_called_over_first_25b1",
        {**PURPOSEFUL, "lho_response": "called_over_first_call"},
        outcome("25B1", "substituted"),
        id="25B1-lho-had-called-over-the-original-call-and-may-withdraw",
    ),
    pytest.param(
        "first_call_illegal_25b2",
        {**REFUSED, "first_call_legal": False},
        ILLEGAL_FIRST,
        id="25B2-first-call-insufficient-law-27-applies-to-it",
    ),
    pytest.param(
        "first_call_illegal_25b2",
        {**REFUSED, "first_call_legal": False, "offender_choice": "first_call_stands"},
        ILLEGAL_FIRST,
        id="25B2-no-choice-when-the-first-call-was-illegal",
    ),
    pytest.param(
        "first_call_stands_25b2",
        {**LEGAL_FIRST, "offender_choice": "first_call_stands"},
        FIRST_STANDS,
        id="25B2-offender-keeps-1NT-partner-passes-once",
    ),
    pytest.param(
        "first_call_stands_25b2",
        {**LEGAL_FIRST, "offender_choice": "first_call_stands"},
        FIRST_STANDS,
        id="25B2-keeps-his-pass-lead-penalties-follow",
    ),
    pytest.param(
        "other_call_average_minus_25b2",
        {**LEGAL_FIRST, "offender_choice": "other_call"},
        AVERAGE_MINUS,
        id="25B2-offender-bids-again-side-capped-at-average-minus",
    ),
    pytest.param(
        "other_call_average_minus_25b2",
        {**LEGAL_FIRST, "offender_choice": "other_call", "intended_call_legal": True},
        AVERAGE_MINUS,
        id="25B2-the-substituted-call-chosen-again-still-average-minus",
    ),
    pytest.param(
        "other_call_average_minus_25b2",
        {**LEGAL_FIRST, "offender_choice": "other_call"},
        AVERAGE_MINUS,
        id="25B2-partner-free-but-no-use-of-the-cancelled-calls",
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


def test_the_director_first_asks_whether_the_change_came_before_lho_called_then_25a(tree: Tree) -> None:
    result = evaluate(tree, {})
    assert result.question is not None and result.question.fact == "change_before_lho_called"
    result = evaluate(tree, BEFORE_LHO)
    assert result.question is not None and result.question.fact == "inadvertent_corrected_at_once"
    result = evaluate(tree, PURPOSEFUL)
    assert result.question is not None and result.question.fact == "lho_response"


def test_the_1997_choice_is_offered_only_after_lho_refuses_a_legal_first_call(tree: Tree) -> None:
    """Law 25B2(b): the offender's choice exists only if LHO does not accept and the first call was legal."""
    result = evaluate(tree, LEGAL_FIRST)
    assert result.question is not None and result.question.fact == "offender_choice"
    assert [option.value for option in result.question.options] == ["first_call_stands", "other_call"]
    for facts in ({**PURPOSEFUL, "lho_response": "accepts"}, {**REFUSED, "first_call_legal": False}):
        assert "offender_choice" not in {step.fact for step in evaluate(tree, facts).path}


def test_average_minus_is_the_1997_ceiling_for_another_call_only(tree: Tree) -> None:
    """1997 Law 25B2(b)(2) (gone in 2007): another legal call caps the offending side at average minus (12C1),
    and the CCBA note keeps the non-offending side's table result."""
    ceilings = {leaf.id: leaf.outcome_map["score_ceiling"] for leaf in tree.leaves}
    assert {leaf for leaf, value in ceilings.items() if value == "average_minus"} == {
        "other_call_average_minus_25b2"
    }
    leaf = next(leaf for leaf in tree.leaves if leaf.id == "other_call_average_minus_25b2")
    assert (
        "12C1" in leaf.laws
        and "平均分减" in leaf.script.zh
        and "非违规方保留本桌的实际结果" in leaf.script.zh
    )
    assert "average minus" in leaf.script.en and "keeps its table result" in leaf.script.en


def test_either_choice_brings_law_26_on_partner(tree: Tree) -> None:
    """Law 25B2(c): whichever the offender chooses, his partner is subject to Law 26 if he defends."""
    for choice in ("first_call_stands", "other_call"):
        ruling = evaluate(tree, {**LEGAL_FIRST, "offender_choice": choice}).ruling
        assert ruling is not None and ruling["lead_penalties"] is True and "26" in ruling.laws


def test_every_refusal_script_recalls_lhos_option_to_accept(tree: Tree) -> None:
    for leaf_id in ("first_call_illegal_25b2", "first_call_stands_25b2", "other_call_average_minus_25b2"):
        leaf = next(leaf for leaf in tree.leaves if leaf.id == leaf_id)
        assert "可以接受改叫" in leaf.script.zh and "could accept the change" in leaf.script.en


def test_a1_a_change_of_mind_after_lho_called_is_not_25b_but_a_call_at_partners_turn(tree: Tree) -> None:
    """Law 25B (CCBA 第25条B款 "在下家叫牌之前"): a purposeful change is possible only until LHO calls. The club case
    "1♥ – (pass) – 'no, I meant 1♠'" used to fit the option "LHO had already called" and get 25B1 with no
    rectification; it is a bid at partner's turn (Law 31B), the first call standing, handed to the
    call-out-of-rotation tree."""
    facts = {**AFTER_LHO_PURPOSEFUL, "lho_response": "called_over_first_call", "changed_to": "bid"}
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None
    assert ruling["rule"] == "31B" and ruling["call_that_stands"] == "first"
    assert ruling["related_tree"] == "call-out-of-rotation"
    assert "lho_response" not in {step.fact for step in evaluate(tree, facts).path}
    # The old walk, without the new fact, is asked it rather than given 25B1.
    old = evaluate(tree, {"inadvertent_corrected_at_once": False, "lho_response": "called_over_first_call"})
    assert old.status == "question" and old.question is not None
    assert old.question.fact == "change_before_lho_called"


def test_a1_the_25b1_proviso_reads_as_lho_calling_after_the_change_unnoticed(tree: Tree) -> None:
    option = next(o for o in tree.fact("lho_response").options if o.value == "called_over_first_call")
    assert "after the change without noticing it" in option.label.en
    assert "在更改之后叫了牌" in option.label.zh and "没有注意到更改" in option.label.zh
