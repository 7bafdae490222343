"""Time the scoring core: all 2,940 Law 77 cases, and matchpointing one board of 1,000 results.

Run from the repository root: ``python bench/bench_scores.py``. Stdlib only; prints plain lines.
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bridge import Contract, Seat, Strain, Vulnerability, matchpoints, score  # noqa: E402

REPEATS = 5


def _best_ms(func) -> float:
    """Best of REPEATS runs, in milliseconds (the least disturbed run)."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    cases = [
        (Contract(level, strain, doubled), vul, tricks)
        for level, strain, doubled, vul, tricks in itertools.product(
            range(1, 8), Strain, (0, 1, 2), (Vulnerability.NONE, Vulnerability.NS), range(14)
        )
    ]
    assert len(cases) == 2940

    def score_all() -> None:
        for contract, vul, tricks in cases:
            score(contract, Seat.N, vul, tricks)

    def parse_and_score_all() -> None:
        for contract, vul, tricks in cases:
            score(str(contract), "N", vul.value, tricks)

    rng = random.Random(1997)
    results = [
        rng.choice([-1100, -500, -200, -100, -50, 0, 110, 140, 170, 420, 450, 620, 650]) for _ in range(1000)
    ]

    def matchpoint_board() -> None:
        matchpoints(results)

    print(f"score all {len(cases)} Law 77 cases: {_best_ms(score_all):.1f} ms")
    print(f"parse and score all {len(cases)} Law 77 cases from text: {_best_ms(parse_and_score_all):.1f} ms")
    print(f"matchpoint one board of {len(results)} results: {_best_ms(matchpoint_board):.1f} ms")


if __name__ == "__main__":
    main()
