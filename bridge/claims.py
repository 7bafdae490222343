"""The claim helper (Laws 70A, 70C, 70E, 1997): from the cards left when a claim was made, the tricks the
claimer's side takes by force and the normal lines on which it could still lose one.

A contested claim is ruled on the cards (Law 70B: every player faces his remaining cards) with every doubtful
point against the claimer (70A). This module does not rule: it reads the ending and lists what the Director should
look at. It needs no double-dummy engine:

* :func:`sure_tricks` — the tricks the claimer's side takes on a line that never gives up the lead, against any
  defence: it leads only to tricks it must win (a card no defender can beat, or a ruff no defender can overruff)
  and leads a plain suit only when no defender who still holds a trump can be void in it. So no finesse, no drop
  of an honour, no squeeze, no endplay, no ceding a trick to set up a suit. The count is exact for that line, and a
  lower bound of what best play takes (the tests check it against a double-dummy solver).
* :func:`trump_tricks_at_risk` — Law 70C3: the tricks the defenders' trumps could take if the claimer cashes his
  plain-suit winners without drawing them (a normal, careless line), plus their trumps no trump of his can beat.
* :func:`positional_cards` — Law 70E: the claimer's cards that take a trick only if the defenders' higher cards
  lie well (a finesse, or a drop) — a line that must have been stated.

The defenders are modelled as keeping their high cards: each follows with his lowest card of the suit led and,
when void, gives up nothing the model tracks. Every real defence leaves them no more (and no higher) cards than
that, so a trick the model's line wins is won in play too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from . import messages
from .cards import SUITS, Card, Hand, Rank, Strain
from .errors import CardError

__all__ = [
    "DoubtfulPoint",
    "Ending",
    "Role",
    "analyse",
    "positional_cards",
    "sure_tricks",
    "trump_tricks_at_risk",
]


class Role(StrEnum):
    """A hand at the table seen from the claimer (Law 68A: a claim is made by declarer or a defender)."""

    CLAIMER = "claimer"
    LHO = "lho"
    PARTNER = "partner"
    RHO = "rho"

    @property
    def claiming_side(self) -> bool:
        return self in (Role.CLAIMER, Role.PARTNER)


@dataclass(frozen=True)
class Ending:
    """The cards left in the four hands when the claim was made, the trump suit (None for no trump) and the hand
    on lead. Every hand holds the same number of cards (the tricks left), and no card is in two hands."""

    claimer: Hand
    partner: Hand
    lho: Hand
    rho: Hand
    trumps: Strain | None = None
    on_lead: Role = Role.CLAIMER

    def __post_init__(self) -> None:
        hands = self.hands
        sizes = {len(hand) for hand in hands.values()}
        if len(sizes) != 1 or 0 in sizes:
            counts = ", ".join(f"{role.value} {len(hand)}" for role, hand in hands.items())
            raise CardError(messages.CLAIM_HANDS_UNEQUAL, "claimer_cards", counts=counts)
        seen: dict[Card, Role] = {}
        for role, hand in hands.items():
            for card in hand:
                if card in seen:
                    raise CardError(
                        messages.CLAIM_CARD_IN_TWO_HANDS,
                        f"{role.value}_cards",
                        card=str(card),
                        first=seen[card].value,
                        second=role.value,
                    )
                seen[card] = role
        if self.trumps is Strain.NT:
            object.__setattr__(self, "trumps", None)

    @property
    def hands(self) -> dict[Role, Hand]:
        return {
            Role.CLAIMER: self.claimer,
            Role.LHO: self.lho,
            Role.PARTNER: self.partner,
            Role.RHO: self.rho,
        }

    @property
    def tricks_left(self) -> int:
        return len(self.claimer)


@dataclass(frozen=True)
class DoubtfulPoint:
    """A normal line on which the claimer could lose a trick, for the Director to weigh (Laws 70C, 70E).

    ``kind`` is ``outstanding_trump`` (a defender's trumps: ``cards``, the ``tricks`` a careless line loses to
    them) or ``position`` (the claimer's ``cards`` in ``suit`` that win only if the defenders' higher cards lie
    well). ``holder`` is the defender concerned, when one is.
    """

    kind: str
    law: str
    suit: Strain
    cards: tuple[Card, ...]
    tricks: int
    holder: Role | None = None


def analyse(ending: Ending) -> tuple[int | None, tuple[DoubtfulPoint, ...]]:
    """The sure tricks (None when a defender is on lead) and every doubtful point, trumps first."""
    points = _trump_points(ending) + _positional_points(ending)
    return sure_tricks(ending), points


# ---------------------------------------------------------------------------------------- sure tricks (70A)

# A holding in the search: for each suit (spades first), a bit mask of its ranks (bit 0 = the two, bit 12 = the ace).
_Masks = tuple[int, int, int, int]


def sure_tricks(ending: Ending) -> int | None:
    """The tricks the claimer's side takes without ever giving up the lead, whatever the defenders do.

    None when a defender is on lead (the helper does not analyse the defenders' leads).
    """
    if not ending.on_lead.claiming_side:
        return None
    leader, other = (
        (ending.claimer, ending.partner)
        if ending.on_lead is Role.CLAIMER
        else (ending.partner, ending.claimer)
    )
    first, second = _masks(ending.lho), _masks(ending.rho)
    return _best(
        _masks(leader), _masks(other), min(first, second), max(first, second), _suit_index(ending.trumps)
    )


def _suit_index(suit: Strain | None) -> int:
    return -1 if suit is None else SUITS.index(suit)


def _masks(hand: Hand) -> _Masks:
    masks = [0, 0, 0, 0]
    for card in hand:
        masks[SUITS.index(card.suit)] |= 1 << (int(card.rank) - 2)
    return masks[0], masks[1], masks[2], masks[3]


@lru_cache(maxsize=65536)
def _best(lead: _Masks, other: _Masks, first: _Masks, second: _Masks, trumps: int) -> int:
    """The most tricks in a row the hand on lead (``lead``) and its partner (``other``) win by force against
    the model defenders ``first`` and ``second`` (kept in order, since the model treats them alike)."""
    left = sum(mask.bit_count() for mask in lead)
    best = 0
    for suit in range(4):
        if not lead[suit] or not _safe(suit, first, second, trumps):
            continue
        top = _high(first[suit] | second[suit])  # the defenders' best card of the suit (0: none)
        follows = other[suit] != 0
        ruffs = not follows and trumps >= 0 and suit != trumps and other[trumps] != 0
        # A trick is won only by a card above every defender's card of the suit, or by the partner's ruff.
        if _high(lead[suit]) < top and not ruffs and not (follows and _high(other[suit]) > top):
            continue
        after = (_follow(first, suit), _follow(second, suit))
        next_first, next_second = min(after), max(after)
        out = other[suit] | first[suit] | second[suit]
        for led in _runs(lead[suit], out):
            new_lead = _take(lead, suit, led)
            for answer_suit, answer in _answers(other, suit, lead[suit] | first[suit] | second[suit], trumps):
                if answer_suit == suit:
                    winner_is_other, won = answer > led, max(answer, led) > top
                elif answer_suit == trumps and suit != trumps:
                    winner_is_other, won = True, True  # a ruff: no defender is void with a trump (_safe)
                else:
                    winner_is_other, won = False, led > top
                if not won:
                    continue
                new_other = _take(other, answer_suit, answer)
                if winner_is_other:
                    value = 1 + _best(new_other, new_lead, next_first, next_second, trumps)
                else:
                    value = 1 + _best(new_lead, new_other, next_first, next_second, trumps)
                if value > best:
                    best = value
                    if best == left:
                        return best  # every trick left: nothing better exists
    return best


def _high(mask: int) -> int:
    """The highest card of a mask as a single bit (0 for an empty mask)."""
    return 1 << (mask.bit_length() - 1) if mask else 0


def _safe(suit: int, first: _Masks, second: _Masks, trumps: int) -> bool:
    """A lead no defender can ruff: no trump, trumps led, or each defender holding a trump holds the suit."""
    if trumps < 0 or suit == trumps:
        return True
    return all(holding[suit] or not holding[trumps] for holding in (first, second))


def _runs(mask: int, out: int) -> list[int]:
    """The lowest card (as a bit) of each run of ``mask`` with no card of ``out`` between its cards."""
    chosen: list[int] = []
    previous = 0
    while mask:
        card = mask & -mask
        mask ^= card
        if previous and not out & (card - 1) & ~((previous << 1) - 1):
            continue  # no card out lies between this one and the last one chosen: the two are equivalent
        chosen.append(card)
        previous = card
    return chosen


def _answers(hand: _Masks, suit: int, out: int, trumps: int) -> list[tuple[int, int]]:
    """(suit, card bit) of the cards worth trying for the leader's partner: one of each run of the suit led;
    when void, a ruff with his lowest trump, or a discard of the lowest or the highest card of a suit (the
    highest to unblock)."""
    if hand[suit]:
        return [(suit, card) for card in _runs(hand[suit], out)]
    answers: list[tuple[int, int]] = []
    for other_suit, mask in enumerate(hand):
        if not mask:
            continue
        answers.append((other_suit, mask & -mask))
        if other_suit != trumps and mask & (mask - 1):
            answers.append((other_suit, _high(mask)))
    return answers


def _take(holding: _Masks, suit: int, card: int) -> _Masks:
    masks = list(holding)
    masks[suit] &= ~card
    return masks[0], masks[1], masks[2], masks[3]


def _follow(holding: _Masks, suit: int) -> _Masks:
    """The model defender's play: his lowest card of the suit led; when void, nothing he holds is given up."""
    mask = holding[suit]
    return _take(holding, suit, mask & -mask) if mask else holding


# ------------------------------------------------------------------------------------ outstanding trumps (70C)


def _masters(ending: Ending, suit: Strain) -> int:
    """Cards of the claimer's side in ``suit`` above every defender's card of it."""
    top = max((int(r) for role in (Role.LHO, Role.RHO) for r in ending.hands[role].suit(suit)), default=0)
    return sum(
        1 for role in (Role.CLAIMER, Role.PARTNER) for r in ending.hands[role].suit(suit) if int(r) > top
    )


def _top_rounds(ending: Ending, suit: Strain) -> int:
    """Rounds of ``suit`` the claimer's side wins with its top cards: its masters, no more than its longer hand."""
    longest = max(len(ending.claimer.suit(suit)), len(ending.partner.suit(suit)))
    return min(_masters(ending, suit), longest)


def _trump_risk(ending: Ending, holder: Role) -> int:
    trumps = ending.trumps
    if trumps is None:
        return 0
    hand = ending.hands[holder]
    held = hand.suit(trumps)
    if not held:
        return 0
    theirs_top = max(
        (int(r) for role in (Role.CLAIMER, Role.PARTNER) for r in ending.hands[role].suit(trumps)), default=0
    )
    beyond_reach = sum(1 for rank in held if int(rank) > theirs_top)
    ruffs = sum(
        max(0, _top_rounds(ending, suit) - len(hand.suit(suit))) for suit in SUITS if suit is not trumps
    )
    return min(len(held), beyond_reach + ruffs)


def trump_tricks_at_risk(ending: Ending) -> int:
    """Law 70C3: tricks the defenders' trumps could take on a normal line — the claimer cashing his plain-suit
    winners before drawing trumps (each defender ruffs once he is void), plus any trump of theirs above all of
    the claimer's side's trumps. At most the tricks left; 0 in no trump."""
    total = _trump_risk(ending, Role.LHO) + _trump_risk(ending, Role.RHO)
    return min(total, ending.tricks_left)


def _trump_points(ending: Ending) -> tuple[DoubtfulPoint, ...]:
    trumps = ending.trumps
    if trumps is None:
        return ()
    points = []
    for holder in (Role.LHO, Role.RHO):
        cards = tuple(card for card in ending.hands[holder] if card.suit is trumps)
        if cards:
            points.append(
                DoubtfulPoint("outstanding_trump", "70C", trumps, cards, _trump_risk(ending, holder), holder)
            )
    return tuple(points)


# ------------------------------------------------------------------------------------ finesse or drop (70E)


def positional_cards(ending: Ending) -> tuple[Card, ...]:
    """Law 70E: the claimer's side's cards below a defender's card of their suit, where every higher card out is
    held by one defender and the side holds, besides the card, at least as many cards of the suit as that
    defender's higher ones — cards that can win only by a finesse or a drop, depending on where those lie."""
    found: list[Card] = []
    for suit in SUITS:
        holdings: Mapping[Role, tuple[Rank, ...]] = {
            role: ending.hands[role].suit(suit) for role in (Role.LHO, Role.RHO)
        }
        ours = len(ending.claimer.suit(suit)) + len(ending.partner.suit(suit))
        for role in (Role.CLAIMER, Role.PARTNER):
            for rank in ending.hands[role].suit(suit):
                higher = {holder: sum(1 for r in ranks if r > rank) for holder, ranks in holdings.items()}
                holders = [holder for holder, count in higher.items() if count]
                # One defender holds every higher card, and the side has enough other cards of the suit to lead
                # towards this one (or to play under) once for each of them.
                if len(holders) == 1 and ours - 1 >= higher[holders[0]]:
                    found.append(Card(suit, rank))
    return tuple(sorted(found, key=lambda card: (SUITS.index(card.suit), -int(card.rank))))


def _positional_points(ending: Ending) -> tuple[DoubtfulPoint, ...]:
    cards = positional_cards(ending)
    points = []
    for suit in SUITS:
        in_suit = tuple(card for card in cards if card.suit is suit)
        if in_suit:
            points.append(DoubtfulPoint("position", "70E", suit, in_suit, len(in_suit)))
    return tuple(points)
