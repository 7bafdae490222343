"""The adjusted-score form (Laws 12C1, 12C2, 12C3) as posted fields, read once for every page that has it.

The calculator page (/tools/adjusted/) and the club log's record form post the same fields, the record form's
with an ``adj_`` prefix: ``method``; ``form``, ``fault_NS``/``fault_EW`` and ``session_NS``/``session_EW``
(artificial); ``vulnerability``, ``NS_contract``/``NS_declarer``/``NS_tricks`` and the same for EW (assigned);
``w0_contract``… ``w3_weight`` (weights in percent), then ``other_table`` or ``field_scores`` (weighted).
:func:`adjustment_from_post` reads them into the adjusted-score request of rulings.calculators.adjusted_score
(the API's body), :func:`adjustment_to_post` gives a stored request back as the fields, to prefill the form.
"""

from __future__ import annotations

from collections.abc import Mapping

from bridge import Form, Side
from bridge.inputs import number, scores_from_text, whole_number

SIDES = tuple(side.value for side in Side)
OUTCOME_ROWS = 4
"""Rows of weighted outcomes the form offers (Law 12C3)."""


def adjustment_from_post(data: Mapping[str, str], *, prefix: str = "") -> dict | None:
    """The adjusted-score request the fields describe; None when no method is chosen (no adjustment).

    Numbers are read here (EngineError naming the request's field: ``session_percent.NS``, ``EW.tricks``,
    ``outcomes[1].weight``); everything else is left for the engine to check, so a bad contract or fault is
    refused with the same message as through the API.
    """

    def get(name: str) -> str:
        return (data.get(prefix + name) or "").strip()

    method = get("method")
    if not method:
        return None
    if method == "artificial":
        body: dict = {
            "method": method,
            "form": get("form"),
            "fault": {side: get(f"fault_{side}") for side in SIDES},
        }
        sessions = {
            side: number(get(f"session_{side}"), f"session_percent.{side}")
            for side in SIDES
            if get(f"session_{side}")
        }
        # Law 88 session percentages count in pairs only; the boxes stay filled when the form is switched to teams.
        if sessions and body["form"] == Form.PAIRS:
            body["session_percent"] = sessions
        return body
    body = {"method": method}
    # Left out when not given: the record form takes the vulnerability from the board number (Law 2).
    if get("vulnerability"):
        body["vulnerability"] = get("vulnerability")
    if method == "assigned":
        for side in SIDES:
            body[side] = _outcome(get, f"{side}_", side)
    elif method == "weighted":
        outcomes = []
        for row in range(OUTCOME_ROWS):
            if not get(f"w{row}_contract"):
                continue
            weight = number(get(f"w{row}_weight"), f"outcomes[{row}].weight") / 100
            outcomes.append({**_outcome(get, f"w{row}_", f"outcomes[{row}]"), "weight": weight})
        body["outcomes"] = outcomes
        if get("other_table"):
            body["other_table_score_ns"] = whole_number(get("other_table"), "other_table_score_ns")
        elif get("field_scores"):
            body["field_scores_ns"] = scores_from_text(get("field_scores"), "field_scores_ns")
    return body  # an unknown method is refused by the engine, naming the field


def _outcome(get, row: str, field: str) -> dict:
    """One (contract, declarer, tricks) row; a blank declarer or trick count is not given (a passed-out board)."""
    tricks = get(f"{row}tricks")
    return {
        "contract": get(f"{row}contract"),
        "declarer": get(f"{row}declarer") or None,
        "tricks": whole_number(tricks, f"{field}.tricks", low=0, high=13) if tricks else None,
    }


def adjustment_to_post(adjustment: Mapping | None, *, prefix: str = "") -> dict[str, str]:
    """The fields that post ``adjustment`` (an adjusted-score request) again: the inverse of
    :func:`adjustment_from_post`, for a form prefilled with a stored adjustment."""
    if not adjustment:
        return {prefix + "method": ""}
    method = adjustment.get("method") or ""
    fields = {"method": method}
    if method == "artificial":
        fields["form"] = adjustment.get("form") or ""
        faults = adjustment.get("fault") or {}
        sessions = adjustment.get("session_percent") or {}
        for side in SIDES:
            fields[f"fault_{side}"] = faults.get(side) or ""
            fields[f"session_{side}"] = _text(sessions.get(side))
    else:
        fields["vulnerability"] = adjustment.get("vulnerability") or ""
    if method == "assigned":
        for side in SIDES:
            fields.update(_outcome_fields(adjustment.get(side) or {}, f"{side}_"))
    elif method == "weighted":
        for row, outcome in enumerate((adjustment.get("outcomes") or [])[:OUTCOME_ROWS]):
            fields.update(_outcome_fields(outcome, f"w{row}_"))
            weight = _parts(outcome).get("weight")
            fields[f"w{row}_weight"] = f"{weight * 100:g}" if isinstance(weight, int | float) else ""
        fields["other_table"] = _text(adjustment.get("other_table_score_ns"))
        fields["field_scores"] = ", ".join(str(score) for score in adjustment.get("field_scores_ns") or [])
    return {prefix + name: value for name, value in fields.items()}


def _outcome_fields(outcome: object, row: str) -> dict[str, str]:
    parts = _parts(outcome)
    return {f"{row}{key}": _text(parts.get(key)) for key in ("contract", "declarer", "tricks")}


def _parts(outcome: object) -> Mapping:
    """An outcome as stored: a mapping, or (through the API) a list in the order contract, declarer, tricks, weight."""
    if isinstance(outcome, Mapping):
        return outcome
    if isinstance(outcome, list | tuple):
        return dict(zip(("contract", "declarer", "tricks", "weight"), outcome, strict=False))
    return {}


def _text(value: object) -> str:
    return "" if value is None else str(value)
