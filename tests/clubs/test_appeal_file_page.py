"""The printable appeal file (issue 30): reachable from the record page, in the order a committee reads it
(hands → auction → the director's facts and ruling → reasons → opponents' submission → decision), in Chinese and
English, user text escaped, the double-dummy table only when the solver has already run."""

import pytest
from django.utils import translation

from clubs import services
from clubs.models import Role, RulingRecord, Status
from tests.bridge.test_appeal_file import FILE

from .conftest import make_user

pytestmark = [pytest.mark.log, pytest.mark.django_db]

ORDER_ZH = ["四手牌", "叫牌过程", "裁判的事实陈述与裁决", "申诉理由", "对方的陈述", "仲裁委员会的决定"]
ORDER_EN = [
    "The hands",
    "The auction",
    "The director's statement of facts and ruling",
    "Grounds for appeal",
    "The opponents' submission",
    "The appeals committee's decision",
]


@pytest.fixture
def appealed(club, director, make_record):
    record = make_record(
        board=3,
        status=Status.FINAL,
        statement="北家在 2♦ 后停顿约 15 秒。<script>alert(1)</script>" + "事" * 3000,
    )
    services.appeal_file_save(record=record, by=director, data=FILE, expected_version=record.version)
    # The director's answer to the UI tree's "logical alternative?" question, set directly for this page's warning.
    RulingRecord.objects.filter(pk=record.pk).update(facts={**record.facts, "logical_alternative": False})
    record = RulingRecord.objects.get(pk=record.pk)
    services.appeal_lodge(record=record, by=director, appellant="东西", reason="停顿并不明显。")
    record = RulingRecord.objects.get(pk=record.pk)
    committee = make_user("committee", club=club, role=Role.COMMITTEE)
    services.appeal_committee_and_decision(
        record=record,
        by=committee,
        data={
            "submission": "南北：停顿 <b>确实</b> 存在。",
            "members": ["陈", "刘", "孙"],
            "weights": [
                {"contract": "4H", "declarer": "N", "tricks": 10, "weight": 60},
                {"contract": "2DX", "declarer": "W", "tricks": 7, "weight": 40},
            ],
        },
        expected_version=record.version,
        decision="changed",
        decision_text="按第12条C款3项加权。",
    )
    return RulingRecord.objects.get(pk=record.pk)


def page(client, club, record, language="zh-hans"):
    with translation.override(None):
        client.cookies["django_language"] = language
        return client.get(f"/clubs/{club.pk}/rulings/{record.number}/appeal-file/")


def positions(text, headings):
    return [text.index(f">{heading}</h2>") for heading in headings]


def test_the_record_page_links_to_it(client, club, director, appealed):
    client.force_login(director)
    detail = client.get(appealed.get_absolute_url()).content.decode()
    assert f"/clubs/{club.pk}/rulings/{appealed.number}/appeal-file/" in detail


def test_the_chinese_file_in_the_committee_s_order(client, club, director, appealed):
    client.force_login(director)
    response = page(client, club, appealed)
    assert response.status_code == 200
    text = response.content.decode()
    found = positions(text, ORDER_ZH)
    assert found == sorted(found)
    # The hands (board 3 from the session file), the auction grid from South, the tempo break, the poll.
    assert "A8653" in text and "AKJ842" in text
    assert "⏸" in text and "有争议" in text and "约 15 秒" in text
    assert "Li" in text and "也考虑过" in text
    assert "有被调查者选择了其他叫品，但裁判认定不存在合乎逻辑的其他选择" in text  # the poll warning
    assert "很可能" in text and "有可能" in text and "420" in text
    assert "停顿并不明显" in text and "陈、刘、孙" in text and "332.0" in text and "变更裁决" in text
    # Every user text is escaped; the statement's 3,000 characters are all there.
    assert "<script>alert(1)</script>" not in text and "<b>确实</b>" not in text and "&lt;b&gt;确实" in text
    assert "事" * 3000 in text


def test_the_english_file(client, club, director, appealed):
    client.force_login(director)
    text = page(client, club, appealed, "en").content.decode()
    found = positions(text, ORDER_EN)
    assert found == sorted(found)
    assert "disputed" in text and "about 15 seconds" in text and "Pass" in text
    assert "Likely" in text and "At all probable" in text and "Appeal file #" in text
    assert "a pollee chose another call, yet the director found no logical alternative" in text


def test_an_empty_file_still_prints(client, club, director, record):
    client.force_login(director)
    text = page(client, club, record).content.decode()
    assert "未录入牌局" in text and "未录入叫牌过程" in text


def test_the_double_dummy_table_only_once_solved(client, club, director, appealed, http=None):
    from django.core.cache import cache

    from bridge.deals import Deal, double_dummy
    from rulings.deals_api import cache_key

    client.force_login(director)
    assert "双明手分析" not in page(client, club, appealed).content.decode()
    deal = appealed.appeal_file["deal"]
    solved = double_dummy(Deal.from_hands(deal["hands"], board=3)).as_dict()
    cache.set(cache_key(deal["pbn"], deal["dealer"], deal["vulnerability"]), solved)
    text = page(client, club, appealed).content.decode()
    assert "双明手分析" in text and "最优定约分（南北）" in text and "4H" in text


def test_outsiders_may_not_read_it(client, club, outsider, appealed):
    client.force_login(outsider)
    assert page(client, club, appealed).status_code == 403


def test_the_editor_page_for_a_director(client, club, director, make_record):
    record = make_record(board=3)
    client.force_login(director)
    detail = client.get(record.get_absolute_url()).content.decode()
    edit_url = f"/clubs/{club.pk}/rulings/{record.number}/appeal-file/edit/"
    assert edit_url in detail
    text = client.get(edit_url).content.decode()
    assert "data-appeal-editor" in text and "js/pages/appeal.js" in text
    assert f'data-api-url="/api/clubs/{club.pk}/rulings/{record.number}/appeal-file/"' in text
    assert 'data-dealer="S"' in text and 'data-vulnerability="EW"' in text and "csrfmiddlewaretoken" in text


def test_the_editor_is_read_only_once_appealed(client, club, director, appealed):
    client.force_login(director)
    text = client.get(f"/clubs/{club.pk}/rulings/{appealed.number}/appeal-file/edit/").content.decode()
    assert "data-appeal-editor" not in text and "裁判部分只读" in text


def test_a_trainee_may_not_edit(client, club, trainee, record):
    client.force_login(trainee)
    assert client.get(f"/clubs/{club.pk}/rulings/{record.number}/appeal-file/edit/").status_code == 403


@pytest.fixture
def lodged(club, director, make_record):
    record = make_record(board=3, status=Status.FINAL)
    services.appeal_file_save(record=record, by=director, data=FILE, expected_version=record.version)
    record = RulingRecord.objects.get(pk=record.pk)
    services.appeal_lodge(record=record, by=director, appellant="东西", deposit=100)
    return RulingRecord.objects.get(pk=record.pk)


def test_a_committee_member_fills_the_committee_part_on_its_page(client, club, lodged):
    member = make_user("member", club=club, role=Role.COMMITTEE)
    client.force_login(member)
    detail = client.get(lodged.get_absolute_url()).content.decode()
    url = f"/clubs/{club.pk}/rulings/{lodged.number}/appeal-committee/"
    assert url in detail
    assert client.get(url).status_code == 200
    form = {
        "version": lodged.version,
        "submission": "南北：停顿明显。",
        "members": "陈\n刘\n\n孙",
        "weights": "4H N 10 60\n2DX W 7 40\n",
        "decision": "changed",
        "decision_text": "加权。",
        "deposit": "returned",
    }
    response = client.post(url, form)
    assert response.status_code == 302 and response["Location"].endswith("/appeal-file/")
    appeal = RulingRecord.objects.get(pk=lodged.pk).appeal
    assert appeal.committee_file["members"] == ["陈", "刘", "孙"]
    assert appeal.committee_file["equity"]["score_ns"] == 332.0
    assert appeal.decision == "changed" and appeal.deposit_returned is True


@pytest.mark.parametrize(
    ("weights", "says"),
    [("4H N 10 60", "100"), ("4H N 10", "weights[0]"), ("4H N 14 100", "weights[0].tricks")],
)
def test_bad_weights_are_400_on_the_page_and_write_nothing(client, club, lodged, weights, says):
    member = make_user("member", club=club, role=Role.COMMITTEE)
    client.force_login(member)
    url = f"/clubs/{club.pk}/rulings/{lodged.number}/appeal-committee/"
    response = client.post(url, {"version": lodged.version, "weights": weights, "decision": "upheld"})
    assert response.status_code == 400
    assert says in response.content.decode()
    appeal = RulingRecord.objects.get(pk=lodged.pk).appeal
    assert appeal.committee_file is None and appeal.decision == "pending"


def test_a_director_may_not_open_the_committee_page(client, club, director, lodged):
    client.force_login(director)
    assert client.get(f"/clubs/{club.pk}/rulings/{lodged.number}/appeal-committee/").status_code == 403


def test_the_editor_offers_the_play_results_and_poll_with_the_warning_in_both_languages(
    client, club, director, make_record
):
    record = make_record(board=3)
    services.appeal_file_save(record=record, by=director, data=FILE, expected_version=record.version)
    RulingRecord.objects.filter(pk=record.pk).update(facts={**record.facts, "logical_alternative": False})
    client.force_login(director)
    edit_url = f"/clubs/{club.pk}/rulings/{record.number}/appeal-file/edit/"
    detail = client.get(record.get_absolute_url()).content.decode()
    assert f'href="{edit_url}" data-action="build-appeal-file">建立仲裁卷宗' in detail
    text = client.get(edit_url).content.decode()
    assert 'data-poll-warning="poll_alternative"' in text
    for label in ("首攻", "牌桌结果", "很可能", "有可能", "向被调查者提出的问题", "根据牌局和叫牌生成问题"):
        assert label in text, label
    with translation.override(None):
        client.cookies["django_language"] = "en"
        english = client.get(edit_url).content.decode()
    for label in (
        "Opening lead",
        "The problem as put",
        "at all probable",
        "Add a pollee",
        "Build the appeal file",
    ):
        assert label in english, label
