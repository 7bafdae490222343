"""L8: the record page's actions (appeal, decision, sign-off) name the version of the page they were sent from;
without one they are refused (400 naming ``version``) and write nothing."""

import pytest
from django.test import Client

from clubs import services
from clubs.models import Status

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def test_an_appeal_without_a_version_is_400(club, make_record, director):
    record = make_record(status=Status.FINAL)
    browser = Client()
    browser.force_login(director)
    response = browser.post(f"/clubs/{club.pk}/rulings/{record.number}/appeal/", {"appellant": "南北"})
    assert response.status_code == 400 and 'data-field="version"' in response.content.decode()
    record.refresh_from_db()
    assert record.status == Status.FINAL and record.appeal_or_none is None and record.version == 1


def test_a_decision_and_a_sign_off_without_a_version_are_400(club, make_record, director, chief):
    record = make_record(status=Status.FINAL)
    services.appeal_lodge(record=record, by=director, appellant="南北", expected_version=1)
    browser = Client()
    browser.force_login(chief)
    base = f"/clubs/{club.pk}/rulings/{record.number}"
    assert browser.post(f"{base}/decision/", {"decision": "upheld"}).status_code == 400
    assert browser.post(f"{base}/decision/", {"decision": "upheld", "version": "x"}).status_code == 400
    record.refresh_from_db()
    assert record.version == 2 and not record.appeal.is_decided
    assert browser.post(f"{base}/decision/", {"decision": "upheld", "version": 2}).status_code == 302
    assert browser.post(f"{base}/sign-off/", {}).status_code == 400
    record.refresh_from_db()
    assert record.status == Status.APPEALED
    assert browser.post(f"{base}/sign-off/", {"version": 3}).status_code == 302
