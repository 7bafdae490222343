"""Time the double-dummy solver (endplay's DDS) per deal: the table of 20 declarer–strain results and the par, on
seeded random deals, plus reading a session's PBN file of 32 boards.

Run from the repository root: ``python bench/bench_deals.py``. Prints plain lines.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bridge.cards import Hand  # noqa: E402
from bridge.deals import DECK, SEATS, Deal, double_dummy, read_pbn  # noqa: E402

DEALS = 20
BOARDS = 32


def _deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for number in range(1, count + 1):
        deck = sorted(DECK)
        rng.shuffle(deck)
        hands = {seat.value: Hand(frozenset(deck[i * 13 : (i + 1) * 13])) for i, seat in enumerate(SEATS)}
        deals.append(Deal.from_hands(hands, board=number))
    return deals


def main() -> None:
    times = []
    for deal in _deals(DEALS, 2017):
        start = time.perf_counter()
        double_dummy(deal)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(
        f"double-dummy table and par, {DEALS} random deals: median {statistics.median(times):.0f} ms per deal, "
        f"fastest {times[0]:.0f} ms, slowest {times[-1]:.0f} ms"
    )
    session = "\n".join(
        f'[Board "{deal.board}"]\n[Dealer "{deal.dealer.value}"]\n[Deal "{deal.pbn}"]\n'
        for deal in _deals(BOARDS, 1997)
    )
    start = time.perf_counter()
    read = read_pbn(session)
    elapsed = (time.perf_counter() - start) * 1000
    print(f"read a PBN file of {len(read)} boards ({len(session)} characters): {elapsed:.1f} ms")


if __name__ == "__main__":
    main()
