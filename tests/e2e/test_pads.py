"""The pads (static/js/pages/pads.js) on the ruling form, in chromium at tablet size: the poll's calls by the call
pad and its counts by steppers, a contract's X / XX toggles, the keyboard; the real fields hold what was tapped,
so the form posts as without JavaScript."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import TABLET_LANDSCAPE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

READY = "document.documentElement.hasAttribute('data-judgement-ready')"
FORM = "/rulings/unauthorized-information/form/"


def pad_of(name: str) -> str:
    """The pad that stands for the field called name (placed right after the label that holds it)."""
    return f'label:has([name="{name}"]) + .tap-pad'


@pytest.mark.parametrize(("locale", "pass_label"), [("zh-CN", "不叫"), ("en", "Pass")])
def test_the_poll_by_taps_in_the_page_s_language(open_page, locale, pass_label):
    page = open_page(FORM, TABLET_LANDSCAPE, locale=locale)
    page.wait_for_function(READY)
    for name, call, chose, considered in (
        ("poll_action", "4S", 0, 0),
        ("p0_", "4S", 1, 2),
        ("p1_", "Pass", 4, 1),
    ):
        field = name if name == "poll_action" else name + "call"
        page.click(f"{pad_of(field)} .pad-value")
        page.click(f'{pad_of(field)} .pad-panel button[data-call="{call}"]')
        assert page.locator(f"{pad_of(field)} .pad-panel").is_hidden()  # choosing closes the pad
        for count, times in (("chose", chose), ("considered", considered)):
            for _ in range(times):
                page.click(f"{pad_of(name + count)} .pad-step >> nth=1")
    assert page.input_value('input[name="poll_action"]') == "4♠"
    assert page.input_value('input[name="p1_call"]') == pass_label
    assert [page.input_value(f'input[name="p1_{n}"]') for n in ("chose", "considered")] == ["4", "1"]
    rows = page.locator("[data-poll-result] tbody tr")
    assert rows.count() == 2
    assert rows.nth(0).get_attribute("data-taken") is not None and "20%" in rows.nth(0).inner_text()
    assert pass_label in rows.nth(1).inner_text() and "80%" in rows.nth(1).inner_text()
    # A minus at 0 stays at 0 (the input's min).
    page.click(f"{pad_of('p2_chose')} .pad-step >> nth=0")
    assert page.input_value('input[name="p2_chose"]') == "0"


def test_a_contract_s_doubling_and_the_keyboard(open_page):
    page = open_page(FORM, TABLET_LANDSCAPE)
    page.wait_for_function(READY)
    row = '.builder-row[data-row="0"]'
    toggle = page.locator(f"{row} .pad-contract .pad-value")
    assert (
        toggle.get_attribute("aria-expanded") == "true"
    )  # the first row's pad starts open while it is empty
    toggle.focus()
    page.keyboard.press("Enter")
    assert toggle.get_attribute("aria-expanded") == "false"
    page.keyboard.press("Enter")
    page.locator(f'{row} .pad-panel button[data-call="3NT"]').focus()
    page.keyboard.press("Enter")
    assert [page.input_value(f'select[name="r0_{n}"]') for n in ("level", "strain", "dbl", "tricks")] == [
        "3",
        "NT",
        "",
        "9",
    ]
    assert toggle.inner_text() == "3NT" and toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.classList.contains('pad-value')")  # focus back on the value
    double = page.locator(f'{row} .pad-double[data-value="X"]')
    double.click()
    assert page.input_value('select[name="r0_dbl"]') == "X" and double.get_attribute("aria-pressed") == "true"
    page.click(f'{row} .pad-double[data-value="XX"]')
    assert page.input_value('select[name="r0_dbl"]') == "XX" and toggle.inner_text() == "3NTXX"
    page.click(f'{row} .pad-double[data-value="XX"]')
    assert page.input_value('select[name="r0_dbl"]') == ""
    # The tricks chip pressed is the field's value; the hidden selects are out of the Tab order and the tree.
    assert page.locator(f'{row} .pad-tricks button[aria-pressed="true"]').inner_text() == "9"
    hidden = page.locator('select[name="r0_level"]')
    assert hidden.get_attribute("tabindex") == "-1" and hidden.get_attribute("aria-hidden") == "true"
    # A value a page sets with a change event is drawn (the builder's own tests fill the selects this way).
    page.select_option('select[name="r0_declarer"]', "E")
    assert page.locator(f'{row} .pad-seat button[aria-pressed="true"]').get_attribute("data-value") == "E"
