"""bridge.appeal_file: the appeal file's director part and committee part read from JSON, normalised, and
refused naming the field; the auction held to Laws 18, 19 and 22; the poll counted and checked against the
director's logical-alternative answer (review J6, J7)."""

import pytest

from bridge.appeal_file import (
    POLL_WARNING_ALTERNATIVE,
    POLL_WARNING_NONE,
    check_auction,
    parse_call,
    poll_warning,
    read_appeal_file,
    read_auction,
    read_committee,
)
from bridge.errors import EngineError
from tests.bridge.test_deals import SESSION

# Board 3 of the session (S deals, EW vulnerable). S opens 1♥, W overcalls 2♦ and N passes after a break in
# tempo; S reopens with a double and NS reach 4♥.
AUCTION = [
    {"call": "1H"},
    {"call": "2D"},
    {"call": "P"},
    {"call": "P"},
    {"call": "X", "alert": False},
    {"call": "P"},
    {"call": "4H"},
    "Pass",
    "pass",
    "p",
]
FILE = {
    "deal": {"pbn": SESSION, "board": 3},
    "auction": {"calls": AUCTION, "tempo": {"call": 2, "seconds": 15, "status": "disputed"}},
    "lead": "DQ",
    "play": "Trick 1 won by ♦A.",
    "table_result": {"contract": "4H", "declarer": "N", "tricks": 10},
    "poll": {
        "mode": "ui",
        "problem": "Board 3, EW vul, matchpoints. 1♥ (2♦) P (P) ?",
        "standard": "club A-grade",
        "action": "X",
        "pollees": [
            {"name": "Li", "standard": "A", "call": "pass", "considered": ["X"], "suggests": "values"},
            {"name": "Wang", "standard": "A", "call": "X"},
            {"name": "Zhao", "standard": "A", "call": "P"},
        ],
    },
    "results": [
        {
            "contract": "4H",
            "declarer": "N",
            "tricks": 10,
            "NS": {"likely": True},
            "EW": {"at_all_probable": True},
        },
        {
            "contract": "2DX",
            "declarer": "W",
            "tricks": 7,
            "NS": {"at_all_probable": True},
            "EW": {"likely": True},
        },
    ],
}


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("1♠", "1S"),
        ("3nt", "3NT"),
        ("7N", "7NT"),
        ("p", "Pass"),
        ("不叫", "Pass"),
        ("dbl", "X"),
        ("xx", "XX"),
    ],
)
def test_calls_are_read_in_one_form(text, call):
    assert parse_call(text) == call


@pytest.mark.parametrize("text", ["8S", "0C", "1Z", "4SX", "", 4, None])
def test_unreadable_calls(text):
    with pytest.raises(EngineError) as caught:
        parse_call(text, "auction.calls[0].call")
    assert caught.value.code == "auction.call_unreadable" and caught.value.field == "auction.calls[0].call"


@pytest.mark.parametrize(
    ("calls", "index", "code"),
    [
        (["1S", "1H"], 1, "auction.insufficient"),
        (["1S", "P", "1S"], 2, "auction.insufficient"),
        (["X"], 0, "auction.double_illegal"),
        (["1S", "P", "X"], 2, "auction.double_illegal"),  # partner's bid
        (["1S", "X", "X"], 2, "auction.double_illegal"),
        (["1S", "XX"], 1, "auction.double_illegal"),
        (["1S", "X", "P", "XX"], 3, "auction.double_illegal"),  # the doubler's partner
        (["P", "P", "P", "P", "1C"], 4, "auction.after_end"),
        (["1C", "P", "P", "P", "1D"], 4, "auction.after_end"),
    ],
)
def test_illegal_auctions_name_the_call(calls, index, code):
    with pytest.raises(EngineError) as caught:
        check_auction(calls)
    assert caught.value.code == code and caught.value.field == f"auction.calls[{index}].call"


def test_legal_auctions():
    check_auction(["1S", "X", "XX", "P", "P", "2C", "X", "P", "P", "XX", "P", "P", "P"])
    check_auction(["P", "P", "P", "P"])
    check_auction(["1S", "P", "P", "X"])  # the opener's right-hand opponent doubles in the pass-out seat


def test_the_whole_file_normalised():
    data = read_appeal_file(FILE, board=3)
    assert data["deal"]["dealer"] == "S" and data["deal"]["vulnerability"] == "EW"
    assert [c["call"] for c in data["auction"]["calls"]] == [
        "1H", "2D", "Pass", "Pass", "X", "Pass", "4H", "Pass", "Pass", "Pass"
    ]  # fmt: skip
    assert data["auction"]["tempo"] == {"call": 2, "seconds": 15, "status": "disputed"}
    assert data["lead"] == "DQ" and data["table_result"]["score_ns"] == 420
    poll = data["poll"]
    assert [p["call"] for p in poll["pollees"]] == ["Pass", "X", "Pass"]
    assert poll["tally"]["reading"] == "alternative_chosen" and poll["tally"]["polled"] == 3
    assert poll["tally"]["action_chose"] == 1
    first, second = data["results"]
    assert first["score_ns"] == 420 and first["NS"] == {"likely": True, "at_all_probable": True}
    assert first["EW"] == {"likely": False, "at_all_probable": True}
    assert second["score_ns"] == 200  # 2♦X by W, 7 tricks: one down doubled, vulnerable
    assert second["EW"] == {"likely": True, "at_all_probable": True}


def test_an_empty_file_and_the_board_s_deal():
    assert read_appeal_file({}, board=5) == {
        "deal": None,
        "auction": None,
        "lead": None,
        "play": "",
        "table_result": None,
        "poll": None,
        "results": [],
    }
    hands = {"N": "SAKQJT98765432", "E": "HAKQJT98765432", "S": "DAKQJT98765432"}
    deal = read_appeal_file({"deal": {"hands": hands}}, board=5)["deal"]
    assert (deal["board"], deal["dealer"], deal["vulnerability"]) == (5, "N", "NS")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"extra": 1}, "extra"),
        ({"deal": {"hands": {"N": "SA"}, "board": 3}}, "deal.hands"),
        ({"deal": {"pbn": SESSION.replace("AT97.QJ8764.83.8", "AT97.QJ8764.83.")}}, "deal.pbn"),
        ({"auction": {"calls": ["1H", "1D"]}}, "auction.calls[1].call"),
        ({"auction": {"calls": [{"call": "1H", "alert": "yes"}]}}, "auction.calls[0].alert"),
        ({"auction": {"calls": [{"call": "1H", "explanation": "x" * 501}]}}, "auction.calls[0].explanation"),
        ({"auction": {"calls": ["1H"], "tempo": {"call": 1}}}, "auction.tempo.call"),
        ({"auction": {"calls": ["1H"], "tempo": {"call": 0, "seconds": 601}}}, "auction.tempo.seconds"),
        ({"auction": {"calls": ["1H"], "tempo": {"call": 0, "status": "maybe"}}}, "auction.tempo.status"),
        ({"auction": {"calls": "1H P"}}, "auction.calls"),
        ({"lead": "Z9"}, "lead"),
        ({"table_result": {"contract": "4H", "declarer": "N", "tricks": 14}}, "table_result.tricks"),
        ({"table_result": {"contract": "9H", "declarer": "N", "tricks": 10}}, "table_result.contract"),
        ({"poll": {"pollees": [{"name": "Li", "call": "5Z"}]}}, "poll.pollees[0].call"),
        ({"poll": {"pollees": [{"name": "Li\nWang", "call": "P", "x": 1}]}}, "poll.pollees[0].x"),
        ({"poll": {"problem": "p" * 3001}}, "poll.problem"),
        ({"poll": {"mode": "claim"}}, "poll.mode"),
        ({"results": [{"contract": "4H", "declarer": "Q", "tricks": 10}]}, "results[0].declarer"),
        (
            {"results": [{"contract": "4H", "declarer": "N", "tricks": 10, "NS": {"likely": 1}}]},
            "results[0].NS.likely",
        ),
        ({"results": [{}] * 11}, "results"),
    ],
)
def test_bad_input_names_the_field(change, field):
    with pytest.raises(EngineError) as caught:
        read_appeal_file({**FILE, **change}, board=3)
    assert caught.value.field == field, caught.value.message


def test_statement_of_a_problem_holds_3000_characters():
    data = read_appeal_file({"poll": {"problem": "问" * 3000}}, board=1)
    assert len(data["poll"]["problem"]) == 3000


def test_poll_warning_when_the_poll_and_the_director_disagree():
    chosen = read_appeal_file(FILE, board=3)["poll"]
    assert poll_warning(chosen, False) == POLL_WARNING_ALTERNATIVE
    assert poll_warning(chosen, True) is None
    assert poll_warning(chosen, None) is None
    unanimous = read_appeal_file(
        {"poll": {"action": "X", "pollees": [{"name": "A", "call": "X"}, {"name": "B", "call": "X"}]}},
        board=3,
    )["poll"]
    assert unanimous["tally"]["reading"] == "no_alternative"
    assert poll_warning(unanimous, True) == POLL_WARNING_NONE
    assert poll_warning(unanimous, False) is None
    assert poll_warning(None, True) is None


def test_the_committee_part():
    data = read_committee(
        {
            "submission": "EW: the pause was 5 seconds at most.",
            "members": ["Chen (chair)", " Liu ", ""],
            "weights": [
                {"contract": "4H", "declarer": "N", "tricks": 10, "weight": 60},
                {"contract": "2DX", "declarer": "W", "tricks": 7, "weight": 40},
            ],
        },
        vulnerability="EW",
    )
    assert data["members"] == ["Chen (chair)", "Liu"]
    assert [line["score_ns"] for line in data["weights"]] == [420, 200]
    assert data["equity"] == {"score_ns": 332.0, "score_ew": -332.0}  # 0.6 × 420 + 0.4 × 200


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"weights": [{"contract": "4H", "declarer": "N", "tricks": 10, "weight": 60}]}, "weights"),
        ({"weights": [{"contract": "4H", "declarer": "N", "tricks": 10, "weight": 0}]}, "weights[0].weight"),
        ({"members": "Chen, Liu"}, "members"),
        ({"members": ["x" * 101]}, "members[0]"),
        ({"submission": 5}, "submission"),
        ({"decision": "upheld"}, "decision"),
    ],
)
def test_committee_bad_input(body, field):
    with pytest.raises(EngineError) as caught:
        read_committee(body, vulnerability="None")
    assert caught.value.field == field


def test_auction_reads_strings_and_objects():
    assert read_auction({"calls": ["1NT", {"call": "2C", "alert": True, "explanation": "Stayman"}]})[
        "calls"
    ] == [
        {"call": "1NT", "alert": False, "explanation": ""},
        {"call": "2C", "alert": True, "explanation": "Stayman"},
    ]
