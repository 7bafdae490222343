"""A deal (Law 1: four hands of 13 cards, every card once) with its board, dealer and vulnerability (Law 2), read
from four hands by seat or from PBN, and its double-dummy table and par score.

PBN is read by ``endplay`` (its PBN decoder: tags, comments, games) and each ``[Deal]`` tag by ``endplay``'s
``Deal``; this module checks what endplay lets through (a hand of 12 or 14 cards, a card in two hands) and says
each error by the line it is on. The double-dummy table and the par score come from endplay's bundled solver (Bo
Haglund's DDS): an aid for the director, not the law's "likely" test (Law 12C).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from io import StringIO
from typing import Any

from . import messages
from .boards import board_info
from .cards import SUITS, TOTAL_TRICKS, Card, Contract, Hand, Rank, Seat, Strain, Vulnerability
from .errors import (
    BoardError,
    CardError,
    DealError,
    EngineError,
    FieldError,
    PbnError,
    SeatError,
    VulnerabilityError,
)
from .inputs import whole_number

__all__ = [
    "DECK",
    "DoubleDummy",
    "ParContract",
    "Deal",
    "PBN_LIMIT",
    "SEATS",
    "STRAINS",
    "double_dummy",
    "read_deal",
    "read_pbn",
]

SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
STRAINS: tuple[Strain, ...] = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
PBN_LIMIT = 200_000
"""At most this many characters of PBN are read (a session's hand records of 36 boards are about 20,000)."""

DECK: frozenset[Card] = frozenset(Card(suit, rank) for suit in SUITS for rank in Rank)


def _dotted(hand: Hand) -> str:
    """PBN's form of a hand: spades.hearts.diamonds.clubs, ``T`` for the ten."""
    return ".".join("".join("T" if r is Rank.TEN else r.symbol for r in hand.suit(suit)) for suit in SUITS)


@dataclass(frozen=True, slots=True, repr=False)
class Deal:
    """Four hands by seat (N, E, S, W), each of 13 cards, every card once; the dealer and vulnerability; the board
    number when known."""

    hands: tuple[Hand, Hand, Hand, Hand]
    dealer: Seat
    vulnerability: Vulnerability
    board: int | None = None

    def __post_init__(self) -> None:
        _check_deal(dict(zip(SEATS, self.hands, strict=True)), "hands")

    @classmethod
    def from_hands(
        cls,
        hands: Mapping[str, Hand | str | None],
        *,
        board: int | None = None,
        dealer: Seat | str | None = None,
        vulnerability: Vulnerability | str | None = None,
    ) -> Deal:
        """A deal from hands by seat (``{"N": "SAKQ HJ…", …}``, any hand notation of :meth:`Hand.parse`); one
        hand may be left out (``None`` or blank) and is filled with the cards the other three do not hold.

        Without a dealer or a vulnerability, Law 2 gives them from ``board``. Raises :class:`DealError` naming
        the seat (``hands.N``) for a hand of other than 13 cards or a card in two hands.
        """
        if not isinstance(hands, Mapping):
            raise DealError(messages.DEAL_NOT_TEXT, value=hands)
        given: dict[Seat, Hand] = {}
        for key, value in hands.items():
            try:
                seat = Seat.parse(key, field="hands")
            except SeatError as error:
                raise DealError.wrapping(error, "hands") from None
            if value is None or (isinstance(value, str) and not value.strip()):
                continue
            try:
                given[seat] = Hand.parse(value, field=f"hands.{seat.value}")
            except CardError as error:
                raise DealError.wrapping(error, f"hands.{seat.value}") from None
        missing = [seat for seat in SEATS if seat not in given]
        if len(missing) > 1:
            raise DealError(messages.DEAL_HANDS_MISSING, missing=", ".join(s.value for s in missing))
        _check_deal(given, "hands")
        if missing:
            held = frozenset().union(*(hand.cards for hand in given.values()))
            given[missing[0]] = Hand(DECK - held)
        number, seat, vul = _board_dealer_vulnerability(board, dealer, vulnerability)
        return cls(tuple(given[s] for s in SEATS), seat, vul, number)  # type: ignore[arg-type]

    @classmethod
    def from_pbn(cls, text: str, *, board: int | None = None) -> Deal:
        """The one deal of ``text`` (a ``[Deal]`` tag with its ``[Board]``, ``[Dealer]``, ``[Vulnerable]``), or
        board ``board`` of a PBN file; without ``board``, the file's first deal."""
        deals = read_pbn(text)
        if board is None:
            return deals[0]
        for deal in deals:
            if deal.board == board:
                return deal
        numbers = ", ".join(str(d.board) for d in deals if d.board is not None) or "-"
        raise PbnError(messages.PBN_BOARD_MISSING, "board", board=board, boards=numbers)

    def __repr__(self) -> str:
        return f"Deal(board={self.board}, dealer={self.dealer.value}, {self.vulnerability.value}, {self.pbn})"

    def hand(self, seat: Seat | str) -> Hand:
        return self.hands[SEATS.index(Seat.parse(seat))]

    @property
    def pbn(self) -> str:
        """PBN's ``[Deal]`` value, from North: ``N:AKQ.… ….… ….… ….…``."""
        return "N:" + " ".join(_dotted(hand) for hand in self.hands)

    def as_dict(self) -> dict[str, Any]:
        """The deal as JSON: board, dealer, vulnerability, hands by seat (``SAK3 HQJ10 …``) and the PBN value."""
        return {
            "board": self.board,
            "dealer": self.dealer.value,
            "vulnerability": self.vulnerability.value,
            "hands": {seat.value: str(hand) for seat, hand in zip(SEATS, self.hands, strict=True)},
            "pbn": self.pbn,
        }


def _check_deal(hands: Mapping[Seat, Hand], field: str) -> None:
    """No card in two hands, then each hand 13 cards; the error names the seat."""
    owner: dict[Card, Seat] = {}
    for seat in SEATS:
        hand = hands.get(seat)
        if hand is not None and not isinstance(hand, Hand):
            raise DealError(messages.DEAL_NOT_TEXT, f"{field}.{seat.value}", value=hand)
        for card in hand or ():
            if card in owner:
                raise DealError(
                    messages.DEAL_CARD_TWICE,
                    f"{field}.{seat.value}",
                    card=str(card),
                    first=owner[card].value,
                    second=seat.value,
                )
            owner[card] = seat
    for seat in SEATS:
        hand = hands.get(seat)
        if hand is not None and len(hand) != TOTAL_TRICKS:
            raise DealError(
                messages.DEAL_HAND_COUNT, f"{field}.{seat.value}", seat=seat.value, count=len(hand)
            )


def _board_dealer_vulnerability(
    board: int | None, dealer: Seat | str | None, vulnerability: Vulnerability | str | None
) -> tuple[int | None, Seat, Vulnerability]:
    if board is not None:
        info = board_info(board)
        seat = Seat.parse(dealer, field="dealer") if dealer else info.dealer
        vul = Vulnerability.parse(vulnerability) if vulnerability else info.vulnerability
        return board, seat, vul
    if not dealer or not vulnerability:
        raise DealError(messages.DEAL_NO_DEALER, "dealer" if not dealer else "vulnerability")
    return None, Seat.parse(dealer, field="dealer"), Vulnerability.parse(vulnerability)


# --- PBN --------------------------------------------------------------------------------------------------------


@cache
def _decoder_class() -> type[Any]:
    """endplay's PBN decoder, subclassed on first use: endplay is imported only when a PBN text or a deal is
    read (importing it loads its dealer and plotting modules, seconds at every process start otherwise)."""
    from endplay import types as ep
    from endplay.parsers import pbn

    class Decoder(pbn.PBNDecoder):
        """endplay's decoder, keeping the line of each tag and turning each game into a :class:`Deal`."""

        def __init__(self) -> None:
            super().__init__()  # type: ignore[no-untyped-call]
            self.lines: dict[str, int] = {}
            self.deals: list[Deal] = []

        def _parse_none(self, curline: str) -> bool:
            match = pbn.RE.tagpair.match(curline)
            if match and match.group(1).lower() not in self.lines:
                self.lines[match.group(1).lower()] = self.lineno
            result: bool = super()._parse_none(curline)
            return result

        def _tags_to_board(self) -> Any:
            tags = {key.lower(): self._value(key) for key in self.curtags}
            lines, self.lines = self.lines, {}
            if "deal" in tags:
                self.deals.append(_game(tags, lines))
            return ep.Board()  # a placeholder, so the decoder starts the next game: the deals are ours

        def _value(self, key: str) -> str:
            fields = self.curtags[key]
            if fields.get("value") == "#" and key in self.prevtags:
                fields = self.prevtags[key]
            value = fields.get("value", "")
            return value if isinstance(value, str) else ""

    return Decoder


def _game(tags: Mapping[str, str], lines: Mapping[str, int]) -> Deal:
    """One game's tags as a deal; each error names the line of the tag it concerns."""
    deal_line = lines.get("deal", 0)
    number = None
    if tags.get("board", "").strip():
        try:
            number = board_info(int(tags["board"].strip())).number
        except (ValueError, BoardError):
            raise _tag_error("Board", tags["board"], lines, "a whole number from 1") from None
    dealer = _tag_seat(tags, lines)
    vulnerability = _tag_vulnerability(tags, lines)
    if number is None and dealer is None:
        raise PbnError(messages.PBN_NO_DEALER, line=deal_line)
    hands = _deal_hands(tags["deal"], deal_line)
    info = board_info(number) if number is not None else None
    return Deal(
        hands,
        dealer or (info.dealer if info else Seat.N),
        vulnerability or (info.vulnerability if info else Vulnerability.NONE),
        number,
    )


def _tag_error(tag: str, value: str, lines: Mapping[str, int], allowed: str) -> PbnError:
    return PbnError(
        messages.PBN_TAG_VALUE, line=lines.get(tag.lower(), 0), tag=tag, value=value, allowed=allowed
    )


def _tag_seat(tags: Mapping[str, str], lines: Mapping[str, int]) -> Seat | None:
    value = tags.get("dealer", "").strip()
    if not value:
        return None
    try:
        return Seat.parse(value)
    except SeatError:
        raise _tag_error("Dealer", value, lines, "N, E, S or W") from None


def _tag_vulnerability(tags: Mapping[str, str], lines: Mapping[str, int]) -> Vulnerability | None:
    value = tags.get("vulnerable", "").strip()
    if not value:
        return None
    from endplay import types as ep

    try:
        read = ep.Vul.find(value)
    except ValueError:
        raise _tag_error("Vulnerable", value, lines, "None, NS, EW or All") from None
    by_endplay = {
        ep.Vul.none: Vulnerability.NONE,
        ep.Vul.ns: Vulnerability.NS,
        ep.Vul.ew: Vulnerability.EW,
        ep.Vul.both: Vulnerability.BOTH,
    }
    try:
        return by_endplay[read]
    except KeyError:
        raise VulnerabilityError(messages.VULNERABILITY_UNKNOWN, value=value) from None


def _deal_hands(value: str, line: int) -> tuple[Hand, Hand, Hand, Hand]:
    """A ``[Deal]`` value read by endplay, then held to Law 1."""
    from endplay import types as ep

    try:
        parts = value.split(":", 1)[1].split()
        if len(parts) != 4 or any(part.count(".") != 3 for part in parts):
            raise ValueError(value)
        read = ep.Deal(value)
    except (ValueError, IndexError, KeyError):
        raise PbnError(messages.PBN_DEAL_UNREADABLE, line=line, value=value) from None
    players = (ep.Player.north, ep.Player.east, ep.Player.south, ep.Player.west)
    hands = tuple(Hand.parse(read[player].to_pbn() or "-", field="pbn") for player in players)
    owner: dict[Card, Seat] = {}
    for seat, hand in zip(SEATS, hands, strict=True):
        for card in hand:
            if card in owner:
                raise PbnError(
                    messages.PBN_CARD_TWICE,
                    line=line,
                    card=str(card),
                    first=owner[card].value,
                    second=seat.value,
                )
            owner[card] = seat
    for seat, hand in zip(SEATS, hands, strict=True):
        if len(hand) != TOTAL_TRICKS:
            raise PbnError(messages.PBN_HAND_COUNT, line=line, seat=seat.value, count=len(hand))
    return hands  # type: ignore[return-value]


def read_pbn(text: str) -> list[Deal]:
    """Every deal of a PBN text — one ``[Deal]`` tag with its ``[Board]``/``[Dealer]``/``[Vulnerable]``, or a
    session's file — in the file's order. Raises :class:`PbnError` (field ``pbn``) naming the line at fault."""
    if not isinstance(text, str) or not text.strip():
        raise PbnError(messages.PBN_EMPTY)
    if len(text) > PBN_LIMIT:
        raise PbnError(messages.PBN_TOO_LONG, length=len(text), limit=PBN_LIMIT)
    from endplay.parsers import pbn

    decoder = _decoder_class()()
    try:
        decoder.parse_file(StringIO(text))
    except PbnError:
        raise
    except pbn.PBNDecodeError as error:
        raise PbnError(messages.PBN_LINE_UNREADABLE, line=error.lineno, text=error.line) from None
    except (ValueError, IndexError, RuntimeError) as error:
        raise PbnError(messages.PBN_LINE_UNREADABLE, line=decoder.lineno, text=str(error)) from None
    deals: list[Deal] = decoder.deals
    if not deals:
        raise PbnError(messages.PBN_NO_DEAL)
    return deals


# --- double dummy -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: the contract, its declarer and the tricks it takes double dummy."""

    contract: Contract
    declarer: Seat
    tricks: int

    def as_dict(self) -> dict[str, Any]:
        return {"contract": str(self.contract), "declarer": self.declarer.value, "tricks": self.tricks}


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """Tricks each declarer takes in each strain with all cards seen, and the par score (for North–South; par
    contracts, more than one when they score the same)."""

    tricks: Mapping[Seat, Mapping[Strain, int]]
    par_score: int
    par: Sequence[ParContract]

    def as_dict(self) -> dict[str, Any]:
        return {
            "tricks": {
                seat.value: {strain.value: self.tricks[seat][strain] for strain in STRAINS} for seat in SEATS
            },
            "par_score": self.par_score,
            "par": [contract.as_dict() for contract in self.par],
        }


@dataclass(frozen=True, slots=True)
class _Maps:
    """endplay's players, strains, vulnerabilities and penalties against ours (built on first use)."""

    seat: Mapping[Any, Seat]
    strain: Mapping[Any, Strain]
    vulnerability: Mapping[Vulnerability, Any]
    penalty: Mapping[Any, str]


@cache
def _maps() -> _Maps:
    from endplay import types as ep

    return _Maps(
        seat={
            ep.Player.north: Seat.N,
            ep.Player.east: Seat.E,
            ep.Player.south: Seat.S,
            ep.Player.west: Seat.W,
        },
        strain={
            ep.Denom.clubs: Strain.C,
            ep.Denom.diamonds: Strain.D,
            ep.Denom.hearts: Strain.H,
            ep.Denom.spades: Strain.S,
            ep.Denom.nt: Strain.NT,
        },
        vulnerability={
            Vulnerability.NONE: ep.Vul.none,
            Vulnerability.NS: ep.Vul.ns,
            Vulnerability.EW: ep.Vul.ew,
            Vulnerability.BOTH: ep.Vul.both,
        },
        penalty={ep.Penalty.passed: "", ep.Penalty.doubled: "X", ep.Penalty.redoubled: "XX"},
    )


def double_dummy(deal: Deal) -> DoubleDummy:
    """The double-dummy table and par of ``deal`` by endplay's solver (DDS). Takes a few milliseconds to a
    second."""
    from endplay import dds
    from endplay import types as ep

    maps = _maps()
    board = ep.Deal(deal.pbn)
    table = dds.calc_dd_table(board)
    tricks = {
        maps.seat[player]: {maps.strain[denom]: int(table[denom, player]) for denom in maps.strain}
        for player in maps.seat
    }
    dealer = next(player for player, seat in maps.seat.items() if seat is deal.dealer)
    result = dds.par(table, maps.vulnerability[deal.vulnerability], dealer)
    contracts = []
    for found in result:
        strain = maps.strain[found.denom]
        contract = Contract.parse(f"{found.level}{strain.value}{maps.penalty[found.penalty]}")
        contracts.append(ParContract(contract, maps.seat[found.declarer], found.level + 6 + found.result))
    unique = tuple(dict.fromkeys(contracts))
    return DoubleDummy(tricks, int(result.score), unique)


# --- a request's deal ----------------------------------------------------------------------------------------------

BOARD_MAX = 10_000
_DEAL_KEYS = frozenset({"hands", "pbn", "board", "dealer", "vulnerability"})


def read_deal(body: object, *, prefix: str = "") -> Deal:
    """A deal as a JSON body gives it: ``{"hands": {"N": …, "E": …, "S": …, "W": …}}`` (one hand may be left
    out) or ``{"pbn": "…"}`` (a ``[Deal]`` with its tags or a session's file), with ``board`` (picks the board of a
    file; with hands, gives Law 2's dealer and vulnerability) and ``dealer``/``vulnerability`` for hands.

    Raises a :class:`DealError` naming the field (``hands.E``, ``pbn``, ``board``; after ``prefix``)."""
    if not isinstance(body, Mapping):
        raise EngineError(messages.BODY_NOT_OBJECT, prefix.rstrip(".") or None)
    unknown = sorted(str(key) for key in body if key not in _DEAL_KEYS)
    if unknown:
        raise DealError(messages.UNKNOWN_KEY, prefix + unknown[0], name=unknown[0])
    try:
        board = None
        if body.get("board") not in (None, ""):
            board = whole_number(body["board"], "board", low=1, high=BOARD_MAX)
        if body.get("hands") is not None and body.get("pbn") not in (None, ""):
            raise DealError(messages.DEAL_HANDS_OR_PBN, "pbn")
        if body.get("hands") is not None:
            return Deal.from_hands(
                body["hands"],
                board=board,
                dealer=_text(body.get("dealer"), "dealer"),
                vulnerability=_text(body.get("vulnerability"), "vulnerability"),
            )
        pbn = body.get("pbn")
        if pbn in (None, ""):
            raise DealError(messages.DEAL_HANDS_OR_PBN, "hands")
        if not isinstance(pbn, str):
            raise PbnError(messages.PBN_EMPTY)
        return Deal.from_pbn(pbn, board=board)
    except FieldError as error:
        raise DealError.wrapping(
            error, prefix + error.field if error.field else prefix.rstrip(".") or None
        ) from None


def _text(value: object, field: str) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise (SeatError if field == "dealer" else VulnerabilityError)(
            messages.SEAT_UNKNOWN if field == "dealer" else messages.VULNERABILITY_UNKNOWN, field, value=value
        )
    return value
