"""/api/clubs/<id>/rulings/: authentication, per-club and per-role permissions, the error shape, 409."""

import pytest
from rest_framework.test import APIClient

from clubs.models import RulingRecord, RulingRevision, Status

from .conftest import IB_FACTS, IB_ORDINARY, PASSWORD, api_key

pytestmark = [pytest.mark.log, pytest.mark.django_db]

NEW = {
    "event": "周四定约桥牌",
    "date": "2026-04-02",
    "board": 14,
    "table": "3",
    "called_by": "E",
    "irregularity": "insufficient-bid",
    "facts": IB_FACTS,
    "notes": "**北家**叫牌前停顿。",
}


def client_for(user=None, *, token: bool = True) -> APIClient:
    client = APIClient()
    if user is not None:
        if token:
            key = api_key(user)
            client.credentials(HTTP_AUTHORIZATION="Token " + key)
        else:
            client.force_authenticate(user)
    return client


def url(club, number=None) -> str:
    return f"/api/clubs/{club.pk}/rulings/" + (f"{number}/" if number else "")


def test_anonymous_requests_get_401(club, record):
    client = APIClient()
    for response in (
        client.get(url(club)),
        client.post(url(club), NEW, format="json"),
        client.get(url(club, 1)),
        client.patch(url(club, 1), {"version": 1, "table": "2"}, format="json"),
    ):
        assert response.status_code == 401
        assert response["WWW-Authenticate"] == "Token"
        assert set(response.json()) == {"error", "field"}


def test_a_bad_token_gets_401(club):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert client.get(url(club)).status_code == 401


def test_another_clubs_member_gets_403(club, record, outsider):
    client = client_for(outsider)
    for response in (
        client.get(url(club)),
        client.get(url(club, 1)),
        client.post(url(club), NEW, format="json"),
        client.patch(url(club, 1), {"version": 1, "table": "2"}, format="json"),
    ):
        assert response.status_code == 403
        assert response.json() == {"error": "你不是该俱乐部的成员。", "field": None}
    assert RulingRecord.objects.get().table == "5"


def test_unknown_club_and_record_are_404(club, director):
    client = client_for(director)
    assert client.get("/api/clubs/9999/rulings/").status_code == 404
    response = client.get(url(club, 42))
    assert response.status_code == 404 and response.json()["field"] is None


@pytest.mark.parametrize(
    ("role_fixture", "can_read", "can_write"),
    [
        ("director", True, True),
        ("chief", True, True),
        ("trainee", True, False),
        ("club_admin", True, False),
    ],
)
def test_each_role(request, club, record, role_fixture, can_read, can_write):
    user = request.getfixturevalue(role_fixture)
    client = client_for(user)
    assert client.get(url(club)).status_code == (200 if can_read else 403)
    assert client.get(url(club, 1)).status_code == (200 if can_read else 403)
    created = client.post(url(club), {**NEW, "director": record.director_id}, format="json")
    assert created.status_code == (201 if can_write else 403)
    updated = client.patch(url(club, 1), {"version": 1, "table": "8"}, format="json")
    assert updated.status_code == (200 if can_write else 403)
    if not can_write:
        assert "不能记录或修改裁决" in updated.json()["error"]


def test_create_read_list(club, director):
    client = client_for(director)
    response = client.post(url(club), NEW, format="json")
    assert response.status_code == 201 and response["Location"] == f"/clubs/{club.pk}/rulings/1/"
    data = response.json()
    assert data["number"] == 1 and data["version"] == 1 and data["status"] == "draft"
    assert data["director"] == {"id": director.pk, "username": "director"}
    assert (data["dealer"], data["vulnerability"]) == ("E", "None")  # board 14 (Law 2)
    assert data["outcome"]["rule"] == "27B2" and data["laws"][0] == "27B2"
    assert data["edition"] == "ccba-1999" and data["tree_version"] == 2
    # Rendered once when written, as the record page shows it: glossary terms marked, like law references.
    assert data["notes_html"] == (
        '<p><strong>北家</strong><abbr class="term" title="任何实质叫牌、加倍、再加倍或不叫。">叫牌</abbr>前停顿。</p>'
    )
    detail = client.get(url(club, 1)).json()
    assert detail["revisions"][0]["action"] == "created" and detail["revisions"][0]["author"] == "director"
    listing = client.get(url(club)).json()
    assert listing["count"] == 1 and listing["results"][0]["number"] == 1


def test_session_authentication_needs_the_csrf_token(club, director):
    client = APIClient(enforce_csrf_checks=True)
    client.login(username="director", password=PASSWORD)
    assert client.get(url(club)).status_code == 200
    response = client.post(url(club), NEW, format="json")
    assert response.status_code == 403 and "CSRF" in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({**NEW, "facts": {**IB_FACTS, "accepted": "perhaps"}}, "facts.accepted"),
        ({**NEW, "facts": {"in_rotation": True, "spades": 5}}, "facts.spades"),
        ({**NEW, "facts": {**IB_ORDINARY, "in_rotation": True}, "status": "final"}, "facts.accepted"),
        ({**NEW, "board": 0}, "board"),
        ({**NEW, "board": "x"}, "board"),
        ({**NEW, "date": "yesterday"}, "date"),
        ({**NEW, "irregularity": "no-such-irregularity"}, "irregularity"),
        ({**NEW, "status": "reviewed"}, "status"),
        ({**NEW, "director": 999999}, "director"),
        (
            {
                **NEW,
                "adjustment": {"method": "artificial", "form": "pairs", "fault": {"NS": "x", "EW": "none"}},
            },
            "adjustment.fault.NS",
        ),
        ({**NEW, "facts_typo": {}}, "facts_typo"),
        ({k: v for k, v in NEW.items() if k != "board"}, "board"),
        ({k: v for k, v in NEW.items() if k != "event"}, "event"),
    ],
)
def test_bad_input_is_400_naming_the_field(club, director, body, field):
    response = client_for(director).post(url(club), body, format="json")
    assert response.status_code == 400, response.content
    data = response.json()
    assert set(data) == {"error", "field"} and data["field"] == field and data["error"]
    assert not RulingRecord.objects.exists()


def test_malformed_json_is_400(club, director):
    response = client_for(director).post(url(club), "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["field"] is None
    response = client_for(director).post(url(club), [1, 2], format="json")
    assert response.status_code == 400


def test_update_needs_the_version(club, record, director):
    response = client_for(director).patch(url(club, 1), {"table": "2"}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "version"


def test_update_from_an_old_version_is_409_and_writes_nothing(club, record, director, director2):
    first = client_for(director).patch(url(club, 1), {"version": 1, "table": "6"}, format="json")
    assert first.status_code == 200 and first.json()["version"] == 2
    second = client_for(director2).patch(
        url(club, 1), {"version": 1, "table": "7", "notes": "覆盖？"}, format="json"
    )
    assert second.status_code == 409
    body = second.json()
    assert body["field"] == "version"
    assert "director" in body["error"] and "当前版本 2" in body["error"] and "没有保存" in body["error"]
    record.refresh_from_db()
    assert (record.table, record.notes, record.version) == ("6", "", 2)
    assert RulingRevision.objects.filter(record=record).count() == 2


def test_update_with_bad_facts_is_400_and_writes_nothing(club, record, director):
    response = client_for(director).patch(
        url(club, 1), {"version": 1, "facts": {"in_rotation": 3}, "table": "9"}, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "facts.in_rotation"
    record.refresh_from_db()
    assert record.version == 1 and record.table == "5"


def test_finalise_and_filters(club, director, make_record, chief):
    make_record(
        irregularity="revoke",
        facts={"established": False, "revoker": "defender", "attention_drawn_illegally": False},
        status=Status.FINAL,
    )
    make_record(event="秋季公开赛", board=3)
    client = client_for(director)
    assert client.get(url(club), {"irregularity": "revoke"}).json()["count"] == 1
    assert client.get(url(club), {"status": "draft"}).json()["count"] == 1
    assert client.get(url(club), {"q": "秋季"}).json()["results"][0]["board"] == 3
    assert client.get(url(club), {"director": chief.pk}).json()["count"] == 0
    assert client.get(url(club), {"date_from": "2026-03-11"}).json()["count"] == 0
    bad = client.get(url(club), {"date_from": "March"})
    assert bad.status_code == 400 and bad.json()["field"] == "date_from"
    assert client.get(url(club), {"limit": "0"}).json()["field"] == "limit"
    response = client.patch(url(club, 2), {"version": 1, "status": "final"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "final"


def test_xss_in_notes_is_inert_in_the_api(club, director):
    body = {**NEW, "notes": '<script>alert(1)</script><img src=x onerror="alert(2)">[x](javascript:alert(3))'}
    html = client_for(director).post(url(club), body, format="json").json()["notes_html"]
    # CommonMark leaves a javascript: link as its literal text: inert, never an href.
    assert "<script" not in html and "<img" not in html and "onerror=" not in html and "href" not in html


ODD_VALUES = [None, True, 0, -1, 1.5, "", "x" * 300, [], [1], {}, {"a": 1}]
FIELDS = [
    "event",
    "date",
    "session",
    "board",
    "table",
    "director",
    "called_by",
    "irregularity",
    "facts",
    "laws",
    "statement",
    "notes",
    "adjustment",
    "status",
]


@pytest.mark.parametrize("field", FIELDS)
def test_odd_json_values_are_400_or_accepted_never_500(club, record, director, field):
    client = client_for(director)
    for value in ODD_VALUES:
        created = client.post(url(club), {**NEW, field: value}, format="json")
        assert created.status_code in (201, 400), (field, value, created.content)
        if created.status_code == 400:
            assert set(created.json()) == {"error", "field"}
        updated = client.patch(
            url(club, 1), {"version": RulingRecord.objects.get(number=1).version, field: value}, format="json"
        )
        assert updated.status_code in (200, 400), (field, value, updated.content)
    record.refresh_from_db()
    assert record.revisions.count() == record.version


def test_a_text_over_the_model_fields_limit_is_400_naming_it(club, director):
    response = client_for(director).post(url(club), {**NEW, "statement": "x" * 20001}, format="json")
    body = response.json()
    assert response.status_code == 400 and body["field"] == "statement" and "20000" in body["error"]
    assert (
        client_for(director).post(url(club), {**NEW, "statement": "x" * 20000}, format="json").status_code
        == 201
    )


def test_the_director_field_names_no_one(club, director, other_club, outsider, trainee):
    """L4: an id or a username that is not one of this club's directors is answered the same way as no such
    user, and the answer never names the account (it said 「other-chief 不是本俱乐部的裁判。」)."""
    client = client_for(director)
    answers = []
    for value in [outsider.pk, trainee.pk, 999_999, str(outsider.pk)]:
        response = client.post(url(club), {**NEW, "director": value}, format="json")
        assert response.status_code == 400
        answers.append(response.json())
    assert all(answer == answers[0] for answer in answers), answers
    assert answers[0]["field"] == "director"
    assert "outsider" not in str(answers) and "trainee" not in str(answers)
    assert not RulingRecord.objects.exists()
