"""The claim helper (bridge.claims; Laws 70A, 70C, 70E): classic endings, and endplay's double-dummy solver as an
oracle (a test-only dependency, docs/design.md §6a) — the sure tricks are never more than best play takes, and the
careless line the trump count describes really loses those tricks."""

from __future__ import annotations

import random

import pytest

from bridge.cards import SUITS, Card, Hand, Rank, Strain
from bridge.claims import Ending, Role, analyse, positional_cards, sure_tricks, trump_tricks_at_risk
from bridge.errors import CardError


def ending(claimer: str, partner: str, lho: str, rho: str, trumps: Strain | None = None, **kw) -> Ending:
    return Ending(Hand.parse(claimer), Hand.parse(partner), Hand.parse(lho), Hand.parse(rho), trumps, **kw)


# --- sure tricks -----------------------------------------------------------------------------------------------


def test_all_top_winners_are_sure():
    assert sure_tricks(ending("SAKQ HA", "S2 H2 D2 C2", "SJ H3 D3 C3", "S3 H4 D4 C4")) == 4


def test_a_blocked_suit_without_an_entry_loses_its_winners():
    # Claimer ♠A ♣2 on lead; dummy ♠KQ: cash the ace and the lead stays in hand; ♣2 must then be led.
    assert sure_tricks(ending("SA C2", "SKQ", "SJ CA", "S2 C3")) == 1
    # From dummy it is no better: the singleton ace must follow to the first spade, and wins it.
    assert sure_tricks(ending("SA C2", "SKQ", "SJ CA", "S2 C3", on_lead=Role.PARTNER)) == 1
    # Unblocked (the ace in dummy with the queen), both spades win.
    assert sure_tricks(ending("SK C2", "SAQ", "SJ CA", "S2 C3", on_lead=Role.PARTNER)) == 2


def test_an_entry_by_leading_low_to_partners_master():
    # Claimer leads ♥2 to dummy's ♥A, then cashes dummy's clubs.
    assert sure_tricks(ending("H2 D2 D3", "HA CA CK", "H3 D4 C2", "H4 D5 C3")) == 3


def test_no_trick_for_a_finesse():
    # ♠AQ over ♠K: the queen wins only if the king is onside — not a sure trick.
    assert sure_tricks(ending("SAQ", "S2 S3", "SK S4", "S5 S6")) == 1


def test_trumps_are_drawn_before_plain_winners_are_safe():
    claimer, partner = "SA HAKQ", "S2 H2 D2 C2"
    # West (LHO) holds the last trump and no heart: only after the ♠A draws it are the hearts safe.
    assert sure_tricks(ending(claimer, partner, "SJ D3 D4 D5", "S3 C3 C4 C5", Strain.S)) == 4
    # Without a trump to draw it, hearts are never safe while he can ruff them.
    assert sure_tricks(ending("HAKQJ", "H2 D2 C2 C3", "SJ D3 D4 D5", "H3 H4 H5 C4", Strain.S)) == 0


def test_a_ruff_in_partners_hand_is_sure_when_no_defender_can_overruff():
    # Claimer leads ♦2; dummy is void of diamonds and ruffs with ♥2; both defenders follow.
    assert sure_tricks(ending("D2", "H2", "D3", "D4", Strain.H)) == 1


def test_a_defender_on_lead_gives_no_count():
    assert sure_tricks(ending("SA", "S2", "S3", "S4", on_lead=Role.LHO)) is None


# --- outstanding trumps (70C) ----------------------------------------------------------------------------------


def test_an_outstanding_trump_can_ruff_a_winner_cashed_first():
    e = ending("SA HAKQ", "S2 H2 D2 C2", "SJ D3 D4 D5", "S3 C3 C4 C5", Strain.S)
    # Each defender is void in hearts and holds a trump: cashing hearts first lets each ruff one.
    assert trump_tricks_at_risk(e) == 2
    points = analyse(e)[1]
    trumps = [point for point in points if point.kind == "outstanding_trump"]
    assert [(p.holder, [str(c) for c in p.cards], p.tricks) for p in trumps] == [
        (Role.LHO, ["SJ"], 1),
        (Role.RHO, ["S3"], 1),
    ]
    assert all(point.law == "70C" for point in trumps)


def test_a_trump_above_all_of_the_claimers_is_a_trick_for_the_defence():
    assert trump_tricks_at_risk(ending("SQ HA", "S2 H2", "SK H3", "D2 H4", Strain.S)) == 1


def test_no_trump_risk_in_no_trump_or_when_the_defence_has_none():
    assert trump_tricks_at_risk(ending("SA HA", "S2 H2", "S3 H3", "S4 H4")) == 0
    assert trump_tricks_at_risk(ending("SA HA", "S2 H2", "D3 H3", "D4 H4", Strain.S)) == 0


# --- finesses and drops (70E) ----------------------------------------------------------------------------------


def test_a_tenace_card_needs_a_finesse():
    e = ending("SAQ", "S2 S3", "SK S4", "S5 S6")
    assert [str(card) for card in positional_cards(e)] == ["SQ"]
    position = [point for point in analyse(e)[1] if point.kind == "position"]
    assert position[0].law == "70E" and position[0].tricks == 1 and position[0].suit is Strain.S


def test_a_card_below_cards_of_both_defenders_or_with_no_length_is_not_a_finesse():
    # ♠Q below ♠K (West) and ♠A (East): no single defender to finesse against.
    assert positional_cards(ending("SQ2", "S3 S4", "SK S5", "SA S6")) == ()
    # ♦2 under East's ♦43 (♣2 under West's ♣43) with no other card of the suit: no position promotes it.
    assert positional_cards(ending("D2 SA", "C2 SK", "D3 D4", "C3 C4")) == ()


# --- checks ----------------------------------------------------------------------------------------------------


def test_the_hands_must_be_equal_and_disjoint():
    with pytest.raises(CardError) as caught:
        ending("SA", "S2 S3", "S4", "S5")
    assert caught.value.code == "claim.hands_unequal" and caught.value.field == "claimer_cards"
    with pytest.raises(CardError) as caught:
        ending("SA", "SA", "S4", "S5")
    assert caught.value.code == "claim.card_in_two_hands"
    assert caught.value.field == "partner_cards" and caught.value.params["card"] == "SA"


# --- endplay as an oracle --------------------------------------------------------------------------------------

DECK = [Card(suit, rank) for suit in SUITS for rank in Rank]


def _pbn(hand: Hand) -> str:
    symbols = {Rank.TEN: "T"}
    return ".".join("".join(symbols.get(r, r.symbol) for r in hand.suit(suit)) for suit in SUITS)


def _double_dummy(e: Ending, *, first_plays: list[str] | None = None) -> int:
    """Best play for the claimer's side (North = claimer, East = LHO, South = partner, West = RHO): the tricks of
    the side on lead, or, after ``first_plays`` complete a trick, the tricks left to the claimer's side."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    denom = {Strain.S: Denom.spades, Strain.H: Denom.hearts, Strain.D: Denom.diamonds, Strain.C: Denom.clubs}
    deal = Deal(
        f"N:{_pbn(e.claimer)} {_pbn(e.lho)} {_pbn(e.partner)} {_pbn(e.rho)}",
        first=Player.north if e.on_lead is Role.CLAIMER else Player.south,
        trump=denom.get(e.trumps, Denom.nt) if e.trumps else Denom.nt,
    )
    won = 0
    for card in first_plays or []:
        deal.play(card)
    if first_plays:
        # The trick is complete; who won it is now on lead.
        won = 0 if deal.first in (Player.east, Player.west) else 1
        best = max(tricks for _, tricks in solve_board(deal)) if len(deal.north) else 0
        return won + (best if deal.first in (Player.north, Player.south) else len(deal.north) - best)
    return max(tricks for _, tricks in solve_board(deal))


def _random_ending(rng: random.Random, size: int) -> Ending:
    cards = rng.sample(DECK, 4 * size)
    hands = [Hand(frozenset(cards[i * size : (i + 1) * size])) for i in range(4)]
    trumps = rng.choice([None, Strain.S, Strain.H, Strain.D])
    return Ending(hands[0], hands[2], hands[1], hands[3], trumps, rng.choice([Role.CLAIMER, Role.PARTNER]))


def test_sure_tricks_never_exceed_double_dummy():
    pytest.importorskip("endplay")
    rng = random.Random(70)
    checked = equal = 0
    for _ in range(250):
        e = _random_ending(rng, rng.randint(1, 7))
        sure = sure_tricks(e)
        assert sure is not None
        best = _double_dummy(e)
        assert sure <= best, (e, sure, best)
        checked += 1
        equal += sure == best
    # Not a vacuous bound: on many random endings the line that never gives up the lead is best play.
    assert checked == 250 and equal > 80


def test_the_careless_line_loses_a_trick_to_the_outstanding_trump():
    """70C3: with ♠J and ♠3 out, cashing hearts first lets East (void) ruff at once and West after one round —
    after the first ruff best play loses a second trick to the other trump: the two tricks counted at risk."""
    pytest.importorskip("endplay")
    e = ending("SA HAKQ", "S2 D2 C2 C3", "SJ D3 D4 D5", "S3 H2 C4 C5", Strain.S)
    assert trump_tricks_at_risk(e) == 2
    assert _double_dummy(e) == 4  # drawing the trump first takes every trick
    careless = _double_dummy(e, first_plays=["HA", "SJ", "D2", "H2"])
    assert careless == _double_dummy(e) - trump_tricks_at_risk(e) == 2
