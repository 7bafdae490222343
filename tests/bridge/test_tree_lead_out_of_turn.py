"""The lead-out-of-turn tree (Laws 53–57 with 47E1 and 50, 1997 code; laws-facts.md B-53–57): a casebook with
every leaf, each case citing the law it rests on (its id), and the errata's situations (errata-2026-12.md §C
T5–T8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "lead-out-of-turn.yaml"

OPENING_LEAD = {"phase": "opening_lead", "induced_by_opponent": False, "correct_leader_face_down": False}
FACE_DOWN = {**OPENING_LEAD, "correct_leader_face_down": True}
FD_OPENING = {**FACE_DOWN, "declarer_began_spreading": False, "declarer_saw_dummy_card": False}
TAKEN_BACK = {"phase": "legal_lead_taken_back"}
OPENING = {**OPENING_LEAD, "declarer_began_spreading": False, "declarer_saw_dummy_card": False}
PLAY = {"phase": "play", "induced_by_opponent": False, "correct_leader_led": False}
DEFENDER = {**PLAY, "offender": "defender", "next_player_played": False}
DECLARER = {**PLAY, "offender": "declarer", "next_player_played": False, "wrong_defender_played": False}
PREMATURE = {"phase": "premature_play"}


def outcome(
    rule: str,
    becomes_dummy: bool,
    penalty_card: str,
    restriction: str,
    partner_play: str = "none",
    *,
    review: bool = False,
) -> dict[str, Any]:
    return {
        "rule": rule,
        "declarer_becomes_dummy": becomes_dummy,
        "penalty_card": penalty_card,
        "lead_restriction": restriction,
        "partner_play_restriction": partner_play,
        "adjustment_review": review,
    }


CASES = [
    pytest.param(
        "spread_forced_54a",
        {**OPENING_LEAD, "declarer_began_spreading": True},
        outcome("54A", True, "none", "none"),
        id="54A-declarer-began-spreading",
    ),
    pytest.param(
        "must_accept_54c",
        {**OPENING_LEAD, "declarer_began_spreading": False, "declarer_saw_dummy_card": True},
        outcome("54C", False, "none", "none"),
        id="54C-declarer-saw-dummy",
    ),
    pytest.param(
        "spread_54a",
        {**OPENING, "declarer_choice": "spread_hand"},
        outcome("54A", True, "none", "none"),
        id="54A-declarer-spreads",
    ),
    pytest.param(
        "accept_54b",
        {**OPENING, "declarer_choice": "accept"},
        outcome("54B", False, "none", "none"),
        id="54B-declarer-accepts",
    ),
    pytest.param(
        "refuse_require_54d",
        {**OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "require_suit"},
        outcome("54D", False, "none", "require_suit"),
        id="54D-refuse-require-suit",
    ),
    pytest.param(
        "refuse_forbid_54d",
        {**OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "forbid_suit"},
        outcome("54D", False, "none", "forbid_suit"),
        id="54D-refuse-forbid-suit",
    ),
    pytest.param(
        "refuse_penalty_card_54d",
        {**OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "none"},
        outcome("54D", False, "major", "none"),
        id="54D-refuse-major-penalty-card",
    ),
    pytest.param(
        "defender_accepted_by_play_53a",
        {**DEFENDER, "next_player_played": True},
        outcome("53A", False, "none", "none"),
        id="53A-defenders-lead-accepted-by-play",
    ),
    pytest.param(
        "defender_accepted_53a",
        {**DEFENDER, "choice": "accept"},
        outcome("53A", False, "none", "none"),
        id="53A-declarer-accepts-defenders-lead",
    ),
    pytest.param(
        "defender_retracted_56",
        {**DEFENDER, "choice": "retract"},
        outcome("56", False, "major", "pending"),
        id="56-defenders-lead-retracted",
    ),
    pytest.param(
        "declarer_accepted_by_play_53a",
        {**DECLARER, "next_player_played": True},
        outcome("53A", False, "none", "none"),
        id="53A-declarers-lead-accepted-by-play",
    ),
    pytest.param(
        "declarer_accepted_55a",
        {**DECLARER, "choice": "accept"},
        outcome("55A", False, "none", "none"),
        id="55A-defenders-accept-declarers-lead",
    ),
    pytest.param(
        "retract_defenders_turn_55b1",
        {**DECLARER, "choice": "retract", "declarer_wrong_hand_own_turn": False},
        outcome("55B1", False, "none", "none", review=True),
        id="55B1-declarer-led-at-a-defenders-turn",
    ),
    pytest.param(
        "retract_wrong_hand_55b2",
        {**DECLARER, "choice": "retract", "declarer_wrong_hand_own_turn": True},
        outcome("55B2", False, "none", "none", review=True),
        id="55B2-declarer-led-from-the-wrong-hand",
    ),
    pytest.param(
        "induced_47e1",
        {"phase": "play", "induced_by_opponent": True},
        outcome("47E1", False, "none", "none"),
        id="47E1-T5-dummy-says-your-lead-west-and-west-leads",
    ),
    pytest.param(
        "induced_47e1",
        {"phase": "opening_lead", "induced_by_opponent": True},
        outcome("47E1", False, "none", "none"),
        id="47E1-declarer-tells-the-wrong-defender-to-lead-first",
    ),
    pytest.param(
        "proper_lead_53c",
        {**PLAY, "correct_leader_led": True},
        outcome("53C", False, "none", "none"),
        id="53C-T6-west-leads-out-of-turn-declarer-on-lead-simply-leads",
    ),
    pytest.param(
        "wrong_defender_53b",
        {**DECLARER, "wrong_defender_played": True},
        outcome("53B", False, "major", "pending", "pending"),
        id="53B-57-T7-declarer-leads-from-dummy-when-in-hand-west-plays-to-it",
    ),
    pytest.param(
        "premature_highest_57",
        {**PREMATURE, "declarer_option": "highest"},
        outcome("57", False, "major", "pending", "highest"),
        id="57A-T8-east-leads-to-trick-6-before-west-plays-to-trick-5-highest",
    ),
    pytest.param(
        "premature_lowest_57",
        {**PREMATURE, "declarer_option": "lowest"},
        outcome("57", False, "major", "pending", "lowest"),
        id="57A-premature-play-partner-plays-lowest",
    ),
    pytest.param(
        "premature_other_suit_57",
        {**PREMATURE, "declarer_option": "other_suit"},
        outcome("57", False, "major", "pending", "other_suit"),
        id="57A-premature-play-partner-forbidden-another-suit",
    ),
    pytest.param(
        "premature_57c",
        {"phase": "premature_play_after_both_hands"},
        outcome("57", False, "none", "none", review=True),
        id="57C-declarer-had-played-from-both-hands-no-penalty",
    ),
    pytest.param(
        "fd_spread_forced_54a",
        {**FACE_DOWN, "declarer_began_spreading": True},
        outcome("54A", True, "none", "none"),
        id="41A-54A-face-down-lead-returned-declarer-began-spreading",
    ),
    pytest.param(
        "fd_must_accept_54c",
        {**FACE_DOWN, "declarer_began_spreading": False, "declarer_saw_dummy_card": True},
        outcome("54C", False, "none", "none"),
        id="41A-54C-face-down-lead-returned-declarer-saw-dummy",
    ),
    pytest.param(
        "fd_spread_54a",
        {**FD_OPENING, "declarer_choice": "spread_hand"},
        outcome("54A", True, "none", "none"),
        id="41A-54A-face-down-lead-returned-declarer-spreads",
    ),
    pytest.param(
        "fd_accept_54b",
        {**FD_OPENING, "declarer_choice": "accept"},
        outcome("54B", False, "none", "none"),
        id="41A-54B-face-down-lead-returned-declarer-accepts",
    ),
    pytest.param(
        "fd_refuse_require_54d",
        {**FD_OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "require_suit"},
        outcome("54D", False, "none", "require_suit"),
        id="41A-54D-face-down-lead-returned-refuse-require",
    ),
    pytest.param(
        "fd_refuse_forbid_54d",
        {**FD_OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "forbid_suit"},
        outcome("54D", False, "none", "forbid_suit"),
        id="41A-54D-face-down-lead-returned-refuse-forbid",
    ),
    pytest.param(
        "fd_refuse_penalty_card_54d",
        {**FD_OPENING, "declarer_choice": "refuse", "lead_restriction_choice": "none"},
        outcome("54D", False, "major", "none"),
        id="41A-54D-face-down-lead-returned-refuse-major-penalty-card",
    ),
    pytest.param(
        "lead_stands_45a",
        {**TAKEN_BACK, "lead_after_misexplanation": False},
        outcome("45A", False, "none", "none"),
        id="45A-47F-a-legal-faced-lead-is-played-and-stays",
    ),
    pytest.param(
        "withdrawn_misexplanation_47e2",
        {**TAKEN_BACK, "lead_after_misexplanation": True, "misexplanation_in_time": True},
        outcome("47E2", False, "none", "none"),
        id="47E2-led-after-a-mistaken-explanation-taken-back-in-time",
    ),
    pytest.param(
        "too_late_misexplanation_40c",
        {**TAKEN_BACK, "lead_after_misexplanation": True, "misexplanation_in_time": False},
        outcome("47E2", False, "none", "none", review=True),
        id="40C-too-late-to-take-back-the-card-adjustment-if-damaged",
    ),
]

OPENING_LEAD_LEAVES = [
    "spread_forced_54a",
    "must_accept_54c",
    "spread_54a",
    "accept_54b",
    "refuse_require_54d",
    "refuse_forbid_54d",
    "refuse_penalty_card_54d",
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


def test_first_question_is_the_phase(tree: Tree) -> None:
    result = evaluate(tree, {})
    assert result.question is not None and result.question.fact == "phase"
    assert [option.value for option in result.question.options] == [
        "opening_lead",
        "play",
        "premature_play",
        "premature_play_after_both_hands",
        "legal_lead_taken_back",
    ]


def test_declarer_is_offered_three_choices_then_three_restrictions(tree: Tree) -> None:
    first = evaluate(tree, OPENING)
    assert first.question is not None and first.question.fact == "declarer_choice"
    assert [option.value for option in first.question.options] == ["spread_hand", "accept", "refuse"]
    second = evaluate(tree, {**OPENING, "declarer_choice": "refuse"})
    assert second.question is not None and second.question.fact == "lead_restriction_choice"
    assert [option.value for option in second.question.options] == ["require_suit", "forbid_suit", "none"]


@pytest.mark.parametrize("leaf", OPENING_LEAD_LEAVES)
def test_opening_lead_scripts_announce_the_five_options(tree: Tree, leaf: str) -> None:
    """Law 10C1 and B-53–56: declarer hears all five options, even when one of them is forced."""
    script = tree.node(leaf).script  # type: ignore[union-attr]
    assert "五种选择" in script.zh
    assert "five options" in script.en
    for words in ("spread", "accept", "require", "forbid", "major penalty card"):
        assert words in script.en.lower(), (leaf, words)
    if leaf in ("spread_forced_54a", "must_accept_54c"):  # forced: the options only recalled, in one sentence
        return
    # offered, they are read one by one (issue 31, polish 13): a line each, numbered, in both languages
    for number, mark in enumerate("一二三四五", start=1):
        assert f"\n{mark}、" in script.zh and f"\n{number}. " in script.en, (leaf, number)


@pytest.mark.parametrize("leaf", ["refuse_require_54d", "refuse_forbid_54d", "refuse_penalty_card_54d"])
def test_refused_opening_lead_goes_through_law_56_and_50d(tree: Tree, leaf: str) -> None:
    laws = tree.node(leaf).laws  # type: ignore[union-attr]
    assert "56" in laws and any(ref.startswith("50D") for ref in laws)


def test_retracted_defenders_lead_leaves_declarers_50d_choice_pending(tree: Tree) -> None:
    result = evaluate(tree, {**DEFENDER, "choice": "retract"})
    assert result.ruling is not None
    assert result.ruling["penalty_card"] == "major"
    assert result.ruling["lead_restriction"] == "pending"
    assert "50D2" in result.ruling.laws
    assert "require" in result.ruling.script.en and "forbid" in result.ruling.script.en


@pytest.mark.parametrize(
    "leaf", ["declarer_accepted_55a", "retract_defenders_turn_55b1", "retract_wrong_hand_55b2"]
)
def test_declarers_lead_scripts_give_the_defenders_both_options(tree: Tree, leaf: str) -> None:
    script = tree.node(leaf).script  # type: ignore[union-attr]
    assert "accept" in script.en and "retract" in script.en
    assert "接受" in script.zh and "收回" in script.zh


def test_wrong_hand_retraction_does_not_require_the_same_suit(tree: Tree) -> None:
    """1997 Law 55B2 (CCBA): declarer leads from the correct hand; no obligation to lead the same suit."""
    script = tree.node("retract_wrong_hand_55b2").script  # type: ignore[union-attr]
    assert "need not lead the same suit" in script.en
    assert "不要求他引同一花色" in script.zh


def test_play_phase_never_asks_opening_lead_facts(tree: Tree) -> None:
    result = evaluate(tree, PLAY)
    assert result.question is not None and result.question.fact == "offender"
    ruling = evaluate(tree, {**DEFENDER, "choice": "accept", "declarer_choice": "refuse"})
    assert [step.fact for step in ruling.path] == [
        "phase",
        "induced_by_opponent",
        "correct_leader_led",
        "offender",
        "next_player_played",
        "choice",
    ]


# --- Vocabulary v2: the situations of errata-2026-12.md §C ------------------------------------------------------


@pytest.mark.parametrize("phase", ["opening_lead", "play"])
def test_t5_every_lead_out_of_turn_first_asks_whether_an_opponent_induced_it(tree: Tree, phase: str) -> None:
    """47E1: a lead induced by an opponent's word is taken back without penalty and cannot be accepted, so it
    cannot be answered as "retract" (Law 56, a major penalty card) or "accept"."""
    asked = evaluate(tree, {"phase": phase})
    assert asked.question is not None and asked.question.fact == "induced_by_opponent"
    ruling = evaluate(tree, {"phase": phase, "induced_by_opponent": True, "choice": "retract"})
    assert ruling.ruling is not None
    assert (ruling.ruling["rule"], ruling.ruling["penalty_card"]) == ("47E1", "none")
    assert "may not accept" in ruling.ruling.script.en and "不得接受" in ruling.ruling.script.zh


def test_t6_the_proper_lead_by_the_player_on_lead_is_not_a_retracted_lead(tree: Tree) -> None:
    """53C: West leads out of turn, declarer (on lead) simply leads; West's card goes back without penalty. v1
    answered it "retract" and gave Law 56 with a major penalty card."""
    result = evaluate(tree, {**DEFENDER, "correct_leader_led": True, "choice": "retract"})
    assert result.ruling is not None
    assert (result.ruling["rule"], result.ruling["penalty_card"], result.ruling["lead_restriction"]) == (
        "53C",
        "none",
        "none",
    )
    assert "16C2" in result.ruling.laws


def test_t7_the_wrong_defender_is_asked_only_after_declarers_lead_out_of_turn(tree: Tree) -> None:
    asked = evaluate(tree, {k: v for k, v in DECLARER.items() if k != "wrong_defender_played"})
    assert asked.question is not None and asked.question.fact == "wrong_defender_played"
    defender = evaluate(tree, {**DEFENDER, "choice": "retract"})
    assert "wrong_defender_played" not in {step.fact for step in defender.path}
    by_play = evaluate(tree, {**DECLARER, "next_player_played": True})
    assert by_play.ruling is not None and by_play.ruling["rule"] == "53A"


def test_t7_law_57_for_the_wrong_defender_offers_declarer_the_three_options(tree: Tree) -> None:
    result = evaluate(tree, {**DECLARER, "wrong_defender_played": True})
    assert result.ruling is not None
    script = result.ruling.script
    for words in ("highest", "lowest", "another suit"):
        assert words in script.en
    assert "57A" in result.ruling.laws


def test_t8_a_premature_lead_is_law_57_not_a_lead_out_of_turn(tree: Tree) -> None:
    """East leads to trick 6 before West has played to trick 5: 57A, not 56 — a major penalty card and declarer's
    option for West on trick 5."""
    result = evaluate(tree, {**PREMATURE, "declarer_option": "lowest"})
    assert result.ruling is not None
    assert result.ruling["rule"] == "57" and result.ruling["penalty_card"] == "major"
    assert result.ruling["partner_play_restriction"] == "lowest"
    assert [step.fact for step in result.path] == ["phase", "declarer_option"]


def test_57c_once_declarer_has_played_from_both_hands_there_is_no_penalty_and_no_option(tree: Tree) -> None:
    result = evaluate(tree, {"phase": "premature_play_after_both_hands", "declarer_option": "highest"})
    assert result.ruling is not None
    assert (result.ruling["penalty_card"], result.ruling["partner_play_restriction"]) == ("none", "none")
    assert "declarer_option" not in {step.fact for step in result.path}


def test_premature_play_never_asks_lead_out_of_turn_facts(tree: Tree) -> None:
    result = evaluate(tree, {"phase": "premature_play"})
    assert result.question is not None and result.question.fact == "declarer_option"


def test_only_law_57_restricts_the_partners_play(tree: Tree) -> None:
    """partner_play_restriction is new (57A): only a premature card penalised under Law 57 (53B included) sets it."""
    restricted = {leaf.id for leaf in tree.leaves if leaf.outcome_map["partner_play_restriction"] != "none"}
    assert restricted == {
        "wrong_defender_53b",
        "premature_highest_57",
        "premature_lowest_57",
        "premature_other_suit_57",
    }


# --- review 2026-12b (issue 27): each test fails on the tree as it stood on main --------------------------------


def test_p7_a_premature_lead_to_the_next_trick_is_labelled_as_law_57a(tree: Tree) -> None:
    """Laws 57A and 57C: a premature lead to the next trick (scenario lot-14: declarer has played from both
    hands) belongs to the 57A option; the 57C option names plays to the current trick only."""
    phase = tree.fact("phase")
    assert phase is not None
    premature, after_both = phase.label("premature_play"), phase.label("premature_play_after_both_hands")
    assert premature is not None and after_both is not None
    assert "lead to the next trick" in premature.en and "引出下一墩" in premature.zh
    assert "not a lead to the next one" in after_both.en and "不是引下一墩" in after_both.zh


def test_g4_a_face_down_lead_by_the_correct_leader_goes_back_then_law_54(tree: Tree) -> None:
    """Laws 41A and 54: the correct leader's face-down lead is returned without penalty; declarer's options then
    apply to the faced lead out of turn. The opening-lead walk asks it before declarer's choices."""
    asked = evaluate(tree, {"phase": "opening_lead", "induced_by_opponent": False})
    assert asked.question is not None and asked.question.fact == "correct_leader_face_down"
    ruling = evaluate(tree, {**FD_OPENING, "declarer_choice": "accept"}).ruling
    assert ruling is not None and ruling.leaf == "fd_accept_54b" and "41A" in ruling.laws
    assert "without penalty" in ruling.script.en and "不受处罚" in ruling.script.zh


def test_g5_a_legal_faced_lead_stays_played_unless_law_47_allows(tree: Tree) -> None:
    """Law 45A: a faced lead is played; Law 47F: no retraction but as Law 47 allows (47E2 after a mistaken
    explanation, in time; otherwise 40C)."""
    stays = evaluate(tree, {**TAKEN_BACK, "lead_after_misexplanation": False}).ruling
    assert stays is not None and stays["rule"] == "45A" and "47F" in stays.laws
    late = evaluate(tree, {**TAKEN_BACK, "lead_after_misexplanation": True, "misexplanation_in_time": False})
    assert late.ruling is not None and "40C" in late.ruling.laws and late.ruling["adjustment_review"] is True


def test_p6_55c_is_a_review_not_an_award(tree: Tree) -> None:
    """Law 55C: the Director may adjust if declarer's later play could have used the information."""
    ruling = evaluate(tree, {**DECLARER, "choice": "retract", "declarer_wrong_hand_own_turn": True}).ruling
    assert ruling is not None and ruling["adjustment_review"] is True
