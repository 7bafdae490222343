"""The log's JSON export round-trips (security review M6): demo data and a record with revisions, comments, an
appeal and a sign-off → export → the log deleted → import → export again gives the same bytes (after the first
line, the timestamp), and the pages show the same record. The import writes rows as they were: no new revision."""

import datetime
import io
import json
import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from clubs import services
from clubs.backup import FORMAT, log_export
from clubs.history import club_log_erase
from clubs.models import Club, Role, RulingRecord, RulingRevision, Status
from tests.clubs.conftest import IB_FACTS

pytestmark = [pytest.mark.log, pytest.mark.django_db]


@pytest.fixture
def log(db):
    """The demo club plus a second club with a record that has every kind of row."""
    call_command("load_demo", "--force", stdout=io.StringIO())
    club = services.club_create(name="第二俱乐部")
    User = get_user_model()
    director = User.objects.create_user("zhang", password="x" * 12, first_name="张")
    chief = User.objects.create_user("li", password="x" * 12)
    services.membership_set(club=club, user=director, role=Role.DIRECTOR)
    services.membership_set(club=club, user=chief, role=Role.CHIEF_DIRECTOR)
    record = services.ruling_create(
        club=club,
        by=director,
        event="周二双人赛",
        date=datetime.date(2026, 3, 10),
        board=7,
        irregularity="insufficient-bid",
        facts=dict(IB_FACTS),
        statement="北家**不足叫牌**。",
    )
    record = services.ruling_update(record=record, expected_version=1, by=director, changes={"table": "5"})
    record = services.ruling_update(
        record=record, expected_version=2, by=director, changes={"status": Status.FINAL}
    )
    services.review_comment_add(record=record, by=chief, text="看过了。")
    services.review_comment_add(record=record, by=director, text="补充：*东家*同意。")
    services.appeal_lodge(
        record=record, by=director, appellant="南北 王五／赵六", reason="时间不够", deposit=Decimal("50.00")
    )
    record.refresh_from_db()
    services.appeal_decide(
        record=record,
        by=chief,
        decision="upheld",
        decision_text="维持",
        committee="仲裁甲",
        deposit_returned=True,
    )
    record.refresh_from_db()
    services.ruling_sign_off(record=record, by=chief)
    return club


def export(**kwargs) -> str:
    out = io.StringIO()
    log_export(out, **kwargs)
    return out.getvalue()


def delete_log(*, users: bool) -> None:
    """What a lost database leaves of the log: nothing (the records before their history, the only order the
    history's triggers allow: clubs.history)."""
    club_log_erase(list(Club.objects.all()))
    if users:
        get_user_model().objects.all().delete()


def body(text: str) -> list[str]:
    return text.splitlines()[1:]


def normalised_page(client, club: Club, number: int) -> str:
    html = client.get(f"/clubs/{club.pk}/rulings/{number}/").content.decode()
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    # A comment's anchor and its hide action carry its database key, which the import assigns anew.
    html = re.sub(r"comment-\d+", "comment-<pk>", html)
    html = re.sub(r"comments/\d+/", "comments/<pk>/", html)
    return html.replace(f"/clubs/{club.pk}/", "/clubs/<club>/")


def test_the_export_holds_every_kind_of_row(log):
    data = json.loads(export())
    assert data["format"] == FORMAT and data["version"] == 1
    assert [c["name"] for c in data["clubs"]] == ["示范桥牌俱乐部", "第二俱乐部"]
    second = data["clubs"][1]
    assert {m["user"]: m["role"] for m in second["memberships"]} == {
        "li": "chief_director",
        "zhang": "director",
    }
    (record,) = second["records"]
    assert record["number"] == 1 and record["status"] == "reviewed" and record["signed_off_by"] == "li"
    assert [r["action"] for r in record["revisions"]] == [
        "created",
        "updated",
        "finalised",
        "appeal_lodged",
        "appeal_decided",
        "signed_off",
    ]
    assert [c["text"] for c in record["comments"]] == ["看过了。", "补充：*东家*同意。"]
    assert record["appeal"]["deposit"] == "50.00" and record["appeal"]["decision"] == "upheld"
    assert {"username": "zhang", "first_name": "张", "last_name": ""} in data["users"]
    assert "id" not in record and "club" not in record  # numbered per club, no database keys
    one = json.loads(export(club_id=log.pk))
    assert [c["name"] for c in one["clubs"]] == ["第二俱乐部"]


def test_export_delete_import_export_is_byte_identical_and_pages_match(log, client, tmp_path):
    director = get_user_model().objects.get(username="zhang")
    client.force_login(director)
    page_before = normalised_page(client, log, 1)
    api_before = client.get(f"/api/clubs/{log.pk}/rulings/1/").json()
    path = tmp_path / "log.json"
    call_command("export_log", "-o", str(path), stderr=io.StringIO())
    first = path.read_text(encoding="utf-8")

    delete_log(users=False)
    assert not RulingRevision.objects.exists()
    out = io.StringIO()
    call_command("import_log", str(path), stdout=out)
    assert "2 club(s)" in out.getvalue()

    second = export()
    assert body(second) == body(first)
    assert second.splitlines()[0].startswith('{"exported_at": ')  # the timestamp's line
    club = Club.objects.get(name="第二俱乐部")
    record = RulingRecord.objects.get(club=club, number=1)
    assert record.revisions.count() == 6  # written as they were, none appended by the import
    client.force_login(director)
    assert normalised_page(client, club, 1) == page_before
    api_after = client.get(f"/api/clubs/{club.pk}/rulings/1/").json()
    assert api_after.pop("club") == club.pk and api_after.pop("url").endswith(f"/clubs/{club.pk}/rulings/1/")
    del api_before["club"], api_before["url"]  # the club's database key is new; everything else is the same
    for answer in (api_before, api_after):  # so are the comments' keys (the hide action's address)
        for comment in answer["comments"]:
            comment.pop("id")
    assert api_after == api_before
    # The club's counter carries on: the next record is number 2.
    new = services.ruling_create(
        club=club, by=director, event="x", board=1, irregularity="other", laws=["16A"]
    )
    assert new.number == 2


def test_into_an_empty_database_missing_users_are_created_inactive_without_password(log, tmp_path):
    first = export()
    delete_log(users=True)
    out = io.StringIO()
    path = tmp_path / "log.json"
    path.write_text(first, encoding="utf-8")
    call_command("import_log", str(path), stdout=out)
    assert "users created (inactive, no password)" in out.getvalue()
    zhang = get_user_model().objects.get(username="zhang")
    assert not zhang.is_active and not zhang.has_usable_password() and zhang.first_name == "张"
    assert body(export()) == body(first)


def test_a_club_that_exists_is_refused_and_nothing_written(log, tmp_path):
    path = tmp_path / "log.json"
    path.write_text(export(club_id=log.pk), encoding="utf-8")
    before = (Club.objects.count(), RulingRecord.objects.count(), RulingRevision.objects.count())
    with pytest.raises(CommandError, match="第二俱乐部.*a club of this name exists.*nothing written"):
        call_command("import_log", str(path))
    assert (Club.objects.count(), RulingRecord.objects.count(), RulingRevision.objects.count()) == before


def test_a_bad_row_names_its_place_and_writes_nothing(log, tmp_path):
    data = json.loads(export(club_id=log.pk))
    delete_log(users=False)
    data["clubs"][0]["records"][0]["revisions"][2]["action"] = "rewritten"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CommandError, match=r"club '第二俱乐部': record 1: revision 3: action"):
        call_command("import_log", str(path))
    assert not Club.objects.exists() and not RulingRecord.objects.exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"{x", "not JSON"),
        (b'{"format": "other"}', "not a caipan-log export"),
        (b'{"format": "caipan-log", "version": 99, "clubs": []}', "version 99"),
    ],
)
def test_files_that_are_not_exports_are_refused(tmp_path, db, content, message):
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        call_command("import_log", str(path))


def test_export_of_an_unknown_club_is_a_clear_error(db):
    with pytest.raises(CommandError, match="no club with id 999"):
        call_command("export_log", "--club", "999", stdout=io.StringIO(), stderr=io.StringIO())


def test_the_import_renders_the_texts_html_and_never_takes_the_files(log, client, tmp_path):
    """The stored HTML is shown as it is: an edited file's markup must not reach the page, and a file without
    the HTML (an older export) gets it — rendered from the text, as the services render it."""
    from clubs.services.common import user_html

    data = json.loads(export(club_id=log.pk))
    (record,) = data["clubs"][0]["records"]
    record["statement_html"] = '<script>alert("file")</script>'
    del record["notes_html"]
    record["comments"][1]["text_html"] = "<img src=x onerror=alert(1)>"
    record["appeal"]["reason_html"] = "<iframe></iframe>"
    delete_log(users=False)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    call_command("import_log", str(path), stdout=io.StringIO())
    restored = RulingRecord.objects.get(club__name="第二俱乐部", number=1)
    assert (
        restored.statement_html == user_html("北家**不足叫牌**。") and "<strong>" in restored.statement_html
    )
    assert restored.notes_html == ""
    assert [c.text_html for c in restored.comments.order_by("pk")] == [
        user_html("看过了。"),
        user_html("补充：*东家*同意。"),
    ]
    assert restored.appeal.reason_html == user_html("时间不够")
    client.force_login(get_user_model().objects.get(username="zhang"))
    page = client.get(f"/clubs/{restored.club_id}/rulings/1/").content.decode()
    assert "alert(" not in page and "<iframe" not in page and restored.statement_html in page
