"""bridge.poll_problem: the poll's problem as put, drafted from the appeal file's deal, auction and vulnerability."""

from bridge.poll_problem import poll_problem, poll_turn

HANDS = {
    "N": "SAKQJ1098 H32 D5 C432",
    "E": "S7 HAKQJ10 DAK2 CAK65",
    "S": "S65432 H98 DQJ1098 C7",
    "W": "H7654 D7643 CQJ1098",
}


def calls(*written):
    return [{"call": c, "alert": False, "explanation": ""} for c in written]


def test_after_a_break_the_pollee_is_the_partner_of_the_player_who_broke_tempo():
    text = poll_problem(
        board=3,
        dealer="S",
        vulnerability="EW",
        hands=HANDS,
        calls=calls("1D", "Pass", "1S", "Pass", "4S"),
        tempo={"call": 2, "seconds": 12, "status": "disputed"},
        language="zh",
    )
    assert text.splitlines() == [
        "第3副 · 南发牌 · 东西有局（你方无局）",
        "你坐南，持牌：♠65432 ♥98 ♦QJ1098 ♣7",
        "叫牌：南 1♦，西 不叫，北 1♠（停顿约12秒后），东 不叫，南 ？",
        "你叫什么？你还考虑过哪些叫品？",
    ]


def test_misinformation_asks_for_the_call_with_the_correct_explanation_in_english():
    auction = calls("1C", "1D")
    auction[0] = {"call": "1C", "alert": True, "explanation": "strong"}
    assert poll_turn(auction, None, "mi") == 1
    text = poll_problem(
        board=1,
        dealer="W",
        vulnerability="Both",
        hands=HANDS,
        calls=auction,
        tempo=None,
        mode="mi",
        language="en",
    )
    assert text.splitlines() == [
        "Board 1 · dealer West · both sides vulnerable (you are vulnerable)",
        "You are North, holding ♠AKQJ1098 ♥32 ♦5 ♣432",
        "Auction: West 1♣ (alerted: strong), North ?",
        "With the correct explanation, what would you have called? What else would you have considered?",
    ]


def test_a_void_and_no_deal():
    text = poll_problem(
        board=2, dealer="E", vulnerability="None", hands=HANDS, calls=calls("1H", "X"), tempo=None
    )
    assert "你坐西，持牌：♠— ♥7654 ♦7643 ♣QJ1098" in text and "东 1♥，南 加倍，西 ？" in text
    bare = poll_problem(
        board=2, dealer="E", vulnerability="None", hands=None, calls=[], tempo=None, language="en"
    )
    assert bare.splitlines()[1:3] == ["You are East.", "Auction: East ?"]
