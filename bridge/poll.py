"""The player poll (Laws 16A and 73F): what the offender's peers chose, and what else they seriously considered.

When partner's unauthorised information (Law 16A) could demonstrably have suggested the action a player took, he
may not choose it *from among logical alternatives*. The 1997 Laws do not define a logical alternative and set no
proportion of players: the Director judges it, usually by giving the hand and the auction (without the
information) to several players of the offender's standard and asking what they would do and what else they
would seriously consider. This module only counts their answers: for each call (or play), how many peers chose it
and how many seriously considered it but chose something else, each call's share of the choices, and which other
calls than the one taken came up at all. Whether any of them is a logical alternative stays the Director's
judgement (the tree's ``logical_alternative`` fact); figures some regulators publish for it are regulations, not
law.

:func:`tally` reads the poll as the ruling form posts it (a JSON-like mapping) and raises an
:class:`~bridge.errors.EngineError` naming the field for bad input; static/js/engine/assigned.js ports it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from . import messages
from .comparison import percentage
from .errors import EngineError

__all__ = ["MAX_CALL_LENGTH", "MAX_PEERS", "MAX_POLL_CALLS", "PollCall", "PollTally", "tally"]

MAX_POLL_CALLS = 8
"""Calls one poll may list."""
MAX_PEERS = 99
"""Peers who may have chosen (or considered) one call."""
MAX_CALL_LENGTH = 40
"""Characters of a call or play as written (``4♠``, ``Pass``, ``lead ♥K``)."""
POLL_KEYS = ("action", "calls")
CALL_KEYS = ("call", "chose", "considered")

ALTERNATIVE_CHOSEN = "alternative_chosen"
"""Some peer chose a call other than the one taken."""
ALTERNATIVE_CONSIDERED = "alternative_considered"
"""No peer chose another call, but some seriously considered one."""
NO_ALTERNATIVE = "no_alternative"
"""Every peer chose the call taken and none seriously considered another."""

_SPACES = re.compile(r"\s+")


def same_call(text: str) -> str:
    """A call's key for comparing two writings of it: no spaces, upper case (``pass`` = ``Pass``)."""
    return _SPACES.sub("", text).upper()


@dataclass(frozen=True, slots=True)
class PollCall:
    """One call of the poll: how many peers chose it, how many seriously considered it but chose another, its
    share of the choices (percent, 2 decimals) and whether it is the action the player took."""

    call: str
    chose: int
    considered: int
    share: float
    taken: bool

    def as_dict(self) -> dict[str, object]:
        return {
            "call": self.call,
            "chose": self.chose,
            "considered": self.considered,
            "share": self.share,
            "taken": self.taken,
        }


@dataclass(frozen=True, slots=True)
class PollTally:
    """The poll counted: the action taken, the peers polled (those who chose something), each call, and the
    other calls that came up (chosen or seriously considered), most chosen first. ``reading`` says which of
    ALTERNATIVE_CHOSEN, ALTERNATIVE_CONSIDERED, NO_ALTERNATIVE holds; it is a count, not the judgement."""

    action: str
    polled: int
    calls: tuple[PollCall, ...]
    alternatives: tuple[str, ...]
    reading: str

    @property
    def taken(self) -> PollCall:
        return next(call for call in self.calls if call.taken)

    def as_dict(self) -> dict[str, object]:
        return {
            "action": self.action,
            "polled": self.polled,
            "calls": [call.as_dict() for call in self.calls],
            "action_chose": self.taken.chose,
            "action_share": self.taken.share,
            "alternatives": list(self.alternatives),
            "reading": self.reading,
        }


def _text(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > MAX_CALL_LENGTH:
        raise EngineError(messages.POLL_CALL_TEXT, field, name=field, max=MAX_CALL_LENGTH, value=value)
    return _SPACES.sub(" ", value.strip())


def _count(value: object, field: str) -> int:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PEERS:
        raise EngineError(messages.POLL_COUNT, field, name=field, max=MAX_PEERS, value=value)
    return value


def _unknown_key(data: Mapping[str, object], allowed: Sequence[str], prefix: str) -> None:
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise EngineError(messages.UNKNOWN_KEY, prefix + unknown[0], name=unknown[0])


def tally(poll: object) -> PollTally:
    """Count a poll: ``{"action": <the call or play taken>, "calls": [{"call", "chose", "considered"}, …]}``.

    Each call is listed once (the action taken too, even if no peer chose it); ``chose`` and ``considered`` are
    whole numbers of peers (0–99; left out is 0) and at least one peer must have chosen something.
    """
    if not isinstance(poll, Mapping):
        raise EngineError(messages.BODY_NOT_OBJECT, None)
    _unknown_key(poll, POLL_KEYS, "")
    action = _text(poll.get("action"), "action")
    raw = poll.get("calls")
    if isinstance(raw, str | bytes | Mapping) or not isinstance(raw, Sequence):
        raise EngineError(messages.POLL_CALLS_NOT_LIST, "calls")
    if not 1 <= len(raw) <= MAX_POLL_CALLS:
        raise EngineError(messages.POLL_CALLS_COUNT, "calls", max=MAX_POLL_CALLS)
    rows: list[tuple[str, int, int]] = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        where = f"calls[{index}]"
        if not isinstance(item, Mapping):
            raise EngineError(messages.POLL_CALL_NOT_OBJECT, where, index=index)
        _unknown_key(item, CALL_KEYS, where + ".")
        call = _text(item.get("call"), where + ".call")
        if same_call(call) in seen:
            raise EngineError(messages.POLL_CALL_DUPLICATE, where + ".call", value=call)
        seen.add(same_call(call))
        rows.append(
            (
                call,
                _count(item.get("chose"), where + ".chose"),
                _count(item.get("considered"), where + ".considered"),
            )
        )
    if same_call(action) not in seen:
        raise EngineError(messages.POLL_ACTION_NOT_LISTED, "action", value=action)
    polled = sum(chose for _, chose, _ in rows)
    if polled == 0:
        raise EngineError(messages.POLL_NOBODY, "calls")
    calls = tuple(
        PollCall(call, chose, considered, percentage(chose, polled), same_call(call) == same_call(action))
        for call, chose, considered in rows
    )
    others = [
        (index, call)
        for index, call in enumerate(calls)
        if not call.taken and (call.chose or call.considered)
    ]
    others.sort(key=lambda item: (-item[1].chose, -item[1].considered, item[0]))
    if any(call.chose for _, call in others):
        reading = ALTERNATIVE_CHOSEN
    elif others:
        reading = ALTERNATIVE_CONSIDERED
    else:
        reading = NO_ALTERNATIVE
    return PollTally(action, polled, calls, tuple(call.call for _, call in others), reading)
