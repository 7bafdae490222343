"""The record form: a new record (prefilled from a wizard walk) and an edit. The tree's facts are asked as the
wizard asks them, with the wizard's answer so far beside them; the adjusted score is the calculator's form.

A bad field re-renders the form with a 400 naming it; an edit that started from an old version re-renders it
with a 409, what this editor typed kept and what the other editor changed shown, to save again once looked at.
"""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from bridge import EngineError
from bridge.trees import Tree, evaluate
from clubs import selectors, services
from clubs.forms import (
    SIDES,
    RecordForm,
    form_error,
)
from clubs.models import OTHER_IRREGULARITY, Capability, Club, Status
from clubs.permissions import club_page, forbidden
from clubs.views.common import change_rows, query_value, record_or_404, wizard_url
from core import language
from core.errors import error_context, error_text
from laws.selectors import edition_for
from rulings.choices import ADJUSTMENT_METHODS, FAULTS, SEATS, VULNERABILITIES
from rulings.forms import adjustment_from_post, adjustment_to_post
from rulings.trees import tree_editions, trees


def _fact_fields(tree: Tree | None, values: dict) -> list[dict]:
    """The tree's facts as the form's inputs: options as radio buttons, numbers and contracts as text."""
    if tree is None:
        return []
    fields = []
    for fact in tree.facts:
        current = values.get(fact.name)
        current = "" if current is None else query_value(current)
        options = [(query_value(option.value), language.pick(option.label)) for option in fact.options]
        if fact.type == "seat":
            options = [(value, str(label)) for value, label in SEATS]
        elif fact.type == "vulnerability":
            options = [(value, str(label)) for value, label in VULNERABILITIES]
        fields.append(
            {
                "name": fact.name,
                "input": f"fact.{fact.name}",
                "type": fact.type,
                "label": language.pick(fact.text) if fact.text else fact.name,
                "optional": fact.optional,
                "options": options,
                "value": current,
                # what the summary shows (issue 31: the form asks only what the wizard did not settle)
                "shown": dict(options).get(current, current),
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
        return {"error": error_text(exc), "field": f"facts.{getattr(exc, 'fact', None) or exc.field}"}
    if evaluation.ruling is not None:
        return {"rule": evaluation.ruling.outcome.get("rule"), "laws": evaluation.ruling.laws}
    return {"question": language.pick(evaluation.question.text) if evaluation.question else ""}


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
        "wizard_url": wizard_url(tree.slug, facts, tree.edition) if tree else None,
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
        raise services.RecordError.wrapping(exc, f"adjustment.{exc.field}") from exc


def _adjustment_fields(adjustment: dict | None) -> dict[str, str]:
    """The record form's fields for a stored adjustment; a method the form does not offer (12C3, set through the
    API) is shown as ``keep``."""
    fields = adjustment_to_post(adjustment, prefix="adj_")
    if fields["adj_method"] not in dict(ADJUSTMENT_METHODS):
        return {"adj_method": "keep"}
    return fields


def _tree_from(code: str | None, edition: str) -> Tree | None:
    return trees(edition).get(code or "")


def _club_edition(request, club: Club) -> str:
    """A new record's edition when the link names none: the director's working edition (his choice in the top bar,
    else the club's default, else the site's) when it has trees, else the club's or the site's."""
    working = edition_for(request).code
    if working in tree_editions():
        return working
    return club.default_edition or settings.LAWS_DEFAULT_EDITION


def _edition_asked(request, default: str) -> str:
    """The edition the form works in: the posted or linked one when it has trees, else ``default``."""
    asked = (request.POST.get("edition") or request.GET.get("edition") or "")[:40]
    return asked if asked in tree_editions() else default


@club_page(Capability.RECORD)
def ruling_new(request, club: Club):
    directors = selectors.club_directors(club=club)
    if request.method == "POST":
        edition = _edition_asked(request, _club_edition(request, club))
        tree = _tree_from(request.POST.get("irregularity"), edition)
        facts = _posted_facts(tree, request.POST)
        form = RecordForm(request.POST, directors=directors)
        adjustment_post = {k: v for k, v in request.POST.items() if k.startswith("adj_")}
        try:
            if not form.is_valid():
                raise form_error(form)
            data = {**form.cleaned_data, "edition": form.cleaned_data.get("edition") or edition}
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
                error=error_context(exc),
            )
            return render(request, "clubs/form.html", context, status=400)
        return redirect(record.get_absolute_url())

    # GET: a blank form, or one prefilled from a wizard walk (?tree=<slug>&<facts>).
    code = request.GET.get("tree") or request.GET.get("irregularity")
    edition = _edition_asked(request, _club_edition(request, club))
    tree = _tree_from(code, edition)
    status, error = 200, None
    if code and tree is None and code != OTHER_IRREGULARITY:
        unknown = services.RecordError(
            _("未知的违规类型：%(value)s"), "tree", code="unknown_irregularity", value=code
        )
        status, error = 400, error_context(unknown)
    facts = (
        {fact.name: request.GET[fact.name] for fact in tree.facts if request.GET.get(fact.name)}
        if tree
        else {}
    )
    initial = {
        "date": timezone.localdate(),
        "director": request.user.pk,
        "irregularity": tree.slug if tree else OTHER_IRREGULARITY,
        "edition": edition,
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
    record = record_or_404(club, number)
    directors = selectors.club_directors(club=club)
    if not record.is_editable:
        return forbidden(
            request,
            _("此裁决已%(status)s，不能再修改；请在记录页发表复核意见。")
            % {"status": record.get_status_display()},
        )
    if request.method == "POST":
        tree = _tree_from(request.POST.get("irregularity"), _edition_asked(request, record.edition))
        facts = _posted_facts(tree, request.POST)
        form = RecordForm(request.POST, directors=directors)
        adjustment_post = {k: v for k, v in request.POST.items() if k.startswith("adj_")}
        version = request.POST.get("version")
        try:
            if not form.is_valid():
                raise form_error(form)
            changes = dict(form.cleaned_data)
            if request.POST.get("irregularity") != OTHER_IRREGULARITY:
                changes.pop("laws", None)
            # Only changed facts are re-evaluated: an unchanged walk keeps the ruling as it was given.
            same_walk = changes["irregularity"] == record.irregularity and {
                k: query_value(v) for k, v in record.facts.items()
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
                error=error_context(exc),
            )
            return render(request, "clubs/form.html", context, status=400)
        except services.VersionConflict as exc:
            # Keep what this editor typed, show what the other editor changed, and let them save again
            # from the current version once they have looked.
            unseen = list(selectors.ruling_revisions_since(record=record, version=int(str(exc.expected))))
            for revision in unseen:
                revision.rows = change_rows(revision.changes, record.irregularity)
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
    edition = _edition_asked(request, record.edition)
    tree = _tree_from(code, edition) if code else _tree_from(record.irregularity, edition)
    irregularity = code if code in (*trees(edition), OTHER_IRREGULARITY) else record.irregularity
    facts = record.facts if irregularity == record.irregularity and edition == record.edition else {}
    initial = {
        "director": record.director_id,
        "edition": edition,
        "irregularity": irregularity,
        "laws": ", ".join(record.laws) if record.irregularity == OTHER_IRREGULARITY else "",
    }
    # The record's own fields come from the instance; only the form's own fields need an initial value.
    form = RecordForm(instance=record, initial=initial, directors=directors)
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
