"""What the printable appeal file shows (issue 30), in the order an appeals committee reads it: the hands, the
auction, the director's facts and ruling, the reasons for appeal, the opponents' submission, the decision.

Everything here turns the stored JSON (bridge.appeal_file) into rows for the template; user text is escaped by the
template (never marked safe here), the statement and the appeal texts are the sanitised HTML stored when written.
"""

from __future__ import annotations

from django.core.cache import cache
from django.utils.translation import gettext as _

from bridge.cards import SUITS, Hand, Strain
from clubs import labels as log_labels
from clubs.models import RulingRecord

SEAT_ORDER = ("W", "N", "E", "S")  # the auction grid's columns, as hand records print them
_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def call_label(call: str) -> str:
    """``4H`` → ``4♥``, ``Pass`` → 不叫 / Pass, ``X`` → X."""
    if call == "Pass":
        return _("不叫")
    if call in ("X", "XX"):
        return call
    return call[0] + _SYMBOL.get(call[1:], call[1:])


def _hand_rows(text: str) -> list[tuple[str, str, str]]:
    """One seat's hand as (suit class, symbol, ranks) rows, spades first; a void as —."""
    hand = Hand.parse(text)
    return [
        (suit.name.lower(), suit.symbol, "".join(rank.symbol for rank in hand.suit(suit)) or "—")
        for suit in SUITS
    ]


def hands(deal: dict | None) -> dict | None:
    if not deal:
        return None
    return {
        "seats": {
            seat: {"label": log_labels.seat_label(seat), "rows": _hand_rows(deal["hands"][seat])}
            for seat in ("N", "E", "S", "W")
        },
        "board": deal.get("board"),
        "dealer": log_labels.seat_label(deal["dealer"]),
        "vulnerability": log_labels.vulnerability_label(deal["vulnerability"]),
        "pbn": deal["pbn"],
    }


def auction_grid(auction: dict | None, dealer: str) -> dict | None:
    """The auction in rows of W N E S from the dealer; alerted calls numbered for their explanations, the call
    after the tempo break marked."""
    if not auction or not auction.get("calls"):
        return None
    tempo = auction.get("tempo") or {}
    cells: list[dict | None] = [None] * SEAT_ORDER.index(dealer)
    notes: list[dict[str, object]] = []
    for index, call in enumerate(auction["calls"]):
        note = None
        if call.get("alert") or call.get("explanation"):
            notes.append(
                {"number": len(notes) + 1, "call": call_label(call["call"]), "text": call["explanation"]}
            )
            note = len(notes)
        cells.append(
            {
                "label": call_label(call["call"]),
                "alert": call.get("alert", False),
                "note": note,
                "tempo": tempo.get("call") == index,
            }
        )
    rows = [cells[i : i + 4] for i in range(0, len(cells), 4)]
    for row in rows:
        row.extend([None] * (4 - len(row)))
    return {
        "columns": [log_labels.seat_label(seat) for seat in SEAT_ORDER],
        "rows": rows,
        "notes": notes,
        "tempo": tempo or None,
    }


def double_dummy_cached(deal: dict | None) -> dict | None:
    """The double-dummy table if the solver has already run for this deal (the page never waits for it)."""
    if not deal:
        return None
    from rulings.deals_api import cache_key

    solved = cache.get(cache_key(deal["pbn"], deal["dealer"], deal["vulnerability"]))
    if not solved:
        return None
    strains = [Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT]
    return {
        "strains": [_SYMBOL[s.value] for s in strains],
        "rows": [
            (log_labels.seat_label(seat), [solved["tricks"][seat][s.value] for s in strains])
            for seat in "NSEW"
        ],
        "par_score": solved["par_score"],
        "par": solved["par"],
    }


def appeal_file_context(record: RulingRecord) -> dict:
    file = record.appeal_file or {}
    deal = file.get("deal")
    dealer = deal["dealer"] if deal else record.dealer
    poll = file.get("poll")
    appeal = record.appeal_or_none
    from clubs.api import appeal_poll_warning

    return {
        "file": file,
        "hands": hands(deal),
        "auction": auction_grid(file.get("auction"), dealer),
        "lead": call_label_card(file.get("lead")),
        "table_result": file.get("table_result"),
        "poll": poll,
        "poll_warning": appeal_poll_warning(record),
        "results": [
            {**row, "judged": [_judged(row.get(side)) for side in ("NS", "EW")]}
            for row in file.get("results") or []
        ],
        "double_dummy": double_dummy_cached(deal),
        "committee": (appeal.committee_file if appeal else None) or {},
    }


def _judged(judged: dict | None) -> str:
    """Law 12C2's two words for one side: likely (很可能), at all probable (有可能), or neither."""
    judged = judged or {}
    if judged.get("likely"):
        return _("很可能")
    if judged.get("at_all_probable"):
        return _("有可能")
    return "—"


def call_label_card(card: str | None) -> str:
    """A stored card (``DQ``) with its suit symbol (``♦Q``)."""
    if not card:
        return ""
    return _SYMBOL.get(card[0], card[0]) + card[1:]
