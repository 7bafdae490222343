"""The judgement rulings' forms read once: the assigned-score builder's fields, the player poll's, and the ruling
form's record for the club log (Laws 12C2, 16A, 73F, 75, 92; :func:`ruling_record`, read by clubs.views.door).

The builder page (/tools/assigned/), the ruling form (/rulings/<slug>/form/) and their script
(static/js/pages/judgement.js, engine/judgement.js) post the same fields: ``board`` or ``vulnerability``, ``offending_side``, rows
``r0_…``–``r11_…`` (``level`` 1–7 or PASS, ``strain``, ``dbl``, ``declarer``, ``tricks``, ``likely``,
``probable``, ``weight`` and ``weight_os`` in percent), the table result ``t_…``, ``keeps_table``, the
non-offending side's own result ``n_…`` (J5), ``other_table`` (with ``knockout``) or ``field_scores``,
``committee`` or ``director_12c3`` (where the zone permits), ``offending_keeps_12c2``; the poll ``poll_action`` and rows ``p0_…``–``p7_…`` (``call``, ``chose``,
``considered``). :func:`builder_request` and :func:`poll_request` turn them into the bodies bridge reads
(POST /api/assigned-score/ and bridge.poll.tally); numbers that cannot be read raise an EngineError naming the
body's field, everything else is left for the engine to refuse with its own message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _

from bridge.adjusted import EDITION_1997
from bridge.assigned_builder import MAX_RESULTS, AssignedBuild, build_assigned
from bridge.inputs import number, scores_from_text, whole_number
from bridge.poll import MAX_POLL_CALLS, PollTally, tally
from bridge.trees import Evaluation, Tree
from core import language
from laws import regulations

BUILDER_ROWS = MAX_RESULTS
"""Rows of possible results the form offers: as many as the engine takes (bridge.assigned_builder.MAX_RESULTS)."""
POLL_ROWS = MAX_POLL_CALLS
"""Rows of calls the poll form offers: as many as the engine takes (bridge.poll.MAX_POLL_CALLS)."""
PASS = "PASS"
TEXT_LIMITS = {"statement": 3000, "decision": 600, "poll_notes": 250}
"""Characters of each text box: the statement of facts holds a committee's account (issue 30: at least 3,000), the
others a director's note."""

Getter = Callable[[str], str]


def _getter(data: Mapping[str, object]) -> Getter:
    def get(name: str) -> str:
        value = data.get(name)
        return value.strip() if isinstance(value, str) else ""

    return get


def _checked(get: Getter, name: str) -> bool:
    return get(name) in ("on", "true", "1")


def _contract(get: Getter, prefix: str) -> str | None:
    """The contract a row's pads describe (``4`` ``S`` ``X`` → ``4SX``), PASS for a passed-out board, or None."""
    level = get(prefix + "level")
    if not level:
        return None
    if level.upper() == PASS:
        return PASS
    return f"{level}{get(prefix + 'strain')}{get(prefix + 'dbl')}"


def _result(get: Getter, prefix: str, field: str) -> dict[str, object]:
    tricks = get(prefix + "tricks")
    return {
        "contract": _contract(get, prefix),
        "declarer": get(prefix + "declarer") or None,
        "tricks": whole_number(tricks, f"{field}.tricks", low=0, high=13) if tricks else None,
    }


def builder_request(data: Mapping[str, object]) -> dict[str, object]:
    """The POST /api/assigned-score/ body the builder's fields describe (rows without a contract are skipped)."""
    get = _getter(data)
    request: dict[str, object] = {"offending_side": get("offending_side") or None}
    if get("board"):
        request["board"] = whole_number(get("board"), "board", low=1)
    if get("vulnerability"):
        request["vulnerability"] = get("vulnerability")
    # The edition (a hidden field: the page's edition). wbf-2017: the Director weights himself (12C1), one row
    # may be the probable outcome (the radio ``probable_row``), and ``regulation`` keeps likely / at all probable.
    edition = get("edition")
    wbf = bool(edition) and edition != EDITION_1997
    regulation = wbf and _checked(get, "regulation")
    if wbf:
        request["edition"] = edition
        weighting = not regulation
        if regulation:
            request["regulation_likely_standard"] = True
    else:
        weighting = _weighting_1997(get, request)
    request["results"] = _builder_rows(get, wbf and not regulation, weighting)
    _builder_rest(get, request)
    return request


def _weighting_1997(get: Getter, request: dict[str, object]) -> bool:
    """1997 12C3: who weights (a committee, or the Director where the zone permits) — whether the rows' weights
    are read."""
    committee = _checked(get, "committee")
    if committee:
        request["appeals_committee"] = True
    director = _checked(get, "director_12c3")
    if director:
        request["director_12c3"] = True
    weighting = committee or director
    if weighting and _checked(get, "offending_keeps_12c2"):
        request["offending_keeps_12c2"] = True
    return weighting


def _builder_rows(get: Getter, probable_outcome: bool, weighting: bool) -> list[dict[str, object]]:
    """The rows with a contract, then the non-offending side's own result. ``probable_outcome`` (2017): the rows
    carry ``probable`` instead of likely / at all probable, and no offending-side weights."""
    results: list[dict[str, object]] = []
    for row in range(BUILDER_ROWS):
        prefix = f"r{row}_"
        if _contract(get, prefix) is None:
            continue
        field = f"results[{len(results)}]"
        result = _result(get, prefix, field)
        if probable_outcome:
            if get("probable_row") == str(row):
                result["probable"] = True
        else:
            result["likely"] = _checked(get, prefix + "likely")
            result["at_all_probable"] = _checked(get, prefix + "probable")
        if weighting and get(prefix + "weight"):
            result["weight"] = number(get(prefix + "weight"), f"{field}.weight") / 100
        if weighting and not probable_outcome and get(prefix + "weight_os"):
            result["weight_offending"] = number(get(prefix + "weight_os"), f"{field}.weight_offending") / 100
        results.append(result)
    if _contract(get, "n_") is not None:
        # J5: the non-offending side's own result after its own irrational, wild or gambling action.
        own = _result(get, "n_", f"results[{len(results)}]")
        own["role"] = "non_offending"
        results.append(own)
    return results


def _builder_rest(get: Getter, request: dict[str, object]) -> None:
    """The table result and the comparison."""
    if _contract(get, "t_") is not None:
        request["table_result"] = _result(get, "t_", "table_result")
        if _checked(get, "keeps_table"):
            request["non_offending_keeps_table_result"] = True
    if get("other_table"):
        request["other_table_score_ns"] = whole_number(get("other_table"), "other_table_score_ns")
        if _checked(get, "knockout"):
            request["knockout"] = True
    if get("field_scores"):
        request["field_scores_ns"] = scores_from_text(get("field_scores"), "field_scores_ns")


def zone_permits(user=None) -> bool:
    """Whether the zone lets the Director apply Law 12C3 himself: his club's regulations, else the site's setting
    (1997 default: no) — laws.regulations."""
    return regulations.for_user(user)["director_12c3"]


def likely_standard(user=None) -> bool:
    """Whether the regulating authority keeps the likely / at all probable standard under the 2017 code (the
    user's club's regulations; default no)."""
    return regulations.for_user(user)["likely_standard"]


def builder_given(data: Mapping[str, object]) -> bool:
    """Whether the director filled in any possible result (no rows: no adjusted score)."""
    get = _getter(data)
    return any(_contract(get, f"r{row}_") is not None for row in range(BUILDER_ROWS))


def poll_request(data: Mapping[str, object]) -> dict[str, object] | None:
    """The poll the fields describe, for bridge.poll.tally; None when nothing was filled in."""
    get = _getter(data)
    calls: list[dict[str, object]] = []
    for row in range(POLL_ROWS):
        call = get(f"p{row}_call")
        if not call:
            continue
        field = f"calls[{len(calls)}]"
        entry: dict[str, object] = {"call": call}
        for name in ("chose", "considered"):
            value = get(f"p{row}_{name}")
            if value:
                entry[name] = whole_number(value, f"{field}.{name}")
        calls.append(entry)
    if not calls and not get("poll_action"):
        return None
    return {"action": get("poll_action") or None, "calls": calls}


# ---------------------------------------------------------------------------------------------------------
# The record a ruling form leaves in the club log


def poll_markdown(poll: PollTally, notes: str) -> str:
    """The poll as the record's notes show it: a table of calls, who chose and who considered each."""
    lines = [
        "### " + _("牌手意见调查"),
        _("实际行动：%(action)s；被调查 %(n)s 人。") % {"action": poll.action, "n": poll.polled},
        "",
        "| " + " | ".join([_("叫牌"), _("选择"), _("认真考虑"), _("比例")]) + " |",
        "|---|---|---|---|",
    ]
    for call in poll.calls:
        mark = " ✓" if call.taken else ""
        lines.append(f"| {call.call}{mark} | {call.chose} | {call.considered} | {call.share}% |")
    if notes:
        lines += ["", notes]
    return "\n".join(lines)


def builder_markdown(built: AssignedBuild) -> str:
    """Both sides' assigned scores, for the record's notes (the engine's answer is stored beside them)."""
    # The law the builder worked under: 12C2 in the 1997 code, 12C1 in 2017 (the answer names its edition).
    law = _("第12条C款2项") if built.edition == EDITION_1997 else _("第12条C款1项")
    lines = ["### " + _("裁定调整分（%(law)s）") % {"law": law}]
    note = built.note()
    if note is not None:
        return "\n".join([*lines, language.pick(note)])
    for side in (built.ns, built.ew):
        role = _("非违规方") if side.role == "non_offending" else _("违规方")
        basis = {
            "likely": _("很可能的结果中最有利的"),
            "at_all_probable": _("有可能的结果中最不利的"),
            "table": _("保留本桌结果"),
            "own_action": _("非违规方自己行动后的结果"),
            "probable": _("没有违规时最可能的结果"),
            "weighted": _("裁判按权重计算"),
        }[side.basis]
        result = side.score
        if result is None:  # a weighted score (2017 12C1) is no single result: its points only
            lines.append(f"- {side.side.value}（{role}，{basis}）：→ {side.points}")
            continue
        declarer = result.declarer.value if result.declarer else ""
        tricks = "" if result.tricks is None else f" {result.tricks}"
        lines.append(
            f"- {side.side.value}（{role}，{basis}）：{result.contract} {declarer}{tricks} → {side.points}"
        )
    return "\n".join(lines)


def record_notes(
    *, decision: str, poll: PollTally | None, poll_notes: str, built: AssignedBuild | None
) -> str:
    parts = []
    if decision:
        parts.append("### " + _("裁决与理由") + "\n" + decision)
    if poll is not None:
        parts.append(poll_markdown(poll, poll_notes))
    elif poll_notes:
        parts.append("### " + _("牌手意见调查") + "\n" + poll_notes)
    if built is not None:
        parts.append(builder_markdown(built))
    return "\n\n".join(parts)


def posted_facts(tree: Tree, data: Mapping[str, object]) -> dict[str, str]:
    """The tree's facts as the form posts them (``fact.<name>``), blanks left out."""
    facts = {}
    for fact in tree.facts:
        value = data.get(f"fact.{fact.name}")
        if isinstance(value, str) and value.strip():
            facts[fact.name] = value.strip()
    return facts


def ruling_record(tree: Tree, data: Mapping[str, object], user=None) -> dict[str, object]:
    """The ruling form as a log's record (the fields of clubs.services.ruling_create; the log picks the club and
    checks everything again): the tree's facts, the notes (decision, poll, builder), the adjusted score the builder
    computed, and the date as typed (left out: the log takes today; the log reads it). A poll or builder the
    engine refuses raises its EngineError naming the field."""
    get = _getter(data)
    body = poll_request(data)
    poll = None if body is None else tally(body)
    built = (
        build_assigned(builder_request(data), zone_permits_director_12c3=zone_permits(user))
        if builder_given(data)
        else None
    )
    record: dict[str, object] = {
        "event": get("event"),
        "session": get("session"),
        "table": get("table"),
        "board": get("board") or None,
        "called_by": get("called_by"),
        "irregularity": tree.slug,
        "edition": tree.edition,
        "facts": posted_facts(tree, data),
        "statement": get("statement"),
        "notes": record_notes(decision=get("decision"), poll=poll, poll_notes=get("poll_notes"), built=built),
        # No damage (16A2, 40C, 12C2): the table result stands, so no adjusted score is logged.
        "adjustment": built.adjustment() if built is not None and built.damage is not False else None,
    }
    if get("date"):
        record["date"] = get("date")
    return record


def ruling_summary(evaluation: Evaluation | None) -> dict[str, object] | None:
    """What the form shows of the tree's answer: the ruling's rule and laws, or the next question."""
    if evaluation is None:
        return None
    if evaluation.ruling is not None:
        return {"rule": evaluation.ruling.outcome.get("rule"), "laws": list(evaluation.ruling.laws)}
    question = evaluation.question
    return {"question": language.pick(question.text) if question else ""}
