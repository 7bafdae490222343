"""Reading typed input: whole numbers, numbers and lists of scores from query strings, form fields and JSON.

The calculators (pages and API) and the club log read what a director typed through these, so every edge refuses
the same input with the same :class:`~bridge.errors.EngineError`, naming the field. Text is accepted where a
form or a query string can only give text (``"10"``, ``" -450 "``); booleans never count as numbers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from . import messages
from .errors import EngineError

__all__ = ["MAX_DIGITS", "number", "read_whole", "required", "scores_from_text", "too_long", "whole_number"]

# An optional sign, then digits only: "+-5", "10.5", "1e3" and "²" (a digit int() refuses) are not whole numbers.
_WHOLE = re.compile(r"[+-]?\d+")
# The most digits a whole number typed to the site may have (security review N1). No number it reads needs more (a
# score has 5 digits, a board 5, a record number or a version 9), and CPython refuses to read more than 4,300
# (ValueError: an uncaught 500): every reader of a number a user typed checks this before int().
MAX_DIGITS = 15
# Scores in a text box are separated by spaces, commas or Chinese commas.
_SCORE_SEPARATORS = re.compile(r"[\s,，]+")


def too_long(text: str) -> bool:
    """Whether ``text`` (a whole number as typed, sign and spaces allowed) has more than MAX_DIGITS digits."""
    return len(text.strip().lstrip("+-")) > MAX_DIGITS


def read_whole(text: str) -> int | None:
    """The whole number ``text`` spells (an optional sign, then digits; spaces around), or None when it spells
    none or has more than MAX_DIGITS digits: the one bounded ``int()`` of text every reader shares."""
    text = text.strip()
    if not _WHOLE.fullmatch(text) or too_long(text):
        return None
    return int(text)


def _too_long_error(field: str, low: int | None, high: int | None, value: object) -> EngineError:
    if low is not None and high is not None:
        return EngineError(messages.INPUT_OUT_OF_RANGE, field, name=field, low=low, high=high, value=value)
    return EngineError(messages.INPUT_TOO_LONG, field, name=field, digits=MAX_DIGITS)


def whole_number(value: object, field: str, *, low: int | None = None, high: int | None = None) -> int:
    """A whole number (an int, or text of digits with an optional sign), within ``low``–``high`` if given."""
    if isinstance(value, str):
        text = value.strip()
        if not _WHOLE.fullmatch(text):
            raise EngineError(messages.INPUT_NOT_WHOLE, field, name=field, value=value)
        if too_long(text):
            raise _too_long_error(field, low, high, value)
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
    """A number typed as text (``63.5``, ``60``): finite, and no longer than MAX_DIGITS digits and a point."""
    try:
        result = float(value)
    except ValueError:
        raise EngineError(messages.INPUT_NOT_NUMBER, field, name=field, value=value) from None
    if len(value.strip()) > MAX_DIGITS + 2:
        raise EngineError(messages.INPUT_TOO_LONG, field, name=field, digits=MAX_DIGITS)
    if not math.isfinite(result):
        raise EngineError(messages.INPUT_NOT_NUMBER, field, name=field, value=value)
    return result


def scores_from_text(text: str, field: str = "scores") -> list[int]:
    """Whole-number scores typed in one box, separated by spaces, new lines or commas (``420, 420\\n450 -50``)."""
    scores = []
    for token in _SCORE_SEPARATORS.split(text.strip()):
        if not token:
            continue
        if not _WHOLE.fullmatch(token):
            raise EngineError(messages.INPUT_NOT_SCORE, field, token=token)
        if too_long(token):
            raise EngineError(messages.INPUT_TOO_LONG, field, name=field, digits=MAX_DIGITS)
        scores.append(int(token))
    return scores
