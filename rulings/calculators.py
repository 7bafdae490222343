"""Calculator requests (query strings, JSON bodies) into bridge calls, and their answers as JSON-ready dicts.

One place for the API and the pages: bridge.inputs reads the typed values, bridge does the arithmetic, and every
bad input raises an EngineError naming the field (a bridge.messages Message, so each edge says it in its
reader's language). ``whole_number`` is bridge.inputs', kept here for the callers that read through this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import bridge
from bridge import EngineError, messages, tables
from bridge.adjusted import EDITION_1997, edition_laws, read_edition
from bridge.inputs import required, whole_number
from rulings.labels import score_item_label

# The highest board number the calculators take (security review L6): Law 2 numbers boards from 1, and no
# event plays ten thousand.
BOARD_MAX = 10_000

IMP_ROWS_LIMIT = 4000


# The adapters below take parsed JSON (typed Any: its shape is what bridge checks, naming the field of anything
# wrong), so bridge's functions get the values as sent.
def score_from_params(params: Mapping[str, Any]) -> tuple[bridge.Score, bridge.Board | None]:
    """contract, declarer, tricks, and vulnerability or board → (Score, Board or None)."""
    contract = bridge.Contract.parse(str(required(params, "contract")))
    board = None
    if params.get("board") not in (None, ""):
        number = whole_number(params["board"], "board", low=1)
        board = bridge.board_info(whole_number(number, "board", low=1, high=BOARD_MAX))
        vulnerability = board.vulnerability
    elif contract.is_passed_out and params.get("vulnerability") in (None, ""):
        vulnerability = bridge.Vulnerability.NONE
    else:
        vulnerability = bridge.Vulnerability.parse(str(required(params, "vulnerability")))
    if contract.is_passed_out:
        declarer = params.get("declarer") or None
        tricks = params.get("tricks")
        tricks = None if tricks in (None, "") else whole_number(tricks, "tricks", low=0, high=13)
    else:
        declarer = bridge.Seat.parse(str(required(params, "declarer")), field="declarer")
        tricks = whole_number(required(params, "tricks"), "tricks", low=0, high=13)
    return bridge.score(contract, declarer, vulnerability, tricks), board


def score_data(result: bridge.Score) -> dict:
    return {
        "contract": str(result.contract),
        "declarer": result.declarer.value if result.declarer else None,
        "vulnerable": result.vulnerable,
        "tricks": result.tricks,
        "result": result.result,
        "score_ns": result.score_ns,
        "score_ew": result.score_ew,
        "breakdown": [
            {"item": i.item, "label": score_item_label(i.item, i.label_zh), "points": i.points, "law": i.law}
            for i in result.breakdown
        ],
    }


def board_data(board: bridge.Board) -> dict:
    return {"board": board.number, "dealer": board.dealer.value, "vulnerability": board.vulnerability.value}


def imps_from_params(params: Mapping[str, Any]) -> dict:
    diff = whole_number(required(params, "diff"), "diff")
    return {"diff": diff, "imps": bridge.imps(diff)}


def matchpoints_data(scores: Any) -> dict:
    result = bridge.matchpoints(scores)
    return {
        "matchpoints": list(result.matchpoints),
        "percentages": list(result.percentages),
        "top": result.top,
    }


def _side_field(exc: EngineError) -> EngineError:
    """The engine names outcome fields ns.contract / ew.tricks; the API's keys are NS / EW."""
    field = exc.field or ""
    for engine_name, api_name in (("ns", "NS"), ("ew", "EW")):
        if field == engine_name or field.startswith(engine_name + "."):
            return exc.with_field(api_name + field[len(engine_name) :])
    return exc


def adjusted_score(body: object, edition: str | None = None) -> dict:
    """POST /api/adjusted-score/: Law 12C1/86A/88 (artificial), 12C2 (assigned), 12C3 (weighted) in the 1997
    numbering; with ``edition`` wbf-2017 (the body's, else the ``edition`` argument, else ccba-1999) the same
    arithmetic cited in 2017 numbers — artificial 12C2 (60/50/40 %, ±3 IMPs in 12C2(b), the session percentage
    12C2(c)), assigned and weighted 12C1 — and the answer says its ``edition``."""
    if not isinstance(body, Mapping):
        raise EngineError(messages.BODY_NOT_OBJECT, None)
    code = read_edition(body.get("edition") if body.get("edition") is not None else edition)
    answer = _adjusted(body, code)
    if code != EDITION_1997:
        answer["edition"] = code
        for entry in [answer, *(value for value in answer.values() if isinstance(value, dict))]:
            if "laws" in entry:
                entry["laws"] = list(edition_laws(entry["laws"], code))
        if body.get("method") == "artificial":
            _unverified_2017(answer, body.get("session_percent"))
    return answer


def _unverified_2017(answer: dict, session_percent: object) -> None:
    """2017 12C2(c): that a side in no way at fault gets its session percentage when higher is verified; which
    other contestants the paragraph covers is not (laws-facts-2017 A6, 待核实) — flagged where it was used."""
    sessions = session_percent if isinstance(session_percent, Mapping) else {}
    for side, entry in answer.items():
        if isinstance(entry, dict):
            entry["unverified"] = ["12C2"] if side in sessions and "percent" in entry else []


def _sent(body: Mapping[str, Any], key: str) -> Any:
    """A JSON value as sent (None when left out), for bridge to check: it names the field of a wrong one."""
    return body.get(key)


def _given(body: Mapping[str, Any], key: str) -> Any:
    """A JSON value that must be given (bridge.inputs.required), for bridge to check further."""
    return required(body, key)


def _adjusted(body: Mapping[str, Any], edition: str) -> dict:
    method = body.get("method")
    if method == "artificial":
        results = bridge.artificial(_sent(body, "form"), _sent(body, "fault"), _sent(body, "session_percent"))
        out: dict[str, object] = {}
        for side, result in results.items():
            entry: dict[str, object] = {
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
    if method == "assigned":
        try:
            assigned = bridge.assigned(_given(body, "vulnerability"), _given(body, "NS"), _given(body, "EW"))
        except EngineError as exc:
            raise _side_field(exc) from None
        return {
            "NS": score_data(assigned.ns),
            "EW": score_data(assigned.ew),
            "score_ns": assigned.score_ns,
            "score_ew": assigned.score_ew,
            "balanced": assigned.balanced,
            "laws": list(assigned.laws),
        }
    if method == "weighted":
        weighted = bridge.weighted(
            _given(body, "vulnerability"),
            _sent(body, "outcomes"),
            other_table_score_ns=body.get("other_table_score_ns"),
            field_scores_ns=body.get("field_scores_ns"),
        )
        answer: dict[str, object] = {
            "score_ns": weighted.score_ns,
            "lines": [
                {
                    **score_data(line.score),
                    "weight": line.weight,
                    "imps": line.imps,
                    "matchpoints": line.matchpoints,
                }
                for line in weighted.lines
            ],
            "laws": list(weighted.laws),
        }
        if weighted.imps is not None:
            answer["imps"] = weighted.imps
        if weighted.matchpoints is not None:
            answer.update(matchpoints=weighted.matchpoints, top=weighted.top, percentage=weighted.percentage)
        return answer
    raise EngineError(messages.METHOD_UNKNOWN, "method")
