"""An adjusted-score request as a JSON-ready dict (the calculators' body, the club log's stored ``adjustment``) into
the engine's answer, also a JSON-ready dict (issue 26 item 5).

One pure entry point for every caller: the calculators' API and page (rulings.calculators, which only names the
breakdown lines in the reader's language) and the club log's records (clubs.services, which stores the answer as
it comes). The answer names each score line by the core's own label (``label``: the Chinese of
:class:`bridge.scoring.ScoreItem`), so what is stored does not depend on the language of whoever recorded it.

Methods (1997 numbering; ``edition`` wbf-2017 cites the same arithmetic in 2017 numbers — docs/design.md §9):
``artificial`` (12C1, 86A, 88), ``assigned`` (12C2) and ``weighted`` (12C3). Bad input raises an EngineError
naming the field (``NS.contract``, ``outcomes[1].weight``, ``method``…).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from . import messages, tables
from .adjusted import EDITION_1997, Form, artificial, assigned, edition_laws, read_edition, weighted
from .errors import EngineError, FieldError
from .inputs import required
from .scoring import Score

__all__ = ["adjusted_answer", "score_answer"]

Answer = dict[str, Any]


def score_answer(result: Score) -> Answer:
    """A Law 77 score as the API answers it; each breakdown line's ``label`` is the core's (Chinese)."""
    return {
        "contract": str(result.contract),
        "declarer": result.declarer.value if result.declarer else None,
        "vulnerable": result.vulnerable,
        "tricks": result.tricks,
        "result": result.result,
        "score_ns": result.score_ns,
        "score_ew": result.score_ew,
        "breakdown": [
            {"item": i.item, "label": i.label_zh, "points": i.points, "law": i.law} for i in result.breakdown
        ],
    }


def adjusted_answer(request: object, edition: str | None = None) -> Answer:
    """The engine's answer to an adjusted-score request: the request's ``edition``, else ``edition``, else
    ccba-1999. A 2017 answer says its ``edition`` and cites 2017 numbers (artificial 12C2, assigned and weighted
    12C1); its artificial sides that used a session percentage flag 12C2 as unverified (laws-facts-2017 A6)."""
    if not isinstance(request, Mapping):
        raise EngineError(messages.BODY_NOT_OBJECT, None)
    given = request.get("edition")
    code = read_edition(given if given is not None else edition)
    answer = _answer(request)
    if code != EDITION_1997:
        answer["edition"] = code
        for entry in [answer, *(value for value in answer.values() if isinstance(value, dict))]:
            if "laws" in entry:
                entry["laws"] = list(edition_laws(entry["laws"], code))
        if request.get("method") == "artificial":
            _unverified_2017(answer, request.get("session_percent"))
    return answer


def _unverified_2017(answer: Answer, session_percent: object) -> None:
    """2017 12C2(c): that a side in no way at fault gets its session percentage when higher is verified; which
    other contestants the paragraph covers is not (laws-facts-2017 A6, 待核实) — flagged where it was used."""
    sessions = session_percent if isinstance(session_percent, Mapping) else {}
    for side, entry in answer.items():
        if isinstance(entry, dict):
            entry["unverified"] = ["12C2"] if side in sessions and "percent" in entry else []


def _side_field(exc: EngineError) -> FieldError:
    """The engine names outcome fields ns.contract / ew.tricks; the request's keys are NS / EW."""
    field = exc.field or ""
    for engine_name, request_name in (("ns", "NS"), ("ew", "EW")):
        if field == engine_name or field.startswith(engine_name + "."):
            return exc.with_field(request_name + field[len(engine_name) :])
    return exc


def _answer(request: Mapping[str, object]) -> Answer:
    method = request.get("method")
    if method == "artificial":
        return _artificial(request)
    if method == "assigned":
        return _assigned(request)
    if method == "weighted":
        return _weighted(request)
    raise EngineError(messages.METHOD_UNKNOWN, "method")


# The engine reads and checks every value it is given (a bad one is an EngineError naming its field), so the
# request's untyped values are handed over as they are.


def _artificial(request: Mapping[str, object]) -> Answer:
    results = artificial(
        cast(Form | str, request.get("form")),
        cast(Mapping[str, str], request.get("fault")),
        cast(Mapping[str, float] | None, request.get("session_percent")),
    )
    out: Answer = {}
    for side, result in results.items():
        entry: Answer = {
            "label": result.label.value,
            "label_zh": result.label_zh,
            "laws": list(result.laws),
            # Laws whose numbers here are not verified for the 1997 code (待核实), shown as such in the UI.
            "unverified": [law for law in result.laws if law in tables.UNVERIFIED_1997_REFS],
        }
        if result.percent is not None:
            entry["percent"] = result.percent
        if result.imps is not None:
            entry["imps"] = result.imps
        out[str(side)] = entry
    return out


def _assigned(request: Mapping[str, object]) -> Answer:
    try:
        result = assigned(
            cast(str, required(request, "vulnerability")),
            cast(Mapping[str, object], required(request, "NS")),
            cast(Mapping[str, object], required(request, "EW")),
        )
    except EngineError as exc:
        raise _side_field(exc) from None
    return {
        "NS": score_answer(result.ns),
        "EW": score_answer(result.ew),
        "score_ns": result.score_ns,
        "score_ew": result.score_ew,
        "balanced": result.balanced,
        "laws": list(result.laws),
    }


def _weighted(request: Mapping[str, object]) -> Answer:
    result = weighted(
        cast(str, required(request, "vulnerability")),
        cast(Sequence[Mapping[str, object]], request.get("outcomes")),
        other_table_score_ns=cast(int | None, request.get("other_table_score_ns")),
        field_scores_ns=cast(Sequence[int] | None, request.get("field_scores_ns")),
    )
    out: Answer = {
        "score_ns": result.score_ns,
        "lines": [
            {
                **score_answer(line.score),
                "weight": line.weight,
                "imps": line.imps,
                "matchpoints": line.matchpoints,
            }
            for line in result.lines
        ],
        "laws": list(result.laws),
    }
    if result.imps is not None:
        out["imps"] = result.imps
    if result.matchpoints is not None:
        out.update(matchpoints=result.matchpoints, top=result.top, percentage=result.percentage)
    return out
