"""Law 2: dealer and vulnerability by board number."""

from __future__ import annotations

import pytest

from bridge import Board, BoardError, Seat, Vulnerability, board_info

# Law 2's table as printed in the CCBA 1999 text (发牌人 / 局况 → board numbers 1–16), read independently of the
# engine's own cycle tables.
PRINTED_LAW_2 = """
北家 1 5 9 13
东家 2 6 10 14
南家 3 7 11 15
西家 4 8 12 16
双无 1 8 11 14
南北 2 5 12 15
东西 3 6 9 16
双有 4 7 10 13
"""
_NAMES = {
    "北家": Seat.N,
    "东家": Seat.E,
    "南家": Seat.S,
    "西家": Seat.W,
    "双无": Vulnerability.NONE,
    "南北": Vulnerability.NS,
    "东西": Vulnerability.EW,
    "双有": Vulnerability.BOTH,
}


def _printed_table() -> tuple[dict[int, Seat], dict[int, Vulnerability]]:
    dealers: dict[int, Seat] = {}
    vuls: dict[int, Vulnerability] = {}
    for line in PRINTED_LAW_2.strip().splitlines():
        name, *numbers = line.split()
        value = _NAMES[name]
        target = dealers if isinstance(value, Seat) else vuls
        for number in numbers:
            assert int(number) not in target
            target[int(number)] = value  # type: ignore[assignment]
    return dealers, vuls


DEALERS, VULS = _printed_table()


def test_printed_table_covers_boards_1_to_16_once():
    assert sorted(DEALERS) == list(range(1, 17))
    assert sorted(VULS) == list(range(1, 17))


@pytest.mark.parametrize("number", range(1, 65))
def test_boards_1_to_64(number):
    board = board_info(number)
    in_cycle = (number - 1) % 16 + 1  # 第17副至32副…均依序重复使用上表
    assert board == Board(number, DEALERS[in_cycle], VULS[in_cycle])
    assert board.dealer is Seat("NESW"[(number - 1) % 4])


@pytest.mark.parametrize(
    ("number", "dealer", "vul"),
    [
        (1, "N", "None"),
        (2, "E", "NS"),
        (3, "S", "EW"),
        (4, "W", "Both"),
        (5, "N", "NS"),
        (8, "W", "None"),
        (9, "N", "EW"),
        (13, "N", "Both"),
        (16, "W", "EW"),
        (17, "N", "None"),
        (32, "W", "EW"),
        (33, "N", "None"),
        (1000, "W", "None"),  # 1000 = 62 × 16 + 8: plays as board 8
    ],
)
def test_known_boards(number, dealer, vul):
    board = board_info(number)
    assert board.dealer == dealer
    assert board.vulnerability == vul


def test_board_is_frozen():
    board = board_info(1)
    with pytest.raises(AttributeError):
        board.number = 2  # type: ignore[misc]


@pytest.mark.parametrize("bad", [0, -1, -16, "1", 1.0, None, True, False])
def test_bad_board_numbers(bad):
    with pytest.raises(BoardError) as info:
        board_info(bad)
    assert info.value.field == "board"
    assert isinstance(info.value, ValueError)
