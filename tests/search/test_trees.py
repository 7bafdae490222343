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
from tests.laws.edition_fixture import edition_2017  # noqa: F401 (a fixture)

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
    monkeypatch.setattr(search_trees, "trees", lambda edition=None: {**trees(edition), "claim": claim})
    search_trees.clear_cache()
    generation.current_generation().plans.clear()
    try:
        assert slugs("声称")[0] == "claim"
        assert slugs("有争议的声称")[0] == "claim"
        assert slugs("claim")[0] == "claim"
        assert slugs("第70条") == ["claim"]
        assert search("声称").trees[0].url == reverse("rulings:wizard-walk", args=["claim"])
    finally:
        search_trees.clear_cache()
        generation.current_generation().plans.clear()


def test_the_api_answers_trees_beside_the_results(http):
    data = http("GET", "/api/search/?" + urllib.parse.urlencode({"q": "藏牌"})).json()
    assert set(data) == {"query", "edition", "results", "trees", "took_ms"}
    assert data["trees"][0] == {
        "slug": "revoke",
        "edition": "ccba-1999",
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


# ------------------------------------------------------------------------------------------------ editions
# Each edition's trees are offered for its own names and law numbers, opening the wizard in that edition.


@pytest.fixture
def index_2017(edition_2017, settings, tmp_path):  # noqa: F811
    """An index of its own holding the small test wbf-2017 edition beside the base one."""
    settings.SEARCH_INDEX_DIR = tmp_path / "index"
    generation.forget_generation()
    yield
    generation.forget_generation()


def offered(query: str, edition: str | None = None, every: bool = False) -> list[tuple[str, str, str]]:
    result = search(query, edition=edition, all_editions=every)
    return [(tree.edition, tree.slug, tree.url) for tree in result.trees]


def laws_of(slug: str, edition: str) -> set[int]:
    return {law_of(ref) for ref in trees(edition)[slug].laws}


def test_a_2017_law_number_offers_the_2017_trees_citing_it(index_2017):
    """2017 Law 23 is the comparable call: the 2017 auction trees cite it; 1997 Law 23 (awareness of damage) is
    cited by other 1999 trees. Each edition offers its own, the 2017 ones opening the wizard in 2017."""
    in_2017 = offered("第23条", "wbf-2017")
    assert search("第23条", edition="wbf-2017").jump.edition == "wbf-2017"
    assert [slug for _, slug, _ in in_2017] == ["insufficient-bid", "change-of-call", "call-out-of-rotation"]
    assert all(23 in laws_of(slug, "wbf-2017") for _, slug, _ in in_2017)
    assert {edition for edition, _, _ in in_2017} == {"wbf-2017"}
    assert in_2017[0][2] == "/rulings/insufficient-bid/?edition=wbf-2017"
    in_1999 = offered("第23条", "ccba-1999")
    assert [slug for _, slug, _ in in_1999] == ["insufficient-bid", "exposed-card-auction", "change-of-call"]
    assert in_1999[1] == ("ccba-1999", "exposed-card-auction", "/rulings/exposed-card-auction/")
    assert 23 not in laws_of("exposed-card-auction", "wbf-2017")  # so 2017 does not offer it


@pytest.mark.parametrize("query", ["可比叫品", "comparable call", "可比叫牌", "kebijiao"])
def test_a_2017_term_offers_the_2017_insufficient_bid(query, index_2017):
    assert offered(query, "wbf-2017")[0] == (
        "wbf-2017",
        "insufficient-bid",
        "/rulings/insufficient-bid/?edition=wbf-2017",
    )


def test_a_1999_query_offers_the_1999_trees():
    assert offered("藏牌", "ccba-1999")[0] == ("ccba-1999", "revoke", "/rulings/revoke/")
    assert offered("藏牌")[0] == ("ccba-1999", "revoke", "/rulings/revoke/")  # the site default
    assert {edition for edition, _, _ in offered("第64条")} == {"ccba-1999"}
    # 1999's insufficient-bid tree names no comparable call (a 2017 idea): nothing of 1999 is offered for it.
    assert "insufficient-bid" not in [slug for _, slug, _ in offered("comparable call", "ccba-1999")]


def test_every_name_of_every_2017_tree_offers_it():
    missing = []
    for slug, tree in trees("wbf-2017").items():
        for name in (tree.title, tree.title_en, *tree.keywords):
            if ("wbf-2017", slug) not in [(e, s) for e, s, _ in offered(name, "wbf-2017")]:
                missing.append((slug, name))
    assert not missing


def test_every_edition_offers_the_working_editions_trees_first(index_2017):
    both = offered("藏牌", "ccba-1999", every=True)
    assert both[0] == ("ccba-1999", "revoke", "/rulings/revoke/")
    assert ("wbf-2017", "revoke", "/rulings/revoke/?edition=wbf-2017") in both
    editions = [edition for edition, _, _ in both]
    assert editions == sorted(editions, key=lambda code: code != "ccba-1999")  # 1999's, then 2017's
    first_2017 = offered("第23条", "wbf-2017", every=True)
    assert first_2017[:3] == offered("第23条", "wbf-2017")
    assert {edition for edition, _, _ in first_2017[3:]} == {"ccba-1999"}


def test_a_trees_laws_count_in_its_own_edition_only():
    """Searching both editions, the 2017 insufficient-bid tree lifts the 2017 Law 27, not the 1997 Law 27."""
    from search.plan import Plan
    from search.query import _factor

    tree = search_trees.matching_trees("comparable call", None, None, "wbf-2017")[0]
    assert (tree.edition, tree.slug) == ("wbf-2017", "insufficient-bid")
    tree_laws = {(tree.edition, law): weight for law, weight in tree.laws.items()}
    doc = {
        "kind": "section",
        "title": "27B1 x",
        "ref": "27B1",
        "law": 27,
        "term": "",
        "context": "",
        "body": "",
    }
    assert _factor({**doc, "edition": "wbf-2017"}, Plan(trees=[tree]), tree_laws) > 1
    assert _factor({**doc, "edition": "ccba-1999"}, Plan(trees=[tree]), tree_laws) == 1


def test_the_api_and_page_offer_each_editions_trees(client, index_2017):
    data = client.get("/api/search/", {"q": "可比叫品", "edition": "wbf-2017"}).json()
    assert data["trees"][0] == {
        "slug": "insufficient-bid",
        "edition": "wbf-2017",
        "title": "不足叫牌",
        "title_en": "Insufficient bid",
        "url": "/rulings/insufficient-bid/?edition=wbf-2017",
    }
    every = client.get("/api/search/", {"q": "藏牌", "edition": "all"}).json()["trees"]
    assert [t["edition"] for t in every][:1] == ["ccba-1999"] and "wbf-2017" in {t["edition"] for t in every}
    client.cookies["edition"] = "wbf-2017"
    page = client.get("/search/", {"q": "可比叫品"}).content.decode()
    assert 'href="/rulings/insufficient-bid/?edition=wbf-2017"' in page
    page = client.get("/search/", {"q": "藏牌", "edition": "all"}).content.decode()
    assert page.index('href="/rulings/revoke/?edition=wbf-2017"') < page.index(
        'href="/rulings/revoke/?edition=ccba-1999"'
    )
    assert "藏牌 · 2017年版 ›" in page
    # Working in 2017, the 1999 trees offered beside its own name their edition (a bare link would open 2017's).
    every = client.get("/api/search/", {"q": "藏牌", "edition": "all"}).json()["trees"]
    assert every[0]["url"] == "/rulings/revoke/?edition=wbf-2017"
    assert {"edition": "ccba-1999", "url": "/rulings/revoke/?edition=ccba-1999"}.items() <= next(
        t for t in every if t["edition"] == "ccba-1999"
    ).items()
