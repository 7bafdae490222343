"""Pages of clubs and their members: the user's clubs and the members page (a ruling comes in by clubs.views.door)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _

from bridge.inputs import read_whole
from clubs import selectors, services
from clubs.forms import MemberForm, form_error
from clubs.models import Capability, Club
from clubs.permissions import club_page
from core.errors import error_context
from laws import regulations


def clubs(request):
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    memberships = selectors.club_list_for_user(user=request.user)
    return render(request, "clubs/clubs.html", {"memberships": memberships})


@club_page(Capability.MANAGE)
def members(request, club: Club):
    form = MemberForm(request.POST or None)
    status = 200
    error = None
    if request.method == "POST":
        try:
            if "default_edition" in request.POST:
                services.club_edition_set(club=club, edition=request.POST["default_edition"])
                return redirect("clubs:members", club.pk)
            if "regulations" in request.POST:
                chosen = {r.key: request.POST.get(f"reg_{r.key}") == "on" for r in regulations.REGULATIONS}
                services.club_regulations_set(club=club, values=chosen)
                return redirect("clubs:members", club.pk)
            if request.POST.get("remove"):
                remove = request.POST["remove"]
                pk = read_whole(remove) if remove.isdigit() else None  # bounded (security review N1)
                user = selectors.user_get(pk=pk) if pk is not None else None
                if user is None:
                    raise services.RecordError(_("没有这个用户。"), "user", code="unknown_user")
                services.membership_remove(club=club, user=user)
                return redirect("clubs:members", club.pk)
            if not form.is_valid():
                raise form_error(form)
            user = selectors.user_get(username=form.cleaned_data["username"])
            if user is None:
                raise services.RecordError(
                    _("没有这个用户名；请先由网站管理员创建账号。"), "username", code="unknown_user"
                )
            services.membership_set(club=club, user=user, role=form.cleaned_data["role"])
            return redirect("clubs:members", club.pk)
        except services.RecordError as exc:
            error, status = error_context(exc), 400
    context = {
        "club": club,
        "members": selectors.club_members(club=club),
        "form": form,
        "error": error,
        "edition_choices": Club._meta.get_field("default_edition").choices,
        "regulations": [
            (r, {**regulations.defaults(), **(club.regulations or {})}[r.key])
            for r in regulations.REGULATIONS
        ],
    }
    return render(request, "clubs/members.html", context, status=status)
