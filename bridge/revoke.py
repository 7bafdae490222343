"""Law 64 trick transfer after an established revoke, under the 1997 code (CCBA 1999).

The 1997 code differs from 2007/2017 in 64A2: when the revoker did not win the revoke trick, a *second* trick
is transferred if he later won a trick with a card he could legally have played to the revoke trick, provided
his side won at least two tricks from the revoke trick on (laws-facts.md B-64, C-64; WBFLC Jan 2000).

Counting convention (laws-facts.md B-64 "What the counts mean"): only tricks won by the offending side from
the revoke trick onward can be transferred; tricks won before the revoke never are. Transfers are made after
play ends, moving tricks from the offending side's total to the non-offending side's.
"""

from __future__ import annotations

from typing import Literal

from bridge import messages
from bridge.errors import EngineError

RevokingSide = Literal["declaring", "defending"]

REVOKING_SIDES: tuple[RevokingSide, ...] = ("declaring", "defending")
MAX_TRICKS_AFTER_REVOKE_TRICK = 12
"""A revoke on trick 1 leaves at most 12 later tricks."""
MAX_TRANSFER = 2
"""Law 64A: never more than two tricks, under either A1 or the 1997 A2."""
TOTAL_TRICKS = 13


class RevokeError(EngineError):
    """Facts about a revoke that cannot all be true, or out of range."""

    default_field = "revoke"


def _check_bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise RevokeError(messages.REVOKE_NOT_BOOL, field, name=field, value=value)
    return value


def _check_int(value: object, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RevokeError(messages.REVOKE_NOT_IN_RANGE, field, name=field, low=low, high=high, value=value)
    return value


def offending_side_tricks_from_revoke_trick(
    *, offending_side_won_revoke_trick: bool, offending_side_tricks_after_revoke_trick: int
) -> int:
    """Tricks the offending side won from the revoke trick on (the only tricks Law 64A can transfer)."""
    return int(offending_side_won_revoke_trick) + offending_side_tricks_after_revoke_trick


def tricks_transferred(
    *,
    offender_won_revoke_trick: bool,
    offending_side_won_revoke_trick: bool,
    offending_side_tricks_after_revoke_trick: int,
    offender_later_won_with_card_playable_to_revoke_trick: bool = False,
    on_trick_12: bool = False,
    subsequent_revoke_same_suit_same_player: bool = False,
    failure_to_play_faced_card: bool = False,
    noticed_after_nos_called_next_deal: bool = False,
    noticed_after_round_ended: bool = False,
) -> int:
    """Tricks transferred to the non-offending side after an established revoke (Law 64, 1997).

    - 64A1: the revoker won the revoke trick → that trick, plus one more if his side won any later trick.
    - 64A2: he did not win it → one trick if his side won the revoke trick or any later trick; and (1997 only)
      one more if he later won a trick with a card he could legally have played to the revoke trick, provided
      his side won at least two tricks from the revoke trick on.
    - 64B: none when the offending side won neither the revoke trick nor a later trick (B1), for a second
      revoke in the same suit by the same player (B2), for failure to play a faced card — dummy's or a
      penalty card (B3), when first noticed after a non-offender called on the next deal (B4) or after the
      round ended (B5), or for a revoke on trick 12 (B6; it is corrected under 62D instead).

    Law 64C (equity) is separate: the Director may still adjust after any established revoke.
    """
    offender_won = _check_bool(offender_won_revoke_trick, "offender_won_revoke_trick")
    side_won = _check_bool(offending_side_won_revoke_trick, "offending_side_won_revoke_trick")
    later = _check_int(
        offending_side_tricks_after_revoke_trick,
        "offending_side_tricks_after_revoke_trick",
        0,
        MAX_TRICKS_AFTER_REVOKE_TRICK,
    )
    playable_card = _check_bool(
        offender_later_won_with_card_playable_to_revoke_trick,
        "offender_later_won_with_card_playable_to_revoke_trick",
    )
    if offender_won and not side_won:
        raise RevokeError(messages.REVOKE_REVOKER_WON_TRICK, "offending_side_won_revoke_trick")
    if playable_card and later == 0:
        raise RevokeError(
            messages.REVOKE_NO_LATER_TRICK, "offender_later_won_with_card_playable_to_revoke_trick"
        )
    exceptions = {
        "on_trick_12": on_trick_12,
        "subsequent_revoke_same_suit_same_player": subsequent_revoke_same_suit_same_player,
        "failure_to_play_faced_card": failure_to_play_faced_card,
        "noticed_after_nos_called_next_deal": noticed_after_nos_called_next_deal,
        "noticed_after_round_ended": noticed_after_round_ended,
    }
    if any(_check_bool(value, name) for name, value in exceptions.items()):
        return 0  # 64B2–B6 (and 62D for trick 12)
    won_from_revoke_on = offending_side_tricks_from_revoke_trick(
        offending_side_won_revoke_trick=side_won, offending_side_tricks_after_revoke_trick=later
    )
    if won_from_revoke_on == 0:
        return 0  # 64B1
    # 64A1: the revoke trick itself plus one later trick; 1997 64A2: one trick plus one won with a card
    # that could have been played to the revoke trick. Either way no more than the side won from the revoke on.
    limit = MAX_TRANSFER if offender_won or playable_card else 1
    return min(limit, won_from_revoke_on)


def adjusted_declarer_tricks(
    *,
    declarer_tricks: int,
    tricks_transferred: int,
    revoking_side: RevokingSide,
    other_tricks_transferred: int = 0,
) -> int:
    """Declarer's tricks after the Law 64A transfer: fewer when his side revoked, more when a defender did.

    ``declarer_tricks`` is the declaring side's total as played (0–13), the 62D trick-12 correction included.
    ``other_tricks_transferred`` is what another penalised revoke by the same side on the board transfers: every
    established revoke is rectified (only 64B2 exempts a repeat in the same suit by the same player), so the
    result holds both transfers.
    """
    played = _check_int(declarer_tricks, "declarer_tricks", 0, TOTAL_TRICKS)
    moved = _check_int(tricks_transferred, "tricks_transferred", 0, MAX_TRANSFER)
    moved += _check_int(other_tricks_transferred, "other_tricks_transferred", 0, TOTAL_TRICKS)
    if revoking_side == "declaring":
        adjusted = played - moved
    elif revoking_side == "defending":
        adjusted = played + moved
    else:
        raise RevokeError(
            messages.REVOKE_SIDE_UNKNOWN,
            "revoking_side",
            sides=", ".join(REVOKING_SIDES),
            value=revoking_side,
        )
    if not 0 <= adjusted <= TOTAL_TRICKS:
        raise RevokeError(messages.REVOKE_TOO_FEW_TRICKS, "declarer_tricks", moved=moved, played=played)
    return adjusted


MAX_TRANSFER_2017_A2 = 1
"""2017 Law 64A2: one trick at most when the revoker did not win the revoke trick (no 1997 second trick)."""


def tricks_transferred_2017(
    *,
    offender_won_revoke_trick: bool,
    offending_side_won_revoke_trick: bool,
    offending_side_tricks_after_revoke_trick: int,
    on_trick_12: bool = False,
    subsequent_revoke_same_suit_same_player: bool = False,
    failure_to_play_penalty_or_dummy_card: bool = False,
    noticed_after_nos_called_next_deal: bool = False,
    noticed_after_round_ended: bool = False,
    both_sides_revoked: bool = False,
    corrected_under_62c3: bool = False,
) -> int:
    """Tricks transferred to the non-offending side after an established revoke under the 2017 Laws (Law 64).

    - 64A1: the revoker won the revoke trick (a trick won by dummy is not won by declarer) → that trick, plus
      one more if his side won any later trick (at most two).
    - 64A2: he did not win it → one trick if his side won the revoke trick or any later trick (at most one; the
      1997 second trick for a card he could have played to the revoke trick is gone). Law 67B1 sends a defective
      trick (a card not played) to this rule too: the offender is deemed to have revoked, one trick per 64A2.
    - 64B: none when the offending side won neither the revoke trick nor a later trick (B1), for a subsequent
      revoke in the same suit by the same player (B2), for failure to play a penalty card or a card of dummy
      (B3), when attention was first drawn after a non-offender called on the next deal (B4) or after the round
      ended (B5), on trick 12 (B6), when both sides revoked on the board and both revokes are established (B7),
      or when the revoke was corrected under 62C3 (B8).

    Law 64C (equity, with 64C2 for B2 and B7) is separate: the Director may still adjust after any established
    revoke.
    """
    offender_won = _check_bool(offender_won_revoke_trick, "offender_won_revoke_trick")
    side_won = _check_bool(offending_side_won_revoke_trick, "offending_side_won_revoke_trick")
    later = _check_int(
        offending_side_tricks_after_revoke_trick,
        "offending_side_tricks_after_revoke_trick",
        0,
        MAX_TRICKS_AFTER_REVOKE_TRICK,
    )
    if offender_won and not side_won:
        raise RevokeError(messages.REVOKE_REVOKER_WON_TRICK, "offending_side_won_revoke_trick")
    exceptions = {
        "on_trick_12": on_trick_12,
        "subsequent_revoke_same_suit_same_player": subsequent_revoke_same_suit_same_player,
        "failure_to_play_penalty_or_dummy_card": failure_to_play_penalty_or_dummy_card,
        "noticed_after_nos_called_next_deal": noticed_after_nos_called_next_deal,
        "noticed_after_round_ended": noticed_after_round_ended,
        "both_sides_revoked": both_sides_revoked,
        "corrected_under_62c3": corrected_under_62c3,
    }
    if any(_check_bool(value, name) for name, value in exceptions.items()):
        return 0  # 64B2–B8
    won_from_revoke_on = offending_side_tricks_from_revoke_trick(
        offending_side_won_revoke_trick=side_won, offending_side_tricks_after_revoke_trick=later
    )
    if won_from_revoke_on == 0:
        return 0  # 64B1
    limit = MAX_TRANSFER if offender_won else MAX_TRANSFER_2017_A2
    return min(limit, won_from_revoke_on)
