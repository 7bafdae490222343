"""The ruling log's words in the reader's language: seats, vulnerability and people, for the record page, the print
sheet, the revision history and the CSV export (tablet review 2026-12, bug 14).

The log stores the domain's codes (``S``, ``Both``) and users; these functions are the one place that turns them
into what a director reads (南 / 双方有局 in Chinese, South / Both vulnerable in English). ``clubs.exports`` calls
them for its values; the templates use the filters of ``clubs_labels``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from rulings.choices import SEATS, SIDES

_SEATS = dict(SEATS)
_SIDES = dict(SIDES)
# The log's own words for vulnerability (Law 2): 双方有局 rather than the pad's short 双有.
_VULNERABILITIES = {
    "None": _("双方无局"),
    "NS": _("南北有局"),
    "EW": _("东西有局"),
    "Both": _("双方有局"),
}


def seat_label(code: object) -> str:
    """N → 北 (North); an unknown value is shown as it is."""
    return str(_SEATS.get(str(code), code if code is not None else ""))


def side_label(code: object) -> str:
    """NS → 南北 (NS); an unknown value is shown as it is."""
    return str(_SIDES.get(str(code), code if code is not None else ""))


def vulnerability_label(code: object) -> str:
    """Both → 双方有局 (Both vulnerable); an unknown value is shown as it is."""
    return str(_VULNERABILITIES.get(str(code), code if code is not None else ""))


def person_name(user) -> str:
    """A person as the log shows them: the full name, else the username ("" for nobody)."""
    if user is None:
        return ""
    full = (user.get_full_name() or "").strip() if hasattr(user, "get_full_name") else ""
    return full or user.get_username()
