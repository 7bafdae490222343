"""What the club log's pages share: a record or 404, the wizard link for a walk, a revision's rows."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import Http404
from django.urls import reverse

from clubs import revision_words, selectors
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


def change_rows(changes: dict, irregularity: str | None = None) -> list[dict]:
    """A revision's changes as table rows in words (clubs.revision_words): the field, the old and the new value."""
    return revision_words.change_rows(changes, irregularity)
