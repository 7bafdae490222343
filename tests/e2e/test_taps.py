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
    page = open_page("/rulings/unauthorized-information/", TABLET_PORTRAIT)
    count = Counter(page)
    for text in ("来自同伴", "打牌已结束", "是，已确认", "是，可以明显", "是，存在", "是，受到损害", "否"):
        count.answer(text)
    assert page.locator(".ruling-card").count() == 1
    count.tap("a.button[href*='/form/']")
    page.wait_for_function(READY)
    count.type('input[name="board"]', "5")
    count.tap('label:has(input[name="offending_side"][value="EW"])')
    for row, tricks, likely in (("r0_", "10", True), ("r1_", "9", False)):
        for name, value in (("level", "4"), ("strain", "H"), ("declarer", "S"), ("tricks", tricks)):
            count.choose(f'select[name="{row}{name}"]', value)
        if likely:
            page.check(f'input[name="{row}likely"]')
            count.taps += 1
    page.wait_for_selector('[data-builder-result] tr[data-side="NS"]')
    assert page.locator('[data-builder-result] tr[data-side="EW"]').count() == 1
    print(f"\nhesitation case: {count.taps} taps, {count.typed} typed field(s)")
    assert count.typed == 1
    assert count.taps <= 26, count.taps  # measured 26: the builder still takes selects, not the pads (note)


def test_a_revoke_from_the_first_question_to_its_adjusted_score(open_page):
    page = open_page("/rulings/revoke/", TABLET_PORTRAIT)
    count = Counter(page)
    for text in ("已成立", "否", "防家", "都没有", "否", "是"):
        count.answer(text)
    count.answer("1")
    assert page.locator(".ruling-card").count() == 1
    count.tap("details.adjust summary")
    count.type('input[name="contract"]', "4S")
    count.choose('select[name="declarer"]', "S")
    count.choose('select[name="vulnerability"]', "None")
    count.type('input[name="declarer_tricks"]', "9")
    count.tap("details.adjust button[type=submit]")
    page.wait_for_load_state()
    page.wait_for_selector('tr[data-field="score_ns"]')
    assert page.locator('tr[data-field="score_ns"] td').inner_text().strip() not in ("", "—")
    print(f"\nrevoke: {count.taps} taps, {count.typed} typed field(s)")
    assert count.taps <= 13, count.taps  # measured 13
