"""Adjusted scores: artificial (Law 12C1 with 86A and 88), assigned (12C2) and weighted equity scores (12C3)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from numbers import Real

from . import messages, tables
from .cards import Contract, Seat, Side, Vulnerability
from .comparison import imps as imps_for
from .comparison import matchpoint_score, percentage
from .errors import AdjustedScoreError, EngineError, Message
from .scoring import Score, score

__all__ = [
    "EDITIONS",
    "EDITION_1997",
    "EDITION_2017",
    "ArtificialLabel",
    "ArtificialScore",
    "AssignedScore",
    "Fault",
    "Form",
    "Outcome",
    "WeightedLine",
    "WeightedOutcome",
    "WeightedScore",
    "artificial",
    "assigned",
    "equity_weighting_by",
    "edition_laws",
    "read_edition",
    "weighted",
]

EDITION_1997 = "ccba-1999"
"""The base edition: the CCBA 1999 rulebook, i.e. the WBF 1997 Laws (every request without ``edition``)."""
EDITION_2017 = "wbf-2017"
"""The WBF 2017 Laws: assigned scores in 12C1 (probable outcome, weighting by the Director), artificial in 12C2."""
EDITIONS = (EDITION_1997, EDITION_2017)

# 1997 law numbers of the adjusted-score answers and their 2017 homes: the letters of Law 12C swapped (1997
# 12C1 artificial -> 2017 12C2, 1997 12C2 assigned -> 2017 12C1, the 12C3 weighting -> the Director's 12C1);
# 86A's +/-3 IMPs and 88's session percentage are in 2017 12C2 (12C2(b), 12C2(c)); damage is defined in 12B1.
_LAWS_2017 = {
    "12C1": "12C2",
    "12C2": "12C1",
    "12C3": "12C1",
    "86A": "12C2",
    "88": "12C2",
    "16A2": "12B1",
    "40C": "12B1",
    "86B": "86",
}


def read_edition(value: object) -> str:
    """The ``edition`` of an adjusted-score request: left out (None) is the base edition ``ccba-1999``."""
    if value is None:
        return EDITION_1997
    if not isinstance(value, str) or value not in EDITIONS:
        raise AdjustedScoreError(messages.EDITION_UNKNOWN, "edition", value=value, codes=", ".join(EDITIONS))
    return value


def edition_laws(laws: Sequence[str], edition: str) -> tuple[str, ...]:
    """The law references of an answer in ``edition``'s numbering (each once, in order)."""
    if edition == EDITION_1997:
        return tuple(laws)
    out: list[str] = []
    for law in laws:
        mapped = _LAWS_2017.get(law, law)
        if mapped not in out:
            out.append(mapped)
    return tuple(out)


#: Tolerance on the sum of 12C3 weights.
WEIGHT_TOLERANCE = 1e-9


class Form(StrEnum):
    """The form of scoring the artificial score is given in: pairs (matchpoints, Law 88) or teams (IMPs, 86A)."""

    PAIRS = "pairs"
    TEAMS = "teams"

    @classmethod
    def parse(cls, value: Form | str, *, field: str = "form") -> Form:
        if isinstance(value, Form):
            return value
        if isinstance(value, str):
            form = _FORM_NAMES.get(value.strip().lower())
            if form is not None:
                return form
        raise AdjustedScoreError(messages.FORM_UNKNOWN, field, value=value)


_FORM_NAMES: dict[str, Form] = {
    "pairs": Form.PAIRS,
    "teams": Form.TEAMS,
    "双人赛": Form.PAIRS,
    "队式赛": Form.TEAMS,
}


class Fault(StrEnum):
    """Law 12C1: a contestant's responsibility for the board not being played normally."""

    DIRECT = "direct"
    PARTIAL = "partial"
    NONE = "none"

    @classmethod
    def parse(cls, value: Fault | str, *, field: str = "fault") -> Fault:
        if isinstance(value, Fault):
            return value
        if isinstance(value, str):
            fault = _FAULT_NAMES.get(value.strip().lower())
            if fault is not None:
                return fault
        raise AdjustedScoreError(messages.FAULT_UNKNOWN, field, value=value)


_FAULT_NAMES: dict[str, Fault] = {
    "direct": Fault.DIRECT,
    "partial": Fault.PARTIAL,
    "none": Fault.NONE,
    "直接责任": Fault.DIRECT,
    "部分责任": Fault.PARTIAL,
    "无责任": Fault.NONE,
}


class ArtificialLabel(StrEnum):
    """Law 12C1: average minus (平均减), average (平均), average plus (平均加)."""

    AVERAGE_MINUS = "average_minus"
    AVERAGE = "average"
    AVERAGE_PLUS = "average_plus"

    @property
    def label_zh(self) -> str:
        return _LABEL_ZH[self]


_LABEL_ZH: dict[ArtificialLabel, str] = {
    ArtificialLabel.AVERAGE_MINUS: "平均减",
    ArtificialLabel.AVERAGE: "平均",
    ArtificialLabel.AVERAGE_PLUS: "平均加",
}

#: Law 12C1: directly at fault → average minus, partly at fault → average, in no way at fault → average plus.
_LABEL_FOR_FAULT: dict[Fault, ArtificialLabel] = {
    Fault.DIRECT: ArtificialLabel.AVERAGE_MINUS,
    Fault.PARTIAL: ArtificialLabel.AVERAGE,
    Fault.NONE: ArtificialLabel.AVERAGE_PLUS,
}


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """One side's artificial adjusted score: ``percent`` for pairs, ``imps`` for teams (the other is None)."""

    side: Side
    fault: Fault
    label: ArtificialLabel
    percent: float | None
    imps: int | None
    laws: tuple[str, ...]

    @property
    def label_zh(self) -> str:
        return self.label.label_zh


def _real(value: object, field: str, message: Message, **params: object) -> float:
    if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(float(value)):
        raise AdjustedScoreError(message, field, value=value, **params)
    return float(value)


def artificial(
    form: Form | str,
    fault: Mapping[str, Fault | str],
    session_percent: Mapping[str, float] | None = None,
) -> dict[Side, ArtificialScore]:
    """Law 12C1: the artificial adjusted score of each side when no result could be obtained on a board.

    ``fault`` gives each side (``"NS"`` and ``"EW"``, both required) as ``"direct"`` (average minus: 40% in
    pairs, −3 IMPs in teams), ``"partial"`` (average: 50%, 0 IMPs) or ``"none"`` (average plus: 60%, +3 IMPs;
    Law 86A gives the IMP values). The two sides' scores need not balance.

    Law 88 (pairs): a side in no way at fault gets 60% or its ``session_percent`` if that is higher; session
    percentages of sides at fault are not used. In teams, session percentages are an error (field
    ``session_percent``). Returns a dict keyed by :class:`Side` (which also answers to ``"NS"``/``"EW"``).
    """
    scoring_form = Form.parse(form)
    faults = _faults(fault)
    sessions = _sessions(session_percent, scoring_form)
    results: dict[Side, ArtificialScore] = {}
    for side, side_fault in faults.items():
        label = _LABEL_FOR_FAULT[side_fault]
        if scoring_form is Form.TEAMS:
            results[side] = ArtificialScore(
                side, side_fault, label, None, tables.ARTIFICIAL_IMPS[label], ("12C1", "86A")
            )
            continue
        percent = tables.ARTIFICIAL_PERCENT[label]
        laws: tuple[str, ...] = ("12C1",)
        if side_fault is Fault.NONE:
            laws = ("12C1", "88")
            if side in sessions:
                percent = max(percent, sessions[side])
        results[side] = ArtificialScore(side, side_fault, label, percent, None, laws)
    return results


def _faults(fault: object) -> dict[Side, Fault]:
    if not isinstance(fault, Mapping):
        raise AdjustedScoreError(messages.FAULT_NOT_MAPPING, "fault")
    faults: dict[Side, Fault] = {}
    for key, value in fault.items():
        try:
            side = Side.parse(key, field="fault")
        except EngineError:
            raise AdjustedScoreError(messages.FAULT_SIDE_UNKNOWN, "fault", side=key) from None
        faults[side] = Fault.parse(value, field=f"fault.{side.value}")
    for side in Side:
        if side not in faults:
            raise AdjustedScoreError(messages.FAULT_MISSING, f"fault.{side}", side=side.value)
    return {side: faults[side] for side in Side}


def _sessions(session_percent: object, form: Form) -> dict[Side, float]:
    if session_percent is None:
        return {}
    if form is Form.TEAMS:
        raise AdjustedScoreError(messages.SESSION_TEAMS, "session_percent")
    if not isinstance(session_percent, Mapping):
        raise AdjustedScoreError(messages.SESSION_NOT_MAPPING, "session_percent")
    sessions: dict[Side, float] = {}
    for key, value in session_percent.items():
        try:
            side = Side.parse(key, field="session_percent")
        except EngineError:
            raise AdjustedScoreError(messages.SESSION_SIDE_UNKNOWN, "session_percent", side=key) from None
        field = f"session_percent.{side.value}"
        percent = _real(value, field, messages.SESSION_NOT_NUMBER)
        if not 0 <= percent <= 100:
            raise AdjustedScoreError(messages.SESSION_RANGE, field, value=value)
        sessions[side] = round(percent, tables.PERCENT_DECIMALS)
    return sessions


# --- 12C2 assigned and 12C3 weighted scores -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """A result a side is assigned: a contract played by ``declarer`` taking ``tricks`` (Law 12C2)."""

    contract: Contract | str
    declarer: Seat | str | None
    tricks: int | None


@dataclass(frozen=True, slots=True)
class WeightedOutcome:
    """One of the results an equity (weighted) score mixes, with its weight (Law 12C3)."""

    contract: Contract | str
    declarer: Seat | str | None
    tricks: int | None
    weight: float


def _score_outcome(
    value: object, vulnerability: Vulnerability, field: str, size: int
) -> tuple[Score, object]:
    """Score an Outcome / WeightedOutcome, a tuple of that size, or a mapping with those keys."""
    names = ("contract", "declarer", "tricks", "weight")[:size]
    if isinstance(value, (Outcome, WeightedOutcome)):
        parts = tuple(getattr(value, name) for name in names)
    elif isinstance(value, Mapping):
        missing = [name for name in names if name not in value]
        if missing:
            raise AdjustedScoreError(messages.OUTCOME_MISSING, field, name=field, missing=", ".join(missing))
        parts = tuple(value[name] for name in names)
    elif isinstance(value, (list, tuple)) and len(value) == size:
        parts = tuple(value)
    else:
        raise AdjustedScoreError(messages.OUTCOME_SHAPE, field, name=field, names=", ".join(names))
    try:
        result = score(parts[0], parts[1], vulnerability, parts[2])
    except EngineError as exc:
        raise exc.with_field(f"{field}.{exc.field}") from None
    return result, parts[3] if size == 4 else None


@dataclass(frozen=True, slots=True)
class AssignedScore:
    """Law 12C2: each side's assigned score, computed separately (the two need not balance).

    ``score_ns`` is North–South's score from ``ns`` (its outcome's ``score_ns``); ``score_ew`` is East–West's
    from ``ew`` (its outcome's ``score_ew``).
    """

    ns: Score
    ew: Score
    score_ns: int
    score_ew: int
    balanced: bool
    laws: tuple[str, ...] = ("12C2",)


def assigned(
    vulnerability: Vulnerability | str,
    ns: Outcome | Sequence[object] | Mapping[str, object],
    ew: Outcome | Sequence[object] | Mapping[str, object],
) -> AssignedScore:
    """Law 12C2: score the result assigned to North–South and the one assigned to East–West, each on its own.

    The non-offending side gets the most favourable result that was likely, the offending side the most
    unfavourable that was at all probable; each outcome is a (contract, declarer, tricks) and the pair is scored
    from its own outcome, so the two scores need not balance. Errors name the field (``ns.contract``…).
    """
    vul = Vulnerability.parse(vulnerability)
    ns_score, _ = _score_outcome(ns, vul, "ns", 3)
    ew_score, _ = _score_outcome(ew, vul, "ew", 3)
    return AssignedScore(
        ns=ns_score,
        ew=ew_score,
        score_ns=ns_score.score_ns,
        score_ew=ew_score.score_ew,
        balanced=ns_score.score_ns + ew_score.score_ew == 0,
    )


@dataclass(frozen=True, slots=True)
class WeightedLine:
    """One weighted outcome scored: its Score, weight, and (when asked) its IMPs and matchpoints for NS."""

    score: Score
    weight: float
    imps: int | None
    matchpoints: int | None


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """Law 12C3: an equity score as the weighted mix of several outcomes, from North–South's view.

    ``score_ns`` is the weighted total points (2 decimals). With the other table's score, ``imps`` is the
    weighted sum of each outcome's IMPs against it; with the field's scores, ``matchpoints`` is the weighted sum
    of each outcome's matchpoints against the field, out of ``top``, and ``percentage`` its share of the top.
    The ``*_ew`` values are East–West's mirror images.
    """

    lines: tuple[WeightedLine, ...]
    score_ns: float
    score_ew: float
    imps: float | None = None
    imps_ew: float | None = None
    matchpoints: float | None = None
    matchpoints_ew: float | None = None
    top: int | None = None
    percentage: float | None = None
    percentage_ew: float | None = None
    laws: tuple[str, ...] = ("12C3",)


def _round(value: float) -> float:
    return round(value, tables.PERCENT_DECIMALS) + 0.0  # + 0.0 turns -0.0 into 0.0


def equity_weighting_by(
    appeals_committee: object, director_12c3: object, *, zone_permits_director_12c3: bool
) -> str:
    """Law 12C3 (1997): who may weight results to do equity — an appeals committee, or the Director only where
    the zonal organisation permits it. Returns ``appeals_committee`` or ``director``; raises naming the field."""
    flags: dict[str, bool] = {}
    for name, value in (("appeals_committee", appeals_committee), ("director_12c3", director_12c3)):
        if value is not None and not isinstance(value, bool):
            raise AdjustedScoreError(messages.ASSIGNED_FLAG_NOT_BOOL, name, name=name, value=value)
        flags[name] = bool(value)
    if flags["director_12c3"] and not zone_permits_director_12c3:
        raise AdjustedScoreError(messages.ASSIGNED_ZONE_NOT_PERMITTED, "director_12c3")
    if flags["appeals_committee"]:
        return "appeals_committee"
    if flags["director_12c3"]:
        return "director"
    raise AdjustedScoreError(messages.WEIGHTED_NEEDS_COMMITTEE, "appeals_committee")


def weighted(
    vulnerability: Vulnerability | str,
    outcomes: Sequence[WeightedOutcome | Sequence[object] | Mapping[str, object]],
    other_table_score_ns: int | None = None,
    field_scores_ns: Sequence[int] | None = None,
) -> WeightedScore:
    """Law 12C3: the appeals committee's equity score, mixing outcomes (contract, declarer, tricks, weight).

    Weights must each be above 0 and sum to 1 (within 1e-9), field ``weights``. ``score_ns`` is Σ weight × each
    outcome's NS score. Given ``other_table_score_ns`` (teams), ``imps`` = Σ weight × IMPs(outcome − other)
    (Law 78B), rounded to 0.01. Given ``field_scores_ns`` (pairs: the other NS scores on the board),
    ``matchpoints`` = Σ weight × the outcome's matchpoints against the field (Law 78A, 2 per score beaten, 1 per
    tie), with ``top`` = 2 × field size and ``percentage`` = matchpoints ÷ top × 100.
    """
    vul = Vulnerability.parse(vulnerability)
    if isinstance(outcomes, (str, bytes, Mapping)) or not isinstance(outcomes, Sequence):
        raise AdjustedScoreError(messages.OUTCOMES_NOT_LIST, "outcomes")
    if not outcomes:
        raise AdjustedScoreError(messages.OUTCOMES_EMPTY, "outcomes")
    if other_table_score_ns is not None and (
        isinstance(other_table_score_ns, bool) or not isinstance(other_table_score_ns, int)
    ):
        raise AdjustedScoreError(
            messages.OTHER_TABLE_NOT_WHOLE, "other_table_score_ns", value=other_table_score_ns
        )
    field: list[int] | None = None
    if field_scores_ns is not None:
        if isinstance(field_scores_ns, (str, bytes)) or not isinstance(field_scores_ns, (list, tuple)):
            raise AdjustedScoreError(messages.FIELD_SCORES_NOT_LIST, "field_scores_ns")
        if not field_scores_ns:
            raise AdjustedScoreError(messages.FIELD_SCORES_EMPTY, "field_scores_ns")
        field = list(field_scores_ns)

    scored: list[tuple[Score, float]] = []
    for index, outcome in enumerate(outcomes):
        result, raw_weight = _score_outcome(outcome, vul, f"outcomes[{index}]", 4)
        weight = _real(raw_weight, "weights", messages.WEIGHT_NOT_NUMBER, number=index + 1)
        if weight <= 0:
            raise AdjustedScoreError(
                messages.WEIGHT_NOT_POSITIVE, "weights", number=index + 1, value=raw_weight
            )
        scored.append((result, weight))
    total_weight = math.fsum(weight for _, weight in scored)
    if abs(total_weight - 1) > WEIGHT_TOLERANCE:
        raise AdjustedScoreError(messages.WEIGHTS_SUM, "weights", total=total_weight)

    lines: list[WeightedLine] = []
    top: int | None = None
    for result, weight in scored:
        line_imps = None if other_table_score_ns is None else imps_for(result.score_ns - other_table_score_ns)
        line_mp = None
        if field is not None:
            line_mp, top = matchpoint_score(result.score_ns, field, field="field_scores_ns")
        lines.append(WeightedLine(result, weight, line_imps, line_mp))

    score_ns = _round(math.fsum(line.weight * line.score.score_ns for line in lines))
    answer = WeightedScore(lines=tuple(lines), score_ns=score_ns, score_ew=_round(-score_ns))
    if other_table_score_ns is not None:
        total_imps = _round(math.fsum(line.weight * (line.imps or 0) for line in lines))
        answer = replace(answer, imps=total_imps, imps_ew=_round(-total_imps))
    if field is not None and top is not None:
        total_mp = _round(math.fsum(line.weight * (line.matchpoints or 0) for line in lines))
        answer = replace(
            answer,
            matchpoints=total_mp,
            matchpoints_ew=_round(top - total_mp),
            top=top,
            percentage=percentage(total_mp, top),
            percentage_ew=percentage(top - total_mp, top),
        )
    return answer
