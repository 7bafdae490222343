"""What the club log's pages share: a record or 404, the wizard link for a walk, a revision's rows."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _

from clubs import selectors
from clubs.models import Club, RulingRecord
from laws import editions
from rulings.trees import trees


def record_or_404(club: Club, number: int) -> RulingRecord:
    record = selectors.ruling_get(club=club, number=number)
    if record is None:
        raise Http404("no such ruling")
    return record


def query_value(value) -> str:
    """A fact's value as the wizard's query string and the form's inputs write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def wizard_url(irregularity: str, facts: dict, edition: str | None = None) -> str | None:
    """The wizard's page for this walk in its edition (named in the link unless it is the site default), or None
    for an irregularity without a tree."""
    if irregularity not in trees(edition):
        return None
    named = {} if not edition or edition == editions.default_code() else {editions.PARAM: edition}
    query = urlencode({**named, **{name: query_value(value) for name, value in facts.items()}})
    url = reverse("rulings:wizard-walk", args=[irregularity])
    return f"{url}?{query}" if query else url


def change_rows(changes: dict) -> list[dict]:
    """A revision's changes as table rows: the field's name (the model's), the old and the new value."""
    return [
        {
            "field": RulingRecord.label_of(name),
            "old": _shown(change.get("old")),
            "new": _shown(change.get("new")),
        }
        for name, change in changes.items()
    ]


def _shown(value) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, dict | list):
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
        return text if len(text) <= 400 else text[:400] + "…"
    if isinstance(value, bool):
        return _("是") if value else _("否")
    return str(value)
