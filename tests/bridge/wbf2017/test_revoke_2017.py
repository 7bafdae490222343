"""Law 64 trick transfer under the 2017 Laws (bridge.revoke.tricks_transferred_2017), checked against the law's own
rules (laws-facts-2017.md L64, L67): 64A1 one or two tricks, 64A2 one trick at most (no 1997 second trick), the
eight 64B items, and Law 67B1 (a card not played to a defective trick counts as a revoke, one trick per 64A2)."""

from __future__ import annotations

import itertools

import pytest

from bridge.revoke import RevokeError, tricks_transferred, tricks_transferred_2017
from bridge.trees import COMPUTATIONS, ComputeContext


def transfer(offender_won: bool, side_won: bool, later: int, **exceptions: bool) -> int:
    return tricks_transferred_2017(
        offender_won_revoke_trick=offender_won,
        offending_side_won_revoke_trick=side_won,
        offending_side_tricks_after_revoke_trick=later,
        **exceptions,
    )


@pytest.mark.parametrize(
    ("offender_won", "side_won", "later", "expected"),
    [
        pytest.param(True, True, 0, 1, id="64A1-revoke-trick-only"),
        pytest.param(True, True, 1, 2, id="64A1-revoke-trick-plus-one-later"),
        pytest.param(True, True, 7, 2, id="64A1-never-more-than-two"),
        pytest.param(False, True, 0, 1, id="64A2-partner-won-revoke-trick"),
        pytest.param(False, True, 5, 1, id="64A2-partner-won-and-more-still-one"),
        pytest.param(False, False, 1, 1, id="64A2-side-won-a-later-trick"),
        pytest.param(False, False, 4, 1, id="64A2-many-later-tricks-still-one"),
        pytest.param(False, False, 0, 0, id="64B1-side-won-nothing-from-the-revoke-on"),
    ],
)
def test_law_64a(offender_won: bool, side_won: bool, later: int, expected: int) -> None:
    assert transfer(offender_won, side_won, later) == expected


@pytest.mark.parametrize(
    "exception",
    [
        pytest.param("subsequent_revoke_same_suit_same_player", id="64B2"),
        pytest.param("failure_to_play_penalty_or_dummy_card", id="64B3"),
        pytest.param("noticed_after_nos_called_next_deal", id="64B4"),
        pytest.param("noticed_after_round_ended", id="64B5"),
        pytest.param("on_trick_12", id="64B6"),
        pytest.param("both_sides_revoked", id="64B7"),
        pytest.param("corrected_under_62c3", id="64B8"),
    ],
)
def test_law_64b_items_transfer_nothing(exception: str) -> None:
    assert transfer(True, True, 5) == 2
    assert transfer(True, True, 5, **{exception: True}) == 0


def test_64a2_no_second_trick_where_1997_gave_two() -> None:
    """The 1997 second trick (a later winner with a card playable to the revoke trick) is gone in 2017."""
    assert (
        tricks_transferred(
            offender_won_revoke_trick=False,
            offending_side_won_revoke_trick=True,
            offending_side_tricks_after_revoke_trick=1,
            offender_later_won_with_card_playable_to_revoke_trick=True,
        )
        == 2
    )
    assert transfer(False, True, 1) == 1


def test_2017_equals_1997_without_the_second_trick() -> None:
    """Outside the 1997 second trick the two codes agree on 64A/64B1 (the offline table relies on this)."""
    for offender_won, side_won, later in itertools.product((True, False), (True, False), range(13)):
        if offender_won and not side_won:
            continue
        old = tricks_transferred(
            offender_won_revoke_trick=offender_won,
            offending_side_won_revoke_trick=side_won,
            offending_side_tricks_after_revoke_trick=later,
        )
        assert transfer(offender_won, side_won, later) == old
        assert transfer(offender_won, side_won, later) <= (2 if offender_won else 1)


@pytest.mark.parametrize(
    ("defective_trick_won_by_offending_side", "later", "expected"),
    [
        pytest.param(True, 0, 1, id="67B1-offending-side-won-the-defective-trick"),
        pytest.param(False, 3, 1, id="67B1-offending-side-won-a-later-trick"),
        pytest.param(False, 0, 0, id="67B1-offending-side-won-nothing-from-it-on"),
    ],
)
def test_law_67b1_defective_trick_is_one_trick_per_64a2(
    defective_trick_won_by_offending_side: bool, later: int, expected: int
) -> None:
    """67B1 (2017): the offender whose card is missing from a trick is deemed to have revoked and the trick
    transfer is that of 64A2 — whether or not he held the suit led (1997: no penalty when he held it). The card
    he now places among his played cards does not change who won the trick, so he never 'won' it (64A1)."""
    assert transfer(False, defective_trick_won_by_offending_side, later) == expected


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        pytest.param(
            {"offending_side_tricks_after_revoke_trick": 13}, "offending_side_tricks_after_revoke_trick"
        ),
        pytest.param(
            {"offending_side_tricks_after_revoke_trick": True}, "offending_side_tricks_after_revoke_trick"
        ),
        pytest.param({"offender_won_revoke_trick": "yes"}, "offender_won_revoke_trick"),
        pytest.param({"offending_side_won_revoke_trick": False}, "offending_side_won_revoke_trick"),
        pytest.param({"both_sides_revoked": 1}, "both_sides_revoked"),
    ],
)
def test_bad_facts_raise_naming_the_field(kwargs: dict[str, object], field: str) -> None:
    facts: dict[str, object] = {
        "offender_won_revoke_trick": True,
        "offending_side_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 2,
        **kwargs,
    }
    with pytest.raises(RevokeError) as caught:
        tricks_transferred_2017(**facts)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_the_computation_is_registered_beside_the_1997_one() -> None:
    new = COMPUTATIONS["revoke_transfer_2017"]
    old = COMPUTATIONS["tricks_transferred"]
    assert new.requires == old.requires
    facts = {
        "offender_won_revoke_trick": False,
        "offending_side_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 3,
        "offender_later_won_with_card_playable_to_revoke_trick": True,
    }
    context = ComputeContext(facts=facts, outcome={})
    assert old.function(context) == 2
    assert new.function(context) == 1
