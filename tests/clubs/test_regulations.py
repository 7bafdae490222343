"""Issue 28 item 5: the event's regulations, set once per club (with the law that allows each and its default),
read by the builder and the adjusted-score API."""

from __future__ import annotations

import pytest

from clubs import services
from clubs.models import Club
from laws import regulations
from tests.clubs.conftest import make_user

pytestmark = pytest.mark.django_db

WEIGHTED_12C3 = {
    "method": "weighted",
    "vulnerability": "None",
    "director_12c3": True,
    "outcomes": [
        {"weight": 0.5, "contract": "4S", "declarer": "S", "tricks": 10},
        {"weight": 0.5, "contract": "4S", "declarer": "S", "tricks": 9},
    ],
}


def test_the_defaults_follow_the_site_setting_and_a_clubs_choice_replaces_them(club, director, settings):
    settings.ZONE_PERMITS_DIRECTOR_12C3 = False
    assert regulations.for_user(director) == {"director_12c3": False, "likely_standard": False}
    services.club_regulations_set(club=club, values={"director_12c3": True})
    assert regulations.for_user(director)["director_12c3"] is True
    assert regulations.for_user(make_user("walk_in"))["director_12c3"] is False


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"nope": True}, "regulations.nope"),
        ({"director_12c3": "yes"}, "regulations.director_12c3"),
        ([1], "regulations"),
    ],
)
def test_a_bad_regulation_names_its_field_and_saves_nothing(club, values, field):
    with pytest.raises(services.RecordError) as caught:
        services.club_regulations_set(club=club, values=values)
    assert caught.value.field == field
    assert Club.objects.get(pk=club.pk).regulations is None


def test_the_clubs_page_sets_them_and_the_api_then_lets_its_director_weight(client, club, director, settings):
    settings.ZONE_PERMITS_DIRECTOR_12C3 = False
    admin = make_user("club_admin_regs")
    services.membership_set(club=club, user=admin, role="club_admin")
    client.force_login(admin)
    page = client.get(f"/clubs/{club.pk}/members/").content.decode()
    assert 'data-regulation="director_12c3"' in page and 'data-regulation="likely_standard"' in page
    assert "待核实" in page  # the 2017 option's own footing is unverified, and the page says so
    client.force_login(director)
    refused = client.post("/api/adjusted-score/", WEIGHTED_12C3, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["field"] == "director_12c3"
    client.force_login(admin)
    response = client.post(f"/clubs/{club.pk}/members/", {"regulations": "1", "reg_director_12c3": "on"})
    assert response.status_code == 302
    assert Club.objects.get(pk=club.pk).regulations == {"director_12c3": True, "likely_standard": False}
    client.force_login(director)
    assert regulations.for_user(director)["director_12c3"] is True
    allowed = client.post("/api/adjusted-score/", WEIGHTED_12C3, content_type="application/json")
    assert allowed.status_code == 200, allowed.json()
