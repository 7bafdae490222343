"""Pages of the club rulings log: clubs, the review list (filters, CSV, statistics), a record (history, comments,
appeal, sign-off), the record form (prefilled from a wizard walk) and the A4 print sheet.

Thin: forms read input, clubs.services writes, clubs.selectors reads. Bad input re-renders the form with a
400 naming the field; a stale edit re-renders it with a 409 and the changes the editor has not seen.
"""

from __future__ import annotations

import csv
import json
from functools import wraps
from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from bridge import EngineError
from bridge.trees import Tree, evaluate
from clubs import charts, selectors, services
from clubs.forms import (
    SIDES,
    AppealForm,
    CommentForm,
    DecisionForm,
    MemberForm,
    RecordForm,
    RulingFilterForm,
)
from clubs.models import OTHER_IRREGULARITY, Capability, Club, Status
from laws.rendering import render as render_text
from laws.selectors import edition_default, render_context
from rulings.choices import ADJUSTMENT_METHODS, FAULTS, SEATS, VULNERABILITIES
from rulings.forms import adjustment_from_post, adjustment_to_post
from rulings.labels import outcome_rows
from rulings.trees import trees

User = get_user_model()
PAGE_SIZE = 50


def club_page(capability: str):
    """The view runs for a signed-in member of the club whose role has ``capability``; others get 403."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, club_id: int, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            club = get_object_or_404(Club, pk=club_id)
            membership = selectors.membership_get(user=request.user, club=club)
            if membership is None:
                return _forbidden(request, gettext_lazy("你不是该俱乐部的成员，不能查看它的裁决记录。"))
            if not membership.can(capability):
                return _forbidden(
                    request,
                    gettext_lazy("你在本俱乐部的角色（%(role)s）不能进行此操作。")
                    % {"role": membership.get_role_display()},
                )
            request.club = club
            request.membership = membership
            return view(request, club, *args, **kwargs)

        return wrapper

    return decorator


def _forbidden(request, message: str):
    return render(request, "clubs/forbidden.html", {"message": message}, status=403)


def _record_or_404(club: Club, number: int):
    record = selectors.ruling_get(club=club, number=number)
    if record is None:
        raise Http404("no such ruling")
    return record


def _can(request, capability: str) -> bool:
    return request.membership.can(capability)


# ---------------------------------------------------------------------------------------------------------
# Clubs


def clubs(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    memberships = selectors.club_list_for_user(user=request.user)
    return render(request, "clubs/clubs.html", {"memberships": memberships})


def record_from_wizard(request):
    """「记录此裁决」from the wizard: the new-record page of the user's club, the walk's query string kept."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    usable = [m for m in selectors.club_list_for_user(user=request.user) if m.can(Capability.RECORD)]
    query = request.GET.urlencode()
    if len(usable) == 1:
        return redirect(_new_url(usable[0].club_id, query))
    if not usable:
        return _forbidden(request, gettext_lazy("你不是任何俱乐部的裁判，不能记录裁决。"))
    choices = [(m.club, _new_url(m.club_id, query)) for m in usable]
    return render(request, "clubs/choose_club.html", {"choices": choices})


def _new_url(club_id: int, query: str) -> str:
    url = reverse("clubs:new", args=[club_id])
    return f"{url}?{query}" if query else url


@club_page(Capability.MANAGE)
def members(request, club: Club):
    form = MemberForm(request.POST or None)
    status = 200
    error = None
    if request.method == "POST":
        try:
            if request.POST.get("remove"):
                remove = request.POST["remove"]
                user = User.objects.filter(pk=int(remove)).first() if remove.isdigit() else None
                if user is None:
                    raise services.RecordError(gettext_lazy("没有这个用户。"), "user")
                services.membership_remove(club=club, user=user)
                return redirect("clubs:members", club.pk)
            if form.is_valid():
                user = User.objects.filter(username=form.cleaned_data["username"]).first()
                if user is None:
                    raise services.RecordError(
                        gettext_lazy("没有这个用户名；请先由网站管理员创建账号。"), "username"
                    )
                services.membership_set(club=club, user=user, role=form.cleaned_data["role"])
                return redirect("clubs:members", club.pk)
            status = 400
        except services.RecordError as exc:
            error, status = {"message": exc.message, "field": exc.field}, 400
    context = {"club": club, "members": selectors.club_members(club=club), "form": form, "error": error}
    return render(request, "clubs/members.html", context, status=status)


# ---------------------------------------------------------------------------------------------------------
# The review list, CSV, statistics


def _filtered(request, club: Club):
    form = RulingFilterForm(request.GET or None, directors=selectors.club_directors(club=club))
    if form.is_bound and not form.is_valid():
        return form, None
    filters = form.filters() if form.is_bound else None
    return form, selectors.ruling_list(club=club, filters=filters)


@club_page(Capability.VIEW)
def ruling_list(request, club: Club):
    form, records = _filtered(request, club)
    if records is None:
        context = {"club": club, "form": form, "page": None, "query": ""}
        return render(request, "clubs/list.html", context, status=400)
    paginator = Paginator(records, PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "club": club,
        "form": form,
        "page": page,
        "query": query.urlencode(),
        "can_record": _can(request, Capability.RECORD),
        "can_manage": _can(request, Capability.MANAGE),
        "labels": dict(selectors.irregularity_choices()),
    }
    return render(request, "clubs/list.html", context)


CSV_COLUMNS = [
    ("number", gettext_lazy("编号")),
    ("date", gettext_lazy("日期")),
    ("event", gettext_lazy("赛事")),
    ("session", gettext_lazy("节次")),
    ("board", gettext_lazy("牌号")),
    ("dealer", gettext_lazy("发牌人")),
    ("vulnerability", gettext_lazy("局况")),
    ("table", gettext_lazy("桌号")),
    ("director", gettext_lazy("裁判")),
    ("called_by", gettext_lazy("叫裁判者")),
    ("irregularity", gettext_lazy("违规类型")),
    ("rule", gettext_lazy("裁决")),
    ("laws", gettext_lazy("依据条款")),
    ("adjustment_ns", gettext_lazy("调整分（南北）")),
    ("adjustment_ew", gettext_lazy("调整分（东西）")),
    ("status", gettext_lazy("状态")),
    ("appeal", gettext_lazy("申诉")),
    ("statement", gettext_lazy("事实经过")),
    ("notes", gettext_lazy("裁判备注")),
    ("version", gettext_lazy("版本")),
]


def _csv_text(value: object) -> object:
    """Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is prefixed with '."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def adjustment_sides(result: dict | None, method: str | None) -> dict[str, str]:
    """One line per side for lists, CSV and the print sheet."""
    if not result:
        return {"NS": "", "EW": ""}
    out = {}
    for side in SIDES:
        if method == "artificial":
            entry = result.get(side, {})
            value = entry.get("percent")
            amount = f"{value}%" if value is not None else f"{entry.get('imps')} IMP"
            out[side] = f"{entry.get('label_zh', '')} {amount}"
        elif method == "assigned":
            entry = result.get(side, {})
            score = result.get("score_ns") if side == "NS" else result.get("score_ew")
            out[side] = (
                f"{entry.get('contract', '')} {entry.get('declarer', '')} {entry.get('tricks', '')}: {score:+d}"
            )
        else:
            score = result.get("score_ns")
            out[side] = f"{score if side == 'NS' else -score:+.0f}" if isinstance(score, int | float) else ""
    return out


@club_page(Capability.VIEW)
def ruling_csv(request, club: Club):
    form, records = _filtered(request, club)
    if records is None:
        field, errors = next(iter(form.errors.items()))
        return HttpResponse(f"{field}: {errors[0]}", status=400, content_type="text/plain; charset=utf-8")
    labels = dict(selectors.irregularity_choices())
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="rulings-club{club.pk}-{stamp}.csv"'
    response.write("\ufeff")  # a BOM, so spreadsheet programs read the Chinese as UTF-8
    writer = csv.writer(response)
    writer.writerow([label for _, label in CSV_COLUMNS])
    for record in records.iterator(chunk_size=500):
        sides = adjustment_sides(record.adjustment_result, (record.adjustment or {}).get("method"))
        appeal = getattr(record, "appeal", None)
        row = {
            "number": record.number,
            "date": record.date.isoformat(),
            "event": record.event,
            "session": record.session,
            "board": record.board,
            "dealer": record.dealer,
            "vulnerability": record.vulnerability,
            "table": record.table,
            "director": record.director.get_username(),
            "called_by": record.called_by,
            "irregularity": labels.get(record.irregularity, record.irregularity),
            "rule": (record.outcome or {}).get("rule", ""),
            "laws": " ".join(record.laws),
            "adjustment_ns": sides["NS"],
            "adjustment_ew": sides["EW"],
            "status": record.get_status_display(),
            "appeal": f"{appeal.appellant} ({appeal.get_decision_display()})" if appeal else "",
            "statement": record.statement,
            "notes": record.notes,
            "version": record.version,
        }
        writer.writerow([_csv_text(row[key]) for key, _ in CSV_COLUMNS])
    return response


@club_page(Capability.VIEW)
def ruling_stats(request, club: Club):
    form, records = _filtered(request, club)
    if records is None:
        return render(request, "clubs/stats.html", {"club": club, "form": form}, status=400)
    stats = selectors.ruling_statistics(records=records)
    svg = _chart(stats)
    if request.GET.get("format") == "svg":
        return HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    query = request.GET.copy()
    query.pop("format", None)
    context = {
        "club": club,
        "form": form,
        "stats": stats,
        "rows": stats.rows(),
        "month_labels": [charts.month_label(m) for m in stats.months],
        "month_totals": [stats.by_month[m] for m in stats.months],
        "svg": svg,
        "query": query.urlencode(),
    }
    return render(request, "clubs/stats.html", context)


def _chart(stats) -> str:
    return charts.irregularities_by_month(
        months=stats.months,
        kinds=[(kind, selectors.irregularity_label(kind)) for kind in stats.kinds],
        counts=stats.counts,
        title=_("各月违规类型统计"),
        empty_text=_("没有符合条件的裁决记录。"),
    )


# ---------------------------------------------------------------------------------------------------------
# One record


def _record_context(request, club: Club, record) -> dict:
    context = render_context(edition_default())
    tree = trees().get(record.irregularity)
    facts = []
    for name, value in record.facts.items():
        fact = tree.fact(name) if tree else None
        label = fact.label(value) if fact else None
        facts.append(
            {
                "name": name,
                "question": fact.text.zh if fact and fact.text else name,
                "value": label.zh if label else value,
            }
        )
    outcome = record.outcome or {}
    appeal = getattr(record, "appeal", None)
    return {
        "club": club,
        "record": record,
        "tree": tree,
        "facts": facts,
        "rows": outcome_rows({k: v for k, v in outcome.items() if k not in ("leaf", "script")}),
        "script_html": render_text(outcome["script"]["zh"], context, law_layout=True)
        if outcome.get("script")
        else "",
        "statement_html": render_text(record.statement, context),
        "notes_html": render_text(record.notes, context),
        "adjustment": adjustment_sides(record.adjustment_result, (record.adjustment or {}).get("method")),
        "adjustment_laws": _adjustment_laws(record.adjustment_result),
        "appeal": appeal,
        "appeal_html": render_text(appeal.reason, context) if appeal else "",
        "decision_html": render_text(appeal.decision_text, context) if appeal else "",
        "irregularity_label": selectors.irregularity_label(record.irregularity),
        "wizard_url": _wizard_url(record.irregularity, record.facts),
    }


def _adjustment_laws(result: dict | None) -> list[str]:
    result = result or {}
    laws = list(result.get("laws", []))
    for side in SIDES:
        entry = result.get(side)
        if isinstance(entry, dict):
            laws += [law for law in entry.get("laws", []) if law not in laws]
    return laws


def _wizard_url(irregularity: str, facts: dict) -> str | None:
    if irregularity not in trees():
        return None
    query = urlencode({name: _query_value(value) for name, value in facts.items()})
    url = reverse("rulings:wizard-walk", args=[irregularity])
    return f"{url}?{query}" if query else url


def _query_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@club_page(Capability.VIEW)
def ruling_detail(request, club: Club, number: int, *, status: int = 200, extra: dict | None = None):
    record = _record_or_404(club, number)
    context = _record_context(request, club, record)
    revisions = list(selectors.ruling_revisions(record=record))
    for revision in revisions:
        revision.rows = _change_rows(revision.changes)
    context.update(
        revisions=revisions,
        comments=[(c, render_text(c.text)) for c in record.comments.select_related("author")],
        replay=selectors.ruling_replay(record=record),
        can_record=_can(request, Capability.RECORD),
        can_comment=_can(request, Capability.COMMENT),
        can_review=_can(request, Capability.REVIEW),
        comment_form=CommentForm(),
        appeal_form=AppealForm(),
        decision_form=DecisionForm(),
        Status=Status,
    )
    context.update(extra or {})
    return render(request, "clubs/detail.html", context, status=status)


FIELD_LABELS = {
    "event": gettext_lazy("赛事"),
    "date": gettext_lazy("日期"),
    "session": gettext_lazy("节次"),
    "board": gettext_lazy("牌号"),
    "table": gettext_lazy("桌号"),
    "director": gettext_lazy("裁判"),
    "called_by": gettext_lazy("叫裁判者"),
    "irregularity": gettext_lazy("违规类型"),
    "facts": gettext_lazy("事实（向导答案）"),
    "laws": gettext_lazy("依据条款"),
    "outcome": gettext_lazy("裁决结果"),
    "edition": gettext_lazy("规则版本"),
    "tree_version": gettext_lazy("决策树版本"),
    "statement": gettext_lazy("事实经过"),
    "notes": gettext_lazy("裁判备注"),
    "adjustment": gettext_lazy("调整分（输入）"),
    "adjustment_result": gettext_lazy("调整分（结果）"),
    "status": gettext_lazy("状态"),
    "appeal": gettext_lazy("申诉"),
    "signed_off_by": gettext_lazy("复核人"),
}


def _change_rows(changes: dict) -> list[dict]:
    rows = []
    for name, change in changes.items():
        rows.append(
            {
                "field": FIELD_LABELS.get(name, name),
                "old": _shown(change.get("old")),
                "new": _shown(change.get("new")),
            }
        )
    return rows


def _shown(value) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, dict | list):
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
        return text if len(text) <= 400 else text[:400] + "…"
    if isinstance(value, bool):
        return _("是") if value else _("否")
    return str(value)


@club_page(Capability.VIEW)
def ruling_print(request, club: Club, number: int):
    record = _record_or_404(club, number)
    context = _record_context(request, club, record)
    context["printed_at"] = timezone.localtime()
    return render(request, "clubs/print.html", context)


def _record_action(request, club: Club, number: int, action, *, form=None, form_name=None, anchor=""):
    """Run one write on a record from its detail page: validate the form, call the service, then back to the page.
    A bad form or a refused write re-renders the page with the message (400); a stale version answers 409."""
    record = _record_or_404(club, number)
    forms = {form_name: form} if form_name else {}
    try:
        if form is not None and not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            raise services.RecordError(errors[0], field)
        action(record, form.cleaned_data if form is not None else {})
    except services.RecordError as exc:
        return _detail_error(request, club, number, exc, **forms)
    except services.VersionConflict as exc:
        return _detail_error(request, club, number, exc, status=409, **forms)
    return redirect(record.get_absolute_url() + anchor)


@require_POST
@club_page(Capability.COMMENT)
def comment_add(request, club: Club, number: int):
    def action(record, data):
        services.review_comment_add(record=record, by=request.user, text=data["text"])

    return _record_action(
        request,
        club,
        number,
        action,
        form=CommentForm(request.POST),
        form_name="comment_form",
        anchor="#comments",
    )


@require_POST
@club_page(Capability.RECORD)
def appeal_lodge(request, club: Club, number: int):
    def action(record, data):
        services.appeal_lodge(
            record=record, by=request.user, expected_version=request.POST.get("version"), **data
        )

    return _record_action(
        request,
        club,
        number,
        action,
        form=AppealForm(request.POST),
        form_name="appeal_form",
        anchor="#appeal",
    )


@require_POST
@club_page(Capability.REVIEW)
def appeal_decide(request, club: Club, number: int):
    def action(record, data):
        services.appeal_decide(
            record=record, by=request.user, expected_version=request.POST.get("version"), **data
        )

    return _record_action(
        request,
        club,
        number,
        action,
        form=DecisionForm(request.POST),
        form_name="decision_form",
        anchor="#appeal",
    )


@require_POST
@club_page(Capability.REVIEW)
def sign_off(request, club: Club, number: int):
    def action(record, data):
        services.ruling_sign_off(record=record, by=request.user, expected_version=request.POST.get("version"))

    return _record_action(request, club, number, action)


def _detail_error(request, club, number, exc, *, status: int = 400, **forms):
    error = {"message": exc.message, "field": getattr(exc, "field", "version")}
    # The wrapped view is called directly: the membership was checked by the caller's decorator.
    return ruling_detail.__wrapped__(request, club, number, status=status, extra={"error": error, **forms})


# ---------------------------------------------------------------------------------------------------------
# The record form: new (prefilled from a wizard walk) and edit


def _fact_fields(tree: Tree | None, values: dict) -> list[dict]:
    if tree is None:
        return []
    fields = []
    for fact in tree.facts:
        current = values.get(fact.name)
        current = "" if current is None else _query_value(current)
        options = [(_query_value(option.value), option.label.zh) for option in fact.options]
        if fact.type == "seat":
            options = [(value, str(label)) for value, label in SEATS]
        elif fact.type == "vulnerability":
            options = [(value, str(label)) for value, label in VULNERABILITIES]
        fields.append(
            {
                "name": fact.name,
                "input": f"fact.{fact.name}",
                "type": fact.type,
                "label": fact.text.zh if fact.text else fact.name,
                "optional": fact.optional,
                "options": options,
                "value": current,
                "min": fact.minimum,
                "max": fact.maximum,
            }
        )
    return fields


def _posted_facts(tree: Tree | None, data) -> dict:
    if tree is None:
        return {}
    return {
        fact.name: data.get(f"fact.{fact.name}")
        for fact in tree.facts
        if data.get(f"fact.{fact.name}") not in (None, "")
    }


def _preview(tree: Tree | None, facts: dict):
    """The wizard's answer for the facts so far: the ruling, or the next question (or the error)."""
    if tree is None:
        return None
    try:
        evaluation = evaluate(tree, facts)
    except EngineError as exc:
        return {"error": exc.message, "field": f"facts.{getattr(exc, 'fact', None) or exc.field}"}
    if evaluation.ruling is not None:
        return {"rule": evaluation.ruling.outcome.get("rule"), "laws": evaluation.ruling.laws}
    return {"question": evaluation.question.text.zh if evaluation.question else ""}


def _form_context(request, club, form, *, tree, facts, adjustment_post, record=None, **extra) -> dict:
    tiles = [
        (code, label, code == (tree.slug if tree else OTHER_IRREGULARITY))
        for code, label in selectors.irregularity_choices()
    ]
    return {
        "club": club,
        "form": form,
        "record": record,
        "tree": tree,
        "tiles": tiles,
        "fact_fields": _fact_fields(tree, facts),
        "preview": _preview(tree, facts),
        "adj": adjustment_post,
        "adjustment_methods": ADJUSTMENT_METHODS,
        "faults": FAULTS,
        "seats": SEATS,
        "sides": SIDES,
        "vulnerabilities": VULNERABILITIES,
        "wizard_url": _wizard_url(tree.slug, facts) if tree else None,
        **extra,
    }


def _posted_adjustment(post) -> dict | None:
    """The record form's adjusted-score request (rulings.forms, fields prefixed ``adj_``); None for no adjustment
    or ``keep`` (the one set through the API stays). A number that cannot be read names ``adjustment.<field>``."""
    if post.get("adj_method") == "keep":
        return None
    try:
        return adjustment_from_post(post, prefix="adj_")
    except EngineError as exc:
        raise services.RecordError(exc.template, f"adjustment.{exc.field}", **exc.params) from exc


def _adjustment_fields(adjustment: dict | None) -> dict[str, str]:
    """The record form's fields for a stored adjustment; a method the form does not offer (12C3, set through the
    API) is shown as ``keep``."""
    fields = adjustment_to_post(adjustment, prefix="adj_")
    if fields["adj_method"] not in dict(ADJUSTMENT_METHODS):
        return {"adj_method": "keep"}
    return fields


def _tree_from(code: str | None) -> Tree | None:
    return trees().get(code or "")


@club_page(Capability.RECORD)
def ruling_new(request, club: Club):
    directors = selectors.club_directors(club=club)
    if request.method == "POST":
        tree = _tree_from(request.POST.get("irregularity"))
        facts = _posted_facts(tree, request.POST)
        form = RecordForm(request.POST, directors=directors)
        adjustment_post = {k: v for k, v in request.POST.items() if k.startswith("adj_")}
        try:
            if not form.is_valid():
                field, errors = next(iter(form.errors.items()))
                raise services.RecordError(errors[0], field)
            data = dict(form.cleaned_data)
            record = services.ruling_create(
                club=club,
                by=request.user,
                **data,
                facts=facts,
                adjustment=_posted_adjustment(request.POST),
                status=Status.FINAL if request.POST.get("finalise") else Status.DRAFT,
            )
        except services.RecordError as exc:
            context = _form_context(
                request,
                club,
                form,
                tree=tree,
                facts=facts,
                adjustment_post=adjustment_post,
                error={"message": exc.message, "field": exc.field},
            )
            return render(request, "clubs/form.html", context, status=400)
        return redirect(record.get_absolute_url())

    # GET: a blank form, or one prefilled from a wizard walk (?tree=<slug>&<facts>).
    code = request.GET.get("tree") or request.GET.get("irregularity")
    tree = _tree_from(code)
    status, error = 200, None
    if code and tree is None and code != OTHER_IRREGULARITY:
        status, error = 400, {"message": _("未知的违规类型：%(code)s") % {"code": code}, "field": "tree"}
    facts = (
        {fact.name: request.GET[fact.name] for fact in tree.facts if request.GET.get(fact.name)}
        if tree
        else {}
    )
    initial = {
        "date": timezone.localdate(),
        "director": request.user.pk,
        "irregularity": tree.slug if tree else OTHER_IRREGULARITY,
    }
    for name in ("event", "session", "table", "board"):
        if request.GET.get(name):
            initial[name] = request.GET[name]
    form = RecordForm(initial=initial, directors=directors)
    context = _form_context(request, club, form, tree=tree, facts=facts, adjustment_post={}, error=error)
    if context["preview"] and context["preview"].get("error") and status == 200:
        status = 400
        context["error"] = {"message": context["preview"]["error"], "field": context["preview"]["field"]}
    return render(request, "clubs/form.html", context, status=status)


@club_page(Capability.RECORD)
def ruling_edit(request, club: Club, number: int):
    record = _record_or_404(club, number)
    directors = selectors.club_directors(club=club)
    if not record.is_editable:
        return _forbidden(
            request,
            _("此裁决已%(status)s，不能再修改；请在记录页发表复核意见。")
            % {"status": record.get_status_display()},
        )
    if request.method == "POST":
        tree = _tree_from(request.POST.get("irregularity"))
        facts = _posted_facts(tree, request.POST)
        form = RecordForm(request.POST, directors=directors)
        adjustment_post = {k: v for k, v in request.POST.items() if k.startswith("adj_")}
        version = request.POST.get("version")
        try:
            if not form.is_valid():
                field, errors = next(iter(form.errors.items()))
                raise services.RecordError(errors[0], field)
            changes = dict(form.cleaned_data)
            if request.POST.get("irregularity") != OTHER_IRREGULARITY:
                changes.pop("laws", None)
            # Only changed facts are re-evaluated: an unchanged walk keeps the ruling as it was given.
            same_walk = changes["irregularity"] == record.irregularity and {
                k: _query_value(v) for k, v in record.facts.items()
            } == {k: str(v) for k, v in facts.items()}
            if not same_walk:
                changes["facts"] = facts
            if request.POST.get("adj_method") != "keep":
                changes["adjustment"] = _posted_adjustment(request.POST)
            if request.POST.get("finalise"):
                changes["status"] = Status.FINAL
            services.ruling_update(record=record, expected_version=version, by=request.user, changes=changes)
        except services.RecordError as exc:
            context = _form_context(
                request,
                club,
                form,
                tree=tree,
                facts=facts,
                adjustment_post=adjustment_post,
                record=record,
                version=version,
                error={"message": exc.message, "field": exc.field},
            )
            return render(request, "clubs/form.html", context, status=400)
        except services.VersionConflict as exc:
            # Keep what this editor typed, show what the other editor changed, and let them save again
            # from the current version once they have looked.
            unseen = list(selectors.ruling_revisions_since(record=record, version=int(exc.expected)))
            for revision in unseen:
                revision.rows = _change_rows(revision.changes)
            context = _form_context(
                request,
                club,
                form,
                tree=tree,
                facts=facts,
                adjustment_post=adjustment_post,
                record=record,
                version=exc.current,
                conflict={"message": exc.message, "revisions": unseen},
            )
            return render(request, "clubs/form.html", context, status=409)
        return redirect(record.get_absolute_url())

    code = request.GET.get("tree")
    tree = _tree_from(code) if code else _tree_from(record.irregularity)
    irregularity = code if code in (*trees(), OTHER_IRREGULARITY) else record.irregularity
    facts = record.facts if irregularity == record.irregularity else {}
    initial = {
        "event": record.event,
        "date": record.date,
        "session": record.session,
        "board": record.board,
        "table": record.table,
        "director": record.director_id,
        "called_by": record.called_by,
        "irregularity": irregularity,
        "laws": ", ".join(record.laws) if record.irregularity == OTHER_IRREGULARITY else "",
        "statement": record.statement,
        "notes": record.notes,
    }
    form = RecordForm(initial=initial, directors=directors)
    context = _form_context(
        request,
        club,
        form,
        tree=tree,
        facts=facts,
        adjustment_post=_adjustment_fields(record.adjustment),
        record=record,
        version=record.version,
    )
    return render(request, "clubs/form.html", context)
