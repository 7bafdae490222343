"""Who may do what in a club: the ONE membership and role check of the club rulings log.

A user may act in a club when they are a member whose role has the capability (clubs.models.ROLE_CAPABILITIES
decides). :func:`club_access` answers that, and everything asks it: the pages through :func:`club_page`, the API
through :class:`ClubRole`, the services (may this user direct in this club?) and practice's club progress page.
Each of them says no in its own words; none decides again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps
from typing import TYPE_CHECKING

from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import permissions

from bridge.inputs import read_whole
from clubs import selectors
from clubs.models import Capability, Club, Membership

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class ClubAccess:
    """A user's standing in a club, asked for one capability."""

    club: Club
    membership: Membership | None
    capability: str

    @property
    def is_member(self) -> bool:
        return self.membership is not None

    @property
    def allowed(self) -> bool:
        return self.can(self.capability)

    @property
    def role_label(self) -> str:
        """The member's role as the page's language says it; "" for a non-member."""
        return self.membership.get_role_display() if self.membership is not None else ""

    def can(self, capability: str) -> bool:
        """Whether the member's role has ``capability`` too (what else a page may offer)."""
        return self.membership is not None and self.membership.can(capability)


def club_access(*, user, club: Club | int, capability: str) -> ClubAccess:
    """``user``'s standing in ``club`` (a club, or its id: an unknown id is a 404) for ``capability``.

    Anonymous users are members of nothing."""
    if not isinstance(club, Club):
        club = get_object_or_404(Club, pk=club)
    return ClubAccess(
        club=club, membership=selectors.membership_get(user=user, club=club), capability=capability
    )


def memberships_with(*, user, capability: str) -> list[Membership]:
    """The user's memberships whose role has ``capability`` (the clubs they may record rulings in, say)."""
    return [
        membership for membership in selectors.club_list_for_user(user=user) if membership.can(capability)
    ]


def recording_club(*, user, chosen: object = None) -> tuple[Club | None, list[Club]]:
    """The club ``user`` records a ruling in (the one door from a ruling into the log, clubs.views.door): his only
    club where he may record, else the one ``chosen`` (a club id as posted) among them. Otherwise None and the
    clubs to choose from — none when he may record nowhere."""
    clubs = [membership.club for membership in memberships_with(user=user, capability=Capability.RECORD)]
    if len(clubs) == 1:
        return clubs[0], clubs
    text = chosen if isinstance(chosen, str) else ""
    club_id = read_whole(text) if text.isdigit() else None  # bounded (security review N1)
    return next((club for club in clubs if club.pk == club_id), None), clubs


# ---------------------------------------------------------------------------------------------------------
# Pages


def forbidden(request, message: StrOrPromise) -> HttpResponse:
    """The 403 page of the club log, saying why."""
    return render(request, "clubs/forbidden.html", {"message": message}, status=403)


def club_page(capability: str):
    """The view runs for a signed-in member of the club whose role has ``capability``; anonymous visitors are
    sent to sign in, anyone else gets a 403 page. The view is called with the club instead of its id, and
    ``request.access`` holds the member's standing (what else the page may offer)."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, club_id: int, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            access = club_access(user=request.user, club=club_id, capability=capability)
            if not access.is_member:
                return forbidden(request, gettext_lazy("你不是该俱乐部的成员，不能查看它的裁决记录。"))
            if not access.allowed:
                return forbidden(
                    request,
                    gettext_lazy("你在本俱乐部的角色（%(role)s）不能进行此操作。")
                    % {"role": access.role_label},
                )
            request.access = access
            return view(request, access.club, *args, **kwargs)

        return wrapper

    return decorator


# ---------------------------------------------------------------------------------------------------------
# The API


class ClubRole(permissions.BasePermission):
    """Members of the club read; members whose role may record rulings write. Sets ``view.club``."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        if user is None or not user.is_authenticated:
            return False  # DRF answers 401: the request did not say who it is
        write = getattr(view, "write_capability", Capability.RECORD)  # a review action asks for more
        capability = Capability.VIEW if request.method in permissions.SAFE_METHODS else write
        access = club_access(user=user, club=view.kwargs["club_id"], capability=capability)
        if not access.is_member:
            self.message = _("你不是该俱乐部的成员。")
            return False
        if not access.allowed and capability == Capability.REVIEW:
            self.message = _("只有裁判长可以这样做。")
            return False
        if not access.allowed:
            self.message = _("你的角色（%(role)s）不能记录或修改裁决。") % {"role": access.role_label}
            return False
        view.club = access.club
        view.access = access
        return True
