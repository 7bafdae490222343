"""The review list of a club's rulings, filtered, and the same selection as CSV and as statistics (a
server-rendered chart and its table)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from clubs import charts, exports, selectors
from clubs.forms import RulingFilterForm
from clubs.models import Capability, Club
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


class CountedPaginator(Paginator):
    """A paginator told its total (the log's kept counts: selectors.ruling_total) instead of counting the rows."""

    def __init__(self, object_list, per_page, *, count: int):
        super().__init__(object_list, per_page)
        self._known_count = count

    @cached_property
    def count(self) -> int:
        return self._known_count


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
    records = selectors.ruling_list(club=club, filters=filters)
    total = selectors.ruling_total(club=club, filters=filters)
    page = CountedPaginator(records, PAGE_SIZE, count=total).get_page(request.GET.get("page"))
    context = {
        "club": club,
        "form": form,
        "page": page,
        "query": _query_without(request, "page"),
        "can_record": request.access.can(Capability.RECORD),
        "can_manage": request.access.can(Capability.MANAGE),
        "labels": dict(selectors.irregularity_choices()),
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
