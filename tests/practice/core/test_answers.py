"""Checking answers: right and wrong marked, lenient reading, and an AnswerError naming the field in both languages."""

import pytest

from bridge.errors import FieldError
from practice.core import messages
from practice.core.answers import AnswerError, check_answers
from tests.practice.core.bank_data import BANK


def test_answers_right_and_wrong():
    scenario = BANK["rv-01"]  # q1 single (a), q2 number (2), q3 number (650)
    right = check_answers(scenario, {"q1": "a", "q2": 2, "q3": "650"})
    assert right.correct and all(q.correct for q in right.questions)
    wrong = check_answers(scenario, {"q1": "b", "q2": "2", "q3": 620})
    assert not wrong.correct
    assert [q.correct for q in wrong.questions] == [False, True, False]
    assert wrong.question("q1").answer == "a" and wrong.question("q1").given == "b"


def test_multiple_choice_needs_exactly_the_right_set_in_any_order():
    scenario = BANK["ib-09"]  # q2 answer [a, b]
    assert check_answers(scenario, {"q1": "b", "q2": ["b", "a"]}).correct
    assert check_answers(scenario, {"q1": "b", "q2": "a,b"}).correct
    assert not check_answers(scenario, {"q1": "b", "q2": ["a"]}).correct
    assert not check_answers(scenario, {"q1": "b", "q2": ["a", "b", "c"]}).correct


def test_number_answers_accept_text_and_a_tolerance():
    scenario = BANK["sc-07"]  # q3 62.5 with tolerance
    assert check_answers(scenario, {"q1": "5", "q2": 8, "q3": "62.5%"}).correct
    assert check_answers(scenario, {"q1": 5, "q2": 8, "q3": 62.505}).correct
    assert not check_answers(scenario, {"q1": 5, "q2": 8, "q3": 62}).correct
    assert check_answers(BANK["rv-10"], {"q1": "b", "q2": 1, "q3": "−650"}).correct


@pytest.mark.parametrize(
    ("answers", "field"),
    [
        ({"q1": "a", "q2": 2}, "answers.q3"),
        ({"q1": "z", "q2": 2, "q3": 650}, "answers.q1"),
        ({"q1": "a", "q2": "two", "q3": 650}, "answers.q2"),
        ({"q1": "a", "q2": True, "q3": 650}, "answers.q2"),
        ({"q1": "a", "q2": 2, "q3": 650, "q9": 1}, "answers.q9"),
        ({"q1": ["a", "b"], "q2": 2, "q3": 650}, "answers.q1"),
    ],
)
def test_bad_answers_name_the_field(answers, field):
    with pytest.raises(AnswerError) as caught:
        check_answers(BANK["rv-01"], answers)
    assert caught.value.field == field


# The English texts are what the API has always answered ({"error": ...}); they must not change.
@pytest.mark.parametrize(
    ("scenario", "answers", "message", "english", "chinese"),
    [
        ("rv-01", {"q1": "a", "q2": 2}, messages.ANSWER_MISSING, "Answer question 'q3'.", "请回答问题 q3。"),
        (
            "rv-01",
            {"q1": "z", "q2": 2, "q3": 650},
            messages.ANSWER_NOT_AN_OPTION,
            "q1: choose one of a, b, c, d, not 'z'.",
            "q1：请在 a, b, c, d 中选择一项，而不是 'z'。",
        ),
        (
            "rv-01",
            {"q1": "a", "q2": "two", "q3": 650},
            messages.ANSWER_NOT_A_NUMBER,
            "q2: give a number, not 'two'.",
            "q2：请填写一个数字，而不是 'two'。",
        ),
        (
            "rv-01",
            {"q1": "a", "q2": "1e999", "q3": 650},
            messages.ANSWER_NOT_A_NUMBER,
            "q2: give a number, not inf.",
            "q2：请填写一个数字，而不是 inf。",
        ),
        (
            "rv-01",
            {"q1": "a", "q2": 2, "q3": 650, "q9": 1},
            messages.ANSWERS_UNKNOWN_QUESTION,
            "'q9' is not a question of rv-01 (questions: q1, q2, q3).",
            "'q9' 不是 rv-01 的问题（问题：q1, q2, q3）。",
        ),
        (
            "rv-01",
            ["a"],
            messages.ANSWERS_NOT_A_MAPPING,
            "answers must map each question id to an answer.",
            "answers 必须把每个问题的编号对应到一个回答。",
        ),
        (
            "ib-09",
            {"q1": "b", "q2": {"a": 1}},
            messages.ANSWER_NOT_A_LIST,
            "q2: give a list of option keys (a, b, c, d).",
            "q2：请给出选项字母的列表（a, b, c, d）。",
        ),
        (
            "ib-09",
            {"q1": "b", "q2": ["a", "zz"]},
            messages.ANSWER_UNKNOWN_OPTION,
            "q2: 'zz' is not an option (one of a, b, c, d).",
            "q2：'zz' 不是选项（可选 a, b, c, d）。",
        ),
    ],
)
def test_an_answer_error_says_what_is_wrong_in_both_languages(scenario, answers, message, english, chinese):
    with pytest.raises(AnswerError) as caught:
        check_answers(BANK[scenario], answers)
    error = caught.value
    assert isinstance(error, FieldError) and error.code == message.code
    assert error.message == english == str(error)
    assert error.text("en") == english
    assert error.text("zh-hans") == chinese
