"""The penalty-card tree (Laws 48–52 with 59 and 72B1, 1997 code; laws-facts.md B-48–52 and errata §A on 50):
a casebook — every leaf, each case citing the law it rests on (its id starts with it, and the ruling cites it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import FactError, Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "penalty-card.yaml"

DEFENDER_EXPOSED = {"situation": "card_exposed", "who_exposed": "defender", "how_exposed": "exposed"}
SINGLE = {**DEFENDER_EXPOSED, "could_have_known_damage": False, "two_or_more": False}
PARTNER_LEADS = {"situation": "partner_gains_lead", "partner_led_early": False}


def outcome(
    rule: str,
    penalty_card: str | None = "none",
    restriction: str | None = "none",
    *,
    adjusted: bool = False,
    related: str = "none",
) -> dict[str, Any]:
    return {
        "rule": rule,
        "penalty_card": penalty_card,
        "lead_restriction": restriction,
        "adjusted_score": adjusted,
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
        outcome("68"),
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
        {"situation": "partner_gains_lead", "penalty_cards_held": "one_minor"},
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
