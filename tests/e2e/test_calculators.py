import pytest

from tests.e2e.conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, horizontal_overflow, screenshot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]


def test_score_pad_with_taps(open_page):
    page = open_page("/tools/score/")
    for name, value in [
        ("level", "4"),
        ("strain", "S"),
        ("dbl", "X"),
        ("declarer", "N"),
        ("vulnerability", "NS"),
    ]:
        page.click(f'label:has(input[name="{name}"][value="{value}"])')
    with page.expect_navigation():
        page.click('label:has(input[name="tricks"][value="10"])')
    assert "790" in page.locator(".big-score").inner_text()
    screenshot(page, "score-calculator-tablet")
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('.choices span, .actions button, .actions a')]"
        ".map(e => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height))"
    )
    assert min(sizes) >= 44


@pytest.mark.parametrize(
    "viewport", [TABLET_PORTRAIT, TABLET_LANDSCAPE, PHONE], ids=["768x1024", "1024x768", "390x844"]
)
@pytest.mark.parametrize(
    "path", ["/tools/score/", "/tools/imps/?diff=450", "/tools/matchpoints/", "/tools/adjusted/"]
)
def test_calculators_fit_without_horizontal_scroll(open_page, path, viewport):
    assert horizontal_overflow(open_page(path, viewport)) <= 0
