"""Calculator pages (one-hand, tablet): thin views over rulings.calculators and bridge.

Bad input answers 400 with the page, the message in the page's language (core.errors) and the field it names.
"""

from django.shortcuts import render

import bridge
from bridge import EngineError, tables
from bridge.inputs import scores_from_text
from core.errors import error_context
from rulings import calculators
from rulings.choices import FAULTS, SEATS, SIDES, VULNERABILITIES
from rulings.forms import OUTCOME_ROWS, adjustment_from_post

LEVELS = list(range(1, 8))
STRAINS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")]
DOUBLINGS = [("", "—"), ("X", "X"), ("XX", "XX")]


def score_page(request):
    params = request.GET
    context = {
        "levels": LEVELS,
        "strains": STRAINS,
        "doublings": DOUBLINGS,
        "seats": SEATS,
        "vulnerabilities": VULNERABILITIES,
        "trick_counts": list(range(14)),
        "p": params,
    }
    if params.get("passed") == "1":
        params = params.copy()
        params["contract"] = "PASS"
    elif params.get("level") and params.get("strain"):
        params = params.copy()
        params["contract"] = f"{params['level']}{params['strain']}{params.get('dbl', '')}"
    if params.get("contract"):
        try:
            result, board = calculators.score_from_params(params)
            context["result"] = calculators.score_data(result)
            context["board"] = board
        except EngineError as exc:
            context["error"] = error_context(exc)
    return _render(request, "rulings/score.html", context)


def imps_page(request):
    context = {"bands": _imp_bands(), "p": request.GET}
    if request.GET.get("diff", "") != "":
        try:
            context["result"] = calculators.imps_from_params(request.GET)
        except EngineError as exc:
            context["error"] = error_context(exc)
    return _render(request, "rulings/imps.html", context)


def _imp_bands() -> list[tuple[str, int]]:
    bands, low = [], 0
    for upper, value in tables.IMP_SCALE:
        bands.append((f"{low}–{upper}", value))
        low = upper + 10
    bands.append((f"{low}+", tables.IMP_MAX))
    return bands


def matchpoints_page(request):
    text = request.POST.get("scores", "") if request.method == "POST" else request.GET.get("scores", "")
    context = {"text": text}
    if text.strip():
        try:
            scores = scores_from_text(text)
            result = bridge.matchpoints(scores)
            # Both sides, percentages to two decimals alike (issue 31, polish 14: "100.0" beside "71.43").
            context["rows"] = [
                (score, mp, f"{pct:.2f}", result.top - mp, f"{100 - pct:.2f}")
                for score, mp, pct in zip(scores, result.matchpoints, result.percentages, strict=True)
            ]
            context["top"] = result.top
        except EngineError as exc:
            context["error"] = error_context(exc)
    return _render(request, "rulings/matchpoints.html", context)


def adjusted_page(request):
    # A GET with a method (the pads' forms, so a stored copy can answer offline) or a POST (older links).
    p = request.POST if request.method == "POST" else (request.GET if request.GET.get("method") else None)
    context = {
        "sides": SIDES,
        "faults": FAULTS,
        "seats": SEATS,
        "vulnerabilities": VULNERABILITIES,
        "p": p or {},
        "rows": [f"w{i}" for i in range(OUTCOME_ROWS)],
    }
    if p is not None:
        try:
            # No method chosen is refused by the engine like an unknown one (field "method").
            context["result"] = calculators.adjusted_score(adjustment_from_post(p) or {})
            context["method"] = p.get("method")
        except EngineError as exc:
            context["error"] = error_context(exc)
    return _render(request, "rulings/adjusted.html", context)


def _render(request, template: str, context: dict):
    """The page; status 400 when it shows an input error."""
    return render(request, template, context, status=400 if context.get("error") else 200)
