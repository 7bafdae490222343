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
        {**SEEN, "information_serious": False, "all_four_agree": True},
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
        {**SEEN, "information_serious": False, "all_four_agree": False, **TEAMS_BOTH_PARTLY},
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
        {"problem": "missing_card", "when_missing_found": "before_play"},
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
        {"problem": "wrong_board", "wrong_board_when": "played", "previously_played": False},
        outcome("15A", "result_stands"),
        "15A",
        id="15A-board-new-to-all-four-result-stands",
    ),
    pytest.param(
        "second_play_cancelled_15b",
        {
            "problem": "wrong_board",
            "wrong_board_when": "played",
            "previously_played": True,
            "form": "pairs",
            "fault_ns": "none",
            "fault_ew": "partial",
        },
        outcome(
            "15B",
            "artificial",
            {
                "artificial_ns": "average_plus",
                "artificial_ew": "average",
                "percent_ns": 60,
                "percent_ew": 50,
                "imps_ns": None,
                "imps_ew": None,
            },
        ),
        "15B",
        id="15B-board-played-twice-second-result-cancelled",
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
        {**SEEN, "information_serious": False},
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
