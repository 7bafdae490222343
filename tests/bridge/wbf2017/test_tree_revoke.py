"""The revoke tree under the 2017 Laws (fixtures/trees/wbf-2017/revoke.yaml; laws-facts-2017.md L61–L64): a casebook
with every leaf, each case's id naming the 2017 law it rests on; the tree validates against the 2017 outline; the
transfer agrees with bridge.revoke.tricks_transferred_2017; and "the codes differ" tests: the same facts on the 1999
tree and the 2017 tree give what each code requires."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from bridge.revoke import tricks_transferred_2017
from bridge.scoring import score
from bridge.trees import FactError, Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_PATH = ROOT / "fixtures" / "trees" / "wbf-2017" / "revoke.yaml"
TREE_1999_PATH = ROOT / "fixtures" / "trees" / "revoke.yaml"
OUTLINE = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"

PLAIN = {
    "established": True,
    "on_trick_12": False,
    "corrected_under_62c3": False,
    "subsequent_revoke_same_suit_same_player": False,
    "failure_to_play_faced_card": False,
    "noticed_after_nos_called_next_deal": False,
    "noticed_after_round_ended": False,
    "both_sides_revoked": False,
}
BY_DEFENDER = {**PLAIN, "revoker": "defender"}
BY_DECLARER = {**PLAIN, "revoker": "declarer"}
TRICK_12 = {"established": True, "on_trick_12": True}
TRICK_12_IN_TIME = {
    **TRICK_12,
    "noticed_after_nos_called_next_deal": False,
    "noticed_after_round_ended": False,
    "hands_returned_to_board": False,
}
DUMMY_ASKED = {
    "established": False,
    "revoker": "declarer",
    "attention_drawn_illegally": True,
    "on_trick_12": False,
    "subsequent_revoke_same_suit_same_player": False,
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
CORRECTED = {"must_correct": True}

CASES = [
    pytest.param(
        "not_established_62",
        {"established": False, "revoker": "declarer", "attention_drawn_illegally": False},
        outcome("62", **NOT_ESTABLISHED),
        id="62A-declarer-corrects",
    ),
    pytest.param(
        "not_established_62",
        {"established": False, "revoker": "dummy"},
        outcome("62", **NOT_ESTABLISHED),
        id="62B2-dummy-card-replaced",
    ),
    pytest.param(
        "not_established_defender_62",
        {"established": False, "revoker": "defender"},
        outcome("62", penalty_card="major", **NOT_ESTABLISHED),
        id="62B1-61B3-defender-corrects-major-penalty-card-even-if-partner-asked",
    ),
    pytest.param(
        "trick12_62d",
        {**TRICK_12_IN_TIME, "revoker": "declarer"},
        outcome("62D", **CORRECTED),
        id="62D1-trick-12-declarer-corrects",
    ),
    pytest.param(
        "trick12_defender_62d",
        {**TRICK_12_IN_TIME, "revoker": "defender"},
        outcome("62D", penalty_card="major", **CORRECTED),
        id="62D1-62D2-trick-12-defender-corrects",
    ),
    pytest.param(
        "trick12_too_late_64b6",
        {
            **TRICK_12,
            "noticed_after_nos_called_next_deal": False,
            "noticed_after_round_ended": False,
            "hands_returned_to_board": True,
        },
        outcome("64B6"),
        id="64B6-trick-12-hands-back-in-board",
    ),
    pytest.param(
        "corrected_62c3_64b8",
        {"established": True, "on_trick_12": False, "corrected_under_62c3": True, "revoker": "declarer"},
        outcome("64B8", **CORRECTED),
        id="62C3-64B8-both-revoked-one-trick-declarer",
    ),
    pytest.param(
        "corrected_62c3_defender_64b8",
        {"established": True, "on_trick_12": False, "corrected_under_62c3": True, "revoker": "defender"},
        outcome("64B8", penalty_card="major", **CORRECTED),
        id="62C3-64B8-both-revoked-one-trick-defender",
    ),
    pytest.param(
        "repeat_revoke_64b2",
        {**BY_DEFENDER, "subsequent_revoke_same_suit_same_player": True},
        outcome("64B2"),
        id="64B2-64C2a-subsequent-revoke-same-suit",
    ),
    pytest.param(
        "faced_card_64b3",
        {**BY_DEFENDER, "failure_to_play_faced_card": True},
        outcome("64B3"),
        id="64B3-penalty-card-not-played",
    ),
    pytest.param(
        "faced_card_64b3",
        {"established": True, "on_trick_12": False, "corrected_under_62c3": False, "revoker": "dummy"},
        outcome("64B3"),
        id="64B3-card-belonging-to-dummy",
    ),
    pytest.param(
        "next_deal_64b4",
        {**BY_DEFENDER, "noticed_after_nos_called_next_deal": True},
        outcome("64B4"),
        id="64B4-noticed-after-next-deal-call",
    ),
    pytest.param(
        "round_ended_64b5",
        {**BY_DEFENDER, "noticed_after_round_ended": True},
        outcome("64B5"),
        id="64B5-noticed-after-round",
    ),
    pytest.param(
        "both_sides_64b7",
        {**BY_DEFENDER, "both_sides_revoked": True},
        outcome("64B7"),
        id="64B7-both-sides-revoked-on-the-board",
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
        id="64B1-offending-side-won-nothing",
    ),
    pytest.param(
        "offender_won_64a1",
        {**BY_DEFENDER, "offender_won_revoke_trick": True, "offending_side_tricks_after_revoke_trick": 3},
        outcome("64A1", transferred=2),
        id="64A1-two-tricks",
    ),
    pytest.param(
        "offender_won_64a1",
        {**BY_DEFENDER, "offender_won_revoke_trick": True, "offending_side_tricks_after_revoke_trick": 0},
        outcome("64A1", transferred=1),
        id="64A1-only-the-revoke-trick",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 4,
        },
        outcome("64A2", transferred=1),
        id="64A2-partner-won-one-trick-only",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **BY_DECLARER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 2,
        },
        outcome("64A2", transferred=1),
        id="64A-footnote-dummy-wins-is-not-declarer-winning",
    ),
    pytest.param(
        "offender_did_not_win_64a2",
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 2,
        },
        outcome("64A2", transferred=1),
        id="64A2-later-trick-one-only-no-1997-second-trick",
    ),
    pytest.param(
        "declarer_illegal_64b6",
        {**DUMMY_ASKED, "on_trick_12": True},
        outcome("64B6", **CORRECTED),
        id="43B2b-64B6-trick-12",
    ),
    pytest.param(
        "declarer_illegal_64b2",
        {**DUMMY_ASKED, "subsequent_revoke_same_suit_same_player": True},
        outcome("64B2", **CORRECTED),
        id="43B2b-64B2-subsequent",
    ),
    pytest.param(
        "declarer_illegal_64b7",
        {**DUMMY_ASKED, "both_sides_revoked": True},
        outcome("64B7", **CORRECTED),
        id="43B2b-64B7-both-sides",
    ),
    pytest.param(
        "declarer_illegal_64a1",
        {**DUMMY_ASKED, "offender_won_revoke_trick": True, "offending_side_tricks_after_revoke_trick": 5},
        outcome("64A1", transferred=2, **CORRECTED),
        id="43B2b-64A1",
    ),
    pytest.param(
        "declarer_illegal_64a2",
        {
            **DUMMY_ASKED,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 5,
        },
        outcome("64A2", transferred=1, **CORRECTED),
        id="43B2b-64A2",
    ),
    pytest.param(
        "declarer_illegal_64a2",
        {
            **DUMMY_ASKED,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 1,
        },
        outcome("64A2", transferred=1, **CORRECTED),
        id="43B2b-64A2-later-trick",
    ),
    pytest.param(
        "declarer_illegal_64b1",
        {
            **DUMMY_ASKED,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": False,
            "offending_side_tricks_after_revoke_trick": 0,
        },
        outcome("64B1", **CORRECTED),
        id="43B2b-64B1",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH)


@pytest.fixture(scope="module")
def tree_1999() -> Tree:
    return load_tree(TREE_1999_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_tree_validates_against_the_2017_outline() -> None:
    refs = load_outline(OUTLINE).all_refs()
    loaded = load_tree(TREE_PATH, refs)
    assert loaded.edition == "wbf-2017"
    assert loaded.slug == "revoke"


def test_scripts_speak_of_the_2017_laws(tree: Tree) -> None:
    for leaf in tree.leaves:
        assert "2017" in leaf.script.zh and "2017" in leaf.script.en, leaf.id
        assert "1999" not in leaf.script.zh + leaf.script.en, leaf.id


def test_tree_transfer_agrees_with_the_2017_arithmetic(tree: Tree) -> None:
    for offender_won, side_won, later in itertools.product((True, False), (True, False), range(13)):
        if offender_won and not side_won:
            continue
        facts = {
            **BY_DEFENDER,
            "offender_won_revoke_trick": offender_won,
            "offending_side_won_revoke_trick": side_won,
            "offending_side_tricks_after_revoke_trick": later,
        }
        result = evaluate(tree, facts)
        assert result.ruling is not None
        assert result.ruling["tricks_transferred"] == tricks_transferred_2017(
            offender_won_revoke_trick=offender_won,
            offending_side_won_revoke_trick=side_won,
            offending_side_tricks_after_revoke_trick=later,
        ), facts


def test_the_playable_card_question_is_never_asked(tree: Tree) -> None:
    assert "offender_later_won_with_card_playable_to_revoke_trick" not in tree.facts_by_name
    facts = {
        **BY_DEFENDER,
        "offender_won_revoke_trick": False,
        "offending_side_won_revoke_trick": False,
        "offending_side_tricks_after_revoke_trick": 2,
    }
    assert evaluate(tree, facts).status == "ruling"


def test_adjusted_score_after_a_one_trick_64a2_transfer(tree: Tree) -> None:
    """4♠ by N, NS vulnerable, 9 tricks; the defender's partner won the revoke trick: one trick → 10 → +620."""
    facts = {
        **BY_DEFENDER,
        "offender_won_revoke_trick": False,
        "offending_side_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 2,
        "contract": "4S",
        "declarer": "N",
        "vulnerability": "NS",
        "declarer_tricks": 9,
    }
    result = evaluate(tree, facts)
    assert result.ruling is not None
    assert result.ruling["adjusted_declarer_tricks"] == 10
    assert result.ruling["score_ns"] == 620 == score("4S", "N", "NS", 10).score_ns


def test_bad_facts_are_fact_errors_naming_the_field(tree: Tree) -> None:
    facts = {
        **BY_DEFENDER,
        "offender_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 2,
        "declarer_tricks": 12,
        "contract": "4S",
        "declarer": "N",
        "vulnerability": "NS",
    }
    with pytest.raises(FactError) as caught:
        evaluate(tree, facts)
    assert caught.value.field == "declarer_tricks"


def test_script_announces_the_number_of_tricks(tree: Tree) -> None:
    facts = {
        **BY_DEFENDER,
        "offender_won_revoke_trick": False,
        "offending_side_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 3,
    }
    result = evaluate(tree, facts)
    assert result.ruling is not None
    assert "共转移 1 墩" in result.ruling.script.zh
    assert "In all 1 trick(s) are transferred" in result.ruling.script.en


# --- the codes differ -------------------------------------------------------------------------------------------

DIFFERENCES = [
    pytest.param(
        # 1997 64A2: a second trick for a later winner with a card playable to the revoke trick; 2017: one trick.
        {
            **BY_DEFENDER,
            "offender_won_revoke_trick": False,
            "offending_side_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 2,
            "offender_later_won_with_card_playable_to_revoke_trick": True,
        },
        ("64A2", 2),
        ("64A2", 1),
        id="64A2-second-trick-1997-only",
    ),
    pytest.param(
        # 1997 63B: a defender's partner asked → corrected and Law 64 as if established; 2017 61B: just corrected.
        {
            "established": False,
            "revoker": "defender",
            "attention_drawn_illegally": True,
            "on_trick_12": False,
            "subsequent_revoke_same_suit_same_player": False,
            "failure_to_play_faced_card": False,
            "both_sides_revoked": False,
            "offender_won_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 1,
        },
        ("64A1", 2),
        ("62", 0),
        id="63B-1997-deleted-2017-61B-defenders-may-ask",
    ),
    pytest.param(
        # Both sides revoked: 1997 by the WBFLC 2001 minute (rule 64C); 2017 a law item (64B7). No transfer in either.
        {**BY_DEFENDER, "both_sides_revoked": True},
        ("64C", 0),
        ("64B7", 0),
        id="both-sides-64C-minute-1997-64B7-2017",
    ),
]


def known(tree: Tree, facts: dict[str, object]) -> dict[str, object]:
    """The same table situation as one tree's facts: an edition's tree does not declare the other's new facts."""
    return {name: value for name, value in facts.items() if name in tree.facts_by_name}


@pytest.mark.parametrize(("facts", "in_1999", "in_2017"), DIFFERENCES)
def test_the_codes_differ(
    tree: Tree, tree_1999: Tree, facts: dict[str, object], in_1999: tuple[str, int], in_2017: tuple[str, int]
) -> None:
    old = evaluate(tree_1999, known(tree_1999, facts))
    new = evaluate(tree, known(tree, facts))
    assert old.ruling is not None and new.ruling is not None
    assert (old.ruling["rule"], old.ruling["tricks_transferred"]) == in_1999
    assert (new.ruling["rule"], new.ruling["tricks_transferred"]) == in_2017


def test_62c3_is_a_2017_question(tree: Tree, tree_1999: Tree) -> None:
    """62C3/64B8 are new in 2017: the 1999 tree never asks about a correction under 62C3."""
    assert "corrected_under_62c3" not in tree_1999.facts_by_name
    result = evaluate(tree, {"established": True, "on_trick_12": False})
    assert result.question is not None and result.question.fact == "corrected_under_62c3"


def test_64b3_no_longer_covers_a_defenders_hand_faced_for_a_claim(tree: Tree, tree_1999: Tree) -> None:
    """A defender faced his hand while claiming, the claim was disputed and play went on; he then failed to play one
    of those faced cards and won the trick with another. 1997 64B3 (a card of a hand faced on the table): no
    transfer. 2017 64B3 lists only penalty cards and dummy's cards, so the question is answered No: 64A1."""
    facts = {**BY_DEFENDER, "offender_won_revoke_trick": True, "offending_side_tricks_after_revoke_trick": 1}
    old = evaluate(tree_1999, known(tree_1999, {**facts, "failure_to_play_faced_card": True}))
    new = evaluate(tree, {**facts, "failure_to_play_faced_card": False})
    assert old.ruling is not None and new.ruling is not None
    assert (old.ruling["rule"], old.ruling["tricks_transferred"]) == ("64B3", 0)
    assert (new.ruling["rule"], new.ruling["tricks_transferred"]) == ("64A1", 2)


def test_64c2a_is_cited_for_a_repeated_revoke_only_in_2017(tree: Tree, tree_1999: Tree) -> None:
    facts = {**BY_DEFENDER, "subsequent_revoke_same_suit_same_player": True}
    old = evaluate(tree_1999, known(tree_1999, facts)).ruling
    new = evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert old["rule"] == new["rule"] == "64B2"
    assert "64C2" in new.laws and "64C2" not in old.laws
    assert "第64条C款2项(a)" in new.script.zh and "64C2(a)" in new.script.en
