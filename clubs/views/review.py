"""The review list of a club's rulings, filtered, and the same selection as CSV and as statistics (a
server-rendered chart and its table)."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs import charts, exports, selectors
from clubs.forms import RulingFilterForm
from clubs.models import Capability, Club, RulingRecord, Status
from clubs.permissions import club_page

PAGE_SIZE = 50


def _filters(request, club: Club):
    """The filter form and the filters it gives (None when they are bad: the page answers 400)."""
    form = RulingFilterForm(request.GET or None, directors=selectors.club_directors(club=club))
    if form.is_bound and not form.is_valid():
        return form, None
    return form, form.filters() if form.is_bound else selectors.RulingFilters()


def _filtered(request, club: Club):
    """The filter form and the records it selects (None when the filters are bad: the page answers 400)."""
    form, filters = _filters(request, club)
    if filters is None:
        return form, None
    return form, selectors.ruling_list(club=club, filters=filters)


@dataclass(frozen=True)
class KeysetPage:
    """One page of the log read by keyset (issue 32): as fast on the last page as on the first. ``after`` and
    ``before`` are the record numbers the next and previous links start from (None: no such page)."""

    records: list
    total: int
    after: int | None
    before: int | None
    # The total is the cap of a common text's count (selectors.RulingSelection): shown "1,000+".
    capped: bool = False

    @property
    def rows(self) -> list[tuple[RulingRecord, str]]:
        """Each record with its page's address, from one reverse (RulingRecord.url_maker)."""
        if not self.records:
            return []
        url = RulingRecord.url_maker(self.records[0].club_id)
        return [(record, url(record.number)) for record in self.records]

    @property
    def total_shown(self) -> str:
        """The capped total as the list prints it, the same in every language: "1,000"."""
        return f"{self.total:,}"


def _record_number(request, name: str) -> int | None:
    """A record number from the query string, bounded before it is converted; KeyError-free: None if absent."""
    raw = request.GET.get(name)
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
        raise ValueError(name)
    return int(raw)


def _page_rows(selection: selectors.RulingSelection, anchor, *, backwards: bool) -> list:
    """A page and one more record from ``anchor`` in the log's order: after it (from the first when None), or
    before it nearest first (``backwards``)."""
    if selection.keys is not None:  # every match known in order (the text index's probe): sliced here
        if backwards:
            ids = selection.ids_before(before=anchor, limit=PAGE_SIZE + 1)
        else:
            ids = selection.ids_after(after=anchor, offset=0, limit=PAGE_SIZE + 1)
        return selectors.ruling_rows(ids=ids, appeal=False)
    records = selection.records
    if backwards:
        return list(selectors.ruling_before(records=records, before=anchor)[: PAGE_SIZE + 1])
    if anchor is not None:
        records = selectors.ruling_after(records=records, after=anchor)
    return list(records[: PAGE_SIZE + 1])


def _keyset_page(request, club: Club, selection: selectors.RulingSelection) -> KeysetPage:
    after, before = _record_number(request, "after"), _record_number(request, "before")
    if after is not None and before is not None:
        raise ValueError("after")
    anchor_number = after if after is not None else before
    anchor = selectors.ruling_get(club=club, number=anchor_number) if anchor_number is not None else None
    if anchor_number is not None and anchor is None:
        raise ValueError("after" if after is not None else "before")
    total, capped = selection.total(), selection.capped
    rows = _page_rows(selection, anchor, backwards=before is not None)
    if before is not None:
        more_before = len(rows) > PAGE_SIZE
        rows = rows[:PAGE_SIZE][::-1]
        return KeysetPage(
            rows,
            total,
            after=rows[-1].number if rows else None,
            before=rows[0].number if more_before else None,
            capped=capped,
        )
    more_after = len(rows) > PAGE_SIZE
    rows = rows[:PAGE_SIZE]
    return KeysetPage(
        rows,
        total,
        after=rows[-1].number if more_after else None,
        before=rows[0].number if anchor is not None and rows else None,
        capped=capped,
    )


def _query_without(request, name: str) -> str:
    query = request.GET.copy()
    query.pop(name, None)
    return query.urlencode()


@club_page(Capability.VIEW)
def ruling_list(request, club: Club):
    form, filters = _filters(request, club)
    if filters is None:
        context = {"club": club, "form": form, "page": None, "query": ""}
        return render(request, "clubs/list.html", context, status=400)
    # The API's path: a common text alone is capped ("1,000+") and its pages walk the log's order index.
    selection = selectors.ruling_selection(club=club, filters=filters)
    try:
        page = _keyset_page(request, club, selection)
    except ValueError as error:
        context = {"club": club, "form": form, "page": None, "query": "", "bad_page": str(error)}
        return render(request, "clubs/list.html", context, status=400)
    query = request.GET.copy()
    for name in ("after", "before", "page"):
        query.pop(name, None)
    context = {
        "club": club,
        "form": form,
        "page": page,
        "query": query.urlencode(),
        "can_record": request.access.can(Capability.RECORD),
        "can_manage": request.access.can(Capability.MANAGE),
        # Translated once for the page, not once a row.
        "labels": dict(selectors.irregularity_choices()),
        "statuses": {code: str(label) for code, label in Status.choices},
        "default_edition": settings.LAWS_DEFAULT_EDITION,
    }
    return render(request, "clubs/list.html", context)


@club_page(Capability.VIEW)
def ruling_csv(request, club: Club):
    form, records = _filtered(request, club)
    if records is None:
        field, errors = next(iter(form.errors.items()))
        return HttpResponse(f"{field}: {errors[0]}", status=400, content_type="text/plain; charset=utf-8")
    # Streamed: the header leaves at once, rows follow as the database hands them over (memory stays flat).
    response = StreamingHttpResponse(
        exports.csv_stream(exports.csv_records(records)), content_type="text/csv; charset=utf-8"
    )
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="rulings-club{club.pk}-{stamp}.csv"'
    return response


@club_page(Capability.VIEW)
def ruling_stats(request, club: Club):
    form, filters = _filters(request, club)
    if filters is None:
        return render(request, "clubs/stats.html", {"club": club, "form": form}, status=400)
    stats = selectors.ruling_statistics(club=club, filters=filters)
    svg = charts.irregularities_by_month(
        months=stats.months,
        kinds=[(kind, selectors.irregularity_label(kind)) for kind in stats.kinds],
        counts=stats.counts,
        title=_("各年违规类型统计") if stats.by_year else _("各月违规类型统计"),
        empty_text=_("没有符合条件的裁决记录。"),
        label_of=stats.label,
    )
    if request.GET.get("format") == "svg":
        return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    context = {
        "club": club,
        "form": form,
        "stats": stats,
        "rows": stats.rows(),
        "month_labels": [stats.label(m) for m in stats.months],
        "month_totals": [stats.by_month[m] for m in stats.months],
        "svg": svg,
        "query": _query_without(request, "format"),
    }
    return render(request, "clubs/stats.html", context)
