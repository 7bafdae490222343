"""The poll's problem as put (issue 30 item 4; review J7): the text a director reads to each pollee, made from the
appeal file's deal, auction and vulnerability, in Chinese or English. The director edits it before polling; what is
stored is the text as put (bridge.appeal_file reads it), so this only drafts it.

The pollee sits where the player under test sat: after a tempo break (``mode`` "ui") the partner of the player who
broke tempo, at his side's next call (``tempo.call + 2``); for misinformation ("mi") the opponent who called after
the first alerted call; else the seat to call next. The auction is shown from the dealer up to that turn, each call
with its alert and explanation and the break marked, and the question ends it ("with the correct explanation" for
misinformation). static/js/engine/problem.js drafts the same text in the browser (tests/golden/deals.json).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["poll_problem", "poll_turn"]

SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SEAT_NAME = {
    "zh": {"N": "北", "E": "东", "S": "南", "W": "西"},
    "en": {"N": "North", "E": "East", "S": "South", "W": "West"},
}
VULNERABILITY_NAME = {
    "zh": {"None": "双方无局", "NS": "南北有局", "EW": "东西有局", "Both": "双方有局"},
    "en": {
        "None": "neither side vulnerable",
        "NS": "North–South vulnerable",
        "EW": "East–West vulnerable",
        "Both": "both sides vulnerable",
    },
}
CALL_WORD = {
    "zh": {"Pass": "不叫", "X": "加倍", "XX": "再加倍"},
    "en": {"Pass": "Pass", "X": "X", "XX": "XX"},
}
QUESTION = {
    ("zh", "ui"): "你叫什么？你还考虑过哪些叫品？",
    ("zh", "mi"): "按正确的解释，你会叫什么？你还考虑过哪些叫品？",
    ("en", "ui"): "What do you call? What else do you consider?",
    (
        "en",
        "mi",
    ): "With the correct explanation, what would you have called? What else would you have considered?",
}


def poll_turn(calls: Sequence[Mapping[str, Any]], tempo: Mapping[str, Any] | None, mode: str) -> int:
    """The number of the call (0 = the dealer's first) the pollee is asked to make."""
    if mode == "mi":
        for index, call in enumerate(calls):
            if call.get("alert"):
                return index + 1
    if mode != "mi" and tempo is not None:
        return int(tempo["call"]) + 2
    return len(calls)


def _hand(text: str) -> str:
    held: dict[str, str] = {suit: "" for suit in SUITS}
    for part in text.split():
        if part != "-" and part[0] in held:
            held[part[0]] += part[1:].replace("-", "")
    return " ".join(SUIT_SYMBOL[suit] + (held[suit] or "—") for suit in SUITS)


def _call(call: Mapping[str, Any], index: int, tempo: Mapping[str, Any] | None, language: str) -> str:
    name = str(call["call"])
    text = CALL_WORD[language].get(name) or name[0] + SUIT_SYMBOL.get(name[1:], name[1:])
    zh = language == "zh"
    if tempo is not None and tempo.get("call") == index:
        seconds = tempo.get("seconds")
        if seconds is None:
            text += "（停顿后）" if zh else " (after a break)"
        else:
            text += f"（停顿约{seconds}秒后）" if zh else f" (after a break of about {seconds} s)"
    if call.get("alert"):
        explanation = str(call.get("explanation") or "")
        if explanation:
            text += f"（提醒：{explanation}）" if zh else f" (alerted: {explanation})"
        else:
            text += "（提醒）" if zh else " (alerted)"
    return text


def poll_problem(
    *,
    board: int,
    dealer: str,
    vulnerability: str,
    hands: Mapping[str, str] | None,
    calls: Sequence[Mapping[str, Any]],
    tempo: Mapping[str, Any] | None,
    mode: str = "ui",
    language: str = "zh",
) -> str:
    """The problem as put to each pollee, in ``language`` ("zh" or "en"), lines joined by a newline."""
    language = "zh" if language.startswith("zh") else "en"
    mode = "mi" if mode == "mi" else "ui"
    zh = language == "zh"
    seats = SEAT_NAME[language]
    turn = poll_turn(calls, tempo, mode)
    seat = SEATS[(SEATS.index(dealer) + turn) % 4]
    ours = "NS" if seat in ("N", "S") else "EW"
    vulnerable = vulnerability in (ours, "Both")
    vul = VULNERABILITY_NAME[language][vulnerability]
    if zh:
        head = f"第{board}副 · {seats[dealer]}发牌 · {vul}（你方{'有' if vulnerable else '无'}局）"
    else:
        you = "you are vulnerable" if vulnerable else "you are not vulnerable"
        head = f"Board {board} · dealer {seats[dealer]} · {vul} ({you})"
    hand = (hands or {}).get(seat)
    if zh:
        holding = f"你坐{seats[seat]}，持牌：{_hand(hand)}" if hand else f"你坐{seats[seat]}。"
    else:
        holding = f"You are {seats[seat]}, holding {_hand(hand)}" if hand else f"You are {seats[seat]}."
    shown = [
        f"{seats[SEATS[(SEATS.index(dealer) + index) % 4]]} {_call(call, index, tempo, language)}"
        for index, call in enumerate(calls[:turn])
    ]
    shown.append(f"{seats[seat]} ？" if zh else f"{seats[seat]} ?")
    auction = ("叫牌：" if zh else "Auction: ") + ("，" if zh else ", ").join(shown)
    return "\n".join([head, holding, auction, QUESTION[(language, mode)]])
