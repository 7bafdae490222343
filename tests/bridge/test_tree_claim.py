"""The claim tree (Laws 68–71, 1997 code; laws-facts.md B-68–71, errata §B on 69B and 71A): a casebook — every
leaf, each case citing the law it rests on — and the trick count the score engine turns into the board's score,
with the claim helper's counts from the cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.scoring import score
from bridge.trees import FactError, Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "claim.yaml"

CLAIM = {"beyond_current_trick": True, "kind": "claim"}
BY_DECLARER = {**CLAIM, "made_by": "declarer"}
DISPUTED = {**BY_DECLARER, "tricks_claimed": 10, "response": "disputed"}
NO_TRUMP_POINT = {**DISPUTED, "outstanding_trump": False}
CONCESSION = {"beyond_current_trick": True, "kind": "concession", "made_by": "declarer"}


def outcome(
    rule: str, awarded: int | None = None, *, declarer: int | None = None, plays: bool = False
) -> dict:
    return {
        "rule": rule,
        "play_continues": plays,
        "tricks_awarded": awarded,
        "adjusted_declarer_tricks": declarer if declarer is not None else awarded,
        "score_ns": None,
        "sure_tricks": None,
        "trump_tricks_at_risk": None,
        "positional_tricks": None,
    }


CASES = [
    pytest.param(
        "not_a_claim_68",
        {"beyond_current_trick": False},
        outcome("68", plays=True),
        "68",
        id="68-this-trick-is-mine-is-no-claim",
    ),
    pytest.param(
        "concession_void_68b",
        {"beyond_current_trick": True, "kind": "concession", "made_by": "defender", "partner_objected": True},
        outcome("68B", plays=True),
        "68B",
        id="68B-defenders-concession-void-when-partner-objects",
    ),
    pytest.param(
        "claim_agreed_69a",
        {**BY_DECLARER, "tricks_claimed": 10, "response": "agreed", "withdrawal_requested": False},
        outcome("69A", 10),
        "69A",
        id="69A-agreed-claim-scored-as-claimed",
    ),
    pytest.param(
        "claim_agreed_69a",
        {
            **CLAIM,
            "made_by": "defender",
            "tricks_claimed": 5,
            "response": "agreed",
            "withdrawal_requested": False,
        },
        outcome("69A", 5, declarer=8),
        "69A",
        id="69A-defenders-claim-of-five-leaves-declarer-eight",
    ),
    pytest.param(
        "acquiescence_stands_69b",
        {
            **BY_DECLARER,
            "tricks_claimed": 10,
            "response": "agreed",
            "withdrawal_requested": True,
            "within_correction_period": False,
        },
        outcome("69B", 10),
        "79C",
        id="79C-withdrawal-after-the-correction-period",
    ),
    pytest.param(
        "acquiescence_stands_69b",
        {
            **BY_DECLARER,
            "tricks_claimed": 10,
            "response": "agreed",
            "withdrawal_requested": True,
            "within_correction_period": True,
            "withdrawal_grounds": "neither",
        },
        outcome("69B", 10),
        "69B",
        id="69B-a-trick-losable-by-normal-play-cannot-be-withdrawn",
    ),
    pytest.param(
        "acquiescence_withdrawn_69b",
        {
            **BY_DECLARER,
            "tricks_claimed": 12,
            "response": "agreed",
            "withdrawal_requested": True,
            "within_correction_period": True,
            "withdrawal_grounds": "not_losable",
            "tricks_lost": 1,
        },
        outcome("69B", 11),
        "69B",
        id="69B-defenders-withdraw-for-a-trick-they-could-not-lose",
    ),
    pytest.param(
        "outstanding_trump_70c",
        {
            **DISPUTED,
            "outstanding_trump": True,
            "claimer_possibly_unaware": True,
            "trump_trick_losable": True,
            "tricks_lost": 1,
        },
        outcome("70C", 9),
        "70C",
        id="70C-unmentioned-trump-could-ruff-a-winner",
    ),
    pytest.param(
        "claim_upheld_70",
        {
            **DISPUTED,
            "outstanding_trump": True,
            "claimer_possibly_unaware": False,
            "line": "stated_line",
            "normal_line_loses": False,
        },
        outcome("70A", 10),
        "70A",
        id="70A-claimer-clearly-knew-of-the-trump-claim-stands",
    ),
    pytest.param(
        "unstated_line_70e",
        {**NO_TRUMP_POINT, "line": "unstated_finesse_or_drop", "finesse_exception": "none", "tricks_lost": 1},
        outcome("70E", 9),
        "70E",
        id="70E-unstated-finesse-rejected",
    ),
    pytest.param(
        "claim_upheld_70",
        {
            **NO_TRUMP_POINT,
            "line": "unstated_finesse_or_drop",
            "finesse_exception": "showed_out",
            "normal_line_loses": False,
        },
        outcome("70A", 10),
        "70B",
        id="70E-finesse-accepted-opponent-had-shown-out",
    ),
    pytest.param(
        "new_line_rejected_70d",
        {
            **NO_TRUMP_POINT,
            "line": "new_line_proposed",
            "original_line_less_successful": True,
            "tricks_lost": 2,
        },
        outcome("70D", 8),
        "70D",
        id="70D-new-line-rejected-for-a-less-successful-normal-one",
    ),
    pytest.param(
        "normal_line_70a",
        {**NO_TRUMP_POINT, "line": "stated_line", "normal_line_loses": True, "tricks_lost": 1},
        outcome("70A", 9),
        "70A",
        id="70A-blocked-suit-careless-line-loses-a-trick",
    ),
    pytest.param(
        "concession_stands_71",
        {**CONCESSION, "tricks_kept": 8, "cancel_grounds": "none"},
        outcome("71", 8),
        "71",
        id="71-a-concession-of-a-losable-trick-stands",
    ),
    pytest.param(
        "concession_stands_71",
        {**CONCESSION, "tricks_kept": 8, "cancel_grounds": "unlosable_normal", "attention_in_time": False},
        outcome("71", 8),
        "79C",
        id="71C-too-late-after-the-next-board",
    ),
    pytest.param(
        "concession_cancelled_71a",
        {
            **CONCESSION,
            "tricks_kept": 8,
            "cancel_grounds": "won_or_unlosable_legal",
            "within_correction_period": True,
            "tricks_restored": 1,
        },
        outcome("71A", 9),
        "71A",
        id="71A-conceded-a-trick-already-won",
    ),
    pytest.param(
        "concession_cancelled_71b",
        {
            **CONCESSION,
            "tricks_kept": 9,
            "cancel_grounds": "contract_decided",
            "within_correction_period": True,
            "tricks_restored": 1,
        },
        outcome("71B", 10),
        "71B",
        id="71B-declarer-conceded-one-down-in-a-made-contract",
    ),
    pytest.param(
        "concession_cancelled_71c",
        {
            "beyond_current_trick": True,
            "kind": "concession",
            "made_by": "defender",
            "partner_objected": False,
            "tricks_kept": 3,
            "cancel_grounds": "unlosable_normal",
            "attention_in_time": True,
            "tricks_restored": 1,
        },
        outcome("71C", 4, declarer=9),
        "71C",
        id="71C-defender-conceded-a-trump-trick-that-could-not-be-lost",
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


SCORED = {
    **NO_TRUMP_POINT,
    "line": "stated_line",
    "normal_line_loses": True,
    "tricks_lost": 1,
    "contract": "4S",
    "declarer": "S",
    "vulnerability": "NS",
}


def test_the_trick_count_becomes_the_boards_score(tree: Tree) -> None:
    """4♠ by South claiming 10, one trick to the defence: 9 tricks, one down vulnerable (Law 77)."""
    ruling = evaluate(tree, SCORED).ruling
    assert ruling is not None
    assert ruling["tricks_awarded"] == 9 and ruling["adjusted_declarer_tricks"] == 9
    assert ruling["score_ns"] == score("4S", "S", "NS", 9).score_ns == -100
    assert "9" in ruling.script.en and "9 墩" in ruling.script.zh


def test_a_defenders_claim_scores_for_declarer_the_rest(tree: Tree) -> None:
    facts = {**CLAIM, "made_by": "defender", "tricks_claimed": 5, "response": "agreed"}
    facts |= {"withdrawal_requested": False, "contract": "3NT", "declarer": "E", "vulnerability": "None"}
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and ruling["adjusted_declarer_tricks"] == 8
    assert ruling["score_ns"] == score("3NT", "E", "None", 8).score_ns == 50


def test_the_helper_counts_come_from_the_cards(tree: Tree) -> None:
    """Law 70B: with the four hands faced the engine reports the sure tricks, the tricks at risk to the
    outstanding trumps (70C3) and the cards that need a finesse or drop (70E)."""
    cards = {
        "claimer_cards": "SA HAKQ",
        "partner_cards": "S2 D2 C2 C3",
        "lho_cards": "SJ D3 D4 D5",
        "rho_cards": "S3 H2 C4 C5",
    }
    facts = {
        **DISPUTED,
        "outstanding_trump": True,
        "claimer_possibly_unaware": True,
        "trump_trick_losable": True,
        "tricks_lost": 2,
        "contract": "4S",
        **cards,
    }
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None
    assert (ruling["sure_tricks"], ruling["trump_tricks_at_risk"], ruling["positional_tricks"]) == (4, 2, 0)
    assert evaluate(tree, {**facts, "on_lead": "lho"}).ruling["sure_tricks"] is None
    no_contract = {k: v for k, v in facts.items() if k != "contract"}
    assert evaluate(tree, no_contract).ruling["sure_tricks"] is None


@pytest.mark.parametrize(
    ("extra", "field", "code"),
    [
        ({"tricks_lost": 11}, "tricks_lost", "fact.lost_exceeds_claimed"),
        ({"contract": "PASS"}, "contract", "fact.claim_passed_out"),
        (
            {
                "claimer_cards": "SAK",
                "partner_cards": "S2",
                "lho_cards": "S3",
                "rho_cards": "S4",
                "contract": "3NT",
            },
            "claimer_cards",
            "claim.hands_unequal",
        ),
        (
            {
                "claimer_cards": "SA",
                "partner_cards": "SA",
                "lho_cards": "S3",
                "rho_cards": "S4",
                "contract": "3NT",
            },
            "partner_cards",
            "claim.card_in_two_hands",
        ),
        ({"lho_cards": "SZ"}, "lho_cards", "cards.hand_unreadable"),
        ({"tricks_claimed": 14}, "tricks_claimed", "fact.too_large"),
        ({"tricks_claimed": 0}, "tricks_claimed", "fact.too_small"),
    ],
)
def test_facts_that_cannot_be_right_name_the_fact(tree: Tree, extra: dict, field: str, code: str) -> None:
    with pytest.raises(FactError) as caught:
        evaluate(tree, {**SCORED, **extra})
    assert caught.value.field == field and caught.value.code == code


def test_concession_restoring_too_many_is_refused(tree: Tree) -> None:
    facts = {**CONCESSION, "tricks_kept": 12, "cancel_grounds": "won_or_unlosable_legal"}
    facts |= {"within_correction_period": True, "tricks_restored": 2}
    with pytest.raises(FactError) as caught:
        evaluate(tree, facts)
    assert caught.value.field == "tricks_restored" and caught.value.code == "fact.restored_exceeds"


def test_every_doubtful_point_is_walked_before_the_claim_stands(tree: Tree) -> None:
    """Law 70A: a disputed claim stands only after 70C, 70D/70E and the other normal lines have been asked."""
    facts = {**DISPUTED, "outstanding_trump": False, "line": "stated_line", "normal_line_loses": False}
    result = evaluate(tree, facts)
    assert result.ruling is not None and result.ruling.leaf == "claim_upheld_70"
    facts_asked = [step.fact for step in result.path]
    assert facts_asked[-4:] == ["outstanding_trump", "line", "normal_line_loses", "tricks_claimed"]


def test_the_counts_are_asked_after_the_doubtful_points(tree: Tree) -> None:
    """The trick counts come last, once the Director knows which doubtful point costs the claimer."""
    facts = {**CLAIM, "made_by": "declarer", "response": "disputed", "outstanding_trump": True}
    facts |= {"claimer_possibly_unaware": True, "trump_trick_losable": True}
    assert evaluate(tree, facts).question.fact == "tricks_claimed"
    assert evaluate(tree, {**facts, "tricks_claimed": 10}).question.fact == "tricks_lost"
