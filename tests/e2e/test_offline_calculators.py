"""Issue 19 item 1 in chromium: after "download all" (one bundle), the score pad, IMPs, matchpoints and adjusted
scores answer offline from /offline/tables.json exactly as the server does; a hanging network falls back to the
stored copy after the worker's short timeout; a form sent offline (the language switch) gets the app's offline
page; the app knows when it downloaded and when its copy is stale; the icons are stored."""

from __future__ import annotations

import time
from urllib.parse import urlencode

import pytest

from offline.middleware import PrivateResponsesMiddleware
from tests.e2e.conftest import TABLET_PORTRAIT, screenshot
from tests.e2e.test_offline import CONTROLLED, cached_urls

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

RESULT = "[data-calculator][data-calculator-state='done']"
# The answer as the reader sees it: the result card, error, IMP line or matchpoint table of <main>.
ANSWER = """() => {
  const main = document.querySelector('main');
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const parts = [...main.querySelectorAll('.result-card, .notice.error, p.big-score, table.law-table:not(details table)')]
    .filter(e => !e.closest('form'));
  const top = [...main.querySelectorAll('p')].filter(p => /顶分|top/i.test(p.textContent)).map(p => norm(p.innerText));
  return parts.map(e => norm(e.innerText)).concat(top).join(' | ');
}"""


def _downloaded_context(browser, server_url, locale="zh-CN"):
    """A touch tablet whose rules are downloaded: (context, home page)."""
    context = browser.new_context(
        viewport=TABLET_PORTRAIT, locale=locale, service_workers="allow", has_touch=True
    )
    page = context.new_page()
    page.goto(server_url + "/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.click("[data-offline-download]")
    page.wait_for_selector("[data-offline-pack][data-offline-state]", timeout=120_000)
    return context, page


@pytest.fixture(scope="module")
def downloaded(browser, server_url):
    context, page = _downloaded_context(browser, server_url)
    yield context, page
    context.close()


@pytest.fixture
def offline_page(downloaded, server_url):
    context, _ = downloaded
    page = context.new_page()
    context.set_offline(True)
    yield page
    context.set_offline(False)
    page.close()


def tap(page, name: str, value: str):
    page.locator(f"label:has(input[name='{name}'][value='{value}'])").first.tap()


def answer(page) -> str:
    page.wait_for_selector(RESULT, state="attached", timeout=15_000)
    return page.evaluate(ANSWER)


def test_download_all_is_one_request_and_stores_the_icons(downloaded, http):
    _, page = downloaded
    box = page.locator("[data-offline-pack]")
    assert box.get_attribute("data-offline-state") == "done"
    assert box.get_attribute("data-offline-requests") == "1"
    pack = http("GET", "/offline/pack.json").json()
    assert int(box.get_attribute("data-offline-stored")) == len(pack["urls"])
    stored = set(cached_urls(page))
    for path in (
        "/static/icons/icon.svg",
        "/static/icons/icon-192.png",
        "/favicon.ico",
        "/tools/score/",
        "/tools/imps/",
        "/tools/matchpoints/",
        "/tools/adjusted/",
        "/offline/tables.json",
        "/static/js/pages/calculators.js",
    ):
        assert path in stored, path
    record = page.evaluate("JSON.parse(localStorage.getItem('caipan.offline.pack'))")
    assert record["version"] == pack["version"] and record["at"] > 0 and record["requests"] == 1


def test_score_pad_offline_by_taps(offline_page, server_url):
    page = offline_page
    page.goto(server_url + "/tools/score/")
    assert page.locator("html[data-offline]").count() == 1
    for name, value in (
        ("level", "4"),
        ("strain", "S"),
        ("dbl", "X"),
        ("declarer", "N"),
        ("vulnerability", "NS"),
    ):
        tap(page, name, value)
    tap(page, "tricks", "10")  # the pad sends itself once contract, declarer and tricks are chosen
    text = answer(page)
    assert "南北 790" in text and "东西 -790" in text
    assert "定约墩分 240" in text and "完成加倍定约奖分 50" in text and "成局奖分 500" in text
    assert "4SX 庄家 N · 10 墩 (=)" in text
    assert "level=4" in page.url and "tricks=10" in page.url
    screenshot(page, "offline-score-790-tablet")


def test_score_address_offline_is_answered_by_the_stored_pad(offline_page, server_url):
    page = offline_page
    page.goto(
        server_url
        + "/tools/score/?"
        + urlencode(
            {"level": 4, "strain": "S", "dbl": "X", "declarer": "N", "vulnerability": "NS", "tricks": 10}
        )
    )
    assert "南北 790" in answer(page)
    assert page.locator("input[name=tricks][value='10']").is_checked()
    page.goto(server_url + "/tools/score/?level=3&strain=NT&declarer=S&tricks=9&board=4")
    text = answer(page)
    assert "第4副：发牌人 W，局况 Both" in text and "南北 600" in text


def test_imps_offline(offline_page, server_url):
    page = offline_page
    page.goto(server_url + "/tools/imps/")
    page.fill("#diff", "450")
    page.locator("form.pad button[type=submit]").tap()
    assert "450 → 10 IMP" in answer(page)
    page.goto(server_url + "/tools/imps/?diff=-450")
    assert "-450 → -10 IMP" in answer(page)


def test_matchpoints_offline(offline_page, server_url):
    page = offline_page
    page.goto(server_url + "/tools/matchpoints/")
    page.fill("#scores", "420 420 450 -50 170 420 -100")
    page.locator("form.pad button[type=submit]").tap()
    page.wait_for_selector(RESULT, state="attached")
    rows = page.eval_on_selector_all(
        "[data-calculator-result] tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )
    assert [int(r[1]) for r in rows] == [8, 8, 12, 2, 4, 8, 0]
    assert [r[2] for r in rows][:3] == ["66.67", "66.67", "100.00"]
    assert [r[3:] for r in rows][:3] == [["4", "33.33"], ["4", "33.33"], ["0", "0.00"]]  # EW too (issue 31)
    assert "满分（顶分）12" in answer(page)
    screenshot(page, "offline-matchpoints-tablet")


def test_adjusted_scores_offline(offline_page, server_url):
    page = offline_page
    page.goto(server_url + "/tools/adjusted/")
    form = page.locator("details.method").first
    tap(form, "form", "pairs")
    tap(form, "fault_NS", "direct")
    tap(form, "fault_EW", "none")
    form.locator("button[type=submit]").tap()
    text = answer(page)
    assert "NS：平均减 40.0%" in text and "EW：平均加 60.0%" in text and "12C1、88" in text
    page.goto(
        server_url
        + "/tools/adjusted/?"
        + urlencode(
            {
                "method": "assigned",
                "vulnerability": "NS",
                "NS_contract": "4S",
                "NS_declarer": "S",
                "NS_tricks": "11",
                "EW_contract": "4S",
                "EW_declarer": "S",
                "EW_tricks": "10",
            }
        )
    )
    text = answer(page)
    assert "南北：4S S 11墩 → 650" in text and "东西：4S S 10墩 → -620" in text
    page.goto(server_url + "/tools/adjusted/?method=weighted&vulnerability=NS")
    page.wait_for_selector(RESULT, state="attached")
    assert "需要联网" in page.inner_text("[data-calculator-result]")


PARITY = [
    "/tools/score/?level=4&strain=S&dbl=X&declarer=N&vulnerability=NS&tricks=10",
    "/tools/score/?level=7&strain=NT&dbl=XX&declarer=W&vulnerability=Both&tricks=13",
    "/tools/score/?level=3&strain=H&declarer=E&vulnerability=None&tricks=5",
    "/tools/score/?level=1&strain=C&declarer=S&tricks=7&board=18",
    "/tools/score/?passed=1",
    "/tools/score/?passed=1&declarer=N&tricks=0&vulnerability=EW",
    "/tools/score/?contract=9S&declarer=N&vulnerability=NS&tricks=10",
    "/tools/score/?level=4&strain=S&declarer=N&vulnerability=NS",
    "/tools/score/?level=4&strain=S&declarer=N&tricks=10",
    "/tools/score/?level=4&strain=S&declarer=Q&vulnerability=NS&tricks=10",
    "/tools/score/?level=4&strain=S&declarer=N&vulnerability=NS&tricks=14",
    "/tools/score/?level=4&strain=S&declarer=N&tricks=10&board=0",
    "/tools/imps/?diff=450",
    "/tools/imps/?diff=-5000",
    "/tools/imps/?diff=15",
    "/tools/imps/?diff=abc",
    "/tools/matchpoints/?scores=420+420+450+-50+170+420+-100",
    "/tools/matchpoints/?scores=420",
    "/tools/matchpoints/?scores=420%2C+abc%2C+450",
    "/tools/adjusted/?method=artificial&form=pairs&fault_NS=none&fault_EW=partial&session_NS=63.456",
    "/tools/adjusted/?method=artificial&form=teams&fault_NS=none&fault_EW=direct",
    "/tools/adjusted/?method=artificial&form=pairs&fault_NS=none",
    "/tools/adjusted/?method=artificial&form=pairs&fault_NS=none&fault_EW=none&session_EW=abc",
    "/tools/adjusted/?method=artificial&form=pairs&fault_NS=none&fault_EW=none&session_EW=120",
    "/tools/adjusted/?method=assigned&vulnerability=EW&NS_contract=3NT&NS_declarer=N&NS_tricks=8"
    "&EW_contract=4H&EW_declarer=E&EW_tricks=10",
    "/tools/adjusted/?method=assigned&NS_contract=3NT&NS_declarer=N&NS_tricks=8",
    "/tools/adjusted/?method=assigned&vulnerability=EW&NS_contract=3Z&NS_declarer=N&NS_tricks=8"
    "&EW_contract=4H&EW_declarer=E&EW_tricks=10",
    "/tools/adjusted/?method=bogus",
]


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"])
def test_browser_answers_as_the_server(browser, server_url, locale):
    """Parity on a sample: each address online (the server's page) and offline (the stored pad computing)."""
    server = browser.new_context(viewport=TABLET_PORTRAIT, locale=locale, service_workers="block")
    online = {}
    try:
        page = server.new_page()
        for path in PARITY:
            page.goto(server_url + path)
            online[path] = page.evaluate(ANSWER)
    finally:
        server.close()
    # A tablet that never saw these addresses: its stored pads compute them.
    context, _ = _downloaded_context(browser, server_url, locale=locale)
    try:
        page = context.new_page()
        context.set_offline(True)
        differences = []
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        for path in PARITY:
            page.goto(server_url + path)
            assert page.locator("html[data-offline]").count() == 1, path
            page.wait_for_selector("[data-calculator][data-calculator-state]", state="attached")
            assert page.get_attribute("[data-calculator]", "data-calculator-state") == "done", (path, errors)
            got = answer(page)
            if got != online[path]:
                differences.append(f"{path}\n  server:  {online[path]}\n  browser: {got}")
            assert online[path], path
        assert not differences, "\n".join(differences)
    finally:
        context.close()


@pytest.fixture
def hanging(monkeypatch):
    """The hall's wifi hangs: every dynamic answer of the server waits 8 s (static files still flow)."""
    original = PrivateResponsesMiddleware.__call__
    state = {"on": False}

    def slow(self, request):
        if state["on"]:
            time.sleep(8)
        return original(self, request)

    monkeypatch.setattr(PrivateResponsesMiddleware, "__call__", slow)
    yield state
    state["on"] = False


def test_a_hanging_network_falls_back_to_the_stored_copy(downloaded, server_url, hanging):
    context, _ = downloaded
    page = context.new_page()
    try:
        page.goto(server_url + "/laws/64/")  # online: warm
        hanging["on"] = True
        started = time.monotonic()
        page.goto(server_url + "/laws/27/", timeout=20_000, wait_until="domcontentloaded")
        elapsed = time.monotonic() - started
        assert page.locator("html[data-offline]").count() == 1
        assert page.locator("h1").inner_text().startswith("第27条")
        assert elapsed < 5, elapsed
        started = time.monotonic()
        page.goto(server_url + "/tools/imps/?diff=450", timeout=20_000)
        assert "450 → 10 IMP" in answer(page)  # the pad, and tables.json after the same timeout
        assert time.monotonic() - started < 8
    finally:
        hanging["on"] = False
        page.close()


def test_language_switch_and_forms_offline_show_the_apps_own_page(offline_page, server_url):
    page = offline_page
    page.goto(server_url + "/laws/64/")
    page.locator("form[action$='/i18n/setlang/'] button").first.click()
    page.wait_for_selector("[data-offline-page]")
    assert page.locator("h1").inner_text().startswith("离线")
    assert "需要联网" in page.locator("h1").inner_text()
    assert page.locator("[data-offline-when='stored']").is_visible()
    assert not page.locator("[data-offline-when='none']").is_visible()  # no "download again" to one who did
    assert page.locator("html[data-offline-reason='network']").count() == 1
    screenshot(page, "offline-language-switch-tablet")


def test_the_app_says_when_its_copy_is_stale(browser, server_url):
    context = browser.new_context(viewport=TABLET_PORTRAIT, locale="zh-CN", service_workers="allow")
    try:
        page = context.new_page()
        page.goto(server_url + "/")
        page.evaluate("""localStorage.setItem('caipan.offline.pack', JSON.stringify(
            {stored: 230, total: 230, revision: 1, version: 'an-older-one', at: Date.UTC(2026, 10, 1)}))""")
        page.reload()
        page.wait_for_selector("html[data-offline-stale]")
        status = page.inner_text("[data-offline-status]")
        assert "已过时" in status and "2026" in status
        version = page.evaluate("fetch('/offline/version.json').then(r => r.json())")
        page.evaluate(f"""localStorage.setItem('caipan.offline.pack', JSON.stringify(
            {{stored: 230, total: 230, revision: {version["revision"]}, version: '{version["version"]}',
              at: Date.now()}}))""")
        page.reload()
        page.wait_for_timeout(500)
        assert page.locator("html[data-offline-stale]").count() == 0
        assert "已过时" not in page.inner_text("[data-offline-status]")
    finally:
        context.close()
