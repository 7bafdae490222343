"""The 2017 wrong-cards tree (Laws 13, 14, 15, 87 of the WBF 2017 Laws, with 12C2, 67, 86B and 90;
laws-facts-2017.md L12–L15, L86, L87): every leaf, each case naming the 2017 law it rests on; the tree validates
against the 2017 outline; the artificial score is the engine's; and the same table facts ruled under both codes
give what each code requires."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from bridge.adjusted import artificial
from bridge.trees import Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_2017 = ROOT / "fixtures" / "trees" / "wbf-2017" / "wrong-cards.yaml"
TREE_1999 = ROOT / "fixtures" / "trees" / "wrong-cards.yaml"
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"

WRONG_NUMBER = {"problem": "wrong_number", "when_discovered": "before_end_of_play"}
PAIRS_NS_AT_FAULT = {"form": "pairs", "fault_ns": "direct", "fault_ew": "none"}
TEAMS_BOTH_PARTLY = {"form": "teams", "fault_ns": "partial", "fault_ew": "partial"}
WRONG_BOARD = {"problem": "wrong_board", "form": "pairs"}
WRONG_HAND = {"problem": "cards_from_wrong_board"}
MISSING_AFTER_LEAD = {"problem": "missing_card", "when_missing_found": "during_play"}
NO_SCORE: dict[str, Any] = {
    "artificial_ns": None,
    "artificial_ew": None,
    "percent_ns": None,
    "percent_ew": None,
    "imps_ns": None,
    "imps_ew": None,
}
NS_MINUS_EW_PLUS = {
    "artificial_ns": "average_minus",
    "artificial_ew": "average_plus",
    "percent_ns": 40,
    "percent_ew": 60,
    "imps_ns": None,
    "imps_ew": None,
}
BOTH_AVERAGE_TEAMS = {
    "artificial_ns": "average",
    "artificial_ew": "average",
    "percent_ns": None,
    "percent_ew": None,
    "imps_ns": 0,
    "imps_ew": 0,
}


def outcome(
    rule: str,
    result: str,
    score: dict[str, Any] = NO_SCORE,
    *,
    review: bool = False,
    penalty: bool | None = None,
    related: str = "none",
) -> dict[str, Any]:
    adjusted = result == "artificial"
    return {
        "rule": rule,
        "board_result": result,
        "adjusted_score": adjusted,
        "adjustment_review": review,
        "procedural_penalty": adjusted if penalty is None else penalty,
        "related_tree": related,
        **score,
    }


CASES = [
    # Law 13A1: no one with an incorrect hand has called, no card seen — correct and play normally.
    pytest.param(
        "corrected_13a",
        {**WRONG_NUMBER, "calls_made": False, "saw_other_card": False},
        outcome("13A", "play_normally"),
        id="13A1-corrected-before-the-incorrect-hand-called",
    ),
    # Law 13A2: a card was seen — still played and scored normally; adjust afterwards if it mattered.
    pytest.param(
        "seen_play_on_13a",
        {**WRONG_NUMBER, "calls_made": False, "saw_other_card": True},
        outcome("13A", "play_normally", review=True, penalty=True),
        id="13A2-card-seen-play-on-and-review",
    ),
    # Law 13B1: the incorrect hand called, but no call need change — play on; the Director may adjust later.
    pytest.param(
        "play_on_13b",
        {**WRONG_NUMBER, "calls_made": True, "no_call_would_change": True},
        outcome("13B", "play_normally", review=True),
        id="13B1-no-change-of-call-play-on",
    ),
    # Law 13B2 + 12C2: a call would change — adjusted (artificial) score.
    pytest.param(
        "adjusted_13b",
        {**WRONG_NUMBER, "calls_made": True, "no_call_would_change": False, **PAIRS_NS_AT_FAULT},
        outcome("13B", "artificial", NS_MINUS_EW_PLUS),
        id="13B2-12C2-call-would-change",
    ),
    # Law 13D: found after play — the result is cancelled.
    pytest.param(
        "cancelled_13d",
        {"problem": "wrong_number", "when_discovered": "after_play", **TEAMS_BOTH_PARTLY},
        outcome("13D", "artificial", BOTH_AVERAGE_TEAMS),
        id="13D-12C2b-found-after-play-teams",
    ),
    # Law 13C: a surplus card — removed, no further rectification.
    pytest.param(
        "surplus_removed_13c",
        {"problem": "surplus_card", "surplus_played_to_trick": False},
        outcome("13C", "play_normally"),
        id="13C-surplus-card-removed",
    ),
    pytest.param(
        "surplus_played_13c",
        {"problem": "surplus_card", "surplus_played_to_trick": True},
        outcome("13C", "play_normally", review=True),
        id="13C-surplus-card-played-to-a-quitted-trick",
    ),
    # Law 14A: before the opening lead — restored, no change of call; 14C UI.
    pytest.param(
        "restored_14a",
        {"problem": "missing_card", "when_missing_found": "before_play"},
        outcome("14A", "play_normally"),
        id="14A-14C-restored-no-change-of-call",
    ),
    # Law 14B1 → 67: found among the played cards.
    pytest.param(
        "defective_trick_14b",
        {**MISSING_AFTER_LEAD, "card_found": "in_played_tricks"},
        outcome("14B", "play_normally", related="revoke"),
        id="14B1-67B-defective-trick",
    ),
    # Law 14B4: restored card belonged to the hand throughout — may be a penalty card.
    pytest.param(
        "restored_14b",
        {**MISSING_AFTER_LEAD, "card_found": "not_found", "failed_to_play_it": False},
        outcome("14B", "play_normally", related="penalty-card"),
        id="14B3-14B4-replaced-from-another-pack",
    ),
    pytest.param(
        "revoke_14b",
        {**MISSING_AFTER_LEAD, "card_found": "elsewhere", "failed_to_play_it": True},
        outcome("14B", "play_normally", related="revoke"),
        id="14B4-61-failure-to-play-it-may-be-a-revoke",
    ),
    # Law 15B footnote: teams go to 86B.
    pytest.param(
        "wrong_board_teams_86b",
        {"problem": "wrong_board", "form": "teams"},
        outcome("86B", "per_86b", review=True, penalty=True),
        id="15B-86B-wrong-board-at-teams",
    ),
    # Law 15B1/15B3: NS had played it — cancelled; EW, deprived, get an artificial score.
    pytest.param(
        "second_play_ew_deprived_15b",
        {**WRONG_BOARD, "previously_played": True, "played_before_side": "ns", "fault_ew": "none"},
        outcome(
            "15B",
            "artificial",
            {**NO_SCORE, "artificial_ew": "average_plus", "percent_ew": 60},
        ),
        id="15B1-15B3-ew-deprived",
    ),
    pytest.param(
        "second_play_ns_deprived_15b",
        {**WRONG_BOARD, "previously_played": True, "played_before_side": "ew", "fault_ns": "partial"},
        outcome(
            "15B",
            "artificial",
            {**NO_SCORE, "artificial_ns": "average", "percent_ns": 50},
        ),
        id="15B1-15B3-ns-deprived",
    ),
    pytest.param(
        "both_played_before_15b",
        {**WRONG_BOARD, "previously_played": True, "played_before_side": "both"},
        outcome("15B", "cancelled", penalty=True),
        id="15B1-both-had-played-it",
    ),
    # Law 15B2: new to all four — completed, the score stands (no 1997 15C repeat of the auction).
    pytest.param(
        "result_stands_15b",
        {**WRONG_BOARD, "previously_played": False, "other_tables_deprived": False},
        outcome("15B", "result_stands"),
        id="15B2-completed-score-stands",
    ),
    pytest.param(
        "result_stands_penalty_15b",
        {**WRONG_BOARD, "previously_played": False, "other_tables_deprived": True},
        outcome("15B", "result_stands", penalty=True),
        id="15B2-15B3-other-tables-deprived",
    ),
    # Law 15A1(b): partner has not called — the offender calls again with the right hand; 16C.
    pytest.param(
        "recall_15a1",
        {**WRONG_HAND, "wrong_hand_when": "call_now", "partner_called_since": False},
        outcome("15A", "play_normally"),
        id="15A1b-recall-with-the-correct-hand",
    ),
    # Law 15A1(a): partner has called since — adjusted score (artificial: no result to estimate).
    pytest.param(
        "adjusted_15a1",
        {**WRONG_HAND, "wrong_hand_when": "call_now", "partner_called_since": True, **PAIRS_NS_AT_FAULT},
        outcome("15A", "artificial", NS_MINUS_EW_PLUS),
        id="15A1a-partner-has-called",
    ),
    pytest.param(
        "same_call_15a2",
        {**WRONG_HAND, "wrong_hand_when": "later_on_that_board", "new_call_differs": False},
        outcome("15A", "play_normally"),
        id="15A2-same-call-later",
    ),
    # Law 15A2: a different call later on that board — the board is played and the adjusted score is an assigned
    # one (2017: "assignable, not artificial", laws-facts-2017 L15), artificial only under 12C1(d).
    pytest.param(
        "adjusted_15a2",
        {
            **WRONG_HAND,
            "wrong_hand_when": "later_on_that_board",
            "new_call_differs": True,
        },
        {**outcome("15A", "play_normally", penalty=True), "adjusted_score": True},
        id="15A2-different-call-later",
    ),
    # Law 87A/87B: pairs — results stand, scored by groups.
    pytest.param(
        "fouled_board_87",
        {"problem": "fouled_board", "form": "pairs"},
        outcome("87", "result_stands", penalty=True),
        id="87B-fouled-board-pairs",
    ),
    # Law 87C → 86B2 at teams.
    pytest.param(
        "fouled_board_teams_87c",
        {"problem": "fouled_board", "form": "teams"},
        outcome("87", "per_86b", review=True, penalty=True),
        id="87C-86B2-fouled-board-teams",
    ),
]


@pytest.fixture(scope="module")
def refs_2017() -> frozenset[str]:
    return frozenset(load_outline(OUTLINE_2017).all_refs())


@pytest.fixture(scope="module")
def tree(refs_2017: frozenset[str]) -> Tree:
    return load_tree(TREE_2017, refs_2017)


@pytest.fixture(scope="module")
def tree_1999() -> Tree:
    return load_tree(TREE_1999)


def _ruling(tree: Tree, facts: dict[str, object]) -> Any:
    """The ruling for the same table facts, given only the facts this code's tree asks about."""
    result = evaluate(tree, {name: value for name, value in facts.items() if name in tree.facts_by_name})
    assert result.status == "ruling", result
    assert result.ruling is not None
    return result.ruling


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_tree_is_the_2017_edition_and_cites_only_2017_refs(tree: Tree, refs_2017: frozenset[str]) -> None:
    assert tree.edition == "wbf-2017" and tree.slug == "wrong-cards"
    cited = {ref for leaf in tree.leaves for ref in leaf.laws} | {
        ref for fact in tree.facts for ref in fact.laws
    }
    assert cited <= refs_2017
    assert not cited & {"17D", "15C", "86A", "86C", "88", "12C3"}


@pytest.mark.parametrize(
    ("form", "fault_ns", "fault_ew"),
    list(itertools.product(["pairs", "teams"], ["direct", "partial", "none"], ["direct", "partial", "none"])),
)
def test_the_artificial_score_is_the_engines(tree: Tree, form: str, fault_ns: str, fault_ew: str) -> None:
    """Law 12C2(a)/(b): 40/50/60% in pairs, −3/0/+3 IMPs in teams, by bridge.adjusted.artificial."""
    facts = {"problem": "wrong_number", "when_discovered": "after_play"}
    ruling = _ruling(tree, {**facts, "form": form, "fault_ns": fault_ns, "fault_ew": fault_ew})
    expected = artificial(form, {"NS": fault_ns, "EW": fault_ew})
    for side in ("NS", "EW"):
        score = expected[side]
        lower = side.lower()
        assert ruling[f"artificial_{lower}"] == score.label.value
        assert ruling[f"percent_{lower}"] == (None if score.percent is None else round(score.percent))
        assert ruling[f"imps_{lower}"] == score.imps


# --- the codes differ --------------------------------------------------------------------------------------------


def test_a_card_seen_before_the_incorrect_hand_called_plays_on_in_2017(tree: Tree, tree_1999: Tree) -> None:
    """1997 13B: serious information (or any objection) → artificial; 2017 13A2: play and score normally."""
    facts = {**WRONG_NUMBER, "saw_other_card": True, "calls_made": False, "information_serious": True}
    old = _ruling(tree_1999, {**facts, **PAIRS_NS_AT_FAULT})
    assert old.outcome["board_result"] == "artificial"
    new = _ruling(tree, facts)
    assert new.leaf == "seen_play_on_13a" and new.outcome["board_result"] == "play_normally"
    assert new.outcome["adjustment_review"] is True


def test_playing_on_after_a_call_no_longer_needs_all_four_players(tree: Tree, tree_1999: Tree) -> None:
    facts = {**WRONG_NUMBER, "saw_other_card": False, "calls_made": True, "no_call_would_change": True}
    asked = evaluate(tree_1999, facts)
    assert asked.question is not None and asked.question.fact == "all_four_agree"
    assert _ruling(tree, facts).leaf == "play_on_13b"
    assert "all_four_agree" not in tree.facts_by_name


def test_a_card_missing_before_the_lead_never_changes_a_call_in_2017(tree: Tree, tree_1999: Tree) -> None:
    facts = {
        "problem": "missing_card",
        "when_missing_found": "before_play",
        "call_would_change_with_card": True,
    }
    old = _ruling(tree_1999, {**facts, **TEAMS_BOTH_PARTLY})
    assert old.outcome["board_result"] == "artificial"
    new = _ruling(tree, facts)
    assert new.leaf == "restored_14a" and new.outcome["board_result"] == "play_normally"
    assert "14C" in new.laws


def test_a_wrong_hand_turns_on_partner_in_2017_and_on_lho_in_1997(tree: Tree, tree_1999: Tree) -> None:
    # LHO had called over the wrong-hand call, the new call differs, partner has not called.
    facts = {
        **WRONG_HAND,
        "lho_called_over_cancelled": True,
        "new_call_differs": True,
        "wrong_hand_when": "call_now",
        "partner_called_since": False,
        **PAIRS_NS_AT_FAULT,
    }
    old = _ruling(tree_1999, facts)
    assert old.outcome["rule"] == "17D" and old.outcome["board_result"] == "artificial"
    new = _ruling(tree, facts)
    assert (
        new.outcome["rule"] == "15A" and new.leaf == "recall_15a1" and new.outcome["adjusted_score"] is False
    )


def test_a_wrong_board_found_in_the_auction_is_completed_in_2017(tree: Tree, tree_1999: Tree) -> None:
    """1997 15C: new auction, a changed call cancels the board; 2017 15B2: completed, the score stands."""
    facts = {
        "problem": "wrong_board",
        "wrong_board_when": "during_auction",
        "calls_repeated_same": False,
        "form": "pairs",
        "fault_ns": "none",
        "fault_ew": "none",
        "previously_played": False,
        "other_tables_deprived": False,
    }
    old = _ruling(tree_1999, facts)
    assert old.outcome["rule"] == "15C" and old.outcome["board_result"] == "artificial"
    new = _ruling(tree, facts)
    assert new.outcome["rule"] == "15B" and new.outcome["board_result"] == "result_stands"


def test_a_defective_trick_holding_the_suit_now_costs_a_trick(tree: Tree) -> None:
    ruling = _ruling(tree, {**MISSING_AFTER_LEAD, "card_found": "in_played_tricks"})
    assert "64A2" in ruling.laws and "67B" in ruling.laws


def test_the_artificial_score_cites_12c2_not_86a_or_88(tree: Tree, tree_1999: Tree) -> None:
    facts = {"problem": "wrong_number", "when_discovered": "after_play", **PAIRS_NS_AT_FAULT}
    old, new = _ruling(tree_1999, facts), _ruling(tree, facts)
    assert old.outcome["rule"] == "13C" and {"86A", "88"} <= set(old.laws)
    assert new.outcome["rule"] == "13D" and "12C2" in new.laws and not {"86A", "88"} & set(new.laws)
    assert new.outcome["percent_ns"] == old.outcome["percent_ns"] == 40


def test_the_texts_speak_of_the_2017_laws(tree: Tree) -> None:
    assert "2017" in str(tree.description.zh) and "2017" in str(tree.description.en)
    for leaf in tree.leaves:
        for text in (leaf.script.zh, leaf.script.en):
            assert "1999" not in text and "1997" not in text and "CCBA" not in text and "17D" not in text
    assert "待核实" in str(tree.facts_by_name["fault_ns"].help.zh)
