"""The CSV's pieces without a database: formula defusing and the one-line adjusted score per side."""

import pytest

from clubs.exports import COLUMNS, adjustment_laws, adjustment_sides, csv_text

pytestmark = pytest.mark.log


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_text_a_spreadsheet_would_run_is_defused(start):
    assert csv_text(start + "SUM(A1)") == "'" + start + "SUM(A1)"


@pytest.mark.parametrize("value", ["周二双人赛", "3NT =", "", 7, None])
def test_other_values_are_kept(value):
    assert csv_text(value) == value


def test_one_line_per_side():
    artificial = {
        "NS": {"label_zh": "平均减", "percent": 40.0},
        "EW": {"label_zh": "平均加", "imps": 3},
    }
    assert adjustment_sides(artificial, "artificial") == {"NS": "平均减 40.0%", "EW": "平均加 3 IMP"}
    assigned = {
        "NS": {"contract": "4S", "declarer": "N", "tricks": 10},
        "EW": {"contract": "4S", "declarer": "N", "tricks": 9},
        "score_ns": 620,
        "score_ew": 100,
    }
    assert adjustment_sides(assigned, "assigned") == {"NS": "4S N 10: +620", "EW": "4S N 9: +100"}
    assert adjustment_sides({"score_ns": 275.5}, "weighted") == {"NS": "+276", "EW": "-276"}
    assert adjustment_sides(None, None) == {"NS": "", "EW": ""}


def test_the_adjustments_laws_each_once():
    result = {"laws": ["12C1"], "NS": {"laws": ["12C1", "86A"]}, "EW": {"laws": ["86A", "88"]}}
    assert adjustment_laws(result) == ["12C1", "86A", "88"]
    assert adjustment_laws(None) == []


def test_every_column_has_a_key_and_a_label():
    keys = [key for key, _label in COLUMNS]
    assert len(keys) == len(set(keys)) == 22 and all(str(label) for _key, label in COLUMNS)
