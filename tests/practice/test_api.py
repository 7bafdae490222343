"""The practice API over real HTTP: the list never shows answers; answers are checked; bad input is a 400
naming the field."""

import json
import re

import pytest

from practice import selectors
from practice.core import vocabulary

pytestmark = pytest.mark.django_db

ANSWER = "/api/practice/scenarios/{}/answer/"


def test_the_list_has_ids_topics_difficulties_titles_and_never_the_answers(http):
    response = http("GET", "/api/practice/scenarios/")
    assert response.status == 200
    items = response.json()
    assert len(items) >= 45
    assert all(set(item) == {"id", "edition", "topic", "difficulty", "title"} for item in items)
    assert {item["topic"] for item in items} == set(vocabulary.TOPICS)
    for forbidden in ('"answer', '"explanation', '"questions', '"checks'):
        assert forbidden not in response.text


def test_the_list_filters_by_topic_and_difficulty(http):
    items = http("GET", "/api/practice/scenarios/?topic=revoke&difficulty=2").json()
    assert items and all(item["topic"] == "revoke" and item["difficulty"] == 2 for item in items)


@pytest.mark.parametrize(
    ("query", "field"),
    [("topic=bidding", "topic"), ("difficulty=4", "difficulty"), ("difficulty=x", "difficulty")],
)
def test_bad_filters_are_400_naming_the_field(http, query, field):
    response = http("GET", f"/api/practice/scenarios/?{query}")
    assert response.status == 400
    assert response.json()["field"] == field and response.json()["error"]


def test_one_scenario_shows_its_questions_but_not_the_answers(http):
    response = http("GET", "/api/practice/scenarios/ib-09/")
    data = response.json()
    assert response.status == 200
    assert data["id"] == "ib-09" and data["topic"] == "insufficient_bid"
    assert "<table>" in data["situation"] and "<th>西</th>" in data["situation"]
    assert [q["kind"] for q in data["questions"]] == ["single", "multiple"]
    assert data["questions"][1]["options"][0] == {"key": "a", "text": "要求北首引黑桃"}
    assert "answer" not in json.dumps(data["questions"]) and "explanation" not in data
    assert data["answer_url"] == ANSWER.format("ib-09")


def test_a_right_answer(http):
    response = http("POST", ANSWER.format("rv-02"), {"answers": {"q1": "b", "q2": 2, "q3": "630"}})
    data = response.json()
    assert response.status == 200
    assert data["correct"] is True
    assert data["answer"] == {"q1": "b", "q2": 2, "q3": 630}
    assert all(q["correct"] for q in data["questions"])
    links = re.findall(r"<a [^>]*>", data["explanation"])
    assert any('data-sheet-ref="64A2"' in a and 'href="/laws/64/#64A2"' in a for a in links)
    assert data["laws"][:2] == ["63A1", "64A2"]


def test_a_wrong_answer_returns_the_correct_one_and_the_explanation(http):
    data = http("POST", ANSWER.format("rv-02"), {"answers": {"q1": "b", "q2": 1, "q3": 600}}).json()
    assert data["correct"] is False
    assert [q["correct"] for q in data["questions"]] == [True, False, False]
    assert data["questions"][1] == {"id": "q2", "correct": False, "given": 1, "answer": 2}
    assert "第64条A款2项" in data["explanation"]


def test_multiple_choice_and_the_single_answer_shorthand(http):
    data = http("POST", ANSWER.format("ib-09"), {"answers": {"q1": "b", "q2": ["b", "a"]}}).json()
    assert data["correct"] is True and data["answer"]["q2"] == ["a", "b"]
    data = http("POST", ANSWER.format("sc-01"), {"answer": 420}).json()
    assert data["correct"] is True


@pytest.mark.parametrize(
    ("item", "body", "field"),
    [
        ("rv-02", {"answers": {"q1": "b", "q2": 2}}, "answers.q3"),
        ("rv-02", {"answers": {"q1": "e", "q2": 2, "q3": 630}}, "answers.q1"),
        ("rv-02", {"answers": {"q1": "b", "q2": "two", "q3": 630}}, "answers.q2"),
        ("rv-02", {"answers": {"q1": "b", "q2": 2, "q3": 630, "q7": 1}}, "answers.q7"),
        ("ib-09", {"answers": {"q1": "b", "q2": ["a", "x"]}}, "answers.q2"),
        ("ib-09", {"answers": {"q1": "b", "q2": {"a": 1}}}, "answers.q2"),
        ("rv-02", {"answers": ["b", 2, 630]}, "answers"),
        ("rv-02", {"answer": "b"}, "answers"),
        ("rv-02", {}, "answers"),
        ("rv-02", [1, 2], None),
    ],
)
def test_bad_answers_are_400_naming_the_field(http, item, body, field):
    response = http("POST", ANSWER.format(item), body)
    assert response.status == 400
    data = response.json()
    assert set(data) == {"error", "field"} and data["field"] == field and data["error"]


def test_a_bad_answer_is_answered_in_the_requests_language(http):
    """Issue 19 item 4: the API's error text follows the request's language (Accept-Language), Chinese by default;
    the field is named by its API key in both."""
    body = {"answers": {"q1": "b", "q2": "two", "q3": 630}}
    response = http("POST", ANSWER.format("rv-02"), body, headers={"Accept-Language": "en"})
    assert response.status == 400
    assert response.json() == {"error": "q2: give a number, not 'two'.", "field": "answers.q2"}
    response = http("POST", ANSWER.format("rv-02"), body, headers={"Accept-Language": "zh-CN"})
    assert response.json() == {"error": "q2：请填写一个数字，而不是 'two'。", "field": "answers.q2"}
    response = http("POST", ANSWER.format("rv-02"), {"answers": ["b", 2, 630]})
    assert response.json() == {"error": "answers 必须把每个问题的编号对应到一个回答。", "field": "answers"}


def test_malformed_json_and_unknown_scenarios(http):
    response = http("POST", ANSWER.format("rv-02"), raw=b"{not json")
    assert response.status == 400 and response.json()["field"] is None
    response = http("POST", ANSWER.format("zz-99"), {"answers": {}})
    assert response.status == 404 and set(response.json()) == {"error", "field"}
    assert http("GET", "/api/practice/scenarios/zz-99/").status == 404
    assert http("GET", ANSWER.format("rv-02")).status == 405


def test_drills_over_the_api(http):
    data = http("GET", "/api/practice/drills/revoke/?seed=17").json()
    assert data["id"] == "drill-revoke-17" and data["source"] == "drill" and data["topic"] == "revoke"
    drill = selectors.drill_get("revoke", 17)
    result = http("POST", ANSWER.format(data["id"]), {"answers": drill.answers}).json()
    assert result["correct"] is True and "依据条款" in result["explanation"]
    assert http("GET", "/api/practice/drills/revoke/").json()["id"].startswith("drill-revoke-")
    assert http("GET", "/api/practice/drills/nope/").json()["field"] == "slug"
    assert http("GET", "/api/practice/drills/revoke/?seed=-1").json()["field"] == "seed"


def test_the_schema_documents_the_practice_endpoints(http):
    schema = http("GET", "/api/schema/?format=json").json()
    for path in ("/api/practice/scenarios/", "/api/practice/scenarios/{item}/answer/"):
        assert path in schema["paths"]
