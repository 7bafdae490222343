"""A record's page (the ruling as given, its history, comments, appeal and sign-off), the A4 print sheet an
appeals committee is handed, and the record's actions: a comment, an appeal, the committee's decision and the
sign-off. Whether an action is offered is the record's rule (RulingRecord.can_be_appealed…) and the member's role."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from clubs import exports, selectors, services
from clubs.forms import AppealForm, CommentForm, DecisionForm, form_error
from clubs.models import Capability, Club, RulingRecord
from clubs.permissions import club_page
from clubs.views.common import change_rows, record_or_404, wizard_url
from config import language
from config.errors import error_context
from laws.rendering import render as render_text
from laws.selectors import edition_default, render_context
from rulings.labels import outcome_rows
from rulings.trees import trees


def record_context(club: Club, record: RulingRecord) -> dict:
    """What the record page and the print sheet show: the facts as questions and answers, the ruling, the texts
    rendered (Markdown, law links, sanitised), the adjusted score and the appeal."""
    context = render_context(edition_default())
    tree = trees().get(record.irregularity)
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
        "script_html": render_text(language.pick(outcome["script"]), context, law_layout=True)
        if outcome.get("script")
        else "",
        "statement_html": render_text(record.statement, context),
        "notes_html": render_text(record.notes, context),
        "adjustment": exports.record_adjustment_sides(record),
        "adjustment_laws": exports.adjustment_laws(record.adjustment_result),
        "appeal": appeal,
        "appeal_html": render_text(appeal.reason, context) if appeal else "",
        "decision_html": render_text(appeal.decision_text, context) if appeal else "",
        "irregularity_label": selectors.irregularity_label(record.irregularity),
        "wizard_url": wizard_url(record.irregularity, record.facts),
    }


def render_detail(request, club: Club, record: RulingRecord, *, status: int = 200, **extra):
    """The record page; an action that failed passes its ``error`` and its bound form, and the status."""
    context = record_context(club, record)
    revisions = list(selectors.ruling_revisions(record=record))
    for revision in revisions:
        revision.rows = change_rows(revision.changes)
    context.update(
        revisions=revisions,
        comments=[(c, render_text(c.text)) for c in selectors.ruling_comments(record=record)],
        replay=selectors.ruling_replay(record=record),
        can_record=request.access.can(Capability.RECORD),
        can_comment=request.access.can(Capability.COMMENT),
        can_review=request.access.can(Capability.REVIEW),
        comment_form=CommentForm(),
        appeal_form=AppealForm(),
        decision_form=DecisionForm(),
    )
    context.update(extra)
    return render(request, "clubs/detail.html", context, status=status)


@club_page(Capability.VIEW)
def ruling_detail(request, club: Club, number: int):
    return render_detail(request, club, record_or_404(club, number))


@club_page(Capability.VIEW)
def ruling_print(request, club: Club, number: int):
    context = record_context(club, record_or_404(club, number))
    context["printed_at"] = timezone.localtime()
    return render(request, "clubs/print.html", context)


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
