"""A record's page (the ruling as given, its history, comments, appeal and sign-off), the A4 print sheet an
appeals committee is handed, and the record's actions: a comment, an appeal, the committee's decision and the
sign-off. Whether an action is offered is the record's rule (RulingRecord.can_be_appealed…) and the member's role."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from clubs import exports, selectors, services
from clubs.forms import AppealForm, CommentForm, CommentHideForm, DecisionForm, form_error
from clubs.models import Capability, Club, RulingRecord
from clubs.permissions import club_page
from clubs.views.common import change_rows, record_or_404, wizard_url
from core import language
from core.errors import error_context
from laws.rendering import render_script, stored_html
from laws.selectors import edition_or_default, render_context
from rulings.labels import outcome_rows
from rulings.trees import trees


def record_context(club: Club, record: RulingRecord) -> dict:
    """What the record page and the print sheet show: the facts as questions and answers, the ruling, the texts
    as stored when written (Markdown, law links, sanitised: nothing is rendered here), the adjusted score and the
    appeal."""
    context = render_context(edition_or_default(record.edition))
    tree = trees(record.edition).get(record.irregularity)
    facts = []
    for name, value in record.facts.items():
        fact = tree.fact(name) if tree else None
        label = fact.label(value) if fact else None
        facts.append(
            {
                "name": name,
                "question": language.pick(fact.text) if fact and fact.text else name,
                "value": language.pick(label) if label else value,
            }
        )
    outcome = record.outcome or {}
    appeal = record.appeal_or_none
    return {
        "club": club,
        "record": record,
        "tree": tree,
        "facts": facts,
        "rows": outcome_rows({k: v for k, v in outcome.items() if k not in ("leaf", "script")}),
        "script_html": render_script(language.pick(outcome["script"]), context)
        if outcome.get("script")
        else "",
        "statement_html": stored_html(record.statement, record.statement_html),
        "notes_html": stored_html(record.notes, record.notes_html),
        "adjustment": exports.record_adjustment_sides(record),
        "adjustment_laws": exports.adjustment_laws(record.adjustment_result),
        "appeal": appeal,
        "appeal_html": stored_html(appeal.reason, appeal.reason_html) if appeal else "",
        "decision_html": stored_html(appeal.decision_text, appeal.decision_text_html) if appeal else "",
        "irregularity_label": selectors.irregularity_label(record.irregularity),
        "wizard_url": wizard_url(record.irregularity, record.facts, record.edition),
    }


def render_detail(request, club: Club, record: RulingRecord, *, status: int = 200, **extra):
    """The record page; an action that failed passes its ``error`` and its bound form, and the status."""
    context = record_context(club, record)
    revisions = list(selectors.ruling_revisions(record=record))
    for revision in revisions:
        revision.rows = change_rows(revision.changes, record.irregularity)
    context.update(
        revisions=revisions,
        comments=comment_rows(record, can_review=request.access.can(Capability.REVIEW)),
        replay=selectors.ruling_replay(record=record),
        can_record=request.access.can(Capability.RECORD),
        can_comment=request.access.can(Capability.COMMENT),
        can_review=request.access.can(Capability.REVIEW),
        can_appeal=request.access.can(Capability.APPEAL),
        comment_form=CommentForm(),
        appeal_form=AppealForm(),
        decision_form=DecisionForm(),
        hide_form=CommentHideForm(),
    )
    context.update(extra)
    return render(request, "clubs/detail.html", context, status=status)


def comment_rows(record: RulingRecord, *, can_review: bool) -> list[tuple]:
    """(comment, its HTML) for the page: a hidden comment's text only for those who may review (chief
    directors); the others see 「已隐藏」 with who hid it and when."""
    rows = []
    for comment in selectors.ruling_comments(record=record):
        shown = not comment.is_hidden or can_review
        rows.append((comment, stored_html(comment.text, comment.text_html) if shown else ""))
    return rows


@club_page(Capability.VIEW)
def ruling_detail(request, club: Club, number: int):
    return render_detail(request, club, record_or_404(club, number))


@club_page(Capability.VIEW)
def ruling_print(request, club: Club, number: int):
    context = record_context(club, record_or_404(club, number))
    context["printed_at"] = timezone.localtime()
    return render(request, "clubs/print.html", context)


@club_page(Capability.VIEW)
def ruling_appeal_file(request, club: Club, number: int):
    """The appeal file (issue 30): the A4 document an appeals committee reads, in the page's language."""
    from clubs.appeal_page import appeal_file_context

    record = record_or_404(club, number)
    context = record_context(club, record)
    context.update(appeal_file_context(record), printed_at=timezone.localtime())
    return render(request, "clubs/appeal_file.html", context)


@club_page(Capability.RECORD)
def ruling_appeal_edit(request, club: Club, number: int):
    """The appeal file's editor (issue 30): the card picker, the PBN import, the call pad and the double-dummy
    aid (static/js/pages/appeal.js), the lead, the results and the poll (pages/appeal-results.js, appeal-poll.js),
    saving through the API; read-only once the appeal is lodged. The poll's warning against the director's
    logical-alternative answer is shown from the start, as after each save."""
    from clubs.api import appeal_poll_warning

    record = record_or_404(club, number)
    context = {"club": club, "record": record, "poll_warning": appeal_poll_warning(record) or ""}
    return render(request, "clubs/appeal_edit.html", context)


def _record_action(request, club: Club, number: int, action, *, form=None, form_name=None, anchor=""):
    """Run one write on a record from its detail page: validate the form, call the service, then back to the page.
    A bad form or a refused write re-renders the page with the message (400); a stale version answers 409."""
    record = record_or_404(club, number)
    forms = {form_name: form} if form_name else {}
    try:
        if form is not None and not form.is_valid():
            raise form_error(form)
        action(record, form.cleaned_data if form is not None else {})
    except services.RecordError as exc:
        error, status = error_context(exc), 400
    except services.VersionConflict as exc:
        error, status = {"message": exc.message, "field": exc.field}, 409
    else:
        return redirect(record.get_absolute_url() + anchor)
    # The page as it is now (another write may have come first), with the message and what was typed.
    return render_detail(request, club, record_or_404(club, number), status=status, error=error, **forms)


def _version(request) -> int:
    """L8: a page action names the version of the page it was sent from (a stale page answers 409)."""
    return services.version_parse(request.POST.get("version"))


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
        services.appeal_lodge(record=record, by=request.user, expected_version=_version(request), **data)

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
        services.appeal_decide(record=record, by=request.user, expected_version=_version(request), **data)

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
        services.ruling_sign_off(record=record, by=request.user, expected_version=_version(request))

    return _record_action(request, club, number, action)


@require_POST
@club_page(Capability.REVIEW)
def comment_hide(request, club: Club, number: int, comment_id: int):
    record = record_or_404(club, number)
    comment = selectors.ruling_comments(record=record).filter(pk=comment_id).first()
    if comment is None:
        raise Http404("no such comment")

    def action(record, data):
        services.comment_hide(comment=comment, by=request.user, reason=data["reason"])

    return _record_action(
        request,
        club,
        number,
        action,
        form=CommentHideForm(request.POST),
        form_name="hide_form",
        anchor="#comments",
    )
