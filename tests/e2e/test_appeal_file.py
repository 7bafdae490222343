"""The appeal file in chromium (issue 30): a hesitation case from the deal picked by taps (the fourth hand fills
itself) and the auction by the call pad, through the double-dummy aid and saving, to the printed appeal file.

Signing in and saving write from the live server's thread, so this module holds no test transaction: its club,
director and record are committed by a fixture and removed when the module ends.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session

from tests.e2e.conftest import TABLET_LANDSCAPE

pytestmark = [pytest.mark.e2e]

PASSWORD = "a-long-password-30"


@pytest.fixture(scope="module")
def ruling(server_url):
    from clubs import services
    from clubs.history import club_log_erase
    from clubs.models import Role

    before = set(Session.objects.values_list("session_key", flat=True))
    user = get_user_model().objects.create_user("director-appeal", password=PASSWORD)
    club = services.club_create(name="仲裁卷宗测试俱乐部")
    services.membership_set(club=club, user=user, role=Role.DIRECTOR)
    record = services.ruling_create(
        club=club,
        by=user,
        event="周五双人赛",
        date=datetime.date(2026, 11, 20),
        board=3,
        irregularity="other",
        laws=["16A"],
        statement="北家在 1♦ 之后停顿。",
    )
    yield club, record
    club_log_erase([club])
    Session.objects.exclude(session_key__in=before).delete()
    user.delete()


def test_from_taps_to_the_printed_file(browser, server_url, ruling):
    from clubs.models import RulingRecord

    club, record = ruling
    context = browser.new_context(viewport=TABLET_LANDSCAPE, locale="zh-CN")
    try:
        page = context.new_page()
        page.goto(server_url + "/accounts/login/")
        page.fill('input[name="username"]', "director-appeal")
        page.fill('input[name="password"]', PASSWORD)
        page.locator("main form button[type=submit], main form input[type=submit]").first.click()
        page.wait_for_load_state()
        page.goto(server_url + f"/clubs/{club.pk}/rulings/{record.number}/appeal-file/edit/")
        # The card picker: North all the spades, East the hearts, South the diamonds; West fills itself.
        for seat, suit in (("N", "S"), ("E", "H"), ("S", "D")):
            page.click(f'[data-seat="{seat}"]')
            for rank in ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]:
                page.click(f'[data-card="{suit}{rank}"]')
        page.click('[data-seat="W"]')
        assert page.locator('[data-card="CA"][aria-pressed="true"]').count() == 1
        assert page.locator('[data-card="SA"]').is_disabled()
        # The call pad from the dealer (board 3: South): 1♦ P 1♠ (after a break) P 4♠ P P P. X is not legal over
        # partner's bid; after the final pass nothing is.
        for call in ["1D", "Pass", "1S"]:
            page.click(f'.auction-pad [data-call="{call}"]')
        assert page.locator('.auction-pad [data-call="1C"]').is_disabled()  # insufficient
        assert not page.locator('.auction-pad [data-call="X"]').is_disabled()  # East may double North's 1♠
        page.click('.auction-grid td[data-index="2"]')
        page.fill('[data-field="seconds"]', "12")
        page.select_option('[data-field="status"]', "disputed")
        page.click('[data-action="tempo"]')
        page.click('.auction-pad [data-call="Pass"]')
        assert page.locator('.auction-pad [data-call="X"]').is_disabled()  # South may not double partner's bid
        for call in ["4S", "Pass", "Pass", "Pass"]:
            page.click(f'.auction-pad [data-call="{call}"]')
        assert page.locator('.auction-pad [data-call="Pass"]').is_disabled()
        # The double-dummy aid: pending, then the table (each side takes 13 tricks in its two suits).
        page.click('[data-action="double-dummy"]')
        page.wait_for_selector(".dd-table", timeout=30_000)
        assert "1510" in page.locator(".dd-box").inner_text()
        page.click('[data-action="save"]')
        page.wait_for_function("document.querySelector('.appeal-status').textContent.includes('已保存')")
        stored = RulingRecord.objects.get(pk=record.pk).appeal_file
        assert stored["deal"]["hands"]["W"] == "CAKQJ1098765432"
        assert [c["call"] for c in stored["auction"]["calls"]][:3] == ["1D", "Pass", "1S"]
        assert stored["auction"]["tempo"] == {"call": 2, "seconds": 12, "status": "disputed"}
        # The printed file, from the record page.
        page.goto(server_url + f"/clubs/{club.pk}/rulings/{record.number}/")
        page.click(f'a[href="/clubs/{club.pk}/rulings/{record.number}/appeal-file/"]')
        text = page.locator("article.a4").inner_text()
        assert "AKQJ1098765432" in text and "⏸" in text and "有争议" in text
        assert "双明手分析" in text  # solved once already: the page shows it without waiting
    finally:
        context.close()
