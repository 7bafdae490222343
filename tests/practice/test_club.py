"""A club admin's view of the members' practice progress by topic; nobody else may see it."""

import re

import pytest
from django.test import Client

from clubs import services as club_services
from clubs.models import Role
from practice import selectors, services
from practice.core.answers import check_answers
from practice.selectors import Learner

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    browser = Client()
    assert browser.login(username=user.get_username(), password=PASSWORD)
    return browser


def answer(user, item, correct=True):
    scenario = selectors.item_get(item)
    answers = scenario.answers if correct else {q.id: _wrong(q) for q in scenario.questions}
    result = check_answers(scenario, answers)
    services.attempt_record(learner=Learner(user_id=user.pk), scenario=scenario, result=result)


def _wrong(question):
    if question.kind == "number":
        return question.answer + 1
    expected = question.answer if isinstance(question.answer, tuple) else (question.answer,)
    other = next(option.key for option in question.options if option.key not in expected)
    return [other] if question.kind == "multiple" else other


@pytest.fixture
def club_state(make_user):
    club = club_services.club_create(name="练习俱乐部")
    other = club_services.club_create(name="别的俱乐部")
    people = {}
    for name, place, role in (
        ("admin", club, Role.CLUB_ADMIN),
        ("trainee", club, Role.TRAINEE),
        ("director", club, Role.DIRECTOR),
        ("chief", club, Role.CHIEF_DIRECTOR),
        ("outsider_admin", other, Role.CLUB_ADMIN),
    ):
        people[name] = make_user(name)
        club_services.membership_set(club=place, user=people[name], role=role)
    people["stranger"] = make_user("stranger")
    answer(people["trainee"], "rv-01")
    answer(people["trainee"], "rv-02", correct=False)
    answer(people["trainee"], "sc-01")
    answer(people["director"], "ib-01")
    answer(people["outsider_admin"], "ll-01")
    return club, people


def test_the_club_admin_sees_each_members_progress_by_topic(club_state):
    club, people = club_state
    response = signed_in(people["admin"]).get(f"/practice/clubs/{club.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("admin", "trainee", "director", "chief"):
        assert f'data-user="{name}"' in html
    assert 'data-user="outsider_admin"' not in html and 'data-user="stranger"' not in html
    row = re.search(r'<tr data-user="trainee">(.*?)</tr>', html, re.S)[1]
    assert re.search(r'data-topic="revoke">50%<small>2 次 · 2/24</small>', row)
    assert re.search(r'data-topic="scores">100%<small>1 次 · 1/11</small>', row)
    assert re.search(r'data-topic="law_lookup">—', row)
    assert re.search(r"<td>67%<small>3 次</small></td>", row)
    director_row = re.search(r'<tr data-user="director">(.*?)</tr>', html, re.S)[1]
    assert 'data-topic="insufficient_bid">100%' in director_row
    # The admin's own progress page links to the club view.
    assert (
        f'href="/practice/clubs/{club.pk}/"'
        in signed_in(people["admin"]).get("/practice/progress/").content.decode()
    )


@pytest.mark.parametrize("who", ["trainee", "director", "chief", "outsider_admin", "stranger"])
def test_anyone_but_that_clubs_admin_gets_403(club_state, who):
    club, people = club_state
    response = signed_in(people[who]).get(f"/practice/clubs/{club.pk}/")
    assert response.status_code == 403
    assert "只有本俱乐部的管理员" in response.content.decode()


def test_anonymous_visitors_are_sent_to_sign_in(club_state):
    club, _ = club_state
    response = Client().get(f"/practice/clubs/{club.pk}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_unknown_club_is_404(club_state):
    _, people = club_state
    assert signed_in(people["admin"]).get("/practice/clubs/99999/").status_code == 404
