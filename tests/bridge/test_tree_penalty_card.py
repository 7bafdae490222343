"""The penalty-card tree (Laws 48–52 with 59 and 72B1, 1997 code; laws-facts.md B-48–52 and errata §A on 50):
a casebook — every leaf, each case citing the law it rests on (its id starts with it, and the ruling cites it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import FactError, Leaf, Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "penalty-card.yaml"

DEFENDER_EXPOSED = {"situation": "card_exposed", "who_exposed": "defender", "how_exposed": "exposed"}
SINGLE = {**DEFENDER_EXPOSED, "could_have_known_damage": False, "two_or_more": False}
PARTNER_LEADS = {
    "situation": "partner_gains_lead",
    "partner_led_early": False,
    "leader_own_penalty_card": False,
}
TWO_PLAYED = {
    "situation": "card_exposed",
    "who_exposed": "defender",
    "how_exposed": "two_played",
    "could_have_known_damage": False,
    "two_or_more": False,
}


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


CASES = [
    pytest.param(
        "declarer_card_48a",
        {"situation": "card_exposed", "who_exposed": "declarer_or_dummy", "declarer_spread": "no"},
        outcome("48A"),
        "48A",
        id="48A-declarer-drops-a-card-no-penalty",
    ),
    pytest.param(
        "declarer_spread_54",
        {
            "situation": "card_exposed",
            "who_exposed": "declarer_or_dummy",
            "declarer_spread": "after_opening_lead_out_of_turn",
        },
        outcome("48B", related="lead-out-of-turn"),
        "54A",
        id="54A-declarer-spreads-after-faced-opening-lead-out-of-turn",
    ),
    pytest.param(
        "declarer_spread_claim_68",
        {
            "situation": "card_exposed",
            "who_exposed": "declarer_or_dummy",
            "declarer_spread": "at_another_time",
        },
        outcome("48B", related="claim"),
        "68",
        id="68-declarer-faces-his-hand-mid-play-is-a-claim",
    ),
    pytest.param(
        "lead_out_of_turn_56",
        {"situation": "card_exposed", "who_exposed": "defender", "how_exposed": "lead_out_of_turn"},
        outcome("56", None, None, related="lead-out-of-turn"),
        "56",
        id="56-a-defenders-lead-out-of-turn-is-not-ruled-here",
    ),
    pytest.param(
        "premature_play_57",
        {"situation": "card_exposed", "who_exposed": "defender", "how_exposed": "premature_play"},
        outcome("57", None, None, related="lead-out-of-turn"),
        "57",
        id="57-premature-lead-to-the-next-trick",
    ),
    pytest.param(
        "current_trick_68",
        {"situation": "card_exposed", "who_exposed": "defender", "how_exposed": "current_trick_statement"},
        outcome("68", review=True),
        "68",
        id="68-cards-shown-about-the-current-trick-are-not-penalty-cards",
    ),
    pytest.param(
        "adjusted_72b1",
        {**DEFENDER_EXPOSED, "could_have_known_damage": True},
        outcome("72B1", adjusted=True),
        "72B1",
        id="72B1-adjusted-score-instead-of-penalty-card-rules",
    ),
    pytest.param(
        "all_major_50b",
        {**DEFENDER_EXPOSED, "could_have_known_damage": False, "two_or_more": True},
        outcome("50B", "major", "pending"),
        "50B",
        id="50B-two-penalty-cards-are-both-major",
    ),
    pytest.param(
        "major_50d",
        {**SINGLE, "card_kind": "honour"},
        outcome("50D", "major", "pending"),
        "50B",
        id="50B-a-dropped-honour-is-a-major-penalty-card",
    ),
    pytest.param(
        "major_50d",
        {**SINGLE, "card_kind": "deliberate"},
        outcome("50D", "major", "pending"),
        "50B",
        id="50B-a-small-card-played-deliberately-is-major",
    ),
    pytest.param(
        "minor_50c",
        {**SINGLE, "card_kind": "inadvertent_small"},
        outcome("50C", "minor"),
        "50C",
        id="50C-a-dropped-small-card-is-minor",
    ),
    pytest.param(
        "minor_no_lead_restriction_50c",
        {
            "situation": "partner_gains_lead",
            "penalty_cards_held": "one_minor",
            "leader_own_penalty_card": False,
        },
        outcome("50C", "minor"),
        "50C",
        id="50C-no-lead-restriction-for-a-minor-penalty-card",
    ),
    pytest.param(
        "partner_led_early_49",
        {"situation": "partner_gains_lead", "penalty_cards_held": "one_major", "partner_led_early": True},
        outcome("49", "major", "pending"),
        "49",
        id="49-partner-leads-before-declarer-chooses",
    ),
    pytest.param(
        "partner_led_early_49",
        {"situation": "partner_gains_lead", "penalty_cards_held": "several_suits", "partner_led_early": True},
        outcome("49", "major", "pending"),
        "50D2",
        id="50D2-partner-leads-early-with-several-penalty-cards",
    ),
    pytest.param(
        "require_50d2",
        {**PARTNER_LEADS, "penalty_cards_held": "one_major", "declarer_choice": "require_suit"},
        outcome("50D2", "none", "require_suit"),
        "50D2",
        id="50D2-declarer-requires-the-suit",
    ),
    pytest.param(
        "forbid_50d2",
        {**PARTNER_LEADS, "penalty_cards_held": "one_major", "declarer_choice": "forbid_suit"},
        outcome("50D2", "none", "forbid_suit"),
        "50D2",
        id="50D2-declarer-forbids-the-suit",
    ),
    pytest.param(
        "nothing_50d2",
        {**PARTNER_LEADS, "penalty_cards_held": "one_major", "declarer_choice": "nothing"},
        outcome("50D2", "major"),
        "50D2",
        id="50D2-declarer-imposes-nothing-the-card-stays",
    ),
    pytest.param(
        "nothing_50d2",
        {**PARTNER_LEADS, "penalty_cards_held": "several_one_suit", "declarer_choice": "nothing"},
        outcome("50D2", "major"),
        "51B",
        id="51B-several-penalty-cards-declarer-imposes-nothing",
    ),
    pytest.param(
        "require_one_suit_51b1",
        {**PARTNER_LEADS, "penalty_cards_held": "several_one_suit", "declarer_choice": "require_suit"},
        outcome("51B1", "none", "require_suit"),
        "51B1",
        id="51B1-one-suit-required-all-picked-up",
    ),
    pytest.param(
        "forbid_one_suit_51b1",
        {**PARTNER_LEADS, "penalty_cards_held": "several_one_suit", "declarer_choice": "forbid_suit"},
        outcome("51B1", "none", "forbid_suit"),
        "51B1",
        id="51B1-one-suit-forbidden-all-picked-up",
    ),
    pytest.param(
        "require_suits_51b2",
        {**PARTNER_LEADS, "penalty_cards_held": "several_suits", "declarer_choice": "require_suit"},
        outcome("51B2", "major", "require_suit"),
        "51B2",
        id="51B2-one-of-two-suits-required-the-other-stays",
    ),
    pytest.param(
        "forbid_some_suits_51b2",
        {
            **PARTNER_LEADS,
            "penalty_cards_held": "several_suits",
            "declarer_choice": "forbid_suit",
            "all_penalty_suits_forbidden": False,
        },
        outcome("51B2", "major", "forbid_suit"),
        "51B2",
        id="51B2-one-suit-forbidden-the-other-stays",
    ),
    pytest.param(
        "forbid_every_suit_51b2",
        {
            **PARTNER_LEADS,
            "penalty_cards_held": "several_suits",
            "declarer_choice": "forbid_suit",
            "all_penalty_suits_forbidden": True,
        },
        outcome("51B2", "none", "forbid_suit"),
        "51B2",
        id="51B2-every-suit-forbidden-none-left",
    ),
    pytest.param(
        "two_played_minor_58b2",
        {**TWO_PLAYED, "card_kind": "inadvertent_small"},
        outcome("58B", "minor"),
        "58B",
        id="58B2-two-small-cards-played-to-a-trick-one-played-one-minor-penalty-card",
    ),
    pytest.param(
        "two_played_major_58b2",
        {**TWO_PLAYED, "card_kind": "honour"},
        outcome("58B", "major", "pending"),
        "58B",
        id="58B2-the-other-card-is-an-honour-so-major",
    ),
    pytest.param(
        "all_major_50b",
        {**TWO_PLAYED, "two_or_more": True},
        outcome("50B", "major", "pending"),
        "50B",
        id="50B-two-played-while-a-penalty-card-is-already-on-the-table",
    ),
    pytest.param(
        "leader_own_pc_50d1",
        {**PARTNER_LEADS, "penalty_cards_held": "one_major", "leader_own_penalty_card": True},
        outcome("50D1", "major", "pending"),
        "50D1",
        id="50D1-the-leader-has-a-penalty-card-of-his-own",
    ),
    pytest.param(
        "leader_own_pc_50d1",
        {**PARTNER_LEADS, "penalty_cards_held": "several_suits", "leader_own_penalty_card": True},
        outcome("50D1", "major", "pending"),
        "51A",
        id="51A-the-leader-with-his-own-penalty-cards-and-several-of-the-offenders",
    ),
    pytest.param(
        "leader_own_pc_minor_50d1",
        {
            "situation": "partner_gains_lead",
            "penalty_cards_held": "one_minor",
            "leader_own_penalty_card": True,
        },
        outcome("50D1", "minor"),
        "50D1",
        id="50D1-offender-has-a-minor-card-the-leader-a-penalty-card-of-his-own",
    ),
    pytest.param(
        "minor_50c",
        {"situation": "offender_to_play", "penalty_card_type": "minor"},
        outcome("50C", "minor"),
        "50C",
        id="50C-minor-card-restricts-small-cards-of-its-suit",
    ),
    pytest.param(
        "must_play_50d1",
        {"situation": "offender_to_play", "penalty_card_type": "major", "several_playable": False},
        outcome("50D1", "major"),
        "50D1",
        id="50D1-major-card-at-the-first-legal-opportunity",
    ),
    pytest.param(
        "declarer_designates_51a",
        {"situation": "offender_to_play", "penalty_card_type": "major", "several_playable": True},
        outcome("51A", "major"),
        "51A",
        id="51A-declarer-designates-which-penalty-card",
    ),
    pytest.param(
        "must_accept_52b",
        {"situation": "penalty_card_not_played", "declarer_played_since": True},
        outcome("52B", "major", related="revoke"),
        "52B",
        id="52B-declarer-played-since-must-accept",
    ),
    pytest.param(
        "accept_52b",
        {
            "situation": "penalty_card_not_played",
            "declarer_played_since": False,
            "declarer_choice_52": "accept",
        },
        outcome("52B", "major", related="revoke"),
        "52B",
        id="52B-declarer-accepts-the-other-card",
    ),
    pytest.param(
        "substitute_52b",
        {
            "situation": "penalty_card_not_played",
            "declarer_played_since": False,
            "declarer_choice_52": "substitute",
        },
        outcome("52B", "major", related="revoke"),
        "52B",
        id="52B-declarer-requires-the-penalty-card",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected", "law"), CASES)
def test_case_reaches_its_leaf_and_cites_its_law(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any], law: str
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and law in ruling.laws


def test_the_casebook_covers_every_leaf(tree: Tree) -> None:
    assert len(CASES) >= 15
    assert_cases_cover_every_leaf(tree, CASES)


def test_declarer_and_dummy_never_have_a_penalty_card(tree: Tree) -> None:
    """Law 48A: on every path where declarer (or dummy) exposed the card, there is no penalty card."""
    for spread in ("no", "after_opening_lead_out_of_turn", "at_another_time"):
        facts = {"situation": "card_exposed", "who_exposed": "declarer_or_dummy", "declarer_spread": spread}
        ruling = evaluate(tree, facts).ruling
        assert ruling is not None and ruling["penalty_card"] == "none"


def test_an_honour_is_major_whatever_the_manner(tree: Tree) -> None:
    """Law 50B: only a small card exposed inadvertently is minor."""
    kinds = {kind: evaluate(tree, {**SINGLE, "card_kind": kind}).ruling for kind in ("honour", "deliberate")}
    assert {kind: ruling["penalty_card"] for kind, ruling in kinds.items() if ruling} == {
        "honour": "major",
        "deliberate": "major",
    }


def test_72b1_is_asked_before_the_card_is_classified(tree: Tree) -> None:
    """Errata §A, Law 50: where 72B1 applies the adjusted score replaces the penalty-card rules."""
    result = evaluate(tree, DEFENDER_EXPOSED)
    assert result.question is not None and result.question.fact == "could_have_known_damage"


def test_declarer_is_told_every_option_when_partner_gains_the_lead(tree: Tree) -> None:
    """Law 10C1: each 50D2 script names all three options."""
    for choice in ("require_suit", "forbid_suit", "nothing"):
        facts = {**PARTNER_LEADS, "penalty_cards_held": "one_major", "declarer_choice": choice}
        ruling = evaluate(tree, facts).ruling
        assert ruling is not None
        assert (
            "require" in ruling.script.en and "forbid" in ruling.script.en and "nothing" in ruling.script.en
        )
        assert "要求" in ruling.script.zh and "禁止" in ruling.script.zh and "不作要求" in ruling.script.zh


def test_a_wrong_value_names_the_fact(tree: Tree) -> None:
    with pytest.raises(FactError) as caught:
        evaluate(tree, {"situation": "card_exposed", "who_exposed": "dummy"})
    assert caught.value.field == "who_exposed"


# --- review 2026-12b (issue 27): each test fails on the tree as it stood on main --------------------------------


def test_p3_two_cards_played_to_a_trick_are_one_play_and_one_minor_penalty_card(tree: Tree) -> None:
    """Laws 58B2 and 50B: two small cards played to a trick together — he designates one as played, and only
    the other is a penalty card, a minor one (50B's own example); no lead restriction on partner."""
    ruling = evaluate(tree, {**TWO_PLAYED, "card_kind": "inadvertent_small"}).ruling
    assert ruling is not None
    assert ruling["penalty_card"] == "minor" and ruling["lead_restriction"] == "none"
    assert "58B" in ruling.laws and "50B" in ruling.laws


def test_p3_the_helps_agree_that_only_the_other_card_is_a_penalty_card(tree: Tree) -> None:
    """Law 58B2: the two_or_more help no longer says that both cards played to a trick are penalty cards, and
    the option for dropped or shown cards no longer takes in two cards played to a trick."""
    two_or_more = tree.fact("two_or_more")
    assert two_or_more is not None and two_or_more.help is not None
    assert "both penalty cards (Law 58B" not in two_or_more.help.en
    assert "answer No" in two_or_more.help.en and "答“否”" in two_or_more.help.zh
    how = tree.fact("how_exposed")
    assert how is not None
    label = how.label("exposed")
    assert label is not None and "two played at once" not in label.en
    assert "two_played" in how.values
    # Two cards dropped (not played) are still both penalty cards: all major (50B).
    dropped = evaluate(
        tree, {**DEFENDER_EXPOSED, "could_have_known_damage": False, "two_or_more": True}
    ).ruling
    assert dropped is not None and dropped.leaf == "all_major_50b"


def test_p6_current_trick_68_reviews_an_adjustment_but_awards_none(tree: Tree) -> None:
    """Law 16 (via 68): the Director considers an adjustment only if the partner used the information and
    declarer's side was damaged — adjustment_review, not adjusted_score; 72B1 still awards one."""
    facts = {"situation": "card_exposed", "who_exposed": "defender", "how_exposed": "current_trick_statement"}
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and ruling["adjusted_score"] is False and ruling["adjustment_review"] is True
    awarded = evaluate(tree, {**DEFENDER_EXPOSED, "could_have_known_damage": True}).ruling
    assert awarded is not None and awarded["adjusted_score"] is True


def test_p9_no_drafting_note_is_read_to_the_players(tree: Tree) -> None:
    """Law 50D2 → 49: the partner_led_early_49 script carries no "to be verified" note."""
    leaf = tree.node("partner_led_early_49")
    assert isinstance(leaf, Leaf)
    assert "待核实" not in leaf.script.zh and "verified" not in leaf.script.en.lower()


def test_50d1_the_leaders_own_penalty_card_is_asked(tree: Tree) -> None:
    """Law 50D1: whether the defender now on lead holds a penalty card of his own changes what he must lead,
    so a walk that stopped at declarer's choice before now asks it first."""
    facts = {"situation": "partner_gains_lead", "penalty_cards_held": "one_major", "partner_led_early": False}
    result = evaluate(tree, facts)
    assert result.question is not None and result.question.fact == "leader_own_penalty_card"
    minor = evaluate(tree, {"situation": "partner_gains_lead", "penalty_cards_held": "one_minor"})
    assert minor.question is not None and minor.question.fact == "leader_own_penalty_card"


def test_information_from_a_penalty_card_is_in_help_and_marked_unverified(tree: Tree) -> None:
    """Law 50D1 (CCBA): the obligation is authorised, other information unauthorised; the 1998 WBFLC refinement
    (possession unauthorised) is not verified here, so it is in a help text marked 待核实, not in a leaf."""
    held = tree.fact("penalty_cards_held")
    assert held is not None and held.help is not None
    assert "待核实" in held.help.zh and "To be verified" in held.help.en
    assert all("1998" not in leaf.script.en for leaf in tree.leaves)
