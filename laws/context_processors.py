"""The edition a page is in, for the top bar's switch and every page's notice (laws.editions)."""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject


def law_edition(request) -> dict:
    def current():
        from laws import selectors

        try:
            return selectors.edition_for(request)
        except Exception:  # noqa: BLE001 (an error page, a database without the corpus: no edition to show)
            return None

    def choices():
        from laws import selectors

        try:
            return selectors.edition_list()
        except Exception:  # noqa: BLE001
            return []

    return {"law_edition": SimpleLazyObject(current), "law_editions": SimpleLazyObject(choices)}
