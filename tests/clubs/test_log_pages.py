"""A rare text's pages from the text index's one answer (issue 32, the 4-character phrase at 100k): the probe
gives every match with its place in the log's order, so the total and every page — API offset and ``after``,
HTML ``after`` and ``before`` — are cut from it, the same records as the query that matches, sorts and counts
them; and a page's records are read by id with the people they name from one query, their links from one
reverse."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs import selectors, services
from clubs.models import Role, RulingRecord, Status
from clubs.selectors import RulingFilters
from clubs.templatetags.clubs_labels import label_of

pytestmark = [pytest.mark.log, pytest.mark.django_db]

PHRASE = "明显停顿"


@pytest.fixture
def log(make_record, director2):
    """Fifteen records over four days, ten with the phrase (two of them by director2), in no date order."""
    for k in range(15):
        text = f"{PHRASE}，第{k}次" if k % 5 != 1 and k < 13 else "无关"
        by = {"by": director2, "director": director2} if k in (4, 8) else {}
        make_record(date=datetime.date(2026, 1, 1) + datetime.timedelta(days=(k * 7) % 4), notes=text, **by)


def expected(club, text: str = PHRASE) -> list[int]:
    """Every match, in the log's order, from the query that matches and sorts them all."""
    return [r.number for r in selectors.ruling_list(club=club, filters=RulingFilters(text=text))]


def test_a_rare_texts_matches_come_with_their_order_and_nothing_else_counts_them(club, log):
    every = expected(club)
    assert len(every) == 10
    matches = selectors.ruling_text_matches(club=club, filters=RulingFilters(text=PHRASE))
    assert matches is not None and not matches.common
    by_id = dict(RulingRecord.objects.filter(club=club).values_list("pk", "number"))
    assert [by_id[key[0]] for key in matches.keys] == every
    selection = selectors.ruling_selection(club=club, filters=RulingFilters(text=PHRASE))
    with CaptureQueriesContext(connection) as queries:
        assert selection.total() == 10
    assert len(queries) == 0


def test_the_api_pages_a_rare_text_by_offset_and_by_after_as_the_sorted_query(api, club, log):
    every, url = expected(club), f"/api/clubs/{club.pk}/rulings/"
    seen, next_url = [], f"{url}?q={PHRASE}&limit=2"
    while next_url:
        with CaptureQueriesContext(connection) as queries:
            body = api.get(next_url).json()
        assert body["count"] == 10 and body["count_capped"] is False
        assert not any("OVER" in q["sql"] or "COUNT(" in q["sql"].upper() for q in queries), "nothing counted"
        seen += [row["number"] for row in body["results"]]
        next_url = body["next"]
    assert seen == every
    for offset, limit in ((0, 50), (2, 3), (8, 5), (9, 2), (10, 2), (20, 2)):
        body = api.get(url, {"q": PHRASE, "offset": offset, "limit": limit}).json()
        assert [row["number"] for row in body["results"]] == every[offset : offset + limit]
        assert body["count"] == 10 and (body["next"] is not None) == (offset + limit < 10)
    after = api.get(url, {"q": PHRASE, "after": every[3], "limit": 4}).json()
    assert [row["number"] for row in after["results"]] == every[4:8]


def test_the_html_list_pages_a_rare_text_both_ways_as_the_sorted_query(
    client, director, club, log, monkeypatch
):
    from clubs.views import review

    monkeypatch.setattr(review, "PAGE_SIZE", 4)
    every = expected(club)
    client.force_login(director)
    seen, params, pages = [], {"q": PHRASE}, []
    while True:
        page = client.get(f"/clubs/{club.pk}/rulings/", params).context["page"]
        assert (page.total, page.capped) == (10, False)
        pages.append(page)
        seen += [record.number for record in page.records]
        if page.after is None:
            break
        params = {"q": PHRASE, "after": page.after}
    assert seen == every and len(pages) == 3
    back = client.get(f"/clubs/{club.pk}/rulings/", {"q": PHRASE, "before": every[-1]}).context["page"]
    assert [record.number for record in back.records] == every[5:9] and back.before == every[5]
    first = client.get(f"/clubs/{club.pk}/rulings/", {"q": PHRASE, "before": every[4]}).context["page"]
    assert [record.number for record in first.records] == every[:4] and first.before is None


def test_a_text_that_also_names_a_director_is_sorted_and_counted_by_the_query(api, club, log, director2):
    """The director arm adds records the text index does not hold: no keys, the exact query as before."""
    text = director2.username
    matches = selectors.ruling_text_matches(club=club, filters=RulingFilters(text=text))
    assert matches is not None and not matches.common and matches.keys == ()
    body = api.get(f"/api/clubs/{club.pk}/rulings/", {"q": text}).json()
    assert [row["number"] for row in body["results"]] == expected(club, text) and body["count"] == 2


def test_a_pages_records_name_their_people_from_one_query(club, make_record, director, director2, chief):
    first = make_record(status=Status.FINAL)
    services.ruling_sign_off(record=first, by=chief)
    make_record(by=director2, director=director2)
    ids = list(RulingRecord.objects.filter(club=club).order_by("number").values_list("pk", flat=True))
    with CaptureQueriesContext(connection) as queries:
        rows = selectors.ruling_rows(ids=ids[::-1])
        names = [(r.director.get_username(), r.created_by.get_username()) for r in rows]
        reviewers = [r.signed_off_by.get_username() if r.signed_off_by else None for r in rows]
        appeals = [getattr(r, "appeal", None) for r in rows]
    assert [r.pk for r in rows] == ids[::-1]
    assert names == [("director2", "director2"), ("director", "director")] and reviewers == [None, "chief"]
    assert appeals == [None, None] and len(queries) == 3  # the records, their appeals, the people


def test_url_maker_gives_each_records_own_address(club, other_club, director, make_record):
    services.membership_set(club=other_club, user=director, role=Role.DIRECTOR)
    for target in (club, other_club):
        for _ in range(12):
            make_record(club=target)
    for record in RulingRecord.objects.all():
        assert RulingRecord.url_maker(record.club_id)(record.number) == record.get_absolute_url()


def test_label_of_is_the_label_or_nothing():
    labels = {"revoke": "<b>", "other": "其他违规"}
    assert (
        label_of(labels, "other") == "其他违规" and label_of(labels, "x") == "" and label_of({}, None) == ""
    )


def test_the_selections_queryset_holds_the_same_records(club, log):
    selection = selectors.ruling_selection(club=club, filters=RulingFilters(text=PHRASE))
    assert selection.keys is not None
    assert [r.number for r in selection.records] == expected(club)
