"""bridge.deals: a deal from four hands or from PBN (read by endplay), held to Law 1, and its double-dummy table
and par from endplay's solver, cross-checked on deals whose tricks can be counted by hand."""

import pytest

from bridge import messages
from bridge.cards import Hand, Seat, Strain, Vulnerability
from bridge.deals import Deal, double_dummy, read_pbn
from bridge.errors import DealError, FieldError, PbnError

# Each hand one solid suit: N spades, E hearts, S diamonds, W clubs.
SOLID = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
SOLID_HANDS = {
    "N": "SAKQJT98765432",
    "E": "HAKQJT98765432",
    "S": "DAKQJT98765432",
    "W": "CAKQJT98765432",
}
# North holds every ace, king and queen and the jack of spades: thirteen top tricks at no trump.
TOPS = {
    "N": "SAKQJ HAKQ DAKQ CAKQ",
    "E": "ST98 HJT98 DJT9 CJT9",
    "S": "S765 H765 D8765 C876",
    "W": "S432 H432 D432 C5432",
}
# Three boards of a session (dealt with a seeded shuffle, written out here), with their own dealer and vulnerability.
SESSION = """% PBN 2.1
% EXPORT
[Event "Club pairs"]
[Site "Shanghai"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AT97.QJ8764.83.8 K863.AK3.QJT.AJ9 J5.952.964.KQ642 Q42.T.AK752.T753"]

[Event "Club pairs"]
[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:8.AQJ32.63.AQ542 Q6.KT.AKQJ92.J97 A732.75.754.T863 KJT954.9864.T8.K"]
{ a comment between the boards }

[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "E:JT742.Q76.J3.K85 K.AKJ842.A54.642 Q9.9.QT987.AQT93 A8653.T53.K62.J7"]
"""


def test_solid_suits_from_hands_and_from_pbn_are_the_same_deal():
    by_hand = Deal.from_hands(SOLID_HANDS, board=1)
    by_pbn = Deal.from_pbn(f'[Board "1"]\n[Deal "{SOLID}"]')
    assert by_hand == by_pbn
    assert by_hand.pbn == SOLID
    assert (by_hand.dealer, by_hand.vulnerability, by_hand.board) == (Seat.N, Vulnerability.NONE, 1)
    assert by_hand.hand("E") == Hand.parse("HAKQJT98765432")


def test_the_last_hand_is_filled_from_the_other_three():
    hands = dict(TOPS)
    west = hands.pop("W")
    deal = Deal.from_hands({**hands, "W": ""}, dealer="W", vulnerability="Both")
    assert deal.hand(Seat.W) == Hand.parse(west)
    assert deal.board is None and deal.dealer is Seat.W and deal.vulnerability is Vulnerability.BOTH


def test_board_gives_dealer_and_vulnerability_unless_given():
    assert Deal.from_hands(SOLID_HANDS, board=7).dealer is Seat.S
    assert Deal.from_hands(SOLID_HANDS, board=7).vulnerability is Vulnerability.BOTH
    deal = Deal.from_hands(SOLID_HANDS, board=7, dealer="E", vulnerability="None")
    assert (deal.dealer, deal.vulnerability) == (Seat.E, Vulnerability.NONE)


def test_as_dict():
    assert Deal.from_hands(SOLID_HANDS, board=2).as_dict() == {
        "board": 2,
        "dealer": "E",
        "vulnerability": "NS",
        "hands": {
            "N": "SAKQJ1098765432",
            "E": "HAKQJ1098765432",
            "S": "DAKQJ1098765432",
            "W": "CAKQJ1098765432",
        },
        "pbn": SOLID,
    }


@pytest.mark.parametrize(
    ("hands", "field", "code", "text"),
    [
        ({**SOLID_HANDS, "E": "HAKQJT9876543"}, "hands.E", "deals.hand_count", "E holds 12 cards"),
        (
            {**TOPS, "S": "S765 H765 D8765 C8765"},
            "hands.W",
            "deals.card_twice",
            "C5 is in two hands (S and W)",
        ),
        ({**TOPS, "W": "S432 H432 D432 C5432 C6"}, "hands.W", "deals.card_twice", "C6"),
        (
            {**SOLID_HANDS, "N": "SAKQJT98765432 HA"},
            "hands.E",
            "deals.card_twice",
            "HA is in two hands (N and E)",
        ),
        ({"N": SOLID_HANDS["N"], "E": SOLID_HANDS["E"]}, "hands", "deals.hands_missing", "missing: S, W"),
        ({**SOLID_HANDS, "N": "SAKQX"}, "hands.N", "cards.hand_unreadable", "'X'"),
        ({**SOLID_HANDS, "Q": "SA"}, "hands", "cards.seat_unknown", "'Q'"),
    ],
)
def test_bad_hands_name_the_seat(hands, field, code, text):
    with pytest.raises(DealError) as caught:
        Deal.from_hands(hands, board=1)
    assert (caught.value.field, caught.value.code) == (field, code)
    assert text in caught.value.message


def test_fourteen_cards_when_filled_is_a_count_error():
    hands = {"N": "SAKQJT98765432 HA", "E": ".".join(["", "KQJT98765432", "", ""]), "S": SOLID_HANDS["S"]}
    with pytest.raises(DealError) as caught:
        Deal.from_hands(hands, board=1)
    assert caught.value.field == "hands.N" and "14 cards" in caught.value.message


def test_without_board_or_dealer():
    with pytest.raises(DealError) as caught:
        Deal.from_hands(SOLID_HANDS)
    assert caught.value.field == "dealer" and caught.value.code == messages.DEAL_NO_DEALER.code
    with pytest.raises(DealError) as caught:
        Deal.from_hands(SOLID_HANDS, dealer="N")
    assert caught.value.field == "vulnerability"


def test_a_session_file_lists_its_boards():
    deals = read_pbn(SESSION)
    assert [(d.board, d.dealer, d.vulnerability) for d in deals] == [
        (1, Seat.N, Vulnerability.NONE),
        (2, Seat.E, Vulnerability.NS),
        (3, Seat.S, Vulnerability.EW),
    ]
    # Board 3's deal is written from East: North's hand is the fourth.
    assert deals[2].pbn == "N:A8653.T53.K62.J7 JT742.Q76.J3.K85 K.AKJ842.A54.642 Q9.9.QT987.AQT93"
    assert Deal.from_pbn(SESSION, board=2) == deals[1]
    with pytest.raises(PbnError) as caught:
        Deal.from_pbn(SESSION, board=9)
    assert caught.value.field == "board" and "it holds boards 1, 2, 3" in caught.value.message


def test_tags_left_out_come_from_the_board_number():
    deal = Deal.from_pbn(f'[Board "4"]\n[Deal "{SOLID}"]')
    assert (deal.dealer, deal.vulnerability) == (Seat.W, Vulnerability.BOTH)
    deal = Deal.from_pbn(f'[Dealer "E"]\n[Vulnerable "All"]\n[Deal "{SOLID}"]')
    assert (deal.board, deal.dealer, deal.vulnerability) == (None, Seat.E, Vulnerability.BOTH)


def _line_of(text, needle):
    return next(number for number, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.mark.parametrize(
    ("old", "new", "needle", "code", "says"),
    [
        ("AT97.QJ8764.83.8", "AT97.QJ8764.83.", "AT97.QJ8764.83.", "pbn.hand_count", "N holds 12 cards"),
        ("Q42.T.AK752.T753", "Q42.T.AK752.T7532", "T7532", "pbn.card_twice", "C2 is in two hands (S and W)"),
        (  # West's king of clubs moved to North: 14 cards and 12
            "8.AQJ32.63.AQ542 Q6.KT.AKQJ92.J97 A732.75.754.T863 KJT954.9864.T8.K",
            "K8.AQJ32.63.AQ542 Q6.KT.AKQJ92.J97 A732.75.754.T863 JT954.9864.T8.K",
            "K8.AQJ32",
            "pbn.hand_count",
            "N holds 14 cards",
        ),
        ('[Board "2"]', '[Board "2"', '[Board "2"', "pbn.line_unreadable", "is not a PBN tag"),
        ('[Dealer "S"]', '[Dealer "X"]', '[Dealer "X"]', "pbn.tag_value", "N, E, S or W"),
        ('[Vulnerable "EW"]', '[Vulnerable "Maybe"]', "Maybe", "pbn.tag_value", "None, NS, EW or All"),
        ('[Board "3"]', '[Board "three"]', "three", "pbn.tag_value", "a whole number"),
        ("KJT954.9864.T8.K", "KJT954.9864.T8", "KJT954.9864.T8", "pbn.deal_unreadable", "cannot be read"),
        ("Q9.9.QT987.AQT93", "Q9.9.QT987.AQZ93", "AQZ93", "pbn.deal_unreadable", "cannot be read"),
    ],
)
def test_bad_pbn_names_the_line(old, new, needle, code, says):
    text = SESSION.replace(old, new)
    with pytest.raises(PbnError) as caught:
        read_pbn(text)
    error = caught.value
    assert (error.field, error.code) == ("pbn", code)
    assert error.params["line"] == _line_of(text, needle)
    assert f"Line {error.params['line']}" in error.message and says in error.message
    assert f"第 {error.params['line']} 行" in error.text("zh-hans")


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "pbn.empty"), ("   \n", "pbn.empty"), ('[Event "x"]\n[Board "1"]\n', "pbn.no_deal")],
)
def test_pbn_without_a_deal(text, code):
    with pytest.raises(PbnError) as caught:
        read_pbn(text)
    assert caught.value.code == code


def test_pbn_too_long_is_refused_before_reading():
    with pytest.raises(PbnError) as caught:
        read_pbn("%" * 200_001)
    assert caught.value.code == "pbn.too_long"


def test_a_deal_without_dealer_or_board_names_its_line():
    with pytest.raises(PbnError) as caught:
        read_pbn(f'[Event "x"]\n[Deal "{SOLID}"]')
    assert caught.value.code == "pbn.no_dealer" and caught.value.params["line"] == 2


def test_errors_are_field_errors_for_the_api():
    with pytest.raises(FieldError) as caught:
        read_pbn("not pbn")
    assert caught.value.as_dict()["field"] == "pbn"


# --- the solver, cross-checked by hand -------------------------------------------------------------------------


def test_solid_suits_double_dummy():
    # Declarer's side takes all 13 tricks in its two suits and none elsewhere; at no trump the opening leader runs
    # a 13-card suit whoever declares.
    table = double_dummy(Deal.from_hands(SOLID_HANDS, board=1))
    for seat in ("N", "S"):
        assert table.tricks[Seat(seat)] == {
            Strain.C: 0,
            Strain.D: 13,
            Strain.H: 0,
            Strain.S: 13,
            Strain.NT: 0,
        }
    for seat in ("E", "W"):
        assert table.tricks[Seat(seat)] == {
            Strain.C: 13,
            Strain.D: 0,
            Strain.H: 13,
            Strain.S: 0,
            Strain.NT: 0,
        }
    # N deals: 7♠ by N or S; East's 7♥ would be an insufficient bid and 7NT goes down 13. 1510 not vulnerable.
    assert table.par_score == 1510
    assert {(str(p.contract), p.declarer, p.tricks) for p in table.par} == {
        ("7S", Seat.N, 13),
        ("7S", Seat.S, 13),
    }


def test_solid_suits_vulnerable_par():
    assert double_dummy(Deal.from_hands(SOLID_HANDS, board=4)).par_score == 2210  # 7♠ vulnerable


def test_all_top_cards_double_dummy():
    table = double_dummy(Deal.from_hands(TOPS, board=1))
    assert table.tricks[Seat.N][Strain.NT] == 13
    assert table.tricks[Seat.S][Strain.NT] == 13  # dummy wins the lead, then runs every suit
    assert table.tricks[Seat.E][Strain.NT] == 0
    assert table.tricks[Seat.W][Strain.NT] == 0
    assert table.par_score == 1520  # 7NT not vulnerable
    assert {str(p.contract) for p in table.par} == {"7NT"}


def test_session_boards_double_dummy_and_as_dict():
    boards = read_pbn(SESSION)
    first = double_dummy(boards[0]).as_dict()
    assert first["tricks"]["E"] == {"C": 10, "D": 10, "H": 7, "S": 9, "NT": 9}
    assert first["par_score"] == -400
    assert first["par"] == [
        {"contract": "3NT", "declarer": "E", "tricks": 9},
        {"contract": "3NT", "declarer": "W", "tricks": 9},
    ]
    assert double_dummy(boards[1]).par_score == -420  # 4♠ by East–West, not vulnerable
    third = double_dummy(boards[2])
    assert third.par_score == 420 and third.tricks[Seat.S][Strain.H] == 10


# --- a request's deal --------------------------------------------------------------------------------------------


def test_read_deal_from_hands_or_pbn():
    from bridge.deals import read_deal

    assert read_deal({"hands": SOLID_HANDS, "board": "1"}) == Deal.from_hands(SOLID_HANDS, board=1)
    assert read_deal({"pbn": SESSION, "board": 2}).board == 2
    with pytest.raises(FieldError) as caught:
        read_deal({"hands": {**SOLID_HANDS, "E": "HA"}, "board": 1}, prefix="deal.")
    assert caught.value.field == "deal.hands.E"
    with pytest.raises(FieldError) as caught:
        read_deal({"hands": SOLID_HANDS, "pbn": SESSION})
    assert caught.value.code == "deals.hands_or_pbn" and caught.value.field == "pbn"
    with pytest.raises(FieldError) as caught:
        read_deal(["N"], prefix="deal.")
    assert caught.value.field == "deal"


def test_endplay_is_imported_only_when_a_deal_is_read():
    """Importing endplay loads its dealer and plotting modules (seconds under load); every process that imports
    the URLs imports bridge.deals, so endplay waits until a PBN text or a deal is read (issue 26: make run)."""
    import subprocess
    import sys

    code = "\n".join(
        [
            "import sys, bridge.deals, bridge.appeal_file",
            "print('endplay' in sys.modules)",
            "hands = 'N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765'",
            "bridge.deals.read_pbn('[Board \"1\"]\\n[Deal \"' + hands + '\"]\\n')",
            "print('endplay' in sys.modules)",
        ]
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert found.stdout.split() == ["False", "True"], found.stderr
