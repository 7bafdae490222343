"""The installable app offline, in chromium with its service worker: download everything, pull the network,
and look up a law, search and walk every tree; the offline wizard draws what the server draws; private pages and
POSTs are never kept. Screenshots go to tests/e2e/screenshots/ (offline-*.png)."""

from __future__ import annotations

import struct
from urllib.parse import urlencode

import pytest

from rulings.trees import trees
from tests.e2e.conftest import TABLET_LANDSCAPE, TABLET_PORTRAIT, screenshot
from tests.offline.cases import as_url_values, one_per_leaf, walk

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"


def _downloaded_context(browser, server_url, viewport=TABLET_PORTRAIT, locale="zh-CN"):
    context = browser.new_context(viewport=viewport, locale=locale, service_workers="allow")
    page = context.new_page()
    page.goto(server_url + "/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.click("[data-offline-download]")
    page.wait_for_selector("[data-offline-pack][data-offline-state]", timeout=120_000)
    return context, page


@pytest.fixture(scope="module")
def downloaded(browser, server_url):
    """One tablet whose rules are downloaded: (context, home page)."""
    context, page = _downloaded_context(browser, server_url)
    yield context, page
    context.close()


@pytest.fixture
def offline(downloaded, server_url):
    """A fresh tab on the downloaded tablet, with the network pulled; goto(path) opens a path."""
    context, _ = downloaded
    page = context.new_page()
    context.set_offline(True)

    def goto(path: str):
        page.goto(server_url + path)
        return page

    page.goto_path = goto
    yield page
    context.set_offline(False)
    page.close()


def cached_urls(page) -> list[str]:
    return page.evaluate(
        """async () => { const out = [];
             for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys())
               out.push(new URL(r.url).pathname + new URL(r.url).search);
             return out; }"""
    )


# ------------------------------------------------------------------------------------- installable, download


def test_manifest_icons_and_worker(open_page, http):
    page = open_page("/")
    manifest_url = page.get_attribute('link[rel="manifest"]', "href")
    manifest = http("GET", manifest_url).json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["theme_color"] == page.get_attribute('meta[name="theme-color"]', "content")
    sizes = {}
    for icon in manifest["icons"]:
        body = http("GET", icon["src"]).body
        if icon["type"] == "image/png":
            assert body[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", body[16:24])
            assert f"{width}x{height}" == icon["sizes"]
            sizes[icon["sizes"]] = True
        else:
            assert b"<svg" in body
    assert {"192x192", "512x512"} <= set(sizes)
    page.wait_for_function(CONTROLLED, timeout=30_000)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    assert (
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => new URL(r.scope).pathname)") == "/"
    )


def test_download_all_stores_every_law_the_glossary_the_trees_and_the_corpus(downloaded, http):
    _, page = downloaded
    pack = http("GET", "/offline/pack.json").json()
    box = page.locator("[data-offline-pack]")
    assert box.get_attribute("data-offline-state") == "done"
    assert int(box.get_attribute("data-offline-stored")) == len(pack["urls"])
    assert str(len(pack["urls"])) in page.inner_text("[data-offline-status]")
    stored = set(cached_urls(page))
    for number in range(1, 94):
        assert f"/laws/{number}/" in stored
    for slug in trees():
        assert f"/api/rulings/trees/{slug}/" in stored and f"/rulings/{slug}/" in stored
    for path in [
        "/glossary/",
        "/offline/corpus.json",
        "/offline/tables.json",
        "/offline/wizard.json",
        "/rulings/",
    ]:
        assert path in stored
    screenshot(page, "offline-download-done-tablet")
    # The count survives a reload.
    page.reload()
    assert str(len(pack["urls"])) in page.inner_text("[data-offline-status]")


# ------------------------------------------------------------------------------------------- offline lookups


def test_offline_look_up_a_law_by_number(offline):
    page = offline.goto_path("/")
    assert page.locator("[data-offline-badge]").is_visible()
    page.fill("#goto-big", "27B1")
    page.click(".goto-big button")
    page.wait_for_url("**/laws/27/#27B1")
    assert page.locator('[id="27B1"]').is_visible()
    assert page.locator("h1").inner_text().startswith("第27条")
    assert page.locator("[data-offline-badge]").is_visible()
    screenshot(page, "offline-law-27-tablet")
    # A section link the wizard uses (/laws/<ref>/) redirects offline too.
    page = offline.goto_path("/laws/64A2/")
    page.wait_for_url("**/laws/64/#64A2")


def test_offline_search_in_the_top_bar(offline):
    page = offline.goto_path("/laws/2/")
    box = page.locator("#goto-q")
    box.click()
    box.press_sequentially("藏牌", delay=30)
    item = page.locator("#search-pop .search-item", has_text="第64条")
    item.first.wait_for(state="visible")
    assert page.locator("#search-pop mark", has_text="藏牌").first.is_visible()
    assert page.locator("#search-pop .search-group-head", has_text="术语").is_visible()
    screenshot(page, "offline-search-as-you-type-tablet")
    item.first.click()
    page.wait_for_url("**/laws/64/**")
    assert page.locator("h1").inner_text().startswith("第64条")
    # English and pinyin find the Chinese terms; a reference jumps.
    for query, expected in [("revoke", "藏牌"), ("cangpai", "藏牌"), ("penalty card", "罚张")]:
        box = page.locator("#goto-q")
        box.fill("")
        box.press_sequentially(query, delay=20)
        page.locator("#search-pop .search-item", has_text=expected).first.wait_for(state="visible")
    box.fill("64b6")
    box.press("Enter")
    page.wait_for_url("**/laws/64/#64B6")
    assert page.locator('[id="64B6"]').is_visible()


def test_offline_search_page(offline):
    page = offline.goto_path("/search/?q=罚张")
    page.locator(".search-hit").first.wait_for()
    assert page.locator("h1").inner_text() == "搜索"
    assert "罚张" in page.locator(".search-hit").first.inner_text()
    assert page.locator(".search-count").inner_text().startswith("找到")
    screenshot(page, "offline-search-page-tablet")


def test_offline_search_offers_the_ruling_tree_first(offline):
    page = offline.goto_path("/search/?q=藏牌")
    tree = page.locator(".search-tree").first
    tree.wait_for()
    assert tree.inner_text() == "用裁决向导处理：藏牌 ›"
    tree.click()
    page.wait_for_url("**/rulings/revoke/**")


@pytest.mark.parametrize(
    "slug",
    [
        "insufficient-bid",
        "lead-out-of-turn",
        "revoke",
        "call-out-of-rotation",
        "exposed-card-auction",
        "change-of-call",
        "inadmissible-call",
        "penalty-card",
        "dummy",
        "claim",
        "wrong-cards",
        "unauthorized-information",
        "misinformation",
    ],
)
def test_offline_walk_each_tree_to_a_ruling(offline, slug):
    page = offline.goto_path("/rulings/")
    page.click(f'a[href="/rulings/{slug}/"]')
    for _ in range(20):
        page.wait_for_selector(".ruling-card, a.answer")
        if page.locator(".ruling-card").count():
            break
        assert page.locator("a.answer").first.bounding_box()["height"] >= 44
        page.locator("a.answer").last.click()
        page.wait_for_load_state()
    # Result first (issue 19), as the server's card (tests/e2e/test_wizard.py): the outcome in words, then the law.
    assert page.locator(".ruling-card h1.ruling-summary").inner_text().strip()
    assert page.locator(".ruling-card .ruling-rule").inner_text().startswith("裁决")
    assert page.locator(".ruling-card .script").inner_text().strip()
    assert page.locator("[data-offline-badge]").is_visible()
    screenshot(page, f"offline-wizard-{slug}-ruling")
    if slug == "revoke":
        # The optional facts: contract and tricks give the adjusted score offline too (a 64A1 ruling).
        facts = as_url_values(one_per_leaf(trees()["revoke"])["offender_won_64a1"])
        page = offline.goto_path(f"/rulings/revoke/?{urlencode(facts)}")
        page.wait_for_selector(".ruling-card")
        page.locator("details.adjust summary").click()
        # on the pads, as the server's card (static/js/pages/pads.js): the contract by the call pad, chips for the rest
        form = "details.adjust form"
        page.click(f'{form} .pad-panel button[data-call="4S"]')
        page.click(f'{form} .pad-seat button[data-value="N"]')
        page.click(f'{form} .pad-vulnerability button[data-value="None"]')
        assert page.input_value('input[name="declarer_tricks"]') == "10"  # the contract's tricks
        assert page.locator(f'{form} .pad-seat button[data-value="N"]').inner_text() == "北"
        page.click("details.adjust button[type=submit]")
        page.wait_for_selector('tr[data-field="score_ns"]')
        page.wait_for_function(
            "document.querySelector('tr[data-field=\"score_ns\"] td').textContent.trim() !== '—'"
        )
        screenshot(page, "offline-wizard-revoke-score")


def test_offline_law_sheet_from_a_ruling(offline):
    facts = next(iter(one_per_leaf(trees()["insufficient-bid"]).values()))
    page = offline.goto_path(f"/rulings/insufficient-bid/?{urlencode(as_url_values(facts))}")
    page.wait_for_selector(".ruling-card")
    url = page.url
    page.locator(".ruling-card a[data-sheet-ref]").first.click()
    page.wait_for_selector("#sheet:not([hidden])")
    assert page.locator("#sheet-title").inner_text().startswith("第")
    assert page.url == url


def test_not_downloaded_page_shows_the_offline_page(offline):
    page = offline.goto_path("/accounts/login/")
    assert page.locator("h1").inner_text().startswith("离线")
    assert page.locator("[data-offline-badge]").is_visible()
    screenshot(page, "offline-page-not-downloaded")
    page = offline.goto_path("/clubs/")
    assert page.locator("h1").inner_text().startswith("离线")


# ---------------------------------------------------------------------- the offline wizard = the server's


SNAPSHOT = """() => {
  const main = document.querySelector('main');
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  return {
    title: document.title,
    text: norm(main.innerText),
    links: [...main.querySelectorAll('a')].map(a => [a.getAttribute('href'), a.className, norm(a.textContent),
                                                     a.getAttribute('data-sheet-ref')]),
    structure: [...main.querySelectorAll('*')].map(e => e.tagName + '.' + e.className),
    script: main.querySelector('.script') ? main.querySelector('.script').innerHTML : null,
    fields: [...main.querySelectorAll('input, select, button')].map(e => [e.tagName, e.name, e.type, e.value,
                                                                         e.selected || e.checked || false]),
  };
}"""
DRAWN = ".ruling-card, .question, .notice.error"


def _explain(differences) -> str:
    """The first difference of each kind, as a unified diff."""
    import difflib

    out = [f"{len(differences)} page(s) differ"]
    for url, parts in differences[:2]:
        out.append(url)
        for key, (expected, got) in parts.items():
            a = expected if isinstance(expected, list) else str(expected).split("。")
            b = got if isinstance(got, list) else str(got).split("。")
            out += list(
                difflib.unified_diff(
                    [str(x) for x in a], [str(x) for x in b], key + " (server)", key + " (offline)", n=1
                )
            )
    return "\n".join(out)


def _wizard_urls() -> list[str]:
    urls = []
    for slug, tree in trees().items():
        for facts in one_per_leaf(tree).values():
            urls.append(f"/rulings/{slug}/?{urlencode(as_url_values(facts))}")
        seen = set()
        for state in walk(tree):  # one state per question node
            if state.status == "question" and state.node not in seen:
                seen.add(state.node)
                query = urlencode(as_url_values(state.facts))
                urls.append(f"/rulings/{slug}/?{query}" if query else f"/rulings/{slug}/?start=1")
    revoke = one_per_leaf(trees()["revoke"])["offender_won_64a1"]
    extra = {"contract": "4SX", "declarer": "E", "vulnerability": "Both", "declarer_tricks": "3"}
    urls.append(f"/rulings/revoke/?{urlencode(as_url_values({**revoke, **extra}))}")
    urls.append(f"/rulings/revoke/?{urlencode(as_url_values({**revoke, 'contract': '9S', 'declarer': 'N'}))}")
    urls.append("/rulings/revoke/?established=true&offending_side_tricks_after_revoke_trick=40")
    urls.append("/rulings/lead-out-of-turn/?phase=play&offender=declarer&offender=defender")
    return urls


def _differences(context, online, server_url, urls):
    """Each URL the server page (online) and the offline shell (context, network pulled) draw differently."""
    page = context.new_page()
    context.set_offline(True)
    try:
        differences = []
        for url in urls:
            online.goto(server_url + url)
            expected = online.evaluate(SNAPSHOT)
            page.goto(server_url + url)
            page.wait_for_selector(DRAWN)
            assert page.locator("html[data-offline]").count() == 1, url  # drawn by the offline shell
            got = page.evaluate(SNAPSHOT)
            if got != expected:
                differences.append(
                    (url, {k: (expected[k], got[k]) for k in expected if expected[k] != got[k]})
                )
        return differences
    finally:
        context.set_offline(False)
        page.close()


def test_offline_wizard_pages_equal_the_server_pages(downloaded, open_page, server_url):
    """Every leaf and every question of every tree, plus the score and two errors: the page the browser draws
    offline has the same text, links, elements, script HTML and form fields as the server's page."""
    context, _ = downloaded
    online = open_page("/", service_workers="block")
    urls = _wizard_urls()
    differences = _differences(context, online, server_url, urls)
    assert not differences, _explain(differences)
    assert len(urls) >= 33 + 30


def test_offline_wizard_pages_equal_the_server_pages_in_english(browser, server_url):
    """A tablet reading the site in English (its browser asks for it): the same pages, the shell's labels and
    the errors' messages in English too (the server's FieldError.text, the browser's catalogue)."""
    context, _ = _downloaded_context(browser, server_url, locale="en-US")
    online_context = browser.new_context(viewport=TABLET_PORTRAIT, locale="en-US", service_workers="block")
    try:
        online = online_context.new_page()
        online.goto(server_url + next(url for url in _wizard_urls() if "9S" in url))
        assert online.get_attribute("html", "lang") == "en"
        # The field by its question (core.errors), never its API key "contract".
        assert online.inner_text(".notice.error").startswith(
            "Invalid input (“The final contract (e.g. 4S, 3NTX)”): Contract level must be"
        )
        differences = _differences(context, online, server_url, _wizard_urls())
        assert not differences, _explain(differences)
    finally:
        online_context.close()
        context.close()


# -------------------------------------------------------------------------------------------- day and night


def test_theme_toggle_is_remembered(open_page):
    page = open_page("/laws/64/", color_scheme="light")
    toggle = page.locator("[data-theme-toggle]")
    assert toggle.get_attribute("aria-pressed") == "false"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    toggle.click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != background
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(18, 20, 23)"
    screenshot(page, "dark-law-64-tablet")
    page.locator("[data-theme-toggle]").click()
    assert page.evaluate("localStorage.getItem('caipan.theme')") == "light"
    # The system's dark mode with the manual choice "light": light wins.
    dark = open_page("/glossary/", color_scheme="dark")
    assert dark.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(18, 20, 23)"
    dark.evaluate("localStorage.setItem('caipan.theme', 'light')")
    dark.reload()
    assert dark.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 250, 247)"


def test_offline_screens_in_the_dark_at_landscape(browser, server_url):
    context, page = _downloaded_context(browser, server_url, TABLET_LANDSCAPE)
    try:
        page.evaluate("localStorage.setItem('caipan.theme', 'dark')")
        context.set_offline(True)
        page.goto(server_url + "/rulings/revoke/?established=true&on_trick_12=false&revoker=defender")
        page.wait_for_selector(DRAWN)
        screenshot(page, "offline-dark-wizard-question-landscape")
        page.goto(server_url + "/laws/64/")
        screenshot(page, "offline-dark-law-64-landscape")
    finally:
        context.close()
