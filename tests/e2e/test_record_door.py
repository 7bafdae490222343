"""The one door from a ruling into the club log, in chromium (issue 26 item 5): the wizard's 「记录此裁决」 lands on
the director's club's record form, and the judgement ruling form's save writes a draft to his club's log. Signed
in, so the module commits its club and director (no django_db mark: the browser's server must see them)."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from tests.e2e.test_judgement import READY, UI_WALK, fill_ruling_form
from tests.rulings.test_wizard_result_first import WALK_64A1

pytestmark = [pytest.mark.e2e]

USERNAME, PASSWORD = "director-door", "a-long-password-door"


@pytest.fixture(scope="module")
def club_director(server_url):
    """A club and its director, committed for the browser (removed when the module ends, with its records)."""
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.models import Session

    from clubs import services
    from clubs.models import Role

    before = set(Session.objects.values_list("session_key", flat=True))
    club = services.club_create(name="入口测试俱乐部")
    user = get_user_model().objects.create_user(USERNAME, password=PASSWORD)
    services.membership_set(club=club, user=user, role=Role.DIRECTOR)
    yield club, user
    Session.objects.exclude(session_key__in=before).delete()
    try:
        club.delete()
        user.delete()
    except Exception:  # noqa: BLE001 (a protected row: left for the test database's end)
        pass


@pytest.fixture
def signed_in(browser, server_url, club_director):
    context = browser.new_context(locale="zh-CN")
    page = context.new_page()
    page.goto(server_url + "/accounts/login/")
    page.fill('input[name="username"]', USERNAME)
    page.fill('input[name="password"]', PASSWORD)
    with page.expect_navigation():
        page.locator("main form button[type=submit], main form input[type=submit]").first.click()
    assert page.locator(".mainnav .logout").count() == 1, page.locator("main").inner_text()
    yield page
    context.close()


def test_the_wizard_s_record_button_opens_the_club_s_record_form(signed_in, server_url, club_director):
    club, _user = club_director
    page = signed_in
    page.goto(f"{server_url}/rulings/revoke/?{urlencode(WALK_64A1)}")
    with page.expect_navigation():
        page.get_by_role("link", name="记录此裁决").click()
    assert page.url.startswith(f"{server_url}/clubs/{club.pk}/rulings/new/?tree=revoke&")
    assert page.locator('input[name="irregularity"]').input_value() == "revoke"


def test_the_judgement_form_saves_a_draft_to_the_club_s_log(signed_in, server_url, club_director):
    from clubs.models import RulingRecord

    club, _user = club_director
    page = signed_in
    page.goto(f"{server_url}/rulings/unauthorized-information/form/#" + urlencode(UI_WALK))
    page.wait_for_function(READY)
    page.fill('input[name="board"]', "5")
    fill_ruling_form(page)
    page.wait_for_selector('[data-builder-result] tr[data-side="NS"]')
    with page.expect_navigation():
        page.get_by_role("button", name="保存到俱乐部记录（草稿）").click()
    record = RulingRecord.objects.filter(club=club).latest("number")
    assert page.url == server_url + record.get_absolute_url()
    assert record.status == "draft" and record.outcome["rule"] == "73F" and record.board == 5
    assert record.adjustment_result["score_ns"] == 620
    assert "第73条F款" in page.locator("main").inner_text()
