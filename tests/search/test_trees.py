"""The ruling trees a query names come first: in search(), in GET /api/search/ (`trees`) and on /search/."""

import dataclasses
import urllib.parse

import pytest
from django.urls import reverse
from django.utils import translation

from bridge.references import law_of
from rulings.trees import trees
from search import generation
from search import trees as search_trees
from search.query import search

pytestmark = pytest.mark.django_db


def slugs(query: str) -> list[str]:
    return [tree.slug for tree in search(query).trees]


@pytest.mark.parametrize(
    ("query", "slug"),
    [
        ("藏牌", "revoke"),
        ("revoke", "revoke"),
        ("cangpai", "revoke"),
        ("cang pai", "revoke"),  # pinyin, spaced: a unit that goes by the tree's name
        ("revoek", "revoke"),  # a typo of the tree's English name
        ("藏牌了怎么办", "revoke"),
        ("首攻错误", "lead-out-of-turn"),
        ("lead out of turn", "lead-out-of-turn"),
        (
            "越序首攻",
            "lead-out-of-turn",
        ),  # through the synonym table: 越序首攻 = 越序首引, a keyword of the tree
        ("不足叫", "insufficient-bid"),
        ("Insufficient Bid", "insufficient-bid"),
    ],
)
def test_a_query_naming_an_irregularity_offers_its_tree_first(query, slug):
    assert slugs(query)[0] == slug


def test_every_name_of_every_tree_offers_it():
    """Title, English title and every keyword, for every tree in fixtures/trees/ (trees added later included)."""
    missing = []
    for slug, tree in trees().items():
        for name in (tree.title, tree.title_en, *tree.keywords):
            if slug not in slugs(name):
                missing.append((slug, name))
    assert not missing


def test_a_law_reference_offers_the_trees_ruling_under_that_law():
    expected = {slug for slug, tree in trees().items() if 31 in {law_of(ref) for ref in tree.laws}}
    assert expected  # the insufficient-bid tree rules under Law 31 too
    result = search("第31条")
    assert result.jump is not None and result.jump.law == 31
    assert set(slugs("第31条")) == expected
    assert slugs("第64条")[0] == "revoke"
    assert slugs("第二十七条")[0] == "insufficient-bid"


def test_words_that_name_no_irregularity_offer_no_tree():
    for query in ["比赛的组织", "洗牌", "scoring table", "牌", "第99条"]:
        assert slugs(query) == [], query


def test_dummys_rights_offer_the_dummy_walk():
    """明手的权利 is a keyword of the dummy tree (Laws 42–43): its walk is offered, and only it."""
    assert slugs("明手的权利") == ["dummy"]


def test_the_trees_laws_come_right_after_the_tree():
    """藏牌 → the revoke walk, then Laws 61–64; lead out of turn → Law 54 (the law the tree mostly rules under)."""
    hits = search("藏牌", limit=5).hits
    assert {hit.law for hit in hits} <= {None, 61, 62, 63, 64}
    assert 64 in {hit.law for hit in hits}
    assert 54 in [hit.law for hit in search("lead out of turn", limit=3).hits]


def test_a_tree_added_to_the_data_is_offered_with_no_code(monkeypatch):
    """Matching works from the data alone: a new tree (here: a claim tree) is offered for its names."""
    revoke = trees()["revoke"]
    claim = dataclasses.replace(
        revoke,
        slug="claim",
        title="声称",
        title_en="Claim",
        laws=("68", "69", "70"),
        keywords=("摊牌声称", "shengcheng"),
    )
    monkeypatch.setattr(search_trees, "trees", lambda: {**trees(), "claim": claim})
    search_trees._catalog.cache_clear()
    generation.current_generation().plans.clear()
    try:
        assert slugs("声称")[0] == "claim"
        assert slugs("有争议的声称")[0] == "claim"
        assert slugs("claim")[0] == "claim"
        assert slugs("第70条") == ["claim"]
        assert search("声称").trees[0].url == reverse("rulings:wizard-walk", args=["claim"])
    finally:
        search_trees._catalog.cache_clear()
        generation.current_generation().plans.clear()


def test_the_api_answers_trees_beside_the_results(http):
    data = http("GET", "/api/search/?" + urllib.parse.urlencode({"q": "藏牌"})).json()
    assert set(data) == {"query", "edition", "results", "trees", "took_ms"}
    assert data["trees"][0] == {
        "slug": "revoke",
        "title": "藏牌",
        "title_en": "Revoke",
        "url": "/rulings/revoke/",
    }
    assert data["results"][0]["title"] == "藏牌（REVOKE）"  # the results are as they were
    assert http("GET", "/api/search/?q=%E6%B4%97%E7%89%8C").json()["trees"] == []


def test_the_page_shows_the_tree_before_the_laws(client):
    html = client.get("/search/", {"q": "首攻错误"}).content.decode()
    tree = html.index(
        '<a class="search-tree" href="/rulings/lead-out-of-turn/">用裁决向导处理：越序引牌 ›</a>'
    )
    assert tree < html.index('class="search-group"')


def test_the_page_names_the_tree_in_english(client):
    # The test client answers in this thread: keep the English it switches to from leaking into later tests.
    with translation.override(None):
        client.post("/i18n/setlang/", {"language": "en", "next": "/"})
        html = client.get("/search/", {"q": "revoke"}).content.decode()
    assert "Walk through the ruling: Revoke ›" in html


def test_english_results_are_titled_in_english(client):
    """Review bug 7: the results' titles were Chinese only although the laws have title_en; the Chinese beside
    them is marked as Chinese. A Chinese page keeps the rulebook's titles."""
    with translation.override(None):
        client.cookies["django_language"] = "en"
        html = client.get("/search/", {"q": "revoke"}).content.decode()
        del client.cookies["django_language"]
    assert '<a href="/laws/64/">Law 64 ' in html
    assert '<span class="search-title">Law 64A1 <small lang="zh-Hans">第64条A款1项' in html
    assert '<span class="search-title">REVOKE <small lang="zh-Hans">藏牌</small></span>' in html
    chinese = client.get("/search/", {"q": "revoke"}).content.decode()
    assert '<a href="/laws/64/">第64条 ' in chinese and "Law 64A1" not in chinese


def test_a_glossary_title_shows_the_corrected_english(client):
    """Review bug 15: the glossary's official English gloss has a slip (OPENNINGLEAD); result titles show the
    corrected reading, as the glossary does (fixtures/corrections.yaml)."""
    titles = [hit.title for hit in search("首引", limit=3).hits]
    assert "首引（OPENING LEAD）" in titles and not any("OPENNING" in title for title in titles)
