"""Issue 31, polish 13: the lead-out-of-turn script reads declarer's five options as a list, an option an item with
its number, in Chinese and English, on the ruling card and in the offline pack, under both editions."""

import re
from urllib.parse import urlencode

import pytest

from laws.rendering import render_script
from rulings.trees import trees
from tests.offline.cases import as_url_values, one_per_leaf

pytestmark = pytest.mark.django_db

EDITIONS = ("ccba-1999", "wbf-2017")
ZH_OPTIONS = [
    "一、摊牌作明手",
    "二、接受首引继续做庄",
    "三、拒绝首引",
    "四、拒绝首引",
    "五、拒绝首引且不作要求",
]
EN_OPTIONS = ["1. Spread his hand", "2. Accept the lead", "3. Refuse it", "4. Refuse it", "5. Refuse it"]


def _items(html: str) -> list[str]:
    lists = re.findall(r"<ol>(.*?)</ol>", html, re.S)
    assert len(lists) == 1, html
    return [re.sub(r"<[^>]+>", "", item) for item in re.findall(r"<li>(.*?)</li>", lists[0], re.S)]


def _script(html: str, css_class: str) -> str:
    start = (
        html.index(f'<div class="{css_class}">')
        if css_class == "script"
        else html.index('<details class="script-en">')
    )
    return html[start : html.index("</div>", start)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_five_options_are_a_list_read_one_by_one_in_both_languages(client, edition):
    facts = one_per_leaf(trees(edition)["lead-out-of-turn"])["accept_54b"]
    url = f"/rulings/lead-out-of-turn/?{urlencode({'edition': edition, **as_url_values(facts)})}"
    for language, own, other in (("zh-hans", ZH_OPTIONS, EN_OPTIONS), ("en", EN_OPTIONS, ZH_OPTIONS)):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for css_class, options in (("script", own), ("script-en", other)):
            items = _items(_script(html, css_class))
            assert [item[: len(option)] for item, option in zip(items, options, strict=True)] == options
        # every option names its own law when it has one: 54B, not a bare 「B款」 after another item
        assert (
            '<li>二、接受首引继续做庄（<a class="ref"' in html
            or "<li>2. Accept the lead and remain declarer (<a" in html
        )
        # the chosen option follows as its own paragraph
        assert "庄家选择接受首引继续做庄" in html or "Declarer accepted the lead" in html


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_offline_pack_has_the_same_list(client, edition):
    scripts = client.get(f"/offline/wizard.json?edition={edition}").json()["scripts"]["lead-out-of-turn"]
    assert [item[:3] for item in _items(scripts["refuse_forbid_54d"]["zh"])] == [o[:3] for o in ZH_OPTIONS]
    assert [item[:5] for item in _items(scripts["refuse_forbid_54d"]["en"])] == [o[:5] for o in EN_OPTIONS]


def test_numbered_lines_make_one_list_and_other_lines_stay_paragraphs():
    html = render_script("Intro:\n1. First (x).\n2. Second.\nAfter.")
    assert html == "<p>Intro:</p><ol><li>1. First (x).</li><li>2. Second.</li></ol><p>After.</p>"
    assert render_script("一、甲；\n二、乙。") == "<ol><li>一、甲；</li><li>二、乙。</li></ol>"
    # a number inside a line is text, not a list
    assert render_script("Options: 1. one; 2. two.") == "<p>Options: 1. one; 2. two.</p>"
