"""Drills: practice cases generated from the decision trees by seeded random walks; the engine's ruling is the
answer.

A drill is a :class:`~practice.core.bank.Scenario` like a bank case, with the id ``drill-<tree>-<seed>`` (the seed
rebuilds it, so a drill answered wrongly can come back) and one tree check, so the answers it expects are the
engine's by construction (the tests replay :func:`practice.core.checks.engine_disagreements` on many seeds).
The texts are Chinese, from the trees; the Django side passes translated prompts and option labels.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from bridge.errors import EngineError
from bridge.references import chinese_ref
from bridge.trees import Evaluation, Leaf, QuestionNode, Tree, evaluate
from practice.core.bank import Check, Option, Question, Scenario
from practice.core.vocabulary import BASE_EDITION, DRILL_PREFIX

TREE_TOPICS: dict[str, str] = {
    "insufficient-bid": "insufficient_bid",
    "lead-out-of-turn": "lead_out_of_turn",
    "revoke": "revoke",
    "call-out-of-rotation": "call_out_of_rotation",
    "change-of-call": "change_of_call",
    "inadmissible-call": "inadmissible_call",
    "exposed-card-auction": "exposed_card_auction",
    "penalty-card": "penalty_card",
    "dummy": "dummy",
    "claim": "claim",
    "wrong-cards": "wrong_cards",
    "unauthorized-information": "unauthorized_information",
    "misinformation": "misinformation",
}
"""The decision trees drills are made from, and the topic each tree's drills count towards."""

DRILL_ID = re.compile(
    rf"^{re.escape(DRILL_PREFIX)}(?:(?P<edition>[a-z]+-\d{{4}})_)?(?P<slug>[a-z][a-z0-9-]*?)-(?P<seed>\d{{1,9}})$"
)
"""``drill-<tree>-<seed>`` (the base edition) or ``drill-<edition>_<tree>-<seed>`` (an id the practice pages' URLs take), the seed a whole number of at
most 9 digits (as the API's ``?seed=`` accepts)."""

DRILL_FIELDS: dict[str, tuple[str, ...]] = {
    "insufficient-bid": ("rule", "partner_must_pass", "lead_penalties"),
    "lead-out-of-turn": ("rule", "penalty_card", "declarer_becomes_dummy"),
    "revoke": ("rule", "tricks_transferred", "penalty_card"),
    "call-out-of-rotation": ("rule", "partner_must_pass", "offender_must_pass", "lead_penalties"),
    "change-of-call": ("rule", "call_that_stands", "partner_must_pass", "score_ceiling"),
    "inadmissible-call": ("rule", "partner_must_pass", "offender_must_pass", "lead_penalties"),
    "exposed-card-auction": ("rule", "partner_must_pass", "penalty_card"),
    "penalty-card": ("rule", "penalty_card", "lead_restriction"),
    "dummy": ("rule", "rectification", "procedural_penalty"),
    "claim": ("rule", "tricks_awarded", "play_continues"),
    "wrong-cards": ("rule", "board_result", "artificial_ns"),
    "unauthorized-information": ("rule", "table_action", "adjustment"),
    "misinformation": ("rule", "table_action", "adjustment"),
}
"""The ruling fields a drill asks about, per tree (a field whose value is null on a leaf is skipped)."""
DRILL_RULE_OPTIONS = 4
"""A rule question offers the right law and at most this many in all (a tree may list more rules)."""
INT_SPREAD = 4
"""A random int fact takes a value from the low end of its branch, at most this much above it (realistic)."""

Labeler = Callable[[str, object], str]


def _default_label(name: str, value: object) -> str:
    # A rule is a law reference (tests/practice/core/test_drills.py holds the trees to it): 64A2 → 第64条A款2项.
    if name == "rule" and isinstance(value, str):
        return chinese_ref(value)
    if isinstance(value, bool):
        return "是" if value else "否"
    return str(value)


def _default_prompt(name: str) -> str:
    return name


def reachable_leaves(tree: Tree) -> dict[str, frozenset[str]]:
    """For each node, the leaves reachable from it."""
    memo: dict[str, frozenset[str]] = {}

    def leaves(node_id: str) -> frozenset[str]:
        if node_id in memo:
            return memo[node_id]
        node = tree.node(node_id)
        if isinstance(node, Leaf):
            found = frozenset({node.id})
        elif isinstance(node, QuestionNode):
            found = frozenset().union(*(leaves(target) for target in node.targets))
        else:  # pragma: no cover - the validator rejects dangling ids
            found = frozenset()
        memo[node_id] = found
        return found

    for node in tree.nodes:
        leaves(node.id)
    return memo


def walk(tree: Tree, rng: random.Random, *, leaf: str | None = None) -> tuple[dict[str, object], Evaluation]:
    """A random walk from the start to a leaf (to ``leaf`` when given): the facts chosen and the evaluation.

    At each question the walk picks a branch at random among those that can still reach the target leaf; an int
    fact takes a value inside the chosen branch's range.
    """
    reach = reachable_leaves(tree)
    if leaf is not None and leaf not in tree.leaf_ids:
        raise ValueError(f"{leaf!r} is not a leaf of {tree.slug!r}")
    facts: dict[str, object] = {}
    node = tree.node(tree.start)
    while isinstance(node, QuestionNode):
        choices = _branch_values(tree, node, rng)
        if leaf is not None:
            choices = [(value, target) for value, target in choices if leaf in reach[target]]
        value, target = rng.choice(choices)
        facts[node.fact] = value
        node = tree.node(target)
    return facts, evaluate(tree, facts)


def _branch_values(tree: Tree, node: QuestionNode, rng: random.Random) -> list[tuple[object, str]]:
    """(a value of the fact, the node it leads to) for every branch of ``node``."""
    if node.branches:
        return list(node.branches)
    fact = tree.fact(node.fact)
    top = fact.maximum if fact is not None and fact.maximum is not None else 13
    low_bound = fact.minimum if fact is not None and fact.minimum is not None else 0
    out: list[tuple[object, str]] = []
    covered: list[tuple[int, int]] = []
    for branch in node.ranges:
        high = min(branch.high if branch.high is not None else top, branch.low + INT_SPREAD)
        out.append((rng.randint(branch.low, high), branch.target))
        covered.append((branch.low, branch.high if branch.high is not None else top))
    if node.default is not None:
        free = [n for n in range(low_bound, top + 1) if not any(a <= n <= b for a, b in covered)]
        if free:
            start = rng.choice(free[: INT_SPREAD + 1])
            out.append((start, node.default))
    return out


def drill_prefix(edition: str | None = None) -> str:
    """What every drill id of the edition starts with (the base edition's: ``drill-``, which the others' ids share,
    so a base-edition query also excludes :func:`further_drill_prefixes`)."""
    return DRILL_PREFIX if edition in (None, "", BASE_EDITION) else f"{DRILL_PREFIX}{edition}_"


def drill_id(slug: str, seed: int, edition: str | None = None) -> str:
    return f"{drill_prefix(edition)}{slug}-{seed}"


def parse_drill_id(item: str) -> tuple[str, int] | None:
    match = DRILL_ID.match(item)
    if not match:
        return None
    return match["slug"], int(match["seed"])


def drill_edition(item: str) -> str:
    """The edition of a drill id (the base edition when it names none)."""
    match = DRILL_ID.match(item)
    return match["edition"] if match and match["edition"] else BASE_EDITION


def make_drill(
    tree: Tree,
    seed: int,
    *,
    leaf: str | None = None,
    label: Labeler = _default_label,
    prompt: Callable[[str], str] = _default_prompt,
    fact_label: Callable[[Tree, str, object], tuple[str, str]] | None = None,
    english: bool = False,
) -> Scenario:
    """A practice case generated from ``tree`` by a seeded random walk; the engine's ruling is the answer.

    The seed picks a target leaf uniformly (so the rare leaves come up as often as the common ones) and then a
    random path to it. ``label(field, value)`` and ``prompt(field)`` give the option texts and question prompts
    (the Django side passes translated ones); ``fact_label(tree, fact, value)`` gives (question, answer) texts
    for the situation. ``english`` writes the situation, the explanation and the title from the tree's English
    texts (an English page), Chinese otherwise; the questions and the answer are the same.
    """
    rng = random.Random(f"{tree.slug}:{seed}")
    target = leaf or rng.choice(sorted(tree.leaf_ids))
    evaluation = None
    for _ in range(20):  # a walk whose facts an engine check rejects is redrawn
        try:
            facts, evaluation = walk(tree, rng, leaf=target)
            break
        except EngineError:
            continue
    if evaluation is None or evaluation.ruling is None:  # pragma: no cover - every leaf is reachable
        raise ValueError(f"no drill reaches {target!r} in {tree.slug!r}")
    ruling = evaluation.ruling
    describe = fact_label or (_fact_text_en if english else _fact_text)
    lines = ["The director is called and learns:" if english else "裁判到场后了解到以下情况："]
    for step in evaluation.path:
        question_text, answer_text = describe(tree, step.fact, step.value)
        lines.append(f"- {question_text} —— **{answer_text}**")
    questions: list[Question] = []
    specs = {spec.name: spec for spec in tree.outcome_fields}
    for name in DRILL_FIELDS.get(tree.slug, ("rule",)):
        value = ruling.outcome.get(name)
        spec = specs.get(name)
        if value is None or spec is None:
            continue
        qid = name
        if spec.type == "int":
            questions.append(Question(qid, "number", prompt(name), answer=value))
            continue
        if spec.type == "bool":
            values: list[object] = [True, False]
        else:
            values = list(spec.values)
            if name == "rule" and len(values) > DRILL_RULE_OPTIONS:
                others = [v for v in values if v != value]
                values = sorted([value, *rng.sample(others, DRILL_RULE_OPTIONS - 1)], key=values.index)
        options = tuple(
            Option(chr(ord("a") + index), label(name, option_value), option_value)
            for index, option_value in enumerate(values)
        )
        answer = next(option.key for option in options if option.matches(value))
        questions.append(Question(qid, "single", prompt(name), options, answer))
    laws = tuple(ruling.laws)
    if english:
        explanation = ruling.script.en + "\nLaws: " + ", ".join(f"Law {ref}" for ref in laws) + "."
    else:
        explanation = ruling.script.zh + "\n依据条款：" + "、".join(chinese_ref(ref) for ref in laws) + "。"
    depth = len(evaluation.path)
    difficulty = 1 if depth <= 2 else 2 if depth <= 5 else 3
    return Scenario(
        id=drill_id(tree.slug, seed, tree.edition),
        topic=TREE_TOPICS.get(tree.slug, "law_lookup"),
        difficulty=difficulty,
        title=f"{tree.title_en} · drill {seed}"
        if english and tree.title_en
        else f"{tree.title} · 练习 {seed}",
        situation="\n".join(lines),
        questions=tuple(questions),
        explanation=explanation,
        checks=(Check("tree", dict(facts), tuple((q.id, q.id) for q in questions), tree=tree.slug),),
        source="drill",
        laws=laws,
        edition=tree.edition,
    )


def _fact_text_en(tree: Tree, name: str, value: object) -> tuple[str, str]:
    fact = tree.fact(name)
    if fact is None:  # pragma: no cover - facts come from the tree
        return name, str(value)
    question = fact.text.en if fact.text is not None and fact.text.en else name
    option = fact.label(value)
    return question, option.en if option is not None and option.en else str(value)


def _fact_text(tree: Tree, name: str, value: object) -> tuple[str, str]:
    fact = tree.fact(name)
    if fact is None:  # pragma: no cover - facts come from the tree
        return name, str(value)
    question = fact.text.zh if fact.text is not None else name
    option = fact.label(value)
    return question, option.zh if option is not None else str(value)
