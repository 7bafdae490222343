"""Review 2026-12b (issue 27), help texts of the claim and revoke trees: P8 and P13 (the claim helper's aids), P14
(the scope of the 2001 WBF Laws Committee minute on both sides revoking is not verified, so the tree says so and
leaves the reading to the Director)."""

from __future__ import annotations

from pathlib import Path

from bridge.trees import load_tree

TREES = Path(__file__).resolve().parents[2] / "fixtures" / "trees"
CLAIM = load_tree(TREES / "claim.yaml")
REVOKE = load_tree(TREES / "revoke.yaml")


def _help(tree, name):
    fact = tree.fact(name)
    assert fact is not None and fact.help is not None
    return fact.help


def test_p13_the_tricks_lost_help_does_not_point_below_to_aids_shown_only_in_the_ruling():
    """Law 70: the aids come with the ruling, after tricks_lost is answered."""
    text = _help(CLAIM, "tricks_lost")
    assert "below" not in text.en and "下面" not in text.zh
    assert "once this question is answered" in text.en and "回答本题后" in text.zh


def test_p8_the_trump_aid_counts_only_tricks_lost_to_the_trump_itself():
    """Laws 70C and 70A: the helper counts the tricks lost to the trump, not what losing the lead then costs —
    the Director counts that against the claimer himself."""
    for name in ("tricks_lost", "trump_trick_losable"):
        text = _help(CLAIM, name)
        assert "only the tricks lost to the trump itself" in text.en, name
        assert "将牌本身" in text.zh, name


def test_p14_both_sides_revoked_help_says_the_scope_is_not_verified():
    """Law 64C and the WBFLC November 2001 minute: its example is one trick; whether it covers different tricks
    of one board is not verified (2007 64B7 says "same board"), so the Director decides and records why."""
    text = _help(REVOKE, "both_sides_revoked")
    assert "not verified" in text.en and "待核实" in text.zh
    assert "same trick" in text.en and "different tricks" in text.en
    assert "同一墩" in text.zh and "不同墩" in text.zh
