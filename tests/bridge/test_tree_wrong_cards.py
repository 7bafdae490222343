"""The wrong-cards tree (Laws 13–15 as corrected in errata-2026-12.md §A, with 12C1, 86A, 88 and 90): a casebook —
every leaf, each case citing the law it rests on — and the artificial adjusted score computed by bridge.adjusted."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from bridge.adjusted import artificial
from bridge.trees import FactError, Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "wrong-cards.yaml"

WRONG_NUMBER = {"problem": "wrong_number", "when_discovered": "before_end_of_play"}
NOT_SEEN = {**WRONG_NUMBER, "saw_other_card": False}
SEEN = {**WRONG_NUMBER, "saw_other_card": True}
PAIRS_NS_AT_FAULT = {"form": "pairs", "fault_ns": "direct", "fault_ew": "none"}
TEAMS_BOTH_PARTLY = {"form": "teams", "fault_ns": "partial", "fault_ew": "partial"}
PLAYED_TWICE = {"problem": "wrong_board", "wrong_board_when": "played", "previously_played": True}
WRONG_BOARD_CARDS = {"problem": "cards_from_wrong_board"}
NO_SCORE = {
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
    penalty: bool | None = None,
    related: str = "none",
) -> dict[str, Any]:
    adjusted = result == "artificial"
    return {
        "rule": rule,
        "board_result": result,
        "adjusted_score": adjusted,
        "adjustment_review": False,
        "procedural_penalty": adjusted if penalty is None else penalty,
        "related_tree": related,
        **score,
    }


CASES = [
    pytest.param(
        "corrected_13a",
        {**NOT_SEEN, "calls_made": False},
        outcome("13A", "play_normally"),
        "13A",
        id="13A-fourteen-and-twelve-found-before-any-call",
    ),
    pytest.param(
        "play_on_13a",
        {**NOT_SEEN, "calls_made": True, "no_call_would_change": True, "all_four_agree": True},
        outcome("13A", "play_normally"),
        "13A",
        id="13A-no-call-changes-and-all-four-agree",
    ),
    pytest.param(
        "artificial_13a",
        {**NOT_SEEN, "calls_made": True, "no_call_would_change": False, **PAIRS_NS_AT_FAULT},
        outcome("13A", "artificial", NS_MINUS_EW_PLUS),
        "12C1",
        id="12C1-a-call-would-change-artificial-pairs",
    ),
    pytest.param(
        "artificial_13a",
        {
            **NOT_SEEN,
            "calls_made": True,
            "no_call_would_change": True,
            "all_four_agree": False,
            **TEAMS_BOTH_PARTLY,
        },
        outcome("13A", "artificial", BOTH_AVERAGE_TEAMS),
        "86A",
        id="86A-one-player-objects-artificial-teams",
    ),
    pytest.param(
        "play_on_13b",
        {**SEEN, "information_serious": False, "calls_would_change": False, "all_four_agree": True},
        outcome("13B", "play_normally"),
        "13B",
        id="13B-minor-information-all-agree",
    ),
    pytest.param(
        "artificial_13b",
        {**SEEN, "information_serious": True, **PAIRS_NS_AT_FAULT},
        outcome("13B", "artificial", NS_MINUS_EW_PLUS),
        "13B",
        id="13B-an-ace-seen-artificial",
    ),
    pytest.param(
        "artificial_13b",
        {
            **SEEN,
            "information_serious": False,
            "calls_would_change": False,
            "all_four_agree": False,
            **TEAMS_BOTH_PARTLY,
        },
        outcome("13B", "artificial", BOTH_AVERAGE_TEAMS),
        "88",
        id="13B-minor-information-but-an-objection",
    ),
    pytest.param(
        "cancelled_13c",
        {"problem": "wrong_number", "when_discovered": "after_play", **PAIRS_NS_AT_FAULT},
        outcome("13C", "artificial", NS_MINUS_EW_PLUS),
        "13C",
        id="13C-surplus-card-found-after-play-result-cancelled",
    ),
    pytest.param(
        "restored_14a",
        {
            "problem": "missing_card",
            "when_missing_found": "before_play",
            "call_would_change_with_card": False,
        },
        outcome("14A", "play_normally"),
        "14A",
        id="14A-card-on-the-floor-before-the-play",
    ),
    pytest.param(
        "defective_trick_14b",
        {"problem": "missing_card", "when_missing_found": "during_play", "card_found": "in_played_tricks"},
        outcome("14B", "play_normally"),
        "67",
        id="67-the-missing-card-is-in-a-quitted-trick",
    ),
    pytest.param(
        "restored_14b",
        {
            "problem": "missing_card",
            "when_missing_found": "during_play",
            "card_found": "not_found",
            "failed_to_play_it": False,
        },
        outcome("14B", "play_normally", related="penalty-card"),
        "14B",
        id="14B-card-never-found-replaced-from-another-pack",
    ),
    pytest.param(
        "revoke_14b",
        {
            "problem": "missing_card",
            "when_missing_found": "during_play",
            "card_found": "elsewhere",
            "failed_to_play_it": True,
        },
        outcome("14B", "play_normally", related="revoke"),
        "61",
        id="61-restored-card-means-he-revoked",
    ),
    pytest.param(
        "result_stands_15a",
        {
            "problem": "wrong_board",
            "wrong_board_when": "played",
            "previously_played": False,
            "other_tables_deprived": False,
        },
        outcome("15A", "result_stands"),
        "15A",
        id="15A-board-new-to-all-four-result-stands",
    ),
    pytest.param(
        "result_stands_penalty_15a",
        {
            "problem": "wrong_board",
            "wrong_board_when": "played",
            "previously_played": False,
            "other_tables_deprived": True,
        },
        outcome("15A", "result_stands", penalty=True),
        "90",
        id="15A-other-tables-lost-the-board-procedural-penalty-law-90",
    ),
    pytest.param(
        "second_play_ew_deprived_15b",
        {**PLAYED_TWICE, "played_before_side": "ns", "form": "pairs", "fault_ew": "partial"},
        outcome(
            "15B",
            "artificial",
            {
                "artificial_ns": None,
                "artificial_ew": "average",
                "percent_ns": None,
                "percent_ew": 50,
                "imps_ns": None,
                "imps_ew": None,
            },
        ),
        "15B",
        id="15B-ns-had-played-it-keep-their-first-score-ew-get-the-artificial-one",
    ),
    pytest.param(
        "second_play_ns_deprived_15b",
        {**PLAYED_TWICE, "played_before_side": "ew", "form": "teams", "fault_ns": "none"},
        outcome(
            "15B",
            "artificial",
            {
                "artificial_ns": "average_plus",
                "artificial_ew": None,
                "percent_ns": None,
                "percent_ew": None,
                "imps_ns": 3,
                "imps_ew": None,
            },
        ),
        "15B",
        id="15B-ew-had-played-it-ns-deprived-get-plus-3-imps",
    ),
    pytest.param(
        "both_played_before_15b",
        {**PLAYED_TWICE, "played_before_side": "both"},
        outcome("15B", "cancelled", penalty=True),
        "15B",
        id="15B-both-had-played-it-second-result-cancelled-no-artificial-score",
    ),
    pytest.param(
        "auction_continues_15c",
        {"problem": "wrong_board", "wrong_board_when": "during_auction", "calls_repeated_same": True},
        outcome("15C", "play_normally"),
        "15C",
        id="15C-calls-repeated-the-same",
    ),
    pytest.param(
        "board_cancelled_15c",
        {
            "problem": "wrong_board",
            "wrong_board_when": "during_auction",
            "calls_repeated_same": False,
            **TEAMS_BOTH_PARTLY,
        },
        outcome("15C", "artificial", BOTH_AVERAGE_TEAMS),
        "12A2",
        id="15C-a-call-differs-board-cancelled",
    ),
    pytest.param(
        "play_on_13b",
        {
            **SEEN,
            "information_serious": False,
            "calls_would_change": False,
            "all_four_agree": True,
        },
        outcome("13B", "play_normally"),
        "13A",
        id="13B-calls-made-none-would-change-all-agree",
    ),
    pytest.param(
        "artificial_13b",
        {
            **SEEN,
            "information_serious": False,
            "calls_would_change": True,
            **PAIRS_NS_AT_FAULT,
        },
        outcome("13B", "artificial", NS_MINUS_EW_PLUS),
        "13A",
        id="13B-card-seen-and-the-14-card-hand-opened-a-call-would-change",
    ),
    pytest.param(
        "restored_14a",
        {
            "problem": "missing_card",
            "when_missing_found": "before_play",
            "call_would_change_with_card": False,
        },
        outcome("14A", "play_normally"),
        "14A",
        id="14A-found-after-the-auction-no-call-would-change",
    ),
    pytest.param(
        "artificial_14a",
        {
            "problem": "missing_card",
            "when_missing_found": "before_play",
            "call_would_change_with_card": True,
            **PAIRS_NS_AT_FAULT,
        },
        outcome("14A", "artificial", NS_MINUS_EW_PLUS),
        "12A2",
        id="14A-found-after-the-auction-a-call-would-change-artificial-12A2",
    ),
    pytest.param(
        "call_cancelled_17d",
        {**WRONG_BOARD_CARDS, "lho_called_over_cancelled": False},
        outcome("17D", "play_normally"),
        "17D",
        id="17D-lho-had-not-called-call-cancelled-and-made-again",
    ),
    pytest.param(
        "lho_repeats_17d",
        {**WRONG_BOARD_CARDS, "lho_called_over_cancelled": True, "new_call_differs": False},
        outcome("17D", "play_normally"),
        "17D",
        id="17D-lho-had-called-same-call-again-lho-repeats",
    ),
    pytest.param(
        "artificial_17d",
        {
            **WRONG_BOARD_CARDS,
            "lho_called_over_cancelled": True,
            "new_call_differs": True,
            **PAIRS_NS_AT_FAULT,
        },
        outcome("17D", "artificial", NS_MINUS_EW_PLUS),
        "17D",
        id="17D-lho-had-called-and-the-new-call-differs-artificial",
    ),
    pytest.param(
        "fouled_board_87",
        {"problem": "fouled_board"},
        outcome("87", "result_stands", penalty=True),
        "87B",
        id="87-fouled-board-results-stand-scored-by-groups",
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


@pytest.mark.parametrize(
    ("form", "fault_ns", "fault_ew"),
    list(itertools.product(["pairs", "teams"], ["direct", "partial", "none"], ["direct", "partial", "none"])),
)
def test_the_artificial_score_is_the_engines(tree: Tree, form: str, fault_ns: str, fault_ew: str) -> None:
    """Law 12C1 with 86A and 88, by bridge.adjusted.artificial, for every responsibility and form."""
    facts = {"problem": "wrong_number", "when_discovered": "after_play"}
    ruling = evaluate(tree, {**facts, "form": form, "fault_ns": fault_ns, "fault_ew": fault_ew}).ruling
    assert ruling is not None
    expected = artificial(form, {"NS": fault_ns, "EW": fault_ew})
    for side in ("NS", "EW"):
        score = expected[side]
        lower = side.lower()
        assert ruling[f"artificial_{lower}"] == score.label.value
        assert ruling[f"percent_{lower}"] == (None if score.percent is None else round(score.percent))
        assert ruling[f"imps_{lower}"] == score.imps


def test_playing_on_needs_all_four_players(tree: Tree) -> None:
    """Errata §A, 13A/13B: the Director alone may not decide to play on."""
    for base in (
        {**NOT_SEEN, "calls_made": True, "no_call_would_change": True},
        {**SEEN, "information_serious": False, "calls_would_change": False},
    ):
        result = evaluate(tree, base)
        assert result.question is not None and result.question.fact == "all_four_agree"


def test_after_play_the_result_is_always_cancelled(tree: Tree) -> None:
    """Errata §A, 13C: the result must be cancelled — no question of letting it stand."""
    result = evaluate(tree, {"problem": "wrong_number", "when_discovered": "after_play"})
    assert result.question is not None and result.question.fact == "form"


def test_a_wrong_value_names_the_fact(tree: Tree) -> None:
    with pytest.raises(FactError) as caught:
        evaluate(tree, {"problem": "wrong_number", "when_discovered": "after_play", "fault_ns": "some"})
    assert caught.value.field == "fault_ns"


# --- issue 27 (rulings review 2026-12b): one test per finding, each failing on the tree before it ---------------------


def test_p1_17d_cards_from_another_board_cancel_the_call_without_an_artificial_score(tree: Tree) -> None:
    """P1/G7, Law 17D (CCBA 第17条D款): the call made with another board's cards is cancelled and made again; only
    if LHO had called over it and the new call differs is an artificial score awarded — not 15C's cancelled
    board, 40/60, whenever a call was made with the wrong cards."""
    ruling = evaluate(tree, {**WRONG_BOARD_CARDS, "lho_called_over_cancelled": False}).ruling
    assert ruling is not None and ruling["rule"] == "17D" and ruling["board_result"] == "play_normally"
    assert ruling["adjusted_score"] is False and ruling["artificial_ns"] is None
    asked = evaluate(tree, {**WRONG_BOARD_CARDS, "lho_called_over_cancelled": True})
    assert asked.question is not None and asked.question.fact == "new_call_differs"


def test_g7_a_fouled_board_is_law_87_and_scored_by_groups(tree: Tree) -> None:
    """G7, Law 87A/87B: a fouled board's table results stand; the scores are grouped by the form played."""
    ruling = evaluate(tree, {"problem": "fouled_board"}).ruling
    assert ruling is not None and ruling["rule"] == "87" and ruling["board_result"] == "result_stands"
    assert {"87A", "87B"} <= set(ruling.laws) and "分为一组" in ruling.script.zh
    assert "group" in ruling.script.en


def test_p2_15b_only_the_deprived_side_gets_an_artificial_score(tree: Tree) -> None:
    """P2, Law 15B: the side that had played the board keeps its first score and gets no second one; the old walk
    (which never asked who had played it) is now asked, not given both sides' 40/60."""
    old = evaluate(tree, {**PLAYED_TWICE, "form": "pairs", "fault_ns": "direct", "fault_ew": "none"})
    assert old.question is not None and old.question.fact == "played_before_side"
    ruling = evaluate(
        tree, {**PLAYED_TWICE, "played_before_side": "ns", "form": "pairs", "fault_ew": "none"}
    ).ruling
    assert ruling is not None
    assert ruling["artificial_ns"] is None and ruling["percent_ns"] is None
    assert ruling["artificial_ew"] == "average_plus" and ruling["percent_ew"] == 60
    assert "保留第一次" in ruling.script.zh and "keep the score from their first play" in ruling.script.en
    assert "fault_ns" not in {
        step.fact
        for step in evaluate(
            tree, {**PLAYED_TWICE, "played_before_side": "ns", "form": "pairs", "fault_ew": "none"}
        ).path
    }


def test_p5_13b_with_a_card_seen_asks_whether_a_call_would_change(tree: Tree) -> None:
    """P5, Law 13 (opening words, 13A) with 13B: a card seen does not lift the condition on calls already made; a
    14-card hand that opened and saw partner's card is not "played normally" when a call would change."""
    old_walk = {**SEEN, "information_serious": False, "all_four_agree": True}
    result = evaluate(tree, old_walk)
    assert result.question is not None and result.question.fact == "calls_would_change"
    # A new fact, so no old fact set (even one carrying the 13A facts) is re-ruled without being asked.
    result = evaluate(tree, {**old_walk, "calls_made": True, "no_call_would_change": False})
    assert result.question is not None and result.question.fact == "calls_would_change"
    ruling = evaluate(tree, {**old_walk, "calls_would_change": True, **PAIRS_NS_AT_FAULT}).ruling
    assert ruling is not None and ruling["board_result"] == "artificial"


def test_g6_law_14_after_the_auction_asks_about_the_calls(tree: Tree) -> None:
    """G6, Law 14A with 12A2/12C1: a card found missing after the auction but before the play is restored, but when
    the player would have called differently no normal play is possible: artificial scores."""
    result = evaluate(tree, {"problem": "missing_card", "when_missing_found": "before_play"})
    assert result.question is not None and result.question.fact == "call_would_change_with_card"
    facts = {
        "problem": "missing_card",
        "when_missing_found": "before_play",
        "call_would_change_with_card": True,
        **TEAMS_BOTH_PARTLY,
    }
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and ruling["board_result"] == "artificial" and "12A2" in ruling.laws


def test_g1_15a_sets_the_procedural_penalty_when_other_tables_lost_the_board(tree: Tree) -> None:
    """G1, Laws 15A and 90: playing a wrong board that makes other tables need an adjusted score is a procedural
    error; the outcome field says so, instead of only the script."""
    base = {"problem": "wrong_board", "wrong_board_when": "played", "previously_played": False}
    assert evaluate(tree, base).question.fact == "other_tables_deprived"  # type: ignore[union-attr]
    with_penalty = evaluate(tree, {**base, "other_tables_deprived": True}).ruling
    without = evaluate(tree, {**base, "other_tables_deprived": False}).ruling
    assert (
        with_penalty is not None and with_penalty["procedural_penalty"] is True and "90" in with_penalty.laws
    )
    assert without is not None and without["procedural_penalty"] is False
