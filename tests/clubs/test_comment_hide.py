"""A chief director hides a comment (H2's fix direction): kept, never deleted; a revision says who, when, why;
members see 「已隐藏」 with who and when, chief directors the text too. Page action, API action, permissions."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from clubs import services
from clubs.models import Action, ReviewComment

from .conftest import api_key

pytestmark = [pytest.mark.log, pytest.mark.django_db]

POISON = "- " * 2400 + "x"


def api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + api_key(user))
    return client


@pytest.fixture
def comment(record, director):
    return services.review_comment_add(record=record, by=director, text="**不相关的话**")


def test_the_service_hides_and_appends_a_revision(record, comment, chief):
    hidden = services.comment_hide(comment=comment, by=chief, reason="与本裁决无关")
    assert hidden.is_hidden and hidden.hidden_by == chief and hidden.hidden_reason == "与本裁决无关"
    assert ReviewComment.objects.filter(pk=comment.pk, text="**不相关的话**").exists()  # never deleted
    record.refresh_from_db()
    revision = record.revisions.get(number=record.version)
    assert revision.action == Action.COMMENT_HIDDEN and revision.author == chief
    assert revision.changes["comment"]["new"] == {"id": comment.pk, "hidden": True, "reason": "与本裁决无关"}
    assert "不相关" not in str(revision.changes)  # the history does not repeat the hidden text


def test_only_a_chief_director_may_hide_and_a_reason_is_required(record, comment, director, chief):
    with pytest.raises(services.RecordError) as error:
        services.comment_hide(comment=comment, by=director, reason="x")
    assert error.value.field == "comment"
    with pytest.raises(services.RecordError) as error:
        services.comment_hide(comment=comment, by=chief, reason="  ")
    assert error.value.field == "reason"
    with pytest.raises(services.RecordError) as error:
        services.comment_hide(comment=comment, by=chief, reason="x" * 501)
    assert error.value.field == "reason"
    assert not ReviewComment.objects.get(pk=comment.pk).is_hidden
    services.comment_hide(comment=comment, by=chief, reason="重复")
    with pytest.raises(services.RecordError) as error:
        services.comment_hide(comment=comment, by=chief, reason="再次")
    assert error.value.code == "already_hidden"


def test_the_page_action_and_what_each_role_sees(club, record, comment, director, chief, trainee):
    path = f"/clubs/{club.pk}/rulings/{record.number}/"
    hide = f"{path}comments/{comment.pk}/hide/"
    browser = Client()
    browser.force_login(director)
    assert browser.post(hide, {"reason": "x"}).status_code == 403
    assert "隐藏此意见" not in browser.get(path).content.decode()
    browser.force_login(chief)
    page = browser.get(path).content.decode()
    assert "隐藏此意见" in page
    assert browser.post(hide, {"reason": ""}).status_code == 400
    response = browser.post(hide, {"reason": "与本裁决无关"})
    assert response.status_code == 302 and response["Location"].endswith("#comments")
    page = browser.get(path).content.decode()
    assert "已隐藏（chief 于" in page and "<strong>不相关的话</strong>" in page and "与本裁决无关" in page
    for member in (director, trainee):
        browser.force_login(member)
        page = browser.get(path).content.decode()
        assert "已隐藏（chief 于" in page and "与本裁决无关" in page  # why, as the history says it
        assert "不相关的话" not in page
    assert browser.post(f"{path}comments/99999/hide/", {"reason": "x"}).status_code in (403, 404)


def test_a_poison_comment_can_be_hidden_and_the_record_still_shows(club, record, director, chief):
    comment = services.review_comment_add(record=record, by=director, text=POISON)
    browser = Client()
    browser.force_login(chief)
    path = f"/clubs/{club.pk}/rulings/{record.number}/"
    assert browser.get(path).status_code == 200
    assert browser.post(f"{path}comments/{comment.pk}/hide/", {"reason": "乱码"}).status_code == 302
    assert browser.get(path).status_code == 200


def test_the_api_action_and_what_each_role_reads(club, record, comment, director, chief, trainee, outsider):
    hide = f"/api/clubs/{club.pk}/rulings/{record.number}/comments/{comment.pk}/hide/"
    detail = f"/api/clubs/{club.pk}/rulings/{record.number}/"
    assert APIClient().post(hide, {"reason": "x"}, format="json").status_code == 401
    for user in (director, trainee, outsider):
        response = api(user).post(hide, {"reason": "x"}, format="json")
        assert response.status_code == 403 and set(response.json()) == {"error", "field"}
    assert api(chief).post(hide, {}, format="json").json()["field"] == "reason"
    assert api(chief).post(hide, {"reason": 5}, format="json").json()["field"] == "reason"
    response = api(chief).post(hide, {"reason": "与本裁决无关"}, format="json")
    assert response.status_code == 200 and response.json()["hidden"] is True
    seen = api(director).get(detail).json()["comments"][0]
    assert seen["hidden"] and seen["hidden_by"] == "chief" and seen["text"] is None and seen["html"] is None
    assert seen["hidden_reason"] == "与本裁决无关"
    seen = api(chief).get(detail).json()["comments"][0]
    assert seen["text"] == "**不相关的话**" and seen["hidden_reason"] == "与本裁决无关"
    missing = f"/api/clubs/{club.pk}/rulings/{record.number}/comments/99999/hide/"
    assert api(chief).post(missing, {"reason": "x"}, format="json").status_code == 404
