import pytest

from tests.e2e.conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, horizontal_overflow, screenshot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]


@pytest.mark.parametrize(
    "viewport", [TABLET_PORTRAIT, TABLET_LANDSCAPE, PHONE], ids=["768x1024", "1024x768", "390x844"]
)
@pytest.mark.parametrize("path", ["/", "/laws/2/", "/laws/27/", "/laws/77/", "/glossary/"])
def test_no_horizontal_scroll(open_page, path, viewport):
    page = open_page(path, viewport)
    assert horizontal_overflow(page) <= 0


def test_look_up_a_law_by_number(open_page):
    page = open_page("/")
    page.fill("#goto-big", "27B1")
    page.click(".goto-big button")
    page.wait_for_url("**/laws/27/#27B1")
    assert page.locator('[id="27B1"]').is_visible()
    assert page.locator("h1").inner_text().startswith("第27条")
    screenshot(page, "law-27-tablet")


def test_follow_a_reference_and_read_a_term(open_page):
    page = open_page("/laws/6/")
    page.click('a.ref[data-ref="22A"]')
    page.wait_for_url("**/laws/22/#22A")
    page = open_page("/laws/64/")
    term = page.locator("abbr.term").first
    term.click()
    assert page.locator("#sheet").is_visible()
    assert page.locator("#sheet-title").inner_text() == term.inner_text()


def test_touch_targets_are_at_least_44px(open_page):
    page = open_page("/laws/64/")
    small = page.evaluate(
        """() => [...document.querySelectorAll('main a.tile, main button, header button, header input, .toc a, .mainnav a')]
             .filter(e => e.offsetParent !== null)
             .map(e => [e.textContent.trim().slice(0, 20), e.getBoundingClientRect().height])
             .filter(([, h]) => h < 44)"""
    )
    assert small == []


def test_tap_an_editorial_correction_to_see_the_original(open_page):
    page = open_page("/glossary/")
    fix = page.locator('ins.editorial[data-original="复工桥牌"]')
    assert fix.inner_text() == "复式桥牌"
    fix.click()
    assert page.locator("#sheet").is_visible()
    assert page.locator("#sheet-title").inner_text() == "复式桥牌"
    assert "复工桥牌" in page.locator("#sheet .sheet-text").inner_text()
