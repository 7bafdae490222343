"""The 2017 misinformation tree (Laws 20F, 21, 40, 47E2, 75 and 12 of the WBF 2017 Laws; laws-facts-2017.md L12,
L20, L21, L40, L47, L75): every leaf, each case naming the 2017 law it rests on; the tree validates against the 2017
outline; and the same table facts ruled under both codes give what each code requires."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_2017 = ROOT / "fixtures" / "trees" / "wbf-2017" / "misinformation.yaml"
TREE_1999 = ROOT / "fixtures" / "trees" / "misinformation.yaml"
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"

WRONG = {"agreement_evidence": "explanation_wrong"}
PRESUMED = {"agreement_evidence": "no_evidence"}


def outcome(
    rule: str,
    infraction: bool,
    action: str,
    adjustment: str,
    *,
    review: bool | None = None,
    penalty: bool | None = None,
    error: bool | None = None,
) -> dict[str, Any]:
    adjusted = {"none": False, "review_after_play": None}.get(adjustment, True)
    return {
        "rule": rule,
        "infraction": infraction,
        "table_action": action,
        "adjusted_score": adjusted,
        "adjustment": adjustment,
        "adjustment_review": (adjustment == "review_after_play") if review is None else review,
        "procedural_penalty_option": penalty,
        "director_error_adjustment": error,
    }


CASES = [
    # Law 75C: the explanation was the agreement, the call was wrong — no infraction, the result stands.
    pytest.param(
        "mistaken_call",
        {"agreement_evidence": "call_wrong", "implicit_agreement": False},
        outcome("75C", False, "continue_play", "none"),
        id="75C-mistaken-call-no-infraction",
    ),
    # Law 21A: the player's own misunderstanding — no rectification or redress.
    pytest.param(
        "own_misunderstanding",
        {"agreement_evidence": "own_misunderstanding"},
        outcome("21A", False, "continue_play", "none"),
        id="21A-own-misunderstanding",
    ),
    # Law 21B1(b): presumed mistaken explanation; no call since — correct and continue.
    pytest.param(
        "corrected_no_call_since",
        {**PRESUMED, "stage": "during_auction", "change_possible": "no_call_since"},
        outcome("21B", True, "correct_and_continue", "review_after_play"),
        id="21B1b-presumed-explanation-no-call-since",
    ),
    # Law 21B1(a): could well have been influenced, partner has not called — he changes; 21B2 LHO, 16C.
    pytest.param(
        "change_call_21b",
        {
            **WRONG,
            "stage": "before_opening_lead",
            "change_possible": "may_change",
            "change_chosen": "changes_call",
        },
        outcome("21B", True, "change_call", "review_after_play", error=True),
        id="21B1a-21B2-change-of-call-before-the-opening-lead",
    ),
    pytest.param(
        "keeps_call",
        {**WRONG, "stage": "during_auction", "change_possible": "may_change", "change_chosen": "keeps_call"},
        outcome("21B", True, "correct_and_continue", "review_after_play", error=True),
        id="21B1a-keeps-his-call",
    ),
    # Law 21B3: partner has called since — too late; adjust after play if the offenders gained.
    pytest.param(
        "call_stands",
        {**WRONG, "stage": "during_auction", "change_possible": "partner_called"},
        outcome("21B", True, "correct_and_continue", "review_after_play", error=True),
        id="21B3-too-late-to-change",
    ),
    # Law 75B2/75B3: corrected during the play, no card affected.
    pytest.param(
        "play_corrected",
        {**WRONG, "stage": "during_play", "play_affected": "no_card_affected"},
        outcome("75B", True, "correct_and_continue", "review_after_play"),
        id="75B2-corrected-during-play",
    ),
    # Law 47E2(a): no card played since — the card may be retracted.
    pytest.param(
        "withdraw_play_47e2",
        {**PRESUMED, "stage": "during_play", "play_affected": "can_withdraw"},
        outcome("47E2", True, "withdraw_play", "review_after_play"),
        id="47E2a-retract-the-card",
    ),
    # Law 47E2(b): too late to retract — the Director may adjust.
    pytest.param(
        "play_too_late",
        {**WRONG, "stage": "during_play", "play_affected": "too_late"},
        outcome("47E2", True, "correct_and_continue", "review_after_play"),
        id="47E2b-too-late-to-retract",
    ),
    # Law 75B1 + 12B1: an infraction without damage.
    pytest.param(
        "no_damage",
        {**WRONG, "stage": "end_of_play", "damaged": False},
        outcome("75B", True, "none", "none"),
        id="75B1-12B1-no-damage",
    ),
    # Law 75B1 + 12C1: the probable outcome, weighted by the Director if he wishes (12C1(c)).
    pytest.param(
        "assigned",
        {**PRESUMED, "stage": "end_of_play", "damaged": True, "nos_irrational": False},
        outcome("75B", True, "none", "assigned"),
        id="75B1-12C1c-assigned-weighted",
    ),
    # Law 12C1(e): extremely serious error or gambling action — the self-inflicted part is not redressed.
    pytest.param(
        "assigned_offending_side",
        {**WRONG, "stage": "end_of_play", "damaged": True, "nos_irrational": True},
        outcome("75B", True, "none", "assigned_offending_side"),
        id="12C1e-self-inflicted",
    ),
    # Law 40A3/40C1: repeated deviations are implicit understandings that must be disclosed.
    pytest.param(
        "implicit_assigned",
        {"agreement_evidence": "call_wrong", "implicit_agreement": True, "damaged": True},
        outcome("40C", True, "none", "assigned", penalty=True),
        id="40C1-75B1-fielded-misbid-assigned",
    ),
    pytest.param(
        "implicit_no_damage",
        {"agreement_evidence": "call_wrong", "implicit_agreement": True, "damaged": False},
        outcome("40C", True, "none", "none", penalty=True),
        id="40C1-no-damage",
    ),
]


@pytest.fixture(scope="module")
def refs_2017() -> frozenset[str]:
    return frozenset(load_outline(OUTLINE_2017).all_refs())


@pytest.fixture(scope="module")
def tree(refs_2017: frozenset[str]) -> Tree:
    return load_tree(TREE_2017, refs_2017)


@pytest.fixture(scope="module")
def tree_1999() -> Tree:
    return load_tree(TREE_1999)


def _ruling(tree: Tree, facts: dict[str, object]) -> Any:
    """The ruling for the same table facts, given only the facts this code's tree asks about."""
    result = evaluate(tree, {name: value for name, value in facts.items() if name in tree.facts_by_name})
    assert result.status == "ruling", result
    assert result.ruling is not None
    return result.ruling


def _help(tree: Tree, fact: str, lang: str) -> str:
    return str(getattr(tree.facts_by_name[fact].help, lang))


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_tree_is_the_2017_edition_and_cites_only_2017_refs(tree: Tree, refs_2017: frozenset[str]) -> None:
    assert tree.edition == "wbf-2017" and tree.slug == "misinformation"
    cited = {ref for leaf in tree.leaves for ref in leaf.laws} | {
        ref for fact in tree.facts for ref in fact.laws
    }
    assert cited <= refs_2017
    assert not cited & {"12C2", "12C3", "75D1", "17E", "40B"}


# --- the codes differ --------------------------------------------------------------------------------------------


def test_a_mistaken_call_is_75c_in_2017_and_75d_in_1997(tree: Tree, tree_1999: Tree) -> None:
    facts = {"agreement_evidence": "call_wrong", "implicit_agreement": False}
    assert _ruling(tree_1999, facts).outcome["rule"] == "75D"
    new = _ruling(tree, facts)
    assert new.outcome["rule"] == "75C" and new.outcome["adjustment"] == "none"
    assert (
        "regardless of damage" in new.script.en
        or "whether or not the opponents were damaged" in new.script.en
    )


def test_the_presumption_is_21b1b_in_2017_and_75d_in_1997(tree: Tree, tree_1999: Tree) -> None:
    facts = {**PRESUMED, "stage": "during_auction", "change_possible": "no_call_since"}
    assert "Law 75D" in _ruling(tree_1999, facts).script.en
    assert "Law 21B1(b)" in _ruling(tree, facts).script.en


def test_the_change_of_call_test_is_could_well_have_been_influenced_in_2017(
    tree: Tree, tree_1999: Tree
) -> None:
    assert "probable" in _help(tree_1999, "change_possible", "en")
    new = _help(tree, "change_possible", "en")
    assert "could well have been influenced" in new and "21B1(a)" in new


def test_the_explainer_corrects_before_the_opening_lead_in_2017_at_once_in_1997(
    tree: Tree, tree_1999: Tree
) -> None:
    assert "at once" in _help(tree_1999, "stage", "en")
    new = _help(tree, "stage", "en")
    assert "before the opening lead is faced" in new and "need not" in new and "75B2" in new


def test_the_assigned_score_is_the_probable_outcome_weighted_by_the_director(
    tree: Tree, tree_1999: Tree
) -> None:
    facts = {**WRONG, "stage": "end_of_play", "damaged": True, "nos_irrational": False}
    old, new = _ruling(tree_1999, facts), _ruling(tree, facts)
    assert old.outcome["adjustment"] == new.outcome["adjustment"] == "assigned"
    assert old.outcome["rule"] == "40C" and new.outcome["rule"] == "75B"
    assert "12C3" in old.laws and "12C1" in new.laws and "12C3" not in new.laws
    assert "probable outcome" in new.script.en and "12C1(c)" in new.script.en
    assert "加权" in new.script.zh
    assert "most unfavourable" not in new.script.en


def test_an_undisclosed_understanding_rests_on_40c1_and_75b1_not_40b(tree: Tree, tree_1999: Tree) -> None:
    facts = {"agreement_evidence": "call_wrong", "implicit_agreement": True, "damaged": True}
    assert _ruling(tree_1999, facts).outcome["rule"] == "40B"
    new = _ruling(tree, facts)
    assert new.outcome["rule"] == "40C" and {"40C1", "75B1", "12C1"} <= set(new.laws)


def test_self_inflicted_damage_is_the_2017_law(tree: Tree, tree_1999: Tree) -> None:
    assert "Code of Practice" in _help(tree_1999, "nos_irrational", "en")
    new = _help(tree, "nos_irrational", "en")
    assert "extremely serious error" in new and "12C1(e)" in new and "unverified" in new


def test_the_texts_speak_of_the_2017_laws(tree: Tree) -> None:
    assert "2017" in str(tree.description.zh) and "2017" in str(tree.description.en)
    for leaf in tree.leaves:
        for text in (leaf.script.zh, leaf.script.en):
            assert "1999" not in text and "CCBA" not in text and "Law 40B" not in text and "17E" not in text


def test_the_regulating_authority_option_for_the_old_standard_is_marked_unverified(tree: Tree) -> None:
    """laws-facts-2017.md Part D, A19: whether an authority may still elect likely / at all probable is [17?]."""
    assert "待核实" in _help(tree, "damaged", "zh") and "规程" in _help(tree, "damaged", "zh")
    assert "unverified" in _help(tree, "damaged", "en") and "regulations" in _help(tree, "damaged", "en")
