"""Reading typed input: whole numbers, numbers and lists of scores from query strings, form fields and JSON.

The calculators (pages and API) and the club log read what a director typed through these, so every edge refuses
the same input with the same :class:`~bridge.errors.EngineError`, naming the field. Text is accepted where a
form or a query string can only give text (``"10"``, ``" -450 "``); booleans never count as numbers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from . import messages
from .errors import EngineError

__all__ = ["number", "required", "scores_from_text", "whole_number"]

# An optional sign, then digits only: "+-5", "10.5", "1e3" and "²" (a digit int() refuses) are not whole numbers.
_WHOLE = re.compile(r"[+-]?\d+")
# Scores in a text box are separated by spaces, commas or Chinese commas.
_SCORE_SEPARATORS = re.compile(r"[\s,，]+")


def whole_number(value: object, field: str, *, low: int | None = None, high: int | None = None) -> int:
    """A whole number (an int, or text of digits with an optional sign), within ``low``–``high`` if given."""
    if isinstance(value, str):
        text = value.strip()
        if not _WHOLE.fullmatch(text):
            raise EngineError(messages.INPUT_NOT_WHOLE, field, name=field, value=value)
        value = int(text)
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(messages.INPUT_NOT_WHOLE, field, name=field, value=value)
    if (low is not None and value < low) or (high is not None and value > high):
        if high is None:
            raise EngineError(messages.INPUT_BELOW, field, name=field, low=low, value=value)
        raise EngineError(messages.INPUT_OUT_OF_RANGE, field, name=field, low=low, high=high, value=value)
    return value


def required(params: Mapping[str, object], field: str) -> object:
    """``params[field]``, which must be given and not empty."""
    value = params.get(field)
    if value is None or value == "":
        raise EngineError(messages.INPUT_REQUIRED, field, name=field)
    return value


def number(value: str, field: str) -> float:
    """A number typed as text (``63.5``, ``60``)."""
    try:
        return float(value)
    except ValueError:
        raise EngineError(messages.INPUT_NOT_NUMBER, field, name=field, value=value) from None


def scores_from_text(text: str, field: str = "scores") -> list[int]:
    """Whole-number scores typed in one box, separated by spaces, new lines or commas (``420, 420\\n450 -50``)."""
    scores = []
    for token in _SCORE_SEPARATORS.split(text.strip()):
        if not token:
            continue
        if not _WHOLE.fullmatch(token):
            raise EngineError(messages.INPUT_NOT_SCORE, field, token=token)
        scores.append(int(token))
    return scores
