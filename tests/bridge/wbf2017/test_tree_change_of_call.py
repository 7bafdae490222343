"""The 2017 change-of-call tree (Law 25 with 26, 23A, 16B, 16C; laws-facts-2017.md L25, L26, L23): a casebook
reaching every leaf, each case named after the 2017 law it rests on, the tree validated against the 2017 outline,
and the situations the two codes rule differently, both ways."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.trees import Tree, evaluate
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf
from tests.bridge.wbf2017.auction_common import declared, refs_2017, tree_1999, tree_2017

SLUG = "change-of-call"

BEFORE_LHO = {"change_before_lho_called": True}
AFTER_LHO = {"change_before_lho_called": False}
SLIP = {**BEFORE_LHO, "call_unintended": True, "corrected_in_time": True}
INTENDED = {**BEFORE_LHO, "call_unintended": False}
REFUSED = {**INTENDED, "lho_response": "does_not_accept", "first_call_legal": True}
AFTER_LHO_PURPOSEFUL = {**AFTER_LHO, "call_unintended": False}


def outcome(
    rule: str,
    stands: str,
    *,
    lead: bool | None = False,
    restriction: str | None = "none",
    review: bool | None = False,
    other_law: bool = False,
    related: str = "none",
) -> dict[str, Any]:
    if other_law:
        return {
            "rule": rule,
            "call_that_stands": stands,
            "partner_must_pass": None,
            "lead_penalties": None,
            "lead_restriction": None,
            "damaging_pass_check": None,
            "adjusted_score": None,
            "adjustment_review": None,
            "score_ceiling": "none",
            "related_tree": related,
        }
    return {
        "rule": rule,
        "call_that_stands": stands,
        "partner_must_pass": "none",
        "lead_penalties": lead,
        "lead_restriction": restriction,
        "damaging_pass_check": False,
        "adjusted_score": False,
        "adjustment_review": review,
        "score_ceiling": "none",
        "related_tree": related,
    }


FORBID = {"lead": True, "restriction": "forbid_one_suit"}
OUT_OF_ROTATION = {"other_law": True, "related": "call-out-of-rotation"}

CASES = [
    pytest.param(
        "intended_call_stands_25a",
        {**SLIP, "intended_call_legal": True},
        outcome("25A", "intended"),
        id="25A-pulled-pass-meant-1S",
    ),
    pytest.param(
        "intended_call_stands_25a",
        {**AFTER_LHO, "call_unintended": True, "corrected_in_time": True, "intended_call_legal": True},
        outcome("25A", "intended"),
        id="25A-slip-noticed-after-lho-called-lho-may-withdraw",
    ),
    pytest.param(
        "intended_call_illegal_25a",
        {**SLIP, "intended_call_legal": False},
        outcome("25A", "per_other_law", other_law=True),
        id="25A-the-intended-call-is-insufficient",
    ),
    pytest.param(
        "too_late_25a4",
        {**AFTER_LHO, "call_unintended": True, "corrected_in_time": False},
        outcome("25A4", "first", review=True),
        id="25A4-partner-had-already-called",
    ),
    pytest.param(
        "too_late_25a4",
        {**BEFORE_LHO, "call_unintended": True, "corrected_in_time": False},
        outcome("25A4", "first", review=True),
        id="25A4-the-final-pass-noticed-after-the-opening-lead",
    ),
    pytest.param(
        "accepted_25b1",
        {**INTENDED, "lho_response": "accepts", "comparable_call": True},
        outcome("25B1", "substituted"),
        id="25B1-lho-accepts-a-comparable-change",
    ),
    pytest.param(
        "accepted_lead_restriction_25b1",
        {**INTENDED, "lho_response": "accepts", "comparable_call": False},
        outcome("25B1", "substituted", **FORBID),
        id="25B1-lho-accepts-3NT-changed-to-2C-stayman",
    ),
    pytest.param(
        "first_call_stands_25b2",
        {**REFUSED, "comparable_call": True},
        outcome("25B2", "first"),
        id="25B2-refused-the-original-call-stands",
    ),
    pytest.param(
        "first_call_stands_lead_restriction_25b2",
        {**REFUSED, "comparable_call": False},
        outcome("25B2", "first", **FORBID),
        id="25B2-4H-changed-to-3H-refused-4H-stands",
    ),
    pytest.param(
        "first_call_illegal_25b2",
        {**INTENDED, "lho_response": "does_not_accept", "first_call_legal": False},
        outcome("25B2", "per_other_law", other_law=True),
        id="25B2-the-original-call-was-insufficient",
    ),
    pytest.param(
        "pass_at_partners_turn_30b1",
        {**AFTER_LHO_PURPOSEFUL, "changed_to": "pass"},
        outcome("30B1", "first", **OUT_OF_ROTATION),
        id="30B1-opener-wants-to-pass-after-lho-doubled",
    ),
    pytest.param(
        "bid_at_partners_turn_31b",
        {**AFTER_LHO_PURPOSEFUL, "changed_to": "bid"},
        outcome("31B", "first", **OUT_OF_ROTATION),
        id="31B-1H-pass-no-I-meant-1S",
    ),
    pytest.param(
        "double_at_partners_turn_32b",
        {**AFTER_LHO_PURPOSEFUL, "changed_to": "double_or_redouble"},
        outcome("32B", "first", **OUT_OF_ROTATION),
        id="32B-pass-then-lho-bids-then-offender-wants-to-double",
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


def test_25a_asks_about_intent_not_about_a_pause(tree: Tree) -> None:
    fact = tree.fact("call_unintended")
    assert fact is not None and fact.help is not None
    assert "本意" in fact.help.zh and "机械性失误" in fact.help.zh
    assert "intent" in fact.help.en and 'no "without pause for thought" test' in fact.help.en
    assert tree.fact("inadvertent_corrected_at_once") is None


def test_no_leaf_bars_partner_or_caps_the_score(tree: Tree) -> None:
    """2017 Law 25B: no enforced pass for partner and no average-minus ceiling (both 1997 only)."""
    for leaf in tree.leaves:
        assert leaf.outcome_map["partner_must_pass"] in (None, "none"), leaf.id
        assert leaf.outcome_map["score_ceiling"] == "none", leaf.id
    assert tree.fact("offender_choice") is None


def test_the_comparable_call_question_explains_the_three_tests(tree: Tree) -> None:
    fact = tree.fact("comparable_call")
    assert fact is not None and fact.help is not None
    for words in ("含义相同或相近", "子集", "目的相同", "反例"):
        assert words in fact.help.zh
    for words in ("similar meaning", "subset", "same purpose", "Not comparable"):
        assert words in fact.help.en


# --- the codes differ ------------------------------------------------------------------------------------------

TABLE_1999_REFUSED = {
    "change_before_lho_called": True,
    "inadvertent_corrected_at_once": False,
    "lho_response": "does_not_accept",
    "first_call_legal": True,
}


def test_25b2_the_1997_choice_against_the_2017_original_call(tree: Tree, old: Tree) -> None:
    """4♥ changed on purpose to 3♥, LHO refuses. 1997: the offender chooses (4♥ with partner passing once, or
    another call at average minus at best). 2017: 4♥ stands, partner is free, no ceiling."""
    for choice, bar, ceiling in (
        ("first_call_stands", "next_turn", "none"),
        ("other_call", "none", "average_minus"),
    ):
        facts = {
            **TABLE_1999_REFUSED,
            "offender_choice": choice,
            "call_unintended": False,
            "comparable_call": False,
        }
        ruling_1997 = evaluate(old, declared(old, facts)).ruling
        ruling_2017 = evaluate(tree, declared(tree, facts)).ruling
        assert ruling_1997 is not None and ruling_2017 is not None
        assert (ruling_1997["partner_must_pass"], ruling_1997["score_ceiling"]) == (bar, ceiling)
        assert ruling_2017["call_that_stands"] == "first"
        assert (ruling_2017["partner_must_pass"], ruling_2017["score_ceiling"]) == ("none", "none")
        assert ruling_2017["lead_restriction"] == "forbid_one_suit"


def test_a_mis_pull_noticed_after_a_pause_is_25a_only_in_2017(tree: Tree, old: Tree) -> None:
    """Pulled the pass card meaning 1♠, noticed it only a moment later, before partner called: 1997 needs
    'without pause for thought' (so Law 25B); 2017 asks for intent (Law 25A)."""
    facts = {
        **TABLE_1999_REFUSED,
        "offender_choice": "first_call_stands",
        "call_unintended": True,
        "corrected_in_time": True,
        "intended_call_legal": True,
    }
    ruling_1997 = evaluate(old, declared(old, facts)).ruling
    ruling_2017 = evaluate(tree, declared(tree, facts)).ruling
    assert ruling_1997 is not None and ruling_2017 is not None
    assert (ruling_1997["rule"], ruling_1997["call_that_stands"]) == ("25B2", "first")
    assert (ruling_2017["rule"], ruling_2017["call_that_stands"]) == ("25A", "intended")


def test_an_accepted_change_may_bring_a_lead_restriction_only_in_2017(tree: Tree, old: Tree) -> None:
    facts = {
        **TABLE_1999_REFUSED,
        "lho_response": "accepts",
        "call_unintended": False,
        "comparable_call": False,
    }
    ruling_1997 = evaluate(old, declared(old, facts)).ruling
    ruling_2017 = evaluate(tree, declared(tree, facts)).ruling
    assert ruling_1997 is not None and ruling_2017 is not None
    assert ruling_1997["rule"] == ruling_2017["rule"] == "25B1"
    assert ruling_1997["lead_penalties"] is False and ruling_2017["lead_penalties"] is True
    assert "26B" in ruling_2017.laws


def test_a_double_at_partners_turn_is_32a_in_1997_and_32b_in_2017(tree: Tree, old: Tree) -> None:
    facts = {
        "change_before_lho_called": False,
        "inadvertent_corrected_at_once": False,
        "call_unintended": False,
        "changed_to": "double_or_redouble",
    }
    ruling_1997 = evaluate(old, declared(old, facts)).ruling
    ruling_2017 = evaluate(tree, declared(tree, facts)).ruling
    assert ruling_1997 is not None and ruling_2017 is not None
    assert ruling_1997["rule"] == "32A" and ruling_2017["rule"] == "32B"
    assert ruling_1997["related_tree"] == ruling_2017["related_tree"] == "call-out-of-rotation"
