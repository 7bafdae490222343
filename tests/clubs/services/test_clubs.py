"""Clubs and members (clubs.services.clubs): a club keeps an admin."""

import pytest

from clubs import services

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def test_a_club_keeps_an_admin(club, club_admin):
    with pytest.raises(services.RecordError) as caught:
        services.membership_set(club=club, user=club_admin, role="director")
    assert caught.value.field == "role"
    with pytest.raises(services.RecordError):
        services.membership_remove(club=club, user=club_admin)
