"""The 2017 penalty-card tree (WBF 2017 Laws 48–52 with 57, 58B, 72C; laws-facts-2017.md L48–L52): a casebook —
every leaf, each case's id starting with the 2017 law it rests on, which the ruling cites — and the cases where the
1997 tree (fixtures/trees/penalty-card.yaml) and the 2017 tree rule the same facts differently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import FactError, Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_PATH = ROOT / "fixtures" / "trees" / "wbf-2017" / "penalty-card.yaml"
TREE_1997_PATH = ROOT / "fixtures" / "trees" / "penalty-card.yaml"
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"

DECLARER = {"situation": "card_exposed", "who_exposed": "declarer_or_dummy"}
DEFENDER = {"situation": "card_exposed", "who_exposed": "defender"}
EXPOSED = {**DEFENDER, "how_exposed": "exposed", "could_have_known_damage": False}
AWARE = {**EXPOSED, "could_have_known_damage": True}
TWO = {**DEFENDER, "how_exposed": "two_played", "could_have_known_damage": False, "two_or_more": False}
TWO_AWARE = {**TWO, "could_have_known_damage": True}
LEAD = {"situation": "partner_gains_lead", "leader_own_penalty_card": False}
TO_PLAY = {"situation": "offender_to_play"}
NOT_PLAYED = {"situation": "penalty_card_not_played"}


def outcome(
    rule: str,
    penalty_card: str | None = "none",
    restriction: str | None = "none",
    *,
    adjusted: bool = False,
    review: bool = False,
    related: str = "none",
) -> dict[str, Any]:
    return {
        "rule": rule,
        "penalty_card": penalty_card,
        "lead_restriction": restriction,
        "adjusted_score": adjusted,
        "adjustment_review": review,
        "related_tree": related,
    }


P = pytest.param
CASES = [
    P(
        "declarer_card_48a",
        {**DECLARER, "declarer_spread": "no"},
        outcome("48A"),
        "48A",
        id="48A-declarer-drops-a-card",
    ),
    P(
        "declarer_spread_54",
        {**DECLARER, "declarer_spread": "after_opening_lead_out_of_turn"},
        outcome("48B", related="lead-out-of-turn"),
        "54A",
        id="48B-54A-declarer-spreads-after-opening-lead-out-of-turn",
    ),
    P(
        "declarer_spread_claim_68",
        {**DECLARER, "declarer_spread": "at_another_time"},
        outcome("48B", related="claim"),
        "68",
        id="48B2-declarer-faces-his-hand-mid-play",
    ),
    P(
        "lead_out_of_turn_56",
        {**DEFENDER, "how_exposed": "lead_out_of_turn"},
        outcome("56", None, None, related="lead-out-of-turn"),
        "56",
        id="56-defender-leads-out-of-turn",
    ),
    P(
        "premature_play_57",
        {**DEFENDER, "how_exposed": "premature_play"},
        outcome("57", None, None, related="lead-out-of-turn"),
        "57D",
        id="57-57D-premature-play-pointer",
    ),
    P(
        "current_trick_68",
        {**DEFENDER, "how_exposed": "current_trick_statement"},
        outcome("68", review=True),
        "68",
        id="68-statement-about-the-current-trick",
    ),
    P(
        "all_major_50b",
        {**EXPOSED, "two_or_more": True},
        outcome("50B", "major", "pending"),
        "50B",
        id="50B-two-cards-dropped-both-major",
    ),
    P(
        "all_major_50b_72c",
        {**AWARE, "two_or_more": True},
        outcome("50B", "major", "pending", review=True),
        "72C",
        id="72C-50B-two-cards-shown-on-purpose",
    ),
    P(
        "major_50d",
        {**EXPOSED, "two_or_more": False, "card_kind": "honour"},
        outcome("50D", "major", "pending"),
        "50D1",
        id="50D-dropped-queen-is-major",
    ),
    P(
        "major_50d",
        {**EXPOSED, "two_or_more": False, "card_kind": "deliberate"},
        outcome("50D", "major", "pending"),
        "50B",
        id="50B-small-card-exposed-deliberately-is-major",
    ),
    P(
        "major_50d_72c",
        {**AWARE, "two_or_more": False, "card_kind": "honour"},
        outcome("50D", "major", "pending", review=True),
        "72C",
        id="72C-50D-ace-shown-to-partner-on-purpose",
    ),
    P(
        "minor_50c",
        {**EXPOSED, "two_or_more": False, "card_kind": "inadvertent_small"},
        outcome("50C", "minor"),
        "50C",
        id="50C-dropped-three-is-minor",
    ),
    P(
        "minor_50c_72c",
        {**AWARE, "two_or_more": False, "card_kind": "inadvertent_small"},
        outcome("50C", "minor", review=True),
        "72C",
        id="72C-50C-small-card-awareness-review",
    ),
    P(
        "two_played_minor_58b2",
        {**TWO, "card_kind": "inadvertent_small"},
        outcome("58B", "minor"),
        "58B",
        id="58B2-two-small-cards-one-designated",
    ),
    P(
        "two_played_minor_58b2_72c",
        {**TWO_AWARE, "card_kind": "inadvertent_small"},
        outcome("58B", "minor", review=True),
        "72C",
        id="72C-58B2-two-small-cards-awareness",
    ),
    P(
        "two_played_major_58b2",
        {**TWO, "card_kind": "honour"},
        outcome("58B", "major", "pending"),
        "58B",
        id="58B2-the-other-card-an-honour",
    ),
    P(
        "two_played_major_58b2_72c",
        {**TWO_AWARE, "card_kind": "honour"},
        outcome("58B", "major", "pending", review=True),
        "72C",
        id="72C-58B2-honour-awareness",
    ),
    P(
        "all_major_50b",
        {**TWO, "two_or_more": True},
        outcome("50B", "major", "pending"),
        "51B",
        id="50B-51B-two-played-with-one-already-on-table",
    ),
    P(
        "minor_no_lead_restriction_50c",
        {**LEAD, "penalty_cards_held": "one_minor"},
        outcome("50C", "minor"),
        "50C",
        id="50C-minor-card-no-lead-restriction",
    ),
    P(
        "leader_own_pc_minor_50d1",
        {**LEAD, "penalty_cards_held": "one_minor", "leader_own_penalty_card": True},
        outcome("50D1", "minor"),
        "50D1",
        id="50D1-leader-has-his-own-penalty-card-partner-minor",
    ),
    P(
        "leader_own_pc_50d1",
        {**LEAD, "penalty_cards_held": "one_major", "leader_own_penalty_card": True},
        outcome("50D1", "major", "pending"),
        "50D1",
        id="50D1-both-defenders-have-penalty-cards",
    ),
    P(
        "require_50d2",
        {**LEAD, "penalty_cards_held": "one_major", "declarer_choice": "require_suit"},
        outcome("50D2", "none", "require_suit"),
        "50D2",
        id="50D2a-require-the-suit",
    ),
    P(
        "forbid_50d2",
        {**LEAD, "penalty_cards_held": "one_major", "declarer_choice": "forbid_suit"},
        outcome("50D2", "none", "forbid_suit"),
        "50D2",
        id="50D2a-forbid-the-suit",
    ),
    P(
        "nothing_50d2",
        {**LEAD, "penalty_cards_held": "one_major", "declarer_choice": "nothing"},
        outcome("50D2", "major"),
        "50D2",
        id="50D2b-impose-nothing",
    ),
    P(
        "require_one_suit_51b1",
        {**LEAD, "penalty_cards_held": "several_one_suit", "declarer_choice": "require_suit"},
        outcome("51B1", "none", "require_suit"),
        "51B1",
        id="51B1a-two-hearts-require-hearts",
    ),
    P(
        "forbid_one_suit_51b1",
        {**LEAD, "penalty_cards_held": "several_one_suit", "declarer_choice": "forbid_suit"},
        outcome("51B1", "none", "forbid_suit"),
        "51B1",
        id="51B1b-two-hearts-forbid-hearts",
    ),
    P(
        "nothing_50d2",
        {**LEAD, "penalty_cards_held": "several_one_suit", "declarer_choice": "nothing"},
        outcome("50D2", "major"),
        "51B",
        id="50D2b-51B-one-suit-impose-nothing",
    ),
    P(
        "require_suits_51b2",
        {**LEAD, "penalty_cards_held": "several_suits", "declarer_choice": "require_suit"},
        outcome("51B2", "major", "require_suit"),
        "51B2",
        id="51B2a-require-one-of-the-suits",
    ),
    P(
        "forbid_some_suits_51b2",
        {
            **LEAD,
            "penalty_cards_held": "several_suits",
            "declarer_choice": "forbid_suit",
            "all_penalty_suits_forbidden": False,
        },
        outcome("51B2", "major", "forbid_suit"),
        "51B2",
        id="51B2b-forbid-some-suits",
    ),
    P(
        "forbid_every_suit_51b2",
        {
            **LEAD,
            "penalty_cards_held": "several_suits",
            "declarer_choice": "forbid_suit",
            "all_penalty_suits_forbidden": True,
        },
        outcome("51B2", "none", "forbid_suit"),
        "51B2",
        id="51B2b-forbid-every-suit",
    ),
    P(
        "nothing_51b2c",
        {**LEAD, "penalty_cards_held": "several_suits", "declarer_choice": "nothing"},
        outcome("51B2", "major"),
        "51B2",
        id="51B2c-several-suits-impose-nothing",
    ),
    P(
        "minor_50c",
        {**TO_PLAY, "penalty_card_type": "minor"},
        outcome("50C", "minor"),
        "50C",
        id="50C-owner-of-minor-card-to-play",
    ),
    P(
        "must_play_50d1",
        {**TO_PLAY, "penalty_card_type": "major", "several_playable": False},
        outcome("50D1", "major"),
        "50D1",
        id="50D1-major-card-at-first-legal-opportunity",
    ),
    P(
        "declarer_designates_51a",
        {**TO_PLAY, "penalty_card_type": "major", "several_playable": True},
        outcome("51A", "major"),
        "51A",
        id="51A-declarer-designates-which-penalty-card",
    ),
    P(
        "must_accept_52b",
        {**NOT_PLAYED, "declarer_played_since": True},
        outcome("52B", "major", related="revoke"),
        "52B",
        id="52B1b-declarer-played-since-must-accept",
    ),
    P(
        "accept_52b",
        {**NOT_PLAYED, "declarer_played_since": False, "declarer_choice_52": "accept"},
        outcome("52B", "major", related="revoke"),
        "52B",
        id="52B1a-declarer-accepts",
    ),
    P(
        "substitute_52b",
        {**NOT_PLAYED, "declarer_played_since": False, "declarer_choice_52": "substitute"},
        outcome("52B", "major", related="revoke"),
        "52B",
        id="52B2-penalty-card-substituted",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH, load_outline(OUTLINE_2017).all_refs())


@pytest.fixture(scope="module")
def tree_1997() -> Tree:
    return load_tree(TREE_1997_PATH)


def known(tree: Tree, facts: dict[str, object]) -> dict[str, object]:
    return {name: value for name, value in facts.items() if tree.fact(name) is not None}


@pytest.mark.parametrize(("leaf", "facts", "expected", "law"), CASES)
def test_case_reaches_its_leaf_and_cites_its_law(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any], law: str
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and law in ruling.laws


def test_the_casebook_covers_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_tree_is_the_2017_edition_with_2017_refs(tree: Tree) -> None:
    assert tree.edition == "wbf-2017" and tree.slug == "penalty-card"
    refs = load_outline(OUTLINE_2017).all_refs()
    for case in CASES:
        ruling = evaluate(tree, case.values[1]).ruling
        assert ruling is not None and set(ruling.laws) <= refs
        assert "72B1" not in ruling.laws and "16A" not in ruling.laws
        assert "1999" not in ruling.script.zh + ruling.script.en


def test_50e_is_mentioned_only_as_unverified(tree: Tree) -> None:
    """laws-facts-2017.md Part D (B26): the 2017 wording of 50E is unverified, so it decides no leaf and every
    script naming it says so."""
    for case in CASES:
        ruling = evaluate(tree, case.values[1]).ruling
        assert ruling is not None
        if "第50条E款" in ruling.script.zh or "E款" in ruling.script.zh:
            assert "待核实" in ruling.script.zh
        if "50E" in ruling.script.en:
            assert "unverified" in ruling.script.en


# --- the codes differ (1997 tree vs 2017 tree, the same facts) ------------------------------------------------


def test_72c_keeps_the_penalty_card_where_1997_72b1_replaced_it(tree: Tree, tree_1997: Tree) -> None:
    facts = {**AWARE, "two_or_more": False, "card_kind": "honour"}
    old = evaluate(tree_1997, known(tree_1997, facts)).ruling
    new = evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert old["rule"] == "72B1" and old["penalty_card"] == "none" and old["adjusted_score"] is True
    assert new["rule"] == "50D" and new["penalty_card"] == "major"
    assert new["adjusted_score"] is False and new["adjustment_review"] is True and "72C" in new.laws


def test_the_awareness_question_comes_after_the_kind_in_2017(tree: Tree, tree_1997: Tree) -> None:
    old = evaluate(tree_1997, {**DEFENDER, "how_exposed": "exposed"})
    new = evaluate(tree, {**DEFENDER, "how_exposed": "exposed"})
    assert old.question is not None and old.question.fact == "could_have_known_damage"
    assert new.question is not None and new.question.fact == "two_or_more"


def test_51b2c_impose_nothing_with_several_suits(tree: Tree, tree_1997: Tree) -> None:
    facts = {**LEAD, "penalty_cards_held": "several_suits", "declarer_choice": "nothing"}
    old = evaluate(tree_1997, {**facts, "partner_led_early": False}).ruling
    new = evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert old["rule"] == "50D2" and new["rule"] == "51B2"
    assert "51B2(c)" in new.script.en and "第51条B款2项(c)" in new.script.zh


def test_the_premature_play_pointer_has_four_options_and_57d(tree: Tree, tree_1997: Tree) -> None:
    facts = {**DEFENDER, "how_exposed": "premature_play"}
    old = evaluate(tree_1997, facts).ruling
    new = evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert "57D" not in old.laws and "57D" in new.laws
    assert "four options" in new.script.en and "a card of another suit declarer names" in new.script.en


def test_48b2_a_spread_hand_is_a_claim_unless_he_plainly_did_not_mean_one(tree: Tree) -> None:
    ruling = evaluate(tree, {**DECLARER, "declarer_spread": "at_another_time"}).ruling
    assert ruling is not None and "demonstrably did not intend to claim" in ruling.script.en


def test_the_1997_early_lead_question_is_not_asked(tree: Tree, tree_1997: Tree) -> None:
    facts = {**LEAD, "penalty_cards_held": "one_major"}
    old = evaluate(tree_1997, {k: v for k, v in facts.items() if k != "leader_own_penalty_card"})
    new = evaluate(tree, {k: v for k, v in facts.items() if k != "leader_own_penalty_card"})
    assert old.question is not None and old.question.fact == "partner_led_early"
    assert new.question is not None and new.question.fact == "leader_own_penalty_card"
    with pytest.raises(FactError):
        evaluate(tree, {**facts, "partner_led_early": True})
