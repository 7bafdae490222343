"""Adjusted scores: artificial (Law 12C1, 86A, 88), assigned (12C2), weighted (12C3)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from bridge import (
    AdjustedScoreError,
    ArtificialLabel,
    ContractError,
    EngineError,
    Fault,
    Outcome,
    SeatError,
    Side,
    TricksError,
    VulnerabilityError,
    WeightedOutcome,
    artificial,
    assigned,
    score,
    weighted,
)

FAULTS = ("direct", "partial", "none")
EXPECTED_LABEL = {"direct": "average_minus", "partial": "average", "none": "average_plus"}
EXPECTED_PERCENT = {"direct": 40.0, "partial": 50.0, "none": 60.0}
EXPECTED_IMPS = {"direct": -3, "partial": 0, "none": 3}


# --- 12C1 artificial -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("ns", "ew"), list(itertools.product(FAULTS, FAULTS)))
def test_artificial_pairs(ns, ew):
    result = artificial("pairs", {"NS": ns, "EW": ew})
    assert set(result) == {Side.NS, Side.EW}
    for side, fault in (("NS", ns), ("EW", ew)):
        assert result[side].label == EXPECTED_LABEL[fault]
        assert result[side].percent == EXPECTED_PERCENT[fault]
        assert result[side].imps is None
        assert "12C1" in result[side].laws
        assert ("88" in result[side].laws) is (fault == "none")


@pytest.mark.parametrize(("ns", "ew"), list(itertools.product(FAULTS, FAULTS)))
def test_artificial_teams(ns, ew):
    result = artificial("teams", {"NS": ns, "EW": ew})
    for side, fault in (("NS", ns), ("EW", ew)):
        assert result[side].label == EXPECTED_LABEL[fault]
        assert result[side].imps == EXPECTED_IMPS[fault]
        assert result[side].percent is None
        assert result[side].laws == ("12C1", "86A")


def test_artificial_scores_need_not_balance():
    result = artificial("pairs", {"NS": "none", "EW": "none"})
    assert result["NS"].percent + result["EW"].percent == 120.0
    result = artificial("teams", {"NS": "direct", "EW": "direct"})
    assert result["NS"].imps + result["EW"].imps == -6


def test_artificial_accepts_enums_and_any_case():
    result = artificial("Pairs", {Side.NS: Fault.NONE, "ew": "DIRECT"})
    assert result[Side.NS].label is ArtificialLabel.AVERAGE_PLUS
    assert result[Side.EW].label is ArtificialLabel.AVERAGE_MINUS
    assert result[Side.NS].label_zh == "平均加"


def test_law_88_session_percentage_above_60_wins():
    result = artificial("pairs", {"NS": "none", "EW": "direct"}, {"NS": 67.5, "EW": 71.0})
    assert result["NS"].percent == 67.5
    assert result["NS"].laws == ("12C1", "88")
    # the side at fault does not get its session percentage
    assert result["EW"].percent == 40.0


def test_law_88_session_percentage_below_60_gives_60():
    result = artificial("pairs", {"NS": "none", "EW": "none"}, {"NS": 48.2, "EW": 60.01})
    assert result["NS"].percent == 60.0
    assert result["EW"].percent == 60.01


def test_law_88_does_not_apply_to_a_side_partly_at_fault():
    result = artificial("pairs", {"NS": "partial", "EW": "none"}, {"NS": 70})
    assert result["NS"].percent == 50.0
    assert result["EW"].percent == 60.0


@pytest.mark.parametrize("form", ["rubber", "", None, "pair"])
def test_artificial_rejects_unknown_form(form):
    with pytest.raises(AdjustedScoreError) as info:
        artificial(form, {"NS": "none", "EW": "none"})
    assert info.value.field == "form"


@pytest.mark.parametrize(
    ("fault", "field"),
    [
        ({"NS": "maybe", "EW": "none"}, "fault.NS"),
        ({"NS": "none", "EW": 3}, "fault.EW"),
        ({"NS": "none"}, "fault.EW"),
        ({"EW": "none"}, "fault.NS"),
        ({"NS": "none", "EW": "none", "XY": "none"}, "fault"),
        ("none", "fault"),
        (None, "fault"),
        ({}, "fault.NS"),
    ],
)
def test_artificial_rejects_bad_fault(fault, field):
    with pytest.raises(AdjustedScoreError) as info:
        artificial("pairs", fault)
    assert info.value.field == field


@pytest.mark.parametrize(
    ("session", "field"),
    [
        ({"NS": 101}, "session_percent.NS"),
        ({"EW": -1}, "session_percent.EW"),
        ({"NS": "62"}, "session_percent.NS"),
        ({"NS": True}, "session_percent.NS"),
        ({"NS": float("nan")}, "session_percent.NS"),
        ({"XY": 50}, "session_percent"),
        ([60], "session_percent"),
    ],
)
def test_artificial_rejects_bad_session_percent(session, field):
    with pytest.raises(AdjustedScoreError) as info:
        artificial("pairs", {"NS": "none", "EW": "none"}, session)
    assert info.value.field == field


def test_session_percentages_are_for_pairs_only():
    with pytest.raises(AdjustedScoreError) as info:
        artificial("teams", {"NS": "none", "EW": "direct"}, {"NS": 65})
    assert info.value.field == "session_percent"


# --- 12C2 assigned ---------------------------------------------------------------------------------------------


def test_assigned_scores_each_side_from_its_own_outcome():
    # NS (non-offending) get 4S making; EW (offending) get 4S making with an overtrick.
    result = assigned("NS", Outcome("4S", "N", 10), Outcome("4S", "N", 11))
    assert result.score_ns == 620
    assert result.score_ew == -650
    assert result.balanced is False
    assert result.ns == score("4S", "N", "NS", 10)
    assert result.ew == score("4S", "N", "NS", 11)
    assert result.laws == ("12C2",)


def test_assigned_with_different_contracts_and_declarers():
    # NS assigned 3NT by S making (+400 NV); EW assigned 4HX by E one down (+100 to NS, i.e. EW −100).
    result = assigned("None", ("3NT", "S", 9), {"contract": "4HX", "declarer": "E", "tricks": 9})
    assert (result.score_ns, result.score_ew) == (400, -100)
    assert not result.balanced


def test_assigned_can_balance():
    result = assigned("Both", ("3NT", "N", 9), ("3NT", "N", 9))
    assert (result.score_ns, result.score_ew, result.balanced) == (600, -600, True)


@pytest.mark.parametrize(
    ("ns", "ew", "error", "field"),
    [
        (("4Z", "N", 10), ("4S", "N", 10), ContractError, "ns.contract"),
        (("4S", "N", 10), ("8S", "N", 10), ContractError, "ew.contract"),
        (("4S", "Q", 10), ("4S", "N", 10), SeatError, "ns.declarer"),
        (("4S", "N", 14), ("4S", "N", 10), TricksError, "ns.tricks"),
        (("4S", "N", "ten"), ("4S", "N", 10), TricksError, "ns.tricks"),
        (("4S", "N"), ("4S", "N", 10), AdjustedScoreError, "ns"),
        ({"contract": "4S"}, ("4S", "N", 10), AdjustedScoreError, "ns"),
        (("4S", "N", 10), "4S N 10", AdjustedScoreError, "ew"),
    ],
)
def test_assigned_bad_input_names_the_field(ns, ew, error, field):
    with pytest.raises(error) as info:
        assigned("None", ns, ew)
    assert info.value.field == field


def test_assigned_bad_vulnerability():
    with pytest.raises(VulnerabilityError) as info:
        assigned("XY", ("4S", "N", 10), ("4S", "N", 10))
    assert info.value.field == "vulnerability"


# --- 12C3 weighted ---------------------------------------------------------------------------------------------

# 60% of 4S= (+420 NV), 40% of 4S-1 (−50).
OUTCOMES = [("4S", "N", 10, 0.6), ("4S", "N", 9, 0.4)]


def test_weighted_total_points():
    result = weighted("None", OUTCOMES)
    assert result.score_ns == pytest.approx(232.0)
    assert result.score_ns == 232.0
    assert result.score_ew == -232.0
    assert result.imps is None and result.matchpoints is None and result.percentage is None
    assert [line.score.score_ns for line in result.lines] == [420, -50]
    assert [line.weight for line in result.lines] == [0.6, 0.4]
    assert result.laws == ("12C3",)


def test_weighted_imps_against_the_other_table():
    result = weighted("None", OUTCOMES, other_table_score_ns=-420)
    # 420 − (−420) = 840 → 13 IMPs; −50 − (−420) = 370 → 9 IMPs; 0.6 × 13 + 0.4 × 9 = 11.4
    assert [line.imps for line in result.lines] == [13, 9]
    assert result.imps == 11.4
    assert result.imps_ew == -11.4


def test_weighted_imps_round_to_hundredths():
    thirds = [("4S", "N", 10, 1 / 3), ("4S", "N", 9, 1 / 3), ("3S", "N", 9, 1 / 3)]
    result = weighted("None", thirds, other_table_score_ns=0)
    # 420 → 9, −50 → −2, 140 → 4: (9 − 2 + 4) / 3 = 3.666…
    assert result.imps == 3.67
    assert result.score_ns == 170.0


def test_weighted_matchpoints_against_the_field():
    field = [420, 420, -50, 170, -100]
    result = weighted("None", OUTCOMES, field_scores_ns=field)
    # 420: beats 3 (6) + ties 2 (2) = 8; −50: beats 1 (2) + ties 1 (1) = 3; 0.6 × 8 + 0.4 × 3 = 6.0 of 10
    assert [line.matchpoints for line in result.lines] == [8, 3]
    assert result.top == 10
    assert result.matchpoints == 6.0
    assert result.percentage == 60.0
    assert result.matchpoints_ew == 4.0
    assert result.percentage_ew == 40.0


def test_weighted_with_both_comparisons_and_fraction_weights():
    outcomes = [
        WeightedOutcome("3NT", "S", 9, Fraction(1, 4)),
        WeightedOutcome("3NT", "S", 8, Fraction(3, 4)),
    ]
    result = weighted("Both", outcomes, other_table_score_ns=600, field_scores_ns=[600, -100])
    # 600 and −100 vulnerable: 0.25 × 600 + 0.75 × (−100) = 75
    assert result.score_ns == 75.0
    assert result.imps == 0.75 * -12
    assert result.matchpoints == 0.25 * 3 + 0.75 * 1
    assert result.percentage == 37.5


def test_weighted_single_outcome_of_weight_one():
    result = weighted("EW", [{"contract": "4HX", "declarer": "E", "tricks": 8, "weight": 1}])
    assert result.score_ns == 500.0


@pytest.mark.parametrize(
    "outcomes",
    [
        [("4S", "N", 10, 0.5), ("4S", "N", 9, 0.4)],
        [("4S", "N", 10, 0.7), ("4S", "N", 9, 0.4)],
        [("4S", "N", 10, 1.0), ("4S", "N", 9, 0.0)],
        [("4S", "N", 10, 1.5), ("4S", "N", 9, -0.5)],
        [("4S", "N", 10, "1")],
        [("4S", "N", 10, None)],
        [("4S", "N", 10, True)],
        [("4S", "N", 10, 0.33), ("4S", "N", 9, 0.33), ("4S", "N", 8, 0.33)],
    ],
)
def test_weighted_rejects_bad_weights(outcomes):
    with pytest.raises(AdjustedScoreError) as info:
        weighted("None", outcomes)
    assert info.value.field == "weights"


@pytest.mark.parametrize("outcomes", [[], "4S N 10 1", None, {"contract": "4S"}, 5])
def test_weighted_rejects_bad_outcome_lists(outcomes):
    with pytest.raises(AdjustedScoreError) as info:
        weighted("None", outcomes)
    assert info.value.field == "outcomes"


@pytest.mark.parametrize(
    ("outcomes", "error", "field"),
    [
        ([("4S", "N", 10, 0.5), ("4Z", "N", 9, 0.5)], ContractError, "outcomes[1].contract"),
        ([("4S", "Q", 10, 1)], SeatError, "outcomes[0].declarer"),
        ([("4S", "N", 14, 1)], TricksError, "outcomes[0].tricks"),
        ([("4S", "N", 10)], AdjustedScoreError, "outcomes[0]"),
    ],
)
def test_weighted_bad_outcome_names_the_field(outcomes, error, field):
    with pytest.raises(error) as info:
        weighted("None", outcomes)
    assert info.value.field == field
    assert info.value.field.startswith("outcomes")


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"other_table_score_ns": "420"}, "other_table_score_ns"),
        ({"other_table_score_ns": 4.5}, "other_table_score_ns"),
        ({"field_scores_ns": []}, "field_scores_ns"),
        ({"field_scores_ns": "420"}, "field_scores_ns"),
        ({"field_scores_ns": [420, "x"]}, "field_scores_ns"),
    ],
)
def test_weighted_rejects_bad_comparisons(kwargs, field):
    with pytest.raises(EngineError) as info:
        weighted("None", OUTCOMES, **kwargs)
    assert info.value.field == field
