"""The query function: reference jumps, synonyms, pinyin, typos, highlighting and bad input."""

import re

import pytest

from search import highlight
from search.query import MAX_LIMIT, MAX_QUERY_LENGTH, SearchInputError, search

pytestmark = pytest.mark.django_db

TAG_RE = re.compile(r"<[^>]*>")


def ids(query, limit=5):
    return [hit.id for hit in search(query, limit=limit).hits]


# ----------------------------------------------------------------------------------------- reference jumps


@pytest.mark.parametrize(
    ("query", "ref", "url"),
    [
        ("27B1", "27B1", "/laws/27/#27B1"),
        ("27b1", "27B1", "/laws/27/#27B1"),
        ("27b", "27B", "/laws/27/#27B"),
        (" 第27条B款1项 ", "27B1", "/laws/27/#27B1"),
        ("第27条b款", "27B", "/laws/27/#27B"),
        ("第64条", "64", "/laws/64/"),
        ("Law 12C", "12C", "/laws/12/#12C"),
        ("law 12c1", "12C1", "/laws/12/#12C1"),
        ("L40", "40", "/laws/40/"),
        ("６４Ｂ６", "64B6", "/laws/64/#64B6"),  # full-width, as a Chinese keyboard may type it
    ],
)
def test_a_reference_jumps_to_its_section(query, ref, url):
    result = search(query)
    top = result.hits[0]
    assert (top.ref, top.url, top.jump) == (ref, url, True)
    assert result.jump is top
    assert [hit.jump for hit in result.hits[1:]] == [False] * (len(result.hits) - 1)


def test_a_jump_is_followed_by_what_cites_it():
    hits = search("第64条", limit=20).hits
    citing = {hit.ref for hit in hits[1:]}
    assert "63B" in citing  # 以违反第61条B款的方式引起对藏牌的注意时……按第64条的规定处理
    marked = next(hit for hit in hits if hit.ref == "63B").snippet
    assert "<mark>第64条</mark>" in marked


def test_a_missing_section_falls_back_to_its_law():
    top = search("27Z").hits[0]
    assert (top.ref, top.jump) == ("27", True)


def test_a_reference_beside_words_puts_its_law_first():
    sections = [hit for hit in search("藏牌 第64条", limit=6).hits if hit.kind == "section"]
    assert sections and all(hit.law == 64 for hit in sections)
    assert search("藏牌 第64条").jump is None


def test_several_references_list_their_sections():
    refs = {hit.ref for hit in search("64a、64b", limit=20).hits}
    assert {"64A", "64B"} <= refs


def test_a_number_beyond_the_laws_is_text():
    result = search("99")
    assert result.jump is None


# ------------------------------------------------------------------------------------------------ synonyms


@pytest.mark.parametrize("query", ["藏牌", "revoke", "REVOKE", "Revoked", "cangpai"])
def test_one_idea_under_its_names(query):
    hits = search(query, limit=20).hits
    assert hits[0].title.startswith("藏牌（REVOKE）")
    assert {61, 62, 63, 64} <= {hit.law for hit in hits}
    assert any("<mark>藏牌</mark>" in hit.snippet for hit in hits)


@pytest.mark.parametrize(
    ("query", "law", "marked"),
    [
        ("opening lead", 41, "首引"),
        ("insufficient bid", 27, "不足叫牌"),
        ("penalty card", 50, "罚张"),
        ("unauthorized information", 16, "非法信息"),
        ("unauthorised information", 16, "非法信息"),
        ("fouled board", 87, "错牌"),
    ],
)
def test_english_finds_the_chinese_text(query, law, marked):
    hits = search(query, limit=10).hits
    assert law in {hit.law for hit in hits}
    assert any(f"<mark>{marked}" in hit.snippet for hit in hits if hit.law == law)


def test_a_synonym_inside_a_longer_query():
    hits = search("revoke 第12墩", limit=5).hits
    assert {"62D", "64B6"} <= {hit.ref for hit in hits}
    snippet = next(hit for hit in hits if hit.ref == "62D").snippet
    assert "<mark>第12墩</mark>" in snippet and "<mark>藏牌</mark>" in snippet


# -------------------------------------------------------------------------------------------------- pinyin


@pytest.mark.parametrize("query", ["cangpai", "cang pai", "CangPai", "cáng pái", "cang2 pai2", "cang2pai2"])
def test_pinyin_with_or_without_tones_and_spaces(query):
    assert ids(query) == ids("藏牌")


@pytest.mark.parametrize(
    ("query", "term"), [("bu zu jiao pai", "不足叫牌"), ("fazhang", "罚张"), ("yuexu shouyin", "越序首引")]
)
def test_pinyin_of_glossary_terms(query, term):
    hits = search(query, limit=5).hits
    assert any(hit.title.startswith(term) or f"<mark>{term}</mark>" in hit.snippet for hit in hits)


# --------------------------------------------------------------------------------------------------- typos


@pytest.mark.parametrize(
    ("typo", "right"),
    [
        ("revoek", "revoke"),
        ("insuficient bid", "insufficient bid"),
        ("penalti card", "penalty card"),
        ("apeal", "appeal"),
    ],
)
def test_english_typos_are_forgiven(typo, right):
    assert ids(typo, 3) == ids(right, 3)


def test_short_english_words_are_not_fuzzy():
    # "bid" is too short to be corrected: three letters away from anything is too far to guess.
    assert search("bix").hits == ()


# ---------------------------------------------------------------------------------------------- ranking


def test_titles_and_terms_come_first():
    hits = search("不足叫牌", limit=3).hits
    assert {hit.title for hit in hits} >= {"第27条 不足叫牌", "不足叫牌（INSUFFICIENT BID）"}
    assert search("明手的权利").hits[0].title == "第42条 明手的权利"
    assert search("有争议的声称").hits[0].law == 70


def test_a_definition_links_to_the_glossary():
    top = search("藏牌").hits[0]
    assert top.kind == "definition"
    assert re.fullmatch(r"/glossary/#term-\d+", top.url)


def test_results_are_ranked_by_score():
    scores = [hit.score for hit in search("藏牌 penalty", limit=20).hits]
    assert scores == sorted(scores, reverse=True)


# ------------------------------------------------------------------------------------------- highlighting


def test_marks_whole_terms():
    hits = search("越序首引", limit=5).hits
    assert any("<mark>越序首引</mark>" in hit.snippet for hit in hits)
    for hit in hits:
        assert "<mark>越序</mark><mark>" not in hit.snippet
        assert "</mark><mark>" not in hit.snippet


def test_snippets_hold_only_marks():
    for query in ["藏牌", "revoke", "<b>藏牌</b>", "罚张 lead", "27b1", "&amp; 明手"]:
        for hit in search(query, limit=20).hits:
            assert set(TAG_RE.findall(hit.snippet)) <= {"<mark>", "</mark>"}, hit.snippet


def test_snippet_escapes_and_marks():
    assert highlight.snippet("a<b>藏牌&c", ["藏牌"]) == "a&lt;b&gt;<mark>藏牌</mark>&amp;c"
    assert highlight.snippet("藏牌成立后", ["藏牌", "成立"]) == "<mark>藏牌成立</mark>后"
    assert (
        highlight.snippet("Revokes and revoked", stems=["revok"])
        == "<mark>Revokes</mark> and <mark>revoked</mark>"
    )


def test_a_long_text_is_cut_around_the_match():
    text = "前" * 200 + "藏牌" + "后" * 200
    out = highlight.snippet(text, ["藏牌"])
    assert out.startswith("…") and out.endswith("…") and "<mark>藏牌</mark>" in out
    assert len(TAG_RE.sub("", out)) <= highlight.WIDTH + 2


# ----------------------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "query",
    ["", "   ", "*", "?", "((", '"', "OR", "AND NOT", "title_w:藏牌", "re*", "%", "\x00", "\ud800", "😀🃏",
     "the of and", "．", "第", "12345678901234567890", "第99条", "a" * MAX_QUERY_LENGTH, "藏" * MAX_QUERY_LENGTH],
)  # fmt: skip
def test_garbage_is_answered_cleanly(query):
    result = search(query)
    assert isinstance(result.hits, tuple)
    assert result.took_ms >= 0


def test_empty_input_has_no_results():
    assert search("").hits == ()
    assert search("  \t ").hits == ()


def test_too_long_a_query_is_refused():
    with pytest.raises(SearchInputError) as error:
        search("藏" * (MAX_QUERY_LENGTH + 1))
    assert error.value.field == "q"


@pytest.mark.parametrize("limit", [0, -1, MAX_LIMIT + 1, "5", 2.5, True])
def test_limit_out_of_range_is_refused(limit):
    with pytest.raises(SearchInputError) as error:
        search("藏牌", limit=limit)
    assert error.value.field == "limit"


def test_limit_is_respected():
    assert len(search("牌", limit=1).hits) == 1
    assert len(search("牌", limit=MAX_LIMIT).hits) == MAX_LIMIT
