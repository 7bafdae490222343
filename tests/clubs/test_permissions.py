"""The one membership and role check (clubs.permissions.club_access): what each role may do in its club, and
nothing in another; the pages, the API and practice's club page all ask it."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from clubs import services
from clubs.models import ROLE_CAPABILITIES, Capability, Role
from clubs.permissions import club_access, memberships_with

from .conftest import make_user

pytestmark = [pytest.mark.log, pytest.mark.django_db]


@pytest.mark.parametrize("role", Role.values)
@pytest.mark.parametrize("capability", Capability.values)
def test_a_member_may_do_what_the_role_table_says(club, role, capability):
    user = make_user("member", club=club, role=role)
    access = club_access(user=user, club=club, capability=capability)
    assert access.is_member and access.club == club and access.membership.role == role
    assert access.allowed is (capability in ROLE_CAPABILITIES[role])


def test_the_club_may_be_given_by_id_and_an_unknown_one_is_404(club, director):
    assert club_access(user=director, club=club.pk, capability=Capability.RECORD).allowed
    with pytest.raises(Http404):
        club_access(user=director, club=club.pk + 1000, capability=Capability.VIEW)


def test_outsiders_and_anonymous_visitors_may_do_nothing(club, outsider, other_club):
    for user in (outsider, AnonymousUser()):
        access = club_access(user=user, club=club, capability=Capability.VIEW)
        assert not access.is_member and not access.allowed and access.membership is None
        assert not access.can(Capability.VIEW)
    # The outsider directs in their own club.
    assert club_access(user=outsider, club=other_club, capability=Capability.RECORD).allowed


def test_access_answers_for_other_capabilities_too(club, chief, trainee):
    chief_access = club_access(user=chief, club=club, capability=Capability.VIEW)
    assert chief_access.can(Capability.REVIEW) and not chief_access.can(Capability.MANAGE)
    assert not club_access(user=trainee, club=club, capability=Capability.VIEW).can(Capability.COMMENT)


def test_memberships_with_a_capability(club, other_club):
    user = make_user("both", club=club, role=Role.TRAINEE)
    make_user("admin", club=other_club, role=Role.CLUB_ADMIN)
    services.membership_set(club=other_club, user=user, role=Role.DIRECTOR)
    assert [m.club for m in memberships_with(user=user, capability=Capability.RECORD)] == [other_club]
    assert len(memberships_with(user=user, capability=Capability.VIEW)) == 2
    assert memberships_with(user=user, capability=Capability.MANAGE) == []


def test_the_director_of_a_record_passes_the_same_check(make_record, trainee, club):
    assert not club_access(user=trainee, club=club, capability=Capability.RECORD).allowed
    with pytest.raises(services.RecordError) as caught:
        make_record(director=trainee)
    assert (caught.value.field, caught.value.code) == ("director", "not_a_director")
