"""Practice pages: choose, answer, feedback with law links, progress kept per user or per browser session."""

import re
from html import unescape

import pytest
from django.test import Client

from bridge.references import find_references
from laws.models import Section
from practice import selectors, services
from practice.core import drills, vocabulary
from practice.core.answers import check_answers
from practice.models import Attempt, Card
from practice.selectors import SESSION_KEY, Learner

from .conftest import PASSWORD, right_answers, wrong_answers

pytestmark = pytest.mark.django_db


def case_url(item: str) -> str:
    return f"/practice/cases/{item}/"


def text_of(html: str) -> str:
    """The page's text without tags (glossary terms are wrapped in <abbr>)."""
    return re.sub(r"<[^>]+>", "", html)


def test_nav_links_to_practice_and_the_index_lists_topics_and_drills(client):
    html = client.get("/").content.decode()
    assert 'href="/practice/"' in html and "练习" in html
    html = client.get("/practice/").content.decode()
    for topic in vocabulary.TOPICS:
        assert f'href="/practice/next/?topic={topic}"' in html
    for slug in drills.TREE_TOPICS:
        assert f'href="/practice/drills/{slug}/"' in html
    assert "你没有登录" in html


def test_next_picks_a_case_of_the_chosen_topic_and_difficulty(client):
    response = client.get("/practice/next/", {"topic": "revoke", "difficulty": "3"})
    assert response.status_code == 302
    item = re.search(r"/practice/cases/([a-z0-9-]+)/", response["Location"])[1]
    scenario = selectors.scenarios()[item]
    assert scenario.topic == "revoke" and scenario.difficulty == 3
    assert "topic=revoke" in response["Location"] and "difficulty=3" in response["Location"]
    page = client.get(response["Location"]).content.decode()
    assert scenario.title in page and 'name="q1"' in page and "提交答案" in page


def test_a_case_shows_the_auction_as_a_table_with_red_suits(client):
    html = client.get(case_url("ib-01")).content.decode()
    assert re.search(r'<section class="situation"[^>]*><p>[^<]*</p><table><thead><tr><th>北</th>', html)
    assert '<span class="suit-red">♥</span>' in html
    assert "第27条B款1项" in html  # option text
    assert "解析" not in html  # no explanation before answering


def test_a_right_answer_shows_the_explanation_with_law_links_and_records_progress(client):
    scenario = selectors.scenarios()["rv-02"]
    response = client.post(case_url("rv-02"), right_answers(scenario))
    html = response.content.decode()
    assert response.status_code == 200
    assert "✓ 回答正确" in html
    assert 'href="/laws/64/#64A2"' in html and 'data-sheet-ref="64A2"' in html
    assert "ref pending" not in html
    assert "继续下一题" in html
    token = client.session[SESSION_KEY]
    attempt = Attempt.objects.get(session_token=token)
    assert (attempt.item, attempt.topic, attempt.correct, attempt.user) == ("rv-02", "revoke", True, None)
    assert attempt.answers == {"q1": "b", "q2": 2, "q3": 630}
    card = Card.objects.get(session_token=token, item="rv-02")
    assert (card.box, card.seen, card.right, card.last_correct) == (1, 1, 1, True)


def test_a_wrong_answer_marks_the_right_option(client):
    scenario = selectors.scenarios()["lot-04"]
    html = client.post(case_url("lot-04"), wrong_answers(scenario)).content.decode()
    assert "✗ 回答有误" in html
    assert "正确答案：C. 第54条C款" in html
    assert re.search(r'class="pq-option right">\s*<input type="radio" name="q1" value="c"', html)
    assert re.search(r'class="pq-option wrong">\s*<input type="radio" name="q1" value="[abd]" checked', html)
    card = Card.objects.get(item="lot-04")
    assert (card.box, card.last_correct) == (0, False)


def test_a_missing_answer_is_a_400_and_records_nothing(client):
    response = client.post(case_url("rv-01"), {"q1": "a"})
    assert response.status_code == 400
    assert "请回答每一个问题" in response.content.decode()
    assert not Attempt.objects.exists()


def _notice(response) -> str:
    """The text of the page's error notice."""
    match = re.search(r'<p class="notice error" role="alert">(.*?)</p>', response.content.decode(), re.S)
    assert match, "no error notice"
    return unescape(text_of(match[1]))


def test_a_malformed_answer_is_a_400_in_the_pages_language(client):
    response = client.post(case_url("rv-01"), {"q1": "a", "q2": "two", "q3": "650"})
    assert response.status_code == 400
    assert _notice(response) == "请回答每一个问题。 q2：请填写一个数字，而不是 'two'。"
    assert not Attempt.objects.exists()


def test_the_english_ui_shows_the_english_message(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = client.post(case_url("rv-01"), {"q1": "a", "q2": "two", "q3": "650"})
    assert response.status_code == 400
    assert _notice(response) == "Please answer every question. q2: give a number, not 'two'."
    missing = client.post(case_url("rv-01"), {"q1": "a", "q2": "2"})
    assert _notice(missing) == "Please answer every question. Answer question 'q3'."


def test_multiple_choice_through_the_form(client):
    response = client.post(case_url("ib-09"), {"q1": "b", "q2": ["a", "b"]})
    assert "✓ 回答正确" in response.content.decode()


def test_unknown_case_is_404(client):
    assert client.get(case_url("nope-1")).status_code == 404
    assert client.get(case_url("drill-nosuchtree-4")).status_code == 404
    assert client.get("/practice/drills/nosuchtree/").status_code == 404


def test_every_explanation_and_situation_links_only_laws_in_the_corpus():
    """Each scenario's law references resolve in its own edition's law base (a 2017 scenario's 第23条B款 in the
    2017 laws), and its explanation links them."""
    refs_of = {
        code: set(Section.objects.filter(edition__code=code).values_list("ref", flat=True))
        for code in ("ccba-1999", "wbf-2017")
    }
    assert {scenario.edition for scenario in selectors.scenarios().values()} == set(refs_of)
    for scenario in selectors.scenarios().values():
        refs = refs_of[scenario.edition]
        for text in (scenario.explanation, scenario.situation, *(q.prompt for q in scenario.questions)):
            for found in find_references(text):
                assert found.ref in refs, f"{scenario.id}: {found.raw} → {found.ref} is not in the law base"
        html = selectors.text_html(scenario.explanation, scenario.edition)
        if scenario.edition != "ccba-1999":
            assert f"edition={scenario.edition}" in html, scenario.id
        assert 'class="ref"' in html and "ref pending" not in html, scenario.id
        assert "<script" not in html


# --- progress: anonymous vs signed in ---------------------------------------------------------------------------


def _answer(client, item, *, right=True):
    scenario = selectors.item_get(item)
    data = right_answers(scenario) if right else wrong_answers(scenario)
    return client.post(case_url(item), data)


def test_anonymous_progress_belongs_to_the_browser_session():
    first, second = Client(), Client()
    _answer(first, "rv-01")
    _answer(first, "rv-03", right=False)
    rows = {row.topic: row for row in selectors.progress(Learner(token=first.session[SESSION_KEY]))}
    assert (rows["revoke"].attempts, rows["revoke"].right, rows["revoke"].seen) == (2, 1, 2)
    assert rows["revoke"].review == ["rv-03"]
    html = first.get("/practice/progress/").content.decode()
    assert re.search(r'data-topic="revoke">.*?<td>2/24</td><td>0</td><td>2</td>\s*<td>50%</td>', html, re.S)
    assert "只保存在本浏览器的会话中" in html
    assert 'href="/practice/cases/rv-03/"' in html  # the wrong one, to practise again
    # Another browser sees nothing of it.
    assert SESSION_KEY not in second.session
    assert "还没有作答记录" in second.get("/practice/progress/").content.decode()
    _answer(second, "sc-01")
    assert Attempt.objects.filter(session_token=second.session[SESSION_KEY]).count() == 1
    assert Attempt.objects.filter(session_token=first.session[SESSION_KEY]).count() == 2


def test_signed_in_progress_is_kept_in_the_account_across_sessions(make_user):
    user = make_user("trainee1")
    browser = Client()
    assert browser.login(username="trainee1", password=PASSWORD)
    _answer(browser, "sc-02")
    _answer(browser, "sc-03", right=False)
    attempts = Attempt.objects.filter(user=user)
    assert attempts.count() == 2 and not attempts.filter(session_token__isnull=False).exists()
    assert SESSION_KEY not in browser.session
    browser.logout()
    # A new session on another device, signed in again, sees the same progress.
    tablet = Client()
    tablet.login(username="trainee1", password=PASSWORD)
    html = tablet.get("/practice/progress/").content.decode()
    assert "进度保存在你的账户中" in html
    assert re.search(r'data-topic="scores">.*?<td>2/11</td><td>0</td><td>2</td>\s*<td>50%</td>', html, re.S)
    # Signed out, the same browser starts afresh.
    tablet.logout()
    assert "还没有作答记录" in tablet.get("/practice/progress/").content.decode()


def test_signing_in_keeps_what_was_practised_anonymously(make_user):
    user = make_user("trainee2")
    browser = Client()
    _answer(browser, "ll-01")
    _answer(browser, "ll-02", right=False)
    token = browser.session[SESSION_KEY]
    browser.post("/accounts/login/", {"username": "trainee2", "password": PASSWORD})
    assert browser.session.get("_auth_user_id") == str(user.pk)
    assert Attempt.objects.filter(user=user).count() == 2
    assert not Attempt.objects.filter(session_token=token).exists()
    assert set(Card.objects.filter(user=user).values_list("item", flat=True)) == {"ll-01", "ll-02"}


def test_merge_keeps_the_users_own_card(make_user):
    user = make_user("trainee3")
    mine = Learner(user_id=user.pk)
    anonymous = Learner(token="tok")
    scenario = selectors.scenarios()["sc-01"]
    right = check_answers(scenario, {"q1": 420})
    services.attempt_record(learner=mine, scenario=scenario, result=right)
    services.attempt_record(learner=mine, scenario=scenario, result=right)
    services.attempt_record(learner=anonymous, scenario=scenario, result=check_answers(scenario, {"q1": 1}))
    assert services.learner_merge(token="tok", user=user) == 1
    card = Card.objects.get(user=user, item="sc-01")
    assert (card.box, card.seen) == (2, 2)
    assert (
        Attempt.objects.filter(user=user).count() == 3
        and not Card.objects.filter(session_token="tok").exists()
    )


# --- spaced repetition through the pages ------------------------------------------------------------------------


def test_a_wrong_answer_comes_back_sooner_than_a_right_one_in_practice(client):
    def next_item(after):
        response = client.get("/practice/next/", {"topic": "law_lookup", "after": after})
        return re.search(r"/practice/cases/([a-z0-9-]+)/", response["Location"])[1]

    wrong = next_item("")
    _answer(client, wrong, right=False)
    right = next_item(wrong)
    assert right != wrong
    _answer(client, right, right=True)
    token = client.session[SESSION_KEY]
    due = dict(Card.objects.filter(session_token=token).values_list("item", "due_step"))
    assert due[wrong] < due[right]
    third = next_item(right)
    assert third not in (wrong, right)  # a new case in between
    _answer(client, third, right=True)
    # Two other answers after it, the wrong case is due again — before the unseen cases and before `right`.
    assert next_item(third) == wrong
    _answer(client, wrong, right=True)
    card = Card.objects.get(session_token=token, item=wrong)
    assert (card.seen, card.right, card.box) == (2, 1, 1)


def test_next_with_no_cases_left_to_choose_from(client):
    response = client.get("/practice/next/", {"topic": "law_lookup", "difficulty": "3"})
    assert response.status_code == 404
    assert "没有符合条件的题目" in response.content.decode()


# --- drills -----------------------------------------------------------------------------------------------------


def test_drills_are_generated_answered_and_a_wrong_one_comes_back(client):
    response = client.get("/practice/drills/revoke/")
    assert response.status_code == 302 and "drill=revoke" in response["Location"]
    item = re.search(r"/practice/cases/(drill-revoke-\d+)/", response["Location"])[1]
    html = text_of(client.get(response["Location"]).content.decode())
    assert "裁判到场后了解到以下情况" in html and "应适用哪一条款" in html
    drill = selectors.item_get(item)
    result = client.post(case_url(item) + "?drill=revoke", wrong_answers(drill)).content.decode()
    assert "✗ 回答有误" in result and "依据条款" in result
    assert f'href="/practice/drills/revoke/?after={item}"' in result
    attempt = Attempt.objects.get(item=item)
    assert (attempt.source, attempt.topic) == ("drill", "revoke")
    # Answer two other drills; the wrong one is then due and comes back.
    for _ in range(2):
        location = client.get("/practice/drills/revoke/", {"after": item})["Location"]
        other = re.search(r"(drill-revoke-\d+)", location)[1]
        assert other != item
        _answer(client, other)
    location = client.get("/practice/drills/revoke/")["Location"]
    assert re.search(r"(drill-revoke-\d+)", location)[1] == item


def test_the_pure_core_names_the_same_base_edition_as_the_law_base():
    from laws.editions import BASE
    from practice.core.vocabulary import BASE_EDITION

    assert BASE_EDITION == BASE


def test_a_director_working_in_2017_drills_a_2017_tree_on_the_page_and_through_the_api(client):
    """Issue 29: drills of every 2017 tree, their ids naming the edition (the page's URL takes them)."""
    from laws.editions import COOKIE
    from rulings.trees import trees

    client.cookies[COOKIE] = "wbf-2017"
    for slug in trees("wbf-2017"):
        response = client.get(f"/practice/drills/{slug}/")
        assert response.status_code == 302, slug
        assert "/practice/cases/drill-wbf-2017_" in response["Location"], response["Location"]
        page = client.get(response["Location"])
        assert page.status_code == 200, slug
        api = client.get(f"/api/practice/drills/{slug}/?edition=wbf-2017&seed=7")
        assert api.status_code == 200, api.content[:300]
        assert api.json()["id"] == f"drill-wbf-2017_{slug}-7" and api.json()["edition"] == "wbf-2017"
