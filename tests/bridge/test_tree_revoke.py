"""The revoke tree (Laws 61–64 with 62D and 43B2(b), 1997 code; laws-facts.md B-61–64): a casebook with every
leaf, each case citing the law it rests on (its id), the errata's situations (errata-2026-12.md §C T1–T4, T12,
T13), the 1997 second trick, and the adjusted score computed through the scoring engine."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from bridge.revoke import tricks_transferred
from bridge.scoring import score
from bridge.trees import FactError, Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "revoke.yaml"

# Established, not on trick 12, none of the 64B2–B5 exceptions: the facts leading to the 64A/64B1 questions.
PLAIN = {
    "established": True,
    "on_trick_12": False,
    "subsequent_revoke_same_suit_same_player": False,
    "failure_to_play_faced_card": False,
    "noticed_after_nos_called_next_deal": False,
    "noticed_after_round_ended": False,
    "both_sides_revoked": False,
}
BY_DEFENDER = {**PLAIN, "revoker": "defender"}
TRICK_12 = {"established": True, "on_trick_12": True}
TRICK_12_IN_TIME = {
    **TRICK_12,
    "noticed_after_nos_called_next_deal": False,
    "noticed_after_round_ended": False,
    "hands_returned_to_board": False,
}
# Not established, attention drawn illegally (63B, 43B2(b)), not on trick 12, no 64B exception: the 64A questions.
ILLEGAL = {
    "established": False,
    "attention_drawn_illegally": True,
    "on_trick_12": False,
    "subsequent_revoke_same_suit_same_player": False,
    "failure_to_play_faced_card": False,
    "both_sides_revoked": False,
}


def outcome(
    rule: str,
    *,
    must_correct: bool = False,
    penalty_card: str = "none",
    transferred: int = 0,
    equity: bool = True,
    adjusted: int | None = None,
    score_ns: int | None = None,
) -> dict[str, Any]:
    """The ruling's outcome fields; with no contract facts given, the adjusted result is null."""
    return {
        "rule": rule,
        "must_correct": must_correct,
        "penalty_card": penalty_card,
        "tricks_transferred": transferred,
        "equity_review": equity,
        "adjusted_declarer_tricks": adjusted,
        "score_ns": score_ns,
    }


NOT_ESTABLISHED = {"must_correct": True, "equity": False}

CASES = [
    pytest.param(
        "not_established_62",
        {"established": False, "revoker": "declarer", "attention_drawn_illegally": False},
        outcome("62", **NOT_ESTABLISHED),
        id="62-declarer-corrects-without-penalty",
    ),
    pytest.param(
        "not_established_62",
        {"established": False, "revoker": "dummy"},
        outcome("62", **NOT_ESTABLISHED),
        id="62-dummy-corrects-without-penalty",
    ),
    pytest.param(
        "not_established_defender_62",
        {
            "established": False,
            "revoker": "defender",
            "attention_drawn_illegally": False,
            "on_trick_12": True,
        },
        outcome("62", penalty_card="major", **NOT_ESTABLISHED),
        id="62-defender-card-becomes-major-penalty-card",
    ),
    pytest.param(
        "trick12_62d",
        {**TRICK_12_IN_TIME, "revoker": "declarer"},
        outcome("62D", must_correct=True),
        id="62D-trick-12-declarer-corrects",
    ),
    pytest.param(
        "trick12_62d",
        {**TRICK_12_IN_TIME, "revoker": "dummy"},
        outcome("62D", must_correct=True),
        id="62D-trick-12-dummy-corrects",
    ),
    pytest.param(
        "trick12_defender_62d",
        {**TRICK_12_IN_TIME, "revoker": "defender"},
        outcome("62D", must_correct=True, penalty_card="major"),
        id="62D-trick-12-defender-corrects",
    ),
    pytest.param(
        "trick12_too_late_64b6",
        {**TRICK_12, "noticed_after_nos_called_next_deal": True},
        outcome("64B6"),
        id="64B6-trick-12-found-after-next-deal",
    ),
    pytest.param(
        "trick12_too_late_64b6",
        {**TRICK_12, "noticed_after_nos_called_next_deal": False, "noticed_after_round_ended": True},
        outcome("64B6"),
        id="64B6-trick-12-found-after-the-round",
    ),
    pytest.param(
        "repeat_revoke_64b2",
        {**BY_DEFENDER, "subsequent_revoke_same_suit_same_player": True},
        outcome("64B2"),
        id="64B2-subsequent-revoke-same-suit",
    ),
    pytest.param(
        "faced_card_64b3",
        {**PLAIN, "revoker": "dummy"},
        outcome("64B3"),
        id="64B3-dummy-revoked",
    ),
    pytest.param(
        "faced_card_64b3",
        {**BY_DEFENDER, "failure_to_play_faced_card": True},
        outcome("64B3"),
        id="64B3-defender-failed-to-play-penalty-card",
    ),
    pytest.param(
        "next_deal_64b4",
        {**BY_DEFENDER, "noticed_after_nos_called_next_deal": True},
        outcome("64B4"),
        id="64B4-found-after-nos-called-next-deal",
    ),
    pytest.param(
        "round_ended_64b5",
        {**BY_DEFENDER, "noticed_after_round_ended": True},
        outcome("64B5"),
        id="64B5-found-after-the-round-ended",
    ),
    pytest.param(
        "no_trick_won_64b1",
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64B1"),
        id="64B1-offending-side-won-no-trick-from-the-revoke-on",
    ),
    pytest.param(
        "offender_won_64a1",
        {**BY_DEFENDER, "offender_won_revoke_trick": True, "offending_side_tricks_after_revoke_trick": 0},
        outcome("64A1", transferred=1),
        id="64A1-revoke-trick-only",
    ),
    pytest.param(
        "offender_won_64a1",
        {**BY_DEFENDER, "offender_won_revoke_trick": True, "offending_side_tricks_after_revoke_trick": 3},
        outcome("64A1", transferred=2),
        id="64A1-revoke-trick-and-a-later-trick",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64A2", transferred=1),
        id="64A2-partner-won-the-revoke-trick",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 2,
            "offender_later_won_with_card_playable_to_revoke_trick": False,
        },
        outcome("64A2", transferred=1),
        id="64A2-one-trick-without-the-playable-card",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 1,
            "offender_later_won_with_card_playable_to_revoke_trick": True,
        },
        outcome("64A2", transferred=2),
        id="64A2-1997-second-trick-partner-won-revoke-trick",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 1,
        },
        outcome("64A2", transferred=1),
        id="64A2-one-later-trick-cannot-give-a-second",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 2,
            "offender_later_won_with_card_playable_to_revoke_trick": True,
        },
        outcome("64A2", transferred=2),
        id="64A2-1997-second-trick-two-later-tricks",
    ),
    pytest.param(
        "trick12_too_late_64b6",
        {**TRICK_12_IN_TIME, "hands_returned_to_board": True},
        outcome("64B6"),
        id="64B6-62D-T1-trick-12-found-when-the-hands-were-back-in-the-board",
    ),
    pytest.param(
        "both_sides_64c",
        {**BY_DEFENDER, "both_sides_revoked": True},
        outcome("64C", adjusted=None),
        id="64C-WBFLC-2001-T3-defender-ruffs-declarer-overruffs-both-revoked",
    ),
    pytest.param(
        "declarer_illegal_64b6",
        {**ILLEGAL, "revoker": "declarer", "on_trick_12": True},
        outcome("64B6", must_correct=True),
        id="43B2b-64B6-dummy-asks-illegally-on-trick-12-no-transfer",
    ),
    pytest.param(
        "declarer_illegal_64b2",
        {**ILLEGAL, "revoker": "declarer", "subsequent_revoke_same_suit_same_player": True},
        outcome("64B2", must_correct=True),
        id="43B2b-64B2-dummy-asks-illegally-about-a-repeat-revoke",
    ),
    pytest.param(
        "declarer_illegal_64c",
        {**ILLEGAL, "revoker": "declarer", "both_sides_revoked": True},
        outcome("64C", must_correct=True, adjusted=None),
        id="43B2b-64C-dummy-asks-illegally-both-sides-revoked",
    ),
    pytest.param(
        "declarer_illegal_64a1",
        {
            **ILLEGAL,
            "revoker": "declarer",
            "offender_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 4,
        },
        outcome("64A1", must_correct=True, transferred=2),
        id="43B2b-64A1-dummy-who-watched-declarer-asks-first-corrected-and-two-tricks",
    ),
    pytest.param(
        "declarer_illegal_64a2",
        {
            **ILLEGAL,
            "revoker": "declarer",
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64A2", must_correct=True, transferred=1),
        id="43B2b-64A2-dummy-asks-illegally-dummy-wins-the-trick-one-trick",
    ),
    pytest.param(
        "declarer_illegal_64b1",
        {
            **ILLEGAL,
            "revoker": "declarer",
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64B1", must_correct=True),
        id="43B2b-64B1-dummy-asks-illegally-declarer-wins-nothing-after",
    ),
    pytest.param(
        "defender_illegal_64b6",
        {**ILLEGAL, "revoker": "defender", "on_trick_12": True},
        outcome("64B6", must_correct=True, penalty_card="major"),
        id="63B-64B6-partner-asks-on-trick-12-corrected-no-transfer",
    ),
    pytest.param(
        "defender_illegal_64b2",
        {**ILLEGAL, "revoker": "defender", "subsequent_revoke_same_suit_same_player": True},
        outcome("64B2", must_correct=True, penalty_card="major"),
        id="63B-64B2-partner-asks-about-a-repeat-revoke",
    ),
    pytest.param(
        "defender_illegal_64b3",
        {**ILLEGAL, "revoker": "defender", "failure_to_play_faced_card": True},
        outcome("64B3", must_correct=True, penalty_card="major"),
        id="63B-64B3-partner-asks-about-an-unplayed-penalty-card",
    ),
    pytest.param(
        "defender_illegal_64c",
        {**ILLEGAL, "revoker": "defender", "both_sides_revoked": True},
        outcome("64C", must_correct=True, penalty_card="major", adjusted=None),
        id="63B-64C-partner-asks-both-sides-revoked",
    ),
    pytest.param(
        "defender_illegal_64a1",
        {
            **ILLEGAL,
            "revoker": "defender",
            "offender_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64A1", must_correct=True, penalty_card="major", transferred=1),
        id="63B-64A1-T2-east-asks-west-no-spades-west-wins-the-trick",
    ),
    pytest.param(
        "defender_illegal_64a2",
        {
            **ILLEGAL,
            "revoker": "defender",
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64A2", must_correct=True, penalty_card="major", transferred=1),
        id="63B-64A2-T2-east-asks-west-no-spades-east-wins-the-trick",
    ),
    pytest.param(
        "defender_illegal_64b1",
        {
            **ILLEGAL,
            "revoker": "defender",
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64B1", must_correct=True, penalty_card="major"),
        id="63B-64B1-T2-partner-asks-defenders-win-nothing-after",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **PLAIN,
            "revoker": "declarer",
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64A2", transferred=1),
        id="64A2-WBFLC-2000-T12-declarer-revokes-dummy-wins-the-trick",
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


def test_the_first_question_is_whether_the_revoke_is_established(tree: Tree) -> None:
    result = evaluate(tree, {})
    assert result.question is not None and result.question.fact == "established"


def test_the_later_tricks_question_is_a_bounded_count(tree: Tree) -> None:
    result = evaluate(tree, {**BY_DEFENDER, "offender_won_revoke_trick": True})
    assert result.question is not None
    assert result.question.fact == "offending_side_tricks_after_revoke_trick"
    assert (result.question.type, result.question.minimum, result.question.maximum) == ("int", 0, 12)


def test_playable_card_is_asked_only_when_a_second_trick_is_possible(tree: Tree) -> None:
    """1997 64A2: the second trick needs the side to have won two tricks from the revoke trick on."""
    base = {**BY_DEFENDER, "offender_won_revoke_trick": False, "offending_side_won_revoke_trick": False}
    assert evaluate(tree, {**base, "offending_side_tricks_after_revoke_trick": 1}).status == "ruling"
    asked = evaluate(tree, {**base, "offending_side_tricks_after_revoke_trick": 2})
    assert asked.question is not None
    assert asked.question.fact == "offender_later_won_with_card_playable_to_revoke_trick"


def test_tree_transfer_agrees_with_law_64_arithmetic(tree: Tree) -> None:
    """Every combination of the 64A facts gives what bridge.revoke computes."""
    for offender_won, side_won, later, card in itertools.product(
        (True, False), (True, False), range(13), (True, False)
    ):
        if (offender_won and not side_won) or (card and later == 0):
            continue  # impossible together
        facts = {
            **BY_DEFENDER,
            "offender_won_revoke_trick": offender_won,
            "offending_side_won_revoke_trick": side_won,
            "offending_side_tricks_after_revoke_trick": later,
            "offender_later_won_with_card_playable_to_revoke_trick": card,
        }
        result = evaluate(tree, facts)
        assert result.ruling is not None
        expected = tricks_transferred(
            offender_won_revoke_trick=offender_won,
            offending_side_won_revoke_trick=side_won,
            offending_side_tricks_after_revoke_trick=later,
            # Asked only when a second trick is possible: otherwise it cannot change the count.
            offender_later_won_with_card_playable_to_revoke_trick=card,
        )
        assert result.ruling["tricks_transferred"] == expected, facts


def test_a1_script_announces_the_number_of_tricks(tree: Tree) -> None:
    result = evaluate(
        tree,
        {**BY_DEFENDER, "offender_won_revoke_trick": True, "offending_side_tricks_after_revoke_trick": 2},
    )
    assert result.ruling is not None
    assert "共转移 2 墩" in result.ruling.script.zh
    assert "In all 2 trick(s) are transferred" in result.ruling.script.en


CONTRACT = {"contract": "4S", "declarer": "N", "vulnerability": "NS"}


def test_adjusted_score_after_a_two_trick_transfer(tree: Tree) -> None:
    """4♠ by N, NS vulnerable, 10 tricks; the defender won the revoke trick and his side a later trick: 2 tricks
    go to declarer → 12 tricks → +680."""
    facts = {
        **BY_DEFENDER,
        "offender_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 1,
        **CONTRACT,
        "declarer_tricks": 10,
        "revoking_side": "defending",
    }
    result = evaluate(tree, facts)
    assert result.ruling is not None
    assert result.ruling["tricks_transferred"] == 2
    assert result.ruling["adjusted_declarer_tricks"] == 12
    assert result.ruling["score_ns"] == 680 == score("4S", "N", "NS", 12).score_ns


def test_revoking_side_follows_from_the_revoker(tree: Tree) -> None:
    """Declarer revoked and won the revoke trick and a later one: 3NT by S, 10 tricks → 8 tricks, one down."""
    facts = {
        **PLAIN,
        "revoker": "declarer",
        "offender_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 4,
        "contract": "3NT",
        "declarer": "S",
        "vulnerability": "None",
        "declarer_tricks": 10,
    }
    result = evaluate(tree, facts)
    assert result.ruling is not None
    assert result.ruling["adjusted_declarer_tricks"] == 8
    assert result.ruling["score_ns"] == -50


def test_no_transfer_still_scores_the_table_result(tree: Tree) -> None:
    result = evaluate(
        tree, {**BY_DEFENDER, "noticed_after_round_ended": True, **CONTRACT, "declarer_tricks": 10}
    )
    assert result.ruling is not None
    assert (result.ruling["rule"], result.ruling["adjusted_declarer_tricks"], result.ruling["score_ns"]) == (
        "64B5",
        10,
        620,
    )


def test_trick_12_too_late_scores_without_knowing_who_revoked(tree: Tree) -> None:
    facts = {**TRICK_12, "noticed_after_nos_called_next_deal": True, **CONTRACT, "declarer_tricks": 9}
    result = evaluate(tree, facts)
    assert result.ruling is not None
    assert (result.ruling["adjusted_declarer_tricks"], result.ruling["score_ns"]) == (9, -100)


def test_not_established_has_no_adjusted_result(tree: Tree) -> None:
    result = evaluate(
        tree,
        {
            "established": False,
            "revoker": "defender",
            "attention_drawn_illegally": False,
            **CONTRACT,
            "declarer_tricks": 10,
        },
    )
    assert result.ruling is not None
    assert result.ruling["adjusted_declarer_tricks"] is None and result.ruling["score_ns"] is None


def test_partial_contract_facts_give_tricks_but_no_score(tree: Tree) -> None:
    facts = {**BY_DEFENDER, "offender_won_revoke_trick": True, "offending_side_tricks_after_revoke_trick": 0}
    only_tricks = evaluate(tree, {**facts, "declarer_tricks": 8})
    assert only_tricks.ruling is not None
    assert (only_tricks.ruling["adjusted_declarer_tricks"], only_tricks.ruling["score_ns"]) == (9, None)
    only_contract = evaluate(tree, {**facts, **CONTRACT})
    assert only_contract.ruling is not None
    assert (only_contract.ruling["adjusted_declarer_tricks"], only_contract.ruling["score_ns"]) == (
        None,
        None,
    )


@pytest.mark.parametrize(
    ("extra", "fact"),
    [
        pytest.param({"revoking_side": "declaring"}, "revoking_side", id="side-contradicts-revoker"),
        pytest.param({"contract": "9Z"}, "contract", id="bad-contract"),
        pytest.param(
            {"contract": "PASS", "declarer_tricks": 9, "declarer": "N", "vulnerability": "NS"},
            "contract",
            id="passed-out",
        ),
        pytest.param({"declarer": "X"}, "declarer", id="bad-seat"),
        pytest.param({"vulnerability": "maybe"}, "vulnerability", id="bad-vulnerability"),
        pytest.param({"declarer_tricks": 14}, "declarer_tricks", id="too-many-tricks"),
        pytest.param({"declarer_tricks": 12}, "declarer_tricks", id="fewer-defender-tricks-than-counted"),
        pytest.param(
            {"offending_side_tricks_after_revoke_trick": 13},
            "offending_side_tricks_after_revoke_trick",
            id="later-tricks-out-of-range",
        ),
    ],
)
def test_bad_or_inconsistent_facts_raise_fact_error(tree: Tree, extra: dict[str, object], fact: str) -> None:
    facts = {
        **BY_DEFENDER,
        "offender_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 2,
        **extra,
    }
    with pytest.raises(FactError) as caught:
        evaluate(tree, facts)
    assert caught.value.fact == fact


def test_the_revoke_trick_12_rule_beats_the_timing_exceptions_only_when_in_time(tree: Tree) -> None:
    in_time = evaluate(tree, TRICK_12_IN_TIME)
    assert in_time.question is not None and in_time.question.fact == "revoker"
    too_late = evaluate(
        tree, {**TRICK_12, "noticed_after_nos_called_next_deal": False, "noticed_after_round_ended": True}
    )
    assert too_late.ruling is not None and too_late.ruling["rule"] == "64B6"
    assert too_late.ruling["must_correct"] is False


def test_every_established_revoke_gets_an_equity_review(tree: Tree) -> None:
    """Law 64C applies after any established revoke, the 64B ones included."""
    for leaf in tree.leaves:
        outcome_map = leaf.outcome_map
        assert outcome_map["equity_review"] is (outcome_map["rule"] != "62"), leaf.id
