"""Domain errors of the scoring core.

Every error the engine raises for bad input is an :class:`EngineError`, a ``ValueError`` that names the
input field it concerns, so the API can answer ``{"error": ..., "field": ...}`` with status 400 in one place
(DESIGN.md §7, §8.4).
"""

from __future__ import annotations

from typing import ClassVar


class EngineError(ValueError):
    """Bad input to the engine. ``field`` names the input it concerns (``"contract"``, ``"fault.NS"``…)."""

    default_field: ClassVar[str | None] = None

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field: str | None = field if field is not None else self.default_field

    def as_dict(self) -> dict[str, str | None]:
        """The API error body of DESIGN.md §7."""
        return {"error": self.message, "field": self.field}


class ContractError(EngineError):
    """A contract that cannot be read or does not exist (level 1–7, strain C D H S NT, X or XX, or PASS)."""

    default_field = "contract"


class SeatError(EngineError):
    """A seat other than N, E, S, W."""

    default_field = "seat"


class StrainError(EngineError):
    """A denomination other than clubs, diamonds, hearts, spades or no trump."""

    default_field = "strain"


class VulnerabilityError(EngineError):
    """A vulnerability other than None, NS, EW, Both."""

    default_field = "vulnerability"


class BoardError(EngineError):
    """A board number that is not a whole number from 1 up."""

    default_field = "board"


class TricksError(EngineError):
    """A trick count that is not a whole number from 0 to 13."""

    default_field = "tricks"


class ComparisonError(EngineError):
    """Bad input to an IMP or matchpoint comparison (Law 78)."""

    default_field = "scores"


class AdjustedScoreError(EngineError):
    """Bad input to an adjusted-score computation (Laws 12, 86, 88)."""

    default_field = None
