"""Issue 31, problem 11 in chromium: the record form opened from the wizard asks only what the wizard did not
settle — its answers summarised, the inputs folded until asked for — at 768×1024 and 1024×768. Signed in, so the
module commits its club and director (no django_db mark: the browser's server must see them)."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from rulings.trees import trees
from tests.e2e.conftest import TABLET_LANDSCAPE, TABLET_PORTRAIT, screenshot
from tests.offline.cases import as_url_values, one_per_leaf

pytestmark = [pytest.mark.e2e]

SIZES = [pytest.param(TABLET_PORTRAIT, id="768"), pytest.param(TABLET_LANDSCAPE, id="1024")]


@pytest.fixture(scope="module")
def club_director(server_url):
    """A club and its director, committed for the browser (removed when the module ends)."""
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.models import Session

    from clubs import services
    from clubs.models import Role

    before = set(Session.objects.values_list("session_key", flat=True))
    club = services.club_create(name="平板测试俱乐部")
    user = get_user_model().objects.create_user("director-v3", password="a-long-password-3")
    services.membership_set(club=club, user=user, role=Role.DIRECTOR)
    yield club, user
    Session.objects.exclude(session_key__in=before).delete()
    club.memberships.all().delete() if hasattr(club, "memberships") else None
    try:
        club.delete()
        user.delete()
    except Exception:  # noqa: BLE001 (a protected row: left for the test database's end)
        pass


@pytest.mark.parametrize("viewport", SIZES)
def test_the_record_form_from_the_wizard_is_short(browser, server_url, club_director, viewport):
    """Problem 11: the form asks only what the wizard did not settle — well under half its 4,141 px at 768."""
    club, _user = club_director
    context = browser.new_context(viewport=viewport, locale="zh-CN")
    try:
        page = context.new_page()
        page.goto(server_url + "/accounts/login/")
        page.fill('input[name="username"]', "director-v3")
        page.fill('input[name="password"]', "a-long-password-3")
        with page.expect_navigation():
            page.locator("main form button[type=submit], main form input[type=submit]").first.click()
        assert page.locator(".mainnav .logout").count() == 1, page.locator("main").inner_text()
        facts = as_url_values(one_per_leaf(trees()["revoke"])["offender_won_64a1"])
        page.goto(f"{server_url}/clubs/{club.pk}/rulings/new/?tree=revoke&{urlencode(facts)}")
        assert page.locator("dl.facts-summary").is_visible()
        assert page.locator("details.facts-edit").get_attribute("open") is None
        height = page.evaluate("document.documentElement.scrollHeight")
        parts = page.evaluate(
            """() => [...document.querySelectorAll('main > *, main form > *')].map(e =>
                 e.tagName + '.' + e.className + ':' + Math.round(e.getBoundingClientRect().height))"""
        )
        print(f"\nrecord form at {viewport['width']}: {height} px")
        # measured 1,747 px at 768 and 1,721 at 1024 with the pads (before them: 1,999 and 1,882)
        assert height < 1900, " ".join(p for p in parts if not p.endswith(":0"))
        screenshot(page, f"v3-record-form-{viewport['width']}")
        page.locator("details.facts-edit summary").click()
        assert page.locator('details.facts-edit input[name="fact.established"]').first.is_visible()
    finally:
        context.close()
