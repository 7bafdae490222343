"""Stored user text can never make a page slow or a record unreadable (security review H1, H2, M1, L6, L8).

Rendered once when written (laws.rendering.render_user: markdown-it-py, CommonMark, nh3), in linear time and
within a budget, never raising; every free text capped; characters a record may not store refused, also inside
the JSON fields; a ruling's date within 1990 … a year from today; the statistics page whatever is stored."""

import datetime
import json
import time

import pytest
from django.db import connection
from rest_framework.test import APIClient

from clubs import services
from clubs.models import ReviewComment, RulingRecord, RulingRevision, Status
from clubs.services.common import user_html
from laws.rendering import RenderContext, plain_html, render_user

from .conftest import IB_FACTS, api_key

pytestmark = [pytest.mark.log, pytest.mark.django_db]

# The review's worst inputs (H1, H2).
BOMBS = {
    "brackets": "[" * 10000 + "]" * 10000,
    "dash_list": "- " * 2400 + "x",
    "images": "![" * 6666,
    "links": "[a](" * 5000,
}
NEW = {
    "event": "周四定约桥牌",
    "date": "2026-04-02",
    "board": 14,
    "irregularity": "insufficient-bid",
    "facts": IB_FACTS,
}


def api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + api_key(user))
    return client


def post_json(client, path, body):
    """JSON as a client sends it: json.dumps escapes a lone surrogate (\\ud800), which a test client's
    own encoder cannot write."""
    return client.post(path, data=json.dumps(body), content_type="application/json")


def url(club, number=None) -> str:
    return f"/api/clubs/{club.pk}/rulings/" + (f"{number}/" if number else "")


# --- the renderer ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_the_worst_inputs_render_within_the_budget_and_never_raise(name):
    text = BOMBS[name]
    started = time.perf_counter()
    html = render_user(text, budget=1.0)
    elapsed = time.perf_counter() - started
    assert elapsed < 4.0, f"{name}: {elapsed:.2f} s"  # Python-Markdown: 6–17 s, or a RecursionError
    assert "<script" not in html and html.startswith("<")


def _table(columns: int, body: str, cap: int = 20000, prefix: str = "") -> str:
    head = prefix + "|" + "a|" * columns + "\n" + prefix + "|" + "-|" * columns + "\n"
    return (head + body * 10000)[:cap]


# N3 (security review 2026-12b): markdown-it builds a pipe table in one call, padding rows to the header's width,
# before the budget's clock is looked at: 2.2–3.3 s at the 20,000 cap (mdbomb.py), 1.6 s for a 5,000 comment.
TABLE_BOMBS = {
    "table 2000 cols": _table(2000, "|" + "b|" * 2000 + "\n"),
    "table 1000 cols x 4999 rows": _table(1000, "x\n"),
    "table in a quote": _table(1000, "> x\n", prefix="> "),
    "table in a list": "- " + _table(1000, "  x\n", prefix="  ")[2:],
    "comment cap": _table(1200, "x\n", cap=5000),
    "header and delimiter pairs": ("a|b\n-|-\n" * 5000)[:20000],
}


@pytest.mark.parametrize("name", sorted(TABLE_BOMBS))
def test_pipe_tables_stay_within_the_write_budget(name):
    text = TABLE_BOMBS[name]
    started = time.process_time()  # CPU: the box's load does not count
    # A budget that never runs out: the bound must come from the table rule itself, not from the clock (which
    # looked only after the table was built: the render was over budget, then thrown away).
    html = render_user(text, budget=100.0)
    elapsed = time.process_time() - started
    assert elapsed < 0.8, f"{name}: {elapsed:.2f} s CPU"  # was 1.6–3.3 s
    assert html.startswith("<") and "<td>" not in html  # too big to be a table: left as text


def test_a_ruling_sized_table_is_still_a_table():
    poll = "|叫牌|选择|认真考虑|\n|---|---|---|\n" + "|Pass|5|1|\n" * 40
    assert render_user(poll).count("<tr>") == 41
    many = "|a|b|\n|-|-|\n|x|y|\n\n" * 10
    assert render_user(many).count("<table>") == 10


def test_an_exception_or_an_exhausted_budget_falls_back_to_escaped_text(monkeypatch):
    from laws import rendering

    def explode(*args, **kwargs):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(rendering, "_user_parser", explode)
    assert render_user("a <b>\nc\n\nd") == "<p>a &lt;b&gt;<br>c</p><p>d</p>"
    monkeypatch.undo()
    # A budget of nothing: the first look at the clock gives up, the text is shown escaped.
    assert render_user("**x** " * 2000, budget=0.0) == plain_html("**x** " * 2000)
    assert render_user("**x**") == "<p><strong>x</strong></p>"


def test_user_markdown_keeps_law_links_terms_and_sanitising():
    context = RenderContext(url_for=lambda ref: f"/laws/27/#{ref}" if ref.startswith("27") else None)
    html = render_user("见 第27条B款1项，Law 16A。<script>x</script>[y](javascript:alert(1))", context)
    assert (
        '<a href="/laws/27/#27B1" class="ref" data-ref="27B1" rel="noopener noreferrer">第27条B款1项</a>'
        in html
    )
    assert '<span class="ref pending" title="16A：尚未收录（待链接）">Law 16A</span>' in html
    assert "<script" not in html and 'href="javascript' not in html
    # Inside a link or code a reference is left as it is.
    assert render_user("`第27条`", context) == "<p><code>第27条</code></p>"


# --- render once, at write time ---------------------------------------------------------------------------------


def test_texts_are_rendered_when_written_and_reads_never_render(
    club, director, chief, make_record, monkeypatch
):
    record = make_record(statement="**事实**", notes="备注", status=Status.FINAL)
    assert record.statement_html == "<p><strong>事实</strong></p>" and record.notes_html == "<p>备注</p>"
    appeal = services.appeal_lodge(record=record, by=director, appellant="南北", reason="*理由*")
    assert appeal.reason_html == "<p><em>理由</em></p>"
    services.appeal_decide(record=record, by=chief, decision="upheld", decision_text="维持")
    comment = services.review_comment_add(record=record, by=director, text="- 一\n- 二")
    assert comment.text_html == "<ul>\n<li>一</li>\n<li>二</li>\n</ul>"

    from laws import rendering

    def no_render(*args, **kwargs):
        raise AssertionError("a read rendered Markdown")

    user_texts = {"**事实**", "备注", "*理由*", "维持", "- 一\n- 二"}
    law_markdown = rendering._markdown

    def law_text_only(text, *args, **kwargs):  # the tree's announcement is the project's text, not a user's
        assert text not in user_texts, "a read rendered a user text"
        return law_markdown(text, *args, **kwargs)

    monkeypatch.setattr(rendering, "render_user", no_render)
    monkeypatch.setattr(rendering, "_markdown", law_text_only)
    client = api(director)
    listed = client.get(url(club)).json()["results"][0]
    assert listed["statement_html"] == "<p><strong>事实</strong></p>"
    detail = client.get(url(club, record.number)).json()
    assert detail["comments"][0]["html"].startswith("<ul>")
    from django.test import Client

    browser = Client()
    browser.force_login(director)
    page = browser.get(f"/clubs/{club.pk}/rulings/{record.number}/").content.decode()
    assert "<em>理由</em>" in page and "<p>维持</p>" in page and "<strong>事实</strong>" in page


def test_an_edit_renders_the_changed_text_only(club, director, record):
    services.ruling_update(record=record, expected_version=1, by=director, changes={"notes": "**新**"})
    record.refresh_from_db()
    assert record.notes_html == "<p><strong>新</strong></p>"
    # The stored HTML is not part of the history: the revision names the text, not its rendering.
    assert set(record.revisions.get(number=2).changes) == {"notes"}


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_a_poison_text_stores_and_every_view_answers(client, club, director, name, monkeypatch):
    """H1/H2: the worst statement (up to its 20,000 cap) and comment (5,000) are stored; then the record page, the
    print sheet, the API list and detail all answer, none of them rendering the texts again."""
    response = api(director).post(url(club), {**NEW, "statement": BOMBS[name][:20000]}, format="json")
    assert response.status_code == 201
    number = response.json()["number"]
    record = RulingRecord.objects.get(club=club, number=number)
    assert record.statement_html.startswith(("<p>", "<ul>"))
    services.review_comment_add(record=record, by=director, text=BOMBS[name][:5000])

    from laws import rendering

    def no_render(*args, **kwargs):
        raise AssertionError("a read rendered a user text")

    monkeypatch.setattr(rendering, "render_user", no_render)
    client.force_login(director)
    assert client.get(f"/clubs/{club.pk}/rulings/{number}/").status_code == 200
    assert client.get(f"/clubs/{club.pk}/rulings/{number}/print/").status_code == 200
    assert api(director).get(url(club)).status_code == 200
    assert api(director).get(url(club, number)).status_code == 200


def test_a_row_without_stored_html_shows_its_text_escaped(club, director, record):
    RulingRecord.objects.filter(pk=record.pk).update(statement="<b>旧</b> **x**", statement_html="")
    data = api(director).get(url(club, record.number)).json()
    assert data["statement_html"] == "<p>&lt;b&gt;旧&lt;/b&gt; **x**</p>"


def test_the_data_migration_fills_the_html_of_existing_rows(club, director, record):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("clubs.migrations.0003_text_html")
    RulingRecord.objects.filter(pk=record.pk).update(notes="*旧*", notes_html="")
    comment = services.review_comment_add(record=record, by=director, text="**意见**")
    ReviewComment.objects.filter(pk=comment.pk).update(text_html="")
    migration.fill_html(apps, None)
    record.refresh_from_db()
    assert record.notes_html == "<p><em>旧</em></p>"
    assert ReviewComment.objects.get(pk=comment.pk).text_html == "<p><strong>意见</strong></p>"


def test_user_html_links_the_corpus_references(db):
    html = user_html("见 第27条B款1项")
    assert 'class="ref"' in html and 'href="/laws/27/' in html


# --- caps -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "limit"),
    [("event", 200), ("session", 50), ("table", 20), ("statement", 20000), ("notes", 20000)],
)
def test_every_record_text_is_capped_in_the_api(club, director, field, limit):
    body = {**NEW, field: "x" * (limit + 1)}
    response = api(director).post(url(club), body, format="json")
    assert response.status_code == 400 and response.json()["field"] == field
    assert api(director).post(url(club), {**NEW, field: "x" * limit}, format="json").status_code == 201


@pytest.mark.parametrize(("field", "limit"), [("appellant", 200), ("reason", 5000)])
def test_appeal_texts_are_capped_on_the_page_and_in_the_service(
    client, club, make_record, director, field, limit
):
    record = make_record(status=Status.FINAL)
    client.force_login(director)
    data = {"version": 1, "appellant": "南北", "reason": "", field: "x" * (limit + 1)}
    response = client.post(f"/clubs/{club.pk}/rulings/1/appeal/", data)
    assert response.status_code == 400 and record.appeal_or_none is None
    with pytest.raises(services.RecordError) as error:
        services.appeal_lodge(record=record, by=director, **{"appellant": "南北", field: "x" * (limit + 1)})
    assert error.value.field == field
    RulingRecord.objects.get(pk=record.pk)  # nothing half-written
    assert not RulingRevision.objects.filter(record=record, number=2).exists()


@pytest.mark.parametrize(("field", "limit"), [("committee", 200), ("decision_text", 5000)])
def test_decision_texts_are_capped(club, make_record, director, chief, field, limit):
    record = make_record(status=Status.FINAL)
    services.appeal_lodge(record=record, by=director, appellant="南北")
    with pytest.raises(services.RecordError) as error:
        services.appeal_decide(record=record, by=chief, decision="upheld", **{field: "x" * (limit + 1)})
    assert error.value.field == field


def test_a_comment_is_capped(client, club, record, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.pk}/rulings/1/comments/", {"text": "x" * 5001})
    assert response.status_code == 400 and not record.comments.exists()


def test_a_stored_text_longer_than_a_cap_survives(club, director, record):
    """Migrations never truncate: a legacy row over the cap is kept and still shows."""
    RulingRecord.objects.filter(pk=record.pk).update(notes="y" * 30000)
    data = api(director).get(url(club, record.number)).json()
    assert len(data["notes"]) == 30000


# --- characters -------------------------------------------------------------------------------------------

BAD = ["\x00", "\x15", "\x7f", "\x85", "\ud800", "\u202e", "\u2066"]


@pytest.mark.parametrize("char", BAD)
@pytest.mark.parametrize("field", ["event", "session", "table", "statement", "notes"])
def test_bad_characters_are_400_naming_the_field_in_the_api(club, director, field, char):
    response = post_json(api(director), url(club), {**NEW, field: f"a{char}b"})
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert not RulingRecord.objects.exists()


@pytest.mark.parametrize("char", ["\u200e", "\u200f", "\n", "\t"])
def test_one_line_fields_refuse_marks_and_breaks_that_texts_may_hold(club, director, char):
    response = api(director).post(url(club), {**NEW, "event": f"a{char}b"}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "event"
    body = {**NEW, "statement": f"a{char}b"}
    assert api(director).post(url(club), body, format="json").status_code == 201


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (
            {
                "adjustment": {
                    "method": "artificial",
                    "form": "pairs",
                    "fault": {"NS": "direct", "EW": "none"},
                    "note": "\ud800",
                }
            },
            "adjustment.note",
        ),
        (
            {
                "adjustment": {
                    "method": "artificial",
                    "form": "pairs",
                    "fault": {"NS": "direct", "EW": "none"},
                    "note": "a\x00",
                }
            },
            "adjustment.note",
        ),
        ({"irregularity": "other", "facts": {}, "laws": ["16A", "\ud800"]}, "laws[1]"),
        ({"facts": {**IB_FACTS, "replacement": "pass\u202e"}}, "facts.replacement"),
        ({"facts": {"\ud800": 1}}, "facts"),
    ],
)
def test_bad_characters_inside_json_fields_are_400_naming_the_place(club, director, body, field):
    response = post_json(api(director), url(club), {**NEW, **body})
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert not RulingRecord.objects.exists()
    assert api(director).get(url(club)).status_code == 200


def test_the_adjustment_stored_is_what_the_engine_reads(club, director):
    body = {
        **NEW,
        "adjustment": {
            "method": "artificial",
            "form": "pairs",
            "fault": {"NS": "direct", "EW": "none"},
            "x": 1,
        },
    }
    response = api(director).post(url(club), body, format="json")
    assert response.status_code == 201
    stored = RulingRecord.objects.get().adjustment
    assert stored == {"method": "artificial", "form": "pairs", "fault": {"NS": "direct", "EW": "none"}}


def test_bad_characters_on_the_pages_are_400(client, club, record, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.pk}/rulings/1/comments/", {"text": "a\x15b"})
    assert response.status_code == 400 and not record.comments.exists()
    from .test_pages import form_post

    response = client.post(f"/clubs/{club.pk}/rulings/1/edit/", form_post(record, table="\u202e5"))
    assert response.status_code == 400
    record.refresh_from_db()
    assert record.table == "5" and record.version == 1


@pytest.mark.parametrize("value", [12, 1.5, True, ["x"], {"a": 1}])
@pytest.mark.parametrize("field", ["event", "session", "table", "statement", "notes"])
def test_json_numbers_are_not_coerced_into_text(club, director, field, value):
    response = api(director).post(url(club), {**NEW, field: value}, format="json")
    assert response.status_code == 400 and response.json()["field"] == field


@pytest.mark.parametrize("value", ["１４", "14.0", 14.5, "٣"])
def test_fullwidth_and_other_digits_are_not_numbers(club, director, value):
    response = api(director).post(url(club), {**NEW, "board": value}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "board"


# --- dates and statistics ------------------------------------------------------------------------------------


@pytest.mark.parametrize("date", ["1989-12-31", "9999-12-31", "0001-01-01"])
def test_a_date_outside_the_range_is_400(client, club, director, record, date):
    response = api(director).post(url(club), {**NEW, "date": date}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "date"
    far = (datetime.date.today() + datetime.timedelta(days=400)).isoformat()
    assert api(director).post(url(club), {**NEW, "date": far}, format="json").json()["field"] == "date"
    assert api(director).post(url(club), {**NEW, "date": "1990-01-01"}, format="json").status_code == 201
    client.force_login(director)
    from .test_pages import form_post

    response = client.post(f"/clubs/{club.pk}/rulings/1/edit/", form_post(record, date=date))
    assert response.status_code == 400
    assert RulingRecord.objects.get(pk=record.pk).date == datetime.date(2026, 3, 10)


def test_statistics_survive_a_legacy_9999_row(client, club, director, make_record):
    make_record(date=datetime.date(2026, 1, 5))
    legacy = make_record(date=datetime.date(2026, 2, 5))
    with connection.cursor():
        RulingRecord.objects.filter(pk=legacy.pk).update(date=datetime.date(9999, 12, 31))
    client.force_login(director)
    response = client.get(f"/clubs/{club.pk}/rulings/stats/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "9999" in html and "2026" in html and "各年违规类型统计" in html
    assert len(html) < 200_000
    svg = client.get(f"/clubs/{club.pk}/rulings/stats/", {"format": "svg"})
    assert svg.status_code == 200 and b"9999" in svg.content


def test_statistics_by_month_within_36_months_and_by_year_beyond(club, make_record):
    from clubs.selectors import ruling_statistics

    make_record(date=datetime.date(2024, 1, 5))
    make_record(date=datetime.date(2026, 12, 5))
    stats = ruling_statistics(club=club)
    assert not stats.by_year and len(stats.months) == 36 and stats.label(stats.months[0]) == "2024-01"
    make_record(date=datetime.date(2023, 12, 31))
    stats = ruling_statistics(club=club)
    assert stats.by_year and [stats.label(m) for m in stats.months] == ["2023", "2024", "2025", "2026"]
    assert stats.total == 3 and sum(stats.by_month.values()) == 3


@pytest.mark.parametrize("board", ["１４", "٣", "14.0"])
def test_the_record_form_takes_ascii_board_numbers_only(client, club, record, director, board):
    from .test_pages import form_post

    client.force_login(director)
    response = client.post(f"/clubs/{club.pk}/rulings/1/edit/", form_post(record, board=board))
    assert response.status_code == 400
    assert RulingRecord.objects.get(pk=record.pk).board == 7
