"""Shared state of the ruling-log tests: a club with a member of each role, another club, and a record maker.

Test state is built in code through the services (docs/design.md §8.8); fixtures/ holds reference data only.
"""

import datetime

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from clubs import services
from clubs.models import Role

PASSWORD = "correct horse battery"

# A finished wizard walk: insufficient bid, not accepted, replaced by a pass → Law 27B2.
# None of the insufficient-bid tree's v2 situations (no mis-pull fixed at once, not after the final pass, not barred).
IB_ORDINARY = {
    "inadvertent_corrected_at_once": False,
    "after_final_pass": False,
    "offender_obliged_to_pass": False,
}
IB_FACTS = {**IB_ORDINARY, "in_rotation": True, "accepted": False, "replacement": "pass"}


def make_user(username: str, *, club=None, role: str | None = None):
    user = get_user_model().objects.create_user(username=username, password=PASSWORD)
    if club is not None and role is not None:
        services.membership_set(club=club, user=user, role=role)
    return user


@pytest.fixture
def club(db):
    return services.club_create(name="测试俱乐部")


@pytest.fixture
def other_club(db):
    return services.club_create(name="另一家俱乐部")


@pytest.fixture
def director(club):
    return make_user("director", club=club, role=Role.DIRECTOR)


@pytest.fixture
def director2(club):
    return make_user("director2", club=club, role=Role.DIRECTOR)


@pytest.fixture
def chief(club):
    return make_user("chief", club=club, role=Role.CHIEF_DIRECTOR)


@pytest.fixture
def trainee(club):
    return make_user("trainee", club=club, role=Role.TRAINEE)


@pytest.fixture
def club_admin(club):
    return make_user("clubadmin", club=club, role=Role.CLUB_ADMIN)


@pytest.fixture
def outsider(other_club):
    """A director, but of another club."""
    return make_user("outsider", club=other_club, role=Role.DIRECTOR)


@pytest.fixture
def api(director):
    """The API as ``director`` (signed in by token-less authentication: the API's own tests cover the tokens)."""
    client = APIClient()
    client.force_authenticate(director)
    return client


@pytest.fixture
def make_record(club, director):
    def make(**overrides):
        data = {
            "event": "周二双人赛",
            "date": datetime.date(2026, 3, 10),
            "board": 7,
            "table": "5",
            "irregularity": "insufficient-bid",
            "facts": dict(IB_FACTS),
        }
        data.update(overrides)
        by = data.pop("by", director)
        return services.ruling_create(club=data.pop("club", club), by=by, **data)

    return make


@pytest.fixture
def record(make_record):
    return make_record()


_API_KEYS: dict[int, str] = {}


def api_key(user) -> str:
    """The user's API key (accounts.tokens keeps only its hash): one per user for the test, made on first use."""
    from accounts.models import ApiToken
    from accounts.tokens import token_digest, token_issue

    key = _API_KEYS.get(user.pk)
    if key is None or not ApiToken.objects.filter(user=user, digest=token_digest(key)).exists():
        key, _ = token_issue(user)
        _API_KEYS[user.pk] = key
    return key
