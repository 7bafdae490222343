"""Calculator pages (one-hand, tablet): thin views over rulings.calculators and bridge."""

from django.shortcuts import render

import bridge
from bridge import EngineError, tables
from rulings import calculators
from rulings.choices import FAULTS, SEATS, SIDES, VULNERABILITIES

LEVELS = list(range(1, 8))
STRAINS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT")]
DOUBLINGS = [("", "—"), ("X", "X"), ("XX", "XX")]


def _error(exc: EngineError) -> dict:
    return {"message": exc.message, "field": exc.field}


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
            context["error"] = _error(exc)
    return render(request, "rulings/score.html", context)


def imps_page(request):
    context = {"bands": _imp_bands(), "p": request.GET}
    if request.GET.get("diff", "") != "":
        try:
            context["result"] = calculators.imps_from_params(request.GET)
        except EngineError as exc:
            context["error"] = _error(exc)
    return render(request, "rulings/imps.html", context)


def _imp_bands() -> list[tuple[str, int]]:
    bands, low = [], 0
    for upper, value in tables.IMP_SCALE:
        bands.append((f"{low}–{upper}", value))
        low = upper + 10
    bands.append((f"{low}+", tables.IMP_MAX))
    return bands


def _scores_from_text(text: str) -> list[int]:
    tokens = text.replace(",", " ").replace("，", " ").split()
    scores = []
    for token in tokens:
        try:
            scores.append(calculators.whole_number(token, "scores"))
        except EngineError:
            raise EngineError(f"“{token}” is not a whole-number score.", "scores") from None
    return scores


def matchpoints_page(request):
    text = request.POST.get("scores", "") if request.method == "POST" else request.GET.get("scores", "")
    context = {"text": text}
    if text.strip():
        try:
            scores = _scores_from_text(text)
            result = bridge.matchpoints(scores)
            context["rows"] = list(zip(scores, result.matchpoints, result.percentages, strict=True))
            context["top"] = result.top
        except EngineError as exc:
            context["error"] = _error(exc)
    return render(request, "rulings/matchpoints.html", context)


def adjusted_page(request):
    p = request.POST if request.method == "POST" else None
    context = {
        "sides": SIDES,
        "faults": FAULTS,
        "seats": SEATS,
        "vulnerabilities": VULNERABILITIES,
        "p": p or {},
        "rows": [f"w{i}" for i in range(4)],
    }
    if p is not None:
        try:
            context["result"] = calculators.adjusted_score(_adjusted_body(p))
            context["method"] = p.get("method")
        except EngineError as exc:
            context["error"] = _error(exc)
    return render(request, "rulings/adjusted.html", context)


def _number(value: str, field: str) -> float:
    try:
        return float(value)
    except ValueError:
        raise EngineError(f"{field} must be a number, not “{value}”.", field) from None


def _adjusted_body(p) -> dict:
    method = p.get("method")
    if method == "artificial":
        body = {"method": method, "form": p.get("form"), "fault": {s: p.get(f"fault_{s}") for s, _ in SIDES}}
        sessions = {
            s: _number(p[f"session_{s}"], f"session_percent.{s}") for s, _ in SIDES if p.get(f"session_{s}")
        }
        if sessions and p.get("form") == "pairs":
            body["session_percent"] = sessions
        return body
    if method == "assigned":
        return {
            "method": method,
            "vulnerability": p.get("vulnerability"),
            **{
                s: {
                    "contract": p.get(f"{s}_contract"),
                    "declarer": p.get(f"{s}_declarer"),
                    "tricks": _tricks(p.get(f"{s}_tricks"), f"{s}.tricks"),
                }
                for s, _ in SIDES
            },
        }
    if method == "weighted":
        outcomes = []
        for i in range(4):
            if not p.get(f"w{i}_contract"):
                continue
            outcomes.append(
                {
                    "contract": p.get(f"w{i}_contract"),
                    "declarer": p.get(f"w{i}_declarer"),
                    "tricks": _tricks(p.get(f"w{i}_tricks"), f"outcomes[{i}].tricks"),
                    "weight": _number(p.get(f"w{i}_weight") or "", f"outcomes[{i}].weight") / 100,
                }
            )
        body = {"method": method, "vulnerability": p.get("vulnerability"), "outcomes": outcomes}
        if p.get("other_table"):
            body["other_table_score_ns"] = calculators.whole_number(p["other_table"], "other_table_score_ns")
        elif p.get("field_scores"):
            body["field_scores_ns"] = _scores_from_text(p["field_scores"])
        return body
    raise EngineError("method must be one of artificial, assigned, weighted.", "method")


def _tricks(value, field):
    return calculators.whole_number(value or "", field, low=0, high=13)
