"""The Law 12C2 assigned-score builder (bridge.assigned_builder) against cases checked by hand from the Law 77 table.

Each case writes its arithmetic out in the comments, from the scoring table (laws-facts.md B-77: trick score
♣♦ 20, ♥♠ 30, NT 40 + 30; game 300 not vulnerable / 500 vulnerable; partscore 50; undertricks undoubled 50/100 a
trick, doubled 100, 200, 200, 300… not vulnerable and 200, 300… vulnerable), the IMP scale (78B) and the
matchpoint rule (78A: 2 per score beaten, 1 per tie).
"""

from __future__ import annotations

import pytest

from bridge import AdjustedScoreError, EngineError, Side
from bridge.assigned_builder import MAX_FIELD_SCORES, MAX_RESULTS, build_assigned


def result(contract, declarer, tricks, likely=False, probable=False, weight=None):
    row = {"contract": contract, "declarer": declarer, "tricks": tricks}
    row["likely"] = likely
    row["at_all_probable"] = probable
    if weight is not None:
        row["weight"] = weight
    return row


# Case 1 — board 5 (dealer N, NS vulnerable). West bid 4♠X after East's slow pass; pass was a logical
# alternative; EW are the offending side. Without the infraction NS play 4♥ by South.
#   4♥ by S, 10 tricks, vulnerable: 4 × 30 = 120 trick score + 500 game = 620 to NS.
#   4♥ by S, 9 tricks, vulnerable, undoubled: one down = 100 to EW, NS −100.
#   4♠X by W, 9 tricks (the table result), EW not vulnerable, doubled one down = 100 to NS.
#   Other table: 3♥ by S making 10: 90 + 30 overtrick + 50 partscore = 170 to NS.
CASE_1 = {
    "board": 5,
    "offending_side": "EW",
    "results": [result("4H", "S", 10, True, True), result("4H", "S", 9, False, True)],
    "table_result": {"contract": "4SX", "declarer": "W", "tricks": 9},
    "other_table_score_ns": 170,
    "knockout": True,  # Law 86B: the average applies to a knockout match only (J13)
}


def test_case_1_balanced_teams_score_with_imps():
    built = build_assigned(CASE_1)
    assert [r.score.score_ns for r in built.results] == [620, -100]
    assert built.table is not None and built.table.score_ns == 100
    # NS (non-offending): the most favourable likely result — only 4♥= is likely → +620.
    assert (built.ns.role, built.ns.basis, built.ns.result, built.ns.points) == (
        "non_offending",
        "likely",
        0,
        620,
    )
    # EW (offending): the most unfavourable at-all-probable result for EW — 4♥= (−620) beats 4♥−1 (+100) → −620.
    assert (built.ew.role, built.ew.basis, built.ew.result, built.ew.points) == (
        "offending",
        "at_all_probable",
        0,
        -620,
    )
    assert built.balanced
    # IMPs: NS 620 − 170 = 450 → 10 IMPs (430–490); EW −620 + 170 = −450 → −10. Knockout average (86B): 10.
    assert (built.ns.imps, built.ew.imps, built.knockout_imps_ns) == (10, -10, 10.0)
    assert built.laws == ("12C2", "77", "78B", "86B")
    assert built.vulnerability.value == "NS" and built.board == 5


# Case 2 — board 4 (dealer W, both vulnerable). North's 5♣ after South's hesitation: NS offend, EW play 4♠.
#   4♠ by E, 10 tricks, vulnerable: 120 + 500 = 620 to EW (NS −620).       likely, at all probable
#   4♠ by E, 11 tricks: 120 + 30 overtrick + 500 = 650 to EW (NS −650).   at all probable only
#   5♣X by N, 9 tricks, vulnerable doubled two down: 200 + 300 = 500 to EW (the table result).
# EW (non-offending) get the best likely result for EW: +620. NS (offending) get the worst at-all-probable result
# for NS: −650. The two do not balance (620 ≠ 650).
# Field (the other NS scores): −620, −620, −650, −500, −600 (3NT by E making 9, vulnerable: 100 + 500 = 600).
#   NS −650 against [−620, −620, −650, −500, −600]: beats none, ties one → 1 of top 10 = 10%.
#   EW +620 against [620, 620, 650, 500, 600]: beats 500 and 600 (4), ties two 620s (2) → 6 of 10 = 60%.
CASE_2 = {
    "vulnerability": "Both",
    "offending_side": "NS",
    "results": [
        result("4S", "E", 10, True, True),
        result("4S", "E", 11, False, True),
        result("5CX", "N", 9, False, True),
    ],
    "field_scores_ns": [-620, -620, -650, -500, -600],
}


def test_case_2_non_balancing_pairs_score_with_matchpoints():
    built = build_assigned(CASE_2)
    assert [r.score.score_ns for r in built.results] == [-620, -650, -500]
    assert (built.ew.basis, built.ew.result, built.ew.points) == ("likely", 0, 620)
    assert (built.ns.basis, built.ns.result, built.ns.points) == ("at_all_probable", 1, -650)
    assert not built.balanced
    assert built.top == 10
    assert (built.ns.matchpoints, built.ns.percentage) == (1, 10.0)
    assert (built.ew.matchpoints, built.ew.percentage) == (6, 60.0)
    assert built.laws == ("12C2", "77", "78A")
    answer = built.as_dict()
    assert answer["score_ns"] == -650 and answer["score_ew"] == 620 and answer["balanced"] is False
    # The club log stores these two results as the adjusted-score body it already takes.
    assert answer["adjustment"] == {
        "method": "assigned",
        "vulnerability": "Both",
        "NS": {"contract": "4S", "declarer": "E", "tricks": 11},
        "EW": {"contract": "4S", "declarer": "E", "tricks": 10},
    }


# Case 3 — board 1 (no one vulnerable). NS misexplained 2♦; EW (non-offending) then bid 5♦X by W, 8 tricks:
# not vulnerable, doubled three down = 100 + 200 + 200 = 500 to NS (the table result). Without the
# misinformation NS play 3NT by N:
#   3NT by N, 9 tricks: 40 + 30 + 30 = 100 + 300 game = 400 to NS.      likely, at all probable
#   3NT by N, 8 tricks: one down undoubled = 50 to EW (NS −50).          likely, at all probable
#   3NT by N, 10 tricks: 100 + 30 + 300 = 430 to NS.                      at all probable only
# EW's 5♦X was a gambling action (WBF Code of Practice): the Director lets EW keep the table result (−500); NS still
# get the worst at-all-probable result for NS, 3NT−1: −50.
CASE_3 = {
    "board": 1,
    "offending_side": "NS",
    "results": [
        result("3NT", "N", 9, True, True),
        result("3NT", "N", 8, True, True),
        result("3NT", "N", 10, False, True),
    ],
    "table_result": {"contract": "5DX", "declarer": "W", "tricks": 8},
    "non_offending_keeps_table_result": True,
}


def test_case_3_non_offending_side_keeps_its_table_result():
    built = build_assigned(CASE_3)
    assert [r.score.score_ns for r in built.results] == [400, -50, 430]
    assert built.table is not None and built.table.score_ns == 500
    assert (built.ew.basis, built.ew.result, built.ew.points) == ("table", None, -500)
    assert (built.ns.basis, built.ns.result, built.ns.points) == ("at_all_probable", 1, -50)
    assert built.as_dict()["adjustment"]["EW"] == {"contract": "5DX", "declarer": "W", "tricks": 8}


def test_case_3_without_the_gambling_action_ew_get_their_best_likely_result():
    # EW's best likely result: 3NT−1, +50 to EW (of 400/−50 for NS, the most favourable to EW).
    built = build_assigned({**CASE_3, "non_offending_keeps_table_result": False})
    assert (built.ew.basis, built.ew.result, built.ew.points) == ("likely", 1, 50)
    assert built.ns.points == -50 and built.balanced


# Case 4 — an appeals committee varies case 1 to do equity (12C3): 60% of 4♥= (+620), 40% of 4♥−1 (−100).
#   score: 0.6 × 620 + 0.4 × (−100) = 372 − 40 = 332 to NS.
#   IMPs against 170: 4♥= 450 → +10, 4♥−1 −270 → −7 (270–310); 0.6 × 10 + 0.4 × (−7) = 6 − 2.8 = 3.2 IMPs.
def test_case_4_appeals_committee_equity_score():
    request = {
        **CASE_1,
        "appeals_committee": True,
        "results": [result("4H", "S", 10, True, True, 0.6), result("4H", "S", 9, False, True, 0.4)],
    }
    built = build_assigned(request)
    assert built.equity is not None
    assert built.equity.score_ns == 332.0 and built.equity.score_ew == -332.0
    assert built.equity.imps_ns == 3.2 and built.equity.imps_ew == -3.2
    assert built.laws[-1] == "12C3"
    # The 12C2 scores are still given beside it: the committee's equity does not replace the arithmetic shown.
    assert built.ns.points == 620


# Case 5 — matchpointed equity. Board 3 (EW vulnerable), EW offend. 2♥ by E making 8: 60 + 50 = 110 to EW;
# passed out: 0 (Law 22A). Field NS scores: −110, −140, 0, 50.
#   NS (non-offending), likely results: pass-out 0 and 2♥= −110 → best for NS: 0 (the pass-out, listed first).
#   EW (offending), at all probable: 0 or +110 for EW → worst for EW: 0.
#   NS 0 against [−110, −140, 0, 50]: beats two (4), ties one (1) → 5 of 8 = 62.5%.
#   EW 0 against [110, 140, 0, −50]: beats −50 (2), ties 0 (1) → 3 of 8 = 37.5%.
#   Committee weights 0.5/0.5: NS mp = 0.5 × 5 + 0.5 × (−110 beats −140 (2), ties −110 (1) → 3) = 4 → 50%.
def test_case_5_passed_out_result_and_matchpointed_equity():
    built = build_assigned(
        {
            "vulnerability": "EW",
            "offending_side": "EW",
            "appeals_committee": True,
            "results": [result("PASS", None, None, True, True, 0.5), result("2H", "E", 8, True, True, 0.5)],
            "field_scores_ns": [-110, -140, 0, 50],
        }
    )
    assert [r.score.score_ns for r in built.results] == [0, -110]
    assert (built.ns.result, built.ns.points, built.ns.matchpoints, built.ns.percentage) == (0, 0, 5, 62.5)
    assert (built.ew.result, built.ew.points, built.ew.matchpoints, built.ew.percentage) == (0, 0, 3, 37.5)
    assert built.equity is not None
    assert (built.equity.matchpoints_ns, built.equity.matchpoints_ew) == (4.0, 4.0)
    assert (built.equity.percentage_ns, built.equity.percentage_ew) == (50.0, 50.0)
    assert built.as_dict()["adjustment"]["NS"] == {"contract": "PASS", "declarer": None, "tricks": None}


# Case 6 — a doubled vulnerable contract four down, to check the sign for the offending declarer.
# Board 7 (both vulnerable). NS offend; at all probable: 4♥X by S, 6 tricks: 200 + 300 + 300 + 300 = 1100 to EW.
# Likely: 4♥X by S, 8 tricks: 200 + 300 = 500 to EW. EW get their best likely (+500); NS their worst (−1100).
# Against the other table's NS −500: NS −1100 + 500 = −600 → −12 IMPs (600–740); EW +500 − 500 = 0 → 0 IMPs.
# Knockout (86B): (−12 − 0) / 2 = −6 to NS, +6 to EW.
def test_case_6_offending_declarer_and_knockout_average():
    built = build_assigned(
        {
            "board": 7,
            "offending_side": "NS",
            "results": [result("4HX", "S", 8, True, True), result("4HX", "S", 6, False, True)],
            "other_table_score_ns": -500,
            "knockout": True,
        }
    )
    assert (built.ew.points, built.ns.points) == (500, -1100)
    assert (built.ns.imps, built.ew.imps, built.knockout_imps_ns) == (-12, 0, -6.0)


def test_ties_go_to_the_first_listed_result():
    built = build_assigned(
        {
            "vulnerability": "None",
            "offending_side": "EW",
            "results": [result("3NT", "N", 9, True, True), result("3NT", "S", 9, True, True)],
        }
    )
    assert built.ns.result == 0 and built.ew.result == 0
    assert built.ns.points == 400


def test_the_engine_never_marks_likely_or_probable_itself():
    # A result not marked at all plays no part, however good or bad it would be.
    built = build_assigned(
        {
            "vulnerability": "None",
            "offending_side": "EW",
            "results": [result("3NT", "N", 9, True, True), result("7NT", "N", 13), result("3NT", "N", 3)],
        }
    )
    assert built.ns.points == 400 and built.ew.points == -400


# --- bad input names the field --------------------------------------------------------------------------------

GOOD = {"vulnerability": "None", "offending_side": "EW", "results": [result("3NT", "N", 9, True, True)]}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"colour": "red"}, "colour"),
        ({"vulnerability": None}, "vulnerability"),
        ({"vulnerability": "Sometimes"}, "vulnerability"),
        ({"board": 0}, "board"),
        ({"board": "5"}, "board"),
        ({"board": 5, "vulnerability": "EW"}, "vulnerability"),
        ({"offending_side": None}, "offending_side"),
        ({"offending_side": "N"}, "offending_side"),
        ({"appeals_committee": "yes"}, "appeals_committee"),
        ({"results": None}, "results"),
        ({"results": "3NT"}, "results"),
        ({"results": []}, "results"),
        ({"results": [result("3NT", "N", 9, True, True)] * (MAX_RESULTS + 1)}, "results"),
        ({"results": [["3NT", "N", 9]]}, "results[0]"),
        ({"results": [{**result("3NT", "N", 9, True, True), "odds": 3}]}, "results[0].odds"),
        ({"results": [result("8NT", "N", 9, True, True)]}, "results[0].contract"),
        ({"results": [result("3NT", None, 9, True, True)]}, "results[0].declarer"),
        ({"results": [result("3NT", "X", 9, True, True)]}, "results[0].declarer"),
        ({"results": [result("3NT", "N", 14, True, True)]}, "results[0].tricks"),
        ({"results": [result("3NT", "N", None, True, True)]}, "results[0].tricks"),
        ({"results": [result("3NT", "N", 9, "yes", True)]}, "results[0].likely"),
        ({"results": [result("3NT", "N", 9, True, 1)]}, "results[0].at_all_probable"),
        ({"results": [result("3NT", "N", 9, True, False)]}, "results[0].at_all_probable"),
        ({"results": [result("3NT", "N", 9, False, True)]}, "results"),
        ({"results": [result("3NT", "N", 9, True, True, 1)]}, "results[0].weight"),
        (
            {"appeals_committee": True, "results": [result("3NT", "N", 9, True, True, 1.5)]},
            "results[0].weight",
        ),
        (
            {"appeals_committee": True, "results": [result("3NT", "N", 9, True, True, "half")]},
            "results[0].weight",
        ),
        (
            {
                "appeals_committee": True,
                "results": [result("3NT", "N", 9, True, True, 0.5), result("3NT", "N", 8, True, True, 0.4)],
            },
            "results",
        ),
        ({"table_result": "4S"}, "table_result"),
        ({"table_result": {"contract": "4S", "declarer": "N"}}, "table_result.tricks"),
        (
            {"table_result": {"contract": "4S", "declarer": "N", "tricks": 10, "lead": "H"}},
            "table_result.lead",
        ),
        ({"non_offending_keeps_table_result": True}, "table_result"),
        ({"non_offending_keeps_table_result": "no"}, "non_offending_keeps_table_result"),
        ({"other_table_score_ns": "420"}, "other_table_score_ns"),
        ({"other_table_score_ns": 420.5}, "other_table_score_ns"),
        ({"field_scores_ns": "420 450"}, "field_scores_ns"),
        ({"field_scores_ns": []}, "field_scores_ns"),
        ({"field_scores_ns": [420, "450"]}, "field_scores_ns"),
        ({"field_scores_ns": [420] * (MAX_FIELD_SCORES + 1)}, "field_scores_ns"),
        ({"field_scores_ns": [420], "other_table_score_ns": 420}, "field_scores_ns"),
    ],
)
def test_bad_input_names_the_field(change, field):
    with pytest.raises(EngineError) as caught:
        build_assigned({**GOOD, **change})
    assert caught.value.field == field
    assert caught.value.code  # a catalogue message, so every edge can say it in its language


def test_a_body_that_is_not_an_object():
    with pytest.raises(AdjustedScoreError) as caught:
        build_assigned(["3NT"])
    assert caught.value.field is None


def test_weights_need_an_appeals_committee_and_say_why():
    with pytest.raises(AdjustedScoreError) as caught:
        build_assigned({**GOOD, "results": [result("3NT", "N", 9, True, True, 1)]})
    assert "appeals committee" in caught.value.message and "12C3" in caught.value.message
    assert "仲裁委员会" in caught.value.text("zh-hans")


def test_a_likely_result_must_be_at_all_probable():
    with pytest.raises(AdjustedScoreError) as caught:
        build_assigned({**GOOD, "results": [result("3NT", "N", 9, True, False)]})
    assert caught.value.message.startswith("Result 1 is marked likely but not at all probable")


def test_side_of_each_score():
    built = build_assigned(CASE_2)
    assert built.side(Side.NS) is built.ns and built.side(Side.EW) is built.ew
    assert built.non_offending_side is Side.EW


# --- J1: damage first (Laws 16A2, 40C, 12C2) -----------------------------------------------------------------
# Board 19 (EW vulnerable), EW offend. Table: 4♥X by W, 9 tricks: doubled vulnerable one down = 200 to NS.
# Without the infraction NS would likely have played 3♣ by S making 9: 60 + 50 = 110. NS lose nothing by the
# infraction (110 < 200): there is no damage and the table result stands for both sides.
NO_DAMAGE = {
    "board": 19,
    "offending_side": "EW",
    "table_result": {"contract": "4HX", "declarer": "W", "tricks": 9},
    "results": [result("3C", "S", 9, True, True)],
}


def test_j1_no_damage_the_table_result_stands_for_both_sides():
    """Laws 16A2, 40C, 12C2: an assigned score redresses damage; the NOS never gets less than its table result."""
    built = build_assigned(NO_DAMAGE)
    assert built.damage is False
    assert (built.ns.basis, built.ns.result, built.ns.points) == ("table", None, 200)
    assert (built.ew.basis, built.ew.result, built.ew.points) == ("table", None, -200)
    answer = built.as_dict()
    assert answer["damage"] is False and answer["adjustment"] is None
    assert answer["note"]["code"] == "assigned.no_damage"
    assert "No damage" in answer["note"]["en"] and "table result stands" in answer["note"]["en"]
    assert "没有损害" in answer["note"]["zh"] and "本桌实际结果对双方有效" in answer["note"]["zh"]
    assert "3C S 9: NS +110" in answer["note"]["en"] and "4HX W 9: NS +200" in answer["note"]["en"]
    assert answer["laws"] == ["12C2", "16A2", "40C", "77"]


def test_j1_the_offenders_never_score_more_than_at_the_table():
    # Board 19, table 4♥ by W, 9 tricks: vulnerable one down = 100 to NS (EW −100). Likely: 2♥ by W making 9 =
    # 60 + 30 + 50 = 140 to EW. Without the guard EW (offenders) got +140 instead of −100 (12C2; laws-facts B-12).
    built = build_assigned(
        {
            "board": 19,
            "offending_side": "EW",
            "table_result": {"contract": "4H", "declarer": "W", "tricks": 9},
            "results": [result("2H", "W", 9, True, True)],
        }
    )
    assert built.damage is False and built.ew.points == -100 and built.ns.points == 100


def test_j1_a_tie_with_the_table_is_no_damage_and_a_gain_is_damage():
    equal = {**NO_DAMAGE, "results": [result("4HX", "W", 9, True, True)]}
    assert build_assigned(equal).damage is False
    damaged = {**NO_DAMAGE, "results": [result("4S", "N", 10, True, True)]}  # 420 > 200
    built = build_assigned(damaged)
    assert built.damage is True and built.ns.points == 420 and built.ew.points == -420
    assert built.as_dict()["note"] is None and built.as_dict()["adjustment"] is not None
    # Without the table result the builder cannot judge damage and does not try.
    bare = {key: value for key, value in damaged.items() if key != "table_result"}
    assert build_assigned(bare).damage is None


# --- J13: the 86B knockout average only for a knockout match --------------------------------------------------
def test_j13_no_knockout_average_unless_the_event_is_a_knockout():
    """Law 86B is a knockout-match rule; in a Swiss or round robin each side keeps its own IMPs (78B)."""
    built = build_assigned({**CASE_1, "knockout": False})
    assert (built.ns.imps, built.ew.imps, built.knockout_imps_ns) == (10, -10, None)
    assert "86B" not in built.laws and "78B" in built.laws
    assert build_assigned({key: v for key, v in CASE_1.items() if key != "knockout"}).knockout_imps_ns is None
    assert build_assigned(CASE_1).knockout_imps_ns == 10.0


# --- J5: the non-offending side's own result (partial redress) ------------------------------------------------
# CASE_1 (board 5, NS vulnerable, EW offend, table 4♠X by W −1 = NS +100). After the infraction NS made a wild
# bid; without the infraction, but with that action of their own, they would have played 3♥ by S making 10:
# 90 + 30 + 50 = 170. Their 12C2 result would be 4♥= (+620): they get 170 (their own part is not redressed);
# EW still get their 12C2 score −620 (the own row is no possible result for them). The scores need not balance.
def own_row(contract, declarer, tricks, **extra):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, "role": "non_offending", **extra}


def test_j5_the_non_offending_side_s_own_result_replaces_its_pick_only():
    """WBF Code of Practice: no redress for the self-inflicted part; the OS keeps its 12C2 score (12C2)."""
    request = {**CASE_1, "results": [*CASE_1["results"], own_row("3H", "S", 10)]}
    built = build_assigned(request)
    assert (built.ns.basis, built.ns.result, built.ns.points) == ("own_action", 2, 170)
    assert (built.ew.basis, built.ew.result, built.ew.points) == ("at_all_probable", 0, -620)
    assert not built.balanced
    assert built.as_dict()["results"][2]["role"] == "non_offending"
    # Never below the table result: 4♥ by S, 8 tricks = −200 for NS < +100 at the table → the table result.
    built = build_assigned({**CASE_1, "results": [*CASE_1["results"], own_row("4H", "S", 8)]})
    assert (built.ns.basis, built.ns.points) == ("table", 100)


@pytest.mark.parametrize(
    ("rows", "extra", "field"),
    [
        ([own_row("4H", "S", 11)], {}, "results[2]"),  # 650 beats the 12C2 result 620
        ([own_row("3H", "S", 10, likely=True)], {}, "results[2].role"),
        ([own_row("3H", "S", 10), own_row("2H", "S", 10)], {}, "results[3].role"),
        ([{**own_row("3H", "S", 10), "role": "offending"}], {}, "results[2].role"),
        (
            [own_row("3H", "S", 10)],
            {"non_offending_keeps_table_result": True},
            "non_offending_keeps_table_result",
        ),
    ],
)
def test_j5_bad_own_rows_name_the_field(rows, extra, field):
    with pytest.raises(AdjustedScoreError) as caught:
        build_assigned({**CASE_1, **extra, "results": [*CASE_1["results"], *rows]})
    assert caught.value.field == field


# --- J10 and J11: who may apply 12C3, and each side weighted apart ----------------------------------------------
def committee_case(**extra):
    rows = [result("4H", "S", 10, True, True, 0.6), result("4H", "S", 9, False, True, 0.4)]
    return {**CASE_1, "results": rows, **extra}


def test_j10_the_director_applies_12c3_only_where_the_zone_permits():
    """1997 12C3: only an appeals committee, "unless the Zonal organisation specifies otherwise"."""
    with pytest.raises(AdjustedScoreError) as caught:
        build_assigned(committee_case(director_12c3=True))
    assert caught.value.field == "director_12c3" and "zone" in caught.value.message
    built = build_assigned(committee_case(director_12c3=True), zone_permits_director_12c3=True)
    assert built.equity is not None and built.equity.by == "director" and built.equity.score_ns == 332.0
    with pytest.raises(AdjustedScoreError) as caught:
        build_assigned(committee_case(), zone_permits_director_12c3=True)  # no flag: not weighted silently
    assert caught.value.field == "results[0].weight"
    built = build_assigned(committee_case(appeals_committee=True))
    assert built.equity is not None and built.equity.by == "appeals_committee"


def test_j11_the_committee_weights_the_offending_side_apart():
    # NS (NOS) 0.6/0.4 as in case 4: 332, +3.2 IMPs. EW (OS) 0.8/0.2: 0.8 × (−620) + 0.2 × 100 = −476;
    # IMPs against −170: 4♥= −450 → −10, 4♥−1 +270 → +7: 0.8 × (−10) + 0.2 × 7 = −6.6.
    rows = [
        {**result("4H", "S", 10, True, True, 0.6), "weight_offending": 0.8},
        {**result("4H", "S", 9, False, True, 0.4), "weight_offending": 0.2},
    ]
    built = build_assigned({**CASE_1, "appeals_committee": True, "results": rows})
    assert built.equity is not None
    assert (built.equity.score_ns, built.equity.imps_ns) == (332.0, 3.2)
    assert (built.equity.score_ew, built.equity.imps_ew, built.equity.offending) == (
        -476.0,
        -6.6,
        "own_weights",
    )


def test_j11_the_committee_leaves_the_offending_side_on_its_12c2_score():
    built = build_assigned(committee_case(appeals_committee=True, offending_keeps_12c2=True))
    assert built.equity is not None
    assert (built.equity.score_ns, built.equity.imps_ns) == (332.0, 3.2)
    assert (built.equity.score_ew, built.equity.imps_ew, built.equity.offending) == (-620.0, -10.0, "12c2")
    with pytest.raises(AdjustedScoreError) as caught:
        rows = [
            {**result("4H", "S", 10, True, True, 0.6), "weight_offending": 1.0},
            result("4H", "S", 9, False, True, 0.4),
        ]
        build_assigned({**CASE_1, "appeals_committee": True, "offending_keeps_12c2": True, "results": rows})
    assert caught.value.field == "offending_keeps_12c2"
