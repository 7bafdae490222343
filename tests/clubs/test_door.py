"""The one door from a ruling into the club log (clubs.views.door, issue 26 item 5): the wizard's 「记录此裁决」 and
the judgement ruling form's save pick the club in one place, refuse with one message, and the log reads the date."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from bridge.adjustment import adjusted_answer
from clubs import services
from clubs.models import Role, RulingRecord, Status
from tests.rulings.test_judgement_pages import ruling_post

from .conftest import make_user

pytestmark = [pytest.mark.log, pytest.mark.django_db]

SAVE = "/rulings/unauthorized-information/form/save/"
WIZARD = "/clubs/new-ruling/?tree=revoke&established=false"
REFUSAL = "你不是任何俱乐部的裁判，不能记录裁决。"


@pytest.mark.parametrize("role", [None, Role.TRAINEE, Role.COMMITTEE])
def test_who_may_record_nowhere_gets_one_refusal_from_either_door(client, club, role):
    user = make_user("nobody", club=club if role else None, role=role)
    client.force_login(user)
    for response in (client.post(SAVE, ruling_post()), client.get(WIZARD)):
        assert response.status_code == 403
        assert REFUSAL in response.content.decode()
    assert not RulingRecord.objects.exists()


def test_the_judgement_door_records_what_the_log_s_own_form_records(client, club, director):
    """The same facts and adjusted score through the judgement form and through the record form: the same ruling,
    and the adjusted score is the engine's answer to the stored request."""
    client.force_login(director)
    assert client.post(SAVE, ruling_post(date="2026-03-10")).status_code == 302
    facts = {k: v for k, v in ruling_post().items() if k.startswith("fact.")}
    form = {
        "event": "周三双人赛",
        "date": "2026-03-10",
        "board": "5",
        "table": "3",
        "director": director.pk,
        "irregularity": "unauthorized-information",
        **facts,
        "adj_method": "assigned",
        **{f"adj_{side}_{name}": value for side in ("NS", "EW") for name, value in CONTRACT.items()},
        "save": "1",
    }
    assert client.post(f"/clubs/{club.pk}/rulings/new/", form).status_code == 302
    door, own = RulingRecord.objects.order_by("number")
    for name in (
        "club",
        "date",
        "board",
        "irregularity",
        "edition",
        "tree_version",
        "facts",
        "laws",
        "outcome",
    ):
        assert getattr(door, name) == getattr(own, name), name
    assert door.outcome["rule"] == "73F" and door.status == own.status == Status.DRAFT
    assert door.adjustment_result == own.adjustment_result
    assert door.adjustment_result == adjusted_answer(door.adjustment)


CONTRACT = {"contract": "4H", "declarer": "S", "tricks": "10"}


def test_the_log_reads_the_judgement_form_s_date_once(client, director):
    client.force_login(director)
    response = client.post(SAVE, ruling_post(date="10/03/2026"))
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-field="date"' in html and "日期格式应为 YYYY-MM-DD。" in html
    assert not RulingRecord.objects.exists()
    response = client.post(SAVE, ruling_post(date="1989-12-31"))  # outside the log's range (M1)
    assert response.status_code == 400 and 'data-field="date"' in response.content.decode()
    assert client.post(SAVE, ruling_post(date=" 2026-03-10 ")).status_code == 302
    assert client.post(SAVE, ruling_post(date="")).status_code == 302
    first, second = RulingRecord.objects.order_by("number")
    assert first.date == datetime.date(2026, 3, 10) and second.date == timezone.localdate()


def test_a_club_the_director_may_not_record_in_is_asked_again(client, club, other_club, director):
    """Of two clubs, a posted club where he is only a trainee (or that does not exist) is no choice: the chooser
    again, nothing written."""
    third = services.club_create(name="第三俱乐部")
    services.membership_set(club=other_club, user=director, role=Role.DIRECTOR)
    services.membership_set(club=third, user=director, role=Role.TRAINEE)
    client.force_login(director)
    for chosen in (str(third.pk), "999999", ""):
        response = client.post(SAVE, ruling_post(club=chosen))
        assert response.status_code == 200 and "保存到哪个俱乐部" in response.content.decode()
        choices = response.content.decode().split('name="club"')[1:]
        assert len(choices) == 2 and not any(c.startswith(f' value="{third.pk}"') for c in choices)
    assert not RulingRecord.objects.exists()
    response = client.post(SAVE, ruling_post(club=str(other_club.pk)))
    assert response.status_code == 302 and RulingRecord.objects.get().club == other_club


def test_the_wizard_door_offers_each_club_the_director_may_record_in(client, club, other_club, director):
    services.membership_set(club=other_club, user=director, role=Role.TRAINEE)
    client.force_login(director)
    response = client.get(WIZARD)
    assert response.status_code == 302  # the trainee's club is no choice: straight to the only one
    services.membership_set(club=other_club, user=director, role=Role.DIRECTOR)
    html = client.get(WIZARD).content.decode()
    for each in (club, other_club):
        assert f'href="/clubs/{each.pk}/rulings/new/?tree=revoke&amp;established=false"' in html


def test_a_get_of_the_judgement_door_is_refused(client, director):
    client.force_login(director)
    assert client.get(SAVE).status_code == 405


def test_the_record_keeps_the_core_s_labels_whatever_the_recorder_s_language(client, director):
    """The calculators name a score's lines in the reader's language; the log stores the engine's answer as it is,
    so a record does not depend on the language of whoever recorded it."""
    client.force_login(director)
    client.cookies["django_language"] = "en"
    assert client.post(SAVE, ruling_post()).status_code == 302
    stored = RulingRecord.objects.get().adjustment_result["NS"]["breakdown"]
    assert [line["label"] for line in stored] == ["定约墩分", "成局奖分"]
    answer = client.post(
        "/api/adjusted-score/", RulingRecord.objects.get().adjustment, content_type="application/json"
    ).json()
    assert [line["item"] for line in answer["NS"]["breakdown"]] == ["trick_score", "game_bonus"]
    assert answer["NS"]["breakdown"][0]["label"] != "定约墩分"  # the API's reader reads English
