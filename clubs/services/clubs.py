"""Writes of clubs and their members: a club, a member's role, a member leaving. A club always keeps an admin."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from bridge.errors import FieldError
from clubs.errors import RecordError
from clubs.models import Club, Membership, Role
from clubs.services.common import full_clean, text_clean
from laws import regulations


@transaction.atomic
def club_create(*, name: str) -> Club:
    name = text_clean(name, model=Club, name="name")
    if not name:
        raise RecordError(_("请填写俱乐部名称。"), "name", code="required")
    club = Club(name=name)
    full_clean(club)
    club.save()
    return club


@transaction.atomic
def membership_set(*, club: Club, user, role: str) -> Membership:
    """Give ``user`` the ``role`` in ``club`` (adding or changing the membership)."""
    if role not in Role.values:
        raise RecordError(_("未知的角色：%(role)s"), "role", code="unknown_role", role=role)
    membership = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if membership is None:
        membership = Membership(club=club, user=user, role=role)
    else:
        if membership.role == Role.CLUB_ADMIN and role != Role.CLUB_ADMIN:
            _keep_an_admin(club, membership)
        membership.role = role
    full_clean(membership)
    membership.save()
    return membership


def club_edition_set(*, club: Club, edition: str) -> Club:
    """The edition the club's directors work in unless they choose another (laws.editions); "" for the site
    default."""
    choices = {value for value, _label in Club._meta.get_field("default_edition").choices or ()}
    if edition not in choices:
        raise RecordError(
            _("未知的规则版本：%(edition)s（可选：%(codes)s）"),
            "default_edition",
            code="unknown_edition",
            edition=edition[:40],
            codes=", ".join(sorted(c for c in choices if c)),
        )
    Club.objects.filter(pk=club.pk).update(default_edition=edition)
    club.default_edition = edition
    return club


@transaction.atomic
def membership_remove(*, club: Club, user) -> None:
    membership = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if membership is None:
        raise RecordError(_("该用户不是本俱乐部成员。"), "user", code="not_a_member")
    if membership.role == Role.CLUB_ADMIN:
        _keep_an_admin(club, membership)
    membership.delete()


def _keep_an_admin(club: Club, membership: Membership) -> None:
    others = Membership.objects.filter(club=club, role=Role.CLUB_ADMIN).exclude(pk=membership.pk)
    if not others.exists():
        raise RecordError(_("俱乐部至少要有一名管理员。"), "role", code="last_admin")


def club_regulations_set(*, club: Club, values: object) -> Club:
    """The event's regulations the club's directors rule under (laws.regulations); a bad key or value is a
    RecordError naming ``regulations.<key>`` and nothing is saved."""
    try:
        cleaned = regulations.clean(values)
    except FieldError as exc:
        raise RecordError.wrapping(exc, exc.field or "regulations") from exc
    Club.objects.filter(pk=club.pk).update(regulations=cleaned)
    club.regulations = cleaned
    return club
