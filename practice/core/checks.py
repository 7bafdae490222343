"""The bank against the engine: what ``bridge`` says for a scenario's checks, and every answer that contradicts it.

A scenario's ``checks`` (schema in :mod:`practice.core.bank`) name a decision tree and its facts, or a score, an
IMP difference, a matchpoint board, an artificial adjusted score or the Law 12C2 builder's assigned scores;
:func:`engine_values` computes them with the same code the wizard and the calculators use, and
:func:`engine_disagreements` compares the scenario's answers with the result. The tests run it over the whole bank, so a hand-written answer cannot drift from the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridge import Side, artificial, imps, matchpoints, score
from bridge.assigned_builder import build_assigned
from bridge.errors import EngineError
from bridge.trees import Tree, evaluate
from practice.core.bank import Check, Scenario


def engine_values(check: Check, trees: Mapping[str, Tree]) -> dict[str, object]:
    """What the engine says for one check: every field it can compute (tree outcome, score, IMPs, …).

    Raises ``EngineError`` for inputs the engine rejects and ``ValueError`` (or a lookup error) for a check that
    names no tree, reaches no ruling or lacks an input.
    """
    # The check's inputs are the scenario file's YAML values, passed as they are: the bridge functions check their
    # inputs at run time (EngineError), which is what this check is for.
    inputs: Mapping[str, Any] = check.inputs
    if check.kind == "tree":
        tree = trees.get(check.tree or "")
        if tree is None:
            raise ValueError(f"no decision tree {check.tree!r}")
        evaluation = evaluate(tree, inputs)
        if evaluation.status != "ruling" or evaluation.ruling is None:
            missing = evaluation.question.fact if evaluation.question else "?"
            raise ValueError(f"the facts do not reach a ruling in {tree.slug!r}: {missing!r} is missing")
        return dict(evaluation.ruling.outcome) | {"leaf": evaluation.ruling.leaf}
    if check.kind == "score":
        result = score(
            inputs["contract"], inputs.get("declarer"), inputs["vulnerability"], inputs.get("tricks")
        )
        return {
            "score_ns": result.score_ns,
            "score_ew": result.score_ew,
            "declarer_score": result.declaring_side_score,
            "result": result.result,
        }
    if check.kind == "imps":
        return {"imps": imps(inputs["diff"])}
    if check.kind == "matchpoints":
        board = matchpoints(inputs["scores"])
        index = int(inputs.get("index", 0))
        return {
            "matchpoints": board.matchpoints[index],
            "percentage": board.percentages[index],
            "top": board.top,
        }
    if check.kind == "artificial":
        side = Side(str(inputs.get("side", "NS")))
        mine = artificial(inputs["form"], inputs["fault"], inputs.get("session_percent"))[side]
        return {"percent": mine.percent, "imps": mine.imps, "label": mine.label.value}
    if check.kind == "assigned":
        built = build_assigned(dict(inputs))
        return {
            "score_ns": built.ns.points,
            "score_ew": built.ew.points,
            "imps_ns": built.ns.imps,
            "imps_ew": built.ew.imps,
            "knockout_imps_ns": built.knockout_imps_ns,
            "matchpoints_ns": built.ns.matchpoints,
            "matchpoints_ew": built.ew.matchpoints,
            "percentage_ns": built.ns.percentage,
            "percentage_ew": built.ew.percentage,
            "balanced": built.balanced,
        }
    raise ValueError(f"unknown check kind {check.kind!r}")  # pragma: no cover - the parser rejects it


def engine_disagreements(scenario: Scenario, trees: Mapping[str, Tree]) -> list[str]:
    """Every way ``scenario``'s answers contradict the engine (empty when they agree or nothing is checked)."""
    problems: list[str] = []
    for number, check in enumerate(scenario.checks, start=1):
        label = f"{scenario.id} check {number} ({check.tree or check.kind})"
        try:
            values = engine_values(check, trees)
        except (EngineError, ValueError, KeyError, IndexError, TypeError) as exc:
            problems.append(f"{label}: the engine cannot decide it: {exc}")
            continue
        for name, question_id in check.fields:
            question = scenario.question(question_id)
            if question is None:  # pragma: no cover - the parser rejects it
                continue
            if name not in values:
                problems.append(f"{label}: the engine gives no field {name!r}")
                continue
            value = values[name]
            if question.kind == "number":
                answer = question.answer
                if not isinstance(value, int | float) or isinstance(value, bool):
                    problems.append(f"{label}: {name} = {value!r} is not a number for {question_id}")
                elif not isinstance(answer, int | float) or abs(value - answer) > question.tolerance + 1e-9:
                    problems.append(f"{label}: {question_id} answers {answer}, the engine {name} = {value}")
                continue
            matching = sorted(option.key for option in question.options if option.matches(value))
            if matching != [question.answer]:
                problems.append(
                    f"{label}: {question_id} answers {question.answer!r}, but the engine's {name} = {value!r} "
                    f"matches option(s) {matching or 'none'}"
                )
    return problems
