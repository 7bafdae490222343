"""The importer's parser on the supplied official text (Definitions and Laws 1–8), without a database."""

from pathlib import Path

import pytest

from bridge.references import chinese_ref, find_references, parse_ref_query
from laws.text import ParseError, blocks, from_chinese_numeral, parse, tables, to_chinese_numeral

OFFICIAL = (
    Path(__file__).resolve().parents[2] / "fixtures" / "sources" / "ccba-1999-definitions-and-laws-1-8.txt"
)
SHARED = Path(__file__).resolve().parents[3] / "shared" / "sources" / "ccba-1999-definitions-and-laws-1-8.txt"


@pytest.fixture(scope="module")
def corpus():
    return parse(OFFICIAL.read_text(encoding="utf-8"))


def test_fixture_is_the_supplied_text_byte_for_byte():
    if not SHARED.exists():
        pytest.skip("../shared is not beside this checkout")
    assert OFFICIAL.read_bytes() == SHARED.read_bytes()


def test_chapters(corpus):
    assert [(c.number, c.title) for c in corpus.chapters] == [
        (1, "定义"),
        (2, "准备事项"),
        (3, "比赛的准备与进行"),
    ]


def test_every_definition_with_its_english_term(corpus):
    terms = {d.term: d for d in corpus.definitions}
    assert len(terms) >= 50
    assert terms["藏牌"].term_en == "REVOKE"
    assert terms["国际比赛分"].term_en == "INTERNATIONAL MATCH POINT－IMP"
    assert terms["发牌或牌局"].term_en == "DEAL"
    # Typos are kept as supplied.
    assert terms["参赛者"].term_en == "CONTTESTANT"
    assert "复工桥牌" in terms["裁判"].text
    # "Premium Point 奖分：" has its English first and no brackets.
    assert any(d.term == "奖分" and d.term_en == "Premium Point" for d in corpus.definitions)
    # A definition spanning two lines is one definition.
    assert terms["加倍"].text.endswith("的输分均有所增加（参阅第19条及第77条）。")
    # 宕墩 appears twice: once with an English term, once without.
    assert [d.term_en for d in corpus.definitions if d.term == "宕墩"] == ["UNDER TRICK", ""]
    # Every definition but those the source gives without one has an English term.
    missing = sorted({d.term for d in corpus.definitions if not d.term_en})
    assert missing == ["宕墩"]


def test_laws_and_sections(corpus):
    refs = {law.number: [n.ref for n in law.root.walk()] for law in corpus.laws}
    assert sorted(refs) == list(range(1, 9))
    assert refs[5] == ["5", "5A", "5B"]
    assert refs[6] == [
        "6",
        "6A",
        "6B",
        "6C",
        "6D",
        "6D1",
        "6D2",
        "6D3",
        "6E",
        "6E1",
        "6E2",
        "6E3",
        "6E4",
        "6F",
    ]
    assert refs[8] == ["8", "8A", "8A1", "8A2", "8B", "8C"]
    law5 = corpus.laws[4]
    assert law5.root.children[1].heading == "换位或换桌"  # "B ．" with a stray space
    law8c = corpus.laws[7].root.children[2]
    assert law8c.heading == "最后一轮的结束和一节的结束" and law8c.text == ""  # cut off in the source


def test_law_2_table_gives_dealer_and_vulnerability_of_every_board(corpus):
    (table,) = tables(corpus.laws[1].root.text)
    dealer_names = {"北家": "N", "东家": "E", "南家": "S", "西家": "W"}
    vul_names = {"双无": "None", "南北": "NS", "东西": "EW", "双有": "Both"}
    dealer, vulnerability = {}, {}
    for row in table.rows:
        for board in row[1:5]:
            dealer[int(board)] = dealer_names[row[0]]
        for board in row[6:10]:
            vulnerability[int(board)] = vul_names[row[5]]
    assert sorted(dealer) == sorted(vulnerability) == list(range(1, 17))
    assert (
        dealer[1] == "N" and dealer[14] == "E" and vulnerability[1] == "None" and vulnerability[13] == "Both"
    )
    assert vulnerability[5] == "NS" and vulnerability[9] == "EW"


def test_references_in_the_official_text(corpus):
    found = {r.ref for law in corpus.laws for node in law.root.walk() for r in find_references(node.text)}
    assert {"17A", "22A", "86C", "45"} <= found
    in_definitions = {r.ref for d in corpus.definitions for r in find_references(d.text)}
    assert {"77", "19", "12", "78B", "17E", "54A"} <= in_definitions


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("参阅第77条", "77"),
        ("第22条A款", "22A"),
        ("第54条A款", "54A"),
        ("根据45条", "45"),
        ("第86条C款", "86C"),
        ("第12条C款1项", "12C1"),
        ("Law 64A2", "64A2"),
        ("(Law 12C)", "12C"),
    ],
)
def test_reference_forms(text, ref):
    assert [r.ref for r in find_references(text)] == [ref]


def test_not_references():
    assert find_references("1999年12月，第17副至32副牌套") == []
    assert find_references("第120条") == []


@pytest.mark.parametrize(
    ("query", "ref"),
    [
        ("27", "27"),
        ("27b1", "27B1"),
        ("27B1a", "27B1a"),
        ("第27条", "27"),
        ("第27条B款1项", "27B1"),
        ("Law 12C", "12C"),
        ("12c", "12C"),
        (" 64 ", "64"),
        ("藏牌", None),
        ("0", None),
        ("94", None),
        ("271", None),
    ],
)
def test_typed_references(query, ref):
    assert parse_ref_query(query) == ref


def test_chinese_ref_and_numerals():
    assert chinese_ref("12C1") == "第12条C款1项"
    assert [from_chinese_numeral(t) for t in ("一", "十", "十一", "二十三")] == [1, 10, 11, 23]
    assert to_chinese_numeral(11) == "十一"


@pytest.mark.parametrize(
    ("text", "line", "needle"),
    [
        ("第二章准备事项\nA．没有条", 2, "outside any law"),
        ("第1条：牌", 1, "before any chapter"),
        ("第二章x\n第1条：牌\n1.小项", 3, "outside a section"),
        ("第二章x\n第1条：牌\nA．甲\nA．乙", 4, "appears twice"),
        ("第一章定义\n没有冒号的一行", 2, "expected a definition"),
    ],
)
def test_errors_name_the_line(text, line, needle):
    with pytest.raises(ParseError) as info:
        parse(text)
    assert info.value.line == line
    assert needle in str(info.value) and f"line {line}" in str(info.value)


def test_blocks_pipe_table_with_header():
    (p, table) = blocks("说明\n| 分差 | IMP |\n|---|---|\n| 20–40 | 1 |")
    assert p.text == "说明"
    assert table.table.header == ["分差", "IMP"] and table.table.rows == [["20–40", "1"]]
