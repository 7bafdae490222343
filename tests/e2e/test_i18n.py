"""Both languages in the real browser (issue 19 item 4): Latin fonts first on English pages (bug 8)."""

import pytest

from tests.e2e.conftest import TABLET_PORTRAIT

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

APOSTROPHE_WIDTH = """(selector) => {
  const host = document.querySelector(selector);
  const probe = document.createElement("span");
  probe.textContent = "\\u2019";
  host.appendChild(probe);
  const width = probe.getBoundingClientRect().width / parseFloat(getComputedStyle(probe).fontSize);
  probe.remove();
  return width;
}"""


@pytest.fixture
def english_page(open_page):
    return lambda path, viewport=TABLET_PORTRAIT: open_page(path, viewport, locale="en-US")


def test_the_english_brand_sets_its_apostrophe_in_a_latin_font(english_page):
    """Bug 8: "Director’s Assistant" rendered as "Director’ s" (the CJK font's full-width ’, about 1 em)."""
    # Wide enough for the brand's words: the slim tablet bar shows only its mark below 1100 px (static/css/app.css).
    page = english_page("/", {"width": 1280, "height": 800})
    assert page.locator(".brand").inner_text().strip() == "Director’s Assistant"
    assert page.evaluate(APOSTROPHE_WIDTH, ".brand") < 0.5


def test_a_chinese_term_on_an_english_page_keeps_a_cjk_font(english_page):
    page = english_page("/")
    family = page.evaluate(
        """() => { const s = document.createElement("span"); s.lang = "zh-Hans"; s.textContent = "藏牌";
                   document.body.appendChild(s); const f = getComputedStyle(s).fontFamily; s.remove(); return f; }"""
    )
    assert family.startswith('"WenQuanYi Micro Hei"')
