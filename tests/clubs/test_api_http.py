"""The ruling-log API over real HTTP with token authentication, including two directors saving at once.

The live server thread has its own database connection, so this module's state is committed (not wrapped in a
test transaction) and removed again when the module ends.
"""

import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from accounts.models import LoginFailure
from clubs import services
from clubs.history import club_log_erase
from clubs.models import Role

from .conftest import IB_FACTS, api_key

pytestmark = pytest.mark.log

NEW = {
    "event": "真实请求测试",
    "date": "2026-05-01",
    "board": 3,
    "irregularity": "insufficient-bid",
    "facts": IB_FACTS,
}


@pytest.mark.django_db
def test_the_session_has_a_test_database():
    """pytest-django creates the test database only for sessions with a django_db test: this is one, so the
    committed state below never lands in the development database."""
    assert on_the_test_database()


def on_the_test_database() -> bool:
    name, test_name = connection.settings_dict["NAME"], connection.settings_dict["TEST"].get("NAME")
    return name == test_name if test_name else name.startswith("test_")


@pytest.fixture(scope="module")
def committed(server_url):
    if not on_the_test_database():
        pytest.fail("no test database was set up: run this module with at least one django_db test")
    User = get_user_model()
    club = services.club_create(name="HTTP 测试俱乐部")
    other = services.club_create(name="HTTP 另一俱乐部")
    users = {}
    for name, place, role in (
        ("http-director", club, Role.DIRECTOR),
        ("http-director2", club, Role.DIRECTOR),
        ("http-trainee", club, Role.TRAINEE),
        ("http-outsider", other, Role.DIRECTOR),
    ):
        users[name] = User.objects.create_user(username=name, password="x" * 12)
        services.membership_set(club=place, user=users[name], role=role)
    tokens = {name: {"Authorization": "Token " + api_key(user)} for name, user in users.items()}
    yield club, tokens
    club_log_erase([club, other])  # the records before their history: the only order its triggers allow
    LoginFailure.objects.all().delete()
    User.objects.filter(pk__in=[user.pk for user in users.values()]).delete()


def path(club, number=None):
    return f"/api/clubs/{club.pk}/rulings/" + (f"{number}/" if number else "")


def test_anonymous_gets_401_over_http(http, committed):
    club, _ = committed
    response = http("GET", path(club))
    assert response.status == 401 and response.headers["WWW-Authenticate"] == "Token"
    assert set(response.json()) == {"error", "field"}


def test_token_auth_per_club_and_role(http, committed):
    club, tokens = committed
    assert http("GET", path(club), headers=tokens["http-outsider"]).status == 403
    assert http("POST", path(club), NEW, headers=tokens["http-trainee"]).status == 403
    created = http("POST", path(club), NEW, headers=tokens["http-director"])
    assert created.status == 201 and created.json()["outcome"]["rule"] == "27B2"
    number = created.json()["number"]
    assert http("GET", path(club, number), headers=tokens["http-trainee"]).json()["number"] == number
    listed = http("GET", path(club), headers=tokens["http-trainee"]).json()
    assert number in [r["number"] for r in listed["results"]]


def test_bad_facts_over_http_are_400(http, committed):
    club, tokens = committed
    response = http(
        "POST", path(club), {**NEW, "facts": {"in_rotation": "perhaps"}}, headers=tokens["http-director"]
    )
    assert response.status == 400 and response.json()["field"] == "facts.in_rotation"


def test_two_directors_saving_at_once_one_wins_one_gets_409(http, committed):
    club, tokens = committed
    number = http("POST", path(club), NEW, headers=tokens["http-director"]).json()["number"]
    for round_ in range(4):
        version = http("GET", path(club, number), headers=tokens["http-director"]).json()["version"]
        results = {}
        barrier = threading.Barrier(2)

        def save(who, table, barrier=barrier, results=results, version=version):
            barrier.wait()
            results[who] = http(
                "PATCH", path(club, number), {"version": version, "table": table}, headers=tokens[who]
            )

        threads = [
            threading.Thread(target=save, args=("http-director", f"A{round_}")),
            threading.Thread(target=save, args=("http-director2", f"B{round_}")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        statuses = sorted(result.status for result in results.values())
        assert statuses == [200, 409], {who: (r.status, r.text) for who, r in results.items()}
        winner = next(who for who, r in results.items() if r.status == 200)
        loser = next(r for r in results.values() if r.status == 409)
        assert loser.json()["field"] == "version" and "没有保存" in loser.json()["error"]
        record = http("GET", path(club, number), headers=tokens["http-director"]).json()
        assert record["version"] == version + 1
        assert record["table"] == ("A" if winner == "http-director" else "B") + str(round_)
        assert [r["version"] for r in record["revisions"]] == list(range(1, version + 2))
