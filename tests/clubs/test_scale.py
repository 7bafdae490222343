"""The ruling log at scale (issue 20): the free-text filter on its index, keyset pagination beside a bounded
offset, statistics counted by the database, the CSV streamed, the record page in a fixed number of queries, the
query plans (each filter and the default order read from an index: EXPLAIN on SQLite and on PostgreSQL)."""

import datetime
import re

import pytest
from django.db import connection
from django.db.models import QuerySet
from django.http import StreamingHttpResponse
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from clubs import exports, fulltext, selectors, services
from clubs.models import RulingRecord, Status
from clubs.selectors import RulingFilters

from .conftest import IB_FACTS

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def numbers(records) -> list[int]:
    return [record.number for record in records]


def found(club, text: str) -> list[int]:
    return sorted(numbers(selectors.ruling_list(club=club, filters=RulingFilters(text=text))))


# --- the free-text filter ----------------------------------------------------------------------------------


def test_text_finds_a_chinese_substring_in_any_text_field_of_the_club_only(
    club, other_club, make_record, outsider
):
    make_record(notes="北家叫牌前明显停顿")  # 1
    make_record(statement="南家打出黑桃A后发现藏牌")  # 2
    make_record(event="春季明显停顿杯")  # 3
    make_record(notes="无关")  # 4
    services.ruling_create(
        club=other_club,
        by=outsider,
        event="明显停顿",
        date=datetime.date(2026, 3, 1),
        board=1,
        irregularity="other",
    )
    assert found(club, "明显停顿") == [1, 3]
    assert found(club, "发现藏牌") == [2]
    assert found(club, "没有的字") == []


def test_text_is_case_insensitive_and_takes_like_wildcards_literally(club, make_record):
    make_record(notes="Claim by DECLARER")  # 1
    make_record(notes="100% 确定")  # 2
    make_record(notes="1000 确定")  # 3
    make_record(notes="a_b_c")  # 4
    make_record(notes="aXbXc")  # 5
    assert found(club, "declarer") == [1]
    assert found(club, "0% 确") == [2]
    assert found(club, "a_b") == [4]


def test_short_text_falls_back_and_still_finds(club, make_record):
    make_record(notes="藏牌")  # 1
    make_record(notes="叫牌")  # 2
    assert found(club, "藏牌") == [1]
    assert found(club, "牌") == [1, 2]


def test_text_finds_the_director_the_appellant_and_a_board_or_record_number(
    club, make_record, director2, chief
):
    make_record(by=director2, board=9)  # 1, by director2
    record = make_record(status=Status.FINAL, board=20)  # 2
    services.appeal_lodge(record=record, by=chief, appellant="东西 王五／赵六")
    make_record(board=3)  # 3
    assert found(club, "ector2") == [1]
    assert found(club, "王五") == [2]
    assert found(club, "20") == [2]
    assert found(club, "3") == [3]  # record number 3 (board 3 too)
    assert found(club, "9" * 40) == []  # a long number is text, not an integer overflow


def test_an_edit_and_a_new_record_are_found_at_once(club, make_record, director):
    record = make_record(notes="旧的说明文字")
    assert found(club, "旧的说明") == [1]
    services.ruling_update(record=record, expected_version=1, by=director, changes={"notes": "新的说明文字"})
    assert found(club, "旧的说明") == []
    assert found(club, "新的说明") == [1]


SHORT_TEXTS = [
    "北家叫牌前明显停顿，南家随后加倍",
    "Declarer claimed; 东家 disputed the CLAIM",
    "明手打出红心A（第9墩）后发现藏牌",
    "a_b 100% 迟疑",
    "第9墩",
    "",
]


def test_one_and_two_characters_find_exactly_what_a_scan_finds(club, other_club, make_record, outsider):
    """Issue 32: a query of one or two characters (藏牌, 明手, 9墩) is answered from the gram index; what it
    finds is exactly the records whose texts hold it (case-insensitive in ASCII), this club's only."""
    for text in SHORT_TEXTS:
        make_record(notes=text)
    services.ruling_create(
        club=other_club,
        by=outsider,
        event="藏牌 明手",
        date=datetime.date(2026, 3, 1),
        board=1,
        irregularity="other",
    )
    texts = {
        # The filter also finds the director by his username.
        record.number: " ".join(
            [*(getattr(record, c) for c in fulltext.TEXT_COLUMNS), record.director.username]
        ).lower()
        for record in RulingRecord.objects.filter(club=club).select_related("director")
    }
    queries = {text[i : i + n] for text in SHORT_TEXTS for n in (1, 2) for i in range(len(text) - n + 1)}
    queries |= {"cl", "CL", "Cl", "藏", "牌藏", "无字"}
    for query in sorted(queries):
        if query != query.strip() or any(c.isdigit() for c in query):
            continue  # the filter strips blanks; a number also finds boards, record numbers and directors
        expected = sorted(number for number, text in texts.items() if query.lower() in text)
        assert found(club, query) == expected, query


def test_a_two_character_query_follows_edits_by_the_services_and_by_raw_sql(club, make_record, director):
    record = make_record(notes="东家迟疑")
    make_record(notes="明手越权")
    assert found(club, "迟疑") == [1]
    services.ruling_update(record=record, expected_version=1, by=director, changes={"notes": "西家停顿"})
    assert found(club, "迟疑") == []
    assert found(club, "停顿") == [1]
    assert found(club, "停") == [1]
    with connection.cursor() as cursor:  # any writer (an import, a console): the database keeps the index
        cursor.execute(
            f"UPDATE {RulingRecord._meta.db_table} SET notes = %s WHERE id = %s", ["明手", record.pk]
        )
    assert found(club, "停顿") == []
    assert found(club, "明手") == [1, 2]


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's FTS5 table and its triggers")
def test_sqlite_gram_index_is_rebuilt_when_a_table_rebuild_dropped_its_triggers(club, make_record):
    make_record(notes="藏牌一")
    with connection.cursor() as cursor:
        for name in fulltext.SQLITE_GRAM_TRIGGERS:
            cursor.execute(f"DROP TRIGGER {name}")
    make_record(notes="藏牌二")
    assert found(club, "藏牌") == [1]  # out of step …
    assert fulltext.ensure(connection) is True  # … until migrate's post_migrate hook rebuilds it
    assert found(club, "藏牌") == [1, 2]
    assert fulltext.ensure(connection) is False


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's FTS5 table and its triggers")
def test_sqlite_fulltext_is_rebuilt_when_a_table_rebuild_dropped_its_triggers(club, make_record):
    make_record(notes="第一条记录")
    with connection.cursor() as cursor:
        for name in fulltext.SQLITE_TRIGGERS:
            cursor.execute(f"DROP TRIGGER {name}")
        cursor.execute(f"DELETE FROM {fulltext.FTS_TABLE}")
    make_record(notes="第二条记录")
    assert found(club, "条记录") == []  # the index is out of step …
    assert fulltext.ensure(connection) is True  # … until migrate's post_migrate hook puts it back
    assert found(club, "条记录") == [1, 2]
    assert fulltext.ensure(connection) is False


# --- pagination --------------------------------------------------------------------------------------------


def make_many(make_record, count: int) -> None:
    for k in range(count):
        make_record(date=datetime.date(2026, 1, 1) + datetime.timedelta(days=k % 4), board=k % 36 + 1)


def test_next_links_walk_the_whole_log_in_order(api, club, make_record):
    make_many(make_record, 11)
    expected = numbers(RulingRecord.objects.filter(club=club).order_by("-date", "-number"))
    seen, url = [], f"/api/clubs/{club.pk}/rulings/?limit=4"
    pages = 0
    while url:
        body = api.get(url).json()
        assert body["count"] == 11
        seen += [row["number"] for row in body["results"]]
        url = body["next"]
        pages += 1
    assert pages == 3 and seen == expected
    by_offset = api.get(f"/api/clubs/{club.pk}/rulings/", {"limit": 4, "offset": 4}).json()
    assert [row["number"] for row in by_offset["results"]] == expected[4:8]
    assert by_offset["next"].endswith(f"after={expected[7]}")


def test_the_html_list_walks_the_log_by_keyset_both_ways(client, director, club, make_record, monkeypatch):
    """Issue 32: the HTML list pages as the API does — next and previous links by record number, no OFFSET — so
    its last page costs what its first does; the filters ride along."""
    from clubs.views import review

    monkeypatch.setattr(review, "PAGE_SIZE", 4)
    make_many(make_record, 11)
    expected = numbers(RulingRecord.objects.filter(club=club).order_by("-date", "-number"))
    client.force_login(director)
    url = f"/clubs/{club.pk}/rulings/"
    pages, seen, query = [], [], {"irregularity": "insufficient-bid"}
    params = dict(query)
    while True:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url, params)
        assert response.status_code == 200
        assert not any("OFFSET" in q["sql"].upper() for q in queries), "a keyset page reads no OFFSET"
        page = response.context["page"]
        assert page.total == 11
        pages.append(page)
        seen += numbers(page.records)
        if page.after is None:
            break
        assert f"after={page.after}" in response.content.decode()
        params = {**query, "after": page.after}
    assert seen == expected and len(pages) == 3
    back = []
    params = {**query, "before": pages[-1].records[0].number}
    while True:
        page = client.get(url, params).context["page"]
        back = numbers(page.records) + back
        if page.before is None:
            break
        params = {**query, "before": page.before}
    assert back == expected[:8]


@pytest.mark.parametrize(
    "params", [{"after": "9" * 5000}, {"after": "x"}, {"before": "999"}, {"after": 1, "before": 2}]
)
def test_a_bad_page_link_is_400_and_says_so(client, director, club, record, params):
    client.force_login(director)
    response = client.get(f"/clubs/{club.pk}/rulings/", params)
    assert response.status_code == 400
    assert "翻页参数" in response.content.decode()


def test_after_keeps_the_filters(api, club, make_record, director2):
    make_many(make_record, 6)
    for _k in range(3):
        make_record(by=director2)
    url = f"/api/clubs/{club.pk}/rulings/"
    first = api.get(url, {"director": director2.pk, "limit": 2}).json()
    assert first["count"] == 3 and "director=" in first["next"]
    second = api.get(first["next"]).json()
    assert len(second["results"]) == 1 and second["next"] is None
    assert all(row["director"]["id"] == director2.pk for row in first["results"] + second["results"])


@pytest.mark.parametrize(
    "params, field",
    [
        ({"offset": 10**6 + 1}, "offset"),
        ({"offset": "9" * 30}, "offset"),
        ({"offset": "²"}, "offset"),
        ({"after": 999}, "after"),
        ({"after": 1, "offset": 2}, "after"),
        ({"after": "x"}, "after"),
    ],
)
def test_bad_pagination_is_400_naming_the_field(api, club, record, params, field):
    response = api.get(f"/api/clubs/{club.pk}/rulings/", params)
    assert response.status_code == 400
    assert response.json()["field"] == field


def test_the_deepest_offset_allowed_answers(api, club, record):
    body = api.get(f"/api/clubs/{club.pk}/rulings/", {"offset": 10**6}).json()
    assert body["results"] == [] and body["count"] == 1 and body["next"] is None


# --- statistics --------------------------------------------------------------------------------------------


def test_statistics_count_each_type_by_month(club, make_record):
    for day in (1, 15, 28):
        make_record(date=datetime.date(2026, 1, day))
    make_record(date=datetime.date(2026, 3, 2), irregularity="other", facts={})
    stats = selectors.ruling_statistics(club=club)
    jan, feb, mar = datetime.date(2026, 1, 1), datetime.date(2026, 2, 1), datetime.date(2026, 3, 1)
    assert stats.months == [jan, feb, mar]
    assert stats.counts == {("insufficient-bid", jan): 3, ("other", mar): 1}
    assert stats.total == 4


def test_statistics_counts_read_the_last_day_there_is(club, make_record):
    """The grouping itself (the month span is another matter: issue 20's overflow fix) holds at 9999-12-31."""
    # Legacy rows: the services refuse such dates now (1990 … a year ahead), so they are written directly.
    for day in (31, 1):
        record = make_record()
        type(record).objects.filter(pk=record.pk).update(date=datetime.date(9999, 12, day))
    counts = selectors.ruling_counts(club=club)
    assert counts == {("insufficient-bid", datetime.date(9999, 12, 1)): 2}


def test_statistics_read_the_kept_counts_not_the_records(club, make_record):
    for _k in range(5):
        make_record(date=datetime.date(2026, 2, 3))
    with CaptureQueriesContext(connection) as queries:
        counts = selectors.ruling_counts(club=club)
    assert counts == {("insufficient-bid", datetime.date(2026, 2, 1)): 5}
    assert len(queries) == 1
    assert "clubs_rulingcount" in queries[0]["sql"] and "rulings_rulingrecord" not in queries[0]["sql"]


# --- CSV ---------------------------------------------------------------------------------------------------


def test_csv_is_streamed_in_chunks(client, club, director, make_record):
    for k in range(5):
        make_record(notes=f"第{k}条")
    chunks = list(exports.csv_stream(exports.csv_records(selectors.ruling_list(club=club)), rows_per_chunk=2))
    assert len(chunks) == 4  # header, then rows 2 + 2 + 1
    assert chunks[0].startswith("\ufeff") and chunks[0].count("\n") == 1
    assert sum(chunk.count("\r\n") for chunk in chunks[1:]) == 6  # five records and the end mark
    assert chunks[-1].endswith("#END,导出完成：共 5 条记录,5\r\n")
    client.force_login(director)
    response = client.get(f"/clubs/{club.pk}/rulings/export.csv")
    assert isinstance(response, StreamingHttpResponse)


def test_csv_reads_the_rows_with_their_director_and_appeal_in_one_query_per_chunk(club, make_record, chief):
    for _k in range(6):
        make_record(status=Status.FINAL)
    services.appeal_lodge(record=RulingRecord.objects.get(club=club, number=2), by=chief, appellant="南北")
    with CaptureQueriesContext(connection) as queries:
        text = "".join(exports.csv_stream(exports.csv_records(selectors.ruling_list(club=club))))
    assert "南北" in text and text.count("\r\n") == 8  # the header, six records, the end mark
    assert len(queries) <= 2  # the rows (director and appeal joined); no query per row


# --- the record page ---------------------------------------------------------------------------------------


def test_the_record_page_and_api_take_the_same_queries_for_1_or_12_revisions_and_comments(
    client, club, director, chief, make_record
):
    small = make_record()
    big = make_record(status=Status.DRAFT)
    for k in range(11):
        services.ruling_update(
            record=big, expected_version=k + 1, by=director, changes={"table": str(k + 10)}
        )
    for k in range(12):
        services.review_comment_add(record=big, by=chief if k % 2 else director, text=f"意见 {k}")
    assert big.revisions.count() == 12 and big.comments.count() == 12
    client.force_login(director)
    api = APIClient()
    api.force_authenticate(director)

    def queries(path, http=client):
        with CaptureQueriesContext(connection) as captured:
            assert http.get(path).status_code == 200
        return len(captured)

    page = f"/clubs/{club.pk}/rulings/"
    api_url = f"/api/clubs/{club.pk}/rulings/"
    queries(f"{page}{small.number}/")  # warm: the law-link context is read once per process
    queries(f"{api_url}{small.number}/", api)
    assert queries(f"{page}{small.number}/") == queries(f"{page}{big.number}/")
    assert queries(f"{api_url}{small.number}/", api) == queries(f"{api_url}{big.number}/", api)


# --- the plans ---------------------------------------------------------------------------------------------


@pytest.fixture
def planned(club, director, director2):
    """Enough rows for a planner to weigh, written in bulk (the plans, not the services, are under test)."""
    template = services.ruling_create(
        club=club,
        by=director,
        event="周二",
        date=datetime.date(2026, 1, 1),
        board=1,
        facts=IB_FACTS,
        irregularity="insufficient-bid",
        notes="模板记录",
    )
    rows = []
    for k in range(2, 3002):
        # Each filter's value is rare (2% of the rows), as one director, a draft or an "other" is in a big log.
        other = k % 50 == 0
        rows.append(
            RulingRecord(
                club=club,
                number=k,
                date=datetime.date(2024, 1, 1) + datetime.timedelta(days=k % 700),
                event=f"第{k}场",
                board=k % 36 + 1,
                director=director2 if k % 50 == 2 else director,
                created_by=director,
                irregularity="other" if other else template.irregularity,
                facts={} if other else template.facts,
                outcome=None if other else template.outcome,
                laws=["16A"] if other else template.laws,
                edition=template.edition,
                tree_version=None if other else template.tree_version,
                status=Status.DRAFT if k % 50 == 1 else Status.FINAL,
                notes="罕见的停顿说明" if k % 500 == 7 else f"备注{k % 50}号",
            )
        )
    RulingRecord.objects.bulk_create(rows)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return club


def plan(records: QuerySet) -> str:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET enable_seqscan = off")  # a few thousand rows: make the planner show its index
        try:
            return records.explain()
        finally:
            with connection.cursor() as cursor:
                cursor.execute("RESET enable_seqscan")
    return records.explain()


def uses(text: str, index: str) -> bool:
    return index in text


def looked_up_by(text: str, column: str) -> bool:
    """The records are found through an index on ``column`` (not a scan of the club's records, nor the table's)."""
    table = RulingRecord._meta.db_table
    if connection.vendor == "postgresql":
        lines = text.splitlines()
        return f"Seq Scan on {table}" not in text and any(
            ("Index Cond:" in line or "Recheck Cond:" in line) and column in line for line in lines
        )
    return f"SCAN {table}" not in text and any(
        line.strip().split(" ", 3)[-1].startswith(f"SEARCH {table} USING")
        and re.search(rf"\b{column}[<>=]+\?", line)
        for line in text.splitlines()
    )


def test_the_default_order_is_read_from_its_index_without_a_sort(planned):
    text = plan(selectors.ruling_list(club=planned)[:50])
    assert uses(text, "ruling_club_order_idx"), text
    assert "TEMP B-TREE FOR ORDER BY" not in text and "Sort Key" not in text, text


@pytest.mark.parametrize(
    "filters, column",
    [
        ({"director": "director2"}, "director_id"),
        ({"status": Status.DRAFT}, "status"),
        ({"irregularity": "other"}, "irregularity"),
        ({"date_from": datetime.date(2025, 11, 1)}, "date"),
    ],
)
def test_each_filter_is_read_from_an_index(planned, director2, filters, column):
    """Each filter's value is found through an index on its column, so its page costs the matches at most (a
    rare value's few rows may then be sorted; a common one is read in the order index's order)."""
    if "director" in filters:
        filters = {"director": director2.pk}
    text = plan(selectors.ruling_list(club=planned, filters=RulingFilters(**filters))[:50])
    assert looked_up_by(text, column), text


def test_the_text_filter_is_read_from_the_fulltext_index(planned):
    text = plan(selectors.ruling_list(club=planned, filters=RulingFilters(text="罕见的停顿"))[:50])
    expected = fulltext.PG_INDEX if connection.vendor == "postgresql" else fulltext.FTS_TABLE
    assert expected in text, text
    assert len(found(planned, "罕见的停顿")) == 6
    assert len(found(planned, "备注8号")) == 60


@pytest.mark.parametrize("text", ["停顿", "罕", "8号"])
def test_one_and_two_character_filters_are_read_from_the_gram_index(planned, text):
    """Issue 32: the common Chinese query of one or two characters is looked up, not a scan of the club."""
    plan_text = plan(selectors.ruling_list(club=planned, filters=RulingFilters(text=text))[:50])
    expected = fulltext.PG_GRAM_INDEX if connection.vendor == "postgresql" else fulltext.GRAM_TABLE
    assert expected in plan_text, plan_text
    assert f"SCAN {RulingRecord._meta.db_table}" not in plan_text, plan_text
    assert "Seq Scan on" not in plan_text, plan_text


def test_a_keyset_page_is_a_range_of_the_order_index(planned):
    records = selectors.ruling_list(club=planned)
    after = records[2000]
    text = plan(selectors.ruling_after(records=records, after=after)[:50])
    assert uses(text, "ruling_club_order_idx"), text
    assert "TEMP B-TREE FOR ORDER BY" not in text and "Sort Key" not in text, text


# --- the admin ---------------------------------------------------------------------------------------------


def test_admin_change_list_searches_by_the_fulltext_index_and_filters_by_known_choices(
    client, club, make_record
):
    from django.contrib.auth import get_user_model

    make_record(notes="北家叫牌前明显停顿")
    make_record(notes="其他说明", irregularity="other", facts={}, laws=["16A"])
    admin_user = get_user_model().objects.create_superuser("root", "root@example.com", "pw-for-admin-1")
    client.force_login(admin_user)
    url = "/admin/clubs/rulingrecord/"
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, {"q": "明显停顿"})
    assert response.status_code == 200
    found_rows = response.context["cl"].result_list
    assert [r.number for r in found_rows] == [1]
    assert not any("DISTINCT" in q["sql"].upper() and "irregularity" in q["sql"] for q in queries)
    response = client.get(url, {"irregularity": "other"})
    assert [r.number for r in response.context["cl"].result_list] == [2]
    assert response.context["cl"].show_full_result_count is False


@pytest.mark.parametrize("url", ["/admin/clubs/rulingrevision/", "/admin/clubs/rulingrecord/"])
def test_admin_change_lists_of_a_big_table_count_nothing(client, club, make_record, monkeypatch, url):
    """Issue 32: an unfiltered change list of a big table reads an estimate (the largest id on SQLite, the
    planner's on PostgreSQL), not COUNT(*) over every row: flat from 1k to 100k records."""
    from django.contrib.auth import get_user_model

    from clubs import admin as clubs_admin

    for _k in range(4):
        make_record(notes="计数")
    monkeypatch.setattr(clubs_admin, "EXACT_COUNT_BELOW", 2)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    admin_user = get_user_model().objects.create_superuser("root", "root@example.com", "pw-for-admin-1")
    client.force_login(admin_user)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert not any("COUNT(" in q["sql"].upper() for q in queries), [q["sql"] for q in queries]
    if connection.vendor == "sqlite":
        assert response.context["cl"].result_count == 4
