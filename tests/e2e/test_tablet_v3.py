"""Issue 31, problems 5, 7 and 12 at 768×1024 and 1024×768, zh and en: the ruling card's next action is in view
without scrolling, landscape question screens show the help and laws beside the answers, and Tab reaches every
section of the top bar with a visible focus ring."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from rulings.trees import trees
from tests.e2e.conftest import TABLET_LANDSCAPE, TABLET_PORTRAIT, screenshot
from tests.offline.cases import as_url_values, one_per_leaf

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

SIZES = [pytest.param(TABLET_PORTRAIT, id="768"), pytest.param(TABLET_LANDSCAPE, id="1024")]
LOCALES = [pytest.param("zh-CN", id="zh"), pytest.param("en", id="en")]


def _ruling_path(slug: str, leaf: str) -> str:
    facts = one_per_leaf(trees()[slug])[leaf]
    return f"/rulings/{slug}/?{urlencode(as_url_values(facts))}"


def _in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("viewport", SIZES)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_next_action_is_in_view_without_scrolling(open_page, viewport, locale):
    page = open_page(_ruling_path("unauthorized-information", "partner_assigned"), viewport, locale=locale)
    assert page.evaluate("window.scrollY") == 0
    assert _in_view(page, ".judgement-actions a.button")  # 填写裁决表
    assert _in_view(page, ".ruling-actions")
    # the headline stays at the top; the actions never cover it
    assert _in_view(page, "h1.ruling-summary")
    screenshot(page, f"v3-ui-ruling-{locale}-{viewport['width']}")
    page = open_page(_ruling_path("revoke", "offender_won_64a1"), viewport, locale=locale)
    assert _in_view(page, ".ruling-actions a.button")
    # scrolled to the end, the actions sit below the steps, not over them
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert _in_view(page, ".ruling-actions")


@pytest.mark.parametrize("locale", LOCALES)
def test_landscape_question_shows_help_beside_the_answers(open_page, locale):
    page = open_page("/rulings/revoke/", TABLET_LANDSCAPE, locale=locale)
    help_box = page.locator(".wizard-side details.help")
    assert help_box.get_attribute("open") is not None
    answers = page.locator(".answers").bounding_box()
    side = help_box.bounding_box()
    assert side["x"] >= answers["x"] + answers["width"]  # beside, not below
    assert page.locator(".wizard-side details.help p.laws a").first.is_visible()
    screenshot(page, f"v3-question-landscape-{locale}")
    # Portrait keeps it folded under the answers.
    page = open_page("/rulings/revoke/", TABLET_PORTRAIT, locale=locale)
    assert page.locator(".wizard-side details.help").get_attribute("open") is None


@pytest.mark.parametrize("viewport", SIZES)
@pytest.mark.parametrize("locale", LOCALES)
def test_tab_reaches_every_section_with_a_visible_focus(open_page, viewport, locale):
    page = open_page("/glossary/", viewport, locale=locale)
    wanted = set(page.eval_on_selector_all(".mainnav a", "links => links.map(a => a.getAttribute('href'))"))
    assert len(wanted) >= 7
    page.focus("#goto-q")
    reached = set()
    for _ in range(15):
        page.keyboard.press("Tab")
        info = page.evaluate(
            """() => { const e = document.activeElement; const s = getComputedStyle(e);
                 const r = e.getBoundingClientRect();
                 return {href: e.getAttribute('href'), nav: !!e.closest('.mainnav'), outline: s.outlineStyle,
                         width: s.outlineWidth, visible: r.width > 0 && r.height > 0}; }"""
        )
        if info["nav"]:
            reached.add(info["href"])
            assert info["visible"], info
            assert info["outline"] != "none" and info["width"] != "0px", info
    assert wanted <= reached
