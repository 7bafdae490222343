"""Practice (issue 8): answering a case in a real browser (Playwright + Debian's chromium) at tablet size.

It lives with the other browser tests so the whole run shares one chromium (tests/e2e/conftest.py); the rest of
the practice tests are in tests/practice.

The answering test is not a django_db test on purpose: the live server thread writes the attempt, and a test
transaction held open in this thread would lock SQLite against it. The rows it leaves belong to a throwaway
browser session. pytest-django sets the test database up only for a session with a django_db test, so the
module starts with one and the answering test checks it is not talking to the development database.
"""

import re

import pytest
from django.db import connection

from practice.selectors import bank_list
from tests.e2e.conftest import (
    PHONE,
    TABLET_LANDSCAPE,
    TABLET_PORTRAIT,
    horizontal_overflow,
    screenshot,
)

pytestmark = [pytest.mark.e2e]


@pytest.mark.django_db
def test_the_session_has_a_test_database():
    assert connection.settings_dict["NAME"] != connection.settings_dict.get("ORIGINAL_NAME", "")


@pytest.fixture
def test_database(server_url):
    if (
        connection.vendor == "sqlite"
        and connection.settings_dict["NAME"] != connection.creation._get_test_db_name()
    ):
        pytest.fail("no test database was set up: run this module with at least one django_db test")
    if connection.vendor == "postgresql" and not connection.settings_dict["NAME"].startswith("test_"):
        pytest.fail("no test database was set up: run this module with at least one django_db test")


def test_answer_a_case_by_tapping_and_continue(test_database, open_page):
    page = open_page("/practice/")
    screenshot(page, "practice-index")
    page.click('a.big-choice[data-topic="lead_out_of_turn"]')
    page.wait_for_load_state()
    assert "/practice/cases/lot-" in page.url
    # Big targets: every option is at least 44px tall, and the page does not scroll sideways.
    options = page.locator("label.pq-option")
    assert options.count() >= 4
    for index in range(options.count()):
        assert options.nth(index).bounding_box()["height"] >= 44
    assert horizontal_overflow(page) <= 0
    title = page.locator("article.case h1").inner_text()
    # Tap the first option of every choice question, type 0 into number questions, submit.
    for fieldset in page.locator("fieldset.pq").all():
        number = fieldset.locator("input.pq-number")
        if number.count():
            number.fill("0")
        else:
            fieldset.locator("label.pq-option").first.click()
    page.click("button[type=submit].big")
    page.wait_for_load_state()
    verdict = page.locator(".verdict").inner_text()
    assert verdict.startswith("✓") or verdict.startswith("✗")
    assert page.locator(".explanation a.ref").count() >= 1
    assert page.locator(".pq-option.right").count() >= 1
    screenshot(page, "practice-case-feedback")
    # A law link opens in the sheet without leaving the case.
    url = page.url
    page.locator(".explanation .laws a[data-sheet-ref]").first.click()
    page.wait_for_selector("#sheet:not([hidden])")
    assert page.locator("#sheet-title").inner_text().startswith("第")
    assert page.url == url
    page.click(".sheet-close")
    page.click("a[data-continue]")
    page.wait_for_load_state()
    assert re.search(r"/practice/cases/lot-\d+/", page.url)
    assert page.locator("article.case h1").inner_text() != title
    # Progress for this browser session shows the answer.
    page.goto(page.url.split("/practice/")[0] + "/practice/progress/")
    row = page.locator('tr[data-topic="lead_out_of_turn"]').inner_text()
    cases = len(
        bank_list(topic="lead_out_of_turn", edition="ccba-1999")
    )  # the page counts the reader's edition
    assert f"1/{cases}" in row


@pytest.mark.django_db
@pytest.mark.parametrize(
    "viewport", [TABLET_PORTRAIT, TABLET_LANDSCAPE, PHONE], ids=["768x1024", "1024x768", "390x844"]
)
def test_practice_pages_fit_without_sideways_scrolling(open_page, viewport):
    for path in ("/practice/", "/practice/cases/rv-01/", "/practice/cases/sc-07/", "/practice/progress/"):
        assert horizontal_overflow(open_page(path, viewport)) <= 0, path
