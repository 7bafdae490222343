"""Law 78: methods of scoring — matchpoints (78A) and international matchpoints (78B)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from . import messages, tables
from .errors import ComparisonError

__all__ = ["Matchpoints", "imps", "matchpoint_score", "matchpoints", "percentage"]


def imps(diff: int) -> int:
    """Law 78B: convert a total-point difference to IMPs, keeping its sign (−430 → −10).

    A difference falls in the first band of the scale whose upper bound is not below its size, so the printed
    bands (multiples of 10) are exact and a difference between them (e.g. 15) goes to the next band up.
    Raises :class:`ComparisonError` (field ``diff``) unless ``diff`` is an int.
    """
    if isinstance(diff, bool) or not isinstance(diff, int):
        raise ComparisonError(messages.DIFF_NOT_WHOLE, "diff", diff=diff)
    size = abs(diff)
    for upper, band_imps in tables.IMP_SCALE:
        if size <= upper:
            return band_imps if diff >= 0 else -band_imps
    return tables.IMP_MAX if diff >= 0 else -tables.IMP_MAX


@dataclass(frozen=True, slots=True)
class Matchpoints:
    """Law 78A: each score's matchpoints (2 per score beaten, 1 per tie), its percentage of the top, and the top.

    ``matchpoints`` and ``percentages`` are in the order the scores were given.
    """

    matchpoints: tuple[float | int, ...]
    percentages: tuple[float, ...]
    top: int


def percentage(points: float, top: int) -> float:
    """Matchpoints as a percentage of the top, rounded to 2 decimals; a lone score (top 0) gets 50%."""
    if top == 0:
        return tables.LONE_SCORE_PERCENTAGE
    return round(points / top * 100, tables.PERCENT_DECIMALS)


def _check_scores(scores: object, field: str) -> list[int]:
    if isinstance(scores, (str, bytes)) or not isinstance(scores, (list, tuple)):
        raise ComparisonError(messages.SCORES_NOT_LIST, field, name=field, kind=type(scores).__name__)
    for index, value in enumerate(scores):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ComparisonError(messages.SCORES_ITEM_NOT_WHOLE, field, name=field, index=index, value=value)
    return list(scores)


def matchpoint_score(score: int, others: Sequence[int], *, field: str = "scores") -> tuple[int, int]:
    """Law 78A: the matchpoints of one score against the other scores on the board, and the top.

    2 units for each lower score, 1 for each equal score, 0 for each higher one; top = 2 × number of others.
    """
    if isinstance(score, bool) or not isinstance(score, int):
        raise ComparisonError(messages.SCORE_NOT_WHOLE, field, score=score)
    ordered = sorted(_check_scores(others, field))
    return _units(score, ordered), tables.MATCHPOINTS_PER_SCORE_BEATEN * len(ordered)


def _units(value: int, ordered: Sequence[int]) -> int:
    lower = bisect_left(ordered, value)
    equal = bisect_right(ordered, value) - lower
    return tables.MATCHPOINTS_PER_SCORE_BEATEN * lower + tables.MATCHPOINTS_PER_TIE * equal


def matchpoints(scores: Sequence[int]) -> Matchpoints:
    """Law 78A: matchpoint every score on one board against all the others (scores from one side's view).

    Units follow the law: 2 per score beaten, 1 per tie (one matchpoint per pair beaten counted in halves), so
    the top is 2 × (n − 1) and percentages are matchpoints ÷ top × 100, rounded to 2 decimals; percentages of
    fields of different sizes are therefore comparable. A board with one score has top 0 and that score gets
    50% (an average: there is nobody to compare with). Raises :class:`ComparisonError` (field ``scores``) for
    anything but a non-empty list of ints.
    """
    values = _check_scores(scores, "scores")
    if not values:
        raise ComparisonError(messages.SCORES_EMPTY, "scores")
    ordered = sorted(values)
    # Each score also ties with itself in the sorted list; take that one tie back off.
    units = tuple(_units(value, ordered) - tables.MATCHPOINTS_PER_TIE for value in values)
    top = tables.MATCHPOINTS_PER_SCORE_BEATEN * (len(values) - 1)
    return Matchpoints(units, tuple(percentage(mp, top) for mp in units), top)
