"""Law 12 (2017 code, edition ``wbf-2017``): the assigned adjusted score built from the results the board could
have had — the 2017 counterpart of :mod:`bridge.assigned_builder` (which keeps the 1997 12C2/12C3 arithmetic and
sends a request with ``edition: wbf-2017`` here).

What changed from 1997 (laws-facts-2017 L12, the Δ list):

- the assigned score (12C1, where 1997 had 12C2) is, as nearly as possible, the **probable outcome** had the
  infraction not occurred — one result the Director marks ``probable``; it is the same result for both sides, so
  the two scores balance (standard ``probable``);
- the **Director** may weight the score over several results that could have been reached legally (12C1; in
  1997 only an appeals committee could, 12C3): each result gets a ``weight`` (they sum to 1) and each side's
  points, IMPs against the other table (78B) and matchpoints against the field (78A) are the weighted sums of
  that side's figures on each result (standard ``weighted``);
- a non-offending side that caused part of its own damage by an **extremely serious error** unrelated to the
  infraction, or by a **gambling action**, gets no redress for that part, while the offending side still gets
  the score its infraction alone earns (12C1): its own result row (``role: non_offending``) or
  ``non_offending_keeps_table_result``, as in the 1997 builder — the scores then need not balance;
- damage is defined in 12B1 (the non-offending side's table result is worse than what it could expect had the
  infraction not occurred); with the table result given, no damage means the table result stands;
- ``regulation_likely_standard: true`` — the event's regulations keep the older standard (the non-offending side
  the most favourable *likely* result, the offending side the most unfavourable *at all probable* one). The 2007
  code let a Regulating Authority choose this instead of weighting; whether the 2017 code still does is not
  verified in the project's sources (laws-facts-2017 L12, A19: 待核实), so the answer lists ``12C1`` under
  ``unverified``.

The sub-letters of 12C1 are not cited: the project's 2017 summary (fixtures/editions/wbf-2017) and the facts put
the probable outcome at 12C1(b) and the self-inflicted damage at 12C1(e), while the 2007 layout had the latter at
12C1(b) and the regulation option at 12C1(e); the outline holds ``12C1`` itself.

Artificial scores (2017 12C2: 60/50/40 %, ±3 IMPs in 12C2(b), unchanged in value) are the adjusted-score
calculator's (:func:`bridge.adjusted.artificial`, numbered through :func:`bridge.adjusted.edition_laws`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from . import messages, tables
from .adjusted import EDITION_2017
from .assigned_builder import (
    MAX_RESULTS,
    NON_OFFENDING,
    OFFENDING,
    OWN_ACTION,
    PROBABLE,
    TABLE,
    WEIGHTED,
    AssignedBuild,
    PossibleResult,
    SideScore,
    _comparison,
    _flag,
    _keeps_table,
    _offending_side,
    _own_row,
    _pick,
    _round,
    _score,
    _short,
    _side_figures,
    _table,
    _unknown_key,
    _vulnerability,
    _weight,
    _weights_sum,
    points,
)
from .cards import Side, Vulnerability
from .comparison import imps, matchpoint_score, percentage
from .errors import AdjustedScoreError
from .scoring import Score

__all__ = ["STANDARD_PROBABLE", "STANDARD_REGULATION", "STANDARD_WEIGHTED", "build_assigned_2017"]

STANDARD_PROBABLE = "probable"
STANDARD_WEIGHTED = "weighted"
STANDARD_REGULATION = "likely_at_all_probable"
LIKELY = "likely"
AT_ALL_PROBABLE = "at_all_probable"

REQUEST_KEYS = (
    "edition",
    "vulnerability",
    "board",
    "offending_side",
    "results",
    "table_result",
    "non_offending_keeps_table_result",
    "other_table_score_ns",
    "field_scores_ns",
    "knockout",
    "regulation_likely_standard",
)
KEYS_1997_ONLY = ("appeals_committee", "director_12c3", "offending_keeps_12c2")
"""The 1997 12C3 keys: refused (naming them) when set, since the 2017 Director weights himself."""
ROW_KEYS = ("contract", "declarer", "tricks", "role")
ROW_KEYS_STANDARD = (*ROW_KEYS, "probable", "weight")
ROW_KEYS_REGULATION = (*ROW_KEYS, "likely", "at_all_probable")
ROW_KEYS_ALL = (*ROW_KEYS_STANDARD, "likely", "at_all_probable", "weight_offending")


def _refuse_other_mode(item: Mapping[str, object], where: str, regulation: bool) -> None:
    """A row key of the other standard (or of the 1997 code), set: refused naming it and saying which mode."""
    for key in ROW_KEYS_ALL:
        if item.get(key) is None or key in (ROW_KEYS_REGULATION if regulation else ROW_KEYS_STANDARD):
            continue
        if key == "weight_offending":
            raise AdjustedScoreError(messages.ASSIGNED_1997_ONLY, f"{where}.{key}", name=key)
        if regulation:
            raise AdjustedScoreError(messages.ASSIGNED_2017_REGULATION_NO_WEIGHTS, f"{where}.{key}")
        raise AdjustedScoreError(messages.ASSIGNED_2017_LIKELY_NEEDS_REGULATION, f"{where}.{key}")


def _row(item: Mapping[str, object], where: str, number: int, vulnerability: Vulnerability) -> PossibleResult:
    scored = _score(item, vulnerability, where)
    likely = _flag(item.get("likely"), where + ".likely")
    at_all = _flag(item.get("at_all_probable"), where + ".at_all_probable")
    probable = _flag(item.get("probable"), where + ".probable")
    weight = _weight(item.get("weight"), where + ".weight", number, True)
    if _own_row(item, where):
        # The NOS's own result after its own extremely serious error or gamble: no judgement, no weight.
        if likely or at_all or probable or weight is not None:
            raise AdjustedScoreError(messages.ASSIGNED_2017_OWN_ROW_FLAGS, where + ".role", number=number)
        return PossibleResult(scored, False, False, own=True)
    if likely and not at_all:
        raise AdjustedScoreError(
            messages.ASSIGNED_2017_LIKELY_NOT_PROBABLE, where + ".at_all_probable", number=number
        )
    return PossibleResult(scored, likely, at_all, weight, probable=probable)


def _results(
    data: Mapping[str, object], vulnerability: Vulnerability, regulation: bool
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
        _unknown_key(item, ROW_KEYS_ALL, where + ".")
        _refuse_other_mode(item, where, regulation)
        result = _row(item, where, index + 1, vulnerability)
        if result.own and any(earlier.own for earlier in results):
            raise AdjustedScoreError(messages.ASSIGNED_OWN_ROW_TWICE, where + ".role")
        results.append(result)
    if regulation:
        if not any(result.likely for result in results):
            raise AdjustedScoreError(messages.ASSIGNED_2017_NONE_LIKELY, "results")
        return results
    weights = [result.weight for result in results if result.weight is not None]
    if weights:
        _weights_sum(weights, "results")
        marked = next((index for index, result in enumerate(results) if result.probable), None)
        if marked is not None:
            raise AdjustedScoreError(
                messages.ASSIGNED_2017_PROBABLE_AND_WEIGHTS, f"results[{marked}].probable", number=marked + 1
            )
        return results
    count = sum(1 for result in results if result.probable)
    if count != 1:
        raise AdjustedScoreError(messages.ASSIGNED_2017_PROBABLE_COUNT, "results", count=count)
    return results


def _standard_side(results: Sequence[PossibleResult], side: Side, role: str, standard: str) -> SideScore:
    """One side's score under the standard, before any self-inflicted-damage or no-damage change (its
    comparison figures come later, from :func:`_compare`)."""
    if standard == STANDARD_WEIGHTED:
        lines = [(result.score, result.weight) for result in results if result.weight]
        score = _side_figures(lines, side, None, None)[0]
        return SideScore(side, role, WEIGHTED, None, None, score)
    if standard == STANDARD_PROBABLE:
        index = next(index for index, result in enumerate(results) if result.probable)
        basis = PROBABLE
    else:
        index = _pick(results, side, best=role == NON_OFFENDING)
        basis = LIKELY if role == NON_OFFENDING else AT_ALL_PROBABLE
    chosen = results[index].score
    return SideScore(side, role, basis, index, chosen, points(chosen, side))


def _fixed(side: Side, role: str, basis: str, index: int | None, result: Score) -> SideScore:
    return SideScore(side, role, basis, index, result, points(result, side))


def _compare(
    mine: SideScore, results: Sequence[PossibleResult], other: int | None, field: tuple[int, ...] | None
) -> SideScore:
    """78B / 78A: the side's IMPs against its counterpart at the other table, or its matchpoints against the
    field; for a weighted score, the weighted sum of its figures on each result."""
    if mine.basis == WEIGHTED:
        lines = [(result.score, result.weight) for result in results if result.weight]
        # Each result is compared first and the figures weighted (12C1 with 78A / 78B), side by side.
        _points, side_imps, units, share = _side_figures(lines, mine.side, other, field)
        return replace(mine, imps=side_imps, matchpoints=units, percentage=share)
    if other is not None:
        counterpart = other if mine.side is Side.NS else -other
        return replace(mine, imps=imps(int(mine.points) - counterpart))
    if field is not None:
        others = list(field) if mine.side is Side.NS else [-value for value in field]
        units, top = matchpoint_score(int(mine.points), others, field="field_scores_ns")
        return replace(mine, matchpoints=units, percentage=percentage(units, top))
    return mine


def _shown(side_score: SideScore) -> str:
    """What the non-offending side could expect, as the notes say it: a result, or a weighted score."""
    if side_score.score is not None:
        return _short(side_score.score, side_score.side)
    return f"{STANDARD_WEIGHTED} {side_score.side.value} {side_score.points:+g}"


def _non_offending(
    expected: SideScore,
    results: Sequence[PossibleResult],
    table: Score | None,
    keeps_table: bool,
    damage: bool | None,
) -> SideScore:
    """The non-offending side's score: its expectation, the table when there was no damage or all of it was
    self-inflicted, or its own result when part was (12C1: no redress for the self-inflicted part)."""
    side = expected.side
    if damage is False or keeps_table:
        assert table is not None
        return _fixed(side, NON_OFFENDING, TABLE, None, table)
    own_index = next((index for index, result in enumerate(results) if result.own), None)
    if own_index is None:
        return expected
    own = results[own_index].score
    if points(own, side) > expected.points:
        raise AdjustedScoreError(
            messages.ASSIGNED_2017_OWN_ROW_BETTER,
            f"results[{own_index}]",
            own=_short(own, side),
            best=_shown(expected),
        )
    if table is not None and points(own, side) <= points(table, side):
        return _fixed(side, NON_OFFENDING, TABLE, None, table)
    return _fixed(side, NON_OFFENDING, OWN_ACTION, own_index, own)


def _standard(results: Sequence[PossibleResult], regulation: bool) -> str:
    """The standard the request asks for: the regulation's, weighted (any weight given), else probable."""
    if regulation:
        return STANDARD_REGULATION
    if any(result.weight is not None for result in results):
        return STANDARD_WEIGHTED
    return STANDARD_PROBABLE


def _comparison_laws(
    sides: dict[Side, SideScore],
    other: int | None,
    field: tuple[int, ...] | None,
    knockout_match: bool,
    laws: list[str],
    unverified: list[str],
) -> tuple[int | None, float | None]:
    """78B (with the knockout average) or 78A, named in ``laws``: returns the matchpoint top and the knockout
    average from the sides' compared figures."""
    if other is not None:
        laws.append("78B")
        if not knockout_match:
            return None, None
        ns_imps, ew_imps = sides[Side.NS].imps, sides[Side.EW].imps
        assert ns_imps is not None and ew_imps is not None
        laws.append("86")  # the knockout average; its 2017 letter is not verified (laws-facts-2017 L86)
        unverified.append("86")
        return None, _round((ns_imps - ew_imps) / 2)
    if field is not None:
        laws.append("78A")
        return tables.MATCHPOINTS_PER_SCORE_BEATEN * len(field), None
    return None, None


def build_assigned_2017(request: Mapping[str, object]) -> AssignedBuild:
    """Law 12C1 (2017): both sides' assigned scores, with their Law 78 consequence — see the module's doc.

    The request is :func:`bridge.assigned_builder.build_assigned`'s with ``edition: "wbf-2017"``; each result
    carries ``probable`` (exactly one) or a ``weight`` (summing to 1), or — with ``regulation_likely_standard``
    — ``likely`` / ``at_all_probable``. Bad input raises an AdjustedScoreError naming the field.
    """
    for key in KEYS_1997_ONLY:
        if request.get(key) not in (None, False):
            raise AdjustedScoreError(messages.ASSIGNED_1997_ONLY, key, name=key)
    _unknown_key(request, (*REQUEST_KEYS, *KEYS_1997_ONLY), "")
    vulnerability, board = _vulnerability(request)
    offending = _offending_side(request)
    regulation = _flag(request.get("regulation_likely_standard"), "regulation_likely_standard")
    results = _results(request, vulnerability, regulation)
    table = _table(request, vulnerability)
    keeps_table = _keeps_table(request, table, results)
    other, field = _comparison(request)
    knockout_match = _flag(request.get("knockout"), "knockout")

    standard = _standard(results, regulation)
    non_offending = offending.opponents
    expected = _standard_side(results, non_offending, NON_OFFENDING, standard)
    damage: bool | None = None
    if table is not None:
        # 12B1: damage is a table result worse for the non-offending side than its expectation without the
        # infraction (its probable result, weighted score in points, or most favourable likely one).
        damage = expected.points > points(table, non_offending)
    sides = {non_offending: _non_offending(expected, results, table, keeps_table, damage)}
    if damage is False:
        assert table is not None
        sides[offending] = _fixed(offending, OFFENDING, TABLE, None, table)
    else:
        # The offenders get the score their infraction alone earns: the standard's, whatever the NOS did.
        sides[offending] = _standard_side(results, offending, OFFENDING, standard)
    if table is not None and sides[offending].points > points(table, offending):
        raise AdjustedScoreError(
            messages.ASSIGNED_2017_OFFENDERS_GAIN,
            "table_result",
            assigned=_round(sides[offending].points),
            table=points(table, offending),
        )

    laws = ["12C1", "77"] if damage is not False else ["12B1", "12C1", "77"]
    unverified = ["12C1"] if regulation else []
    if other is not None or field is not None:
        for side in Side:
            sides[side] = _compare(sides[side], results, other, field)
    top, knockout = _comparison_laws(sides, other, field, knockout_match, laws, unverified)
    best = expected.score
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
        equity=None,
        laws=tuple(laws),
        damage=damage,
        best_likely=best if best is not None else table,
        edition=EDITION_2017,
        standard=standard,
        expected=_shown(expected),
        unverified=tuple(unverified),
    )
