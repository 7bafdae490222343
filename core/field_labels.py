"""What a page calls each input field an error can name (tablet review 2026-12, bug 6: no raw ``（scores）``).

The core and the API name fields by their API keys (``diff``, ``session_percent.EW``, ``outcomes[2].weight``);
a page says them in its language. :func:`field_label` reads a nested name part by part (``EW.tricks`` → 东西 ·
墩数) and gives ``None`` when it knows no part, so a caller can fall back to the key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

FIELD_LABELS = {
    "contract": _("定约"),
    "level": _("定约阶数"),
    "strain": _("定约名目"),
    "doubled": _("加倍"),
    "declarer": _("庄家"),
    "dealer": _("发牌人"),
    "seat": _("座位"),
    "vulnerability": _("局况"),
    "board": _("牌号"),
    "tricks": _("赢墩数"),
    "declarer_tricks": _("庄家一方实际赢得的墩数"),
    "scores": _("各桌分数"),
    "diff": _("分差"),
    "method": _("调整方法"),
    "form": _("赛制"),
    "fault": _("责任"),
    "session_percent": _("本节百分比"),
    "weights": _("权重"),
    "weight": _("权重"),
    "outcomes": _("结果"),
    "results": _("结果"),
    "other_table": _("另一桌的分数"),
    "other_table_score_ns": _("另一桌的南北得分"),
    "field_scores_ns": _("其他各桌的南北得分"),
    "table_result": _("本桌结果"),
    "offending_side": _("违规方"),
    "cards": _("牌张"),
    "claimer_cards": _("声称者的牌"),
    "calls": _("叫牌"),
    "action": _("实际采取的行动"),
    "facts": _("事实"),
    "q": _("搜索词"),
    "limit": _("结果数"),
    # The club log's record fields (clubs.errors.RecordError names them).
    "role": _("角色"),
    "version": _("版本"),
    "table": _("桌号"),
    "event": _("赛事"),
    "session": _("节次"),
    "date": _("日期"),
    "notes": _("裁判备注"),
    "statement": _("事实经过"),
    "called_by": _("叫裁判者"),
    "irregularity": _("违规类型"),
    "status": _("状态"),
    "appellant": _("申诉方"),
    "adjustment": _("调整分"),
    "NS": _("南北"),
    "EW": _("东西"),
}

_INDEXED = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_]*)\[(?P<index>\d+)\]$")


def field_label(
    field: str | None, extra: Mapping[str, object] | None = None, *, general: bool = True
) -> str | None:
    """The field's label in the active language, or None when no part of it is known.

    ``extra`` adds labels for this page's own fields (a tree's facts: ``established`` → “藏牌是否已经成立？”);
    ``general=False`` uses only those (the wizard, whose offline twin in the browser knows only the tree).
    """
    if not field:
        return None
    labels = {**(FIELD_LABELS if general else {}), **(extra or {})}
    if field in labels:
        return str(labels[field])
    parts, known = [], False
    for part in field.split("."):
        indexed = _INDEXED.match(part)
        name, suffix = (indexed["name"], f" {int(indexed['index']) + 1}") if indexed else (part, "")
        if name in labels:
            parts.append(f"{labels[name]}{suffix}")
            known = True
        else:
            parts.append(part)
    return " · ".join(parts) if known else None
