"""Requests for the assigned-score builder and the player poll, good and bad, to hold the browser's port
(static/js/engine/assigned.js) to the Python engine (bridge/assigned_builder.py, bridge/poll.py).

Generated from a fixed seed so a failure can be replayed: every vulnerability and board form, both offending
sides, every mix of "likely" / "at all probable", passed-out and doubled results, ties, the table result kept,
both comparisons, committee weights (fractions whose sums and roundings test fsum and Python's round), and
bad input of every kind the engine refuses. Numbers are kept JSON-exact: a whole number is never written as a
float (JSON cannot tell 5 from 5.0, Python can).
"""

from __future__ import annotations

import itertools
import random

CONTRACTS = [
    "1C", "2D", "2H", "3S", "3NT", "4H", "4S", "4SX", "5CX", "5DX", "6NT", "6HXX", "7S", "3NTX", "PASS",
    "4 hearts", "4♠", "3n", "4黑桃X",
]  # fmt: skip
SEATS = ["N", "E", "S", "W", "north", "南"]
VULNERABILITIES = ["None", "NS", "EW", "Both", "双有", "n-s"]


def _row(rng: random.Random, *, weight: float | None = None) -> dict[str, object]:
    contract = rng.choice(CONTRACTS)
    likely = rng.random() < 0.5
    row: dict[str, object] = {
        "contract": contract,
        "declarer": None if contract == "PASS" else rng.choice(SEATS),
        "tricks": None if contract == "PASS" else rng.randint(4, 13),
        "likely": likely,
        "at_all_probable": likely or rng.random() < 0.6,
    }
    if weight is not None:
        row["weight"] = weight
    return row


def _weights(rng: random.Random, count: int) -> list[float]:
    choices = [
        [1.0],
        [0.5, 0.5],
        [0.6, 0.4],
        [0.7, 0.2, 0.1],
        [0.25, 0.25, 0.5],
        [0.125, 0.375, 0.5],
        [0.1, 0.2, 0.3, 0.4],
        [0.3333, 0.3333, 0.3334],
    ]
    fitting = [w for w in choices if len(w) <= count]
    picked = rng.choice(fitting)
    return picked + [0.0] * (count - len(picked))


def builder_cases(seed: int = 1997, count: int = 400) -> list[object]:
    """Good requests (count of them, generated) followed by the bad ones."""
    rng = random.Random(seed)
    cases: list[object] = []
    for number in range(count):
        size = rng.randint(1, 5)
        committee = number % 5 == 0
        weights = _weights(rng, size) if committee else [None] * size
        rows = [_row(rng, weight=weight) for weight in weights]
        if not any(row["likely"] for row in rows):
            rows[rng.randrange(size)].update(likely=True, at_all_probable=True)
        request: dict[str, object] = {
            "offending_side": rng.choice(["NS", "EW", "南北", "e/w"]),
            "results": rows,
        }
        if number % 3 == 0:
            request["board"] = rng.randint(1, 40)
        else:
            request["vulnerability"] = rng.choice(VULNERABILITIES)
        if committee:
            request["appeals_committee"] = True
        if number % 4 == 1:
            table = _row(rng)
            request["table_result"] = {key: table[key] for key in ("contract", "declarer", "tricks")}
            if number % 8 == 1:
                request["non_offending_keeps_table_result"] = True
        comparison = number % 3
        if comparison == 1:
            request["other_table_score_ns"] = rng.choice([0, 170, -620, 1430, -50, 100, 2000, -2210])
        elif comparison == 2:
            request["field_scores_ns"] = [
                rng.choice(
                    [-650, -620, -600, -500, -170, -110, 0, 50, 100, 110, 140, 170, 420, 620, 650, 1100]
                )
                for _ in range(rng.randint(1, 33))
            ]
        cases.append(request)
    return cases + bad_builder_cases() + issue_27_cases() + wbf_2017_cases()


GOOD = {"vulnerability": "None", "offending_side": "EW", "results": [{"contract": "3NT", "declarer": "N", "tricks": 9,
        "likely": True, "at_all_probable": True}]}  # fmt: skip


def _with_row(**changes: object) -> dict[str, object]:
    row = {**GOOD["results"][0], **changes}  # type: ignore[index]
    return {**GOOD, "results": [row]}


def bad_builder_cases() -> list[object]:
    return [
        ["not", "an", "object"],
        "3NT",
        None,
        {**GOOD, "colour": "red", "zebra": 1},
        {**GOOD, "vulnerability": None},
        {**GOOD, "vulnerability": "Sometimes"},
        {**GOOD, "vulnerability": 3},
        {**GOOD, "board": 0},
        {**GOOD, "board": -3},
        {**GOOD, "board": "5"},
        {**GOOD, "board": True},
        {**GOOD, "board": 5, "vulnerability": "EW"},
        {**GOOD, "board": 5, "vulnerability": "Bogus"},
        {**GOOD, "offending_side": None},
        {**GOOD, "offending_side": "N"},
        {**GOOD, "offending_side": 2},
        {**GOOD, "appeals_committee": "yes"},
        {**GOOD, "results": None},
        {**GOOD, "results": "3NT"},
        {**GOOD, "results": {"contract": "3NT"}},
        {**GOOD, "results": []},
        {**GOOD, "results": [GOOD["results"][0]] * 13},  # type: ignore[index]
        {**GOOD, "results": [["3NT", "N", 9]]},
        {**GOOD, "results": [7]},
        _with_row(odds=3),
        _with_row(contract="8NT"),
        _with_row(contract=""),
        _with_row(contract=None),
        _with_row(contract=4),
        _with_row(contract="4Z"),
        _with_row(declarer=None),
        _with_row(declarer="X"),
        _with_row(declarer=1),
        _with_row(tricks=14),
        _with_row(tricks=-1),
        _with_row(tricks=None),
        _with_row(tricks="9"),
        _with_row(tricks=9.5),
        _with_row(contract="PASS", declarer="Q", tricks=None),
        _with_row(contract="PASS", declarer=None, tricks=20),
        _with_row(likely="yes"),
        _with_row(at_all_probable=1),
        _with_row(at_all_probable=False),
        _with_row(likely=False),
        _with_row(weight=1),
        {**_with_row(weight=1.5), "appeals_committee": True},
        {**_with_row(weight=-0.25), "appeals_committee": True},
        {**_with_row(weight="half"), "appeals_committee": True},
        {**_with_row(weight=True), "appeals_committee": True},
        {
            **GOOD,
            "appeals_committee": True,
            "results": [
                {**GOOD["results"][0], "weight": 0.5},  # type: ignore[index]
                {**GOOD["results"][0], "weight": 0.4},  # type: ignore[index]
            ],
        },
        {**GOOD, "table_result": "4S"},
        {**GOOD, "table_result": {"contract": "4S", "declarer": "N"}},
        {**GOOD, "table_result": {"contract": "4S", "declarer": "N", "tricks": 10, "lead": "H"}},
        {**GOOD, "table_result": {"contract": "9S", "declarer": "N", "tricks": 10}},
        {**GOOD, "non_offending_keeps_table_result": True},
        {**GOOD, "non_offending_keeps_table_result": "no"},
        {**GOOD, "other_table_score_ns": "420"},
        {**GOOD, "other_table_score_ns": 420.5},
        {**GOOD, "other_table_score_ns": False},
        {**GOOD, "field_scores_ns": "420 450"},
        {**GOOD, "field_scores_ns": []},
        {**GOOD, "field_scores_ns": [420, "450"]},
        {**GOOD, "field_scores_ns": [420, None]},
        {**GOOD, "field_scores_ns": [420] * 501},
        {**GOOD, "field_scores_ns": [420], "other_table_score_ns": 420},
    ]


def poll_cases(seed: int = 16, count: int = 120) -> list[object]:
    rng = random.Random(seed)
    calls = ["Pass", "4♠", "3NT", "X", "4S", "5C", "XX", "lead ♥K", "2 ♦", "不叫"]
    cases: list[object] = []
    for _ in range(count):
        chosen = rng.sample(calls, rng.randint(1, 6))
        rows = []
        for call in chosen:
            row: dict[str, object] = {"call": call}
            if rng.random() < 0.8:
                row["chose"] = rng.randint(0, 12)
            if rng.random() < 0.6:
                row["considered"] = rng.randint(0, 5)
            rows.append(row)
        if not any(row.get("chose") for row in rows):
            rows[0]["chose"] = rng.randint(1, 9)
        action = rng.choice(chosen)
        cases.append({"action": f" {action.lower()} " if rng.random() < 0.3 else action, "calls": rows})
    # Shares of every small poll: 1 of 3 = 33.33%, 1 of 8 = 12.5%, 1 of 16 = 6.25% (Python's round, ties to even).
    for passed, bid in itertools.islice(itertools.product(range(0, 17), range(1, 17)), 0, None, 7):
        cases.append(
            {"action": "4S", "calls": [{"call": "Pass", "chose": passed}, {"call": "4S", "chose": bid}]}
        )
    return cases + [
        "poll",
        {"action": "4S", "calls": [{"call": "4S", "chose": 1}], "size": 8},
        {"calls": [{"call": "4S", "chose": 1}]},
        {"action": "  ", "calls": [{"call": "4S", "chose": 1}]},
        {"action": "x" * 41, "calls": [{"call": "4S", "chose": 1}]},
        {"action": 4, "calls": [{"call": "4S", "chose": 1}]},
        {"action": "4S", "calls": "4S"},
        {"action": "4S"},
        {"action": "4S", "calls": []},
        {"action": "4S", "calls": [{"call": f"{n}S", "chose": 1} for n in range(9)]},
        {"action": "4S", "calls": ["4S"]},
        {"action": "4S", "calls": [{"call": "4S", "chose": 1, "why": "values"}]},
        {"action": "4S", "calls": [{"call": 4, "chose": 1}]},
        {"action": "4S", "calls": [{"call": "4S", "chose": -1}]},
        {"action": "4S", "calls": [{"call": "4S", "chose": 100}]},
        {"action": "4S", "calls": [{"call": "4S", "chose": True}]},
        {"action": "4S", "calls": [{"call": "4S", "chose": 1, "considered": "2"}]},
        {"action": "4S", "calls": [{"call": "4S", "chose": 1}, {"call": "4 s", "chose": 1}]},
        {"action": "4S", "calls": [{"call": "Pass", "chose": 3}]},
        {"action": "4S", "calls": [{"call": "4S"}, {"call": "Pass", "considered": 2}]},
    ]


def issue_27_cases() -> list[object]:
    """Issue 27's builder requests (J1 no damage, J5 the NOS's own row, J10 the Director's 12C3, J11 the sides
    weighted apart, J13 the knockout flag), good and bad, against each comparison."""
    rows = [
        {"contract": "4H", "declarer": "S", "tricks": 10, "likely": True, "at_all_probable": True},
        {"contract": "4H", "declarer": "S", "tricks": 9, "likely": False, "at_all_probable": True},
    ]

    def own(contract: str, declarer: str, tricks: int, **extra: object) -> dict[str, object]:
        return {
            "contract": contract,
            "declarer": declarer,
            "tricks": tricks,
            "role": "non_offending",
            **extra,
        }

    def weighted(weights: list[float], offending: list[float] | None = None) -> list[dict[str, object]]:
        out = []
        for index, row in enumerate(rows):
            out.append({**row, "weight": weights[index]})
            if offending is not None:
                out[-1]["weight_offending"] = offending[index]
        return out

    cases: list[object] = []
    table = {"contract": "4SX", "declarer": "W", "tricks": 9}
    for comparison in (
        {"other_table_score_ns": 170},
        {"other_table_score_ns": -620, "knockout": True},
        {"field_scores_ns": [-100, 620, 170, 100, -620, 650]},
        {},
    ):
        base = {"board": 5, "offending_side": "EW", "results": rows, "table_result": table, **comparison}
        cases += [
            {**base, "knockout": True},
            {**base, "knockout": 1},
            {**base, "results": [*rows, own("3H", "S", 10)]},
            {**base, "results": [*rows, own("4H", "S", 8)]},
            {**base, "results": [*rows, own("4H", "S", 11)]},
            {**base, "results": [*rows, own("3H", "S", 10, likely=True)]},
            {**base, "results": [*rows, own("3H", "S", 10), own("2H", "S", 9)]},
            {**base, "results": [*rows, {**own("3H", "S", 10), "role": "both"}]},
            {**base, "non_offending_keeps_table_result": True, "results": [*rows, own("3H", "S", 10)]},
            {**base, "appeals_committee": True, "results": weighted([0.6, 0.4])},
            {**base, "appeals_committee": True, "results": weighted([0.6, 0.4], [0.8, 0.2])},
            {**base, "appeals_committee": True, "results": weighted([0.6, 0.4], [0.8, 0.1])},
            {
                **base,
                "appeals_committee": True,
                "offending_keeps_12c2": True,
                "results": weighted([0.6, 0.4]),
            },
            {**base, "appeals_committee": True, "offending_keeps_12c2": True, "results": rows},
            {
                **base,
                "appeals_committee": True,
                "offending_keeps_12c2": True,
                "results": weighted([0.6, 0.4], [0.5, 0.5]),
            },
            {**base, "director_12c3": True, "results": weighted([0.6, 0.4])},
            {**base, "director_12c3": "yes"},
            {
                **base,
                "offending_side": "NS",
                "appeals_committee": True,
                "results": weighted([0.3, 0.7], [0.1, 0.9]),
            },
            {**base, "offending_side": "NS", "results": [*rows, own("1NT", "N", 7)]},
            # J1: no damage (4♥ by S making is no better for NS than 6♥ by S making at the table).
            {**base, "table_result": {"contract": "6H", "declarer": "S", "tricks": 12}},
            {
                **base,
                "table_result": {"contract": "6H", "declarer": "S", "tricks": 12},
                "appeals_committee": True,
                "results": weighted([0.6, 0.4]),
            },
        ]
    return cases


def _wbf_row(rng: random.Random, mode: str) -> dict[str, object]:
    row = _row(rng)
    if mode != "regulation":
        del row["likely"], row["at_all_probable"]
    return row


def wbf_2017_cases(seed: int = 2017, count: int = 160) -> list[object]:
    """Requests under edition wbf-2017 (bridge.assigned_2017): the probable outcome, the Director's weights, the
    regulation's likely / at-all-probable standard, the non-offending side's own row, the table result and both
    comparisons — generated — then the hand-made good and bad ones."""
    rng = random.Random(seed)
    cases: list[object] = []
    for number in range(count):
        mode = ("probable", "weighted", "regulation")[number % 3]
        size = rng.randint(1, 4)
        rows = [_wbf_row(rng, mode) for _ in range(size)]
        if mode == "probable":
            rows[rng.randrange(size)]["probable"] = True
        elif mode == "weighted":
            for row, weight in zip(rows, _weights(rng, size), strict=True):
                row["weight"] = weight
        elif not any(row["likely"] for row in rows):
            rows[rng.randrange(size)].update(likely=True, at_all_probable=True)
        request: dict[str, object] = {
            "edition": "wbf-2017",
            "offending_side": rng.choice(["NS", "EW"]),
            "results": rows,
        }
        if mode == "regulation":
            request["regulation_likely_standard"] = True
        if number % 2 == 0:
            request["board"] = rng.randint(1, 16)
        else:
            request["vulnerability"] = rng.choice(VULNERABILITIES)
        if number % 4 in (1, 2):
            table = _row(rng)
            request["table_result"] = {key: table[key] for key in ("contract", "declarer", "tricks")}
            if number % 8 == 1:
                request["non_offending_keeps_table_result"] = True
        if number % 5 == 3:
            own = _row(rng)
            rows.append(
                {key: own[key] for key in ("contract", "declarer", "tricks")} | {"role": "non_offending"}
            )
        comparison = number % 7 % 3
        if comparison == 1:
            request["other_table_score_ns"] = rng.choice([0, 170, -620, 420, -50, 100, 2000])
            if number % 2:
                request["knockout"] = True
        elif comparison == 2:
            request["field_scores_ns"] = [
                rng.choice([-650, -620, -500, -170, -110, -50, 0, 50, 110, 140, 420, 450, 620])
                for _ in range(rng.randint(1, 20))
            ]
        cases.append(request)
    return cases + _wbf_hand_cases()


def _wbf_hand_cases() -> list[object]:
    def spade(tricks: int, **marks: object) -> dict[str, object]:
        return {"contract": "4S", "declarer": "S", "tricks": tricks, **marks}

    base = {"edition": "wbf-2017", "vulnerability": "None", "offending_side": "EW"}
    weights = [spade(10, weight=0.6), spade(9, weight=0.4)]
    three = [spade(11, at_all_probable=True), spade(10, likely=True, at_all_probable=True), spade(9, likely=True,
             at_all_probable=True)]  # fmt: skip
    own = {**spade(9), "role": "non_offending"}
    return [
        {**base, "results": weights, "other_table_score_ns": 420, "knockout": True},
        {**base, "results": weights, "field_scores_ns": [420, 420, -50, 450]},
        {**base, "results": [spade(10, probable=True)], "table_result": spade(10)},
        {**base, "results": weights, "table_result": spade(10)},
        {**base, "results": [spade(10, probable=True), own], "table_result": spade(8)},
        {**base, "results": [*weights, own], "table_result": spade(8), "other_table_score_ns": -50},
        {
            **base,
            "results": [spade(10, probable=True), {**spade(8), "role": "non_offending"}],
            "table_result": spade(8),
        },
        {**base, "results": [spade(10, probable=True), {**spade(11), "role": "non_offending"}]},
        {**base, "results": [*weights, {**spade(11), "role": "non_offending"}]},
        {**base, "results": three, "regulation_likely_standard": True},
        {**base, "results": three},
        {**base, "results": weights, "regulation_likely_standard": True},
        {**base, "results": [spade(10, probable=True)], "regulation_likely_standard": True},
        {**base, "results": [spade(10, likely=True)], "regulation_likely_standard": True},
        {**base, "results": [spade(10, at_all_probable=True)], "regulation_likely_standard": True},
        {**base, "results": [spade(10, weight=0.6), spade(9, weight=0.3)]},
        {**base, "results": [spade(10, weight=0.6, probable=True), spade(9, weight=0.4)]},
        {**base, "results": [spade(10), spade(9)]},
        {**base, "results": [spade(10, probable=True), spade(9, probable=True)]},
        {**base, "results": [spade(10, weight=1.5)]},
        {**base, "results": [spade(10, probable="yes")]},
        {**base, "results": [spade(10, probable=True, weight_offending=1)]},
        {**base, "results": [spade(10, probable=True, odds=2)]},
        {**base, "results": [spade(10, probable=True), {**own, "probable": True}]},
        {**base, "results": [spade(10, probable=True), own, own]},
        {**base, "results": weights, "appeals_committee": True},
        {**base, "results": weights, "director_12c3": True},
        {**base, "results": weights, "offending_keeps_12c2": True},
        {**base, "results": weights, "appeals_committee": False},
        {**base, "results": weights, "regulation_likely_standard": "yes"},
        {**base, "edition": "wbf-2007", "results": weights},
        {**base, "edition": "", "results": weights},
        {**base, "edition": "ccba-1999", "results": three},
        {**base, "edition": "ccba-1999", "results": three, "regulation_likely_standard": True},
        {
            "vulnerability": "None",
            "offending_side": "EW",
            "results": three,
            "regulation_likely_standard": False,
        },
        {
            "vulnerability": "None",
            "offending_side": "EW",
            "results": [spade(10, likely=True, at_all_probable=True, probable=True)],
        },  # fmt: skip
        {"vulnerability": "None", "offending_side": "EW", "results": weights},
    ]
