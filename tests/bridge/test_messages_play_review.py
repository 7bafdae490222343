"""Review 2026-12b P10 (issue 27): the Chinese errors of the revoke and claim computations say the side as 庄家一方 /
防守方 and name facts by their labels — no raw enum value (``declaring``) or fact key (``declarer_tricks=3``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridge import messages
from bridge.trees import FactError, evaluate, load_tree

ROOT = Path(__file__).resolve().parents[2]
REVOKE = load_tree(ROOT / "fixtures" / "trees" / "revoke.yaml")
CLAIM = load_tree(ROOT / "fixtures" / "trees" / "claim.yaml")
RAW = re.compile(
    r"declaring|defending|declarer_tricks|revoking_side|revoker|tricks_lost|tricks_kept|tricks_restored"
)

# A defender revoked (64A1: two tricks) and won four tricks from the revoke trick on, but declarer is said to have
# taken 12 — the defenders cannot have won four.
DEFENDER_REVOKE = {
    "established": True,
    "revoker": "defender",
    "on_trick_12": False,
    "both_sides_revoked": False,
    "subsequent_revoke_same_suit_same_player": False,
    "failure_to_play_faced_card": False,
    "noticed_after_nos_called_next_deal": False,
    "noticed_after_round_ended": False,
    "offender_won_revoke_trick": True,
    "offending_side_tricks_after_revoke_trick": 3,
    "contract": "4S",
    "declarer": "S",
    "vulnerability": "None",
}

MESSAGES = [
    messages.FACT_SIDE_CONTRADICTS_DECLARER,
    messages.FACT_SIDE_CONTRADICTS_DUMMY,
    messages.FACT_SIDE_CONTRADICTS_DEFENDER,
    messages.FACT_TRICKS_SHORT_DECLARING,
    messages.FACT_TRICKS_SHORT_DEFENDING,
    messages.FACT_LOST_EXCEEDS_CLAIMED,
    messages.FACT_RESTORED_EXCEEDS,
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: m.code)
def test_p10_the_chinese_text_names_no_key_or_enum_value(message):
    assert not RAW.search(message.zh), message.zh


def _error(tree, facts) -> FactError:
    with pytest.raises(FactError) as caught:
        evaluate(tree, facts)
    return caught.value


def test_p10_tricks_short_says_the_defending_side_in_chinese_and_keeps_the_english():
    error = _error(REVOKE, {**DEFENDER_REVOKE, "declarer_tricks": 12})
    assert error.field == "declarer_tricks"
    assert error.text("zh-hans").startswith("防守方从藏牌那一墩起赢了 4 墩")
    assert not RAW.search(error.text("zh-hans"))
    assert error.text("en") == (
        "the defending side won 4 trick(s) from the revoke trick on, but declarer_tricks=12 leaves it only 1"
    )


def test_p10_a_contradicting_side_is_said_in_words():
    error = _error(REVOKE, {**DEFENDER_REVOKE, "revoking_side": "declaring", "declarer_tricks": 9})
    assert error.field == "revoking_side" and "防守方" in error.text("zh-hans")
    assert (
        error.text("en")
        == "revoking_side 'declaring' contradicts revoker 'defender' (the defending side revoked)"
    )


def test_p10_claim_counts_are_named_by_their_labels():
    concession = {"beyond_current_trick": True, "kind": "concession", "made_by": "declarer"}
    facts = {**concession, "tricks_kept": 12, "cancel_grounds": "won_or_unlosable_legal"}
    facts |= {"within_correction_period": True, "tricks_restored": 2}
    error = _error(CLAIM, facts)
    assert error.field == "tricks_restored"
    assert error.text("zh-hans") == "承认一方得到的墩数（12）加上还给它的墩数（2）超过了 13 墩"
