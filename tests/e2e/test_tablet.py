"""Tablet comfort and accessibility basics across the main pages, in chromium.

No sideways scrolling at 768×1024, 1024×768 and 390×844 (the pages the other e2e files do not already cover,
plus the open search box and the dark theme); touch targets of at least 44 px; one h1 and no skipped heading
level; a label for every field; Tab follows the page order and always shows where it is.
The colours' contrast is computed from the CSS in tests/offline/test_contrast.py.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from rulings.trees import trees
from tests.e2e.conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, horizontal_overflow, screenshot
from tests.offline.cases import as_url_values, one_per_leaf

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

VIEWPORTS = [TABLET_PORTRAIT, TABLET_LANDSCAPE, PHONE]
VIEWPORT_IDS = ["768x1024", "1024x768", "390x844"]


def revoke_ruling() -> str:
    facts = as_url_values(one_per_leaf(trees()["revoke"])["offender_won_64a1"])
    facts.update({"contract": "4S", "declarer": "N", "vulnerability": "None", "declarer_tricks": "10"})
    return f"/rulings/revoke/?{urlencode(facts)}"


MAIN_PAGES = [
    "/",
    "/laws/64/",
    "/glossary/",
    "/search/?q=藏牌",
    "/rulings/",
    "/rulings/revoke/?established=true",
    revoke_ruling(),
    "/tools/score/",
    "/practice/",
]
# Pages no other e2e file checks for sideways scrolling.
NEW_FOR_OVERFLOW = [
    "/search/?q=藏牌",
    revoke_ruling(),
    "/practice/",
    "/offline/",
    "/offline/search/?q=罚张",
    "/offline/wizard/",
    "/chapters/5/",
]


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=VIEWPORT_IDS)
@pytest.mark.parametrize("path", NEW_FOR_OVERFLOW)
def test_no_horizontal_scroll(open_page, path, viewport):
    page = open_page(path, viewport)
    assert horizontal_overflow(page) <= 0


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=VIEWPORT_IDS)
def test_no_horizontal_scroll_with_the_search_box_open_and_in_the_dark(open_page, viewport):
    page = open_page("/laws/27/", viewport, color_scheme="dark")
    page.locator("#goto-q").click()
    page.locator("#goto-q").press_sequentially("藏牌", delay=20)
    page.locator("#search-pop .search-item").first.wait_for(state="visible")
    assert horizontal_overflow(page) <= 0
    box = page.locator("#search-pop").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]


SMALL_TARGETS = """() => {
  const inline = (e) => {
    // A link inside running text (a law reference in a paragraph) is exempt, as WCAG 2.5.8 allows.
    const style = getComputedStyle(e);
    if (e.tagName !== 'A' || !style.display.startsWith('inline') || style.display === 'inline-flex' ||
        style.display === 'inline-block') return false;
    const parent = e.parentElement;
    return parent.textContent.replace(/\\s+/g, '').length > e.textContent.replace(/\\s+/g, '').length;
  };
  return [...document.querySelectorAll('header a, header button, header input, main a, main button, main input, main select, main textarea, main summary')]
    .filter((e) => e.offsetParent !== null && e.type !== 'hidden' && !e.closest('[hidden], .visually-hidden'))
    // A field a pad stands for (static/js/pages/pads.js): out of sight and Tab; the pad's buttons are the targets.
    .filter((e) => !e.classList.contains('pad-field'))
    .filter((e) => !inline(e))
    // A radio or checkbox drawn as a big tile: the tile (its label) is what the finger hits.
    .map((e) => (e.type === 'radio' || e.type === 'checkbox') && e.closest('label') ? e.closest('label') : e)
    .map((e) => { const r = e.getBoundingClientRect();
                  return [e.tagName + '.' + e.className, e.textContent.trim().slice(0, 24), Math.round(r.width), Math.round(r.height)]; })
    .filter(([, , w, h]) => w < 44 || h < 44);
}"""


@pytest.mark.parametrize("path", MAIN_PAGES)
def test_touch_targets_are_at_least_44px(open_page, path):
    page = open_page(path, TABLET_PORTRAIT)
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert page.evaluate(SMALL_TARGETS) == []


HEADINGS_AND_LABELS = """() => {
  const visible = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(visible).map(e => +e.tagName[1]);
  const skipped = levels.filter((level, i) => i > 0 && level > levels[i - 1] + 1);
  const unlabelled = [...document.querySelectorAll('input, select, textarea')]
    .filter(e => e.type !== 'hidden')
    .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
    .map(e => e.name || e.id);
  const nameless = [...document.querySelectorAll('a[href], button')].filter(visible)
    .filter(e => !e.textContent.trim() && !e.getAttribute('aria-label') && !e.getAttribute('title'))
    .map(e => e.outerHTML.slice(0, 60));
  return {lang: document.documentElement.lang, h1: levels.filter(l => l === 1).length, first: levels[0],
          skipped, unlabelled, nameless,
          positiveTabindex: [...document.querySelectorAll('[tabindex]')].filter(e => +e.getAttribute('tabindex') > 0).length};
}"""


@pytest.mark.parametrize("path", MAIN_PAGES + ["/offline/", "/offline/search/?q=罚张"])
def test_headings_labels_and_names(open_page, path):
    page = open_page(path, TABLET_PORTRAIT)
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    report = page.evaluate(HEADINGS_AND_LABELS)
    assert report["lang"].startswith("zh")
    assert report["h1"] == 1 and report["first"] == 1, report
    assert report["skipped"] == [], report
    assert report["unlabelled"] == [], report
    assert report["nameless"] == [], report
    assert report["positiveTabindex"] == 0


FOCUS = """() => {
  const e = document.activeElement;
  const s = getComputedStyle(e);
  const all = [...document.querySelectorAll('a[href], button, input, select, textarea, summary')]
    .filter(x => x.type !== 'hidden');
  return {index: all.indexOf(e), tag: e.tagName, text: (e.textContent || e.value || '').trim().slice(0, 20),
          outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
          shadow: s.boxShadow !== 'none', inView: e.getBoundingClientRect().left >= 0};
}"""


@pytest.mark.parametrize("path", ["/", "/laws/64/", "/rulings/revoke/?established=true", revoke_ruling()])
def test_tab_order_follows_the_page_and_focus_is_visible(open_page, path):
    page = open_page(path, TABLET_PORTRAIT)
    seen = []
    for _ in range(24):
        page.keyboard.press("Tab")
        state = page.evaluate(FOCUS)
        if state["tag"] == "BODY":
            break  # past the last control
        assert state["outline"] or state["shadow"], state  # always visible where the focus is
        assert state["inView"], state
        seen.append(state)
    assert seen[0]["text"] == "跳到正文"  # the skip link comes first, and shows itself
    indices = [s["index"] for s in seen if s["index"] >= 0]
    assert indices == sorted(indices), [(s["tag"], s["text"]) for s in seen]
    if path == "/":
        page.keyboard.press("Shift+Tab")
    screenshot_name = "focus-" + ("home" if path == "/" else "law-64" if "laws" in path else "wizard")
    if "declarer_tricks" not in path:
        screenshot(page, screenshot_name + "-tablet")


def test_skip_link_jumps_to_the_content(open_page):
    page = open_page("/laws/27/", TABLET_PORTRAIT)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#main"


@pytest.mark.parametrize("viewport", [TABLET_PORTRAIT, TABLET_LANDSCAPE], ids=["portrait", "landscape"])
def test_screenshots_of_the_main_pages(open_page, viewport):
    """Saved for the reviewer (var/screenshots/): the main pages at tablet size, both orientations."""
    name = "portrait" if viewport == TABLET_PORTRAIT else "landscape"
    for path, label in [
        ("/", "home"),
        ("/glossary/", "glossary"),
        ("/search/?q=罚张", "search"),
        ("/rulings/revoke/?established=true", "wizard-question"),
        (revoke_ruling(), "wizard-ruling"),
    ]:
        page = open_page(path, viewport)
        assert horizontal_overflow(page) <= 0
        screenshot(page, f"{label}-{name}")


# ---------------------------------------------------------------------------------------------------------
# Issue 19: the tablet layout at 768×1024, 1024×768 and 390×844, in Chinese and in English.

LANGS = {"zh": "zh-CN", "en": "en-US"}
SIZES = {"768x1024": TABLET_PORTRAIT, "1024x768": TABLET_LANDSCAPE, "390x844": PHONE}
SIZE_LANG = [(size, lang) for size in SIZES for lang in LANGS]
SIZE_LANG_IDS = [f"{size}-{lang}" for size, lang in SIZE_LANG]


def review_ruling() -> str:
    """The review's walk 2a with its adjusted score: 4♠ by S, NS vulnerable, 9 tricks → 11, NS 650."""
    facts = {
        "established": "true",
        "on_trick_12": "false",
        "revoker": "defender",
        "subsequent_revoke_same_suit_same_player": "false",
        "failure_to_play_faced_card": "false",
        "noticed_after_nos_called_next_deal": "false",
        "noticed_after_round_ended": "false",
        "both_sides_revoked": "false",
        "offender_won_revoke_trick": "true",
        "offending_side_tricks_after_revoke_trick": "1",
        "contract": "4S",
        "declarer": "S",
        "vulnerability": "NS",
        "declarer_tricks": "9",
        "revoking_side": "defending",
    }
    return f"/rulings/revoke/?{urlencode(facts)}"


@pytest.fixture
def open_in(open_page):
    """open_in(path, size, lang) → a touch page at that size, its UI in that language (Accept-Language)."""

    def open_(path: str, size: str = "768x1024", lang: str = "zh", **context_args):
        return open_page(path, SIZES[size], locale=LANGS[lang], has_touch=True, **context_args)

    return open_


LAYOUT_PAGES = [
    "/",
    "/laws/27/",
    review_ruling(),
    "/rulings/revoke/?established=true&on_trick_12=false&revoker=defender",
    "/tools/score/?level=4&strain=S&dbl=X&declarer=N&vulnerability=NS&tricks=10",
]


@pytest.mark.parametrize(("size", "lang"), SIZE_LANG, ids=SIZE_LANG_IDS)
def test_no_overflow_and_no_small_targets_at_every_size_in_both_languages(open_in, size, lang):
    """No sideways scrolling, and no tap target under 44 px: every link, button, field and summary in the top bar
    and the page counts, except a link inside running text (a law reference within a sentence, WCAG 2.5.8's
    inline exception: the link is display:inline and its parent holds more text than the link)."""
    page = open_in("/", size, lang)
    for path in LAYOUT_PAGES:
        page.goto(page.url.split("/", 3)[0] + "//" + page.url.split("/", 3)[2] + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        assert page.evaluate("document.documentElement.lang").startswith(lang), path
        assert horizontal_overflow(page) <= 0, path
        assert page.evaluate(SMALL_TARGETS) == [], path


@pytest.mark.parametrize(("size", "lang"), SIZE_LANG, ids=SIZE_LANG_IDS)
def test_a_section_jump_shows_its_heading_below_the_bar(open_in, size, lang):
    page = open_in("/laws/27/#27B1", size, lang)
    page.wait_for_function("getComputedStyle(document.documentElement).getPropertyValue('--bar-h') !== ''")
    bar = page.locator(".topbar").bounding_box()
    head = page.locator('[id="27B1"] > .node-head').bounding_box()
    assert head["y"] >= bar["y"] + bar["height"], (bar, head)  # not under the sticky bar
    assert head["y"] + head["height"] <= SIZES[size]["height"]  # and on screen
    bar_var = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--bar-h')")
    assert bar_var.strip() == f"{round(bar['height'])}px"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ["768x1024", "1024x768"])
def test_the_top_bar_is_one_slim_row_on_tablets_even_with_the_offline_badge(open_in, size, lang):
    page = open_in("/", size, lang)
    page.evaluate("document.querySelector('[data-offline-badge]').hidden = false")
    one_row = page.evaluate(
        """() => { const boxes = [...document.querySelectorAll('.topbar > *')]
                     .filter(e => e.offsetParent !== null && getComputedStyle(e).position !== 'absolute')
                     .map(e => e.getBoundingClientRect());
                   // one row: every item's top is above every item's bottom
                   return Math.max(...boxes.map(b => b.top)) < Math.min(...boxes.map(b => b.bottom)); }"""
    )
    assert one_row
    assert page.locator(".topbar").bounding_box()["height"] <= 72
    assert horizontal_overflow(page) <= 0


def test_the_search_box_expands_on_focus(open_in):
    page = open_in("/", "768x1024")
    before = page.locator("#goto-q").bounding_box()["width"]
    page.locator("#goto-q").tap()
    after = page.locator("#goto-q").bounding_box()["width"]
    assert after > before + 150
    assert page.locator(".goto button[type=submit]").is_visible()


@pytest.mark.parametrize("size", SIZES)
def test_law_numbers_never_wrap_on_the_home_tiles(open_in, size):
    page = open_in("/", size)
    broken = page.evaluate(
        """() => [...document.querySelectorAll('.law-tiles b')]
                  .filter(b => b.getClientRects().length > 1 || b.getBoundingClientRect().height > 40)
                  .map(b => b.textContent)"""
    )
    assert broken == []


@pytest.mark.parametrize("size", SIZES)
def test_the_ruling_card_leads_with_the_outcome(open_in, size):
    page = open_in(review_ruling(), size)
    assert page.locator(".ruling-card h1").inner_text() == "转移2墩给庄家方：庄家实得9墩 → 11墩，南北+650"
    order = page.evaluate(
        """() => ['.ruling-summary', '.ruling-card .script', '.outcome-table', '.ruling-card .laws']
                  .map(s => document.querySelector(s).getBoundingClientRect())
                  .map(r => [Math.round(r.top), Math.round(r.left)])"""
    )
    assert order[0][0] < order[1][0]  # the outcome comes first, then what to announce
    if size == "1024x768":
        assert order[2][1] > order[1][1]  # two panes: the details beside the script
    else:
        assert order[1][0] < order[2][0] < order[3][0]
    assert page.locator(".ruling-actions a", has_text="上一步").count() == 1
    screenshot(page, f"ruling-card-{size}")


def test_the_english_ruling_card_leads_with_the_outcome_in_english(open_in):
    page = open_in(review_ruling(), "768x1024", "en")
    headline = page.locator(".ruling-card h1").inner_text()
    assert headline.startswith("2 tricks transferred") and "+650" in headline


def test_a_law_link_inside_the_script_opens_the_sheet(open_in):
    page = open_in(review_ruling(), "768x1024")
    url = page.url
    page.locator(".ruling-card .script a.ref").first.tap()
    page.locator("#sheet:not([hidden])").wait_for()
    assert page.url == url
    assert page.locator("#sheet-title").inner_text().strip()


def test_every_disclosure_shows_a_chevron(open_in):
    page = open_in(review_ruling(), "768x1024")
    marks = page.evaluate(
        """() => [...document.querySelectorAll('main summary')].map(s => {
              const m = getComputedStyle(s, '::before');
              return m.content !== 'none' && parseFloat(m.width) > 4 && m.borderRightStyle === 'solid'; })"""
    )
    assert marks and all(marks)


NO_CLIPBOARD = (
    "Object.defineProperty(navigator, 'clipboard', {value: undefined}); document.execCommand = () => false;"
)
GOOD_CLIPBOARD = (
    "Object.defineProperty(navigator, 'clipboard', {value: {writeText: () => Promise.resolve()}});"
)
REFUSED_CLIPBOARD = (
    "Object.defineProperty(navigator, 'clipboard', {value: {writeText: () => Promise.reject(new Error('denied'))}});"
    "document.execCommand = () => false;"
)


@pytest.mark.parametrize(
    ("script", "copied"),
    [(NO_CLIPBOARD, False), (REFUSED_CLIPBOARD, False), (GOOD_CLIPBOARD, True)],
    ids=["no-clipboard", "refused", "copied"],
)
def test_the_share_button_says_what_really_happened(browser, server_url, script, copied):
    context = browser.new_context(viewport=TABLET_PORTRAIT, locale="zh-CN", has_touch=True)
    context.add_init_script(script)
    page = context.new_page()
    page.goto(server_url + review_ruling())
    assert page.evaluate("typeof navigator.share") == "undefined"  # desktop chromium has no share sheet
    page.locator("[data-share]").tap()
    result = page.locator(".share-result")
    result.wait_for(state="visible")
    if copied:
        assert result.inner_text().startswith("已复制")
        assert page.locator(".share-url").is_hidden()
    else:
        assert result.inner_text().startswith("未能复制")
        assert page.locator(".share-url").input_value() == page.url  # the link to copy by hand
    assert "✓" not in page.locator("[data-share]").inner_text()
    context.close()


def test_the_share_sheet_is_used_where_the_device_has_one(browser, server_url):
    context = browser.new_context(viewport=TABLET_PORTRAIT, locale="zh-CN", has_touch=True)
    context.add_init_script(
        "navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };"
    )
    page = context.new_page()
    page.goto(server_url + review_ruling())
    assert page.locator("[data-share]").inner_text() == "分享本裁决"
    page.locator("[data-share]").tap()
    page.locator(".share-result", has_text="已分享").wait_for()
    assert page.evaluate("window.__shared.url") == page.url
    context.close()


def test_the_tools_tabs_and_the_top_bar_show_where_you_are(open_in):
    page = open_in("/tools/imps/", "768x1024")
    assert page.locator('.tools-nav a[aria-current="page"]').inner_text() == "IMP换算"
    assert page.locator('.mainnav a[aria-current="page"]').inner_text() == "计分"


@pytest.mark.parametrize(("size", "lang"), SIZE_LANG, ids=SIZE_LANG_IDS)
def test_the_screenshot_set(open_in, size, lang):
    """For review, in var/screenshots/: home, a law jump, a question, the ruling card and the score pad."""
    for path, name in [
        ("/", "home"),
        ("/laws/27/#27B1", "law-27B1"),
        ("/rulings/revoke/?established=true&on_trick_12=false&revoker=defender", "wizard-group"),
        (review_ruling(), "ruling"),
        ("/tools/score/?level=4&strain=S&dbl=X&declarer=N&vulnerability=NS&tricks=10", "score"),
    ]:
        page = open_in(path, size, lang)
        assert horizontal_overflow(page) <= 0
        path_written = screenshot(page, f"set-{name}-{size}-{lang}")
        assert path_written.stat().st_size > 10_000
        page.context.close()
