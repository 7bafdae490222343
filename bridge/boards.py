"""Law 2: the duplicate board — its dealer and vulnerability by board number."""

from __future__ import annotations

from dataclasses import dataclass

from . import messages, tables
from .cards import Seat, Vulnerability
from .errors import BoardError

__all__ = ["Board", "board_info"]


@dataclass(frozen=True, slots=True)
class Board:
    """A board's number with the dealer and vulnerability Law 2 assigns to it."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability


def board_info(number: int) -> Board:
    """Law 2: dealer N, E, S, W by (board − 1) mod 4; vulnerability by the 16-board table (双无 1 8 11 14,
    南北 2 5 12 15, 东西 3 6 9 16, 双有 4 7 10 13), repeated for boards 17–32 and each later 16.

    Raises :class:`BoardError` (field ``board``) unless ``number`` is an int ≥ 1.
    """
    if isinstance(number, bool) or not isinstance(number, int):
        raise BoardError(messages.BOARD_NOT_WHOLE, number=number)
    if number < 1:
        raise BoardError(messages.BOARD_BELOW_ONE, number=number)
    index = number - 1
    dealer = Seat(tables.DEALER_CYCLE[index % len(tables.DEALER_CYCLE)])
    vulnerability = Vulnerability(tables.VULNERABILITY_CYCLE[index % len(tables.VULNERABILITY_CYCLE)])
    return Board(number=number, dealer=dealer, vulnerability=vulnerability)
