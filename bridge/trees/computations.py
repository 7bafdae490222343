"""Values a leaf asks the engine to compute (``{compute: <name>}`` in a tree's outcome).

Each computation names the facts it needs on the path to the leaf (``requires``, checked by the validator), the
optional inputs it may read (``inputs``: never asked, given with the facts when known) and the outcome fields
computed before it that it uses. A computation whose optional inputs are missing returns None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bridge import adjusted, claims, messages, revoke
from bridge.cards import Contract, Hand, Seat, Side, Strain, Vulnerability
from bridge.errors import EngineError
from bridge.scoring import score

from .model import FactError


@dataclass(frozen=True)
class ComputeContext:
    """What a computation sees: the facts answered on the path plus the optional inputs given (parsed), and the
    outcome values resolved so far (fields declared earlier in the tree)."""

    facts: Mapping[str, object]
    outcome: Mapping[str, object]


@dataclass(frozen=True)
class Computation:
    name: str
    function: Callable[[ComputeContext], int | str | None]
    result_type: str = "int"
    nullable: bool = False
    requires: tuple[str, ...] = ()
    inputs: tuple[tuple[str, str], ...] = ()
    uses: tuple[str, ...] = ()
    doc: str = ""


_SIDE_CONTRADICTS = {
    "declarer": messages.FACT_SIDE_CONTRADICTS_DECLARER,
    "dummy": messages.FACT_SIDE_CONTRADICTS_DUMMY,
    "defender": messages.FACT_SIDE_CONTRADICTS_DEFENDER,
}
"""Who revoked → the message for a ``revoking_side`` that says the other side (review P10: one per case, so the
Chinese names no enum value)."""


def _revoking_side(facts: Mapping[str, object]) -> str | None:
    """The offending side, from ``revoking_side`` or else from who revoked (declarer or dummy → declaring)."""
    given = facts.get("revoking_side")
    revoker = facts.get("revoker")
    derived = None
    if revoker in ("declarer", "dummy"):
        derived = "declaring"
    elif revoker == "defender":
        derived = "defending"
    if given is not None and derived is not None and given != derived:
        raise FactError(_SIDE_CONTRADICTS[str(revoker)], "revoking_side")
    side = given if given is not None else derived
    return side if isinstance(side, str) else None


def _as_bool(value: object) -> bool:
    return value is True


def _as_int(value: object) -> int:
    assert isinstance(value, int) and not isinstance(value, bool)
    return value


def compute_tricks_transferred(context: ComputeContext) -> int:
    """Law 64A1/64A2 (1997): tricks moved to the non-offending side, via :func:`revoke.tricks_transferred`."""
    facts = context.facts
    offender_won = _as_bool(facts["offender_won_revoke_trick"])
    try:
        return revoke.tricks_transferred(
            offender_won_revoke_trick=offender_won,
            offending_side_won_revoke_trick=offender_won
            or _as_bool(facts.get("offending_side_won_revoke_trick")),
            offending_side_tricks_after_revoke_trick=_as_int(
                facts["offending_side_tricks_after_revoke_trick"]
            ),
            offender_later_won_with_card_playable_to_revoke_trick=_as_bool(
                facts.get("offender_later_won_with_card_playable_to_revoke_trick")
            ),
        )
    except revoke.RevokeError as exc:
        raise FactError(exc.template, exc.field or "revoke", **exc.params) from exc


def compute_revoke_transfer_2017(context: ComputeContext) -> int:
    """Law 64A1/64A2 (2017): tricks moved to the non-offending side, via :func:`revoke.tricks_transferred_2017`
    (64A2 transfers one trick at most: no 1997 second trick)."""
    facts = context.facts
    offender_won = _as_bool(facts["offender_won_revoke_trick"])
    try:
        return revoke.tricks_transferred_2017(
            offender_won_revoke_trick=offender_won,
            offending_side_won_revoke_trick=offender_won
            or _as_bool(facts.get("offending_side_won_revoke_trick")),
            offending_side_tricks_after_revoke_trick=_as_int(
                facts["offending_side_tricks_after_revoke_trick"]
            ),
        )
    except revoke.RevokeError as exc:
        raise FactError(exc.template, exc.field or "revoke", **exc.params) from exc


def compute_adjusted_declarer_tricks(context: ComputeContext) -> int | None:
    """Declarer's tricks after the transfer (Law 64A), when ``declarer_tricks`` as played is given; with
    ``other_tricks_transferred``, what another penalised revoke by the same side transfers is counted too."""
    facts = context.facts
    played = facts.get("declarer_tricks")
    side = _revoking_side(facts)
    transferred = context.outcome.get("tricks_transferred")
    other = facts.get("other_tricks_transferred", 0)
    if played is None or not isinstance(transferred, int):
        return None
    played = _as_int(played)
    other = _as_int(other)
    if transferred + other == 0:
        return played  # nothing moves, whichever side revoked
    if side is None:
        return None
    if (
        transferred
        and "offending_side_tricks_after_revoke_trick" in facts
        and "offender_won_revoke_trick" in facts
    ):
        # The offending side cannot have won more tricks from the revoke trick on than it won in all.
        won_from_revoke_on = revoke.offending_side_tricks_from_revoke_trick(
            offending_side_won_revoke_trick=_as_bool(facts.get("offender_won_revoke_trick"))
            or _as_bool(facts.get("offending_side_won_revoke_trick")),
            offending_side_tricks_after_revoke_trick=_as_int(
                facts["offending_side_tricks_after_revoke_trick"]
            ),
        )
        offending_total = played if side == "declaring" else 13 - played
        if won_from_revoke_on > offending_total:
            raise FactError(
                messages.FACT_TRICKS_SHORT_DECLARING
                if side == "declaring"
                else messages.FACT_TRICKS_SHORT_DEFENDING,
                "declarer_tricks",
                won=won_from_revoke_on,
                played=played,
                total=offending_total,
            )
    try:
        return revoke.adjusted_declarer_tricks(
            declarer_tricks=played,
            tricks_transferred=transferred,
            revoking_side="declaring" if side == "declaring" else "defending",
            other_tricks_transferred=other,
        )
    except revoke.RevokeError as exc:
        raise FactError(exc.template, exc.field or "declarer_tricks", **exc.params) from exc


def compute_score_ns(context: ComputeContext) -> int | None:
    """Law 77: North–South's score with the adjusted trick count, when the contract facts are given."""
    facts = context.facts
    tricks = context.outcome.get("adjusted_declarer_tricks")
    contract = facts.get("contract")
    declarer = facts.get("declarer")
    vulnerability = facts.get("vulnerability")
    if tricks is None or contract is None or declarer is None or vulnerability is None:
        return None
    assert isinstance(contract, Contract)
    assert isinstance(declarer, Seat)
    assert isinstance(vulnerability, Vulnerability)
    assert isinstance(tricks, int)
    if contract.is_passed_out:
        raise FactError(messages.FACT_PASSED_OUT, "contract")
    try:
        return score(contract, declarer, vulnerability, tricks).score_ns
    except EngineError as exc:  # pragma: no cover - inputs are parsed and checked before this
        raise FactError(exc.template, exc.field or "contract", **exc.params) from exc


# --- claims and concessions (Laws 68–71) ----------------------------------------------------------------------


def compute_tricks_awarded(context: ComputeContext) -> int | None:
    """Laws 69–71: the tricks (in all) the claiming or conceding side ends with — those claimed less those the
    Director gives the opponents (69B, 70), or those kept plus those a cancelled concession restores (71)."""
    facts = context.facts
    if "tricks_claimed" in facts:
        claimed = _as_int(facts["tricks_claimed"])
        lost = _as_int(facts.get("tricks_lost", 0))
        if lost > claimed:
            raise FactError(messages.FACT_LOST_EXCEEDS_CLAIMED, "tricks_lost", lost=lost, claimed=claimed)
        return claimed - lost
    if "tricks_kept" in facts:
        kept = _as_int(facts["tricks_kept"])
        restored = _as_int(facts.get("tricks_restored", 0))
        if kept + restored > 13:
            raise FactError(messages.FACT_RESTORED_EXCEEDS, "tricks_restored", kept=kept, restored=restored)
        return kept + restored
    return None


def compute_claim_declarer_tricks(context: ComputeContext) -> int | None:
    """The declaring side's tricks after the ruling on a claim or concession made by declarer or a defender."""
    contract = context.facts.get("contract")
    if isinstance(contract, Contract) and contract.is_passed_out:
        raise FactError(messages.FACT_CLAIM_PASSED_OUT, "contract")
    awarded = context.outcome.get("tricks_awarded")
    if not isinstance(awarded, int):
        return None
    return awarded if context.facts.get("made_by") == "declarer" else 13 - awarded


_ROLES = ("claimer", "partner", "lho", "rho")


def _ending(facts: Mapping[str, object]) -> claims.Ending | None:
    """The cards left at the claim, when all four hands and the contract are given (Law 70B)."""
    hands = [facts.get(f"{role}_cards") for role in _ROLES]
    contract = facts.get("contract")
    if not isinstance(contract, Contract) or not all(isinstance(hand, Hand) for hand in hands):
        return None
    if contract.is_passed_out:
        raise FactError(messages.FACT_CLAIM_PASSED_OUT, "contract")
    on_lead = facts.get("on_lead")
    trumps = contract.strain if contract.strain is not Strain.NT else None
    claimer, partner, lho, rho = (hand for hand in hands if isinstance(hand, Hand))
    try:
        return claims.Ending(
            claimer,
            partner,
            lho,
            rho,
            trumps,
            claims.Role(on_lead) if isinstance(on_lead, str) else claims.Role.CLAIMER,
        )
    except EngineError as exc:
        raise FactError(exc.template, exc.field or "claimer_cards", **exc.params) from exc


def compute_claim_sure_tricks(context: ComputeContext) -> int | None:
    """Law 70A aid: the tricks left that the claimer's side takes by force, never giving up the lead."""
    ending = _ending(context.facts)
    return None if ending is None else claims.sure_tricks(ending)


def compute_claim_trump_risk(context: ComputeContext) -> int | None:
    """Law 70C3 aid: tricks a normal line could lose to the defenders' trumps."""
    ending = _ending(context.facts)
    return None if ending is None else claims.trump_tricks_at_risk(ending)


def compute_claim_positional_tricks(context: ComputeContext) -> int | None:
    """Law 70E aid: the claimer's cards that win only by a finesse or a drop."""
    ending = _ending(context.facts)
    return None if ending is None else len(claims.positional_cards(ending))


_CLAIM_CARDS: tuple[tuple[str, str], ...] = (
    *((f"{role}_cards", "hand") for role in _ROLES),
    ("on_lead", "enum"),
    ("contract", "contract"),
)


# --- artificial adjusted scores (Laws 12C1, 86A, 88) -----------------------------------------------------------


def _artificial(context: ComputeContext, side: str) -> adjusted.ArtificialScore:
    """One side's Law 12C1 score from its own fault only (a side's label never depends on the other's; the JS
    evaluator reads it the same way), so a leaf may score one side alone — Law 15B gives an artificial score only
    to the side deprived of a result, and that side's fault is the only one asked."""
    facts = context.facts
    fault = str(facts[f"fault_{side.lower()}"])
    result = adjusted.artificial(str(facts["form"]), {"NS": fault, "EW": fault})
    return result[Side.NS if side == "NS" else Side.EW]


def _artificial_computations(side: str) -> tuple[Computation, ...]:
    """Law 12C1: the artificial score of one side (its label, and its percentage in pairs or IMPs in teams)."""
    lower = side.lower()

    def label(context: ComputeContext) -> str:
        return _artificial(context, side).label.value

    def percent(context: ComputeContext) -> int | None:
        value = _artificial(context, side).percent
        return None if value is None else round(value)

    def imps(context: ComputeContext) -> int | None:
        return _artificial(context, side).imps

    needs = ("form", f"fault_{lower}")
    return (
        Computation(f"artificial_{lower}", label, "enum", requires=needs, doc=f"Law 12C1 label for {side}"),
        Computation(
            f"percent_{lower}",
            percent,
            nullable=True,
            requires=needs,
            doc=f"Laws 12C1/88: {side}'s matchpoint percentage in pairs (at least it, Law 88)",
        ),
        Computation(
            f"imps_{lower}", imps, nullable=True, requires=needs, doc=f"Laws 12C1/86A: {side}'s IMPs in teams"
        ),
    )


COMPUTATIONS: dict[str, Computation] = {
    computation.name: computation
    for computation in (
        Computation(
            name="tricks_transferred",
            function=compute_tricks_transferred,
            requires=("offender_won_revoke_trick", "offending_side_tricks_after_revoke_trick"),
            doc="Law 64A1/64A2 (1997) trick transfer",
        ),
        Computation(
            name="revoke_transfer_2017",
            function=compute_revoke_transfer_2017,
            requires=("offender_won_revoke_trick", "offending_side_tricks_after_revoke_trick"),
            doc="Law 64A1/64A2 (2017) trick transfer: 64A2 gives one trick at most",
        ),
        Computation(
            name="adjusted_declarer_tricks",
            function=compute_adjusted_declarer_tricks,
            nullable=True,
            # other_tricks_transferred is read when a tree declares it (revoke v2) but not required of every tree.
            inputs=(("declarer_tricks", "int"), ("revoking_side", "enum")),
            uses=("tricks_transferred",),
            doc="declarer's tricks after the Law 64A transfer (and another revoke's, other_tricks_transferred)",
        ),
        Computation(
            name="score_ns",
            function=compute_score_ns,
            nullable=True,
            inputs=(("contract", "contract"), ("declarer", "seat"), ("vulnerability", "vulnerability")),
            uses=("adjusted_declarer_tricks",),
            doc="Law 77 score for North–South after the adjustment",
        ),
        Computation(
            name="tricks_awarded",
            function=compute_tricks_awarded,
            nullable=True,
            doc="Laws 69–71: the claiming or conceding side's tricks after the ruling",
        ),
        Computation(
            name="claim_declarer_tricks",
            function=compute_claim_declarer_tricks,
            nullable=True,
            requires=("made_by",),
            inputs=(("contract", "contract"),),
            uses=("tricks_awarded",),
            doc="the declaring side's tricks after a claim or concession",
        ),
        Computation(
            name="claim_sure_tricks",
            function=compute_claim_sure_tricks,
            nullable=True,
            inputs=_CLAIM_CARDS,
            doc="Law 70A aid: tricks left the claimer's side takes by force (bridge.claims)",
        ),
        Computation(
            name="claim_trump_risk",
            function=compute_claim_trump_risk,
            nullable=True,
            inputs=_CLAIM_CARDS,
            doc="Law 70C3 aid: tricks a normal line could lose to outstanding trumps (bridge.claims)",
        ),
        Computation(
            name="claim_positional_tricks",
            function=compute_claim_positional_tricks,
            nullable=True,
            inputs=_CLAIM_CARDS,
            doc="Law 70E aid: the claimer's cards that win only by a finesse or a drop (bridge.claims)",
        ),
        *_artificial_computations("NS"),
        *_artificial_computations("EW"),
    )
}
"""Every computation a tree may name, by name."""
