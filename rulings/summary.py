"""The ruling card's headline: the outcome in words, from the ruling's outcome fields (result first, law second).

The revoke tree reads its transfer and, when the contract facts are given, the adjusted tricks and score
(「转移2墩给庄家方：庄家实得9墩 → 11墩，南北+650」); every other tree names the consequences its outcome fields
carry, with the labels of :mod:`rulings.labels`. Chinese source, English through the catalog.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

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
}
_MAX_PARTS = 3
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
    }


def ruling_summary(slug: str, outcome: Mapping[str, object], facts: Mapping[str, object]) -> str:
    """The outcome of a ruling in one line, in the page's language."""
    if slug == "revoke":
        return _revoke(outcome, facts)
    return _generic(outcome)


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
        if transferred:
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
    return _(WORDING["transfer"]) % {"n": transferred}


def _generic(outcome: Mapping[str, object]) -> str:
    """The consequences the outcome fields carry, most telling first (the tree's field order)."""
    parts: list[str] = []
    for name, value in outcome.items():
        if name in _NOT_HEADLINE or value in _QUIET or (isinstance(value, int) and value == 0):
            continue
        label = str(FIELDS.get(name, name))
        if value is True:
            parts.append(label)
        elif isinstance(value, str):
            parts.append(f"{label}：{VALUES.get((name, value), value)}")
        else:
            parts.append(f"{label}：{value}")
    if not parts:
        return _(WORDING["no_penalty"])
    return "；".join(parts[:_MAX_PARTS])
