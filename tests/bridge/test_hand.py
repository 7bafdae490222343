"""Card and hand notation (bridge.cards: Law 1): parse ↔ str round-trips, like Contract."""

from __future__ import annotations

import itertools
import random

import pytest

from bridge.cards import SUITS, Card, Hand, Rank, Strain
from bridge.errors import CardError, EngineError

DECK = [Card(suit, rank) for suit in SUITS for rank in Rank]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("SAK3 HQJ10 C54", "SAK3 HQJ10 C54"),
        ("♠AK3 ♥QJT ♦- ♣54", "SAK3 HQJ10 C54"),
        ("黑桃AK3 红心QJ10 梅花54", "SAK3 HQJ10 C54"),
        ("AK3.QJ10..54", "SAK3 HQJ10 C54"),
        ("ak3.qjt..54", "SAK3 HQJ10 C54"),
        ("c54 s3ka, hjq10", "SAK3 HQJ10 C54"),
        ("红桃A 方片K 草花2", "HA DK C2"),
        ("S:A H:2", "SA H2"),
        ("-", "-"),
        ("—", "-"),
        ("...", "-"),
    ],
)
def test_a_hand_reads_in_every_notation_and_prints_canonically(text, canonical):
    hand = Hand.parse(text)
    assert str(hand) == canonical
    assert Hand.parse(str(hand)) == hand


def test_every_card_round_trips():
    for card in DECK:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.label) == card
    assert str(Card(Strain.H, Rank.TEN)) == "H10" and Card(Strain.S, Rank.ACE).label == "♠A"


def test_random_hands_round_trip_through_both_forms():
    rng = random.Random(16)
    for _ in range(300):
        hand = Hand(frozenset(rng.sample(DECK, rng.randint(0, 13))))
        assert Hand.parse(str(hand)) == hand
        dotted = ".".join("".join(r.symbol for r in hand.suit(suit)) for suit in SUITS)
        assert Hand.parse(dotted) == hand


def test_honours_are_the_ten_and_up():
    assert [rank.symbol for rank in Rank if rank.is_honour] == ["10", "J", "Q", "K", "A"]


def test_a_hand_lists_its_cards_in_order_and_by_suit():
    hand = Hand.parse("C2 SA H10 SK")
    assert [str(card) for card in hand] == ["SA", "SK", "H10", "C2"]
    assert hand.suit(Strain.S) == (Rank.ACE, Rank.KING) and hand.suit(Strain.D) == ()
    assert len(hand) == 4 and Card.parse("SA") in hand
    assert hand.label == "♠AK ♥10 ♣2" and Hand.parse("-").label == "—"


@pytest.mark.parametrize(
    ("value", "code", "params"),
    [
        ("", "cards.hand_empty", {}),
        ("AK", "cards.rank_without_suit", {"rank": "A", "value": "AK"}),
        ("SAA", "cards.card_twice", {"card": "SA", "value": "SAA"}),
        ("SX", "cards.hand_unreadable", {"char": "X", "value": "SX"}),
        ("S1", "cards.hand_unreadable", {"char": "1", "value": "S1"}),
        ("A.K", "cards.hand_dots", {"parts": 2, "value": "A.K"}),
        (3, "cards.hand_not_text", {"value": 3}),
    ],
)
def test_bad_hands_name_the_field_and_say_why(value, code, params):
    with pytest.raises(CardError) as caught:
        Hand.parse(value, field="lho_cards")
    error = caught.value
    assert isinstance(error, EngineError) and error.field == "lho_cards"
    assert error.code == code and error.params == params
    assert error.text("zh-hans") and error.message


@pytest.mark.parametrize("value", ["SAK", "S", "X", "", 12])
def test_a_card_is_exactly_one_card(value):
    with pytest.raises(CardError) as caught:
        Card.parse(value)
    assert caught.value.code == "cards.card_unreadable"


def test_cards_and_hands_are_values():
    assert Card.parse("sa") == Card(Strain.S, Rank.ACE)
    assert {Hand.parse("SA H2"), Hand.parse("H2 SA")} == {Hand.parse("SA H2")}
    for first, second in itertools.combinations(DECK[:5], 2):
        assert (first < second) != (second < first)
    with pytest.raises(CardError):
        Card(Strain.NT, Rank.ACE)
