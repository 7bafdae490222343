"""The rulings wizard: one question per screen; the URL carries the facts, so a walk can be shared or resumed."""

from urllib.parse import urlencode

from django.shortcuts import render

from bridge import EngineError, Vulnerability
from bridge.trees import evaluate
from config import language
from config.errors import error_context
from laws.rendering import render as render_text
from laws.selectors import edition_default, render_context
from rulings.labels import outcome_rows
from rulings.trees import facts_from_query, tree_get, trees


def wizard_index(request):
    return render(request, "rulings/wizard/index.html", {"trees": trees().values()})


def wizard_walk(request, slug: str):
    tree = tree_get(slug)
    facts = facts_from_query(tree, request.GET)
    try:
        evaluation = evaluate(tree, facts)
    except EngineError as exc:
        context = {
            "tree": tree,
            "error": error_context(exc, fact_labels(tree), general=False),
            "restart": request.path,
        }
        return render(request, "rulings/wizard/error.html", context, status=400)

    # Each answered step links back to the walk as it stood before that answer.
    steps, answered = [], {}
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
    context = {"tree": tree, "evaluation": evaluation, "steps": steps}
    if evaluation.question is not None:
        question = evaluation.question
        base = {**answered, **optional}
        if question.options:
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
        context.update(
            question=question,
            choices=choices,
            answered_query=urlencode(answered),
            step_number=len(steps) + 1,
            back_url=steps[-1]["back_url"] if steps else None,
        )
        return render(request, "rulings/wizard/question.html", context)
    ruling = evaluation.ruling
    english = language.english()
    context.update(
        ruling=ruling,
        rows=outcome_rows(ruling.outcome),
        # The script in the page's language first, the other language behind a disclosure.
        script_html=_law_html(ruling.script.en if english else ruling.script.zh),
        script_other_html=_law_html(ruling.script.zh if english else ruling.script.en),
        script_other_lang="zh-Hans" if english else "en",
        script_other_name="中文" if english else "English",
        optional_facts=[f for f in tree.facts if f.optional],
        answered=answered,
        given_optional=optional,
        vulnerabilities=[v.value for v in Vulnerability],
        record_query=urlencode({**answered, **optional}),
    )
    return render(request, "rulings/wizard/ruling.html", context)


def fact_labels(tree) -> dict[str, str]:
    """The tree's facts by their questions, quoted, in the page's language: what an error about a fact names."""
    if language.english():
        return {f.name: f"“{f.text.en}”" for f in tree.facts if f.text}
    return {f.name: f"“{f.text.zh}”" for f in tree.facts if f.text}


def _law_html(text: str) -> str:
    """The script with its law references as links and glossary terms marked, like law text."""
    context = render_context(edition_default())
    return render_text(text, context, law_layout=True)


def _query_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
