"""Display labels for the trees' outcome fields (the wizard's ruling card). Translatable; Chinese first."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

FIELDS = {
    "rule": _("适用条款"),
    "partner_must_pass": _("同伴须不叫"),
    "lead_penalties": _("引牌处罚（第26条）"),
    "damaging_pass_check": _("审查被迫不叫是否造成损害"),
    # Issue 27 (A2, P6): adjusted_score true means an adjusted score is awarded; adjustment_review that the Director
    # considers one if the condition the script states holds.
    "adjusted_score": _("判给调整分"),
    "adjustment_review": _("如符合所述条件，裁判考虑判给调整分"),
    "declarer_becomes_dummy": _("庄家改作明手"),
    "penalty_card": _("罚张"),
    "lead_restriction": _("引牌限制"),
    "must_correct": _("必须改正"),
    "tricks_transferred": _("转移赢墩数"),
    "equity_review": _("按第64条C款审查公平"),
    "adjusted_declarer_tricks": _("调整后庄家方赢墩"),
    "score_ns": _("调整后南北得分"),
    # The auction trees of issue 15 (Laws 24, 25, 28–39).
    "offender_must_pass": _("违规者本人须不叫"),
    "partner_may_not_double": _("同伴在这一轮不得加倍或再加倍（第30条B款2项）"),
    "call_that_stands": _("成立的叫牌"),
    "score_ceiling": _("违规方本副得分上限"),
    "calls_cancelled": _("取消的叫牌"),
    "related_tree": _("另见流程"),
    "procedural_penalty": _("可给予程序性判罚（第90条）"),
    "rectification": _("处理"),
    "play_continues": _("打牌继续"),
    "tricks_awarded": _("声称（承认）一方所得墩数"),
    "sure_tricks": _("剩余牌墩中稳拿的墩数（参考）"),
    "trump_tricks_at_risk": _("可能输给对方将牌的墩数（参考）"),
    "positional_tricks": _("须飞牌或击落的牌张数（参考）"),
    "board_result": _("这副牌的结果"),
    "artificial_ns": _("南北人为调整分"),
    "artificial_ew": _("东西人为调整分"),
    "percent_ns": _("南北得分百分比（至少）"),
    "percent_ew": _("东西得分百分比（至少）"),
    "imps_ns": _("南北IMP"),
    "imps_ew": _("东西IMP"),
    "infraction": _("是否构成违规"),
    "table_action": _("当场处理"),
    "adjustment": _("调整分"),
    "partner_play_restriction": _("违规者同伴这一墩的出牌（第57条）"),
    # Issue 27, the UI and MI trees: the procedural-penalty option (Law 90) and the Director's error (82C).
    "procedural_penalty_option": _("可另给程序性判罚（第90条）"),
    "director_error_adjustment": _("裁判裁决有误时判给调整分（第82条C款）"),
}

VALUES = {
    ("partner_must_pass", "none"): _("不需要"),
    ("partner_must_pass", "rest_of_auction"): _("在以后的竞叫中每次轮到都须不叫"),
    ("penalty_card", "none"): _("无"),
    ("penalty_card", "major"): _("大罚张"),
    ("penalty_card", "minor"): _("小罚张"),
    ("lead_restriction", "none"): _("无"),
    ("lead_restriction", "require_suit"): _("要求引该花色"),
    ("lead_restriction", "forbid_suit"): _("禁止引该花色"),
    ("lead_restriction", "pending"): _("由庄家在违规者同伴首次取得出牌权时选择"),
    # The auction trees of issue 15 (Laws 24, 25, 28–39).
    ("partner_must_pass", "next_turn"): _("下一次轮到叫牌时须不叫（一次）"),
    ("partner_must_pass", "one_round"): _("只须在下一次轮到叫牌时不叫（一轮）"),
    ("offender_must_pass", "none"): _("不需要"),
    ("offender_must_pass", "next_turn"): _("下一次轮到叫牌时须不叫（一次）"),
    ("offender_must_pass", "rest_of_auction"): _("在以后的竞叫中每次轮到都须不叫"),
    ("lead_restriction", "forbid_one_suit"): _("庄家可禁止引一门花色（第26条B款）"),
    ("lead_restriction", "by_cancelled_call"): _("按被取消的叫牌适用第26条A款或B款"),
    ("call_that_stands", "intended"): _("原本想叫的叫牌"),
    ("call_that_stands", "substituted"): _("更改后的叫牌"),
    ("call_that_stands", "first"): _("第一个叫牌"),
    ("call_that_stands", "other_legal_call"): _("违规者另作的合法叫牌"),
    ("call_that_stands", "per_other_law"): _("按适用于该叫牌的条文处理"),
    ("score_ceiling", "none"): _("无"),
    ("score_ceiling", "average_minus"): _("最多平均分减（第12条C款1项）"),
    ("calls_cancelled", "none"): _("都有效"),
    ("calls_cancelled", "the_call"): _("只取消该叫牌"),
    ("calls_cancelled", "the_call_and_later_calls"): _("该叫牌及其后的全部叫牌"),
    ("related_tree", "none"): _("无"),
    ("related_tree", "lead-out-of-turn"): _("越序引牌"),
    ("related_tree", "claim"): _("声称与承认"),
    ("related_tree", "revoke"): _("藏牌"),
    ("related_tree", "penalty-card"): _("罚张"),
    ("related_tree", "change-of-call"): _("更改叫牌"),
    ("related_tree", "call-out-of-rotation"): _("越序叫牌"),
    ("rectification", "none"): _("无"),
    ("rectification", "rectify_normally"): _("按该违规的条款照常处理"),
    ("rectification", "defender_chooses_hand"): _("由防家指定庄家从哪一手引牌"),
    ("rectification", "revoke_corrected_with_transfer"): _("改正藏牌，并按第64条转移赢墩"),
    ("rectification", "no_penalty_on_defenders"): _("对防家不予处罚"),
    ("rectification", "card_withdrawn"): _("收回明手误出的牌（第45条D款）"),
    ("board_result", "play_normally"): _("照常进行"),
    ("board_result", "result_stands"): _("结果有效"),
    ("board_result", "artificial"): _("取消，判给人为调整分"),
    ("board_result", "cancelled"): _("本桌结果取消，各方保留第一次的成绩"),
    ("board_result", "per_86b"): _("按第86条B款处理（队式赛）"),
    ("artificial_ns", "average_minus"): _("平均分减"),
    ("artificial_ns", "average"): _("平均分"),
    ("artificial_ns", "average_plus"): _("平均分加"),
    ("artificial_ew", "average_minus"): _("平均分减"),
    ("artificial_ew", "average"): _("平均分"),
    ("artificial_ew", "average_plus"): _("平均分加"),
    ("table_action", "continue_play"): _("叫牌和打牌照常继续"),
    ("table_action", "redeal"): _("重新发牌"),
    ("table_action", "none"): _("无（只涉及计分）"),
    ("table_action", "rearrange_seats"): _("调整座位"),
    ("table_action", "substitute"): _("指定临时替补者"),
    ("table_action", "cancel_board"): _("这副牌不再打"),
    ("table_action", "correct_and_continue"): _("给出正确解释后继续"),
    ("table_action", "change_call"): _("可以更改叫牌（下家随之可以更改）"),
    ("table_action", "withdraw_play"): _("可以收回该牌改出"),
    ("adjustment", "none"): _("不调整"),
    ("adjustment", "review_after_play"): _("打完后再判断是否调整"),
    ("adjustment", "assigned"): _("裁定调整分"),
    ("adjustment", "assigned_offending_side"): _("违规方得裁定调整分，非违规方自负其咎的部分不补偿"),
    ("adjustment", "artificial"): _("人为调整分"),
    ("partner_play_restriction", "none"): _("无"),
    ("partner_play_restriction", "highest"): _("须打出所引花色中最大的牌"),
    ("partner_play_restriction", "lowest"): _("须打出所引花色中最小的牌"),
    ("partner_play_restriction", "other_suit"): _("不得打出庄家指定的另一花色"),
    ("partner_play_restriction", "pending"): _("由庄家现在从三项中选择"),
}


def outcome_rows(outcome) -> list[tuple[str, StrOrPromise, object]]:
    """(field, label, display value) for each outcome field, in the tree's order; None shows as —."""
    rows: list[tuple[str, StrOrPromise, object]] = []
    for name, value in outcome.items():
        shown: object
        if isinstance(value, bool):
            shown = _("是") if value else _("否")
        elif value is None:
            shown = "—"
        else:
            shown = VALUES.get((name, value), value)
        rows.append((name, FIELDS.get(name, name), shown))
    return rows


# The Law 77 score breakdown (bridge.scoring.ScoreItem.item): the core names each line in Chinese; a page or an API
# answer names it in its own language from the stable key (and the count the core's Chinese label carries).
SCORE_ITEMS = {
    "trick_score": _("定约墩分"),
    "insult": _("完成加倍定约奖分"),
    "insult_redoubled": _("完成再加倍定约奖分"),
    "game_bonus": _("成局奖分"),
    "partscore_bonus": _("部分定约奖分"),
    "small_slam": _("小满贯奖分"),
    "grand_slam": _("大满贯奖分"),
}


def score_item_label(item: str, label_zh: str) -> str:
    """The breakdown line ``item`` in the active language; ``label_zh`` is the core's label (kept when unknown)."""
    count = int(match.group()) if (match := re.search(r"\d+", label_zh)) else 0
    if item == "overtricks":
        return gettext("超额%(n)s墩") % {"n": count}
    if item == "undertricks":
        return gettext("宕%(n)s墩罚分") % {"n": count}
    if item == "insult" and "再加倍" in label_zh:
        item = "insult_redoubled"
    return str(SCORE_ITEMS[item]) if item in SCORE_ITEMS else label_zh
