"""The revoke tree's vocabulary v2 against the errata's situations (errata-2026-12.md §C T1–T4, T12, T13): each
test names the situation and the law it rests on; the casebook of every leaf is tests/bridge/test_tree_revoke.py."""

from __future__ import annotations

import pytest

from bridge.scoring import score
from bridge.trees import FactError, Tree, evaluate, load_tree
from tests.bridge.test_tree_revoke import (
    BY_DEFENDER,
    CONTRACT,
    ILLEGAL,
    TREE_PATH,
    TRICK_12,
    TRICK_12_IN_TIME,
)


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH)


def test_t1_a_trick_12_revoke_in_time_asks_whether_the_hands_are_back_in_the_board(tree: Tree) -> None:
    """62D: correction only before the hands are returned to the board; a v1 walk now asks for it."""
    facts = {**TRICK_12, "noticed_after_nos_called_next_deal": False, "noticed_after_round_ended": False}
    asked = evaluate(tree, facts)
    assert asked.question is not None and asked.question.fact == "hands_returned_to_board"
    boarded = evaluate(tree, {**facts, "hands_returned_to_board": True, "revoker": "defender"})
    assert boarded.ruling is not None
    assert (boarded.ruling["rule"], boarded.ruling["must_correct"], boarded.ruling["penalty_card"]) == (
        "64B6",
        False,
        "none",
    )
    assert boarded.ruling["equity_review"] is True


def test_t1_after_the_next_deal_the_hands_question_is_not_asked(tree: Tree) -> None:
    result = evaluate(tree, {**TRICK_12, "noticed_after_nos_called_next_deal": True})
    assert result.ruling is not None and result.ruling["rule"] == "64B6"
    assert "hands_returned_to_board" not in {step.fact for step in result.path}


def test_t2_an_illegal_inquiry_is_asked_only_before_establishment_and_not_for_dummy(tree: Tree) -> None:
    """63B / 43B2(b) concern a revoke not yet established, by a defender or by declarer; dummy's revoke is a
    failure to play a faced card (64B3), so the question would change nothing there."""
    for revoker in ("declarer", "defender"):
        result = evaluate(tree, {"established": False, "revoker": revoker})
        assert result.question is not None and result.question.fact == "attention_drawn_illegally"
    dummy = evaluate(tree, {"established": False, "revoker": "dummy"})
    assert dummy.ruling is not None and dummy.ruling["rule"] == "62"
    established = evaluate(tree, {**BY_DEFENDER, "offender_won_revoke_trick": True})
    assert "attention_drawn_illegally" not in {step.fact for step in established.path}


def test_t2_east_asks_west_no_spades_corrected_and_tricks_transferred_with_the_score(tree: Tree) -> None:
    """63B: West substitutes a spade (his diamond becomes a major penalty card) and Law 64 applies as if
    established. The substituted spade won the trick and E–W won two more: 2 tricks to declarer. 4♠ by N, NS
    vulnerable, 9 tricks as played → 11 → +650."""
    facts = {
        **ILLEGAL,
        "revoker": "defender",
        "offender_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 2,
        **CONTRACT,
        "declarer_tricks": 9,
    }
    result = evaluate(tree, facts)
    assert result.ruling is not None
    ruling = result.ruling
    assert (ruling["rule"], ruling["must_correct"], ruling["penalty_card"], ruling["tricks_transferred"]) == (
        "64A1",
        True,
        "major",
        2,
    )
    assert (ruling["adjusted_declarer_tricks"], ruling["score_ns"]) == (11, 650)
    assert "63B" in ruling.laws and "第63条B款" in ruling.script.zh and "Law 63B" in ruling.script.en


def test_t3_both_sides_revoked_transfers_nothing_and_leaves_the_score_to_equity(tree: Tree) -> None:
    """WBF Laws Committee, 1 Nov 2001: no automatic transfer either way; 64C as though neither had revoked. The
    adjusted score is the Director's equity judgement, so the tree computes none."""
    facts = {
        **BY_DEFENDER,
        "both_sides_revoked": True,
        "offender_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 3,
        **CONTRACT,
        "declarer_tricks": 10,
    }
    result = evaluate(tree, facts)
    assert result.ruling is not None
    assert result.ruling["rule"] == "64C" and result.ruling["tricks_transferred"] == 0
    assert result.ruling["equity_review"] is True
    assert result.ruling["adjusted_declarer_tricks"] is None and result.ruling["score_ns"] is None
    # Asked before any transfer, and only there: the 64B2–B5 exceptions come first.
    asked = evaluate(tree, {k: v for k, v in BY_DEFENDER.items() if k != "both_sides_revoked"})
    assert asked.question is not None and asked.question.fact == "both_sides_revoked"
    repeat = evaluate(tree, {**BY_DEFENDER, "subsequent_revoke_same_suit_same_player": True})
    assert "both_sides_revoked" not in {step.fact for step in repeat.path}


def test_t4_two_revokes_by_the_same_side_both_count_in_the_adjusted_score(tree: Tree) -> None:
    """West revokes in spades (64A1, 2 tricks) and later in hearts (64A2, 1 trick): every established revoke is
    rectified (only 64B2 exempts a repeat in the same suit). 4♠ by N, NS vulnerable, 9 tricks → 12 → +680."""
    hearts = {
        **BY_DEFENDER,
        "offender_won_revoke_trick": False,
        "offending_side_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 0,
        **CONTRACT,
        "declarer_tricks": 9,
    }
    alone = evaluate(tree, hearts)
    both = evaluate(tree, {**hearts, "other_tricks_transferred": 2})
    assert alone.ruling is not None and both.ruling is not None
    assert (alone.ruling["adjusted_declarer_tricks"], alone.ruling["score_ns"]) == (10, 620)
    assert both.ruling["tricks_transferred"] == 1
    assert (both.ruling["adjusted_declarer_tricks"], both.ruling["score_ns"]) == (12, 680)
    assert score("4S", "N", "NS", 12).score_ns == 680


def test_t4_a_repeat_revoke_scores_the_first_revokes_transfer(tree: Tree) -> None:
    """64B2: the repeat transfers nothing, but the adjusted result still holds the first revoke's transfer."""
    facts = {**BY_DEFENDER, "subsequent_revoke_same_suit_same_player": True, **CONTRACT, "declarer_tricks": 9}
    result = evaluate(tree, {**facts, "other_tricks_transferred": 2})
    assert result.ruling is not None
    assert (result.ruling["tricks_transferred"], result.ruling["adjusted_declarer_tricks"]) == (0, 11)


def test_t4_other_tricks_need_the_side_and_cannot_exceed_the_tricks(tree: Tree) -> None:
    too_late = {**TRICK_12, "noticed_after_nos_called_next_deal": True, **CONTRACT, "declarer_tricks": 9}
    unknown_side = evaluate(tree, {**too_late, "other_tricks_transferred": 1})
    assert unknown_side.ruling is not None and unknown_side.ruling["adjusted_declarer_tricks"] is None
    known_side = evaluate(tree, {**too_late, "other_tricks_transferred": 1, "revoking_side": "declaring"})
    assert known_side.ruling is not None and known_side.ruling["adjusted_declarer_tricks"] == 8
    with pytest.raises(FactError) as caught:
        evaluate(
            tree,
            {
                **BY_DEFENDER,
                "offender_won_revoke_trick": True,
                "offending_side_tricks_after_revoke_trick": 0,
                "declarer_tricks": 12,
                "other_tricks_transferred": 1,
            },
        )
    assert caught.value.fact == "declarer_tricks"
    with pytest.raises(FactError) as caught:
        evaluate(tree, {**too_late, "other_tricks_transferred": 14})
    assert caught.value.fact == "other_tricks_transferred"


def test_t13_a_revoke_card_that_was_a_penalty_card_stays_one(tree: Tree) -> None:
    """62B: the card goes back without further penalty but remains a penalty card."""
    for facts in (
        {"established": False, "revoker": "defender", "attention_drawn_illegally": False},
        {**TRICK_12_IN_TIME, "revoker": "defender"},
    ):
        result = evaluate(tree, facts)
        assert result.ruling is not None
        assert "仍是罚张" in result.ruling.script.zh
        assert "stays one" in result.ruling.script.en or "still a penalty card" in result.ruling.script.en
        assert "simply replaced" not in result.ruling.script.en


def test_62c2_the_offending_side_may_change_its_card_after_the_non_offenders(tree: Tree) -> None:
    """62C: after the non-offending side withdraws a card, the offending side (dummy included) may change too."""
    for facts in (
        {"established": False, "revoker": "declarer", "attention_drawn_illegally": False},
        {**TRICK_12_IN_TIME, "revoker": "declarer"},
    ):
        result = evaluate(tree, facts)
        assert result.ruling is not None
        assert "62C" in result.ruling.laws
        assert "庄家一方" in result.ruling.script.zh and "declarer's side" in result.ruling.script.en


def test_t12_the_trick_won_by_dummy_cites_the_laws_committee_not_an_unverified_mark(tree: Tree) -> None:
    fact = tree.fact("offender_won_revoke_trick")
    assert fact is not None and fact.help is not None
    assert "2000年1月12日" in fact.help.zh and "12 January 2000" in fact.help.en
    assert "待核实" not in fact.help.zh and "unverified" not in fact.help.en.lower()


def test_the_illegal_inquiry_leaves_correct_and_still_transfer_like_law_64(tree: Tree) -> None:
    """Every leaf reached through an illegal inquiry corrects the revoke and reviews equity (63B: Law 64 applies as
    if established); a defender's withdrawn card is a major penalty card, declarer's never is."""
    illegal = [leaf for leaf in tree.leaves if "_illegal_" in leaf.id]
    assert len(illegal) == 13
    for leaf in illegal:
        out = leaf.outcome_map
        assert out["must_correct"] is True and out["equity_review"] is True, leaf.id
        assert out["penalty_card"] == ("major" if leaf.id.startswith("defender") else "none"), leaf.id
