"""Law 77: every contract × doubling × vulnerability × tricks against two independent oracles.

Oracle 1 (always runs) is the printed scoring table transcribed below as rows, read and summed trick by trick,
with undertricks taken from the printed CUMULATIVE rows rather than the engine's per-trick schedule. Oracle 2 is
endplay's scorer (a test-only dependency, skipped when endplay is not installed; docs/design.md §6a).
"""

from __future__ import annotations

import ast
import itertools
import sys
from pathlib import Path

import pytest

import bridge
from bridge import (
    Contract,
    ContractError,
    EngineError,
    Score,
    ScoreItem,
    Seat,
    SeatError,
    Strain,
    TricksError,
    Vulnerability,
    VulnerabilityError,
    score,
)

# --- Oracle 1: the printed Law 77 table, transcribed ------------------------------------------------------------

# Trick score, as the table prints it: denominations, which odd tricks, undoubled / doubled / redoubled.
PRINTED_TRICK_ROWS = """
C D   every  20  40  80
H S   every  30  60  120
NT    first  40  80  160
NT    later  30  60  120
"""

# Premiums: item, not vulnerable, vulnerable.
PRINTED_PREMIUM_ROWS = """
game                  300   500
partscore              50    50
small-slam            500   750
grand-slam           1000  1500
overtrick-doubled     100   200
overtrick-redoubled   200   400
making-doubled         50    50
making-redoubled      100   100
"""

# Undertricks, as the cumulative row under the table prints them: 1, 2, 3, 4, 5 down.
PRINTED_UNDERTRICK_ROWS = """
NV  undoubled    50   100   150   200   250
NV  doubled     100   300   500   800  1100
NV  redoubled   200   600  1000  1600  2200
V   undoubled   100   200   300   400   500
V   doubled     200   500   800  1100  1400
V   redoubled   400  1000  1600  2200  2800
"""

DOUBLING_COLUMNS = ("undoubled", "doubled", "redoubled")


def _read_trick_rows() -> dict[tuple[str, str], tuple[int, ...]]:
    rows: dict[tuple[str, str], tuple[int, ...]] = {}
    for line in PRINTED_TRICK_ROWS.strip().splitlines():
        words = line.split()
        values = tuple(int(w) for w in words[-3:])
        which = words[-4]
        for denomination in words[:-4]:
            if which == "every":
                rows[(denomination, "first")] = values
                rows[(denomination, "later")] = values
            else:
                rows[(denomination, which)] = values
    return rows


def _read_premium_rows() -> dict[str, tuple[int, int]]:
    return {
        name: (int(nv), int(v))
        for name, nv, v in (line.split() for line in PRINTED_PREMIUM_ROWS.strip().splitlines())
    }


def _read_undertrick_rows() -> dict[tuple[bool, int], list[int]]:
    rows: dict[tuple[bool, int], list[int]] = {}
    for line in PRINTED_UNDERTRICK_ROWS.strip().splitlines():
        vul, doubling, *cumulative = line.split()
        running = [int(c) for c in cumulative]
        step = running[-1] - running[-2]  # "4th and each later": the last printed step repeats
        while len(running) < 13:
            running.append(running[-1] + step)
        rows[(vul == "V", DOUBLING_COLUMNS.index(doubling))] = running
    return rows


TRICK_ROWS = _read_trick_rows()
PREMIUMS = _read_premium_rows()
UNDERTRICK_ROWS = _read_undertrick_rows()


def printed_table_score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    """Declaring side's score, computed from the transcribed rows above one trick at a time."""
    premium_column = 1 if vulnerable else 0
    needed = 6 + level
    if tricks < needed:
        return -UNDERTRICK_ROWS[(vulnerable, doubled)][needed - tricks - 1]
    total = 0
    trick_score = 0
    for odd_trick in range(1, level + 1):
        trick_score += TRICK_ROWS[(strain, "first" if odd_trick == 1 else "later")][doubled]
    total += trick_score
    for _ in range(tricks - needed):
        if doubled == 0:
            total += TRICK_ROWS[(strain, "later")][0]
        else:
            total += PREMIUMS["overtrick-" + DOUBLING_COLUMNS[doubled]][premium_column]
    if doubled:
        total += PREMIUMS["making-" + DOUBLING_COLUMNS[doubled]][premium_column]
    total += PREMIUMS["game" if trick_score >= 100 else "partscore"][premium_column]
    if level == 6:
        total += PREMIUMS["small-slam"][premium_column]
    if level == 7:
        total += PREMIUMS["grand-slam"][premium_column]
    return total


# --- the 2,940 cases -----------------------------------------------------------------------------------------

STRAINS = ("C", "D", "H", "S", "NT")
CASES = list(itertools.product(range(1, 8), STRAINS, (0, 1, 2), (False, True), range(14)))


def _case_id(case: tuple[int, str, int, bool, int]) -> str:
    level, strain, doubled, vulnerable, tricks = case
    return f"{level}{strain}{'X' * doubled}-{'V' if vulnerable else 'NV'}-{tricks}"


def test_case_count():
    assert len(CASES) == 7 * 5 * 3 * 2 * 14 == 2940


ITEM_KEYS = {
    "trick_score",
    "overtricks",
    "insult",
    "game_bonus",
    "partscore_bonus",
    "small_slam",
    "grand_slam",
    "undertricks",
}


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_law_77_against_printed_table(case):
    level, strain, doubled, vulnerable, tricks = case
    expected = printed_table_score(*case)
    contract = Contract(level, Strain(strain), doubled)

    # North declares (NS vulnerable or not) ...
    north = score(contract, Seat.N, Vulnerability.NS if vulnerable else Vulnerability.NONE, tricks)
    assert north.score_ns == expected
    assert north.score_ew == -expected
    # ... and the mirror image for West, with EW vulnerable.
    west = score(contract, Seat.W, Vulnerability.BOTH if vulnerable else Vulnerability.NS, tricks)
    assert west.score_ew == expected
    assert west.score_ns == -expected

    for result in (north, west):
        assert result.vulnerable is vulnerable
        assert result.tricks == tricks
        assert result.result == tricks - 6 - level
        assert sum(item.points for item in result.breakdown) == expected == result.declaring_side_score
        assert {item.item for item in result.breakdown} <= ITEM_KEYS
        assert all(item.law == "77" and item.label_zh for item in result.breakdown)
        assert len({item.item for item in result.breakdown}) == len(result.breakdown)


ENDPLAY_DENOMS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "nt"}
ENDPLAY_PENALTIES = ("passed", "doubled", "redoubled")


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_law_77_against_endplay(case):
    pytest.importorskip("endplay")
    from endplay.types import Contract as EndplayContract
    from endplay.types import Denom, Penalty, Player, Vul

    level, strain, doubled, vulnerable, tricks = case
    theirs = EndplayContract(
        level=level,
        denom=getattr(Denom, ENDPLAY_DENOMS[strain]),
        declarer=Player.east,
        penalty=getattr(Penalty, ENDPLAY_PENALTIES[doubled]),
        result=tricks - 6 - level,
    ).score(Vul.ew if vulnerable else Vul.ns)
    ours = score(Contract(level, Strain(strain), doubled), Seat.E, "EW" if vulnerable else "NS", tricks)
    assert ours.score_ew == theirs


# --- well-known values ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "vul", "tricks", "points"),
    [
        ("4S", "None", 10, 420),
        ("4S", "NS", 10, 620),
        ("3NT", "NS", 10, 630),
        ("3NT", "None", 9, 400),
        ("1NTX", "None", 6, -100),
        ("7NTXX", "NS", 13, 2980),
        ("4SX", "None", 6, -800),
        ("4SX", "NS", 6, -1100),
        ("2HX", "None", 8, 470),
        ("1CX", "None", 7, 140),
        ("1NTXX", "NS", 7, 760),
        ("1C", "None", 13, 190),
        ("6NT", "NS", 12, 1440),
        ("7NT", "None", 13, 1520),
        ("7C", "None", 13, 1440),
        ("5CX", "NS", 12, 950),  # 200 + 500 + 50 + one doubled vulnerable overtrick 200
        ("3NTX", "NS", 6, -800),
        ("7NTXX", "NS", 0, -7600),
        ("7NTXX", "None", 0, -7000),
        ("7NT", "None", 0, -650),
        ("2S", "None", 9, 140),
        ("3D", "NS", 9, 110),
        ("5D", "NS", 11, 600),
        ("4HXX", "None", 11, 1080),  # 480 + 300 + 100 + 200
    ],
)
def test_known_scores(contract, vul, tricks, points):
    assert score(contract, "N", vul, tricks).score_ns == points


def test_breakdown_of_7ntxx_vulnerable():
    result = score("7NTXX", "S", "Both", 13)
    assert [(item.item, item.points) for item in result.breakdown] == [
        ("trick_score", 880),
        ("insult", 100),
        ("game_bonus", 500),
        ("grand_slam", 1500),
    ]


def test_breakdown_of_overtricks_and_partscore():
    result = score("2D", "E", "None", 10)
    assert result.result == 2
    assert [(item.item, item.points) for item in result.breakdown] == [
        ("trick_score", 40),
        ("overtricks", 40),
        ("partscore_bonus", 50),
    ]
    assert result.score_ew == 130 and result.score_ns == -130


def test_breakdown_of_undertricks_is_negative_for_the_declaring_side():
    result = score("4SX", "W", "None", 6)
    assert result.result == -4
    assert result.breakdown == (ScoreItem("undertricks", result.breakdown[0].label_zh, -800, "77"),)
    assert (result.score_ns, result.score_ew) == (800, -800)


def test_doubled_major_trick_value_is_60_not_the_misprinted_40():
    """laws-facts.md D-2: the CCBA web copy prints 40; the law's value is 2 × 30."""
    trick_score = score("1SX", "N", "None", 7).breakdown[0]
    assert (trick_score.item, trick_score.points) == ("trick_score", 60)


@pytest.mark.parametrize("declarer", [Seat.N, "E", "南", None])
@pytest.mark.parametrize("tricks", [0, 7, 13, None])
@pytest.mark.parametrize("vul", list(Vulnerability))
def test_passed_out_board_scores_zero(declarer, tricks, vul):
    result = score("PASS", declarer, vul, tricks)
    assert (result.score_ns, result.score_ew, result.result, result.breakdown) == (0, 0, 0, ())
    assert result.contract.is_passed_out


def test_score_accepts_enums_and_text_alike():
    assert score(Contract.parse("4SX"), Seat.N, Vulnerability.NONE, 10) == score("4♠X", "北", "双无", 10)


def test_score_is_frozen():
    result = score("3NT", "N", "None", 9)
    assert isinstance(result, Score)
    with pytest.raises(AttributeError):
        result.score_ns = 0  # type: ignore[misc]


# --- bad input -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [14, -1, "ten", "10", 10.0, None, True])
def test_bad_tricks(tricks):
    with pytest.raises(TricksError) as info:
        score("4S", "N", "None", tricks)
    assert info.value.field == "tricks"


@pytest.mark.parametrize("declarer", ["Q", "", None, 3])
def test_bad_declarer(declarer):
    with pytest.raises(SeatError) as info:
        score("4S", declarer, "None", 10)
    assert info.value.field == "declarer"


def test_bad_vulnerability():
    with pytest.raises(VulnerabilityError) as info:
        score("4S", "N", "XY", 10)
    assert info.value.field == "vulnerability"


@pytest.mark.parametrize("contract", ["4Z", "8S", "0H", ""])
def test_bad_contract(contract):
    with pytest.raises(ContractError) as info:
        score(contract, "N", "None", 10)
    assert info.value.field == "contract"


def test_passed_out_board_still_rejects_garbage_tricks():
    with pytest.raises(TricksError):
        score("PASS", "N", "None", 14)
    with pytest.raises(EngineError):
        score("PASS", "Q", "None", 0)


# --- the pure core's own rules (docs/design.md §8.1, §8.3) ---------------------------------------------------------

ENGINE_DIR = Path(bridge.__file__).parent
# The scoring core's own modules; other engine modules (decision trees, revoke…) are held to the Django ban only.
SCORING_MODULES = [
    ENGINE_DIR / name
    for name in (
        "__init__.py",
        "errors.py",
        "tables.py",
        "cards.py",
        "boards.py",
        "scoring.py",
        "comparison.py",
        "adjusted.py",
    )
]


def _imported_modules(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    return names


@pytest.mark.parametrize("path", SCORING_MODULES, ids=lambda p: p.name)
def test_scoring_core_imports_only_the_standard_library(path):
    for name in _imported_modules(path):
        top = name.split(".")[0]
        assert top in sys.stdlib_module_names, f"{path.name} imports {name}"


@pytest.mark.parametrize("path", sorted(ENGINE_DIR.glob("*.py")), ids=lambda p: p.name)
def test_no_engine_module_imports_django(path):
    for name in _imported_modules(path):
        assert name.split(".")[0] not in {"django", "rest_framework"}, f"{path.name} imports {name}"


# Small numbers that are not scores: levels 1–7, 13 tricks, the 4 seats, percent, the 12C3 weight tolerance.
NOT_SCORE_NUMBERS = {0, 1, 2, 3, 4, 6, 7, 13, 100, 1e-9}


@pytest.mark.parametrize("path", [p for p in SCORING_MODULES if p.name != "tables.py"], ids=lambda p: p.name)
def test_no_score_number_outside_the_table_module(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    numbers = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, (int, float))
        and not isinstance(node.value, bool)
    }
    assert numbers <= NOT_SCORE_NUMBERS, f"{path.name} holds {sorted(numbers - NOT_SCORE_NUMBERS)}"
