"""Law 64 trick transfer under the 1997 code (laws-facts.md B-64), tested on its own."""

from __future__ import annotations

import pytest

from bridge.errors import EngineError
from bridge.revoke import (
    RevokeError,
    adjusted_declarer_tricks,
    offending_side_tricks_from_revoke_trick,
    tricks_transferred,
)
from bridge.scoring import score


def transfer(
    *,
    offender_won: bool,
    side_won: bool,
    later: int,
    playable_card: bool = False,
    **exceptions: bool,
) -> int:
    return tricks_transferred(
        offender_won_revoke_trick=offender_won,
        offending_side_won_revoke_trick=side_won,
        offending_side_tricks_after_revoke_trick=later,
        offender_later_won_with_card_playable_to_revoke_trick=playable_card,
        **exceptions,
    )


# 64A1: the revoker won the revoke trick → that trick, plus one later trick won by his side.
@pytest.mark.parametrize(
    ("later", "expected"),
    [
        pytest.param(0, 1, id="A1-no-later-trick-only-the-revoke-trick"),
        pytest.param(1, 2, id="A1-one-later-trick"),
        pytest.param(5, 2, id="A1-many-later-tricks-still-two"),
    ],
)
def test_64a1_revoke_trick_plus_one_later_trick(later: int, expected: int) -> None:
    assert transfer(offender_won=True, side_won=True, later=later) == expected


def test_64a1_the_playable_card_clause_adds_nothing_beyond_two() -> None:
    assert transfer(offender_won=True, side_won=True, later=3, playable_card=True) == 2


# 64A2: the revoker did not win the revoke trick.
@pytest.mark.parametrize(
    ("side_won", "later", "playable_card", "expected"),
    [
        pytest.param(True, 0, False, 1, id="A2-partner-won-the-revoke-trick-only"),
        pytest.param(True, 4, False, 1, id="A2-partner-won-it-and-later-tricks-one-only"),
        pytest.param(False, 1, False, 1, id="A2-side-won-a-later-trick-only"),
        pytest.param(False, 6, False, 1, id="A2-side-won-later-tricks-one-only"),
        # The 1997-only clause: a later trick won by the revoker with a card he could have played to the revoke
        # trick is transferred as well, when his side won at least two tricks from the revoke trick on.
        pytest.param(True, 1, True, 2, id="A2-1997-second-trick-partner-won-revoke-trick"),
        pytest.param(False, 2, True, 2, id="A2-1997-second-trick-two-later-tricks"),
        pytest.param(False, 1, True, 1, id="A2-1997-second-trick-needs-two-tricks-from-the-revoke-on"),
    ],
)
def test_64a2_one_trick_and_the_1997_second_trick(
    side_won: bool, later: int, playable_card: bool, expected: int
) -> None:
    assert (
        transfer(offender_won=False, side_won=side_won, later=later, playable_card=playable_card) == expected
    )


def test_64b1_offending_side_won_no_trick_from_the_revoke_on() -> None:
    assert transfer(offender_won=False, side_won=False, later=0) == 0


@pytest.mark.parametrize(
    "exception",
    [
        pytest.param("subsequent_revoke_same_suit_same_player", id="64B2-subsequent-revoke"),
        pytest.param("failure_to_play_faced_card", id="64B3-faced-card"),
        pytest.param("noticed_after_nos_called_next_deal", id="64B4-next-deal"),
        pytest.param("noticed_after_round_ended", id="64B5-round-ended"),
        pytest.param("on_trick_12", id="64B6-62D-trick-12"),
    ],
)
def test_64b_exceptions_transfer_nothing(exception: str) -> None:
    assert transfer(offender_won=True, side_won=True, later=3, **{exception: True}) == 0
    assert transfer(offender_won=False, side_won=True, later=2, playable_card=True, **{exception: True}) == 0


def test_trick_12_revoke_is_corrected_not_penalised() -> None:
    """62D/64B6: even a revoke that won trick 12 and was followed by the side winning trick 13 moves nothing."""
    assert transfer(offender_won=True, side_won=True, later=1, on_trick_12=True) == 0


def test_tricks_from_the_revoke_trick_on() -> None:
    assert (
        offending_side_tricks_from_revoke_trick(
            offending_side_won_revoke_trick=True, offending_side_tricks_after_revoke_trick=3
        )
        == 4
    )
    assert (
        offending_side_tricks_from_revoke_trick(
            offending_side_won_revoke_trick=False, offending_side_tricks_after_revoke_trick=0
        )
        == 0
    )


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        pytest.param(
            {"offender_won": True, "side_won": False, "later": 1},
            "offending_side_won_revoke_trick",
            id="revoker-won-but-side-did-not",
        ),
        pytest.param(
            {"offender_won": False, "side_won": True, "later": 0, "playable_card": True},
            "offender_later_won_with_card_playable_to_revoke_trick",
            id="later-trick-without-later-tricks",
        ),
        pytest.param(
            {"offender_won": False, "side_won": True, "later": 13},
            "offending_side_tricks_after_revoke_trick",
            id="too-many-later-tricks",
        ),
        pytest.param(
            {"offender_won": False, "side_won": True, "later": -1},
            "offending_side_tricks_after_revoke_trick",
            id="negative-later-tricks",
        ),
        pytest.param(
            {"offender_won": 1, "side_won": True, "later": 1},
            "offender_won_revoke_trick",
            id="not-a-bool",
        ),
    ],
)
def test_impossible_facts_raise_revoke_error(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(RevokeError) as caught:
        transfer(**kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert isinstance(caught.value, EngineError)
    assert isinstance(caught.value, ValueError)


def test_adjusted_declarer_tricks_moves_tricks_away_from_the_revoking_side() -> None:
    assert adjusted_declarer_tricks(declarer_tricks=10, tricks_transferred=2, revoking_side="defending") == 12
    assert adjusted_declarer_tricks(declarer_tricks=10, tricks_transferred=1, revoking_side="declaring") == 9
    assert adjusted_declarer_tricks(declarer_tricks=7, tricks_transferred=0, revoking_side="declaring") == 7


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        pytest.param(
            {"declarer_tricks": 14, "tricks_transferred": 0, "revoking_side": "defending"}, "declarer_tricks"
        ),
        pytest.param(
            {"declarer_tricks": 12, "tricks_transferred": 2, "revoking_side": "defending"}, "declarer_tricks"
        ),
        pytest.param(
            {"declarer_tricks": 1, "tricks_transferred": 2, "revoking_side": "declaring"}, "declarer_tricks"
        ),
        pytest.param(
            {"declarer_tricks": 9, "tricks_transferred": 3, "revoking_side": "declaring"},
            "tricks_transferred",
        ),
        pytest.param(
            {"declarer_tricks": 9, "tricks_transferred": 1, "revoking_side": "north"}, "revoking_side"
        ),
    ],
)
def test_adjusted_declarer_tricks_rejects_impossible_counts(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(RevokeError) as caught:
        adjusted_declarer_tricks(**kwargs)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_adjusted_score_after_a_defenders_two_trick_transfer() -> None:
    """4♠ by N, NS vulnerable, 10 tricks; a defender won the revoke trick and his side a later one → 12 tricks."""
    moved = transfer(offender_won=True, side_won=True, later=1)
    tricks = adjusted_declarer_tricks(declarer_tricks=10, tricks_transferred=moved, revoking_side="defending")
    assert (moved, tricks) == (2, 12)
    assert score("4S", "N", "NS", tricks).score_ns == 680


def test_adjusted_score_after_declarers_revoke() -> None:
    """3NT by S, none vulnerable, 9 tricks; declarer revoked, won it and a later trick → 7 tricks, 2 down."""
    moved = transfer(offender_won=True, side_won=True, later=4)
    tricks = adjusted_declarer_tricks(declarer_tricks=9, tricks_transferred=moved, revoking_side="declaring")
    assert tricks == 7
    assert score("3NT", "S", "None", tricks).score_ns == -100
