"""The one door from a ruling into the club log (issue 26 item 5): both wizards come in here, and only here is the
club picked and the user refused.

- The mechanical tree wizard's 「记录此裁决」 (``clubs:from-wizard``, a link with the walk's facts in its query):
  the new-record page of the user's club, the query kept; with several clubs, a page of links to choose one.
- The judgement ruling form (``clubs:from-judgement``, the form posted): rulings.judgement.ruling_record reads
  the form into a record's fields, clubs.services.ruling_create checks them (the date among them, read by the
  log's own parser) and writes a draft; with several clubs, the form's fields posted again with the club chosen.
  A record that cannot be written sends the form back (rulings.judgement_views.ruling_form_page, 400 naming the
  field); nothing is written.

Who may record nowhere gets one 403 page with one message, from either door.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from bridge import EngineError
from clubs import services
from clubs.models import Status
from clubs.permissions import forbidden, recording_club
from rulings import judgement, judgement_views

NOT_A_RECORDER = _("你不是任何俱乐部的裁判，不能记录裁决。")


def record_from_wizard(request):
    """「记录此裁决」from the wizard: the new-record page of the user's club, the walk's query string kept."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    club, clubs = recording_club(user=request.user)
    if not clubs:
        return forbidden(request, NOT_A_RECORDER)
    query = request.GET.urlencode()
    if club is not None:
        return redirect(_new_url(club.pk, query))
    choices = [(choice, _new_url(choice.pk, query)) for choice in clubs]
    return render(request, "clubs/choose_club.html", {"choices": choices})


def _new_url(club_id: int, query: str) -> str:
    url = reverse("clubs:new", args=[club_id])
    return f"{url}?{query}" if query else url


@require_POST
def record_from_judgement(request, slug: str):
    """The judgement ruling form saved to the signer's club log as a draft (the record page), or the form again
    (400) when something is wrong."""
    tree = judgement_views.judgement_tree(request, slug)
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("rulings:ruling-form", args=[tree.slug]))
    club, clubs = recording_club(user=request.user, chosen=request.POST.get("club"))
    if not clubs:
        return forbidden(request, NOT_A_RECORDER)
    if club is None:
        posted = [
            (name, value)
            for name, value in request.POST.items()
            if name not in ("csrfmiddlewaretoken", "club")
        ]
        context = {"tree": tree, "clubs": clubs, "fields": posted}
        return render(request, "clubs/choose_club_form.html", context)
    try:
        fields = judgement.ruling_record(tree, request.POST, request.user)
        record = services.ruling_create(club=club, by=request.user, status=Status.DRAFT, **fields)
    except (EngineError, services.RecordError) as exc:
        return judgement_views.ruling_form_page(request, tree, request.POST, exc)
    return redirect(record.get_absolute_url())
