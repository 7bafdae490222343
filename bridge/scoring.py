"""Law 77: the duplicate scoring table — the score of one contract, with an itemised breakdown."""

from __future__ import annotations

from dataclasses import dataclass

from . import messages, tables
from .cards import TOTAL_TRICKS, Contract, Doubling, Seat, Side, Strain, Vulnerability
from .errors import SeatError, TricksError

__all__ = ["Score", "ScoreItem", "score", "trick_score", "undertrick_penalty", "validate_tricks"]

LAW = "77"
_SLAMS: dict[int, tuple[str, str]] = {6: ("small_slam", "小满贯奖分"), 7: ("grand_slam", "大满贯奖分")}


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a Law 77 score, in points from the declaring side's view (undertricks are negative).

    ``item`` is a stable key: ``trick_score``, ``overtricks``, ``insult``, ``game_bonus``, ``partscore_bonus``,
    ``small_slam``, ``grand_slam`` or ``undertricks``.
    """

    item: str
    label_zh: str
    points: int
    law: str = LAW


@dataclass(frozen=True, slots=True)
class Score:
    """The result of one board at one table (Law 77).

    ``result`` is +overtricks, −undertricks, or 0 when the contract was made exactly (and for a passed-out
    board). ``breakdown`` sums to the declaring side's score; ``score_ns`` and ``score_ew`` are its two signs.
    For a passed-out board the breakdown is empty and ``declarer``/``tricks`` are whatever was given.
    """

    contract: Contract
    declarer: Seat | None
    vulnerable: bool
    tricks: int | None
    result: int
    score_ns: int
    score_ew: int
    breakdown: tuple[ScoreItem, ...]

    @property
    def declaring_side_score(self) -> int:
        return sum(item.points for item in self.breakdown)

    @property
    def made(self) -> bool:
        return self.result >= 0


def validate_tricks(tricks: object, *, field: str = "tricks") -> int:
    """The declaring side's tricks: a whole number from 0 to 13."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise TricksError(messages.TRICKS_NOT_WHOLE, field, tricks=tricks)
    if not 0 <= tricks <= TOTAL_TRICKS:
        raise TricksError(messages.TRICKS_RANGE, field, tricks=tricks)
    return tricks


def score(
    contract: Contract | str,
    declarer: Seat | str | None,
    vulnerability: Vulnerability | str,
    tricks: int | None,
) -> Score:
    """Law 77: score ``contract`` played by ``declarer`` taking ``tricks`` (the declaring side's total, 0–13).

    Enums may be given as their text (``"4SX"``, ``"N"``, ``"Both"``); bad input raises an
    :class:`~bridge.errors.EngineError` naming the field. A passed-out board (Law 22A) scores 0 for both
    sides whatever the declarer and tricks (``None`` is accepted for both).
    """
    contract = Contract.parse(contract)
    vulnerability = Vulnerability.parse(vulnerability)
    if contract.is_passed_out:
        seat = None if declarer is None else Seat.parse(declarer, field="declarer")
        taken = None if tricks is None else validate_tricks(tricks)
        zero = tables.PASSED_OUT_SCORE
        vulnerable = seat is not None and vulnerability.is_vulnerable(seat)
        return Score(contract, seat, vulnerable, taken, 0, zero, zero, ())
    if declarer is None:
        raise SeatError(messages.DECLARER_MISSING, "declarer", contract=str(contract))
    seat = Seat.parse(declarer, field="declarer")
    taken = validate_tricks(tricks)
    vulnerable = vulnerability.is_vulnerable(seat)
    result = taken - contract.tricks_needed
    if result >= 0:
        breakdown = _made(contract, vulnerable, result)
    else:
        breakdown = (_undertricks(contract.doubled, vulnerable, -result),)
    points = sum(item.points for item in breakdown)
    ns = points if seat.side is Side.NS else -points
    return Score(contract, seat, vulnerable, taken, result, ns, -ns, breakdown)


def trick_score(strain: Strain, level: int, doubled: Doubling) -> int:
    """Law 77: trick score for ``level`` odd tricks bid and made (first odd trick, then each later one)."""
    first = tables.FIRST_ODD_TRICK[strain][doubled]
    later = tables.LATER_ODD_TRICK[strain][doubled]
    return first + later * (level - 1)


def _made(contract: Contract, vulnerable: bool, overtricks: int) -> tuple[ScoreItem, ...]:
    """Law 77: the declaring side's trick score and premiums for a contract made with ``overtricks``."""
    strain, level, doubled = contract.strain, contract.level, contract.doubled
    assert strain is not None  # passed-out boards are scored before this
    items: list[ScoreItem] = []
    contract_points = trick_score(strain, level, doubled)
    items.append(ScoreItem("trick_score", "定约墩分", contract_points))
    if overtricks:
        if doubled:
            each = tables.DOUBLED_OVERTRICK[doubled][vulnerable]
        else:
            each = tables.LATER_ODD_TRICK[strain][Doubling.UNDOUBLED]
        items.append(ScoreItem("overtricks", f"超额{overtricks}墩", each * overtricks))
    if doubled:
        label = "完成加倍定约奖分" if doubled == Doubling.DOUBLED else "完成再加倍定约奖分"
        items.append(ScoreItem("insult", label, tables.INSULT[doubled]))
    if contract_points >= tables.GAME_THRESHOLD:
        items.append(ScoreItem("game_bonus", "成局奖分", tables.GAME_BONUS[vulnerable]))
    else:
        items.append(ScoreItem("partscore_bonus", "部分定约奖分", tables.PARTSCORE_BONUS))
    if level in tables.SLAM_BONUS:
        key, label = _SLAMS[level]
        items.append(ScoreItem(key, label, tables.SLAM_BONUS[level][vulnerable]))
    return tuple(items)


def undertrick_penalty(doubled: Doubling, vulnerable: bool, down: int) -> int:
    """Law 77: points the defenders score for ``down`` undertricks (1st; 2nd and 3rd each; 4th and later each)."""
    first, second_third, later = tables.UNDERTRICKS[(vulnerable, doubled)]
    return first + second_third * min(max(down - 1, 0), 2) + later * max(down - 3, 0)


def _undertricks(doubled: Doubling, vulnerable: bool, down: int) -> ScoreItem:
    return ScoreItem("undertricks", f"宕{down}墩罚分", -undertrick_penalty(doubled, vulnerable, down))
