"""CSV export of the filtered list and the A4 print sheet an appeals committee is handed."""

import csv
import datetime
import io
from decimal import Decimal

import pytest
from django.conf import settings
from django.utils import translation

from clubs import exports, services
from clubs.models import Status

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def read_csv(response) -> list[list[str]]:
    # The export is streamed (issue 20): the body is the chunks joined.
    text = b"".join(response.streaming_content).decode("utf-8")
    assert text.startswith("\ufeff")  # spreadsheet programs read the BOM as UTF-8
    header, *rows = csv.reader(io.StringIO(text[1:]))
    assert exports.csv_complete(rows), rows[-1:]  # the end mark, naming the rows above it (issue 32)
    return [header, *rows[:-1]]


def test_csv_has_the_filtered_list(client, club, make_record, director):
    make_record(
        adjustment={"method": "artificial", "form": "pairs", "fault": {"NS": "direct", "EW": "none"}},
        notes="北家停顿，\n第二行",
        status=Status.FINAL,
    )
    make_record(event="秋季公开赛", irregularity="revoke", facts={"established": False, "revoker": "dummy"})
    client.force_login(director)
    response = client.get(f"/clubs/{club.pk}/rulings/export.csv", {"irregularity": "insufficient-bid"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith(f'attachment; filename="rulings-club{club.pk}-')
    header, *rows = read_csv(response)
    assert header[:5] == ["编号", "日期", "赛事", "节次", "牌号"] and "调整分（南北）" in header
    assert len(rows) == 1
    row = dict(zip(header, rows[0], strict=True))
    assert row["编号"] == "1" and row["日期"] == "2026-03-10" and row["牌号"] == "7"
    assert (
        row["发牌人"] == "南" and row["局况"] == "双方有局"
    )  # Law 2, board 7, in the reader's words (bug 14)
    assert row["裁判"] == "director"  # no full name: the username
    assert row["违规类型"] == "不足叫牌" and row["裁决"] == "27B2" and row["依据条款"].startswith("27B2 ")
    assert row["调整分（南北）"] == "平均减 40.0%" and row["调整分（东西）"] == "平均加 60.0%"
    assert row["状态"] == "已裁定" and row["裁判备注"] == "北家停顿，\n第二行" and row["版本"] == "1"
    everything = read_csv(client.get(f"/clubs/{club.pk}/rulings/export.csv"))
    assert len(everything) == 3


def test_csv_neutralises_spreadsheet_formulas(client, club, make_record, director):
    make_record(event='=HYPERLINK("http://evil")', notes="+1+1", table="@SUM(A1)")
    client.force_login(director)
    header, row = read_csv(client.get(f"/clubs/{club.pk}/rulings/export.csv"))
    row = dict(zip(header, row, strict=True))
    assert (
        row["赛事"] == '\'=HYPERLINK("http://evil")'
        and row["裁判备注"] == "'+1+1"
        and row["桌号"] == "'@SUM(A1)"
    )


def test_csv_with_a_bad_filter_is_400(client, club, director):
    client.force_login(director)
    response = client.get(f"/clubs/{club.pk}/rulings/export.csv", {"date_from": "soon"})
    assert response.status_code == 400 and b"date_from" in response.content


def test_print_view_is_the_a4_sheet(client, club, make_record, director, chief):
    record = make_record(
        status=Status.FINAL,
        statement="南家 1NT，西家叫 1♠。",
        adjustment={
            "method": "assigned",
            "NS": {"contract": "3NT", "declarer": "S", "tricks": 9},
            "EW": {"contract": "3NT", "declarer": "S", "tricks": 9},
        },
    )
    services.appeal_lodge(
        record=record,
        by=director,
        appellant="东西 王刚／刘洋",
        deposit=Decimal("50.00"),
        lodged_at=datetime.datetime(2026, 3, 10, 21, 5, tzinfo=datetime.UTC),
    )
    client.force_login(director)
    response = client.get(f"/clubs/{club.pk}/rulings/1/print/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="print-sheet"' in html and 'class="a4"' in html
    assert 'class="topbar"' not in html  # a sheet, not a page of the site
    assert "裁判裁决单" in html and "测试俱乐部" in html and "编号 #1" in html
    assert "周二双人赛" in html and "南 / 双方有局" in html  # seat and vulnerability in words (bug 14)
    assert "不足叫牌是否依序作出" in html and "南家 1NT，西家叫 1♠。" in html
    assert "第27条B款2项" in html  # the rule, in the rulebook's words
    assert "3NT S 9: +600" in html and "第12条C款2项" in html
    assert "东西 王刚／刘洋" in html and "50.00" in html and "2026-03-11 05:05" in html  # Asia/Shanghai
    assert "裁判签字" in html and "仲裁委员会" in html and "裁判长复核" in html
    css = (settings.BASE_DIR / "static" / "css" / "app.css").read_text()
    assert "@page" in css and "size: A4" in css


def test_the_log_names_seats_vulnerability_and_people_in_the_readers_words(
    client, club, make_record, director
):
    """Tablet review 2026-12, bug 14: "S / Both" and usernames in the Chinese UI; the CSV, the record page, its
    revision history and the print sheet say 南 / 双方有局 and the director's full name."""
    director.first_name, director.last_name = "明", "李"
    director.save()
    record = make_record()
    client.force_login(director)
    header, row = read_csv(client.get(f"/clubs/{club.pk}/rulings/export.csv"))
    row = dict(zip(header, row, strict=True))
    assert (row["发牌人"], row["局况"]) == ("南", "双方有局") and row["裁判"] == director.get_full_name()
    page = client.get(f"/clubs/{club.pk}/rulings/{record.number}/").content.decode()
    assert "南 / 双方有局" in page and "S / Both" not in page
    history = page[page.index('class="revisions"') :] if 'class="revisions"' in page else page
    assert director.get_full_name() in history
    sheet = client.get(f"/clubs/{club.pk}/rulings/{record.number}/print/").content.decode()
    assert "南 / 双方有局" in sheet and director.get_full_name() in sheet
    with translation.override(None):  # the test client answers in this thread: keep its English to this test
        client.cookies["django_language"] = "en"
        english = client.get(f"/clubs/{club.pk}/rulings/{record.number}/").content.decode()
    assert "South / Both vulnerable" in english


def test_the_english_record_page_has_no_chinese_label(client, club, make_record, director):
    """Review bug 7: "Laws applied：", "Wizard has no ruling yet; next question：…" and the facts' Chinese labels.
    What the people typed (event, statement, notes, the club's name) stays as typed."""
    from tests.page_text import chinese_runs

    record = make_record()
    client.force_login(director)
    with translation.override(None):
        client.cookies["django_language"] = "en"
        html = client.get(f"/clubs/{club.pk}/rulings/{record.number}/").content.decode()
        edit = client.get(f"/clubs/{club.pk}/rulings/{record.number}/edit/").content.decode()
    typed = {record.event, club.name, record.session, record.statement, record.notes, "东西 王刚／刘洋"}
    typed.add(
        "第27条B款"
    )  # the notes hint quotes a reference as a Chinese director types it (e.g. 第27条B款)
    for page in (html, edit):
        left = [run for run in chinese_runs(page) if not any(text and text in run for text in typed)]
        assert left == [], left
    assert "Laws applied: " in html or "Laws applied" not in html


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_csv_rows_read_from_values_say_what_the_records_say(club, make_record, director, chief, language):
    """Issue 32: the export reads values, not models, and translates its words once — every cell still says what
    the record says (its own properties and labels are the oracle), in the reader's language."""
    from clubs import exports, labels, selectors
    from clubs.models import RulingRecord

    chief.first_name, chief.last_name = "明", "李"
    chief.save()
    make_record(
        adjustment={"method": "artificial", "form": "pairs", "fault": {"NS": "direct", "EW": "none"}},
        status=Status.FINAL,
        board=23,
    )
    appealed = make_record(status=Status.FINAL, board=1, by=chief)
    services.appeal_lodge(record=appealed, by=chief, appellant="东西 王五")
    make_record(irregularity="other", facts={}, laws=["16A"], board=16, notes="-1")
    with translation.override(language):
        text = "".join(exports.csv_stream(exports.csv_records(selectors.ruling_list(club=club))))
        header, *rows = list(csv.reader(io.StringIO(text[1:])))
        assert exports.csv_complete(rows) and rows.pop() == exports.end_row(3)
        records = {
            r.number: r for r in RulingRecord.objects.filter(club=club).select_related("director", "appeal")
        }
        assert len(rows) == 3
        for row in rows:
            cell = dict(zip([key for key, _label in exports.COLUMNS], row, strict=True))
            record = records[int(cell["number"])]
            sides = exports.record_adjustment_sides(record)
            appeal = record.appeal_or_none
            assert cell["dealer"] == labels.seat_label(record.dealer)
            assert cell["vulnerability"] == labels.vulnerability_label(record.vulnerability)
            assert cell["director"] == labels.person_name(record.director)
            assert cell["status"] == record.get_status_display()
            assert cell["rule"] == (record.outcome or {}).get("rule", "")
            assert cell["laws"] == " ".join(record.laws)
            assert (cell["adjustment_ns"], cell["adjustment_ew"]) == (sides["NS"], sides["EW"])
            expected_appeal = f"{appeal.appellant} ({appeal.get_decision_display()})" if appeal else ""
            assert cell["appeal"] == expected_appeal
            assert cell["notes"] == exports.csv_text(record.notes)
    assert "李" in text  # the chief's full name


def test_the_csv_ends_with_a_mark_that_a_cut_file_lacks(client, club, make_record, director):
    """Issue 32 item 3: a download cut anywhere cannot look complete — the last row is the end mark, naming the
    number of records above it, in the reader's language."""
    for _k in range(4):
        make_record()
    client.force_login(director)
    response = client.get(f"/clubs/{club.pk}/rulings/export.csv", HTTP_ACCEPT_LANGUAGE="en")
    text = b"".join(response.streaming_content).decode("utf-8")
    assert text.endswith("#END,End of export: 4 records,4\r\n")
    header, *rows = csv.reader(io.StringIO(text[1:]))
    assert exports.csv_complete(rows)
    whole = text.splitlines(keepends=True)
    for cut in range(1, len(whole)):  # a file cut after any row, or within the end mark, is not complete
        _header, *kept = csv.reader(io.StringIO("".join(whole[:cut])[1:]))
        assert not exports.csv_complete(kept), cut
    _header, *kept = csv.reader(io.StringIO(text[1:-3]))  # cut inside the mark: its number lost
    assert not exports.csv_complete(kept)
    assert not exports.csv_complete(
        [*rows[:2], ["#END", "End of export: 4 records", "4"]]
    )  # a mark that names more rows than are there
