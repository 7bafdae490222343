"""The log's pages: who may see and do what, the wizard → draft flow, history, the edit conflict, notes
rendered inert, the statistics chart."""

import re
from html.parser import HTMLParser

import pytest

from clubs import services
from clubs.models import RulingRecord, Status

from .conftest import IB_FACTS

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def page(client, path, **kwargs):
    response = client.get(path, **kwargs)
    return response, response.content.decode()


def form_post(record, **overrides) -> dict:
    """The edit form as the browser would send it for ``record``, with ``overrides``."""
    data = {
        "version": record.version,
        "event": record.event,
        "date": record.date.isoformat(),
        "session": record.session,
        "board": record.board,
        "table": record.table,
        "director": record.director_id,
        "called_by": record.called_by,
        "irregularity": record.irregularity,
        "statement": record.statement,
        "notes": record.notes,
        "adj_method": "",
    }
    for name, value in record.facts.items():
        data[f"fact.{name}"] = ("true" if value else "false") if isinstance(value, bool) else value
    data.update(overrides)
    return data


# --- permissions -----------------------------------------------------------------------------------------


def test_anonymous_is_sent_to_login(client, club, record):
    for path in (
        f"/clubs/{club.pk}/rulings/",
        f"/clubs/{club.pk}/rulings/1/",
        f"/clubs/{club.pk}/rulings/new/",
        "/clubs/",
    ):
        response = client.get(path)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next=")


def test_another_clubs_member_is_refused(client, club, record, outsider):
    client.force_login(outsider)
    for path in (
        f"/clubs/{club.pk}/rulings/",
        f"/clubs/{club.pk}/rulings/1/",
        f"/clubs/{club.pk}/rulings/1/print/",
        f"/clubs/{club.pk}/rulings/export.csv",
        f"/clubs/{club.pk}/rulings/stats/",
        f"/clubs/{club.pk}/rulings/new/",
    ):
        response, html = page(client, path)
        assert response.status_code == 403 and "不是该俱乐部的成员" in html, path
        assert "周二双人赛" not in html
    assert client.post(f"/clubs/{club.pk}/rulings/1/comments/", {"text": "x"}).status_code == 403


ROLE_MATRIX = [
    # role, list, new, members, comment, sign-off
    ("director", 200, 200, 403, 302, 403),
    ("chief", 200, 200, 403, 302, 302),
    ("trainee", 200, 403, 403, 403, 403),
    ("club_admin", 200, 403, 200, 403, 403),
]


@pytest.mark.parametrize(("role", "listing", "new", "members", "comment", "sign_off"), ROLE_MATRIX)
def test_each_role_on_the_pages(
    request, client, club, make_record, role, listing, new, members, comment, sign_off
):
    make_record(status=Status.FINAL)
    client.force_login(request.getfixturevalue(role))
    base = f"/clubs/{club.pk}"
    assert client.get(f"{base}/rulings/").status_code == listing
    assert client.get(f"{base}/rulings/1/").status_code == listing
    assert client.get(f"{base}/rulings/new/").status_code == new
    assert client.get(f"{base}/members/").status_code == members
    assert client.post(f"{base}/rulings/1/comments/", {"text": "看过了"}).status_code == comment
    assert client.post(f"{base}/rulings/1/sign-off/", {"version": 1}).status_code == sign_off
    html = client.get(f"{base}/rulings/1/").content.decode()
    assert ("复核签字</button>" in html) == (role == "chief") or sign_off == 302


# --- the wizard → draft flow ---------------------------------------------------------------------------------


def test_new_record_page_is_prefilled_from_the_wizard(client, club, director):
    client.force_login(director)
    response, html = page(
        client,
        f"/clubs/{club.pk}/rulings/new/?tree=insufficient-bid&inadvertent_corrected_at_once=false"
        "&after_final_pass=false&offender_obliged_to_pass=false&in_rotation=true&accepted=false&replacement=pass",
    )
    assert response.status_code == 200
    assert 'name="irregularity" value="insufficient-bid"' in html
    for name, value in (("in_rotation", "true"), ("accepted", "false"), ("replacement", "pass")):
        assert re.search(rf'name="fact\.{name}" value="{value}" checked', html), name
    assert "向导裁决" in html and "第27条B款2项" in html
    assert f'<option value="{director.pk}" selected>' in html


def test_the_prefilled_form_saves_a_draft(client, club, director):
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.pk}/rulings/new/",
        {
            "event": "周二双人赛",
            "date": "2026-03-10",
            "board": "7",
            "table": "5",
            "director": director.pk,
            "irregularity": "insufficient-bid",
            "fact.inadvertent_corrected_at_once": "false",
            "fact.after_final_pass": "false",
            "fact.offender_obliged_to_pass": "false",
            "fact.in_rotation": "true",
            "fact.accepted": "false",
            "fact.replacement": "pass",
            "fact.information_damaged_nos": "",
            "adj_method": "",
            "save": "1",
        },
    )
    assert response.status_code == 302 and response["Location"] == f"/clubs/{club.pk}/rulings/1/"
    record = RulingRecord.objects.get()
    assert record.status == Status.DRAFT and record.facts == IB_FACTS and record.outcome["rule"] == "27B2"
    assert record.created_by == director and record.tree_version == 2
    html = client.get(response["Location"]).content.decode()
    assert "草稿" in html and "第27条B款2项" in html and "不足叫牌是否依序作出" in html


def test_an_unfinished_walk_saves_as_draft_but_cannot_be_finalised(client, club, director):
    client.force_login(director)
    data = {
        "event": "E",
        "date": "2026-03-10",
        "board": "1",
        "director": director.pk,
        "irregularity": "revoke",
        "fact.established": "true",
        "adj_method": "",
    }
    response = client.post(f"/clubs/{club.pk}/rulings/new/", {**data, "finalise": "1"})
    assert response.status_code == 400
    assert 'data-field="facts.on_trick_12"' in response.content.decode()
    assert not RulingRecord.objects.exists()
    assert client.post(f"/clubs/{club.pk}/rulings/new/", data).status_code == 302
    assert RulingRecord.objects.get().outcome is None


def test_the_wizard_button_lands_on_the_users_club(client, club, director):
    client.force_login(director)
    response = client.get("/clubs/new-ruling/?tree=revoke&established=false")
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{club.pk}/rulings/new/?tree=revoke&established=false"


def test_prefill_with_bad_facts_is_400_naming_the_fact(client, club, director):
    client.force_login(director)
    response, html = page(
        client, f"/clubs/{club.pk}/rulings/new/?tree=insufficient-bid&in_rotation=sometimes"
    )
    assert response.status_code == 400 and "facts.in_rotation" in html
    response, html = page(client, f"/clubs/{club.pk}/rulings/new/?tree=no-such-tree")
    assert response.status_code == 400 and 'data-field="tree"' in html


def test_bad_form_input_is_400_and_writes_nothing(client, club, director):
    client.force_login(director)
    response = client.post(
        f"/clubs/{club.pk}/rulings/new/",
        {"event": "E", "date": "2026-03-10", "board": "0", "director": director.pk, "irregularity": "other"},
    )
    assert response.status_code == 400 and 'data-field="board"' in response.content.decode()
    response = client.post(
        f"/clubs/{club.pk}/rulings/new/",
        {
            "event": "E",
            "date": "2026-03-10",
            "board": "3",
            "director": director.pk,
            "irregularity": "other",
            "adj_method": "assigned",
            "adj_NS_contract": "9NT",
            "adj_NS_declarer": "N",
            "adj_NS_tricks": "9",
        },
    )
    assert response.status_code == 400 and 'data-field="adjustment.NS.contract"' in response.content.decode()
    assert not RulingRecord.objects.exists()


# --- history and the edit conflict ---------------------------------------------------------------------------


def test_revision_history_on_the_record_page(client, club, record, director, director2):
    services.ruling_update(record=record, expected_version=1, by=director2, changes={"table": "12"})
    client.force_login(director)
    html = client.get(f"/clubs/{club.pk}/rulings/1/").content.decode()
    history = html[html.index('id="history"') :]
    assert "版本 1" in history and "版本 2" in history and "director2" in history
    assert "<th>桌号</th><td>5</td><td>12</td>" in history


def test_two_directors_editing_cannot_lose_each_others_work(client, club, record, director, director2):
    from django.test import Client

    other = Client()
    client.force_login(director)
    other.force_login(director2)
    edit = f"/clubs/{club.pk}/rulings/1/edit/"
    # Both open the form at version 1.
    assert 'name="version" value="1"' in client.get(edit).content.decode()
    assert 'name="version" value="1"' in other.get(edit).content.decode()
    assert client.post(edit, form_post(record, table="6")).status_code == 302
    response = other.post(edit, form_post(record, notes="第二位裁判的备注"))
    html = response.content.decode()
    assert response.status_code == 409
    assert "修改冲突" in html and "director" in html and "当前版本 2" in html
    assert "第二位裁判的备注" in html  # what the second director typed is still in the form
    assert "<th>桌号</th><td>5</td><td>6</td>" in html  # and the first director's change is shown
    assert 'name="version" value="2"' in html
    record.refresh_from_db()
    assert (record.table, record.notes, record.version) == ("6", "", 2)
    # Having looked, the second director saves from version 2: both changes are kept.
    assert other.post(edit, form_post(record, notes="第二位裁判的备注")).status_code == 302
    record.refresh_from_db()
    assert (record.table, record.notes, record.version) == ("6", "第二位裁判的备注", 3)


def test_editing_only_notes_keeps_the_ruling(client, club, record, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.pk}/rulings/1/edit/", form_post(record, notes="补充"))
    assert response.status_code == 302
    record.refresh_from_db()
    assert set(record.revisions.get(number=2).changes) == {"notes"}


def test_a_reviewed_ruling_cannot_be_edited(client, club, make_record, director, chief):
    record = make_record(status=Status.FINAL)
    services.ruling_sign_off(record=record, by=chief)
    client.force_login(director)
    assert client.get(f"/clubs/{club.pk}/rulings/1/edit/").status_code == 403


def test_appeal_and_sign_off_on_the_page(client, club, make_record, director, chief):
    make_record(status=Status.FINAL)
    client.force_login(director)
    base = f"/clubs/{club.pk}/rulings/1"
    response = client.post(f"{base}/appeal/", {"version": 1, "appellant": "东西 王／刘", "deposit": "50"})
    assert response.status_code == 302
    stale = client.post(f"{base}/appeal/", {"version": 1, "appellant": "again"})
    assert stale.status_code == 409
    client.force_login(chief)
    assert (
        client.post(
            f"{base}/decision/", {"version": 2, "decision": "changed", "deposit_returned": "true"}
        ).status_code
        == 302
    )
    assert client.post(f"{base}/sign-off/", {"version": 3}).status_code == 302
    html = client.get(base + "/").content.decode()
    assert "已复核" in html and "变更裁决" in html and "已退还" in html and "chief 于" in html


# --- untrusted text ------------------------------------------------------------------------------------------

XSS = [
    "<script>alert('notes')</script>",
    '<img src=x onerror="alert(1)">',
    "[click](javascript:alert(2))",
    '<a href="javascript:alert(3)">x</a>',
    "<svg onload=alert(4)>",
    '<iframe src="https://example.com"></iframe>',
    "<style>body{display:none}</style>",
]


class ActiveContent(HTMLParser):
    """Collects what a browser would run or load from a page: inline scripts, on* handlers, javascript: URLs,
    frames and style blocks. Escaped text (&lt;script&gt;) is inert and not collected."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and not attrs.get("src"):
            self.found.append("inline <script>")
        if tag in ("iframe", "object", "embed", "style"):
            self.found.append(f"<{tag}>")
        for name, value in attrs.items():
            if name.startswith("on") and not (tag == "button" and value == "window.print()"):
                self.found.append(f"<{tag} {name}>")
            if name in ("href", "src") and (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value}>")


def active_content(html: str) -> list[str]:
    parser = ActiveContent()
    parser.feed(html)
    return parser.found


def test_xss_payloads_in_notes_are_rendered_inert(client, club, make_record, director):
    payload = "\n\n".join(XSS)
    record = make_record(
        notes=payload, statement=payload, event="<script>alert('event')</script>", status=Status.FINAL
    )
    services.review_comment_add(record=record, by=director, text=payload)
    services.appeal_lodge(record=record, by=director, appellant="<b>南北</b>", reason=payload)
    client.force_login(director)
    for path in (
        f"/clubs/{club.pk}/rulings/1/",
        f"/clubs/{club.pk}/rulings/1/print/",
        f"/clubs/{club.pk}/rulings/",
    ):
        html = client.get(path).content.decode()
        assert active_content(html) == [], path
        assert "<b>南北</b>" not in html
        assert "&lt;script&gt;alert(&#x27;event&#x27;)&lt;/script&gt;" in html, path
    assert active_content("<p onclick=x>") and active_content("<script>x</script>")  # the checker works


def test_markdown_and_law_links_in_notes(client, club, make_record, director):
    make_record(notes="**停顿**之后叫牌，参阅第16条A款。")
    client.force_login(director)
    html = client.get(f"/clubs/{club.pk}/rulings/1/").content.decode()
    assert "<strong>停顿</strong>" in html and 'href="/laws/16/#16A"' in html


# --- statistics --------------------------------------------------------------------------------------------


def test_statistics_chart_is_server_rendered_svg(client, club, make_record, director):
    import datetime

    make_record(date=datetime.date(2026, 1, 5))
    make_record(
        date=datetime.date(2026, 1, 20),
        irregularity="revoke",
        facts={"established": False, "revoker": "dummy"},
    )
    make_record(date=datetime.date(2026, 3, 2), irregularity="other", facts={})
    client.force_login(director)
    response, html = page(client, f"/clubs/{club.pk}/rulings/stats/")
    assert response.status_code == 200
    assert (
        '<svg xmlns="http://www.w3.org/2000/svg"' in html
        and "<script" not in html.split("<svg")[1].split("</svg>")[0]
    )
    assert "2026-01" in html and "2026-02" in html and "2026-03" in html  # the quiet month is shown
    assert "<th>不足叫牌</th><td>1</td><td>0</td><td>0</td><td><b>1</b></td>" in html
    assert "<th>合计</th><td>2</td><td>0</td><td>1</td><td><b>3</b></td>" in html
    svg = client.get(f"/clubs/{club.pk}/rulings/stats/?format=svg&irregularity=revoke")
    assert (
        svg["Content-Type"].startswith("image/svg+xml") and b"\xe8\x97\x8f\xe7\x89\x8c" in svg.content
    )  # 藏牌
    assert b"\xe4\xb8\x8d\xe8\xb6\xb3" not in svg.content  # 不足: filtered out


def test_list_filters_and_bad_filter(client, club, make_record, director):
    import datetime

    make_record(event="春季联赛", date=datetime.date(2026, 4, 1))
    make_record(event="周二双人赛")
    client.force_login(director)
    html = client.get(f"/clubs/{club.pk}/rulings/", {"q": "春季"}).content.decode()
    assert "春季联赛" in html and "周二双人赛</td>" not in html
    response = client.get(f"/clubs/{club.pk}/rulings/", {"date_from": "2026-05-01", "date_to": "2026-01-01"})
    assert response.status_code == 400 and "结束日期早于开始日期" in response.content.decode()


def test_members_page_adds_and_changes_roles(client, club, club_admin, director):
    from .conftest import make_user

    make_user("newcomer")
    client.force_login(club_admin)
    assert (
        client.post(f"/clubs/{club.pk}/members/", {"username": "newcomer", "role": "trainee"}).status_code
        == 302
    )
    html = client.get(f"/clubs/{club.pk}/members/").content.decode()
    assert "newcomer" in html and "学员" in html
    response = client.post(f"/clubs/{club.pk}/members/", {"username": "nobody", "role": "trainee"})
    assert response.status_code == 400


def test_members_page_refuses_removing_the_last_admin_and_bad_ids(client, club, club_admin):
    client.force_login(club_admin)
    assert client.post(f"/clubs/{club.pk}/members/", {"remove": "abc"}).status_code == 400
    response = client.post(f"/clubs/{club.pk}/members/", {"remove": str(club_admin.pk)})
    assert response.status_code == 400 and "至少要有一名管理员" in response.content.decode()


def test_edit_without_a_version_is_400(client, club, record, director):
    client.force_login(director)
    data = form_post(record)
    del data["version"]
    response = client.post(f"/clubs/{club.pk}/rulings/1/edit/", data)
    assert response.status_code == 400 and 'data-field="version"' in response.content.decode()


GARBAGE = [
    {"director": "abc"},
    {"director": "999999"},
    {"date": "2026-02-30"},
    {"board": "1e5"},
    {"board": "-3"},
    {"irregularity": "<script>"},
    {"called_by": "X"},
    {"fact.in_rotation": "maybe"},
    {"fact.replacement": "redouble"},
    {"adj_method": "artificial", "adj_form": "rubber", "adj_fault_NS": "direct", "adj_fault_EW": "none"},
    {
        "adj_method": "artificial",
        "adj_form": "pairs",
        "adj_fault_NS": "direct",
        "adj_fault_EW": "none",
        "adj_session_EW": "lots",
    },
    {"adj_method": "assigned", "adj_NS_contract": "4S", "adj_NS_declarer": "Q", "adj_NS_tricks": "x"},
    {"adj_method": "weighted"},
    {"event": "x" * 201},
    {"notes": "x" * 20001},
    {"version": "-1"},
]


@pytest.mark.parametrize("garbage", GARBAGE)
def test_garbage_in_the_forms_is_400_never_500(client, club, record, director, garbage):
    client.force_login(director)
    edit = client.post(f"/clubs/{club.pk}/rulings/1/edit/", form_post(record, **garbage))
    assert edit.status_code in (302, 400), edit.status_code
    new = client.post(f"/clubs/{club.pk}/rulings/new/", form_post(record, **garbage))
    assert new.status_code in (302, 400), new.status_code
    record.refresh_from_db()
    assert record.revisions.count() == record.version


# --- the page asks the record's rules ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "button"),
    [
        ("can_be_signed_off", "复核签字</button>"),
        ("can_be_appealed", "登记申诉</button>"),
    ],
)
def test_the_record_page_offers_what_the_records_rule_allows(
    client, club, make_record, chief, monkeypatch, rule, button
):
    make_record(status=Status.FINAL)
    client.force_login(chief)
    assert button in client.get(f"/clubs/{club.pk}/rulings/1/").content.decode()
    monkeypatch.setattr(RulingRecord, rule, lambda self: False)
    assert button not in client.get(f"/clubs/{club.pk}/rulings/1/").content.decode()


def test_the_decision_form_follows_the_pending_appeal(
    client, club, make_record, director, chief, monkeypatch
):
    record = make_record(status=Status.FINAL)
    services.appeal_lodge(record=record, by=director, appellant="东西")
    client.force_login(chief)
    assert "登记决定</button>" in client.get(f"/clubs/{club.pk}/rulings/1/").content.decode()
    monkeypatch.setattr(RulingRecord, "has_pending_appeal", lambda self: False)
    assert "登记决定</button>" not in client.get(f"/clubs/{club.pk}/rulings/1/").content.decode()


def test_a_page_error_is_in_the_pages_language(client, club, make_record, director):
    make_record()  # a draft: not yet a ruling to appeal against
    client.force_login(director)
    for language, message in (
        ("zh-hans", "只有已裁定的裁决可以申诉。"),
        ("en", "Only final rulings can be appealed."),
    ):
        client.cookies["django_language"] = language
        response = client.post(f"/clubs/{club.pk}/rulings/1/appeal/", {"version": 1, "appellant": "东西"})
        html = response.content.decode()
        assert response.status_code == 400 and 'data-field="status"' in html and message in html, language


def test_a_comment_over_the_model_fields_limit_is_400(client, club, record, director):
    client.force_login(director)
    response = client.post(f"/clubs/{club.pk}/rulings/1/comments/", {"text": "x" * 5001})
    assert response.status_code == 400 and 'data-field="text"' in response.content.decode()
    assert not record.comments.exists()
