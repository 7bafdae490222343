"""Whether the wizard offers 「记录此裁决」: rulings asks rulings.recording, which the log above it fills
(clubs.apps registers the club log's answer); rulings never imports the log (issue 26 item 5)."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from rulings import recording

from .test_wizard_result_first import WALK_64A1

pytestmark = pytest.mark.django_db

RULING = f"/rulings/revoke/?{urlencode(WALK_64A1)}"


def test_the_club_log_registers_who_may_record():
    assert [recorder.__module__ for recorder in recording.RECORDERS] == ["clubs.apps"]


def test_without_a_log_the_wizard_offers_no_record_button(client, monkeypatch):
    assert "记录此裁决" in client.get(RULING).content.decode()  # the ruling page, with the club log
    monkeypatch.setattr(recording, "RECORDERS", [])
    html = client.get(RULING).content.decode()
    assert "记录此裁决" not in html and "/clubs/new-ruling/" not in html


def test_a_registered_log_decides_for_signed_in_users(client, django_user_model, monkeypatch):
    user = django_user_model.objects.create_user(username="someone", password="pw-someone-1")
    asked = []
    monkeypatch.setattr(recording, "RECORDERS", [lambda who: asked.append(who) or who.username == "someone"])
    assert "记录此裁决" in client.get(RULING).content.decode()  # anonymous: sign-in comes first, nobody asked
    assert asked == []
    client.force_login(user)
    assert "记录此裁决" in client.get(RULING).content.decode() and asked == [user]
    monkeypatch.setattr(recording, "RECORDERS", [lambda who: False])
    assert "记录此裁决" not in client.get(RULING).content.decode()
