"""Calculator requests (query strings, JSON bodies) into bridge calls, and their answers as JSON-ready dicts.

One place for the API and the pages: bridge.inputs reads the typed values, bridge does the arithmetic (an
adjusted score: bridge.adjustment, which the club log calls too), and every bad input raises an EngineError naming
the field (a bridge.messages Message, so each edge says it in its reader's language). ``whole_number`` is bridge.inputs', kept here for the callers that read through this module.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import bridge
from bridge.adjustment import adjusted_answer, score_answer
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
    """A Law 77 score as the API answers it, each breakdown line named in the reader's language."""
    return _labelled(score_answer(result))


def _labelled(answer: dict) -> dict:
    for line in answer["breakdown"]:
        line["label"] = score_item_label(line["item"], line["label"])
    return answer


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


def adjusted_score(body: object, edition: str | None = None) -> dict:
    """POST /api/adjusted-score/: the engine's answer (bridge.adjustment.adjusted_answer — Law 12C1/86A/88,
    12C2, 12C3 in the 1997 numbering, or cited in 2017 numbers with ``edition`` wbf-2017: the body's, else the
    ``edition`` argument), each score's breakdown lines named in the reader's language."""
    answer = adjusted_answer(body, edition)
    if answer.get("NS", {}).get("breakdown") is not None:  # assigned: each side's score
        _labelled(answer["NS"])
        _labelled(answer["EW"])
    for line in answer.get("lines", []):  # weighted: each outcome's score
        _labelled(line)
    return answer
