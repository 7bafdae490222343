"""Every score constant of the engine, transcribed from the laws (docs/design.md §8.3: one table module).

No other module of ``bridge`` holds a score number; they look values up here. Keys are the plain
values of the engine's enums (``"C"``, ``"NT"``, ``"None"``, ``"average_plus"``…) and doubling states as
``0`` (undoubled), ``1`` (doubled), ``2`` (redoubled), so this module imports nothing and the string enums
index it directly.

Sources: CCBA 1999 Law 2 (board table), Law 77 (scoring table; the web copy's "40" for doubled ♥/♠ tricks is a
misprint, the value is 60 = 2 × 30, see laws-facts.md D-2), Law 78 (matchpoints, IMP scale), Laws 12C1, 86A
and 88 (artificial adjusted scores).
"""

from __future__ import annotations

from typing import Final

# --- Law 2: the board table, repeating every 16 boards -------------------------------------------------------

#: Dealer of boards 1, 2, 3, 4 (then again from board 5): 北家 1 5 9 13, 东家 2 6 10 14, 南家 3 7 11 15, 西家 4 8 12 16.
DEALER_CYCLE: Final[tuple[str, ...]] = ("N", "E", "S", "W")

#: Vulnerability of boards 1–16 (index 0 is board 1): 双无 1 8 11 14, 南北 2 5 12 15, 东西 3 6 9 16,
#: 双有 4 7 10 13. Boards 17–32 and each later group of 16 repeat it.
VULNERABILITY_CYCLE: Final[tuple[str, ...]] = (
    "None", "NS", "EW", "Both",  # boards 1-4
    "NS", "EW", "Both", "None",  # boards 5-8
    "EW", "Both", "None", "NS",  # boards 9-12
    "Both", "None", "NS", "EW",  # boards 13-16
)  # fmt: skip

# --- Law 77: the duplicate scoring table ---------------------------------------------------------------------

#: Tricks the declaring side must take before it counts odd tricks (Definitions: 线位墩数).
BOOK: Final = 6

#: Trick score of the FIRST odd trick bid and made, by strain: (undoubled, doubled, redoubled).
FIRST_ODD_TRICK: Final[dict[str, tuple[int, int, int]]] = {
    "C": (20, 40, 80),
    "D": (20, 40, 80),
    "H": (30, 60, 120),
    "S": (30, 60, 120),
    "NT": (40, 80, 160),
}

#: Trick score of EACH LATER odd trick bid and made, by strain: (undoubled, doubled, redoubled).
LATER_ODD_TRICK: Final[dict[str, tuple[int, int, int]]] = {
    "C": (20, 40, 80),
    "D": (20, 40, 80),
    "H": (30, 60, 120),
    "S": (30, 60, 120),
    "NT": (30, 60, 120),
}

#: A trick score on one board of at least this much is a game; less is a partscore.
GAME_THRESHOLD: Final = 100

#: Game bonus, by declarer's vulnerability (False = not vulnerable, True = vulnerable).
GAME_BONUS: Final[dict[bool, int]] = {False: 300, True: 500}

#: Partscore bonus, vulnerable or not.
PARTSCORE_BONUS: Final = 50

#: Slam bonuses (bid and made), by contract level, then by vulnerability: 6 = small slam, 7 = grand slam.
SLAM_BONUS: Final[dict[int, dict[bool, int]]] = {
    6: {False: 500, True: 750},
    7: {False: 1000, True: 1500},
}

#: Each overtrick of a doubled (1) or redoubled (2) contract, by vulnerability. Undoubled overtricks score the
#: later-odd-trick value of the strain (LATER_ODD_TRICK[strain][0]).
DOUBLED_OVERTRICK: Final[dict[int, dict[bool, int]]] = {
    1: {False: 100, True: 200},
    2: {False: 200, True: 400},
}

#: Bonus for making a doubled (1) or redoubled (2) contract (the "insult").
INSULT: Final[dict[int, int]] = {1: 50, 2: 100}

#: Undertricks (to the defenders), by (vulnerable, doubling): (1st, each of 2nd and 3rd, 4th and each later).
UNDERTRICKS: Final[dict[tuple[bool, int], tuple[int, int, int]]] = {
    (False, 0): (50, 50, 50),
    (False, 1): (100, 200, 300),
    (False, 2): (200, 400, 600),
    (True, 0): (100, 100, 100),
    (True, 1): (200, 300, 300),
    (True, 2): (400, 600, 600),
}

#: Law 22A / 77: a board passed out by all four players scores zero for both sides.
PASSED_OUT_SCORE: Final = 0

# --- Law 78: methods of scoring ------------------------------------------------------------------------------

#: 78A: matchpoint units for each lower score on the same board, and for each equal score.
MATCHPOINTS_PER_SCORE_BEATEN: Final = 2
MATCHPOINTS_PER_TIE: Final = 1

#: Percentage given to a lone score on a board (no other score to compare with, top 0): an average.
LONE_SCORE_PERCENTAGE: Final = 50.0

#: Decimal places of published matchpoint percentages and weighted results.
PERCENT_DECIMALS: Final = 2

#: 78B: the IMP scale as (largest total-point difference in the band, IMPs). A difference above the last band
#: scores IMP_MAX. The printed table lists multiples of 10 only ("20–40 → 1"); a difference in a gap between
#: printed bands (11–19) falls in the next band up (the first band whose upper bound is not below it).
IMP_SCALE: Final[tuple[tuple[int, int], ...]] = (
    (10, 0),
    (40, 1),
    (80, 2),
    (120, 3),
    (160, 4),
    (210, 5),
    (260, 6),
    (310, 7),
    (360, 8),
    (420, 9),
    (490, 10),
    (590, 11),
    (740, 12),
    (890, 13),
    (1090, 14),
    (1290, 15),
    (1490, 16),
    (1740, 17),
    (1990, 18),
    (2240, 19),
    (2490, 20),
    (2990, 21),
    (3490, 22),
    (3990, 23),
)
#: 4000 and more.
IMP_MAX: Final = 24

# --- Laws 12C1, 86A, 88: artificial adjusted scores ----------------------------------------------------------

#: Values the 1997 code is not confirmed to hold; results that rest on them say so. None now: 86A's ±3 IMPs and
#: 88's 60% or the session percentage are confirmed for 1997 (errata 2026-12 §B; CCBA 1999 Laws 86A and 88).
UNVERIFIED_1997_REFS: Final[tuple[str, ...]] = ()

#: 12C1 (pairs, matchpoints): average minus is at most 40%, average 50%, average plus at least 60%.
ARTIFICIAL_PERCENT: Final[dict[str, float]] = {
    "average_minus": 40.0,
    "average": 50.0,
    "average_plus": 60.0,
}

#: 86A (teams, IMPs): average minus −3 IMPs, average 0, average plus +3 IMPs.
ARTIFICIAL_IMPS: Final[dict[str, int]] = {
    "average_minus": -3,
    "average": 0,
    "average_plus": 3,
}

# Not a score: the longest text an error message echoes as the user typed it (bridge.errors; security review N1).
ECHO_CHARACTERS = 40
