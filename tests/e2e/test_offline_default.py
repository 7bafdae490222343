"""Offline by default (issue 31, problem 1): a tablet that never tapped "download all" keeps working when the
hall's wifi drops. The first visit installs the worker, which keeps the tree being walked at once and downloads
the reader's pack in the background; the top bar says so quietly without taking width from the search box; a page
that cannot work offline offers 上一步 and 重试. At 768×1024 and 1024×768, in chromium."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import TABLET_LANDSCAPE, TABLET_PORTRAIT, screenshot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
SIZES = [pytest.param(TABLET_PORTRAIT, id="768"), pytest.param(TABLET_LANDSCAPE, id="1024")]


@pytest.fixture
def tablet(browser, server_url):
    contexts = []

    def make(viewport, locale="zh-CN"):
        context = browser.new_context(
            viewport=viewport, locale=locale, service_workers="allow", has_touch=True
        )
        contexts.append(context)
        return context, context.new_page()

    yield make
    for context in contexts:
        context.close()


def _tap_answer(page, index=-1):
    try:
        page.wait_for_selector(".ruling-card, a.answer", timeout=8000)
    except Exception:
        raise AssertionError(page.url + "\n" + page.locator("body").inner_text()[:1500]) from None
    if page.locator(".ruling-card").count():
        return False
    page.locator("a.answer").nth(index).tap()
    page.wait_for_load_state()
    return True


@pytest.mark.parametrize("viewport", SIZES)
def test_wifi_drops_mid_walk_without_download(tablet, server_url, viewport):
    """Open the claim tree straight away (the first visit), answer once, pull the network: the walk finishes."""
    context, page = tablet(viewport)
    page.goto(server_url + "/rulings/claim/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    _tap_answer(page, 0)
    # What this page needs to finish offline is kept as soon as it opens (well within the second a director reads).
    page.wait_for_selector("html[data-offline-warm]", state="attached", timeout=10_000)
    context.set_offline(True)
    for _ in range(25):
        if not _tap_answer(page):
            break
    assert page.locator(".ruling-card h1.ruling-summary").inner_text().strip()
    assert page.locator("[data-offline-badge]").is_visible()
    assert page.locator("[data-offline-badge]").get_attribute("data-state") == "offline"
    screenshot(page, f"offline-default-claim-{viewport['width']}")
    context.set_offline(False)


@pytest.mark.parametrize("viewport", SIZES)
def test_background_download_then_unvisited_pages_offline(tablet, server_url, viewport):
    """No tap on "download all": the bar says 已可离线, and a law page, a search and another tree never opened work
    offline."""
    context, page = tablet(viewport)
    page.goto(server_url + "/laws/27/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.wait_for_selector('[data-net-status][data-state="ready"]', timeout=60_000)
    status = page.locator("[data-net-status]")
    assert status.inner_text().strip().endswith("已可离线")
    box = page.locator("#goto-q").bounding_box()
    page.evaluate("document.querySelector('[data-net-status]').hidden = true")
    assert (
        page.locator("#goto-q").bounding_box()["width"] == box["width"]
    )  # the status takes no width from it
    page.evaluate("document.querySelector('[data-net-status]').hidden = false")
    screenshot(page, f"offline-default-ready-{viewport['width']}")
    # The home page's download box knows the pack is on the device.
    page.goto(server_url + "/")
    page.wait_for_function(
        "document.querySelector('[data-offline-status]').textContent.includes('本机已存储')"
    )
    # polish 15: the button says it is done, and what a tap does now
    assert page.locator("[data-offline-download]").inner_text().startswith("已下载 ✓")
    context.set_offline(True)
    page.goto(server_url + "/laws/70/")
    assert "70" in page.locator("main h1").inner_text()
    page.goto(server_url + "/rulings/revoke/")
    for _ in range(25):
        if not _tap_answer(page):
            break
    assert page.locator(".ruling-card h1.ruling-summary").inner_text().strip()
    assert page.locator('[data-net-status][data-state="offline"]').is_visible()
    context.set_offline(False)


def test_english_status_and_update_state(tablet, server_url):
    context, page = tablet(TABLET_LANDSCAPE, locale="en")
    page.goto(server_url + "/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.wait_for_selector('[data-net-status][data-state="ready"]', timeout=60_000)
    assert page.locator("[data-net-status]").inner_text().strip().endswith("Offline ready")
    # A new version on the server: the device's note is older, so the next page updates it in the background.
    page.evaluate(
        """async () => { const c = await caches.open('caipan-pages-v1');
             const r = await (await c.match('/offline/device.json')).json();
             r.version = 'older'; await c.put('/offline/device.json', new Response(JSON.stringify(r))); }"""
    )
    states = []
    page.expose_function("noteState", lambda state: states.append(state))
    page.add_init_script(
        "document.addEventListener('caipan:offline-pack', e => window.noteState(e.detail.state))"
    )
    page.goto(server_url + "/laws/64/")
    page.wait_for_function(
        "document.querySelector('[data-net-status]').dataset.state === 'ready'", timeout=60_000
    )
    page.wait_for_function("document.querySelector('[data-net-status]').textContent.includes('Updated')")
    assert "updating" in states


@pytest.mark.parametrize("viewport", SIZES)
def test_a_page_that_needs_the_network_offers_back_and_retry(tablet, server_url, viewport):
    context, page = tablet(viewport)
    page.goto(server_url + "/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.wait_for_selector('[data-net-status][data-state="ready"]', timeout=60_000)
    context.set_offline(True)
    page.goto(server_url + "/clubs/")
    assert page.locator("h1").inner_text().startswith("离线")
    assert (
        page.locator("[data-offline-back]").is_visible() and page.locator("[data-offline-retry]").is_visible()
    )
    page.locator("[data-offline-back]").tap()
    page.wait_for_url(server_url + "/")
    # The offline wizard's own dead end: a tree whose JSON is not on the device.
    page.evaluate(
        "async () => { const c = await caches.open('caipan-pages-v1'); await c.delete('/offline/wizard.json'); }"
    )
    page.goto(server_url + "/rulings/claim/?x=1")
    page.wait_for_selector("[data-offline-retry]")
    assert page.locator("[data-offline-back]").is_visible()
    screenshot(page, f"offline-default-missing-{viewport['width']}")
    context.set_offline(False)


def test_offline_score_result_is_in_view_at_1024(tablet, server_url):
    """Problem 3: offline at 1024×768, the score pad's last tap puts the answer on screen, not above it."""
    context, page = tablet(TABLET_LANDSCAPE)
    page.goto(server_url + "/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.wait_for_selector('[data-net-status][data-state="ready"]', timeout=60_000)
    context.set_offline(True)
    page.goto(server_url + "/tools/score/")
    for name, value in (
        ("level", "4"),
        ("strain", "S"),
        ("dbl", "X"),
        ("declarer", "N"),
        ("vulnerability", "NS"),
    ):
        page.locator(f"label:has(input[name='{name}'][value='{value}'])").first.tap()
    page.locator("label:has(input[name='tricks'][value='10'])").first.tap()
    page.wait_for_selector("[data-offline-result]", state="attached", timeout=15_000)
    page.wait_for_timeout(300)
    box = page.locator("[data-offline-result]").first.bounding_box()
    bar = page.locator(".topbar").bounding_box()
    assert box["y"] >= bar["height"] - 1 and box["y"] < 768, box
    assert "790" in page.locator("[data-offline-result]").first.inner_text()
    screenshot(page, "offline-default-score-1024")
    context.set_offline(False)
