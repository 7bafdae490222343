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
    """Saved for the reviewer (tests/e2e/screenshots/): the main pages at tablet size, both orientations."""
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
