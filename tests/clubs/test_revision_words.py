"""Issue 31 (problems 8 and 10): the chief director reads the revision history in words — labels, names and the
facts as the wizard asks them — never codes or JSON; the CSV and the print sheet use the same words."""

import csv
import datetime
import io
import re
from decimal import Decimal

import pytest

from clubs import services
from clubs.models import Status
from clubs.revision_words import change_rows
from tests.clubs.conftest import IB_FACTS

pytestmark = [pytest.mark.log, pytest.mark.django_db]

JSONISH = re.compile(r'[{}\[\]]|"\w+":|\b(true|false|null)\b')


def _history(html: str) -> str:
    return html[html.index('id="history"') :]


def test_the_history_speaks_words_not_codes(client, club, make_record, director, chief):
    director.first_name = "李明"
    director.save()
    record = make_record(called_by="N", status=Status.FINAL)
    facts = {**IB_FACTS, "replacement": "other_sufficient_bid"}
    services.ruling_update(
        record=record, expected_version=1, by=director, changes={"facts": facts, "table": "9"}
    )
    client.force_login(chief)
    html = client.get(record.get_absolute_url()).content.decode()
    history = _history(html)
    # the first version: who called, who directed, the status and the tree in words
    assert "<td>北</td>" in history and "<td>N</td>" not in history
    assert "李明" in history and "<td>director</td>" not in history
    assert "已裁定" in history and "<td>final</td>" not in history
    assert "不足叫" in history and "insufficient-bid" not in history
    # the facts as the wizard asks them, with the answers' labels
    assert "违规者用什么叫品代替不足叫牌？" in history
    assert "<td>不叫</td>" in history and "<td>其他充足的实质叫牌</td>" in history
    assert not JSONISH.search(re.sub(r"<[^>]+>", " ", history)), history


def test_the_history_in_english(client, club, make_record, director, chief):
    record = make_record(called_by="E")
    rows = []
    from django.utils import translation

    with translation.override("en"):
        rows = change_rows(
            {"called_by": {"old": None, "new": "E"}, "facts": {"old": {}, "new": {"accepted": False}}},
            record.irregularity,
        )
    assert rows[0]["new"] == "East"
    assert rows[1]["field"].endswith(
        "Has the offender's left-hand opponent accepted the insufficient bid "
        "(called over it, or chosen to accept it once the Director explained his option)?"
    )
    assert rows[1]["new"] == "No — not accepted" and rows[1]["old"] == "—"


def test_the_appeal_in_words(club, make_record, director, chief):
    record = make_record(status=Status.FINAL)
    services.appeal_lodge(
        record=record,
        by=director,
        expected_version=record.version,
        appellant="东西",
        lodged_at=datetime.datetime(2026, 3, 10, 21, 0, tzinfo=datetime.UTC),
        reason="不同意",
        deposit=Decimal("100"),
    )
    last = record.revisions.order_by("-number").first()
    rows = change_rows(last.changes, record.irregularity)
    text = " ".join(f"{r['field']} {r['old']} {r['new']}" for r in rows)
    assert "申诉方" in text and "东西" in text and "待裁定" in text
    assert "T21:00" not in text and "仲裁委员会" not in text  # a time as a time; nothing for an empty field
    assert not JSONISH.search(text), text


def test_csv_and_print_say_it_alike(client, club, make_record, director, chief):
    record = make_record(called_by="N", status=Status.FINAL)
    client.force_login(director)
    body = b"".join(client.get(f"/clubs/{club.pk}/rulings/export.csv").streaming_content).decode("utf-8")
    header, row = list(csv.reader(io.StringIO(body[1:])))[:2]
    assert dict(zip(header, row, strict=True))["叫裁判者"] == "北"
    services.appeal_lodge(
        record=record,
        by=director,
        expected_version=record.version,
        appellant="东西",
        lodged_at=datetime.datetime(2026, 3, 10, 21, 0, tzinfo=datetime.UTC),
        reason="不同意",
        deposit=Decimal("100"),
    )
    record.refresh_from_db()
    services.appeal_decide(
        record=record,
        by=chief,
        expected_version=record.version,
        decision="upheld",
        decision_text="维持",
        committee="甲、乙、丙",
        deposit_returned=True,
    )
    client.force_login(chief)
    sheet = client.get(record.get_absolute_url() + "print/").content.decode()
    assert "已退还" in sheet


def test_the_form_from_the_wizard_summarises_its_facts(client, club, director):
    """Problem 11: what the wizard settled is summarised; its inputs wait, folded, until asked for."""
    client.force_login(director)
    url = (
        f"/clubs/{club.pk}/rulings/new/?tree=insufficient-bid&inadvertent_corrected_at_once=false"
        "&after_final_pass=false&offender_obliged_to_pass=false&in_rotation=true&accepted=false&replacement=pass"
    )
    html = client.get(url).content.decode()
    summary = html[html.index('<dl class="facts-summary">') : html.index("</dl>")]
    assert "<dt>违规者用什么叫品代替不足叫牌？</dt><dd>不叫</dd>" in summary
    assert "<dd>否，不接受</dd>" in summary
    folded = html[html.index('<details class="facts-edit">') :]
    assert folded.index('name="fact.replacement"') < folded.index("</details>")  # the inputs are still sent
    # without a settled ruling, the facts are asked in the open
    bare = client.get(f"/clubs/{club.pk}/rulings/new/?tree=insufficient-bid").content.decode()
    assert "facts-summary" not in bare and "facts-edit" not in bare


def test_a_changed_ruling_shows_its_script_in_the_page_language_and_never_its_leaf():
    """The outcome's script is what was read to the players (one language, under its own label), and the leaf —
    the tree's node id — is no row: the rule and the fields say the change."""
    old = {"leaf": "free_27b1", "rule": "27B1", "script": {"zh": "旧的说明。", "en": "Old script."}}
    new = {"leaf": "pass_27b2", "rule": "27B2", "script": {"zh": "新的说明。", "en": "New script."}}
    rows = change_rows({"outcome": {"old": old, "new": new}}, "insufficient-bid")
    fields = [row["field"] for row in rows]
    assert not any("leaf" in field for field in fields), fields
    script = next(row for row in rows if row["field"].endswith("向牌手宣布的内容"))
    assert (script["old"], script["new"]) == ("旧的说明。", "新的说明。")
    assert all(not JSONISH.search(row["old"] + row["new"]) for row in rows), rows
