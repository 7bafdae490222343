"""Pages of the judgement rulings: the Law 12C2 assigned-score builder (/tools/assigned/), the ruling form of a
judgement tree (/rulings/<slug>/form/: facts, player poll, decision, law, scores; one A4 page; Law 92 and 93 for
an appeal), and its save to the club log as a draft — a thin view over clubs.services.ruling_create.

The builder's arithmetic and the poll's count also run in the browser (static/js/engine/assigned.js, from the
engine's tables), so the pages work offline; the server answers the same when the form is posted without
JavaScript, and recomputes everything it saves.
"""

from __future__ import annotations

import datetime

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from bridge import EngineError
from bridge.adjusted import EDITION_1997
from bridge.assigned_builder import build_assigned
from bridge.inputs import read_whole
from bridge.poll import PollTally, tally
from bridge.trees import Tree
from clubs import services
from clubs.models import CalledBy, Capability, Status
from clubs.permissions import club_access, forbidden, memberships_with
from core.errors import error_context
from laws.editions import with_edition
from laws.selectors import edition_for
from rulings import judgement
from rulings.choices import SEATS, SIDES, VULNERABILITIES
from rulings.labels import FIELDS, VALUES
from rulings.trees import tree_get

LEVELS = [str(level) for level in range(1, 8)]
STRAINS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")]
DOUBLINGS = [("", "—"), ("X", "X"), ("XX", "XX")]
JUDGEMENT_GROUP = "judgement"


def _judgement_tree(request, slug: str) -> Tree:
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
        "save_url": with_edition(reverse("rulings:ruling-form-save", args=[tree.slug]), tree.edition),
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
    tree = _judgement_tree(request, slug)
    return render(request, "rulings/judgement/ruling_form.html", _form_context(request, tree, {}))


def _date(text: str) -> dict[str, datetime.date]:
    """The ruling's date as the form's date box gives it (ISO); left out, the log takes today."""
    if not text.strip():
        return {}
    try:
        return {"date": datetime.date.fromisoformat(text.strip())}
    except ValueError:
        raise services.RecordError(_("日期格式应为 YYYY-MM-DD。"), "date", code="invalid_date") from None


def _poll(values) -> PollTally | None:
    body = judgement.poll_request(values)
    return None if body is None else tally(body)


@require_POST
def ruling_form_save(request, slug: str):
    """Save the ruling form to the signer's club log as a draft; the form again (400) when something is wrong."""
    tree = _judgement_tree(request, slug)
    form_url = reverse("rulings:ruling-form", args=[tree.slug])
    if not request.user.is_authenticated:
        return redirect_to_login(form_url)
    usable = memberships_with(user=request.user, capability=Capability.RECORD)
    if not usable:
        return forbidden(request, _("你不是任何俱乐部的裁判，不能记录裁决。"))
    club_text = request.POST.get("club") or ""
    club_id = read_whole(club_text) if club_text.isdigit() else None  # bounded (security review N1)
    if len(usable) == 1:
        club = usable[0].club
    elif (
        club_id is not None
        and club_access(user=request.user, club=club_id, capability=Capability.RECORD).allowed
    ):
        club = club_access(user=request.user, club=club_id, capability=Capability.RECORD).club
    else:
        fields = [
            (name, value)
            for name, value in request.POST.items()
            if name not in ("csrfmiddlewaretoken", "club")
        ]
        context = {"tree": tree, "clubs": [m.club for m in usable], "fields": fields}
        return render(request, "rulings/judgement/choose_club.html", context)

    values = request.POST
    try:
        facts = judgement.posted_facts(tree, values)
        poll = _poll(values)
        built = (
            build_assigned(
                judgement.builder_request(values),
                zone_permits_director_12c3=judgement.zone_permits(request.user),
            )
            if judgement.builder_given(values)
            else None
        )
        notes = judgement.record_notes(
            decision=values.get("decision", "").strip(),
            poll=poll,
            poll_notes=values.get("poll_notes", "").strip(),
            built=built,
        )
        record = services.ruling_create(
            club=club,
            by=request.user,
            event=values.get("event", "").strip(),
            session=values.get("session", "").strip(),
            table=values.get("table", "").strip(),
            board=values.get("board", "").strip() or None,
            called_by=values.get("called_by", "").strip(),
            irregularity=tree.slug,
            edition=tree.edition,
            facts=facts,
            statement=values.get("statement", "").strip(),
            notes=notes,
            # No damage (16A2, 40C, 12C2): the table result stands, so no adjusted score is logged.
            adjustment=built.adjustment() if built is not None and built.damage is not False else None,
            status=Status.DRAFT,
            **_date(values.get("date", "")),
        )
    except (EngineError, services.RecordError) as exc:
        context = _form_context(request, tree, values, error=error_context(exc))
        return render(request, "rulings/judgement/ruling_form.html", context, status=400)
    return redirect(record.get_absolute_url())
