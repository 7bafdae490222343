"""Typed input read from text (bridge.inputs): whole numbers, numbers and lists of scores, refused naming the field."""

import pytest

from bridge import EngineError
from bridge.inputs import number, required, scores_from_text, whole_number


@pytest.mark.parametrize(
    ("value", "expected"), [("10", 10), (" -450 ", -450), ("+7", 7), (13, 13), ("０７", 7), (0, 0)]
)
def test_whole_numbers(value, expected):
    assert whole_number(value, "tricks") == expected


@pytest.mark.parametrize("value", ["10.5", "ten", "", "+-5", "--5", "²", "1e3", True, 2.0, None, [1]])
def test_what_is_not_a_whole_number(value):
    with pytest.raises(EngineError) as caught:
        whole_number(value, "diff")
    error = caught.value
    assert (error.field, error.code) == ("diff", "input.not_whole")
    assert error.message == f"diff must be a whole number, not {value!r}."
    assert error.text("zh-hans") == f"diff 必须是整数，而不是 {value!r}。"


def test_whole_number_bounds():
    assert whole_number("0", "tricks", low=0, high=13) == 0
    assert whole_number("13", "tricks", low=0, high=13) == 13
    with pytest.raises(EngineError) as caught:
        whole_number("14", "tricks", low=0, high=13)
    assert caught.value.message == "tricks must be from 0 to 13, not 14."
    assert caught.value.text("zh-hans") == "tricks 必须在 0 到 13 之间，而不是 14。"
    with pytest.raises(EngineError) as caught:
        whole_number(0, "board", low=1)
    assert (caught.value.code, caught.value.message) == ("input.below", "board must be from 1, not 0.")


def test_required():
    assert required({"contract": "4S"}, "contract") == "4S"
    assert required({"tricks": 0}, "tricks") == 0
    for params in ({}, {"contract": ""}, {"contract": None}):
        with pytest.raises(EngineError) as caught:
            required(params, "contract")
        assert (caught.value.field, caught.value.message) == ("contract", "contract is required.")
        assert caught.value.text("zh-hans") == "请填写 contract。"


def test_numbers():
    assert number("63.5", "session_percent.NS") == 63.5
    assert number(" 60 ", "w") == 60.0
    with pytest.raises(EngineError) as caught:
        number("lots", "session_percent.EW")
    assert caught.value.field == "session_percent.EW"
    assert caught.value.message == "session_percent.EW must be a number, not “lots”."


def test_scores_from_text():
    assert scores_from_text("420, 420\n450 -50，+100") == [420, 420, 450, -50, 100]
    assert scores_from_text("  ") == []
    with pytest.raises(EngineError) as caught:
        scores_from_text("420 abc 450")
    error = caught.value
    assert (error.field, error.code) == ("scores", "input.not_score")
    assert error.message == "“abc” is not a whole-number score."
    assert error.text("zh-hans") == "“abc”不是整数分数。"
    with pytest.raises(EngineError) as caught:
        scores_from_text("1.5", "field_scores_ns")
    assert caught.value.field == "field_scores_ns"
