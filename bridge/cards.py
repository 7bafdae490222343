"""Seats, strains, vulnerability, contracts, cards and hands: the nouns the laws score and rule with.

Contract notation (docs/design.md §7): level 1–7, strain ``C D H S NT`` (also ``N``, ♣♦♥♠, 梅花 方块 红心 黑桃 无将),
then ``X`` or ``XX``; case-insensitive; ``PASS`` for a board passed out. ``Contract.parse`` and ``str`` round-trip
through the canonical form (``4SX``, ``3NT``, ``7NTXX``, ``PASS``).

Card and hand notation (Law 1): a suit letter (``S H D C``, also ♠♥♦♣ and 黑桃 红心/红桃 方块/方片 梅花/草花) then
its ranks (``A K Q J 10`` — also ``T`` — ``9`` … ``2``): ``SA``, ``H10``; a hand ``SAK3 HQJ10 C54`` (a void may be
written ``D-`` or left out; ``-`` alone is an empty hand), or PBN's dotted form ``AK3.QJ10..54`` (spades, hearts,
diamonds, clubs). ``Card.parse``/``Hand.parse`` and ``str`` round-trip through the canonical form (``SA``,
``SAK3 HQJ10 C54``, ``-``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum, StrEnum, auto
from typing import Any

from . import messages, tables
from .errors import CardError, ContractError, SeatError, StrainError, VulnerabilityError
from .inputs import read_whole

__all__ = ["Card", "Contract", "Doubling", "Hand", "Rank", "Seat", "Side", "Strain", "Vulnerability"]

MIN_LEVEL = 1
MAX_LEVEL = 7
TOTAL_TRICKS = 13

_SPACES = re.compile(r"\s+")


def _key(text: str) -> str:
    """Normalise user text for a lookup: no whitespace, upper case."""
    return _SPACES.sub("", text).upper()


class Side(StrEnum):
    """Law 4: the two sides of a table, North–South against East–West."""

    NS = "NS"
    EW = "EW"

    @property
    def opponents(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @classmethod
    def parse(cls, value: Side | str, *, field: str = "side") -> Side:
        """Read ``NS``/``EW`` (also ``N-S``, ``E/W``, 南北, 东西), case-insensitive."""
        if isinstance(value, Side):
            return value
        if isinstance(value, str):
            side = _SIDE_NAMES.get(_key(value).replace("-", "").replace("/", ""))
            if side is not None:
                return side
        raise SeatError(messages.SIDE_UNKNOWN, field, value=value)


_SIDE_NAMES: dict[str, Side] = {"NS": Side.NS, "EW": Side.EW, "南北": Side.NS, "东西": Side.EW}


class Seat(StrEnum):
    """Law 3: the four compass positions at a table, in the order of play (clockwise)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def partner(self) -> Seat:
        return _ORDER[(_ORDER.index(self) + 2) % 4]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next player in rotation."""
        return _ORDER[(_ORDER.index(self) + 1) % 4]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous player in rotation."""
        return _ORDER[(_ORDER.index(self) + 3) % 4]

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def label_zh(self) -> str:
        return _SEAT_ZH[self]

    @classmethod
    def parse(cls, value: Seat | str, *, field: str = "seat") -> Seat:
        """Read ``N E S W`` (also ``North``…, 北 东 南 西, 北家…), case-insensitive."""
        if isinstance(value, Seat):
            return value
        if isinstance(value, str):
            seat = _SEAT_NAMES.get(_key(value))
            if seat is not None:
                return seat
        raise SeatError(messages.SEAT_UNKNOWN, field, value=value)


_ORDER: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_ZH: dict[Seat, str] = {Seat.N: "北", Seat.E: "东", Seat.S: "南", Seat.W: "西"}
_SEAT_NAMES: dict[str, Seat] = {
    **{s.value: s for s in Seat},
    **{name: s for s, name in zip(Seat, ("NORTH", "EAST", "SOUTH", "WEST"), strict=True)},
    **{zh: s for s, zh in _SEAT_ZH.items()},
    **{zh + "家": s for s, zh in _SEAT_ZH.items()},
}


class Strain(StrEnum):
    """Law 1 / Definitions: a denomination (定约名目), lowest to highest: clubs, diamonds, hearts, spades, no trump."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    @property
    def is_major(self) -> bool:
        return self in (Strain.H, Strain.S)

    @property
    def symbol(self) -> str:
        return _STRAIN_SYMBOL[self]

    @property
    def label_zh(self) -> str:
        return _STRAIN_ZH[self]

    @classmethod
    def parse(cls, value: Strain | str, *, field: str = "strain") -> Strain:
        """Read ``C D H S NT N``, ♣♦♥♠ (also ♧♢♡♤), 梅花 方块 红心 黑桃 无将 (also 草花, 无), case-insensitive."""
        if isinstance(value, Strain):
            return value
        if isinstance(value, str):
            strain = _STRAIN_NAMES.get(_key(value))
            if strain is not None:
                return strain
        raise StrainError(messages.STRAIN_UNKNOWN, field, value=value)


_STRAIN_SYMBOL: dict[Strain, str] = {
    Strain.C: "♣",
    Strain.D: "♦",
    Strain.H: "♥",
    Strain.S: "♠",
    Strain.NT: "NT",
}
_STRAIN_ZH: dict[Strain, str] = {
    Strain.C: "梅花",
    Strain.D: "方块",
    Strain.H: "红心",
    Strain.S: "黑桃",
    Strain.NT: "无将",
}
_STRAIN_NAMES: dict[str, Strain] = {
    **{s.value: s for s in Strain},
    "N": Strain.NT,
    "♣": Strain.C,
    "♧": Strain.C,
    "♦": Strain.D,
    "♢": Strain.D,
    "♥": Strain.H,
    "♡": Strain.H,
    "♠": Strain.S,
    "♤": Strain.S,
    **{zh: s for s, zh in _STRAIN_ZH.items()},
    "草花": Strain.C,
    "无": Strain.NT,
    "CLUBS": Strain.C,
    "DIAMONDS": Strain.D,
    "HEARTS": Strain.H,
    "SPADES": Strain.S,
    "NOTRUMP": Strain.NT,
    "NOTRUMPS": Strain.NT,
}


class Doubling(IntEnum):
    """Law 19 / 77: whether the final contract was doubled or redoubled (compares equal to 0, 1, 2)."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return "X" * int(self)


class Vulnerability(StrEnum):
    """Law 2: which sides are vulnerable on a board (None, NS, EW, Both; 双无 南北 东西 双有)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    def is_vulnerable(self, seat: Seat | Side | str) -> bool:
        """Law 2: whether the side of ``seat`` (a seat, a side, or text for either) is vulnerable."""
        if isinstance(seat, Seat):
            side = seat.side
        elif isinstance(seat, Side):
            side = seat
        elif isinstance(seat, str) and _key(seat) in _SEAT_NAMES:
            side = Seat.parse(seat).side
        elif isinstance(seat, str):
            side = Side.parse(seat)
        else:
            raise SeatError(messages.SEAT_UNKNOWN, value=seat)
        return self is Vulnerability.BOTH or self.value == side.value

    @property
    def label_zh(self) -> str:
        return _VUL_ZH[self]

    @classmethod
    def parse(cls, value: Vulnerability | str, *, field: str = "vulnerability") -> Vulnerability:
        """Read ``None NS EW Both`` (case-insensitive; also 双无 南北 东西 双有 and common variants)."""
        if isinstance(value, Vulnerability):
            return value
        if isinstance(value, str):
            vul = _VUL_NAMES.get(_key(value).replace("-", "").replace("/", ""))
            if vul is not None:
                return vul
        raise VulnerabilityError(messages.VULNERABILITY_UNKNOWN, field, value=value)


_VUL_ZH: dict[Vulnerability, str] = {
    Vulnerability.NONE: "双无",
    Vulnerability.NS: "南北",
    Vulnerability.EW: "东西",
    Vulnerability.BOTH: "双有",
}
_VUL_NAMES: dict[str, Vulnerability] = {
    **{v.value.upper(): v for v in Vulnerability},
    **{zh: v for v, zh in _VUL_ZH.items()},
    "NEITHER": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "ALL": Vulnerability.BOTH,
    "无局": Vulnerability.NONE,
    "双方无局": Vulnerability.NONE,
    "南北有局": Vulnerability.NS,
    "东西有局": Vulnerability.EW,
    "双方有局": Vulnerability.BOTH,
    "全局": Vulnerability.BOTH,
}

_PASS_WORDS = frozenset(
    {"PASS", "P", "PASSOUT", "PASSEDOUT", "ALLPASS", "不叫", "都不叫", "全不叫", "四家不叫"}
)
_LEVEL_AND_REST = re.compile(r"^(\d+)(.*)$")
# Longest suffix first, so "XX" and 再加倍 are not read as "X" and 加倍.
_DOUBLING_SUFFIXES: tuple[tuple[str, Doubling], ...] = (
    ("XX", Doubling.REDOUBLED),
    ("再加倍", Doubling.REDOUBLED),
    ("X", Doubling.DOUBLED),
    ("加倍", Doubling.DOUBLED),
)


@dataclass(frozen=True, slots=True)
class Contract:
    """Definitions / Law 22: the final contract. ``level`` 1–7 with a ``strain``, or level 0 and no strain when
    the board was passed out (Law 22A); ``doubled`` is 0, 1 or 2 (a :class:`Doubling`)."""

    level: int
    strain: Strain | None
    doubled: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        level, strain, doubled = self.level, self.strain, self.doubled
        if isinstance(level, bool) or not isinstance(level, int):
            raise ContractError(messages.CONTRACT_LEVEL_NOT_WHOLE, level=level)
        if isinstance(doubled, bool) or not isinstance(doubled, int) or doubled not in (0, 1, 2):
            raise ContractError(messages.CONTRACT_DOUBLING, doubled=doubled)
        object.__setattr__(self, "doubled", Doubling(doubled))
        if level == 0 and strain is None:
            if doubled:
                raise ContractError(messages.CONTRACT_PASSED_OUT_DOUBLED)
            return
        if strain is None:
            raise ContractError(messages.CONTRACT_NEEDS_STRAIN, level=level)
        if not MIN_LEVEL <= level <= MAX_LEVEL:
            raise ContractError(messages.CONTRACT_LEVEL_RANGE, level=level)
        try:
            object.__setattr__(self, "strain", Strain.parse(strain))
        except StrainError as exc:
            raise ContractError(exc.template, None, **exc.params) from None

    @classmethod
    def passed_out(cls) -> Contract:
        """Law 22A: all four players passed; the board scores zero."""
        return cls(0, None, Doubling.UNDOUBLED)

    @property
    def is_passed_out(self) -> bool:
        return self.strain is None

    @property
    def tricks_needed(self) -> int:
        """Tricks the declaring side must take to make the contract (level + book); 0 for a passed-out board."""
        return 0 if self.is_passed_out else self.level + tables.BOOK

    @classmethod
    def parse(cls, value: Contract | str, *, field: str = "contract") -> Contract:
        """Read a contract: ``4S``, ``4SX``, ``3NTXX``, ``3N``, ``4♠X``, ``4黑桃X``, ``4 hearts x``, ``PASS``.

        Case and spaces are ignored. Raises :class:`ContractError` (field ``contract``) for anything else.
        """
        if isinstance(value, Contract):
            return value
        if not isinstance(value, str):
            raise ContractError(messages.CONTRACT_NOT_TEXT, field, value=value)
        text = _key(value)
        if not text:
            raise ContractError(messages.CONTRACT_EMPTY, field)
        if text in _PASS_WORDS:
            return cls.passed_out()
        match = _LEVEL_AND_REST.match(text)
        if match is None:
            raise ContractError(messages.CONTRACT_UNREADABLE, field, value=value)
        level = read_whole(match[1])  # None: more digits than any number is read with (security review N1)
        if level is None or not MIN_LEVEL <= level <= MAX_LEVEL:
            raise ContractError(messages.CONTRACT_LEVEL_RANGE_IN, field, level=match[1], value=value)
        rest, doubled = match[2], Doubling.UNDOUBLED
        for suffix, doubling in _DOUBLING_SUFFIXES:
            if rest.endswith(suffix) and len(rest) > len(suffix):
                rest, doubled = rest[: -len(suffix)], doubling
                break
        strain = _STRAIN_NAMES.get(rest)
        if strain is None:
            raise ContractError(messages.CONTRACT_STRAIN_UNKNOWN, field, value=value, strain=rest or "(none)")
        return cls(level, strain, doubled)

    def __str__(self) -> str:
        if self.strain is None:
            return "PASS"
        return f"{self.level}{self.strain.value}{self.doubled.suffix}"

    @property
    def label_zh(self) -> str:
        """Chinese label, e.g. 4黑桃加倍, 3无将, 四家不叫."""
        if self.strain is None:
            return "四家不叫"
        suffix = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "加倍", Doubling.REDOUBLED: "再加倍"}[
            self.doubled
        ]
        return f"{self.level}{self.strain.label_zh}{suffix}"


# --- cards and hands (Law 1) -----------------------------------------------------------------------------------


class Rank(IntEnum):
    """Law 1: the rank of a card within its suit, ace high, two low (the two is worth 2, the ace 14)."""

    @staticmethod
    def _generate_next_value_(name: str, start: int, count: int, last_values: list[Any]) -> int:
        return count + 2  # the two first: each rank is worth its pips, the jack 11 … the ace 14

    TWO = auto()
    THREE = auto()
    FOUR = auto()
    FIVE = auto()
    SIX = auto()
    SEVEN = auto()
    EIGHT = auto()
    NINE = auto()
    TEN = auto()
    JACK = auto()
    QUEEN = auto()
    KING = auto()
    ACE = auto()

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOL[self]

    @property
    def is_honour(self) -> bool:
        """Law 50B (and Definitions): the ace, king, queen, jack and ten are honours."""
        return self >= Rank.TEN


_RANK_SYMBOL: dict[Rank, str] = {
    **{rank: str(int(rank)) for rank in Rank if rank <= Rank.TEN},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_NAMES: dict[str, Rank] = {
    **{symbol: rank for rank, symbol in _RANK_SYMBOL.items()},
    "T": Rank.TEN,
}
SUITS: tuple[Strain, ...] = (Strain.S, Strain.H, Strain.D, Strain.C)
"""The four suits, highest first (Law 1): the order a hand is written in."""
# Suit markers in a hand: letters, symbols and Chinese names (longest first, so 黑桃 is read before any letter).
_SUIT_MARKERS: tuple[tuple[str, Strain], ...] = tuple(
    sorted(
        {
            **{suit.value: suit for suit in SUITS},
            **{
                name: suit for name, suit in _STRAIN_NAMES.items() if suit is not Strain.NT and len(name) <= 2
            },
            "红桃": Strain.H,
            "方片": Strain.D,
        }.items(),
        key=lambda item: -len(item[0]),
    )
)
_VOID_MARKS = frozenset("-—–")
_HAND_SEPARATORS = frozenset(" ,;:，；：、")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """Law 1: one of the 52 cards, a ``suit`` (clubs to spades, never no trump) and a ``rank``."""

    suit: Strain
    rank: Rank

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Strain) or self.suit is Strain.NT:
            raise CardError(messages.CARD_UNREADABLE, value=self.suit)
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or self.rank not in _RANK_SYMBOL:
            raise CardError(messages.CARD_UNREADABLE, value=self.rank)
        object.__setattr__(self, "rank", Rank(self.rank))

    @classmethod
    def parse(cls, value: Card | str, *, field: str = "card") -> Card:
        """Read one card: ``SA``, ``H10``, ``HT``, ``♠Q``, ``黑桃A`` (case and spaces ignored)."""
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            try:
                hand = Hand.parse(value, field=field)
            except CardError:
                hand = None
            if hand is not None and len(hand) == 1:
                return next(iter(hand))
        raise CardError(messages.CARD_UNREADABLE, field, value=value)

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank.symbol}"

    @property
    def label(self) -> str:
        """With the suit symbol, as a ruling shows it: ♠A, ♥10."""
        return f"{self.suit.symbol}{self.rank.symbol}"


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards held by one player (any number, 0–13): the cards that matter at a claim (Law 70B)."""

    cards: frozenset[Card]

    def __post_init__(self) -> None:
        if not isinstance(self.cards, frozenset) or not all(isinstance(c, Card) for c in self.cards):
            raise CardError(messages.HAND_NOT_TEXT, value=self.cards)

    @classmethod
    def of(cls, cards: Iterable[Card | str]) -> Hand:
        return cls(frozenset(Card.parse(card) for card in cards))

    @classmethod
    def parse(cls, value: Hand | str, *, field: str = "cards") -> Hand:
        """Read a hand: ``SAK3 HQJ10 C54``, ``♠AK3 ♥QJT ♦- ♣54``, ``黑桃AK3 红心QJ10``, or PBN's ``AK3.QJ10..54``.

        Case, spaces and commas are ignored; ``-`` alone is an empty hand. Raises :class:`CardError` naming
        ``field`` for a rank before any suit, an unknown sign, or a card given twice.
        """
        if isinstance(value, Hand):
            return value
        if not isinstance(value, str):
            raise CardError(messages.HAND_NOT_TEXT, field, value=value)
        text = "".join(ch for ch in value.upper() if ch not in _HAND_SEPARATORS and not ch.isspace())
        if not text:
            raise CardError(messages.HAND_EMPTY, field)
        if all(ch in _VOID_MARKS for ch in text):
            return cls(frozenset())
        if "." in text:
            return cls._parse_dotted(value, text, field)
        cards: list[Card] = []
        suit: Strain | None = None
        index = 0
        while index < len(text):
            marker = next((m for m in _SUIT_MARKERS if text.startswith(m[0], index)), None)
            if marker is not None:
                suit = marker[1]
                index += len(marker[0])
                continue
            if text[index] in _VOID_MARKS:
                index += 1
                continue
            rank, size = _rank_at(text, index)
            if rank is None:
                raise CardError(messages.HAND_UNREADABLE, field, char=text[index], value=value)
            if suit is None:
                raise CardError(
                    messages.HAND_RANK_WITHOUT_SUIT, field, rank=text[index : index + size], value=value
                )
            cards.append(Card(suit, rank))
            index += size
        return cls._checked(cards, value, field)

    @classmethod
    def _parse_dotted(cls, value: str, text: str, field: str) -> Hand:
        parts = text.split(".")
        if len(parts) != len(SUITS):
            raise CardError(messages.HAND_DOTS, field, parts=len(parts), value=value)
        cards: list[Card] = []
        for suit, part in zip(SUITS, parts, strict=True):
            index = 0
            while index < len(part):
                if part[index] in _VOID_MARKS:
                    index += 1
                    continue
                rank, size = _rank_at(part, index)
                if rank is None:
                    raise CardError(messages.HAND_UNREADABLE, field, char=part[index], value=value)
                cards.append(Card(suit, rank))
                index += size
        return cls._checked(cards, value, field)

    @classmethod
    def _checked(cls, cards: list[Card], value: str, field: str) -> Hand:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(messages.HAND_CARD_TWICE, field, card=str(card), value=value)
            seen.add(card)
        return cls(frozenset(cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, key=_card_order))

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def suit(self, suit: Strain) -> tuple[Rank, ...]:
        """The ranks held in ``suit``, highest first."""
        return tuple(sorted((card.rank for card in self.cards if card.suit is suit), reverse=True))

    def __str__(self) -> str:
        return self._written(lambda suit: suit.value)

    @property
    def label(self) -> str:
        """With suit symbols, as a ruling shows it: ♠AK3 ♥QJ10 ♣54 (— for an empty hand)."""
        return self._written(lambda suit: suit.symbol) if self.cards else "—"

    def _written(self, marker: Callable[[Strain], str]) -> str:
        parts = [
            marker(suit) + "".join(rank.symbol for rank in self.suit(suit))
            for suit in SUITS
            if self.suit(suit)
        ]
        return " ".join(parts) if parts else "-"


def _card_order(card: Card) -> tuple[int, int]:
    return SUITS.index(card.suit), -int(card.rank)


def _rank_at(text: str, index: int) -> tuple[Rank | None, int]:
    """The rank written at ``text[index]`` and its length (``10`` takes two characters)."""
    if text.startswith("10", index):
        return Rank.TEN, 2
    rank = _RANK_NAMES.get(text[index])
    return rank, 1
