"""Display labels for the trees' outcome fields (the wizard's ruling card). Translatable; Chinese first."""

from django.utils.translation import gettext_lazy as _

FIELDS = {
    "rule": _("适用条款"),
    "partner_must_pass": _("同伴须不叫"),
    "lead_penalties": _("引牌处罚（第26条）"),
    "damaging_pass_check": _("审查强制性不叫是否造成损害（第23条）"),
    "adjusted_score": _("可能判给调整分"),
    "declarer_becomes_dummy": _("庄家改作明手"),
    "penalty_card": _("罚张"),
    "lead_restriction": _("引牌限制"),
    "must_correct": _("必须改正"),
    "tricks_transferred": _("转移赢墩数"),
    "equity_review": _("按第64条C款审查公平"),
    "adjusted_declarer_tricks": _("调整后庄家方赢墩"),
    "score_ns": _("调整后南北得分"),
    "infraction": _("是否构成违规"),
    "table_action": _("当场处理"),
    "adjustment": _("调整分"),
}

VALUES = {
    ("partner_must_pass", "none"): _("不需要"),
    ("partner_must_pass", "rest_of_auction"): _("在以后的竞叫中每次轮到都须不叫"),
    ("penalty_card", "none"): _("无"),
    ("penalty_card", "major"): _("大罚张"),
    ("penalty_card", "minor"): _("小罚张"),
    ("lead_restriction", "none"): _("无"),
    ("lead_restriction", "require_suit"): _("要求首引该花色"),
    ("lead_restriction", "forbid_suit"): _("禁止首引该花色"),
    ("lead_restriction", "pending"): _("由庄家在违规者同伴首次取得出牌权时选择"),
    ("table_action", "continue_play"): _("叫牌和打牌照常继续"),
    ("table_action", "none"): _("无（只涉及计分）"),
    ("table_action", "rearrange_seats"): _("调整座位"),
    ("table_action", "substitute"): _("指定临时替补者"),
    ("table_action", "cancel_board"): _("这副牌不再打"),
    ("table_action", "correct_and_continue"): _("给出正确解释后继续"),
    ("table_action", "change_call"): _("可以更改叫牌（下家随之可以更改）"),
    ("table_action", "withdraw_play"): _("可以收回该牌改出"),
    ("adjustment", "none"): _("不调整"),
    ("adjustment", "review_after_play"): _("打完后再判断是否调整"),
    ("adjustment", "assigned"): _("裁定调整分（第12条C款2项）"),
    ("adjustment", "assigned_offending_side"): _("违规方得裁定调整分，非违规方自负其咎的部分不补偿"),
    ("adjustment", "artificial"): _("人为调整分（第12条C款1项）"),
}


def outcome_rows(outcome) -> list[tuple[str, str, object]]:
    """(field, label, display value) for each outcome field, in the tree's order; None shows as —."""
    rows = []
    for name, value in outcome.items():
        if isinstance(value, bool):
            shown = _("是") if value else _("否")
        elif value is None:
            shown = "—"
        else:
            shown = VALUES.get((name, value), value)
        rows.append((name, FIELDS.get(name, name), shown))
    return rows
