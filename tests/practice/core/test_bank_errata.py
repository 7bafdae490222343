"""Errata 2026-12 §D (issue 14): the four practice scenarios say what a director would actually meet. The engine
agreement of their answers is checked with the whole bank in test_checks.py."""

from pathlib import Path

from practice.core.bank import load_scenarios

ROOT = Path(__file__).resolve().parents[3]
BANK = load_scenarios(ROOT / "fixtures" / "scenarios")


def test_ib01_is_a_natural_one_over_one_response_replaced_by_two_hearts():
    scenario = BANK["ib-01"]
    assert "| 1♦ | 1♠ | 1♥* |" in scenario.situation  # 1♦–(1♠)–1♥*, not a 1♥ "raise" of 1♥
    assert "改叫2♥" in scenario.situation
    assert "加叫" not in scenario.situation and "加叫" not in scenario.title
    assert "第25条A款" in scenario.explanation  # why it is not an unintended call
    assert scenario.question("q1").answer == "b"  # still 27B1, no bar


def test_ib02_the_offender_meant_to_open():
    scenario = BANK["ib-02"]
    assert "想开叫1♦" in scenario.situation and "争叫" not in scenario.situation


def test_adj08_rests_on_82a_82b1_12_and_88_and_gives_both_below_60_the_minimum():
    scenario = BANK["adj-08"]
    for ref in ("第82条A款", "第82条B款1项", "第12条A款2项", "第12条C款1项", "第88条"):
        assert ref in scenario.explanation, ref
    assert "第82条C款" not in scenario.explanation  # 82C is about a wrong ruling, not a movement error
    for check in scenario.checks:
        sessions = check.inputs["session_percent"]
        assert all(value < 60 for value in sessions.values())
    assert [scenario.question(q).answer for q in ("q1", "q2")] == [60, 60]


def test_adj04_turned_board_cannot_be_scored_and_7d_explains_the_shared_fault():
    scenario = BANK["adj-04"]
    assert "90度" in scenario.situation and "北家拿了南家的牌" not in scenario.situation
    assert "第7条D款" in scenario.explanation
    assert scenario.question("q2").answer == 50
