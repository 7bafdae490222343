"""M5, L1: everything under /api/ answers {"error", "field"}: JSON nested too deep, a lone surrogate echoed, an
offset beyond its bound, NUL inside JSON, a body over the upload limit, unknown paths for any method, a 500."""

import json

import pytest
from django.test import Client, override_settings

from clubs.models import RulingRecord
from tests.clubs.conftest import IB_FACTS, api_key

pytestmark = [pytest.mark.log, pytest.mark.django_db]

NEW = {"event": "e", "date": "2026-04-02", "board": 14, "irregularity": "insufficient-bid", "facts": IB_FACTS}


def shape(response, status: int) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"error", "field"}
    return body


@pytest.fixture
def token_client(director):
    return Client(HTTP_AUTHORIZATION="Token " + api_key(director))


@pytest.mark.parametrize(
    "body", ["[" * 100000 + "]" * 100000, '{"a":' * 50000 + "1" + "}" * 50000, "[" * 40 + "]" * 40]
)
@pytest.mark.parametrize("path", ["/api/matchpoints/", "/api/adjusted-score/", "/api/imps/"])
def test_json_nested_too_deep_is_400(body, path):
    response = Client().post(path, data=body, content_type="application/json")
    if response.status_code == 405:  # a GET-only endpoint: refused before the body is read
        return
    assert "nested" in shape(response, 400)["error"]


def test_deep_json_to_the_club_log_is_400_and_writes_nothing(club, token_client):
    body = json.dumps(
        {**NEW, "facts": {"a": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}
    )
    response = token_client.post(f"/api/clubs/{club.pk}/rulings/", data=body, content_type="application/json")
    shape(response, 400)
    assert not RulingRecord.objects.exists()


def test_a_lone_surrogate_key_is_echoed_safely(club, token_client):
    body = '{"event": "e", "board": 1, "\\ud800": 1}'
    response = token_client.post(f"/api/clubs/{club.pk}/rulings/", data=body, content_type="application/json")
    error = shape(response, 400)
    assert error["field"] == "\\ud800"  # the key as it can be shown
    # N6: only the surrogate is escaped; the message stays readable Chinese (it was ascii()'d whole).
    assert error["error"] == "未知的字段：\\ud800"
    response = token_client.post(
        f"/api/clubs/{club.pk}/rulings/",
        data=json.dumps({**NEW, "irregularity": "other", "facts": {}, "laws": ["\ud800"]}),
        content_type="application/json",
    )
    assert shape(response, 400)["field"] == "laws[0]"


@pytest.mark.parametrize("offset", ["99999999999999999999999", "1000001", "-1", "１"])
def test_an_offset_beyond_its_bound_is_400(club, token_client, offset):
    response = token_client.get(f"/api/clubs/{club.pk}/rulings/", {"offset": offset})
    assert shape(response, 400)["field"] == "offset"
    assert token_client.get(f"/api/clubs/{club.pk}/rulings/", {"offset": "1000000"}).status_code == 200


def test_nul_inside_json_is_400(club, token_client):
    body = {
        **NEW,
        "adjustment": {
            "method": "artificial",
            "form": "pairs",
            "fault": {"NS": "direct", "EW": "none"},
            "note": "\x00",
        },
    }
    response = token_client.post(
        f"/api/clubs/{club.pk}/rulings/", data=json.dumps(body), content_type="application/json"
    )
    assert shape(response, 400)["field"] == "adjustment.note"
    assert not RulingRecord.objects.exists()


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_over_the_upload_limit_is_json(club, token_client):
    body = json.dumps({**NEW, "statement": "x" * 5000})
    response = token_client.post(f"/api/clubs/{club.pk}/rulings/", data=body, content_type="application/json")
    assert response.status_code in (400, 413)
    assert set(response.json()) == {"error", "field"}
    assert not RulingRecord.objects.exists()


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete"])
@pytest.mark.parametrize("path", ["/api/nothing/", "/api/clubs/x/rulings/", "/api/clubs/1/rulings/1/x/"])
def test_unknown_api_paths_are_json_404_for_any_method(method, path):
    client = Client(enforce_csrf_checks=True)
    response = getattr(client, method)(path)
    assert shape(response, 404)["error"] == "Not found."


def test_a_server_error_under_api_is_json_and_a_page_error_is_not(rf):
    from core.api import server_error

    response = server_error(rf.get("/api/laws/"))
    assert response.status_code == 500 and json.loads(response.content) == {
        "error": "Server error.",
        "field": None,
    }
    page = server_error(rf.get("/laws/"))
    assert page.status_code == 500 and not page["Content-Type"].startswith("application/json")


def test_the_site_uses_the_json_handler500():
    from config import urls

    assert urls.handler500 == "core.api.server_error"
