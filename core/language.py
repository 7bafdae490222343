"""The page's language, and one side of a two-language text in it.

The trees, their facts and scripts carry Chinese and English side by side (:class:`bridge.trees.model.Text`, or a
``{"zh", "en"}`` dict in stored outcomes); every edge shows the side of the active language (the page's, or the
API request's), and falls back to the other side when that one is empty.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation


def language() -> str:
    """The active language code (``zh-hans`` or ``en``), the project's default when none is active."""
    return translation.get_language() or settings.LANGUAGE_CODE


def english() -> bool:
    return language().lower().startswith("en")


def side(text: object, *, in_english: bool) -> str:
    if text is None:
        return ""
    if isinstance(text, str | int | float):
        return str(text)
    if isinstance(text, dict):
        zh, en = text.get("zh"), text.get("en")
    else:
        zh, en = getattr(text, "zh", None), getattr(text, "en", None)
    return str((en or zh) if in_english else (zh or en) or "")


def pick(text: object) -> str:
    """The side of ``text`` in the active language."""
    return side(text, in_english=english())


def other(text: object) -> str:
    """The side of ``text`` in the other language (a Chinese page's English aside)."""
    return side(text, in_english=not english())
