"""Issue 31 item 3 / done-when: the taps a director needs, measured in the browser at tablet size, from the first
question to the score — a hesitation case to both sides' assigned scores on the ruling form, and a revoke to its
adjusted score. A tap is a click or a checkbox; a select counts two (open, choose); typed fields are counted apart.
The figures are bounds a change may not exceed (the note states them); the issue's target is 20 for the first."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import TABLET_PORTRAIT

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

READY = "document.documentElement.hasAttribute('data-judgement-ready')"


class Counter:
    def __init__(self, page):
        self.page, self.taps, self.typed = page, 0, 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.taps += 1

    def answer(self, text: str) -> None:
        """A wizard answer by its words (one tap), then the next screen."""
        self.page.locator("a.answer", has_text=text).first.click()
        self.taps += 1
        self.page.wait_for_load_state()

    def choose(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.taps += 2

    def type(self, selector: str, value: str) -> None:
        self.page.fill(selector, value)
        self.typed += 1


def test_a_hesitation_case_from_the_first_question_to_both_sides_assigned_scores(open_page):
    """The pads (static/js/pages/pads.js): the board by a chip, each possible result's contract by one tap of the
    call pad, the declarer by a chip, the tricks defaulting to the contract's, the second result copied from the
    first so that only its tricks are tapped. Before the pads: 26 taps and the board typed."""
    page = open_page("/rulings/unauthorized-information/", TABLET_PORTRAIT)
    count = Counter(page)
    for text in ("来自同伴", "打牌已结束", "是，已确认", "是，可以明显", "是，存在", "是，受到损害", "否"):
        count.answer(text)
    assert page.locator(".ruling-card").count() == 1
    count.tap("a.button[href*='/form/']")
    page.wait_for_function(READY)
    count.tap('.board-field .pad-board-chips button[data-value="5"]')
    assert page.input_value('input[name="board"]') == "5"
    count.tap('label:has(input[name="offending_side"][value="EW"])')
    first, second = '.builder-row[data-row="0"]', '.builder-row[data-row="1"]'
    count.tap(f'{first} .pad-panel button[data-call="4H"]')  # the first row's pad is open while it is empty
    count.tap(f'{first} .pad-seat button[data-value="S"]')
    assert page.input_value('select[name="r0_tricks"]') == "10"  # 4♥ makes ten: no tap
    count.tap(f'{first} label:has(input[name="r0_likely"])')
    count.tap(f"{second} [data-copy-row]")  # 4♥ by South again
    count.tap(f'{second} .pad-tricks button[data-value="9"]')
    count.tap(f'{second} label:has(input[name="r1_probable"])')
    second_row = [
        page.input_value(f'select[name="r1_{name}"]') for name in ("level", "strain", "declarer", "tricks")
    ]
    assert second_row == ["4", "H", "S", "9"]
    page.wait_for_selector('[data-builder-result] tr[data-side="NS"]')
    assert page.locator('[data-builder-result] tr[data-side="EW"]').count() == 1
    # The scores are in view where the last tap was made: the line pinned to the screen's lower edge.
    line = page.locator("[data-builder-summary]")
    box, height = line.bounding_box(), page.viewport_size["height"]
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height, (box, height)
    assert "620" in line.inner_text() and "-620" in line.inner_text(), line.inner_text()
    print(f"\nhesitation case: {count.taps} taps, {count.typed} typed field(s)")
    assert count.typed == 0
    assert count.taps <= 16, count.taps  # measured 16; the issue asks ≤ 20 (before the pads: 26, board typed)


def test_a_revoke_from_the_first_question_to_its_adjusted_score(open_page):
    """The adjust form on the pads: the contract by one tap of the call pad (open while empty), declarer and
    vulnerability by a chip, the tricks defaulting to the contract's and one chip to change them. Before the pads:
    13 taps and 2 fields typed (the contract and the tricks)."""
    page = open_page("/rulings/revoke/", TABLET_PORTRAIT)
    count = Counter(page)
    for text in ("已成立", "否", "防家", "都没有", "否", "是"):
        count.answer(text)
    count.answer("1")
    assert page.locator(".ruling-card").count() == 1
    count.tap("details.adjust summary")
    form = "details.adjust form"
    count.tap(f'{form} .pad-panel button[data-call="4S"]')
    assert page.input_value('input[name="declarer_tricks"]') == "10"  # 4♠ makes ten until told otherwise
    count.tap(f'{form} .pad-seat button[data-value="S"]')
    count.tap(f'{form} .pad-vulnerability button[data-value="None"]')
    count.tap(f'{form} .pad-tricks button[data-value="9"]')
    assert [page.input_value(f'[name="{name}"]') for name in ("contract", "declarer", "vulnerability")] == [
        "4S",
        "S",
        "None",
    ]
    count.tap("details.adjust button[type=submit]")
    page.wait_for_load_state()
    page.wait_for_selector('tr[data-field="score_ns"]')
    # 9 taken + 2 transferred = 11 tricks: 4♠+1 by South, not vulnerable
    assert page.locator('tr[data-field="score_ns"] td').inner_text().strip() == "450"
    print(f"\nrevoke: {count.taps} taps, {count.typed} typed field(s)")
    assert count.typed == 0
    assert count.taps <= 13, count.taps  # measured 13, none typed (before the pads: 13 and 2 typed)
