"""The misinformation tree (Laws 20F, 21, 40C, 47E2, 75, 1997 code; laws-facts.md B-72–76, B-12): every leaf,
each case citing the law it rests on, and the 1997 specifics (the presumption of mistaken explanation, the change
of call until the end of the auction period, the explainer's partner's timing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import FactError, Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "misinformation.yaml"

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
    adjusted = {"none": False, "review_after_play": None}.get(
        adjustment, True
    )  # docs/design.md §4's adjusted_score
    return {
        "rule": rule,
        "infraction": infraction,
        "table_action": action,
        "adjusted_score": adjusted,
        "adjustment": adjustment,
        # The shared convention: "the Director considers an adjustment if …" is its own field (issue 27).
        "adjustment_review": (adjustment == "review_after_play") if review is None else review,
        "procedural_penalty_option": penalty,
        "director_error_adjustment": error,
    }


CASES = [
    # Law 75D: a mistaken call is no infraction (the opponents had the agreement; 75B: no redress).
    pytest.param(
        "mistaken_call",
        {"agreement_evidence": "call_wrong", "implicit_agreement": False},
        outcome("75D", False, "continue_play", "none"),
        id="75D-mistaken-call",
    ),
    # Law 21B: nothing to change yet — correct and carry on.
    pytest.param(
        "corrected_no_call_since",
        {**WRONG, "stage": "during_auction", "change_possible": "no_call_since"},
        outcome("21B", True, "correct_and_continue", "review_after_play"),
        id="21B-no-call-since",
    ),
    # Law 21B: the change of call, with LHO's consequent right; 16C for the withdrawn calls.
    pytest.param(
        "change_call_21b",
        {
            **WRONG,
            "stage": "during_auction",
            "change_possible": "may_change",
            "change_chosen": "changes_call",
        },
        outcome("21B", True, "change_call", "review_after_play", error=True),
        id="21B-change-during-auction",
    ),
    # Law 21B + 17E: after the final pass, before the opening lead is faced, still in the auction period.
    pytest.param(
        "change_call_21b",
        {
            **PRESUMED,
            "stage": "before_opening_lead",
            "change_possible": "may_change",
            "change_chosen": "changes_call",
        },
        outcome("21B", True, "change_call", "review_after_play", error=True),
        id="21B-change-before-the-opening-lead-presumed-mi",
    ),
    pytest.param(
        "keeps_call",
        {**WRONG, "stage": "during_auction", "change_possible": "may_change", "change_chosen": "keeps_call"},
        outcome("21B", True, "correct_and_continue", "review_after_play", error=True),
        id="21B-keeps-call",
    ),
    # Law 21B: too late (partner has called since) — adjusted score after play (40C).
    pytest.param(
        "call_stands",
        {**WRONG, "stage": "before_opening_lead", "change_possible": "partner_called"},
        outcome("21B", True, "correct_and_continue", "review_after_play", error=True),
        id="21B-partner-called-since",
    ),
    pytest.param(
        "call_stands",
        {**WRONG, "stage": "during_auction", "change_possible": "not_influenced"},
        outcome("21B", True, "correct_and_continue", "review_after_play", error=True),
        id="21B-call-not-influenced",
    ),
    # Law 75D: corrected during the play, nothing played on it yet.
    pytest.param(
        "play_corrected",
        {**WRONG, "stage": "during_play", "play_affected": "no_card_affected"},
        outcome("75D", True, "correct_and_continue", "review_after_play"),
        id="75D-corrected-during-play",
    ),
    # Law 47E2: a card played on the mistaken explanation may be withdrawn while no one has played after it.
    pytest.param(
        "withdraw_play_47e2",
        {**WRONG, "stage": "during_play", "play_affected": "can_withdraw"},
        outcome("47E2", True, "withdraw_play", "review_after_play"),
        id="47E2-withdraw",
    ),
    pytest.param(
        "play_too_late",
        {**WRONG, "stage": "during_play", "play_affected": "too_late"},
        outcome("47E2", True, "correct_and_continue", "review_after_play"),
        id="47E2-too-late",
    ),
    # Law 40C/21B after play: damage judged.
    pytest.param(
        "no_damage",
        {**WRONG, "stage": "end_of_play", "damaged": False},
        outcome("40C", True, "none", "none"),
        id="40C-no-damage",
    ),
    pytest.param(
        "assigned",
        {**PRESUMED, "stage": "end_of_play", "damaged": True, "nos_irrational": False},
        outcome("40C", True, "none", "assigned"),
        id="40C-12C2-assigned",
    ),
    pytest.param(
        "assigned_offending_side",
        {**WRONG, "stage": "end_of_play", "damaged": True, "nos_irrational": True},
        outcome("40C", True, "none", "assigned_offending_side"),
        id="40C-nos-wild-or-gambling",
    ),
    # J3 — Law 21A: a correct, complete explanation the player misunderstood: no infraction, no recourse.
    pytest.param(
        "own_misunderstanding",
        {"agreement_evidence": "own_misunderstanding"},
        outcome("21A", False, "continue_play", "none"),
        id="21A-own-misunderstanding",
    ),
    # J4 — Laws 40B, 75B: partner fielded the psychic or misbid — an undisclosed understanding; 40C/12C2 for the
    # damage, and a procedural penalty open (Law 90).
    pytest.param(
        "implicit_assigned",
        {"agreement_evidence": "call_wrong", "implicit_agreement": True, "damaged": True},
        outcome("40B", True, "none", "assigned", penalty=True),
        id="40B-75B-fielded-psychic-assigned",
    ),
    pytest.param(
        "implicit_no_damage",
        {"agreement_evidence": "call_wrong", "implicit_agreement": True, "damaged": False},
        outcome("40B", True, "none", "none", penalty=True),
        id="40B-75B-no-damage",
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


def test_the_tree_is_a_judgement_tree_with_director_keywords(tree: Tree) -> None:
    assert tree.group == "judgement"
    for word in ("错误信息", "解释错误", "未提醒", "misinformation", "MI", "alert"):
        assert word in tree.keywords


def test_no_evidence_is_presumed_a_mistaken_explanation(tree: Tree) -> None:
    """Law 75D: absent evidence to the contrary, the Director presumes mistaken explanation — the same rulings."""
    for stage_facts in (
        {"stage": "end_of_play", "damaged": True, "nos_irrational": False},
        {"stage": "during_play", "play_affected": "can_withdraw"},
    ):
        presumed = evaluate(tree, {**PRESUMED, **stage_facts}).ruling
        found = evaluate(tree, {**WRONG, **stage_facts}).ruling
        assert presumed is not None and found is not None
        assert presumed.leaf == found.leaf and presumed["infraction"] is True
    help_text = tree.fact("agreement_evidence").help  # type: ignore[union-attr]
    assert "presumes mistaken explanation" in help_text.en and "推定为错误解释" in help_text.zh


def test_the_explainer_s_partner_timing_is_stated_for_declarer_dummy_and_defender(tree: Tree) -> None:
    """Law 75D: silent in the auction; declarer or dummy corrects after the final pass, a defender after play."""
    help_text = tree.fact("stage").help  # type: ignore[union-attr]
    assert "declarer or dummy" in help_text.en and "after the final pass" in help_text.en
    assert "after the play ends" in help_text.en
    assert "庄家或明手" in help_text.zh and "成为防家" in help_text.zh and "打牌结束后" in help_text.zh


def test_a_change_of_call_is_possible_until_the_opening_lead(tree: Tree) -> None:
    """Law 21B (1997): until the end of the auction period (17E: the opening lead faced)."""
    for stage in ("during_auction", "before_opening_lead"):
        result = evaluate(tree, {**WRONG, "stage": stage})
        assert result.question is not None and result.question.fact == "change_possible"
    assert evaluate(tree, {**WRONG, "stage": "during_play"}).question.fact == "play_affected"  # type: ignore[union-attr]
    script = tree.node("change_call_21b").script  # type: ignore[union-attr]
    assert "left-hand opponent may then change" in script.en and "下家可以随之更改" in script.zh


def test_a_mistaken_call_warns_of_the_unauthorised_information_it_creates(tree: Tree) -> None:
    node = tree.node("mistaken_call")
    assert "16A" in node.laws  # type: ignore[union-attr]
    assert "unauthorised information" in node.script.en  # type: ignore[union-attr]


def test_assigned_leaves_state_the_1997_rule(tree: Tree) -> None:
    node = tree.node("assigned")
    script = node.script  # type: ignore[union-attr]
    assert {"12C2", "12C3", "40C"} <= set(node.laws)  # type: ignore[union-attr]
    assert (
        "most favourable" in script.en
        and "most unfavourable" in script.en
        and "need not balance" in script.en
    )
    assert "Only an appeals committee" in script.en


def test_a_wrong_fact_value_names_the_fact(tree: Tree) -> None:
    with pytest.raises(FactError) as caught:
        evaluate(tree, {**WRONG, "stage": "during_auction", "change_possible": "maybe"})
    assert caught.value.field == "change_possible"


def test_j2_the_english_21b_test_is_the_1997_wording(tree: Tree) -> None:
    """1997 Law 21B1: "when it is probable that he made the call as a result of misinformation" — not 2007's
    "could well have been influenced"."""
    texts = [tree.fact("change_possible").help.en]  # type: ignore[union-attr]
    texts += [o.label.en for o in tree.fact("change_possible").options]  # type: ignore[union-attr]
    texts.append(tree.node("change_call_21b").script.en)  # type: ignore[union-attr]
    assert not any("could well have been influenced" in text for text in texts)
    assert "probable that he made the call as a result of misinformation" in texts[0]
    assert "probable that he made the call as a result of the misinformation" in " ".join(texts[1:])


def test_j4_a_mistaken_call_now_asks_whether_partner_fielded_it(tree: Tree) -> None:
    """Laws 40B, 75B: the old walk (call_wrong alone) is asked the new fact, never ruled silently."""
    result = evaluate(tree, {"agreement_evidence": "call_wrong"})
    assert result.status == "question" and result.question is not None
    assert result.question.fact == "implicit_agreement"
