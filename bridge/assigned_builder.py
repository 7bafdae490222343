"""Law 12C2 (1997 code): the assigned adjusted score built from the results the board could have had.

The Director lists the results the board could have had without the irregularity (contract, declarer, tricks)
and judges, for each, whether it was **likely** and whether it was **at all probable**. The law then fixes the
arithmetic, which is all this module does:

- the non-offending side gets the result most favourable to it among the *likely* ones;
- the offending side gets the result most unfavourable to it among the *at all probable* ones;
- each side is scored from its own point of view (Law 77), so the two scores need not balance (12C2);
- against the other table's score each side's IMPs are computed separately (78B), and for a knockout match the
  average of the two is given to both (86B); against the field's scores each side is matchpointed (78A);
- for an appeals committee only (12C3 — in the 1997 code not the Director), an equity score that weights the
  results as the committee sets.

The judgements stay the Director's: "likely", "at all probable" and the weights are inputs, never computed. The
figures sometimes quoted for them (ACBL: likely ≈ one in three, at all probable ≈ one in six) are regulations,
not law.

With the table result given, the builder first asks whether there was damage at all (Laws 16A2, 40C, 12C2:
an assigned score redresses damage). When the non-offending side's most favourable likely result is no better
for it than the table result, there is nothing to redress: the table result stands for both sides, and the
answer says so (``damage`` false, ``note``). An assigned score never gives the offending side more than its
table result; since every listed result scores the same for NS as minus for EW, that can only happen when there
was no damage, and a request that would still do it is refused.

Where the non-offending side caused part of its own damage by irrational, wild or gambling action (the
WBF Code of Practice, not the 1997 law text), the Director may let it keep the table result
(``non_offending_keeps_table_result``); the offending side still gets its 12C2 score.

:func:`build_assigned` reads the request as the API receives it (a JSON object) and raises an
:class:`~bridge.errors.AdjustedScoreError` naming the field for bad input; static/js/engine/assigned.js is its
port for the offline pages (tests/js/assigned.test.js holds the two to the same answers, tests/golden/assigned.json).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from . import messages, tables
from .adjusted import EDITION_1997, read_edition
from .boards import board_info
from .cards import Side, Vulnerability
from .comparison import imps, matchpoint_score, percentage
from .errors import AdjustedScoreError, EngineError
from .scoring import Score, score

__all__ = [
    "MAX_FIELD_SCORES",
    "MAX_RESULTS",
    "AssignedBuild",
    "Equity",
    "PossibleResult",
    "SideScore",
    "build_assigned",
]

MAX_RESULTS = 12
"""Possible results one request may list (a board rarely has more than four or five worth naming)."""
MAX_FIELD_SCORES = 500
"""Other tables' scores one matchpoint comparison may list."""
WEIGHT_TOLERANCE = 1e-9
"""How far the 12C3 weights may sum from 1."""

REQUEST_KEYS = (
    "vulnerability",
    "board",
    "offending_side",
    "appeals_committee",
    "results",
    "table_result",
    "non_offending_keeps_table_result",
    "other_table_score_ns",
    "field_scores_ns",
    "knockout",
    "director_12c3",
    "offending_keeps_12c2",
    "edition",
)
KEYS_2017_ONLY = ("regulation_likely_standard",)
"""Request keys of the 2017 builder (bridge.assigned_2017) a 1997 request is refused with, naming them."""
RESULT_KEYS = (
    "contract",
    "declarer",
    "tricks",
    "likely",
    "at_all_probable",
    "weight",
    "role",
    "weight_offending",
)
TABLE_KEYS = ("contract", "declarer", "tricks")

NON_OFFENDING = "non_offending"
OFFENDING = "offending"
LIKELY = "likely"
AT_ALL_PROBABLE = "at_all_probable"
TABLE = "table"
OWN_ACTION = "own_action"
PROBABLE = "probable"
"""2017 (12C1): the basis of a score that is the probable outcome had the infraction not occurred."""
WEIGHTED = "weighted"
"""2017 (12C1): the basis of a score the Director weighted over several results."""
"""Basis of a non-offending side's score taken from its own result row (role non_offending): partial redress."""
OWN_ROW_ROLE = "non_offending"
SAME_WEIGHTS = "same"
OWN_WEIGHTS = "own_weights"
KEEPS_12C2 = "12c2"
BY_COMMITTEE = "appeals_committee"
BY_DIRECTOR = "director"


@dataclass(frozen=True, slots=True)
class PossibleResult:
    """One result the board could have had: its Law 77 score and the Director's two judgements (12C2), with the
    appeals committee's weight when it sets one (12C3)."""

    score: Score
    likely: bool
    at_all_probable: bool
    weight: float | None = None
    own: bool = False
    """The non-offending side's own result after its own irrational, wild or gambling action (role
    non_offending): it replaces that side's pick and plays no part in the offending side's."""
    weight_offending: float | None = None
    """12C3: the offending side's own weight for this result, when the committee weights the sides apart."""
    probable: bool = False
    """2017 (12C1): the Director's probable outcome had the infraction not occurred."""


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's assigned score: which result it gets (``result``, the index in the list; None when it keeps
    the table result), on what basis, and its points from its own point of view, with their IMPs (78B) or
    matchpoints (78A) when a comparison is given."""

    side: Side
    role: str
    basis: str
    result: int | None
    score: Score | None
    """None for a weighted score (2017 12C1), which is no single result."""
    points: float
    imps: float | None = None
    matchpoints: float | None = None
    percentage: float | None = None

    def as_dict(self) -> dict[str, object]:
        fields: dict[str, object] = (
            {"contract": None, "declarer": None, "tricks": None, "result": None}
            if self.score is None
            else _result_fields(self.score)
        )
        return {
            "role": self.role,
            "basis": self.basis,
            "result_index": self.result,
            **fields,
            "score": self.points,
            "imps": self.imps,
            "matchpoints": self.matchpoints,
            "percentage": self.percentage,
        }


@dataclass(frozen=True, slots=True)
class Equity:
    """Law 12C3: the appeals committee's equity score, one weighted mix given to both sides (it balances).

    ``score_ns`` is Σ weight × NS score; with the other table's score, ``imps_ns`` is Σ weight × the IMPs of
    each result against it; with the field's scores, ``matchpoints_ns`` is Σ weight × each result's matchpoints,
    out of the same top. EW's figures are the mirror images. Rounded to 2 decimals.
    """

    score_ns: float
    score_ew: float
    imps_ns: float | None = None
    imps_ew: float | None = None
    matchpoints_ns: float | None = None
    matchpoints_ew: float | None = None
    percentage_ns: float | None = None
    percentage_ew: float | None = None
    offending: str = SAME_WEIGHTS
    """How the offending side's figures were made: the same mix (``same``), its own weights (``own_weights``) or
    its 12C2 score left as it is (``12c2``) — 12C3 lets the committee vary each side's score (J11)."""
    by: str = BY_COMMITTEE
    """Who weights: an appeals committee, or the Director where the zone permits it (12C3)."""

    def as_dict(self) -> dict[str, object]:
        return {
            "offending": self.offending,
            "by": self.by,
            "score_ns": self.score_ns,
            "score_ew": self.score_ew,
            "imps_ns": self.imps_ns,
            "imps_ew": self.imps_ew,
            "matchpoints_ns": self.matchpoints_ns,
            "matchpoints_ew": self.matchpoints_ew,
            "percentage_ns": self.percentage_ns,
            "percentage_ew": self.percentage_ew,
        }


@dataclass(frozen=True, slots=True)
class AssignedBuild:
    """The two assigned scores of Law 12C2 and what they amount to against the comparison given."""

    vulnerability: Vulnerability
    board: int | None
    offending_side: Side
    results: tuple[PossibleResult, ...]
    ns: SideScore
    ew: SideScore
    table: Score | None = None
    other_table_score_ns: int | None = None
    field_scores_ns: tuple[int, ...] | None = None
    top: int | None = None
    knockout_imps_ns: float | None = None
    equity: Equity | None = None
    laws: tuple[str, ...] = ("12C2", "77")
    damage: bool | None = None
    """With the table result: whether the non-offending side's best likely result beats it (16A2, 40C, 12C2)."""
    best_likely: Score | None = None
    """The non-offending side's most favourable likely result, kept for the no-damage note."""
    edition: str = EDITION_1997
    standard: str | None = None
    """2017 only: ``probable`` (one result), ``weighted`` (the Director's weights) or ``likely_at_all_probable``
    (the event's regulations keep the older standard)."""
    expected: str | None = None
    """2017 only: what the non-offending side could expect without the infraction, as the no-damage note says it."""
    unverified: tuple[str, ...] = ()
    """2017 only: law references this answer rests on whose 2017 text the project has not verified (待核实)."""

    @property
    def non_offending_side(self) -> Side:
        return self.offending_side.opponents

    @property
    def balanced(self) -> bool:
        """Whether the two scores happen to balance; Law 12C2 does not require it."""
        return self.ns.points + self.ew.points == 0

    def side(self, side: Side) -> SideScore:
        return self.ns if side is Side.NS else self.ew

    def adjustment(self) -> dict[str, object]:
        """The two assigned results as the ``assigned`` body of POST /api/adjusted-score/ (the club log's
        ``adjustment``): each side's contract, declarer and tricks. A 2017 weighted score is the ``weighted``
        body instead (each result with its weight), with the non-offending side's own result when it has one."""
        if self.ns.score is None or self.ew.score is None:
            body: dict[str, object] = {
                "method": WEIGHTED,
                "vulnerability": self.vulnerability.value,
                "edition": self.edition,
                "outcomes": [
                    {**_outcome(result.score), "weight": result.weight}
                    for result in self.results
                    if result.weight
                ],
            }
            for side in (self.ns, self.ew):
                if side.score is not None:
                    body[side.side.value] = _outcome(side.score)
            return body
        return {
            "method": "assigned",
            "vulnerability": self.vulnerability.value,
            "NS": _outcome(self.ns.score),
            "EW": _outcome(self.ew.score),
        }

    def note(self) -> dict[str, str] | None:
        """What the Director says when there is nothing to redress, in both languages (None otherwise)."""
        if self.damage is not False or self.table is None:
            return None
        assert self.best_likely is not None
        side = self.non_offending_side
        params: dict[str, object] = {
            "best": _short(self.best_likely, side),
            "table": _short(self.table, side),
        }
        message = messages.ASSIGNED_NO_DAMAGE
        if self.edition != EDITION_1997:
            message = messages.ASSIGNED_2017_NO_DAMAGE
            params["best"] = self.expected or params["best"]
        return {"code": message.code, "en": message.format("en", params), "zh": message.format("zh", params)}

    def as_dict(self) -> dict[str, object]:
        """The answer of POST /api/assigned-score/ (a 2017 answer adds ``edition``, ``standard``, ``unverified``
        and each result's ``probable``)."""
        answer = self._as_dict()
        if self.edition != EDITION_1997:
            rows = answer["results"]
            assert isinstance(rows, list)
            for row, result in zip(rows, self.results, strict=True):
                row["probable"] = result.probable
            answer.update(edition=self.edition, standard=self.standard, unverified=list(self.unverified))
        return answer

    def _as_dict(self) -> dict[str, object]:
        comparison: dict[str, object] | None = None
        if self.other_table_score_ns is not None:
            comparison = {
                "other_table_score_ns": self.other_table_score_ns,
                "knockout_imps_ns": self.knockout_imps_ns,
            }
        elif self.field_scores_ns is not None:
            comparison = {"field_scores_ns": list(self.field_scores_ns), "top": self.top}
        return {
            "vulnerability": self.vulnerability.value,
            "board": self.board,
            "offending_side": self.offending_side.value,
            "non_offending_side": self.non_offending_side.value,
            "results": [
                {
                    **_result_fields(result.score),
                    "score_ns": result.score.score_ns,
                    "score_ew": result.score.score_ew,
                    "likely": result.likely,
                    "at_all_probable": result.at_all_probable,
                    "weight": result.weight,
                    "role": OWN_ROW_ROLE if result.own else None,
                    "weight_offending": result.weight_offending,
                }
                for result in self.results
            ],
            "NS": self.ns.as_dict(),
            "EW": self.ew.as_dict(),
            "score_ns": self.ns.points,
            "score_ew": self.ew.points,
            "balanced": self.balanced,
            "table_result": None
            if self.table is None
            else {
                **_result_fields(self.table),
                "score_ns": self.table.score_ns,
                "score_ew": self.table.score_ew,
            },
            "comparison": comparison,
            "equity": None if self.equity is None else self.equity.as_dict(),
            "damage": self.damage,
            "note": self.note(),
            "adjustment": None if self.damage is False else self.adjustment(),
            "laws": list(self.laws),
        }


def _result_fields(result: Score) -> dict[str, object]:
    return {
        "contract": str(result.contract),
        "declarer": None if result.declarer is None else result.declarer.value,
        "tricks": result.tricks,
        "result": result.result,
    }


def _short(result: Score, side: Side) -> str:
    """A result as the no-damage note names it: ``4HX W 9: NS +200`` (the side's own points)."""
    declarer = "" if result.declarer is None else f" {result.declarer.value}"
    tricks = "" if result.tricks is None else f" {result.tricks}"
    return f"{result.contract}{declarer}{tricks}: {side.value} {points(result, side):+d}"


def _outcome(result: Score) -> dict[str, object]:
    return {
        "contract": str(result.contract),
        "declarer": None if result.declarer is None else result.declarer.value,
        "tricks": result.tricks,
    }


def points(result: Score, side: Side) -> int:
    """``side``'s points on ``result`` (Law 77 scores NS and EW with opposite signs)."""
    return result.score_ns if side is Side.NS else result.score_ew


# --- reading the request ---------------------------------------------------------------------------------


def _unknown_key(data: Mapping[str, object], allowed: Sequence[str], prefix: str) -> None:
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise AdjustedScoreError(messages.UNKNOWN_KEY, prefix + unknown[0], name=unknown[0])


def _given(data: Mapping[str, object], key: str) -> bool:
    return data.get(key) is not None


def _flag(value: object, field: str) -> bool:
    """A JSON boolean; left out (None) is false."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise AdjustedScoreError(messages.ASSIGNED_FLAG_NOT_BOOL, field, name=field, value=value)
    return value


def _vulnerability(data: Mapping[str, object]) -> tuple[Vulnerability, int | None]:
    """Law 2: the board's vulnerability, from ``board`` when given (``vulnerability`` must then agree)."""
    if _given(data, "board"):
        number = data["board"]
        try:
            board = board_info(number)  # type: ignore[arg-type]  # checked there: BoardError names "board"
        except EngineError as exc:
            raise exc.with_field("board") from None
        if _given(data, "vulnerability"):
            given = Vulnerability.parse(data["vulnerability"])  # type: ignore[arg-type]
            if given is not board.vulnerability:
                raise AdjustedScoreError(
                    messages.ASSIGNED_VULNERABILITY_CONTRADICTS,
                    "vulnerability",
                    value=data["vulnerability"],
                    board=board.number,
                    expected=board.vulnerability.value,
                )
        return board.vulnerability, board.number
    if not _given(data, "vulnerability"):
        raise AdjustedScoreError(messages.INPUT_REQUIRED, "vulnerability", name="vulnerability")
    return Vulnerability.parse(data["vulnerability"]), None  # type: ignore[arg-type]


def _score(data: Mapping[str, object], vulnerability: Vulnerability, where: str) -> Score:
    try:
        return score(
            data.get("contract"),  # type: ignore[arg-type]  # score() checks each value, naming its field
            data.get("declarer"),  # type: ignore[arg-type]
            vulnerability,
            data.get("tricks"),  # type: ignore[arg-type]
        )
    except EngineError as exc:
        raise exc.with_field(f"{where}.{exc.field}") from None


def _weight(value: object, field: str, number: int, committee: bool) -> float | None:
    if value is None:
        return None
    if not committee:
        raise AdjustedScoreError(messages.ASSIGNED_WEIGHT_NOT_COMMITTEE, field)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise AdjustedScoreError(messages.ASSIGNED_WEIGHT_RANGE, field, number=number, value=value)
    if not 0 <= value <= 1:
        raise AdjustedScoreError(messages.ASSIGNED_WEIGHT_RANGE, field, number=number, value=value)
    return float(value)


def _own_row(item: Mapping[str, object], where: str) -> bool:
    """Whether a row is the non-offending side's own result (``role: non_offending``, J5)."""
    role = item.get("role")
    if role is None:
        return False
    if role != OWN_ROW_ROLE:
        raise AdjustedScoreError(messages.ASSIGNED_ROLE_UNKNOWN, where + ".role", value=role)
    return True


def _weights_sum(weights: list[float], field: str) -> None:
    if weights:
        total = math.fsum(weights)
        if abs(total - 1) > WEIGHT_TOLERANCE:
            raise AdjustedScoreError(messages.WEIGHTS_SUM, field, total=total)


def _results(
    data: Mapping[str, object], vulnerability: Vulnerability, committee: bool
) -> list[PossibleResult]:
    raw = data.get("results")
    if raw is None:
        raise AdjustedScoreError(messages.INPUT_REQUIRED, "results", name="results")
    if isinstance(raw, str | bytes | Mapping) or not isinstance(raw, Sequence):
        raise AdjustedScoreError(messages.ASSIGNED_RESULTS_NOT_LIST, "results")
    if not raw:
        raise AdjustedScoreError(messages.ASSIGNED_RESULTS_EMPTY, "results")
    if len(raw) > MAX_RESULTS:
        raise AdjustedScoreError(messages.ASSIGNED_RESULTS_TOO_MANY, "results", max=MAX_RESULTS)
    results: list[PossibleResult] = []
    for index, item in enumerate(raw):
        where = f"results[{index}]"
        if not isinstance(item, Mapping):
            raise AdjustedScoreError(messages.ASSIGNED_RESULT_NOT_OBJECT, where, index=index)
        if "probable" in item:
            raise AdjustedScoreError(messages.ASSIGNED_2017_ONLY, where + ".probable", name="probable")
        _unknown_key(item, RESULT_KEYS, where + ".")
        scored = _score(item, vulnerability, where)
        own = _own_row(item, where)
        likely = _flag(item.get("likely"), where + ".likely")
        probable = _flag(item.get("at_all_probable"), where + ".at_all_probable")
        if own:
            # The NOS's own result is no possible result of 12C2: no judgement, no weight (J5).
            if (
                likely
                or probable
                or item.get("weight") is not None
                or item.get("weight_offending") is not None
            ):
                raise AdjustedScoreError(messages.ASSIGNED_OWN_ROW_FLAGS, where + ".role", number=index + 1)
            if any(result.own for result in results):
                raise AdjustedScoreError(messages.ASSIGNED_OWN_ROW_TWICE, where + ".role")
            results.append(PossibleResult(scored, False, False, own=True))
            continue
        if likely and not probable:
            raise AdjustedScoreError(
                messages.ASSIGNED_LIKELY_NOT_PROBABLE, where + ".at_all_probable", number=index + 1
            )
        weight = _weight(item.get("weight"), where + ".weight", index + 1, committee)
        offending = _weight(item.get("weight_offending"), where + ".weight_offending", index + 1, committee)
        results.append(PossibleResult(scored, likely, probable, weight, weight_offending=offending))
    if not any(result.likely for result in results):
        raise AdjustedScoreError(messages.ASSIGNED_NONE_LIKELY, "results")
    _weights_sum([result.weight for result in results if result.weight is not None], "results")
    offending_weights = [result.weight_offending for result in results if result.weight_offending is not None]
    _weights_sum(offending_weights, "results")
    if offending_weights and not any(result.weight is not None for result in results):
        raise AdjustedScoreError(messages.ASSIGNED_OFFENDING_WEIGHTS_MISSING, "results")
    return results


def _table(data: Mapping[str, object], vulnerability: Vulnerability) -> Score | None:
    raw = data.get("table_result")
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise AdjustedScoreError(messages.ASSIGNED_TABLE_NOT_OBJECT, "table_result")
    _unknown_key(raw, TABLE_KEYS, "table_result.")
    return _score(raw, vulnerability, "table_result")


def _other_table(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise AdjustedScoreError(messages.OTHER_TABLE_NOT_WHOLE, "other_table_score_ns", value=value)
    return value


def _field(value: object) -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, str | bytes) or not isinstance(value, list | tuple):
        raise AdjustedScoreError(messages.FIELD_SCORES_NOT_LIST, "field_scores_ns")
    if not value:
        raise AdjustedScoreError(messages.FIELD_SCORES_EMPTY, "field_scores_ns")
    if len(value) > MAX_FIELD_SCORES:
        raise AdjustedScoreError(messages.ASSIGNED_FIELD_TOO_MANY, "field_scores_ns", max=MAX_FIELD_SCORES)
    for index, item in enumerate(value):
        if isinstance(item, bool) or not isinstance(item, int):
            raise AdjustedScoreError(
                messages.SCORES_ITEM_NOT_WHOLE,
                "field_scores_ns",
                name="field_scores_ns",
                index=index,
                value=item,
            )
    return tuple(value)


# --- the law's arithmetic --------------------------------------------------------------------------------


def _pick(results: Sequence[PossibleResult], side: Side, *, best: bool) -> int:
    """Law 12C2: the index of the result most favourable (``best``) or most unfavourable to ``side`` among the
    likely (best) or at-all-probable (worst) ones; on a tie, the first listed. The non-offending side's own row
    is none of them (it is never marked)."""
    chosen: int | None = None
    for index, result in enumerate(results):
        if not (result.likely if best else result.at_all_probable):
            continue
        if chosen is None:
            chosen = index
            continue
        mine, kept = points(result.score, side), points(results[chosen].score, side)
        if (mine > kept) if best else (mine < kept):
            chosen = index
    assert chosen is not None  # at least one result is likely, hence at all probable
    return chosen


def _round(value: float) -> float:
    return round(value, tables.PERCENT_DECIMALS) + 0.0  # + 0.0 turns -0.0 into 0.0


def _offending_side(request: Mapping[str, object]) -> Side:
    if not _given(request, "offending_side"):
        raise AdjustedScoreError(messages.INPUT_REQUIRED, "offending_side", name="offending_side")
    return Side.parse(request["offending_side"], field="offending_side")  # type: ignore[arg-type]  # parse checks it


def _keeps_table(
    request: Mapping[str, object], table: Score | None, results: Sequence[PossibleResult]
) -> bool:
    """``non_offending_keeps_table_result``: it needs the table result, and excludes an own-result row."""
    keeps = _flag(request.get("non_offending_keeps_table_result"), "non_offending_keeps_table_result")
    if keeps and table is None:
        raise AdjustedScoreError(messages.ASSIGNED_KEEPS_NEEDS_TABLE, "table_result")
    if keeps and any(result.own for result in results):
        raise AdjustedScoreError(messages.ASSIGNED_OWN_ROW_AND_KEEPS, "non_offending_keeps_table_result")
    return keeps


def _comparison(request: Mapping[str, object]) -> tuple[int | None, tuple[int, ...] | None]:
    """The one comparison: the other table's NS score (teams, 78B) or the field's NS scores (pairs, 78A)."""
    other = _other_table(request.get("other_table_score_ns"))
    field = _field(request.get("field_scores_ns"))
    if other is not None and field is not None:
        raise AdjustedScoreError(messages.ASSIGNED_TWO_COMPARISONS, "field_scores_ns")
    return other, field


def _offending_keeps(request: Mapping[str, object], results: Sequence[PossibleResult]) -> bool:
    """``offending_keeps_12c2``: the offenders stay on their 12C2 score, so they carry no weights of their own,
    and the committee must have weighted the non-offending side's."""
    keeps = _flag(request.get("offending_keeps_12c2"), "offending_keeps_12c2")
    if keeps and any(result.weight_offending is not None for result in results):
        raise AdjustedScoreError(messages.ASSIGNED_OFFENDING_WEIGHTS_CONFLICT, "offending_keeps_12c2")
    if keeps and not any(result.weight is not None for result in results):
        raise AdjustedScoreError(messages.ASSIGNED_OFFENDING_WEIGHTS_MISSING, "offending_keeps_12c2")
    return keeps


def build_assigned(request: object, *, zone_permits_director_12c3: bool = False) -> AssignedBuild:
    """Law 12C2: both sides' assigned scores from the possible results, with their Law 78 consequence.

    ``request`` is the JSON object of POST /api/assigned-score/: ``vulnerability`` (or ``board``, Law 2),
    ``offending_side`` (NS or EW), ``results`` (each ``contract``, ``declarer``, ``tricks``, and the Director's
    ``likely`` / ``at_all_probable``: a likely result must be at all probable, and at least one must be likely),
    optionally the ``table_result`` (and ``non_offending_keeps_table_result``), one comparison —
    ``other_table_score_ns`` (teams: each side's IMPs, 78B, and with ``knockout: true`` the knockout average,
    86B) or ``field_scores_ns`` (pairs: each side's matchpoints against the other NS scores, 78A) — and, for an
    appeals committee (``appeals_committee: true``, or ``director_12c3: true`` where the zone permits the
    Director to apply 12C3), a ``weight`` per result (summing to 1) for the 12C3 equity score; the offending side
    may be weighted apart (``weight_offending``) or left on its 12C2 score (``offending_keeps_12c2``).

    One row may be the non-offending side's own result (``role: non_offending``, J5): what it would have scored
    after its own irrational, wild or gambling action. It replaces that side's 12C2 pick (never above it, never
    below the table result) and plays no part in the offending side's.
    """
    if not isinstance(request, Mapping):
        raise AdjustedScoreError(messages.BODY_NOT_OBJECT, None)
    if read_edition(request.get("edition")) != EDITION_1997:
        from .assigned_2017 import build_assigned_2017  # the 2017 builder reuses this module's readers

        return build_assigned_2017(request)
    for key in KEYS_2017_ONLY:
        if key in request:
            raise AdjustedScoreError(messages.ASSIGNED_2017_ONLY, key, name=key)
    _unknown_key(request, REQUEST_KEYS, "")
    vulnerability, board = _vulnerability(request)
    offending = _offending_side(request)
    committee = _flag(request.get("appeals_committee"), "appeals_committee")
    director = _flag(request.get("director_12c3"), "director_12c3")
    if director and not zone_permits_director_12c3:
        raise AdjustedScoreError(messages.ASSIGNED_ZONE_NOT_PERMITTED, "director_12c3")
    results = _results(request, vulnerability, committee or director)
    table = _table(request, vulnerability)
    keeps_table = _keeps_table(request, table, results)
    other, field = _comparison(request)
    knockout_match = _flag(request.get("knockout"), "knockout")
    offending_keeps = _offending_keeps(request, results)

    non_offending = offending.opponents
    best = results[_pick(results, non_offending, best=True)].score
    damage: bool | None = None
    if table is not None:
        # Laws 16A2, 40C, 12C2: an assigned score redresses damage. If the best the non-offending side could
        # likely have scored is no better for it than the table, there is none: the table result stands.
        damage = points(best, non_offending) > points(table, non_offending)
    sides = _sides_12c2(results, offending, table, keeps_table, damage)
    if table is not None and sides[offending].points > points(table, offending):
        # 12C2: never more for the offenders than at the table (a hard stop, not a note).
        raise AdjustedScoreError(
            messages.ASSIGNED_OFFENDERS_GAIN,
            "table_result",
            assigned=sides[offending].points,
            table=points(table, offending),
        )

    laws = ["12C2", "77"] if damage is not False else ["12C2", "16A2", "40C", "77"]
    top, knockout = _compare_sides(sides, other, field, knockout_match, laws)
    equity = None
    if damage is not False:  # no damage: no assigned score for a committee to vary
        equity = _committee_equity(results, offending, sides[offending], other, field, offending_keeps)
        if equity is not None:
            equity = replace(equity, by=BY_COMMITTEE if committee else BY_DIRECTOR)
    if equity is not None:
        laws.append("12C3")
    return AssignedBuild(
        vulnerability=vulnerability,
        board=board,
        offending_side=offending,
        results=tuple(results),
        ns=sides[Side.NS],
        ew=sides[Side.EW],
        table=table,
        other_table_score_ns=other,
        field_scores_ns=field,
        top=top,
        knockout_imps_ns=knockout,
        equity=equity,
        laws=tuple(laws),
        damage=damage,
        best_likely=best,
    )


def _non_offending_12c2(
    results: Sequence[PossibleResult], side: Side, table: Score | None, keeps_table: bool
) -> SideScore:
    """The non-offending side's 12C2 score where there was damage (or none could be judged): the table when it
    keeps it, its own result row (J5), else its most favourable likely result."""
    if keeps_table:
        assert table is not None
        return SideScore(side, NON_OFFENDING, TABLE, None, table, points(table, side))
    best_index = _pick(results, side, best=True)
    best = results[best_index].score
    own_index = next((index for index, result in enumerate(results) if result.own), None)
    if own_index is None:
        return SideScore(side, NON_OFFENDING, LIKELY, best_index, best, points(best, side))
    # J5 (WBF Code of Practice): no redress for the part of the damage the NOS caused itself — its own result,
    # never better than its 12C2 result and never worse than the table.
    own = results[own_index].score
    if points(own, side) > points(best, side):
        raise AdjustedScoreError(
            messages.ASSIGNED_OWN_ROW_BETTER,
            f"results[{own_index}]",
            own=_short(own, side),
            best=_short(best, side),
        )
    if table is not None and points(own, side) <= points(table, side):
        return SideScore(side, NON_OFFENDING, TABLE, None, table, points(table, side))
    return SideScore(side, NON_OFFENDING, OWN_ACTION, own_index, own, points(own, side))


def _sides_12c2(
    results: Sequence[PossibleResult],
    offending: Side,
    table: Score | None,
    keeps_table: bool,
    damage: bool | None,
) -> dict[Side, SideScore]:
    """Both sides' 12C2 scores: the table result for both when there was no damage; else the non-offending
    side's (see :func:`_non_offending_12c2`) and the offenders' most unfavourable at-all-probable result."""
    non_offending = offending.opponents
    if damage is False:
        assert table is not None
        return {
            side: SideScore(side, role, TABLE, None, table, points(table, side))
            for side, role in ((non_offending, NON_OFFENDING), (offending, OFFENDING))
        }
    sides = {non_offending: _non_offending_12c2(results, non_offending, table, keeps_table)}
    index = _pick(results, offending, best=False)
    chosen = results[index].score
    sides[offending] = SideScore(
        offending, OFFENDING, AT_ALL_PROBABLE, index, chosen, points(chosen, offending)
    )
    return sides


def _compare_sides(
    sides: dict[Side, SideScore],
    other: int | None,
    field: tuple[int, ...] | None,
    knockout_match: bool,
    laws: list[str],
) -> tuple[int | None, float | None]:
    """78B / 78A: each side's IMPs against the other table or matchpoints against the field, written into
    ``sides`` (and the law into ``laws``). Returns the matchpoint top and the knockout average (86B)."""
    if other is not None:
        # Each side against its own counterpart at the other table: NS's score against other, EW's against −other.
        for side, counterpart in ((Side.NS, other), (Side.EW, -other)):
            mine = sides[side]
            sides[side] = replace(mine, imps=imps(int(mine.points) - counterpart))
        laws.append("78B")
        if not knockout_match:
            return None, None
        # Law 86B is for a knockout match only: elsewhere each side keeps its own IMPs (J13).
        ns_imps, ew_imps = sides[Side.NS].imps, sides[Side.EW].imps
        assert ns_imps is not None and ew_imps is not None
        laws.append("86B")
        return None, (ns_imps - ew_imps) / 2 + 0.0  # the average of the two results, given to both
    top: int | None = None
    if field is not None:
        for side in Side:
            mine = sides[side]
            others = list(field) if side is Side.NS else [-value for value in field]
            units, top = matchpoint_score(int(mine.points), others, field="field_scores_ns")
            sides[side] = replace(mine, matchpoints=units, percentage=percentage(units, top))
        laws.append("78A")
    return top, None


def _committee_equity(
    results: Sequence[PossibleResult],
    offending: Side,
    offending_12c2: SideScore,
    other: int | None,
    field: tuple[int, ...] | None,
    offending_keeps: bool,
) -> Equity | None:
    """Law 12C3: the weighted score, per side, where weights were given (None where none were)."""
    equity = _equity(results, other, field)
    if equity is None:
        return None
    return _equity_per_side(equity, results, offending, offending_12c2, other, field, offending_keeps)


def _equity(
    results: Sequence[PossibleResult], other: int | None, field: tuple[int, ...] | None
) -> Equity | None:
    """Law 12C3: the weighted mix of the results the committee weighted above 0 (None when it set no weights): North–
    South's figures as :func:`_side_figures` works them out, East–West's their complement."""
    lines = [(result.score, result.weight) for result in results if result.weight]
    if not lines:
        return None
    score_ns, imps_ns, matchpoints_ns, percentage_ns = _side_figures(lines, Side.NS, other, field)
    score_ew = _round(-score_ns)
    if imps_ns is not None:
        return Equity(score_ns, score_ew, imps_ns=imps_ns, imps_ew=_round(-imps_ns))
    if matchpoints_ns is not None and field is not None:
        top = tables.MATCHPOINTS_PER_SCORE_BEATEN * len(field)
        return Equity(
            score_ns,
            score_ew,
            matchpoints_ns=matchpoints_ns,
            matchpoints_ew=_round(top - matchpoints_ns),
            percentage_ns=percentage_ns,
            percentage_ew=percentage(top - matchpoints_ns, top),
        )
    return Equity(score_ns, score_ew)


def _side_figures(
    lines: Sequence[tuple[Score, float]], side: Side, other: int | None, field: tuple[int, ...] | None
) -> tuple[float, float | None, float | None, float | None]:
    """One side's 12C3 figures from its own weights: points, IMPs (78B), matchpoints and percentage (78A)."""
    score = _round(math.fsum(weight * points(result, side) for result, weight in lines))
    if other is not None:
        counterpart = other if side is Side.NS else -other
        total = _round(
            math.fsum(weight * imps(points(result, side) - counterpart) for result, weight in lines)
        )
        return score, total, None, None
    if field is not None:
        others = list(field) if side is Side.NS else [-value for value in field]
        top = tables.MATCHPOINTS_PER_SCORE_BEATEN * len(others)
        units = _round(
            math.fsum(weight * matchpoint_score(points(result, side), others)[0] for result, weight in lines)
        )
        return score, None, units, percentage(units, top)
    return score, None, None, None


def _equity_per_side(
    equity: Equity,
    results: Sequence[PossibleResult],
    offending: Side,
    offending_12c2: SideScore,
    other: int | None,
    field: tuple[int, ...] | None,
    offending_keeps: bool,
) -> Equity:
    """J11 (12C3: the committee varies "an assigned adjusted score"): the offending side weighted with its own
    weights, or left on its 12C2 score; the non-offending side keeps the mix of ``equity``."""
    if offending_keeps:
        figures: tuple[float, float | None, float | None, float | None] = (
            float(offending_12c2.points),
            None if offending_12c2.imps is None else float(offending_12c2.imps),
            None if offending_12c2.matchpoints is None else float(offending_12c2.matchpoints),
            offending_12c2.percentage,
        )
        basis = KEEPS_12C2
    else:
        lines = [(result.score, result.weight_offending) for result in results if result.weight_offending]
        if not lines:
            return equity
        figures = _side_figures(lines, offending, other, field)
        basis = OWN_WEIGHTS
    score, side_imps, units, share = figures
    if offending is Side.NS:
        return replace(
            equity,
            score_ns=score,
            imps_ns=side_imps,
            matchpoints_ns=units,
            percentage_ns=share,
            offending=basis,
        )
    return replace(
        equity,
        score_ew=score,
        imps_ew=side_imps,
        matchpoints_ew=units,
        percentage_ew=share,
        offending=basis,
    )
