"""Pages of the judgement rulings: the Law 12C2 assigned-score builder (/tools/assigned/), the ruling form of a
judgement tree (/rulings/<slug>/form/: facts, player poll, decision, law, scores; one A4 page; Law 92 and 93 for
an appeal). The form is saved to the club log as a draft by the log's own door (clubs.views.door, which reads the
form through rulings.judgement.ruling_record and answers errors with :func:`ruling_form_page`): rulings sits
below the log and never imports it.

The builder's arithmetic and the poll's count also run in the browser (static/js/engine/assigned.js, from the
engine's tables), so the pages work offline; the server answers the same when the form is posted without
JavaScript, and recomputes everything it saves.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from bridge import EngineError
from bridge.adjusted import EDITION_1997
from bridge.assigned_builder import build_assigned
from bridge.errors import FieldError
from bridge.trees import Tree
from core.errors import error_context
from laws.editions import with_edition
from laws.selectors import edition_for
from rulings import judgement
from rulings.choices import SEATS, SIDES, VULNERABILITIES, CalledBy
from rulings.labels import FIELDS, VALUES
from rulings.trees import tree_get

LEVELS = [str(level) for level in range(1, 8)]
STRAINS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")]
DOUBLINGS = [("", "—"), ("X", "X"), ("XX", "XX")]
JUDGEMENT_GROUP = "judgement"


def judgement_tree(request, slug: str) -> Tree:
    """The judgement tree in the edition the form is opened in (a link's ``?edition=``, the director's choice)."""
    tree = tree_get(slug, edition_for(request).code)
    if tree.group != JUDGEMENT_GROUP:
        raise Http404(f"{slug!r} has no ruling form")
    return tree


def _builder_context(values, user=None) -> dict:
    """The builder's pads: rows, contract parts, seats, tricks, sides and vulnerabilities (Chinese labels first);
    on a blank form, the 2017 older-standard box as the user's club's regulations set it."""
    if not values and judgement.likely_standard(user):
        values = {"regulation": "on"}
    return {
        "rows": [f"r{row}_" for row in range(judgement.BUILDER_ROWS)],
        "levels": LEVELS,
        "strains": STRAINS,
        "doublings": DOUBLINGS,
        "seats": SEATS,
        "sides": SIDES,
        "vulnerabilities": VULNERABILITIES,
        "trick_counts": list(range(14)),
        "zone_permits_director_12c3": judgement.zone_permits(user),
        "p": values,
    }


def _builder_edition(request, values) -> str:
    """The builder's edition: the form's hidden field when posted, else the reader's (``?edition=``, the choice
    cookie, the club's, the site's — laws.editions; an unknown ``?edition=`` is a 404 like every page's)."""
    posted = values.get("edition") if values else None
    if isinstance(posted, str) and posted:
        return posted
    return edition_for(request).code


def assigned_page(request):
    values = request.POST if request.method == "POST" else {}
    context = _builder_context(values, request.user)
    code = _builder_edition(request, values)
    context.update(builder_edition=code, builder_wbf=code != EDITION_1997)
    if request.method == "POST":
        # No row filled in is refused as the engine refuses an empty list (field "results").
        try:
            context["result"] = build_assigned(
                judgement.builder_request(values),
                zone_permits_director_12c3=judgement.zone_permits(request.user),
            ).as_dict()
        except EngineError as exc:
            context["error"] = error_context(exc)
    status = 400 if context.get("error") else 200
    return render(request, "rulings/judgement/assigned.html", context, status=status)


def _query_value(value: object) -> str:
    """A fact's value as the wizard's address and the form's options write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _fact_fields(tree: Tree, values) -> list[dict]:
    """The tree's questions as the form's selects (the script shows only those on the walk's path)."""
    fields = []
    for fact in tree.facts:
        if fact.optional:
            continue
        fields.append(
            {
                "name": fact.name,
                "text": fact.text,
                "help": fact.help,
                "laws": fact.laws,
                "options": [(_query_value(option.value), option.label) for option in fact.options],
                "value": values.get(f"fact.{fact.name}", "") if values else "",
            }
        )
    return fields


def _form_context(request, tree: Tree, values, **extra) -> dict:
    return {
        **_builder_context(values, request.user),
        # The builder on the form follows the tree's edition (2017: the Director weights, one probable row).
        "builder_edition": tree.edition,
        "builder_wbf": tree.edition != EDITION_1997,
        "tree": tree,
        "fact_fields": _fact_fields(tree, values),
        "poll_rows": [f"p{row}_" for row in range(judgement.POLL_ROWS)],
        "called_by": CalledBy.choices,
        "limits": judgement.TEXT_LIMITS,
        "today": timezone.localdate().isoformat(),
        "tree_url": with_edition(reverse("api-tree-detail", args=[tree.slug]), tree.edition),
        "tables_url": reverse("offline:tables"),
        "outcome_labels": _outcome_labels(),
        # The club log's door (clubs.views.door) saves the form; rulings never imports the log.
        "save_url": with_edition(reverse("clubs:from-judgement", args=[tree.slug]), tree.edition),
        "wizard_url": reverse("rulings:wizard-walk", args=[tree.slug]),
        **extra,
    }


def _outcome_labels() -> dict:
    """The ruling card's labels (rulings/labels.py) in the active language, for the form's script."""
    return {
        "fields": {name: str(label) for name, label in FIELDS.items()},
        "values": {f"{name}:{value}": str(label) for (name, value), label in VALUES.items()},
    }


def ruling_form(request, slug: str):
    tree = judgement_tree(request, slug)
    return render(request, "rulings/judgement/ruling_form.html", _form_context(request, tree, {}))


def ruling_form_page(request, tree: Tree, values, error: FieldError) -> HttpResponse:
    """The form again (400) with what was typed and the error naming its field: the club log's door answers so
    when the form's record cannot be saved (clubs.views.door.record_from_judgement)."""
    context = _form_context(request, tree, values, error=error_context(error))
    return render(request, "rulings/judgement/ruling_form.html", context, status=400)
