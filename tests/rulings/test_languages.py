"""Both languages complete (issue 19 item 4; tablet review 2026-12, bugs 6 and 7).

The engine gives codes and parameters; the edges say them in the page's language and name fields by their
labels, never by their API keys; the API answers in the request's language (Chinese by default). English pages
show no Chinese outside the allowed places of tests.page_text, and Chinese pages no stray English.
"""

import html as html_lib
import re
from urllib.parse import urlencode

import pytest
from django.utils import translation

from rulings.trees import trees
from tests.offline.cases import as_url_values, one_per_leaf
from tests.page_text import CJK, chinese_runs, english_words

pytestmark = pytest.mark.django_db


def get(client, path, language="zh-hans", **params):
    """A page in ``language`` (by the language cookie), without leaking it into later tests (the test client
    answers in this thread)."""
    with translation.override(None):
        client.cookies["django_language"] = language
        response = client.get(path, params, follow=True)
        del client.cookies["django_language"]
    return response


def revoke_ruling() -> str:
    facts = as_url_values(one_per_leaf(trees()["revoke"])["offender_won_64a1"])
    facts.update({"contract": "4S", "declarer": "N", "vulnerability": "None", "declarer_tricks": "10"})
    return f"/rulings/revoke/?{urlencode(facts)}"


def alert(response) -> str:
    match = re.search(r'role="alert"[^>]*>(.*?)</p>', response.content.decode(), re.S)
    assert match, response.content.decode()[:500]
    return html_lib.unescape(re.sub(r"<[^>]+>", "", match.group(1)))


# --- bug 6: engine errors in the page's language, fields by their labels --------------------------------------

CHINESE_ERRORS = [
    ("/tools/imps/", {"diff": "abc"}, "diff", "输入有误：分差必须是整数，而不是 'abc'。"),
    (
        "/tools/score/",
        {"level": 9, "strain": "S", "declarer": "N", "tricks": 10},
        "contract",
        "输入有误：定约阶数必须是 1–7，而不是 9（在 '9S' 中）。",
    ),
    (
        "/tools/score/",
        {"level": 4, "strain": "S", "declarer": "N", "tricks": 10, "board": 0},
        "board",
        "牌号必须",
    ),
    (
        "/tools/matchpoints/",
        {"scores": "420, abc, 450"},
        "scores",
        "输入有误（各桌分数）：“abc”不是整数分数。",
    ),
    (
        "/rulings/revoke/",
        {"established": "maybe"},
        "established",
        "输入有误：“藏牌是否已经成立？”必须是 true 或 false",
    ),
]


@pytest.mark.parametrize(("path", "params", "field", "expected"), CHINESE_ERRORS)
def test_a_chinese_page_names_the_field_by_its_label(client, path, params, field, expected):
    response = get(client, path, **params)
    assert response.status_code == 400
    text = alert(response)
    assert expected in text
    assert field not in text and f"（{field}）" not in text  # no raw API key (the review's "（scores）")
    assert f'data-field="{field}"' in response.content.decode()  # the key stays for scripts and tests


def test_an_english_page_names_the_field_by_its_english_label(client):
    text = alert(get(client, "/tools/imps/", "en", diff="abc"))
    assert text == "Invalid input: Difference must be a whole number, not 'abc'."
    text = alert(get(client, "/rulings/revoke/", "en", established="maybe"))
    assert "“Has the revoke been established?” must be true or false" in text and not CJK.search(text)


def test_api_errors_follow_the_request_language_chinese_by_default(client):
    with translation.override(None):
        default = client.get("/api/imps/", {"diff": "abc"}).json()
        english = client.get("/api/imps/", {"diff": "abc"}, HTTP_ACCEPT_LANGUAGE="en").json()
        client.cookies["django_language"] = "en"
        by_cookie = client.get("/api/imps/", {"diff": "abc"}, HTTP_ACCEPT_LANGUAGE="zh-CN").json()
    assert default == {"error": "diff 必须是整数，而不是 'abc'。", "field": "diff"}
    assert english == by_cookie == {"error": "diff must be a whole number, not 'abc'.", "field": "diff"}


# --- bug 7: the English UI complete --------------------------------------------------------------------------


def test_the_english_ruling_card(client):
    html = get(client, revoke_ruling(), "en").content.decode()
    # The card opens with the outcome in words (issue 19 item 2), then the law it rests on.
    headline = re.search(r'<h1 class="ruling-summary">(.*?)</h1>', html, re.S).group(1)
    assert headline.strip() and not re.search(r"[\u4e00-\u9fff]", headline)
    assert re.search(r'<p class="ruling-rule">Ruling: <a [^>]*>Law 64A1</a></p>', html)
    script = html[html.index('<div class="script">') :]
    assert script.index("The revoke is established") < script.index('<summary lang="zh-Hans">中文</summary>')
    for label in ("The final contract", "Declarer&#x27;s seat", "The side that revoked"):
        assert f"<label>{label}" in html  # the adjust form (bug 7: 最终定约…, 庄家方位…)
    assert chinese_runs(html) == []


def test_the_chinese_ruling_card_keeps_chinese_first(client):
    html = get(client, revoke_ruling()).content.decode()
    assert re.search(r'<p class="ruling-rule">裁决：<a [^>]*>第64条A款1项</a></p>', html)
    assert '<summary lang="en">English</summary>' in html
    assert english_words(html) == []


def test_the_score_breakdown_in_english(client):
    params = {"level": 4, "strain": "S", "dbl": "X", "declarer": "N", "vulnerability": "NS", "tricks": 10}
    html = get(client, "/tools/score/", "en", **params).content.decode()
    for item in ("Contract trick score", "Bonus for making a doubled contract", "Game bonus"):
        assert f"<td>{item}</td>" in html
    assert "790" in html and chinese_runs(html) == []
    chinese = get(client, "/tools/score/", **params).content.decode()
    assert "<td>完成加倍定约奖分</td>" in chinese and "<td>Game bonus</td>" not in chinese


def test_a_generated_drill_is_titled_in_english(client):
    html = get(client, "/practice/drills/revoke/", "en").content.decode()
    assert (
        "<h1>Revoke · generated drill</h1>" in html and "Generated drill: Revoke" in html
    )  # no seed (issue 31)
    assert "The director is called and learns:" in html  # the situation from the tree's English texts
    assert chinese_runs(html) == []
    chinese = get(client, "/practice/drills/revoke/").content.decode()
    assert "到场后了解到以下情况：" in chinese and "<h1>藏牌 · 生成练习</h1>" in chinese


MAIN_PAGES = [
    "/",
    "/rulings/",
    "/rulings/revoke/?established=true",
    "/rulings/insufficient-bid/?accepted=true",
    "/tools/score/?level=4&strain=S&dbl=X&declarer=N&vulnerability=NS&tricks=10",
    "/tools/imps/?diff=450",
    "/tools/matchpoints/?scores=420+420+450+-50+170+420+-100",
    "/tools/adjusted/",
    "/practice/",
    "/search/?q=revoke",
]


@pytest.mark.parametrize("path", MAIN_PAGES)
def test_an_english_page_shows_no_chinese_outside_the_allowed_places(client, path):
    response = get(client, path, "en")
    assert response.status_code == 200
    assert chinese_runs(response.content.decode()) == []


@pytest.mark.parametrize("path", [p for p in MAIN_PAGES if not p.startswith("/search/")])
def test_a_chinese_page_shows_no_stray_english(client, path):
    """The mirror test, where feasible (search results show the rulebook's English terms: 藏牌（REVOKE）)."""
    response = get(client, path)
    assert response.status_code == 200
    assert english_words(response.content.decode()) == []
