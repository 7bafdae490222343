"""Law 78: the IMP scale (78B) and matchpoints (78A)."""

from __future__ import annotations

import random

import pytest

from bridge import ComparisonError, Matchpoints, imps, matchpoint_score, matchpoints

# Law 78B as printed (difference in points → IMPs); "4000 and more → 24" is the open last row.
PRINTED_IMP_TABLE = """
0-10 0      370-420 9       1500-1740 17
20-40 1     430-490 10      1750-1990 18
50-80 2     500-590 11      2000-2240 19
90-120 3    600-740 12      2250-2490 20
130-160 4   750-890 13      2500-2990 21
170-210 5   900-1090 14     3000-3490 22
220-260 6   1100-1290 15    3500-3990 23
270-310 7   1300-1490 16
320-360 8
"""


def _printed_bands() -> list[tuple[int, int, int]]:
    words = PRINTED_IMP_TABLE.split()
    bands = []
    for band, value in zip(words[::2], words[1::2], strict=True):
        low, high = band.split("-")
        bands.append((int(low), int(high), int(value)))
    return sorted(bands)


BANDS = _printed_bands()


def test_printed_bands_are_contiguous_in_tens():
    assert [b[2] for b in BANDS] == list(range(24))
    for (_, high, _), (low, _, _) in zip(BANDS, BANDS[1:], strict=False):
        assert low == high + 10


@pytest.mark.parametrize(("low", "high", "value"), BANDS, ids=lambda x: str(x))
def test_every_imp_band_edge(low, high, value):
    # both edges of the band, in both directions
    assert imps(low) == value
    assert imps(high) == value
    assert imps(-low) == -value
    assert imps(-high) == -value
    # the other side of each boundary
    assert imps(high + 10) == value + 1
    assert imps(-(high + 10)) == -(value + 1)
    if low > 0:
        assert imps(low - 10) == value - 1
        assert imps(-(low - 10)) == -(value - 1)


@pytest.mark.parametrize("diff", [4000, 4010, 5000, 7600, 24_000, 10**9])
def test_4000_and_more_is_24(diff):
    assert imps(diff) == 24
    assert imps(-diff) == -24


def test_every_multiple_of_ten_up_to_4500_matches_the_printed_table():
    for diff in range(0, 4510, 10):
        expected = next((v for low, high, v in BANDS if low <= diff <= high), 24)
        assert imps(diff) == expected
        assert imps(-diff) == -expected


def test_well_known_swings():
    assert imps(620 - 170) == 10  # game swing, vulnerable
    assert imps(420 - 140) == 7
    assert imps(1430 - 680) == 13  # slam swing
    assert imps(-50 - 110) == -4
    assert imps(0) == 0


def test_differences_between_printed_bands_go_to_the_next_band_up():
    """Documented choice: the scale is a list of upper bounds, so 15 (between 0–10 and 20–40) scores 1."""
    assert imps(15) == 1
    assert imps(-15) == -1
    assert imps(11) == 1
    assert imps(3995) == 24


@pytest.mark.parametrize("bad", ["10", 10.0, None, True, [10]])
def test_imps_rejects_non_int(bad):
    with pytest.raises(ComparisonError) as info:
        imps(bad)
    assert info.value.field == "diff"


# --- matchpoints ---------------------------------------------------------------------------------------------


def brute_force(scores: list[int]) -> list[int]:
    """Law 78A read literally: compare with every other score."""
    result = []
    for i, mine in enumerate(scores):
        units = 0
        for j, theirs in enumerate(scores):
            if i != j:
                units += 2 if mine > theirs else 1 if mine == theirs else 0
        result.append(units)
    return result


def test_one_score_gets_top_0_and_an_average():
    assert matchpoints([420]) == Matchpoints((0,), (50.0,), 0)


def test_two_scores():
    assert matchpoints([420, -50]) == Matchpoints((2, 0), (100.0, 0.0), 2)
    assert matchpoints([-50, 420]) == Matchpoints((0, 2), (0.0, 100.0), 2)


def test_two_equal_scores():
    assert matchpoints([100, 100]) == Matchpoints((1, 1), (50.0, 50.0), 2)


def test_ties_in_a_field():
    result = matchpoints([100, 100, 50, -50])
    assert result.top == 6
    assert result.matchpoints == (5, 5, 2, 0)
    assert result.percentages == (83.33, 83.33, 33.33, 0.0)


def test_many_scores_keep_their_order():
    scores = [420, 450, 420, -50, 170, 420, -100, 450, 140]
    result = matchpoints(scores)
    assert result.top == 16
    assert list(result.matchpoints) == brute_force(scores)
    assert result.matchpoints == (10, 15, 10, 2, 6, 10, 0, 15, 4)
    assert result.percentages[1] == 93.75


def test_all_equal():
    result = matchpoints([0] * 7)
    assert set(result.matchpoints) == {6}
    assert set(result.percentages) == {50.0}


@pytest.mark.parametrize("n", [1, 2, 3, 5, 13, 100])
def test_random_fields_against_brute_force(n):
    rng = random.Random(n)
    scores = [rng.choice([-200, -100, -50, 0, 110, 140, 420, 450, 620]) for _ in range(n)]
    result = matchpoints(scores)
    assert list(result.matchpoints) == brute_force(scores)
    # Every comparison hands out 2 units between the two scores compared.
    assert sum(result.matchpoints) == n * (n - 1)
    assert result.top == 2 * (n - 1)


def test_tuples_are_accepted():
    assert matchpoints((10, 20)).matchpoints == (0, 2)


@pytest.mark.parametrize("bad", ["100", 100, None, {"a": 1}, {100, 200}, []])
def test_matchpoints_rejects_non_lists(bad):
    with pytest.raises(ComparisonError) as info:
        matchpoints(bad)
    assert info.value.field == "scores"


@pytest.mark.parametrize("bad", [[100, "50"], [100, 50.0], [True, 100], [None]])
def test_matchpoints_rejects_non_int_scores(bad):
    with pytest.raises(ComparisonError) as info:
        matchpoints(bad)
    assert info.value.field == "scores"


def test_matchpoint_score_against_a_field():
    assert matchpoint_score(420, [420, -50, 170, -100]) == (7, 8)
    assert matchpoint_score(-200, [420]) == (0, 2)
    with pytest.raises(ComparisonError):
        matchpoint_score(420, "420")
