import pytest

from tests.e2e.conftest import PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, horizontal_overflow, screenshot

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]


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
def test_walk_each_tree_to_a_ruling_by_tapping(open_page, slug):
    page = open_page("/rulings/")
    page.click(f'a[href="/rulings/{slug}/"]')
    for _ in range(20):
        if page.locator(".ruling-card").count():
            break
        answers = page.locator("a.answer")
        assert answers.count() >= 1
        box = answers.first.bounding_box()
        assert box["height"] >= 44
        answers.last.click()
        page.wait_for_load_state()
    # Result first (issue 19): the outcome in words heads the card, the law comes under it.
    assert page.locator(".ruling-card h1.ruling-summary").inner_text().strip()
    assert page.locator(".ruling-card .ruling-rule").inner_text().startswith("裁决")
    assert page.locator(".ruling-card .script").inner_text().strip()
    screenshot(page, f"wizard-{slug}-ruling")


def test_insufficient_bid_walk_back_and_law_sheet(open_page):
    page = open_page("/rulings/insufficient-bid/")
    screenshot(page, "wizard-question-tablet")
    first_question = page.locator("h1").inner_text()
    page.locator("a.answer").last.click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() != first_question
    page.click("text=上一步")
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == first_question
    # Walk to any ruling, then open a cited law in the sheet: the URL (the walk) stays.
    for _ in range(10):
        if page.locator(".ruling-card").count():
            break
        page.locator("a.answer").first.click()
        page.wait_for_load_state()
    url = page.url
    page.locator(".ruling-card a[data-sheet-ref]").first.click()
    page.wait_for_selector("#sheet:not([hidden])")
    assert page.locator("#sheet-title").inner_text().startswith("第")
    assert page.url == url
    screenshot(page, "wizard-law-sheet")


@pytest.mark.parametrize(
    "viewport", [TABLET_PORTRAIT, TABLET_LANDSCAPE, PHONE], ids=["768x1024", "1024x768", "390x844"]
)
def test_wizard_pages_fit(open_page, viewport):
    assert horizontal_overflow(open_page("/rulings/", viewport)) <= 0
    assert horizontal_overflow(open_page("/rulings/revoke/?established=true", viewport)) <= 0
