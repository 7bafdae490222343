"""The ruling card's headline: the outcome in words, from the ruling's outcome fields (result first, law second).

The revoke tree reads its transfer and, when the contract facts are given, the adjusted tricks and score
(「转移2墩给庄家方：庄家实得9墩 → 11墩，南北+650」); every other tree names the consequences its outcome fields
carry, with the labels of :mod:`rulings.labels`. Chinese source, English through the catalog.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from laws.editions import BASE
from rulings import headlines
from rulings.labels import FIELDS, VALUES

# Values that mean "nothing happens" for a field: left out of the headline.
_QUIET = {None, False, "none", "play_normally", "continue_play"}
# Fields that are the rule itself, a reference figure, a pointer elsewhere or a review the Director may make later
# (adjustment_review: "considers an adjusted score if …", issue 27): never the headline.
_NOT_HEADLINE = {
    "rule",
    "related_tree",
    "sure_tricks",
    "trump_tricks_at_risk",
    "positional_tricks",
    "adjustment_review",
    "director_error_adjustment",  # issue 27: 82C, if the Director's own table ruling proves wrong — a review too
    "percent_ns",  # Law 88's floor beside an artificial score: a reference figure
    "percent_ew",
    "tricks_awarded",  # the claim's own sentence (WORDS claim_tricks)
    "adjusted_declarer_tricks",
    "score_ns",  # the claim's sentence says it with both sides (WORDS claim_score); the revoke's its own
}
_MAX_PARTS = 3
# Said only when there is room (a later review or a penalty the Director may add).
_LOW = ("procedural_penalty", "procedural_penalty_option", "damaging_pass_check")
# A field left out when one of these says it already (an adjustment named implies the infraction and the damage).
_SUBSUMED = {
    "adjusted_score": ("adjustment", "board_result"),
    "infraction": ("adjustment", "table_action", "adjusted_score"),
    "lead_penalties": ("lead_restriction",),
}
# The revoker's side, when the tree asks who revoked rather than which side.
_REVOKER_SIDE = {"declarer": "declaring", "dummy": "declaring", "defender": "defending"}
# The headline's wording (Chinese source, English through the catalog); the offline wizard formats the same
# templates (offline/data.py outcome_labels), so both say it alike.
WORDING = {
    "side_declaring": gettext_noop("防守方"),
    "side_defending": gettext_noop("庄家方"),
    "must_correct": gettext_noop("必须改正藏牌，打牌继续"),
    "penalty_card": gettext_noop("；撤回的牌成为%(card)s"),
    "correct_transfer": gettext_noop("；并转移%(n)d墩给非违规方"),
    "no_transfer": gettext_noop("不转移赢墩"),
    "equity_review": gettext_noop("；裁判按第64条C款审查公平"),
    "transfer_to": gettext_noop("转移%(n)d墩给%(side)s：庄家实得%(before)s墩 → %(after)s墩"),
    "score_ns": gettext_noop("，南北%(score)s"),
    "transfer": gettext_noop("转移%(n)d墩给非违规方"),
    "no_penalty": gettext_noop("不予处罚"),
}


def summary_rules() -> dict[str, object]:
    """What the headline reads besides the labels, for the offline wizard (static/js/pages/wizard.js)."""
    return {
        "quiet": list(_QUIET),
        "not_headline": sorted(_NOT_HEADLINE),
        "max_parts": _MAX_PARTS,
        "revoker_side": dict(_REVOKER_SIDE),
        "wording": {key: _(text) for key, text in WORDING.items()},
        "low": list(_LOW),
        "subsumed": {name: list(fields) for name, fields in _SUBSUMED.items()},
        "phrases": {key: _(text) for key, text in headlines.PHRASES.items()},
        "quiet_rulings": {key: _(text) for key, text in headlines.QUIET.items()},
        # A further edition's phrases over the base's, and its own sentences for rulings with nothing to rectify.
        "editions": {
            code: {
                "phrases": {key: _(text) for key, text in headlines.EDITION_PHRASES.get(code, {}).items()},
                "quiet_rulings": {
                    key: _(text) for key, text in headlines.EDITION_QUIET.get(code, {}).items()
                },
            }
            for code in sorted(set(headlines.EDITION_PHRASES) | set(headlines.EDITION_QUIET))
        },
        "words": {key: _(text) for key, text in headlines.WORDS.items()},
    }


def ruling_summary(
    slug: str, outcome: Mapping[str, object], facts: Mapping[str, object], edition: str = BASE
) -> str:
    """The outcome of a ruling in one line, in the page's language, under the tree's edition."""
    if slug == "revoke":
        return _revoke(outcome, facts)
    return _generic(slug, outcome, edition)


def _signed(score: object) -> str:
    return f"{score:+d}" if isinstance(score, int) else str(score)


def _non_offending_side(facts: Mapping[str, object]) -> str | None:
    side = facts.get("revoking_side")
    if side is None:
        revoker = facts.get("revoker")
        side = _REVOKER_SIDE.get(str(revoker))
    return _(WORDING[f"side_{side}"]) if side in ("declaring", "defending") else None


def _revoke(outcome: Mapping[str, object], facts: Mapping[str, object]) -> str:
    """Law 64: the transfer first; a correction (62, 62D) or no transfer (64B) in words."""
    transferred = outcome.get("tricks_transferred") or 0
    after = outcome.get("adjusted_declarer_tricks")
    before = facts.get("declarer_tricks")
    if outcome.get("must_correct"):
        text = _(WORDING["must_correct"])
        card = outcome.get("penalty_card")
        if card in ("major", "minor"):
            text += _(WORDING["penalty_card"]) % {"card": VALUES[("penalty_card", card)]}
        if transferred == 1:
            text += _(headlines.WORDS["correct_transfer_one"])
        elif transferred:
            text += _(WORDING["correct_transfer"]) % {"n": transferred}
        return text
    if not transferred:
        text = _(WORDING["no_transfer"])
        if outcome.get("equity_review"):
            text += _(WORDING["equity_review"])
        return text
    side = _non_offending_side(facts)
    if after is not None and before is not None and side is not None:
        text = _(WORDING["transfer_to"]) % {
            "n": transferred,
            "side": side,
            "before": before,
            "after": after,
        }
        if outcome.get("score_ns") is not None:
            text += _(WORDING["score_ns"]) % {"score": _signed(outcome["score_ns"])}
        return text
    if transferred == 1:
        return _(headlines.WORDS["transfer_one"])
    return _(WORDING["transfer"]) % {"n": transferred}


def _quiet(value: object) -> bool:
    return value in _QUIET or (isinstance(value, int) and not isinstance(value, bool) and value == 0)


def _phrase(name: str, value: object, edition: str = BASE) -> str:
    """One consequence as a sentence (rulings.headlines); a field without one: its label and value."""
    key = f"{name}:{'true' if value is True else value}"
    further = headlines.EDITION_PHRASES.get(edition, {})
    if key in further:
        return _(further[key])
    if key in headlines.PHRASES:
        return _(headlines.PHRASES[key])
    label = str(FIELDS.get(name, name))
    if value is True:
        return label
    shown = VALUES.get((name, value), value) if isinstance(value, str) else value
    return f"{label}{_(headlines.WORDS['colon'])}{shown}"


def _claim(outcome: Mapping[str, object]) -> str | None:
    tricks = outcome.get("tricks_awarded")
    if not isinstance(tricks, int) or isinstance(tricks, bool):
        return None
    text = (
        _(headlines.WORDS["claim_trick"])
        if tricks == 1
        else _(headlines.WORDS["claim_tricks"]) % {"n": tricks}
    )
    declarer = outcome.get("adjusted_declarer_tricks")
    if isinstance(declarer, int) and not isinstance(declarer, bool):
        text += _(headlines.WORDS["claim_declarer"]) % {"d": declarer}
    score = outcome.get("score_ns")
    if isinstance(score, int) and not isinstance(score, bool):  # the contract is known: the score, both sides
        text += _(headlines.WORDS["claim_score"]) % {"ns": _signed(score), "ew": _signed(-score)}
    return text


def _joined(parts: list[str]) -> str:
    """The parts in one line; after an English semicolon a sentence's capital goes (not an "NS" or "RHO")."""
    out = parts[:1]
    for part in parts[1:]:
        word = part.split(" ", 1)[0]
        out.append(part[0].lower() + part[1:] if word[1:] == word[1:].lower() else part)
    return _(headlines.WORDS["sep"]).join(out)


def _generic(slug: str, outcome: Mapping[str, object], edition: str = BASE) -> str:
    """What happens now and to whom: the consequences the outcome fields carry as sentences, most telling first
    (the tree's field order, a later review or a procedural penalty last); nothing to rectify: what the table
    does next, by tree and rule."""
    loud = {name for name, value in outcome.items() if name not in _NOT_HEADLINE and not _quiet(value)}
    main: list[str] = []
    low: list[str] = []
    claim = _claim(outcome)
    if claim:
        main.append(claim)
    for name, value in outcome.items():
        if name not in loud or any(other in loud for other in _SUBSUMED.get(name, ())):
            continue
        (low if name in _LOW else main).append(_phrase(name, value, edition))
    parts = (main + low)[:_MAX_PARTS]
    if parts:
        return _joined(parts)
    key = f"{slug}:{outcome.get('rule')}"
    quiet = headlines.QUIET if edition == BASE else headlines.EDITION_QUIET.get(edition, {})
    if key in quiet:
        return _(quiet[key])
    return _(headlines.WORDS["no_penalty"])
