"""The appeal file (issue 30; review J6, J7): what an appeals committee reads, as validated JSON.

The director's part: the deal (:mod:`bridge.deals`), the auction from the dealer (calls, alerts, the explanations
given, the tempo break: where, how long, agreed or disputed), the opening lead and the play that matters, the table
result, the player poll as evidence (who was polled and at what standard, the problem as put, each pollee's call,
what else they considered and what they think the break suggests) and the possible results the director judged,
each *likely* or *at all probable* for each side (Law 12C2) with its score. The committee's part (Laws 92–93):
the opponents' submission, the members, and the 12C3 weights with the equity score they give.

Each reader takes what a JSON body gives and answers the normalised dict to store, or raises an
:class:`~bridge.errors.EngineError` naming the field (``auction.calls[3].call``, ``poll.pollees[0].name``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import messages
from .adjusted import weighted
from .boards import board_info
from .cards import Card, Contract, Doubling, Seat, Vulnerability
from .deals import read_deal
from .errors import EngineError
from .inputs import whole_number
from .poll import ALTERNATIVE_CHOSEN, NO_ALTERNATIVE, tally
from .scoring import score

__all__ = [
    "FILE_KEYS",
    "POLL_WARNING_ALTERNATIVE",
    "POLL_WARNING_NONE",
    "parse_call",
    "poll_warning",
    "read_appeal_file",
    "read_auction",
    "read_committee",
]

FILE_KEYS = ("deal", "auction", "lead", "play", "table_result", "poll", "results")
COMMITTEE_KEYS = ("submission", "members", "weights")
MAX_CALLS = 60
MAX_POLLEES = 20
MAX_RESULTS = 10
MAX_MEMBERS = 9
EXPLANATION_LIMIT = 500
PLAY_LIMIT = 1000
PROBLEM_LIMIT = 3000
SUBMISSION_LIMIT = 5000
NAME_LIMIT = 100
TEMPO_SECONDS_MAX = 600
TEMPO_STATUSES = ("agreed", "disputed")
POLL_MODES = ("ui", "mi")

POLL_WARNING_NONE = "poll_no_alternative"
"""Every pollee chose the action taken and none considered another, yet the director found a logical alternative."""
POLL_WARNING_ALTERNATIVE = "poll_alternative"
"""Pollees chose another call, yet the director found no logical alternative."""

PASS, DOUBLE, REDOUBLE = "Pass", "X", "XX"
_PASS_WORDS = frozenset({"P", "PASS", "不叫", "—", "-"})
_DOUBLE_WORDS = {
    "X": DOUBLE,
    "DBL": DOUBLE,
    "加倍": DOUBLE,
    "XX": REDOUBLE,
    "RDBL": REDOUBLE,
    "再加倍": REDOUBLE,
}
_SPACES = re.compile(r"\s+")


# --- small readers ----------------------------------------------------------------------------------------------


def _object(value: object, field: str, keys: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise EngineError(messages.APPEAL_NOT_OBJECT, field, name=field)
    unknown = sorted(str(key) for key in value if key not in keys)
    if unknown:
        prefix = f"{field}." if field else ""
        raise EngineError(messages.UNKNOWN_KEY, prefix + unknown[0], name=unknown[0])
    return value


def _list(value: object, field: str, limit: int) -> Sequence[Any]:
    if value is None:
        return ()
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence) or len(value) > limit:
        raise EngineError(messages.APPEAL_NOT_LIST, field, name=field, max=limit)
    return value


def _text(value: object, field: str, limit: int, *, one_line: bool = False) -> str:
    if value is None:
        return ""
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise EngineError(messages.APPEAL_TEXT, field, name=field, max=limit)
    text = value.strip()
    return _SPACES.sub(" ", text) if one_line else text


def _flag(value: object, field: str) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise EngineError(messages.APPEAL_FLAG, field, name=field, value=value)
    return value


def _choice(value: object, field: str, allowed: Sequence[str]) -> str | None:
    if value in (None, ""):
        return None
    if value not in allowed:
        raise EngineError(messages.APPEAL_CHOICE, field, name=field, allowed=", ".join(allowed), value=value)
    return str(value)


# --- calls and the auction --------------------------------------------------------------------------------------


def parse_call(value: object, field: str = "call") -> str:
    """A call as written (``1♠``, ``3nt``, ``p``, ``pass``, ``不叫``, ``x``, ``dbl``, ``XX``) in its one form:
    ``1S`` … ``7NT``, ``Pass``, ``X``, ``XX``."""
    if isinstance(value, str):
        key = _SPACES.sub("", value).upper()
        if key in _PASS_WORDS:
            return PASS
        if key in _DOUBLE_WORDS:
            return _DOUBLE_WORDS[key]
        if key and key[0].isdigit() and not key.endswith("X"):
            try:
                contract = Contract.parse(key, field=field)
            except EngineError:
                contract = None
            if contract is not None and contract.doubled is Doubling.UNDOUBLED:
                return str(contract)
    raise EngineError(messages.CALL_UNREADABLE, field, name=field, value=value)


def _rank(call: str) -> int:
    contract = Contract.parse(call)
    strains = ("C", "D", "H", "S", "NT")
    assert contract.strain is not None
    return contract.level * 5 + strains.index(contract.strain.value)


def check_auction(calls: Sequence[object], field: str = "auction.calls") -> None:
    """Laws 18, 19, 22: each bid outranks the last; X doubles an opponent's undoubled bid, XX an opponent's X; the
    auction ends with three passes after a call (four at the start), and nothing follows."""
    last_bid: str | None = None
    last_bid_by = -1
    state = ""  # "", X or XX on the last bid
    state_by = -1
    passes = 0
    for index, written in enumerate(calls):
        where = f"{field}[{index}].call"
        call = parse_call(written, where)
        if (last_bid is None and passes == 4) or (last_bid is not None and passes == 3):
            raise EngineError(messages.CALL_AFTER_END, where, name=where)
        if call == PASS:
            passes += 1
            continue
        if call == DOUBLE:
            if last_bid is None or state or (index - last_bid_by) % 2 == 0:
                raise EngineError(messages.CALL_DOUBLE_ILLEGAL, where, name=where, call=call)
            state, state_by = DOUBLE, index
        elif call == REDOUBLE:
            if state != DOUBLE or (index - state_by) % 2 == 0:
                raise EngineError(messages.CALL_DOUBLE_ILLEGAL, where, name=where, call=call)
            state, state_by = REDOUBLE, index
        else:
            if last_bid is not None and _rank(call) <= _rank(last_bid):
                raise EngineError(messages.CALL_INSUFFICIENT, where, name=where, call=call, last=last_bid)
            last_bid, last_bid_by, state = call, index, ""
        passes = 0


def read_auction(value: object, field: str = "auction") -> dict[str, Any]:
    """``{"calls": [{"call", "alert", "explanation"}, …], "tempo": {"call", "seconds", "status"}}``, from the
    dealer. ``tempo.call`` is the number (0 = the dealer's first call) of the call made after the break."""
    body = _object(value, field, ("calls", "tempo"))
    calls: list[dict[str, Any]] = []
    for index, item in enumerate(_list(body.get("calls"), f"{field}.calls", MAX_CALLS)):
        where = f"{field}.calls[{index}]"
        if isinstance(item, str):
            item = {"call": item}
        row = _object(item, where, ("call", "alert", "explanation"))
        calls.append(
            {
                "call": parse_call(row.get("call"), f"{where}.call"),
                "alert": bool(_flag(row.get("alert"), f"{where}.alert")),
                "explanation": _text(row.get("explanation"), f"{where}.explanation", EXPLANATION_LIMIT),
            }
        )
    check_auction([call["call"] for call in calls], f"{field}.calls")
    tempo = None
    if body.get("tempo") is not None:
        raw = _object(body["tempo"], f"{field}.tempo", ("call", "seconds", "status"))
        where = f"{field}.tempo.call"
        call = raw.get("call")
        if (
            isinstance(call, bool)
            or not isinstance(call, int)
            or not 0 <= call < max(len(calls), 1)
            or not calls
        ):
            raise EngineError(
                messages.APPEAL_TEMPO_CALL, where, name=where, max=max(len(calls) - 1, 0), value=call
            )
        seconds = raw.get("seconds")
        if seconds not in (None, ""):
            seconds = whole_number(seconds, f"{field}.tempo.seconds", low=0, high=TEMPO_SECONDS_MAX)
        tempo = {
            "call": call,
            "seconds": seconds if seconds != "" else None,
            "status": _choice(raw.get("status"), f"{field}.tempo.status", TEMPO_STATUSES),
        }
    return {"calls": calls, "tempo": tempo}


# --- results ----------------------------------------------------------------------------------------------------


def _result(
    value: object, field: str, vulnerability: Vulnerability, extra: Sequence[str] = ()
) -> dict[str, Any]:
    row = _object(value, field, ("contract", "declarer", "tricks", *extra))
    try:
        # score() reads each value as the user sent it and names the field when it cannot.
        scored = score(row.get("contract"), row.get("declarer"), vulnerability, row.get("tricks"))  # type: ignore[arg-type]
    except EngineError as error:
        raise error.with_field(f"{field}.{error.field}") from None
    return {
        "contract": str(scored.contract),
        "declarer": scored.declarer.value if scored.declarer else None,
        "tricks": scored.tricks,
        "score_ns": scored.score_ns,
    }


def _judged(value: object, field: str) -> dict[str, bool]:
    row = _object(value, field, ("likely", "at_all_probable"))
    likely = bool(_flag(row.get("likely"), f"{field}.likely"))
    probable = bool(_flag(row.get("at_all_probable"), f"{field}.at_all_probable"))
    return {"likely": likely, "at_all_probable": probable or likely}  # what is likely is at all probable too


def _results(value: object, field: str, vulnerability: Vulnerability) -> list[dict[str, Any]]:
    rows = []
    for index, item in enumerate(_list(value, field, MAX_RESULTS)):
        where = f"{field}[{index}]"
        row = _result(item, where, vulnerability, ("NS", "EW"))
        for side in ("NS", "EW"):
            row[side] = _judged(item.get(side) or {}, f"{where}.{side}")
        rows.append(row)
    return rows


# --- the poll ---------------------------------------------------------------------------------------------------


def _poll(value: object, field: str) -> dict[str, Any]:
    body = _object(value, field, ("mode", "problem", "standard", "action", "pollees"))
    pollees = []
    for index, item in enumerate(_list(body.get("pollees"), f"{field}.pollees", MAX_POLLEES)):
        where = f"{field}.pollees[{index}]"
        row = _object(item, where, ("name", "standard", "call", "considered", "suggests"))
        considered = [
            parse_call(call, f"{where}.considered[{n}]")
            for n, call in enumerate(_list(row.get("considered"), f"{where}.considered", 5))
        ]
        pollees.append(
            {
                "name": _text(row.get("name"), f"{where}.name", NAME_LIMIT, one_line=True),
                "standard": _text(row.get("standard"), f"{where}.standard", NAME_LIMIT, one_line=True),
                "call": parse_call(row.get("call"), f"{where}.call"),
                "considered": list(dict.fromkeys(considered)),
                "suggests": _text(row.get("suggests"), f"{where}.suggests", EXPLANATION_LIMIT),
            }
        )
    action = body.get("action")
    poll: dict[str, Any] = {
        "mode": _choice(body.get("mode"), f"{field}.mode", POLL_MODES) or "ui",
        "problem": _text(body.get("problem"), f"{field}.problem", PROBLEM_LIMIT),
        "standard": _text(body.get("standard"), f"{field}.standard", NAME_LIMIT, one_line=True),
        "action": parse_call(action, f"{field}.action") if action not in (None, "") else None,
        "pollees": pollees,
        "tally": None,
    }
    if poll["action"] and pollees:
        poll["tally"] = _tally(poll["action"], pollees)
    return poll


def _tally(action: str, pollees: Sequence[Mapping[str, Any]]) -> dict[str, object]:
    """The pollees counted as bridge.poll counts a poll: for each call, who chose it and who considered it."""
    chose: dict[str, int] = {action: 0}
    considered: dict[str, int] = {}
    for pollee in pollees:
        chose[pollee["call"]] = chose.get(pollee["call"], 0) + 1
        for call in pollee["considered"]:
            if call != pollee["call"]:
                considered[call] = considered.get(call, 0) + 1
    calls = list(dict.fromkeys([*chose, *considered]))[:8]
    return tally(
        {
            "action": action,
            "calls": [
                {"call": c, "chose": chose.get(c, 0), "considered": considered.get(c, 0)} for c in calls
            ],
        }
    ).as_dict()


def poll_warning(poll: Mapping[str, Any] | None, logical_alternative: object) -> str | None:
    """Review J7 (d): the poll's reading against the director's answer to "was there a logical alternative?"
    (the tree's ``logical_alternative`` fact). A code when they disagree, else None."""
    reading = ((poll or {}).get("tally") or {}).get("reading")
    if reading == NO_ALTERNATIVE and logical_alternative is True:
        return POLL_WARNING_NONE
    if reading == ALTERNATIVE_CHOSEN and logical_alternative is False:
        return POLL_WARNING_ALTERNATIVE
    return None


# --- the file ---------------------------------------------------------------------------------------------------


def read_appeal_file(body: object, *, board: int) -> dict[str, Any]:
    """The director's part of the appeal file, normalised, for the record of board ``board`` (Law 2 gives the
    dealer and vulnerability when the deal does not)."""
    data = _object(body, "", FILE_KEYS)
    info = board_info(board)
    deal = None
    if data.get("deal") is not None:
        raw = data["deal"]
        if isinstance(raw, Mapping) and not any(raw.get(key) for key in ("board", "dealer", "vulnerability")):
            raw = {**raw, "board": board}
        deal = read_deal(raw, prefix="deal.").as_dict()
    vulnerability = Vulnerability(deal["vulnerability"]) if deal else info.vulnerability
    lead = None
    if data.get("lead") not in (None, ""):
        lead = str(Card.parse(data["lead"], field="lead"))
    table_result = None
    if data.get("table_result") is not None:
        table_result = _result(data["table_result"], "table_result", vulnerability)
    return {
        "deal": deal,
        "auction": read_auction(data["auction"]) if data.get("auction") is not None else None,
        "lead": lead,
        "play": _text(data.get("play"), "play", PLAY_LIMIT),
        "table_result": table_result,
        "poll": _poll(data["poll"], "poll") if data.get("poll") is not None else None,
        "results": _results(data.get("results"), "results", vulnerability),
    }


def dealer_of(file: Mapping[str, Any] | None, board: int) -> Seat:
    """The seat the auction starts from: the deal's dealer, else Law 2's for the board."""
    deal = (file or {}).get("deal")
    return Seat(deal["dealer"]) if deal else board_info(board).dealer


def read_committee(body: object, *, vulnerability: Vulnerability | str) -> dict[str, Any]:
    """The committee's part (Laws 92–93): the opponents' submission, the members, and the 12C3 weights (percent,
    summing to 100) with the equity score they give North–South."""
    data = _object(body, "", COMMITTEE_KEYS)
    members = [
        _text(name, f"members[{index}]", NAME_LIMIT, one_line=True)
        for index, name in enumerate(_list(data.get("members"), "members", MAX_MEMBERS))
    ]
    vul = Vulnerability.parse(vulnerability)
    lines = []
    for index, item in enumerate(_list(data.get("weights"), "weights", MAX_RESULTS)):
        where = f"weights[{index}]"
        row = _result(item, where, vul, ("weight",))
        row["weight"] = whole_number(item.get("weight"), f"{where}.weight", low=1, high=100)
        lines.append(row)
    equity = None
    if lines:
        total = sum(line["weight"] for line in lines)
        if total != 100:
            raise EngineError(messages.APPEAL_WEIGHTS_SUM, "weights", total=total)
        mixed = weighted(
            vul,
            [
                {k: line[k] for k in ("contract", "declarer", "tricks")} | {"weight": line["weight"] / 100}
                for line in lines
            ],
        )
        equity = {"score_ns": mixed.score_ns, "score_ew": mixed.score_ew}
    return {
        "submission": _text(data.get("submission"), "submission", SUBMISSION_LIMIT),
        "members": [name for name in members if name],
        "weights": lines,
        "equity": equity,
    }
