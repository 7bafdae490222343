"""Display labels for practice (translatable, Chinese first): topics, difficulties, drill prompts and options."""

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from bridge.references import chinese_ref
from practice.models import Topic
from rulings.labels import VALUES

TOPIC_LABELS = dict(Topic.choices)

DIFFICULTY_LABELS = {1: gettext_lazy("入门"), 2: gettext_lazy("进阶"), 3: gettext_lazy("提高")}

DRILL_PROMPTS = {
    "rule": gettext_lazy("应适用哪一条款？"),
    "partner_must_pass": gettext_lazy("违规者的同伴在以后的竞叫中怎样？"),
    "lead_penalties": gettext_lazy("违规方如成为防守方，是否可能适用第26条的引牌判罚？"),
    "penalty_card": gettext_lazy("是否产生罚张？"),
    "declarer_becomes_dummy": gettext_lazy("庄家是否改作明手？"),
    "tricks_transferred": gettext_lazy("转移几墩给非违规方？"),
    "offender_must_pass": gettext_lazy("违规者本人以后的叫牌怎样？"),
    "call_that_stands": gettext_lazy("哪一个叫牌成立？"),
    "score_ceiling": gettext_lazy("违规方本副牌的得分有没有上限？"),
    "lead_restriction": gettext_lazy("违规者的同伴引牌受什么限制？"),
    "rectification": gettext_lazy("怎样处理？"),
    "procedural_penalty": gettext_lazy("是否可以给明手程序性判罚（第90条）？"),
    "tricks_awarded": gettext_lazy("声称（承认）的一方最后一共得几墩？"),
    "play_continues": gettext_lazy("打牌是否继续？"),
    "board_result": gettext_lazy("这副牌的结果怎样处理？"),
    "artificial_ns": gettext_lazy("南北得到哪一种人为调整分？"),
    "table_action": gettext_lazy("裁判当场怎样处理？"),
    "adjustment": gettext_lazy("分数如何调整？"),
}


def topic_label(topic: str) -> str:
    return str(TOPIC_LABELS.get(topic, topic))


def drill_prompt(field: str) -> str:
    return str(DRILL_PROMPTS.get(field, field))


def drill_option(field: str, value: object) -> str:
    """The text of one drill option: a law reference in the rulebook's form, yes/no, or the wizard's label."""
    if field == "rule" and isinstance(value, str):
        # A rule is a law reference (tests/practice/core/test_drills.py), in the page's language.
        return f"Law {value}" if (get_language() or "").startswith("en") else chinese_ref(value)
    if isinstance(value, bool):
        return _("是") if value else _("否")
    label = VALUES.get((field, value)) if isinstance(value, str) else None
    return str(label) if label is not None else str(value)
