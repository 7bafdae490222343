"""What stored user text may contain (security review H2, L6): no lone surrogates (they cannot be encoded, so a
record holding one could never be shown again), no NUL (PostgreSQL refuses it), no control characters other than
tab and line breaks, and, in one-line fields (event, session, table, appellant, committee), no bidi controls or
marks that reorder what is shown. JSON fields (facts, laws, adjustment) are walked, keys and values, and the error
names the place (``adjustment.note``, ``laws[0]``)."""

from __future__ import annotations

import datetime
import re

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# C0 except \t \n \r, DEL, C1; lone surrogates. Text fields keep line breaks.
_BAD_ANYWHERE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
# One-line fields: also line breaks and tabs, and the bidi embeddings/overrides/isolates and LRM/RLM.
_BAD_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# Multi-line texts: the bidi overrides and isolates are refused too (they reorder what the reader sees);
# LRM/RLM marks are allowed there, as mixed Chinese/English prose may need them.
_BAD_MULTI_LINE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")

JSON_DEPTH_LIMIT = 32
EARLIEST_DATE = datetime.date(1990, 1, 1)


def bad_character(text: str, *, single_line: bool = False) -> str | None:
    """The first character ``text`` may not hold, as ``U+XXXX``; None when it is clean."""
    m = (_BAD_ONE_LINE if single_line else _BAD_MULTI_LINE).search(text)
    return f"U+{ord(m.group(0)):04X}" if m else None


def _message():
    return _("含有不允许的字符（%(char)s）：控制字符、代理字符或双向文字控制符。")


def validate_text(value: object) -> None:
    if isinstance(value, str) and (char := bad_character(value)):
        raise ValidationError(_message(), code="bad_character", params={"char": char})


def validate_one_line(value: object) -> None:
    if isinstance(value, str) and (char := bad_character(value, single_line=True)):
        raise ValidationError(_message(), code="bad_character", params={"char": char})


def latest_date() -> datetime.date:
    """The latest date a ruling may carry: a year from today (a date typed for next season's event)."""
    today = timezone.localdate()
    try:
        return today.replace(year=today.year + 1)
    except ValueError:  # 29 February
        return today.replace(year=today.year + 1, day=28)


def json_problem(value: object, field: str, depth: int = 0) -> tuple[str, str] | None:
    """The first place in a JSON value that a record may not store: ``(field path, what is wrong)``."""
    if depth > JSON_DEPTH_LIMIT:
        return field, "depth"
    if isinstance(value, str):
        char = bad_character(value, single_line=False)
        return (field, char) if char else None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return field, "key"
            char = bad_character(key, single_line=True)
            if char:
                return field, char
            problem = json_problem(item, f"{field}.{key}", depth + 1)
            if problem:
                return problem
        return None
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            problem = json_problem(item, f"{field}[{index}]", depth + 1)
            if problem:
                return problem
        return None
    return None
