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
    "partner_play_restriction": _("违规者同伴这一墩的出牌（第57条）"),
}

VALUES = {
    ("partner_must_pass", "none"): _("不需要"),
    ("partner_must_pass", "rest_of_auction"): _("在以后的竞叫中每次轮到都须不叫"),
    ("partner_must_pass", "one_round"): _("只在下一次轮到时须不叫"),
    ("penalty_card", "none"): _("无"),
    ("penalty_card", "major"): _("大罚张"),
    ("penalty_card", "minor"): _("小罚张"),
    ("lead_restriction", "none"): _("无"),
    ("lead_restriction", "require_suit"): _("要求首引该花色"),
    ("lead_restriction", "forbid_suit"): _("禁止首引该花色"),
    ("lead_restriction", "pending"): _("由庄家在违规者同伴首次取得出牌权时选择"),
    ("partner_play_restriction", "none"): _("无"),
    ("partner_play_restriction", "highest"): _("须打出所引花色中最大的牌"),
    ("partner_play_restriction", "lowest"): _("须打出所引花色中最小的牌"),
    ("partner_play_restriction", "other_suit"): _("不得打出庄家指定的另一花色"),
    ("partner_play_restriction", "pending"): _("由庄家现在从三项中选择"),
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
