"""offline.middleware: what must never be kept is marked private before it leaves the server."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import RequestFactory

from offline.middleware import PrivateResponsesMiddleware

pytestmark = pytest.mark.django_db


def cache_control(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


def run(path: str, *, cookies: dict[str, str] | None = None, user=None):
    def view(request):
        response = HttpResponse("ok")
        for name, value in (cookies or {}).items():
            response.set_cookie(name, value)
        return response

    request = RequestFactory().get(path)
    request.user = user or AnonymousUser()
    return PrivateResponsesMiddleware(view)(request)


def test_public_pages_stay_public():
    assert "private" not in cache_control(run("/laws/27/"))


@pytest.mark.parametrize(
    "path",
    [
        "/clubs/",
        "/clubs/3/rulings/",
        "/accounts/login/",
        "/admin/",
        "/api/clubs/1/rulings/",
        "/practice/",
        "/api/practice/scenarios/",
    ],
)
def test_private_paths_are_private_and_not_stored(path):
    assert {"private", "no-store"} <= cache_control(run(path))


def test_a_response_setting_a_cookie_is_private():
    assert "private" in cache_control(run("/laws/27/", cookies={"sessionid": "x"}))
    assert "private" in cache_control(run("/", cookies={"django_language": "en"}))


def test_the_csrf_cookie_alone_does_not_make_a_page_private():
    """Django re-sends it on every page with a form (the language switch is on every page)."""
    assert "private" not in cache_control(run("/laws/27/", cookies={"csrftoken": "x"}))


def test_a_signed_in_users_page_is_private():
    user = get_user_model().objects.create_user("mw-director", password="x" * 12)
    assert "private" in cache_control(run("/laws/27/", user=user))


def test_through_the_stack(client):
    assert "private" not in cache_control(client.get("/laws/27/"))
    assert {"private", "no-store"} <= cache_control(client.get("/accounts/login/"))
    user = get_user_model().objects.create_user("mw-director2", password="x" * 12)
    client.force_login(user)
    assert "private" in cache_control(client.get("/laws/27/"))
    # Static files are the same for everyone, signed in or not.
    response = client.get("/static/css/app.css")
    b"".join(response.streaming_content)  # a FileResponse: read to the end, the test client closes its file
    assert "private" not in cache_control(response)
