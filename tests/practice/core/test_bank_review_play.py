"""Review 2026-12b (issue 27), the play trees' practice items: the premises a director would meet, and the drill
for the most mis-ruled point. The engine agreement of their answers is checked with the whole bank in
test_checks.py."""

from pathlib import Path

from practice.core.bank import load_scenarios

ROOT = Path(__file__).resolve().parents[3]
BANK = load_scenarios(ROOT / "fixtures" / "scenarios")


def test_p11_dm05_dummy_knows_easts_heart_because_he_looked_at_easts_cards():
    """Law 43A2: dummy who looked at a defender's cards, then first draws attention to that defender's
    irregularity (43C) — not a dummy behind declarer who somehow knows East still holds a heart."""
    scenario = BANK["dm-05"]
    assert "看了东" in scenario.situation
    assert "站在北身后" not in scenario.situation and "东有红心" not in scenario.situation
    (check,) = scenario.checks
    assert dict(check.fields).get("adjustment_review") == "q2"  # 43C: only if the defenders gained directly


def test_p12_a_drill_for_two_cards_played_to_one_trick():
    """Laws 58B and 50B: one card played, the other a minor penalty card, no lead restriction."""
    scenario = BANK["pc-07"]
    assert scenario.question("q1").answer == "b" and scenario.question("q3").answer == "b"
    assert "第58条B款" in scenario.explanation and "第50条B款" in scenario.explanation
    (check,) = scenario.checks
    assert check.inputs["how_exposed"] == "two_played"


def test_p14_rv18_and_rv24_teach_the_2001_minute_on_one_trick_only():
    """Law 64C and the WBFLC November 2001 minute: its scope beyond one trick is not verified, so the bank's
    both-sides items put the two revokes on the same trick."""
    for scenario_id in ("rv-18", "rv-24"):
        scenario = BANK[scenario_id]
        assert "同一墩" in scenario.explanation, scenario_id
        assert "第4墩" not in scenario.situation and "第3墩" not in scenario.situation, scenario_id
