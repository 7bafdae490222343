"""The top bar's search box in chromium at tablet size: type, see results as you type, click one."""

import pytest

from tests.e2e.conftest import TABLET_PORTRAIT, screenshot

# The search index is built by tests/search/conftest.py when that folder runs first; otherwise the live server's
# first query builds it (a host without an index builds one on demand).
pytestmark = [pytest.mark.e2e, pytest.mark.django_db]


def api_calls(page) -> list[str]:
    calls: list[str] = []
    page.on("request", lambda request: calls.append(request.url) if "/api/search/" in request.url else None)
    return calls


def test_type_in_the_top_bar_and_open_a_result(open_page):
    page = open_page("/laws/2/", TABLET_PORTRAIT)
    calls = api_calls(page)
    box = page.locator("#goto-q")
    box.click()
    box.press_sequentially("revoke", delay=40)
    item = page.locator("#search-pop .search-item", has_text="第62条 藏牌的改正")
    item.wait_for(state="visible")
    assert len(calls) <= 2, calls  # debounced: not one request per key
    assert page.locator("#search-pop .search-group-head", has_text="术语").is_visible()
    assert page.locator("#search-pop mark", has_text="藏牌").first.is_visible()
    screenshot(page, "search-as-you-type-tablet")
    item.click()
    page.wait_for_url("**/laws/62/")
    assert page.locator("h1").inner_text().startswith("第62条")
    recent = page.evaluate("JSON.parse(localStorage.getItem('caipan.search.recent'))")
    assert recent[0] == "revoke"


def test_ime_composition_does_not_search_until_it_ends(open_page):
    page = open_page("/", TABLET_PORTRAIT)
    calls = api_calls(page)
    page.locator("#goto-q").focus()
    # What a pinyin IME does: composition events around provisional Latin text, then the chosen characters.
    page.evaluate(
        """() => {
          const box = document.getElementById('goto-q');
          box.dispatchEvent(new CompositionEvent('compositionstart', {data: ''}));
          for (const text of ['c', 'ca', 'can', 'cang', 'cang p', 'cang pai']) {
            box.value = text;
            box.dispatchEvent(new InputEvent('input', {data: text, isComposing: true, inputType: 'insertCompositionText'}));
          }
        }"""
    )
    page.wait_for_timeout(600)
    assert calls == []
    page.evaluate(
        """() => {
          const box = document.getElementById('goto-q');
          box.value = '藏牌';
          box.dispatchEvent(new CompositionEvent('compositionend', {data: '藏牌'}));
          box.dispatchEvent(new InputEvent('input', {data: '藏牌', inputType: 'insertFromComposition'}));
        }"""
    )
    page.locator("#search-pop .search-item").first.wait_for(state="visible")
    assert len(calls) == 1 and "q=%E8%97%8F%E7%89%8C" in calls[0]


def test_enter_on_a_reference_goes_to_the_section_and_recent_searches_show(open_page):
    page = open_page("/", TABLET_PORTRAIT)
    page.evaluate("localStorage.setItem('caipan.search.recent', JSON.stringify(['罚张', 'cangpai']))")
    box = page.locator("#goto-q")
    box.click()
    assert page.locator("#search-pop .search-item", has_text="罚张").is_visible()
    box.fill("64b6")
    box.press("Enter")
    page.wait_for_url("**/laws/64/#64B6")
    assert page.locator('[id="64B6"]').is_visible()


def test_the_ruling_tree_comes_first_as_you_type(open_page):
    page = open_page("/laws/2/", TABLET_PORTRAIT)
    box = page.locator("#goto-q")
    box.click()
    box.press_sequentially("首攻错误", delay=30)
    first = page.locator("#search-pop [role=option]").first
    first.wait_for(state="visible")
    assert first.inner_text().strip() == "用裁决向导处理：越序引牌"
    assert page.locator("#search-pop .search-group-head").first.inner_text() == "裁决向导"
    # Law 54 (the faced opening lead out of turn) is among the first laws listed.
    laws = page.locator("#search-pop .search-item:not(.search-tree-item) .search-title").all_inner_texts()
    assert any("54" in title for title in laws[:3]), laws
    screenshot(page, "search-tree-first-tablet")
    first.click()
    page.wait_for_url("**/rulings/lead-out-of-turn/")
