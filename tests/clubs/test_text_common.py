"""A common text filter in bounded time (issue 32): the text index is asked for at most the cap and one more ids;
past the cap the API's total says "more than the cap" (``count_capped``) and the page is read in the log's order,
each record tested as it is met — the same records, in the same order, as every match sorted."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from clubs import fulltext, selectors
from clubs.models import RulingRecord
from clubs.selectors import RulingFilters, TextMatches

from . import test_scale
from .test_scale import found, plan

planned = test_scale.planned  # the fixture: a few thousand rows for the planner

pytestmark = [pytest.mark.log, pytest.mark.django_db]

CAP = 4


@pytest.fixture
def small_cap(monkeypatch):
    monkeypatch.setattr(selectors, "TEXT_COUNT_CAP", CAP)


def make_log(make_record) -> None:
    """Eleven records, seven of them with 藏牌 (and 藏) in one text or another, over three days."""
    texts = [
        "东家藏牌",
        "无关",
        "北家藏牌二",
        "無",
        "藏牌",
        "明手",
        "西家藏牌",
        "藏牌藏牌",
        "x",
        "南家藏牌",
        "藏牌了",
    ]
    for k, text in enumerate(texts):
        field = ("notes", "statement", "event")[k % 3]
        make_record(date=datetime.date(2026, 1, 1) + datetime.timedelta(days=k % 3), **{field: text})


def walk(api, url: str) -> tuple[list[int], list[dict]]:
    seen, bodies = [], []
    while url:
        body = api.get(url).json()
        bodies.append(body)
        seen += [row["number"] for row in body["results"]]
        url = body["next"]
    return seen, bodies


@pytest.mark.parametrize("text", ["藏牌", "藏"])
def test_a_common_text_is_capped_and_its_pages_are_every_match_in_order(
    api, club, make_record, small_cap, text
):
    make_log(make_record)
    everything = selectors.ruling_list(club=club, filters=RulingFilters(text=text))  # every match, sorted
    expected = [record.number for record in everything]
    assert len(expected) == 7
    matches = selectors.ruling_text_matches(club=club, filters=RulingFilters(text=text))
    assert matches == TextMatches((), common=True)
    seen, bodies = walk(api, f"/api/clubs/{club.pk}/rulings/?limit=3&q={text}")
    assert seen == expected
    assert all(body["count"] == CAP and body["count_capped"] is True for body in bodies)
    by_offset = api.get(f"/api/clubs/{club.pk}/rulings/", {"q": text, "limit": 3, "offset": 3}).json()
    assert [row["number"] for row in by_offset["results"]] == expected[3:6]


def test_a_rare_text_or_a_text_with_another_filter_is_counted_exactly(api, club, make_record, small_cap):
    make_log(make_record)
    url = f"/api/clubs/{club.pk}/rulings/"
    body = api.get(url, {"q": "北家"}).json()
    assert (body["count"], body["count_capped"]) == (1, False)
    exact = selectors.ruling_text_matches(club=club, filters=RulingFilters(text="北家"))
    assert exact is not None and not exact.common and len(exact.ids) == 1
    # Another filter may leave fewer than the cap: no probe, the exact total.
    body = api.get(url, {"q": "藏牌", "date_from": "2026-01-02"}).json()
    assert (body["count"], body["count_capped"]) == (4, False)
    assert (
        selectors.ruling_text_matches(club=club, filters=RulingFilters(text="藏牌", status="final")) is None
    )
    body = api.get(url).json()  # no text: the kept counts, never capped
    assert (body["count"], body["count_capped"]) == (11, False)


def test_the_common_path_finds_the_director_the_appellant_and_numbers_too(api, club, make_record, small_cap):
    """The walk tests the other arms of the text filter as well: a board or record number, the director."""
    for k in range(6):
        make_record(notes="9墩" if k else "没有", board=9 if k == 0 else 1)
    body = api.get(f"/api/clubs/{club.pk}/rulings/", {"q": "9"}).json()
    assert body["count_capped"] is True
    assert sorted(row["number"] for row in body["results"]) == [1, 2, 3, 4, 5, 6]


# --- the HTML list, the same path (issue 32, item 2) ---------------------------------------------------------


def html_page(client, club, params: dict, language: str = "zh-hans"):
    with translation.override(None):
        client.cookies["django_language"] = language
        response = client.get(f"/clubs/{club.pk}/rulings/", params)
    assert response.status_code == 200
    return response


@pytest.mark.parametrize("text", ["藏牌", "藏"])
def test_the_html_list_caps_a_common_text_and_pages_every_match_both_ways(
    client, director, club, make_record, small_cap, monkeypatch, text
):
    """The HTML list takes the API's path: "4+" (the cap, lowered here), said to be a cap, counted by no query;
    its next links walk every match in the log's order, no duplicate, no miss, and its previous links back."""
    from clubs.views import review

    monkeypatch.setattr(review, "PAGE_SIZE", 3)
    make_log(make_record)
    expected = [r.number for r in selectors.ruling_list(club=club, filters=RulingFilters(text=text))]
    assert len(expected) == 7
    client.force_login(director)
    pages, seen, params = [], [], {"q": text}
    while True:
        with CaptureQueriesContext(connection) as queries:
            response = html_page(client, club, params)
        sql = " ".join(query["sql"].upper() for query in queries)
        assert "COUNT(" not in sql and "OFFSET" not in sql, "a capped page counts nothing and reads no offset"
        page = response.context["page"]
        assert (page.total, page.capped) == (CAP, True)
        html = response.content.decode()
        assert "共 4+ 条裁决" in html and "常见的字词只数到 4 条" in html
        pages.append(page)
        seen += [record.number for record in page.records]
        if page.after is None:
            break
        params = {"q": text, "after": page.after}
    assert seen == expected and len(seen) == len(set(seen)) and len(pages) == 3
    back: list[int] = []
    params = {"q": text, "before": pages[-1].records[0].number}
    while True:
        page = html_page(client, club, params).context["page"]
        assert page.capped
        back = [record.number for record in page.records] + back
        if page.before is None:
            break
        params = {"q": text, "before": page.before}
    assert back == expected[:6]


def test_the_html_list_prints_the_real_cap_as_1000_plus_in_both_languages(
    client, director, club, make_record, monkeypatch
):
    """A thousand and one records are not made here: the index is made to answer "common", and the list prints
    the real cap, with its thousands separator, in Chinese and in English."""
    make_log(make_record)
    monkeypatch.setattr(
        selectors, "ruling_text_matches", lambda *, club, filters: TextMatches((), common=True)
    )
    client.force_login(director)
    chinese = html_page(client, club, {"q": "藏牌"}).content.decode()
    assert "共 1,000+ 条裁决" in chinese and "常见的字词只数到 1,000 条" in chinese
    english = html_page(client, club, {"q": "藏牌"}, "en").content.decode()
    assert "1,000+ rulings" in english and "counted up to 1,000 only" in english
    assert "条裁决" not in english


def test_the_html_list_counts_a_rare_text_or_a_text_with_another_filter_exactly(
    client, director, club, make_record, small_cap
):
    make_log(make_record)
    client.force_login(director)
    for params, total in (({"q": "北家"}, 1), ({"q": "藏牌", "date_from": "2026-01-02"}, 4), ({}, 11)):
        response = html_page(client, club, params)
        page = response.context["page"]
        assert (page.total, page.capped) == (total, False)
        html = response.content.decode()
        assert f"共 {total} 条裁决" in html and "+ 条裁决" not in html and "常见的字词" not in html
    english = html_page(client, club, {"q": "北家"}, "en").content.decode()
    assert "1 ruling" in english and "+ rulings" not in english


def test_the_common_path_reads_the_order_index_and_no_gram_function(planned):
    """The page of a common text walks the log's order index (no sort of the matches) and, on PostgreSQL, tests
    each row's text without computing its grams."""
    common = TextMatches((), common=True)
    for text in ("8号", "罕", "罕见的停顿"):
        records = selectors.ruling_list(club=planned, filters=RulingFilters(text=text), matches=common)
        text_plan = plan(records[:51])
        assert "ruling_club_order_idx" in text_plan, text_plan
        assert "TEMP B-TREE FOR ORDER BY" not in text_plan and "Sort Key" not in text_plan, text_plan
        assert fulltext.PG_GRAM_FUNCTION not in text_plan.replace(fulltext.GRAM_TABLE + " ", ""), text_plan
        every = selectors.ruling_list(club=planned, filters=RulingFilters(text=text))
        assert [r.number for r in records] == [r.number for r in every] != []


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's planner and the gram function")
def test_postgresql_starts_no_parallel_workers_for_the_gram_index(planned):
    """The gram function is PARALLEL RESTRICTED: its declared cost made the planner start parallel workers to
    count a thousand ids from an exact index (at 100,000 records, on each request). Parallel plans are made cheap
    here so that a table of 3,000 rows would get one if it could."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT proparallel FROM pg_proc WHERE proname = %s", [fulltext.PG_GRAM_FUNCTION])
        assert cursor.fetchone()[0] == "r"
        cursor.execute(
            "SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0; "
            "SET enable_seqscan = off"
        )
        try:
            probe = fulltext.probe_sql(connection, text="8号", club_id=planned.pk, limit=1001)
            assert probe is not None
            cursor.execute("EXPLAIN " + probe[0], probe[1])
            probe_plan = "\n".join(row[0] for row in cursor.fetchall())
        finally:
            cursor.execute("RESET ALL")
    assert fulltext.PG_GRAM_INDEX in probe_plan and "Gather" not in probe_plan, probe_plan


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's FTS5 gram table")
def test_sqlite_gram_table_has_a_one_character_prefix_index_and_is_refilled(club, make_record):
    make_record(notes="东家藏牌")
    make_record(notes="明手")
    with connection.cursor() as cursor:
        cursor.execute("SELECT sql FROM sqlite_master WHERE name = %s", [fulltext.GRAM_TABLE])
        assert "prefix='1'" in cursor.fetchone()[0]
    fulltext.tune_grams(connection)  # migration 0012 on a log that has records: rebuilt and refilled
    assert found(club, "藏") == [1] and found(club, "明手") == [2] and found(club, "手") == [2]
    assert RulingRecord.objects.count() == 2


# --- PostgreSQL: a dense text is told common by walking the newest records, not by the index's bitmap ----------

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the walk before the index is PostgreSQL's (a GIN bitmap)"
)


def text_matches(club, text: str) -> tuple[TextMatches | None, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        matches = selectors.ruling_text_matches(club=club, filters=RulingFilters(text=text))
    return matches, [query["sql"] for query in queries.captured_queries]


def asked_the_index(sql: list[str]) -> bool:
    return any(fulltext.PG_GRAM_FUNCTION in query or "ILIKE" in query for query in sql)


def walked_on(sql: list[str]) -> bool:
    return any("AS walk(" in query for query in sql)


def make_dated(make_record, texts: list[str], first: datetime.date) -> list[RulingRecord]:
    return [make_record(date=first + datetime.timedelta(days=k), notes=text) for k, text in enumerate(texts)]


def matched_numbers(matches: TextMatches) -> list[int]:
    return sorted(RulingRecord.objects.filter(pk__in=matches.ids).values_list("number", flat=True))


@needs_postgresql
@pytest.mark.parametrize("text", ["藏牌", "藏", "藏牌了"])
def test_a_dense_text_is_told_common_by_the_walk_without_the_index(club, make_record, small_cap, text):
    """Cap 4: a sample of the 5 newest records, then a walk of at most 100 that stops at the 5th match."""
    make_dated(make_record, ["藏牌了"] * 6 + ["无关", "藏牌了"] * 20, datetime.date(2026, 1, 1))
    matches, sql = text_matches(club, text)
    assert matches == TextMatches((), common=True)
    assert walked_on(sql) and not asked_the_index(sql), sql


@needs_postgresql
def test_a_club_smaller_than_the_sample_is_answered_by_the_walk_exactly(
    club, make_record, small_cap, monkeypatch
):
    monkeypatch.setattr(selectors, "TEXT_COUNT_CAP", 20)  # a sample of 21 records: the whole club of 11
    make_log(make_record)
    for text, expected in (("藏牌", 7), ("藏", 7), ("北家藏牌", 1), ("没有的字", 0)):
        matches, sql = text_matches(club, text)
        assert matches is not None and not matches.common and not asked_the_index(sql), sql
        assert matched_numbers(matches) == found_numbers(club, text) and len(matches.ids) == expected


def found_numbers(club, text: str) -> list[int]:
    """What the index finds (every match, the exact path), as record numbers."""
    return sorted(r.number for r in selectors.ruling_list(club=club, filters=RulingFilters(text=text)))


@needs_postgresql
def test_a_rare_text_is_asked_of_the_index_and_counted_exactly(club, make_record, small_cap):
    """Not in the sample: the index at once. In the sample but short of the cap in the walk: the index after."""
    make_dated(
        make_record,
        ["罕见"] + ["无关"] * 20 + ["北家", "无关", "无关", "无关", "无关"],
        datetime.date(2026, 1, 1),
    )
    matches, sql = text_matches(club, "罕见")  # the oldest record only: the sample has none
    assert matches is not None and not matches.common and matched_numbers(matches) == [1]
    assert asked_the_index(sql) and not walked_on(sql), sql
    matches, sql = text_matches(club, "北家")  # one in the five newest (dense there), one in the club
    assert matches is not None and not matches.common and matched_numbers(matches) == [22]
    assert walked_on(sql) and asked_the_index(sql), sql


@needs_postgresql
def test_the_walk_never_changes_a_count(api, club, make_record, small_cap):
    """Dense in the newest records but only 3 in the club: exact (3). Absent from the newest but 8 in the older
    records: capped (4+), from the index. The API says the same."""
    make_dated(make_record, ["旧案"] * 8 + ["无关"] * 30, datetime.date(2025, 1, 1))
    make_dated(make_record, ["新案", "无关", "新案", "新案", "无关"], datetime.date(2026, 6, 1))
    url = f"/api/clubs/{club.pk}/rulings/"
    for text, common, count in (("新案", False, 3), ("旧案", True, CAP)):
        matches, sql = text_matches(club, text)
        assert matches is not None and matches.common is common and asked_the_index(sql), sql
        body = api.get(url, {"q": text}).json()
        assert (body["count"], body["count_capped"]) == (count, common)
        everything = found_numbers(club, text)
        assert len(everything) == (3 if text == "新案" else 8)


# --- a text without case is tested on the rows without lower-casing them -------------------------------------


def test_no_character_case_maps_to_a_caseless_one_but_itself():
    """What fulltext.caseless rests on, over every code point (Python's Unicode tables): a letter without case or
    a digit maps to itself, and no other character lower-cases, upper-cases or folds to one."""
    import sys
    import unicodedata

    for code in range(sys.maxunicode + 1):
        character = chr(code)
        category = unicodedata.category(character)
        if category in ("Cn", "Cs", "Co"):  # unassigned, surrogates, private use: no mappings
            continue
        caseless = category in fulltext.CASELESS_CATEGORIES
        for mapped in (character.lower(), character.upper(), character.casefold()):
            assert mapped != "", hex(code)
            if caseless:
                assert mapped == character, hex(code)
            else:
                assert not any(fulltext.caseless(part) for part in mapped), (hex(code), mapped)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("癸", True), ("9墩", True), ("甲辛号桌", True), ("ｱｲ", True), ("٣号", True), ("A类", False)]
    + [("藏 牌", False), ("藏牌。", False), ("", False), ("ǅ", False)],
)
def test_caseless_texts(text, expected):
    assert fulltext.caseless(text) is expected


@needs_postgresql
@pytest.mark.parametrize(
    ("text", "lowered"), [("藏牌", False), ("9墩", False), ("abc", True), ("ABC藏", True)]
)
def test_the_walk_finds_what_the_index_finds_with_or_without_lower(club, make_record, text, lowered):
    for notes in ("ABC藏牌", "abc藏", "9墩", "９墩", "Abc 藏牌", "藏牌ǅ", "无关", "ａｂｃ"):
        make_record(notes=notes)
    test, _params = fulltext.row_test_sql(
        connection, text=text, club_id=club.pk, table="rulings_rulingrecord"
    )
    assert ("lower(" in test) is lowered
    common = selectors.ruling_list(club=club, filters=RulingFilters(text=text), matches=TextMatches((), True))
    every = selectors.ruling_list(club=club, filters=RulingFilters(text=text))  # the index's matches
    assert [r.number for r in common] == [r.number for r in every] != []
