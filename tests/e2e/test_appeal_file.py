"""The appeal file in chromium (issue 30): a hesitation case from the deal picked by taps (the fourth hand fills
itself) and the auction by the call pad, through the double-dummy aid, the lead, the table result, the judged
results and the poll (its problem drafted from the deal and auction), and saving, to the printed appeal file.

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
        assert page.locator(
            '.auction-pad [data-call="X"]'
        ).is_disabled()  # South may not double partner's bid
        for call in ["4S", "Pass", "Pass", "Pass"]:
            page.click(f'.auction-pad [data-call="{call}"]')
        assert page.locator('.auction-pad [data-call="Pass"]').is_disabled()
        # The double-dummy aid: pending, then the table (each side takes 13 tricks in its two suits).
        page.click('[data-action="double-dummy"]')
        page.wait_for_selector(".dd-table", timeout=30_000)
        assert "1510" in page.locator(".dd-box").inner_text()
        # The lead, the table result and two results the director judged (South declares 4♠ on this board).
        page.fill('[data-field="lead"]', "♥A")
        page.fill('[data-field="table_result.contract"]', "4S")
        page.select_option('[data-field="table_result.declarer"]', "N")
        page.fill('[data-field="table_result.tricks"]', "13")
        for index, (contract, tricks) in enumerate((("2S", 13), ("4S", 13))):
            page.click('[data-action="add-result"]')
            page.fill(f'[data-field="results[{index}].contract"]', contract)
            page.select_option(f'[data-field="results[{index}].declarer"]', "N")
            page.fill(f'[data-field="results[{index}].tricks"]', str(tricks))
        page.check('[data-field="results[0].EW.likely"]')
        assert page.locator(
            '[data-field="results[0].EW.at_all_probable"]'
        ).is_checked()  # likely is probable too
        page.check('[data-field="results[1].NS.at_all_probable"]')
        # The poll: the problem drafted from the deal and auction (South after North's slow 1♠), the action taken
        # and a pollee's call and considered calls by the poll's call pad.
        page.fill('[data-field="poll.standard"]', "俱乐部中级")
        page.click('[data-action="draft-problem"]')
        problem = page.locator('[data-field="poll.problem"]').input_value()
        assert "你坐南" in problem and "北 1♠（停顿约12秒后）" in problem and "南 ？" in problem
        page.click('[data-field="poll.action"]')
        page.click('.poll-pad [data-call="4S"]')
        page.click('[data-action="add-pollee"]')
        page.fill('[data-field="poll.pollees[0].name"]', "张三")
        page.click('.poll-pad [data-call="2S"]')  # a new pollee's call is the pad's target
        page.click('[data-field="poll.pollees[0].considered"]')
        page.click('.poll-pad [data-call="4S"]')
        page.fill('[data-field="poll.pollees[0].suggests"]', "停顿暗示北家有额外实力")
        page.click('[data-action="save"]')
        page.wait_for_function("document.querySelector('.appeal-status').textContent.includes('已保存')")
        # The scores are the server's, shown after saving, with the IMPs against the table result.
        page.wait_for_function("document.querySelector('[data-score=\"0\"]').textContent.includes('IMP')")
        assert "+260" in page.locator('[data-score="0"]').inner_text()  # 2♠+5 against 4♠+3: 250 points
        assert "−6 IMP" in page.locator('[data-score="0"]').inner_text()
        assert page.locator("[data-reading]").count() == 1
        stored = RulingRecord.objects.get(pk=record.pk).appeal_file
        assert stored["lead"] == "HA"
        assert stored["table_result"]["contract"] == "4S" and stored["table_result"]["score_ns"] == 510
        assert [(r["contract"], r["EW"], r["NS"]["at_all_probable"]) for r in stored["results"]] == [
            ("2S", {"likely": True, "at_all_probable": True}, False),
            ("4S", {"likely": False, "at_all_probable": False}, True),
        ]
        poll = stored["poll"]
        assert poll["action"] == "4S" and poll["standard"] == "俱乐部中级" and "你坐南" in poll["problem"]
        assert poll["pollees"] == [
            {
                "name": "张三",
                "standard": "俱乐部中级",
                "call": "2S",
                "considered": ["4S"],
                "suggests": "停顿暗示北家有额外实力",
            }
        ]
        assert stored["deal"]["hands"]["W"] == "CAKQJ1098765432"
        assert [c["call"] for c in stored["auction"]["calls"]][:3] == ["1D", "Pass", "1S"]
        assert stored["auction"]["tempo"] == {"call": 2, "seconds": 12, "status": "disputed"}
        # The printed file, from the record page.
        page.goto(server_url + f"/clubs/{club.pk}/rulings/{record.number}/")
        page.click(f'a[href="/clubs/{club.pk}/rulings/{record.number}/appeal-file/"]')
        text = page.locator("article.a4").inner_text()
        assert "AKQJ1098765432" in text and "⏸" in text and "有争议" in text
        assert "双明手分析" in text  # solved once already: the page shows it without waiting
        assert "张三" in text and "停顿约12秒后" in text and "俱乐部中级" in text
    finally:
        context.close()
