"""The rulings wizard: one question per screen; the URL carries the facts, so a walk can be shared or resumed."""

from urllib.parse import urlencode

from django.shortcuts import render

from bridge import EngineError
from bridge.inputs import read_whole
from bridge.trees import Fact, QuestionNode, Tree, evaluate
from core import language
from core.errors import error_context
from laws import editions
from laws.rendering import render_script
from laws.selectors import edition_for, edition_or_default, render_context
from rulings import recording
from rulings.choices import SEATS, VULNERABILITIES
from rulings.labels import outcome_rows
from rulings.summary import ruling_summary
from rulings.trees import facts_from_query, tree_get, trees


def wizard_index(request):
    edition = edition_for(request)
    context = {
        "trees": trees(edition.code).values(),
        "edition": edition,
        "restarted": _restarted(request),
    }
    return render(request, "rulings/wizard/index.html", context)


def _restarted(request) -> str:
    """The edition a walk was in when the director switched edition mid-walk (the walk starts again)."""
    code = request.GET.get(RESTARTED, "")[:40]
    return code if code in editions.KNOWN else ""


RESTARTED = "restarted_from"
"""The query key of a walk restarted by the top bar's edition switch (its value: the edition it was in)."""


def _edition_query(request, tree: Tree) -> dict[str, str]:
    """A walk opened by a link that names its edition keeps naming it in every step (a shared link opens the same
    walk); a walk in the reader's own edition keeps bare URLs."""
    return {editions.PARAM: tree.edition} if request.GET.get(editions.PARAM) else {}


def wizard_walk(request, slug: str):
    tree = tree_get(slug, edition_for(request).code)
    facts = facts_from_query(tree, request.GET)
    try:
        evaluation = evaluate(tree, facts)
    except EngineError as exc:
        context = {
            "tree": tree,
            "error": error_context(exc, fact_labels(tree), general=False),
            "restart": request.path,
            "edition_switch_next": _switch_next(request, tree),
        }
        return render(request, "rulings/wizard/error.html", context, status=400)

    # Each answered step links back to the walk as it stood before that answer.
    steps, answered = [], _edition_query(request, tree)
    for step in evaluation.path:
        fact = tree.fact(step.fact)
        label = fact.label(step.value) if fact else None
        steps.append(
            {
                "fact": fact,
                "value": step.value,
                "label": label,
                "back_url": f"{request.path}?{urlencode(answered)}" if answered else request.path,
            }
        )
        answered[step.fact] = _query_value(step.value)
    optional = {f.name: facts[f.name] for f in tree.facts if f.optional and f.name in facts}
    context = {
        "tree": tree,
        "evaluation": evaluation,
        "steps": steps,
        "edition_switch_next": _switch_next(request, tree),
        "restarted": _restarted(request),
    }
    if evaluation.question is not None:
        question = evaluation.question
        base = {**answered, **optional}
        group = _rare_group(tree, base, question.fact)
        choices: list[tuple[object, str]]
        if group:
            none_query = {**base, **{name: "false" for name in group}}
            choices = [
                (
                    _fact(tree, name).text,
                    f"?{urlencode({**base, **dict.fromkeys(group[:i], 'false'), name: 'true'})}",
                )
                for i, name in enumerate(group)
            ]
            context.update(group_none_url=f"?{urlencode(none_query)}")
        elif question.options:
            choices = [
                (o.label, f"?{urlencode({**base, question.fact: _query_value(o.value)})}")
                for o in question.options
            ]
        else:
            high = question.maximum if question.maximum is not None else 13
            choices = [
                (n, f"?{urlencode({**base, question.fact: n})}")
                for n in range((question.minimum or 0), high + 1)
            ]
        low, high = remaining_questions(tree, question.node, _group_facts(tree))
        context.update(
            question=question,
            group=[tree.fact(name) for name in group],
            choices=choices,
            numeric=not group and not question.options,
            answered_query=urlencode(answered),
            step_number=_screens(tree, steps) + 1,
            remaining_low=low - 1,
            remaining_high=high - 1,
            back_url=_back_url(request.path, tree, steps),
        )
        return render(request, "rulings/wizard/question.html", context)
    ruling = evaluation.ruling
    assert ruling is not None  # no question left: the walk has its ruling
    english = language.english()
    given = {**answered, **optional}
    context.update(
        ruling=ruling,
        summary=ruling_summary(
            tree.slug, ruling.outcome, evaluation_facts(evaluation, optional), tree.edition
        ),
        rows=outcome_rows(ruling.outcome),
        # The script in the page's language first, the other language behind a disclosure.
        script_html=_law_html(ruling.script.en if english else ruling.script.zh, tree.edition),
        script_other_html=_law_html(ruling.script.zh if english else ruling.script.en, tree.edition),
        script_other_lang="zh-Hans" if english else "en",
        script_other_name="中文" if english else "English",
        optional_facts=[f for f in tree.facts if f.optional],
        answered=answered,
        given_optional=optional,
        seats=SEATS,
        vulnerabilities=VULNERABILITIES,
        record_query=urlencode(given),
        back_url=_back_url(request.path, tree, steps),
        can_record=recording.may_record(request.user),
    )
    return render(request, "rulings/wizard/ruling.html", context)


def fact_labels(tree) -> dict[str, str]:
    """The tree's facts by their questions, quoted, in the page's language: what an error about a fact names."""
    if language.english():
        return {f.name: f"“{f.text.en}”" for f in tree.facts if f.text}
    return {f.name: f"“{f.text.zh}”" for f in tree.facts if f.text}


def evaluation_facts(evaluation, optional: dict) -> dict[str, object]:
    """The answered facts (typed, as the engine read them) and the optional inputs, for the headline."""
    facts: dict[str, object] = {step.fact: step.value for step in evaluation.path}
    for name, value in optional.items():
        number = read_whole(str(value)) if str(value).lstrip("-").isdigit() else None  # bounded (review N1)
        facts[name] = value if number is None else number
    return facts


def _group_facts(tree: Tree) -> frozenset[str]:
    return frozenset(tree.rare_group)


def _fact(tree: Tree, name: str) -> Fact:
    """A fact the tree declares (a rare group names only declared facts: the tree's validation holds it)."""
    fact = tree.fact(name)
    assert fact is not None, name
    return fact


def _rare_group(tree: Tree, base: dict, fact: str) -> list[str]:
    """The run of rare-exception questions the walk asks next, starting at ``fact`` (empty: ask one by one).

    Found by answering them all "no" and seeing which the engine asks in a row, so the tree decides the order.
    """
    members = _group_facts(tree)
    if fact not in members:
        return []
    trial = {**base, **{name: "false" for name in members if name not in base}}
    path = [step.fact for step in evaluate(tree, trial).path]
    run = []
    for name in path[path.index(fact) :]:
        if name not in members:
            break
        run.append(name)
    return run if len(run) > 1 else []


def _starts_screen(members: frozenset[str], steps: list[dict], i: int) -> bool:
    """Whether answered step ``i`` began a screen (a run of grouped exceptions was one screen)."""
    return i == 0 or not (steps[i]["fact"].name in members and steps[i - 1]["fact"].name in members)


def _screens(tree: Tree, steps: list[dict]) -> int:
    """How many screens the answered steps took."""
    members = _group_facts(tree)
    return sum(_starts_screen(members, steps, i) for i in range(len(steps)))


def _back_url(path: str, tree: Tree, steps: list[dict]) -> str | None:
    """The walk as it stood one screen back (before the whole group of exceptions, when they were one screen)."""
    if not steps:
        return None
    members = _group_facts(tree)
    cut = len(steps) - 1
    while not _starts_screen(members, steps, cut):
        cut -= 1
    return steps[cut]["back_url"]


def remaining_questions(tree: Tree, node_id: str, members: frozenset[str] = frozenset()) -> tuple[int, int]:
    """(fewest, most) screens from ``node_id`` to a ruling, this one included; a run of grouped facts is one."""
    memo: dict[tuple[str, bool], tuple[int, int]] = {}

    def span(node_id: str, in_group: bool) -> tuple[int, int]:
        key = (node_id, in_group)
        if key not in memo:
            node = tree.node(node_id)
            if not isinstance(node, QuestionNode):
                memo[key] = (0, 0)
            else:
                grouped = node.fact in members
                cost = 0 if grouped and in_group else 1
                spans = [span(target, grouped) for target in dict.fromkeys(node.targets)]
                memo[key] = (cost + min(s[0] for s in spans), cost + max(s[1] for s in spans))
        return memo[key]

    return span(node_id, False)


def _switch_next(request, tree: Tree) -> str:
    """Where the top bar's edition switch lands from a walk: the same tree from its first question (facts answered
    under one code are not carried into the other), saying why."""
    return f"{request.path}?{urlencode({RESTARTED: tree.edition})}"


def _law_html(text: str, edition_code: str) -> str:
    """The script with its law references as links and glossary terms marked, like law text, in the tree's
    edition."""
    context = render_context(edition_or_default(edition_code))
    return render_script(text, context)


def _query_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
