"""Law 77's and Law 78B's tables as written in the corpus agree with the scoring engine's tables (issue 3)."""

import re

import pytest

from bridge import Contract, Seat, Vulnerability, imps, score
from bridge import tables as t
from laws.models import Section
from laws.text import tables

BASE = "ccba-1999"  # the base edition: a second one (wbf-2017) lives beside it (issue 28)

pytestmark = pytest.mark.django_db


def _rows(ref: str, index: int) -> dict[str, list[int]]:
    table = tables(Section.objects.get(edition__code=BASE, ref=ref).text)[index]
    return {row[0]: [int(c) for c in row[1:]] for row in table.rows}


def test_law_77_trick_scores():
    rows = _rows("77", 0)
    assert rows["梅花、方块，每墩"] == list(t.LATER_ODD_TRICK["C"]) == list(t.FIRST_ODD_TRICK["D"])
    assert rows["红心、黑桃，每墩"] == list(t.LATER_ODD_TRICK["S"]) == list(t.FIRST_ODD_TRICK["H"])
    assert rows["红心、黑桃，每墩"][1] == 60  # not the misprinted 40
    assert rows["无将，第一墩"] == list(t.FIRST_ODD_TRICK["NT"])
    assert rows["无将，以后每墩"] == list(t.LATER_ODD_TRICK["NT"])


def test_law_77_premiums():
    rows = _rows("77", 1)
    assert rows["成局奖分"] == [t.GAME_BONUS[False], t.GAME_BONUS[True]]
    assert rows["部分定约奖分"] == [t.PARTSCORE_BONUS] * 2
    assert rows["小满贯（叫到并完成6线位定约）"] == [t.SLAM_BONUS[6][False], t.SLAM_BONUS[6][True]]
    assert rows["大满贯（叫到并完成7线位定约）"] == [t.SLAM_BONUS[7][False], t.SLAM_BONUS[7][True]]
    assert rows["超墩，加倍，每墩"] == [t.DOUBLED_OVERTRICK[1][False], t.DOUBLED_OVERTRICK[1][True]]
    assert rows["超墩，再加倍，每墩"] == [t.DOUBLED_OVERTRICK[2][False], t.DOUBLED_OVERTRICK[2][True]]
    assert rows["完成加倍定约"] == [t.INSULT[1]] * 2 and rows["完成再加倍定约"] == [t.INSULT[2]] * 2
    assert rows["超墩，未加倍，梅花、方块，每墩"] == [t.LATER_ODD_TRICK["C"][0]] * 2
    assert rows["超墩，未加倍，红心、黑桃、无将，每墩"] == [t.LATER_ODD_TRICK["NT"][0]] * 2


def test_law_77_undertricks():
    rows = _rows("77", 2)
    columns = [(False, 0), (False, 1), (False, 2), (True, 0), (True, 1), (True, 2)]
    for position, label in enumerate(["第1墩", "第2、3墩，每墩", "第4墩及以后，每墩"]):
        assert rows[label] == [t.UNDERTRICKS[col][position] for col in columns], label


def test_law_77_cumulative_sentence_matches_the_engine():
    text = Section.objects.get(edition__code=BASE, ref="77").text
    sentence = re.search(r"无局加倍宕1至宕5墩分别罚([\d、]+)分，有局加倍分别罚([\d、]+)分", text)
    for group, vulnerability in ((1, Vulnerability.NONE), (2, Vulnerability.BOTH)):
        expected = [int(n) for n in sentence.group(group).split("、")]
        got = [
            -score(Contract.parse("7SX"), Seat.N, vulnerability, 13 - down).score_ns for down in range(1, 6)
        ]
        assert got == expected


def test_law_78b_imp_scale_matches_the_engine():
    rows = tables(Section.objects.get(edition__code=BASE, ref="78B").text)[0].rows
    assert len(rows) == len(t.IMP_SCALE) + 1
    for band, value in rows:
        numbers = [int(n) for n in re.findall(r"\d+", band)]
        for diff in numbers:
            assert imps(diff) == int(value), band
            assert imps(-diff) == -int(value), band
        if len(numbers) == 2:
            assert imps(numbers[0] - 10) == int(value) - 1 if numbers[0] else True
