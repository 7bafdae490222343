"""The claim tree under the 2017 Laws (fixtures/trees/wbf-2017/claim.yaml; laws-facts-2017.md L68–L71): a casebook
with every leaf, each case's id naming the 2017 law it rests on (and the ruling citing it); the tree validates
against the 2017 outline; and "the codes differ" tests: the same table situation on the 1999 tree and the 2017
tree gives what each code requires."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.scoring import score
from bridge.trees import FactError, Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_PATH = ROOT / "fixtures" / "trees" / "wbf-2017" / "claim.yaml"
TREE_1999_PATH = ROOT / "fixtures" / "trees" / "claim.yaml"
OUTLINE = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"

CLAIM = {"beyond_current_trick": True, "kind": "claim"}
BY_DECLARER = {**CLAIM, "made_by": "declarer"}
DISPUTED = {**BY_DECLARER, "tricks_claimed": 10, "response": "disputed", "all_four_agreed_to_play_on": False}
NO_TRUMP_POINT = {**DISPUTED, "outstanding_trump": False}
BY_DEFENDER_DISPUTED = {
    **CLAIM,
    "made_by": "defender",
    "tricks_claimed": 6,
    "response": "disputed",
    "all_four_agreed_to_play_on": False,
}
CONCESSION = {"beyond_current_trick": True, "kind": "concession", "made_by": "declarer"}
AGREED = {**BY_DECLARER, "response": "agreed"}


def outcome(
    rule: str, awarded: int | None = None, *, declarer: int | None = None, plays: bool = False
) -> dict[str, Any]:
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
    pytest.param("not_a_claim_68", {"beyond_current_trick": False}, outcome("68", plays=True), "68", id="68"),
    pytest.param(
        "concession_void_68b",
        {"beyond_current_trick": True, "kind": "concession", "made_by": "defender", "partner_objected": True},
        outcome("68B", plays=True),
        "68B",
        id="68B2-partner-objects-neither-claim-nor-concession",
    ),
    pytest.param(
        "play_on_68d",
        {**BY_DECLARER, "response": "disputed", "all_four_agreed_to_play_on": True},
        outcome("68D", plays=True),
        "68D",
        id="68D2b-all-four-agree-to-play-on",
    ),
    pytest.param(
        "play_on_68d",
        {**CLAIM, "made_by": "defender", "response": "disputed", "all_four_agreed_to_play_on": True},
        outcome("68D", plays=True),
        "68D",
        id="68D2b-defenders-claim-played-on",
    ),
    pytest.param(
        "claim_agreed_69a",
        {**AGREED, "tricks_claimed": 10, "withdrawal_requested": False},
        outcome("69A", 10),
        "69A",
        id="69A-agreement-established",
    ),
    pytest.param(
        "acquiescence_stands_69b",
        {**AGREED, "tricks_claimed": 10, "withdrawal_requested": True, "within_correction_period": False},
        outcome("69B", 10),
        "79C",
        id="69B-79C-after-the-correction-period",
    ),
    pytest.param(
        "acquiescence_stands_69b",
        {
            **AGREED,
            "tricks_claimed": 10,
            "withdrawal_requested": True,
            "within_correction_period": True,
            "withdrawal_grounds": "neither",
        },
        outcome("69B", 10),
        "69B",
        id="69B-not-a-trick-they-would-likely-have-won",
    ),
    pytest.param(
        "acquiescence_withdrawn_69b",
        {
            **AGREED,
            "tricks_claimed": 12,
            "withdrawal_requested": True,
            "within_correction_period": True,
            "withdrawal_grounds": "likely_won",
            "tricks_lost": 1,
        },
        outcome("69B", 11),
        "69B",
        id="69B2-a-trick-they-would-likely-have-won",
    ),
    pytest.param(
        "acquiescence_withdrawn_69b",
        {
            **AGREED,
            "tricks_claimed": 12,
            "withdrawal_requested": True,
            "within_correction_period": True,
            "withdrawal_grounds": "trick_won",
            "tricks_lost": 1,
        },
        outcome("69B", 11),
        "69B",
        id="69B1-a-trick-in-fact-won",
    ),
    pytest.param(
        "defender_claim_70d2",
        {**BY_DEFENDER_DISPUTED, "defender_claim_depends_on_partner": True, "tricks_lost": 1},
        outcome("70D2", 5, declarer=8),
        "70D2",
        id="70D2-defenders-claim-depends-on-partners-choice",
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
        id="70C-unmentioned-trump",
    ),
    pytest.param(
        "outstanding_trump_70c",
        {
            **BY_DEFENDER_DISPUTED,
            "defender_claim_depends_on_partner": False,
            "outstanding_trump": True,
            "claimer_possibly_unaware": True,
            "trump_trick_losable": True,
            "tricks_lost": 1,
        },
        outcome("70C", 5, declarer=8),
        "70C",
        id="70C-defenders-claim-after-70D2-cleared",
    ),
    pytest.param(
        "unstated_line_70e",
        {**NO_TRUMP_POINT, "line": "unstated_finesse_or_drop", "finesse_exception": "none", "tricks_lost": 1},
        outcome("70E", 9),
        "70E1",
        id="70E1-unstated-finesse",
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
        "70D1",
        id="70D1-new-line-not-accepted",
    ),
    pytest.param(
        "normal_line_70a",
        {**NO_TRUMP_POINT, "line": "stated_line", "normal_line_loses": True, "tricks_lost": 1},
        outcome("70A", 9),
        "70A",
        id="70A-70E2-doubtful-point-against-claimer",
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
        "70A",
        id="70E1-opponent-had-shown-out-claim-stands",
    ),
    pytest.param(
        "concession_stands_71",
        {**CONCESSION, "cancel_grounds": "none", "tricks_kept": 8},
        outcome("71", 8),
        "71",
        id="71-concession-stands",
    ),
    pytest.param(
        "concession_stands_71",
        {
            **CONCESSION,
            "cancel_grounds": "unlosable_normal",
            "within_correction_period": False,
            "tricks_kept": 8,
        },
        outcome("71", 8),
        "79C",
        id="71-79C-after-the-correction-period",
    ),
    pytest.param(
        "concession_cancelled_71a",
        {
            **CONCESSION,
            "cancel_grounds": "trick_won",
            "within_correction_period": True,
            "tricks_kept": 8,
            "tricks_restored": 1,
        },
        outcome("71A", 9),
        "71A",
        id="71A-trick-in-fact-won",
    ),
    pytest.param(
        "concession_cancelled_71b",
        {
            **CONCESSION,
            "cancel_grounds": "unlosable_normal",
            "within_correction_period": True,
            "tricks_kept": 8,
            "tricks_restored": 2,
        },
        outcome("71B", 10),
        "71B",
        id="71B-not-losable-by-normal-play",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH)


@pytest.fixture(scope="module")
def tree_1999() -> Tree:
    return load_tree(TREE_1999_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected", "law"), CASES)
def test_case_reaches_its_leaf_and_cites_its_law(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any], law: str
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and law in ruling.laws


def test_the_casebook_covers_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_tree_validates_against_the_2017_outline() -> None:
    loaded = load_tree(TREE_PATH, load_outline(OUTLINE).all_refs())
    assert (loaded.slug, loaded.edition) == ("claim", "wbf-2017")


def test_scripts_speak_of_the_2017_laws(tree: Tree) -> None:
    for leaf in tree.leaves:
        assert "2017" in leaf.script.zh and "2017" in leaf.script.en, leaf.id


def test_the_trick_count_becomes_the_boards_score(tree: Tree) -> None:
    facts = {**NO_TRUMP_POINT, "line": "stated_line", "normal_line_loses": True, "tricks_lost": 1}
    facts |= {"contract": "4S", "declarer": "S", "vulnerability": "NS"}
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None
    assert ruling["adjusted_declarer_tricks"] == 9
    assert ruling["score_ns"] == score("4S", "S", "NS", 9).score_ns == -100


def test_70d2_is_asked_only_of_a_defenders_claim(tree: Tree) -> None:
    declarer = evaluate(tree, {**BY_DECLARER, "response": "disputed", "all_four_agreed_to_play_on": False})
    assert declarer.question is not None and declarer.question.fact == "outstanding_trump"
    defender = evaluate(tree, {k: v for k, v in BY_DEFENDER_DISPUTED.items() if k != "tricks_claimed"})
    assert defender.question is not None and defender.question.fact == "defender_claim_depends_on_partner"


def test_concession_restoring_too_many_is_refused(tree: Tree) -> None:
    facts = {**CONCESSION, "tricks_kept": 12, "cancel_grounds": "trick_won"}
    facts |= {"within_correction_period": True, "tricks_restored": 2}
    with pytest.raises(FactError) as caught:
        evaluate(tree, facts)
    assert caught.value.field == "tricks_restored" and caught.value.code == "fact.restored_exceeds"


def test_a_1997_only_answer_is_refused_naming_the_fact(tree: Tree) -> None:
    """The 1997 'irrational' exception to 70E is not an answer the 2017 tree takes."""
    facts = {
        **NO_TRUMP_POINT,
        "line": "unstated_finesse_or_drop",
        "finesse_exception": "irrational_otherwise",
    }
    with pytest.raises(FactError) as caught:
        evaluate(tree, facts)
    assert caught.value.field == "finesse_exception"


# --- the codes differ: one table situation, answered in each tree's own terms ---------------------------------


def ruling_of(tree: Tree, facts: dict[str, object]) -> tuple[str, bool, int | None]:
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None
    return ruling["rule"], ruling["play_continues"], ruling["tricks_awarded"]


def test_playing_on_after_a_dispute_is_2017_only(tree: Tree, tree_1999: Tree) -> None:
    """68D2(b): all four agree to play on → the claim is void (2017). 1997: play has ceased; the Director
    adjudicates the claim as disputed (here 70A upholds ten tricks)."""
    old = {**BY_DECLARER, "tricks_claimed": 10, "response": "disputed", "outstanding_trump": False}
    old |= {"line": "stated_line", "normal_line_loses": False}
    assert ruling_of(tree_1999, old) == ("70A", False, 10)
    new = {**BY_DECLARER, "response": "disputed", "all_four_agreed_to_play_on": True}
    assert ruling_of(tree, new) == ("68D", True, None)
    assert "all_four_agreed_to_play_on" not in tree_1999.facts_by_name


def test_withdrawing_agreement_for_a_trick_likely_won(tree: Tree, tree_1999: Tree) -> None:
    """A trick the side would likely have won, though a careless (normal) play could lose it: 1997 69B — not
    'could not be lost by any normal play', so the acquiescence stands; 2017 69B2 — withdrawn."""
    base = {**AGREED, "tricks_claimed": 12, "withdrawal_requested": True, "within_correction_period": True}
    assert ruling_of(tree_1999, {**base, "withdrawal_grounds": "neither"}) == ("69B", False, 12)
    assert ruling_of(tree, {**base, "withdrawal_grounds": "likely_won", "tricks_lost": 1}) == (
        "69B",
        False,
        11,
    )


def test_the_irrational_exception_to_70e_is_gone(tree: Tree, tree_1999: Tree) -> None:
    """An unstated finesse it would be irrational not to take: 1997 70E accepts it (the claim stands);
    2017 70E1 has no such exception (one trick to the defenders)."""
    base = {**BY_DECLARER, "tricks_claimed": 10, "response": "disputed", "outstanding_trump": False}
    base |= {"line": "unstated_finesse_or_drop"}
    old = {**base, "finesse_exception": "irrational_otherwise", "normal_line_loses": False}
    assert ruling_of(tree_1999, old) == ("70A", False, 10)
    new = {**base, "all_four_agreed_to_play_on": False, "finesse_exception": "none", "tricks_lost": 1}
    assert ruling_of(tree, new) == ("70E", False, 9)


def test_defenders_claim_depending_on_partner(tree: Tree, tree_1999: Tree) -> None:
    """70D2 (2017 only): a defender's claim needing partner to choose right loses that trick; the 1999 tree
    has no such point and upholds it when no other doubtful point costs a trick."""
    old = {
        **CLAIM,
        "made_by": "defender",
        "tricks_claimed": 6,
        "response": "disputed",
        "outstanding_trump": False,
    }
    old |= {"line": "stated_line", "normal_line_loses": False}
    assert ruling_of(tree_1999, old) == ("70A", False, 6)
    new = {**BY_DEFENDER_DISPUTED, "defender_claim_depends_on_partner": True, "tricks_lost": 1}
    assert ruling_of(tree, new) == ("70D2", False, 5)


def test_normal_play_concession_noticed_after_the_round(tree: Tree, tree_1999: Tree) -> None:
    """A trick not losable by any normal play, conceded; attention drawn after the round ended but within the
    correction period: 1997 71C — too late, the concession stands; 2017 71B — cancelled."""
    old = {**CONCESSION, "cancel_grounds": "unlosable_normal", "attention_in_time": False, "tricks_kept": 8}
    assert ruling_of(tree_1999, old) == ("71", False, 8)
    new = {**CONCESSION, "cancel_grounds": "unlosable_normal", "within_correction_period": True}
    new |= {"tricks_kept": 8, "tricks_restored": 1}
    assert ruling_of(tree, new) == ("71B", False, 9)
