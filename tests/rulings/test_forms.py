"""The adjusted-score form's fields read once (rulings.forms) for the calculator page and the club record form,
and written back to prefill a form."""

import pytest

from bridge import EngineError
from rulings import calculators
from rulings.forms import adjustment_from_post, adjustment_to_post

ARTIFICIAL = {
    "method": "artificial",
    "form": "pairs",
    "fault_NS": "direct",
    "fault_EW": "none",
    "session_EW": "63.5",
}
ASSIGNED = {
    "method": "assigned",
    "vulnerability": "NS",
    "NS_contract": "4S",
    "NS_declarer": "N",
    "NS_tricks": "10",
    "EW_contract": "PASS",
    "EW_declarer": "",
    "EW_tricks": "",
}
WEIGHTED = {
    "method": "weighted",
    "vulnerability": "None",
    "w0_contract": "4S",
    "w0_declarer": "N",
    "w0_tricks": "10",
    "w0_weight": "60",
    "w2_contract": "4S",
    "w2_declarer": "N",
    "w2_tricks": "9",
    "w2_weight": "40",
    "field_scores": "420, 450\n-50",
}


def prefixed(fields: dict, prefix: str) -> dict:
    return {prefix + name: value for name, value in fields.items()}


@pytest.mark.parametrize("prefix", ["", "adj_"])
def test_the_three_methods_read_into_the_api_body(prefix):
    assert adjustment_from_post(prefixed(ARTIFICIAL, prefix), prefix=prefix) == {
        "method": "artificial",
        "form": "pairs",
        "fault": {"NS": "direct", "EW": "none"},
        "session_percent": {"EW": 63.5},
    }
    assert adjustment_from_post(prefixed(ASSIGNED, prefix), prefix=prefix) == {
        "method": "assigned",
        "vulnerability": "NS",
        "NS": {"contract": "4S", "declarer": "N", "tricks": 10},
        "EW": {"contract": "PASS", "declarer": None, "tricks": None},
    }
    assert adjustment_from_post(prefixed(WEIGHTED, prefix), prefix=prefix) == {
        "method": "weighted",
        "vulnerability": "None",
        "outcomes": [
            {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.6},
            {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 0.4},
        ],
        "field_scores_ns": [420, 450, -50],
    }


def test_fields_of_another_prefix_are_not_read():
    assert adjustment_from_post(ASSIGNED, prefix="adj_") is None
    assert adjustment_from_post(prefixed(ASSIGNED, "adj_")) is None


def test_no_method_is_no_adjustment_and_an_unknown_one_is_left_to_the_engine():
    assert adjustment_from_post({}) is None
    assert adjustment_from_post({"method": "  "}) is None
    body = adjustment_from_post({"method": "guess"})
    assert body == {"method": "guess"}
    with pytest.raises(EngineError) as caught:
        calculators.adjusted_score(body)
    assert caught.value.field == "method"


def test_session_percentages_count_in_pairs_only():
    teams = adjustment_from_post({**ARTIFICIAL, "form": "teams"})
    assert "session_percent" not in teams
    assert calculators.adjusted_score(teams)["EW"]["imps"] == 3


def test_the_vulnerability_is_left_out_when_not_given():
    """The record form takes it from the board number (Law 2)."""
    assert "vulnerability" not in adjustment_from_post({**ASSIGNED, "vulnerability": ""})


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {**ARTIFICIAL, "session_EW": "lots"},
            "session_percent.EW",
            "session_percent.EW must be a number, not “lots”.",
        ),
        ({**ASSIGNED, "EW_tricks": "x"}, "EW.tricks", "EW.tricks must be a whole number, not 'x'."),
        ({**ASSIGNED, "NS_tricks": "14"}, "NS.tricks", "NS.tricks must be from 0 to 13, not 14."),
        (
            {**WEIGHTED, "w2_weight": "forty"},
            "outcomes[2].weight",
            "outcomes[2].weight must be a number, not “forty”.",
        ),
        ({**WEIGHTED, "field_scores": "420 x"}, "field_scores_ns", "“x” is not a whole-number score."),
        ({**WEIGHTED, "other_table": "4.5"}, "other_table_score_ns", None),
    ],
)
def test_numbers_that_cannot_be_read_name_the_field(fields, field, message):
    with pytest.raises(EngineError) as caught:
        adjustment_from_post(prefixed(fields, "adj_"), prefix="adj_")
    assert caught.value.field == field
    if message:
        assert caught.value.message == message


@pytest.mark.parametrize(
    "fields", [ARTIFICIAL, ASSIGNED, WEIGHTED, {**WEIGHTED, "field_scores": "", "other_table": "420"}]
)
def test_a_stored_adjustment_prefills_the_form_that_posts_it_again(fields):
    body = adjustment_from_post(fields)
    refilled = adjustment_to_post(body, prefix="adj_")
    assert all(name.startswith("adj_") for name in refilled)
    assert adjustment_from_post(refilled, prefix="adj_") == body
    assert calculators.adjusted_score(
        adjustment_from_post(refilled, prefix="adj_")
    ) == calculators.adjusted_score(body)


def test_prefilling_reads_what_the_api_stores():
    assert adjustment_to_post(None, prefix="adj_") == {"adj_method": ""}
    body = {
        "method": "weighted",
        "vulnerability": "Both",
        "outcomes": [
            ["3NT", "S", 9, 0.75],
            {"contract": "3NT", "declarer": "S", "tricks": 8, "weight": 0.25},
        ],
        "other_table_score_ns": -600,
    }
    fields = adjustment_to_post(body)
    assert fields["w0_contract"] == "3NT" and fields["w0_weight"] == "75" and fields["w1_tricks"] == "8"
    assert fields["other_table"] == "-600"
    assert calculators.adjusted_score(adjustment_from_post(fields)) == calculators.adjusted_score(body)
