"""The 2017 lead-out-of-turn tree (WBF 2017 Laws 47E, 53–57; laws-facts-2017.md L47, L53–L57): a casebook — every
leaf, each case's id starting with the 2017 law it rests on, which the ruling cites — and the cases where the 1997
tree (fixtures/trees/lead-out-of-turn.yaml) and the 2017 tree rule the same facts differently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import FactError, Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_PATH = ROOT / "fixtures" / "trees" / "wbf-2017" / "lead-out-of-turn.yaml"
TREE_1997_PATH = ROOT / "fixtures" / "trees" / "lead-out-of-turn.yaml"
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"

OPENING_LEAD = {"phase": "opening_lead", "induced_by_opponent": False, "correct_leader_face_down": False}
OPENING = {**OPENING_LEAD, "declarer_began_spreading": False, "declarer_saw_dummy_card": False}
FACE_DOWN = {**OPENING_LEAD, "correct_leader_face_down": True}
FD_OPENING = {**FACE_DOWN, "declarer_began_spreading": False, "declarer_saw_dummy_card": False}
PLAY = {"phase": "play", "induced_by_opponent": False, "trick_13": False, "correct_leader_led": False}
DEFENDER = {**PLAY, "offender": "defender", "next_player_played": False}
DECLARER = {**PLAY, "offender": "declarer", "next_player_played": False, "wrong_defender_played": False}
PREMATURE = {"phase": "premature_play"}
RHO = {"phase": "play_at_rho_turn"}
TAKEN_BACK = {"phase": "legal_lead_taken_back"}


def outcome(
    rule: str,
    becomes_dummy: bool = False,
    penalty_card: str = "none",
    restriction: str = "none",
    partner_play: str = "none",
    *,
    review: bool = False,
    related: str = "none",
) -> dict[str, Any]:
    return {
        "rule": rule,
        "declarer_becomes_dummy": becomes_dummy,
        "penalty_card": penalty_card,
        "lead_restriction": restriction,
        "partner_play_restriction": partner_play,
        "adjustment_review": review,
        "related_tree": related,
    }


def opening_cases(prefix: str, base: dict[str, object], extra_law: str) -> list[Any]:
    tag = "fd-" if prefix else ""
    return [
        pytest.param(
            f"{prefix}spread_forced_54a",
            {**base, "declarer_began_spreading": True},
            outcome("54A", True),
            "54A",
            id=f"54A-{tag}declarer-began-spreading",
        ),
        pytest.param(
            f"{prefix}must_accept_54c",
            {**base, "declarer_began_spreading": False, "declarer_saw_dummy_card": True},
            outcome("54C"),
            "54C",
            id=f"54C-{tag}declarer-saw-dummy-stays-declarer",
        ),
        pytest.param(
            f"{prefix}spread_54a",
            {**base, **extra(base), "declarer_choice": "spread_hand"},
            outcome("54A", True),
            extra_law,
            id=f"54A-{tag}declarer-chooses-to-be-dummy",
        ),
        pytest.param(
            f"{prefix}accept_54b",
            {**base, **extra(base), "declarer_choice": "accept"},
            outcome("54B"),
            "54B",
            id=f"54B-{tag}declarer-accepts",
        ),
        pytest.param(
            f"{prefix}refuse_require_54d",
            {**base, **extra(base), "declarer_choice": "refuse", "lead_restriction_choice": "require_suit"},
            outcome("54D", restriction="require_suit"),
            "56",
            id=f"54D-56-{tag}refuse-require-suit",
        ),
        pytest.param(
            f"{prefix}refuse_forbid_54d",
            {**base, **extra(base), "declarer_choice": "refuse", "lead_restriction_choice": "forbid_suit"},
            outcome("54D", restriction="forbid_suit"),
            "50D2",
            id=f"54D-50D2-{tag}refuse-forbid-suit",
        ),
        pytest.param(
            f"{prefix}refuse_penalty_card_54d",
            {**base, **extra(base), "declarer_choice": "refuse", "lead_restriction_choice": "none"},
            outcome("54D", penalty_card="major"),
            "50D1",
            id=f"54D-50D1-{tag}refuse-major-penalty-card",
        ),
    ]


def extra(base: dict[str, object]) -> dict[str, object]:
    return {"declarer_began_spreading": False, "declarer_saw_dummy_card": False}


CASES = [
    *opening_cases("", OPENING_LEAD, "10C2"),
    *opening_cases("fd_", FACE_DOWN, "41A"),
    pytest.param(
        "induced_47e1",
        {"phase": "opening_lead", "induced_by_opponent": True},
        outcome("47E1"),
        "47E1",
        id="47E1-opening-lead-induced-by-declarer",
    ),
    pytest.param(
        "induced_47e1",
        {"phase": "play", "induced_by_opponent": True},
        outcome("47E1"),
        "63A1",
        id="47E1-63A1-induced-lead-during-play-is-retracted",
    ),
    pytest.param(
        "declaring_side_lead_54e",
        {"phase": "declaring_side_opening_lead"},
        outcome("54E", related="exposed-card-auction"),
        "24",
        id="54E-24-dummy-leads-after-the-auction",
    ),
    pytest.param(
        "trick13_withdrawn_53a",
        {**PLAY, "trick_13": True},
        outcome("53A"),
        "53A",
        id="53A-lead-out-of-turn-at-trick-13-is-withdrawn",
    ),
    pytest.param(
        "proper_lead_53b",
        {**PLAY, "correct_leader_led": True},
        outcome("53B"),
        "53B",
        id="53B-proper-lead-after-the-irregular-one-16C",
    ),
    pytest.param(
        "defender_accepted_by_play_53a",
        {**DEFENDER, "next_player_played": True},
        outcome("53A"),
        "53A",
        id="53A-declarer-plays-to-defenders-lead",
    ),
    pytest.param(
        "defender_accepted_53a",
        {**DEFENDER, "choice": "accept"},
        outcome("53A"),
        "53A",
        id="53A-declarer-accepts-defenders-lead",
    ),
    pytest.param(
        "defender_retracted_56",
        {**DEFENDER, "choice": "retract"},
        outcome("56", penalty_card="major", restriction="pending"),
        "56",
        id="56-defenders-lead-retracted",
    ),
    pytest.param(
        "declarer_accepted_by_play_53a",
        {**DECLARER, "next_player_played": True},
        outcome("53A"),
        "53A",
        id="53A-lho-plays-to-declarers-lead",
    ),
    pytest.param(
        "wrong_defender_53c",
        {**DECLARER, "wrong_defender_played": True},
        outcome("53C", penalty_card="major", restriction="pending", partner_play="pending"),
        "53C",
        id="53C-57-wrong-defender-plays-to-declarers-lead",
    ),
    pytest.param(
        "declarer_accepted_55a",
        {**DECLARER, "choice": "accept"},
        outcome("55A"),
        "55A",
        id="55A-defenders-accept-declarers-lead",
    ),
    pytest.param(
        "retract_defenders_turn_55b1",
        {**DECLARER, "choice": "retract", "declarer_wrong_hand_own_turn": False},
        outcome("55B1", review=True, related="unauthorized-information"),
        "55C",
        id="55B1-55C-declarer-led-at-defenders-turn",
    ),
    pytest.param(
        "retract_wrong_hand_55b2",
        {**DECLARER, "choice": "retract", "declarer_wrong_hand_own_turn": True},
        outcome("55B2", review=True, related="unauthorized-information"),
        "60B",
        id="55B2-60B-declarer-led-from-wrong-hand",
    ),
    pytest.param(
        "premature_highest_57",
        {**PREMATURE, "declarer_option": "highest"},
        outcome("57", penalty_card="major", restriction="pending", partner_play="highest"),
        "57A1",
        id="57A1-highest-card-of-suit-led",
    ),
    pytest.param(
        "premature_lowest_57",
        {**PREMATURE, "declarer_option": "lowest"},
        outcome("57", penalty_card="major", restriction="pending", partner_play="lowest"),
        "57A2",
        id="57A2-lowest-card-of-suit-led",
    ),
    pytest.param(
        "premature_require_other_suit_57",
        {**PREMATURE, "declarer_option": "require_other_suit"},
        outcome("57", penalty_card="major", restriction="pending", partner_play="require_other_suit"),
        "57A3",
        id="57A3-require-a-card-of-another-suit",
    ),
    pytest.param(
        "premature_other_suit_57",
        {**PREMATURE, "declarer_option": "other_suit"},
        outcome("57", penalty_card="major", restriction="pending", partner_play="other_suit"),
        "57A4",
        id="57A4-forbid-a-card-of-another-suit",
    ),
    pytest.param(
        "premature_57c",
        {"phase": "premature_play_after_both_hands"},
        outcome("57", review=True),
        "57C1",
        id="57C1-declarer-had-played-from-both-hands",
    ),
    pytest.param(
        "rho_turn_played_in_turn_57d",
        {**RHO, "card_legal_at_turn": True},
        outcome("57D", review=True, related="unauthorized-information"),
        "57D",
        id="57D-defender-plays-before-dummy-card-is-legal",
    ),
    pytest.param(
        "rho_turn_penalty_card_57d",
        {**RHO, "card_legal_at_turn": False},
        outcome("57D", penalty_card="major", restriction="pending", review=True),
        "57D",
        id="57D-defender-plays-before-declarer-card-not-legal",
    ),
    pytest.param(
        "lead_stands_45a",
        {**TAKEN_BACK, "lead_after_misexplanation": False},
        outcome("45A"),
        "45A",
        id="45A-47F-legal-lead-stands",
    ),
    pytest.param(
        "withdrawn_misexplanation_47e2",
        {**TAKEN_BACK, "lead_after_misexplanation": True, "misexplanation_in_time": True},
        outcome("47E2"),
        "47E2",
        id="47E2a-lead-after-mistaken-explanation-in-time",
    ),
    pytest.param(
        "too_late_misexplanation_47e2b",
        {**TAKEN_BACK, "lead_after_misexplanation": True, "misexplanation_in_time": False},
        outcome("47E2", review=True, related="misinformation"),
        "47E2",
        id="47E2b-too-late-director-may-adjust",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH, load_outline(OUTLINE_2017).all_refs())


@pytest.fixture(scope="module")
def tree_1997() -> Tree:
    return load_tree(TREE_1997_PATH)


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
    assert tree.edition == "wbf-2017" and tree.slug == "lead-out-of-turn"
    refs = load_outline(OUTLINE_2017).all_refs()
    for case in CASES:
        ruling = evaluate(tree, case.values[1]).ruling
        assert ruling is not None and set(ruling.laws) <= refs
        assert "1999" not in ruling.script.zh + ruling.script.en and "CCBA" not in ruling.script.en


# --- the codes differ (1997 tree vs 2017 tree, the same facts) ------------------------------------------------


def known(tree: Tree, facts: dict[str, object]) -> dict[str, object]:
    """The facts a tree declares: a 2017-only fact (trick_13) is simply not asked by the 1997 tree."""
    return {name: value for name, value in facts.items() if tree.fact(name) is not None}


def test_53_letters_swapped_proper_lead_is_53b_wrong_defender_is_53c(tree: Tree, tree_1997: Tree) -> None:
    proper = {"phase": "play", "induced_by_opponent": False, "trick_13": False, "correct_leader_led": True}
    wrong = {**DECLARER, "wrong_defender_played": True}
    old_p, new_p = evaluate(tree_1997, known(tree_1997, proper)).ruling, evaluate(tree, proper).ruling
    old_w, new_w = evaluate(tree_1997, known(tree_1997, wrong)).ruling, evaluate(tree, wrong).ruling
    assert old_p is not None and new_p is not None and old_w is not None and new_w is not None
    assert (old_p["rule"], new_p["rule"]) == ("53C", "53B")
    assert (old_w["rule"], new_w["rule"]) == ("53B", "53C")
    assert "16C" in new_p.laws and "16C2" in old_p.laws


def test_53a_a_lead_out_of_turn_at_trick_13_cannot_be_accepted(tree: Tree, tree_1997: Tree) -> None:
    facts = {**DEFENDER, "trick_13": True, "choice": "accept"}
    old = evaluate(tree_1997, known(tree_1997, facts)).ruling
    new = evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert old.leaf == "defender_accepted_53a"
    assert new.leaf == "trick13_withdrawn_53a" and "cannot be accepted" in new.script.en


def test_57a_four_options_the_1997_tree_knows_three(tree: Tree, tree_1997: Tree) -> None:
    facts = {**PREMATURE, "declarer_option": "require_other_suit"}
    with pytest.raises(FactError) as caught:
        evaluate(tree_1997, facts)
    assert caught.value.field == "declarer_option"
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and ruling["partner_play_restriction"] == "require_other_suit"
    for option in ("highest", "lowest", "other_suit"):
        same = {**PREMATURE, "declarer_option": option}
        old, new = evaluate(tree_1997, same).ruling, evaluate(tree, same).ruling
        assert old is not None and new is not None
        assert old["partner_play_restriction"] == new["partner_play_restriction"] == option
        assert "three options" in old.script.en and "four options" in new.script.en


def test_55c_is_law_16_in_2017_and_the_defenders_disagreeing_is_settled(tree: Tree, tree_1997: Tree) -> None:
    facts = {**DECLARER, "choice": "retract", "declarer_wrong_hand_own_turn": False}
    old, new = evaluate(tree_1997, known(tree_1997, facts)).ruling, evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert "16" not in old.laws and "16" in new.laws
    assert "Law 16 applies" in new.script.en and "prevails" in new.script.en
    assert "may award an adjusted score" in old.script.en


def test_47e2_too_late_is_an_adjustment_under_47e2b_not_40c(tree: Tree, tree_1997: Tree) -> None:
    facts = {**TAKEN_BACK, "lead_after_misexplanation": True, "misexplanation_in_time": False}
    old, new = evaluate(tree_1997, facts).ruling, evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert "40C" in old.laws and "40C" not in new.laws
    assert "47E2(b)" in new.script.en and new["related_tree"] == "misinformation"


def test_47e1_says_no_revoke_is_established_through_the_induced_lead(tree: Tree, tree_1997: Tree) -> None:
    facts = {"phase": "play", "induced_by_opponent": True}
    old, new = evaluate(tree_1997, facts).ruling, evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert "63A1" not in old.laws and "63A1" in new.laws


def test_54e_and_57d_are_2017_phases(tree: Tree, tree_1997: Tree) -> None:
    for phase in ("declaring_side_opening_lead", "play_at_rho_turn"):
        with pytest.raises(FactError):
            evaluate(tree_1997, {"phase": phase})
    question = evaluate(tree, RHO)
    assert question.status == "question" and question.question is not None
    assert question.question.fact == "card_legal_at_turn"


def test_54c_says_the_presumed_declarer_stays_declarer(tree: Tree) -> None:
    for leaf in ("must_accept_54c", "fd_must_accept_54c"):
        case = next(c for c in CASES if c.values[0] == leaf)
        ruling = evaluate(tree, case.values[1]).ruling
        assert ruling is not None and ruling["declarer_becomes_dummy"] is False
        assert "remains declarer" in ruling.script.en and "仍然做庄" in ruling.script.zh


def test_trick_13_is_asked_only_on_the_play_path(tree: Tree) -> None:
    result = evaluate(tree, {"phase": "play", "induced_by_opponent": False})
    assert result.status == "question" and result.question is not None
    assert result.question.fact == "trick_13"
    for case in CASES:
        facts = case.values[1]
        if facts.get("phase") != "play":
            assert "trick_13" not in facts
