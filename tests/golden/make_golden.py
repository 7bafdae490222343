"""`make golden`: the Python engine writes the answers the JS engine (static/js/engine/) must give, as JSON.

tests/js/*.test.js (``node --test tests/js/``, no browser) run the JS modules on the same inputs and compare;
tests/golden/test_golden_fresh.py fails when a file here is not what this script writes now (a rule or a tree
changed: run ``make golden`` and commit). Zulip's pattern: one JSON file read by the Python and the JS tests.

The files (compact JSON, one line each):
- tables.json, trees-data.json: what the browser is given — /offline/tables.json (offline.data.score_tables)
  and each tree as /api/rulings/trees/<slug>/ serves it.
- trees.json: states of every tree (tests/offline/cases.py walks every state: 17,000 fact sets, 27 MB of
  answers, too big to commit), chosen so that every leaf, every question and every error (code and field) of
  every tree is there at least twice where it occurs twice, and every claim-helper ending (the claim tree's
  four hands), each with the API's answer (tests.offline.cases.server_answer).
- law77.json: all 2,940 Law 77 scores and the passed-out and bad-input edges; law64.json: every input of the
  Law 64 transfer; errors.json: bad input of every kind with the server's code, params, field and both texts.
- messages.json: every message of bridge.messages.CATALOG with many kinds of values, in both languages, and
  placeholders the formatter must refuse.
- assigned.json: the Law 12C2 builder and the poll (tests/offline/assigned_cases.py) and Python's round().
- deals.json: the card picker's four hands (bridge.deals.Deal.from_hands) and the call pad's auctions
  (bridge.appeal_file.check_auction, the calls legal next) for static/js/engine/deal.js.
- reference.json: the reference parser (search.query._reference) and laws.selectors.section_url.
- calculators.json: the score pad's query (rulings.views.score_page, rulings.calculators.score_from_params and
  score_data), IMPs (bridge.imps) and matchpoints (bridge.inputs.scores_from_text, bridge.matchpoints), good and bad.
- judgement.json: the ruling form's fields read as rulings/judgement.py reads them (builder_request, builder_given,
  poll_request), good and bad.
- error-context.json: how a page says an error (core.errors.error_context: the message with the fields it names
  said by their labels, and the heading's label) for the errors above, in both languages.
- wizard.json: the wizard's walk in screens (rulings/wizard_views.py: remaining_questions of every question of every
  tree, _rare_group, _screens and _back_url of the question states of trees.json) and urllib.parse.urlencode.
- search-corpus.json, search.json: the offline search (static/js/engine/search.js, plan.js). The first is
  /offline/corpus.json of every edition (offline.data.corpus); the second, for queries in an edition, how the server
  reads each (search.plan: units, references, phrases; the trees named) and answers it (search.query.search: the
  trees, the results' URLs, a jump). The search reads the law base, so `make golden` loads it into a test database
  first, as pytest does (tests/conftest.py).
- summary.json: the wizard's one-line ruling summary (rulings.summary.ruling_summary) of every ruling state of
  trees.json, in both languages, with the labels the page is given (offline.data.outcome_labels).
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
import os
import string
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:  # run as a script: python tests/golden/make_golden.py
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from bridge.assigned_builder import build_assigned  # noqa: E402
from bridge.cards import Hand, Seat  # noqa: E402
from bridge.errors import EngineError, FieldError, Message  # noqa: E402
from bridge.messages import CATALOG  # noqa: E402
from bridge.poll import tally  # noqa: E402
from bridge.revoke import RevokeError, adjusted_declarer_tricks, tricks_transferred  # noqa: E402
from bridge.scoring import score  # noqa: E402
from bridge.trees import evaluate  # noqa: E402
from bridge.trees.evaluation import coerce_fact  # noqa: E402
from laws import editions  # noqa: E402
from offline.data import score_tables  # noqa: E402
from rulings.trees import tree_editions, trees  # noqa: E402
from search.query import _reference  # noqa: E402
from tests.offline.assigned_cases import builder_cases, poll_cases  # noqa: E402
from tests.offline.cases import parity_cases, server_answer  # noqa: E402

PER_KEY = 2
"""How many states of the walk are kept per leaf, per question and per error (code, field) of a tree."""
ERRORS_PER_KEY = 4
HAND_FACTS = ("claimer_cards", "partner_cards", "lho_cards", "rho_cards")


def _score_answer(case: list[object]) -> object:
    """bridge.scoring.score as engine/trees.js score answers it, or the error (field and message)."""
    try:
        s = score(*case)
    except EngineError as exc:
        return {"error": exc.message, "field": exc.field}
    return [s.result, s.score_ns, s.score_ew, s.vulnerable, s.tricks]


SCORE_EDGE_CASES: list[list[object]] = [
    ["PASS", "N", "Both", 7],
    ["PASS", None, "None", None],
    ["pass", "西", "东西", 0],
    ["PASS", "N", "None", 14],
    ["PASS", "Q", "None", 7],
    ["4S", None, "None", 10],
    ["4♠X", "north", "双有", 10],
    ["3 notrump xx", "e", "ew", 9],
    ["4S", "N", "None", 14],
    ["4S", "N", "None", -1],
    ["4S", "N", "None", "ten"],
    ["4S", "N", "None", 9.5],
    ["4S", "N", "None", True],
    ["4S", "N", "sometimes", 10],
    ["4S", "X", "None", 10],
    ["8S", "N", "None", 10],
    ["4Z", "N", "None", 10],
    ["", "N", "None", 10],
    [4, "N", "None", 10],
]


# Values for a placeholder: text with quotes, backslashes, Chinese and an unprintable character, whole and
# fractional numbers, bools, None, a list. (A whole float such as 1.0 is left out: JSON reads it back as 1, so
# no browser can print it as Python's "1.0".)
PLAIN_VALUES: list[object] = [
    "4S",
    "it's",
    'say "hi"',
    "a\\b\tc",
    "双有",
    "zero\u200bwidth",
    3,
    -1,
    2.5,
    1e-05,
    True,
    False,
    None,
    ["a", 1],
    "9" * 45,  # longer than bridge.tables.ECHO_CHARACTERS: shortened, but never a field's name
    "黑桃" * 25,
]
G_VALUES: list[object] = [1, 0.95, 2 / 3, 1.0000001, 1e-05, 1234567.0, 1.515625, 0.1 + 0.2, 100]


def _sample_params(message: Message, variant: int) -> dict[str, object]:
    names = [
        (name.split("!")[0], spec)
        for template in (message.en, message.zh)
        for _, name, spec, _ in string.Formatter().parse(template)
        if name is not None
    ]
    params: dict[str, object] = {}
    for index, (name, spec) in enumerate(names):
        values = G_VALUES if spec == "g" else PLAIN_VALUES
        params.setdefault(name, values[(variant + index) % len(values)])
    return params


REVOKE_64A1 = {
    "established": True,
    "on_trick_12": False,
    "revoker": "declarer",
    "subsequent_revoke_same_suit_same_player": False,
    "failure_to_play_faced_card": False,
    "noticed_after_nos_called_next_deal": False,
    "noticed_after_round_ended": False,
    "both_sides_revoked": False,
    "offender_won_revoke_trick": True,
    "offending_side_tricks_after_revoke_trick": 1,
}
PLAYED = {"contract": "4S", "declarer": "N", "vulnerability": "None", "declarer_tricks": 10}
TRANSFER = {
    "offender_won_revoke_trick": True,
    "offending_side_won_revoke_trick": True,
    "offending_side_tricks_after_revoke_trick": 2,
    "offender_later_won_with_card_playable_to_revoke_trick": False,
}
CLAIM_70C = {
    "beyond_current_trick": True,
    "kind": "claim",
    "made_by": "declarer",
    "response": "disputed",
    "outstanding_trump": True,
    "claimer_possibly_unaware": True,
    "trump_trick_losable": True,
    "tricks_claimed": 10,
    "tricks_lost": 1,
}
CLAIM_71A = {
    "beyond_current_trick": True,
    "kind": "concession",
    "made_by": "declarer",
    "cancel_grounds": "won_or_unlosable_legal",
    "within_correction_period": True,
}
FOUR_HANDS = {
    "contract": "4S",
    "claimer_cards": "SA",
    "partner_cards": "S2",
    "lho_cards": "S3",
    "rho_cards": "S4",
}
# Bad input for every message the browser can answer with: (what is called, its arguments).
BAD_INPUTS: list[tuple[str, list[object]]] = [
    ("tree", ["revoke", {"no_such_fact": True}]),
    ("tree", ["revoke", {"established": "yes"}]),
    ("tree", ["lead-out-of-turn", {"phase": "bidding"}]),
    ("tree", ["insufficient-bid", {"replacement": 3}]),
    ("tree", ["revoke", {"offending_side_tricks_after_revoke_trick": "4.0"}]),
    ("tree", ["revoke", {"offending_side_tricks_after_revoke_trick": 2.5}]),
    ("tree", ["revoke", {"offending_side_tricks_after_revoke_trick": -1}]),
    ("tree", ["revoke", {"offending_side_tricks_after_revoke_trick": "40"}]),
    ("tree", ["revoke", {"contract": 4}]),
    ("tree", ["revoke", {"contract": ""}]),
    ("tree", ["revoke", {"contract": "four spades"}]),
    ("tree", ["revoke", {"contract": "9S"}]),
    ("tree", ["revoke", {"contract": "4Z"}]),
    ("tree", ["revoke", {"contract": "4X"}]),
    ("tree", ["revoke", {"contract": "4"}]),
    ("tree", ["revoke", {"declarer": "Q"}]),
    ("tree", ["revoke", {"vulnerability": "sometimes"}]),
    ("tree", ["revoke", {**REVOKE_64A1, "revoking_side": "defending"}]),
    ("tree", ["revoke", {**REVOKE_64A1, **PLAYED, "declarer_tricks": 1}]),
    ("tree", ["revoke", {**REVOKE_64A1, **PLAYED, "contract": "PASS"}]),
    ("fact_type", ["revoke", "contract", "colour", "4S"]),
    ("score", [4, "N", "None", 10]),
    ("score", ["4S", None, "None", 10]),
    ("score", ["4S", "N", "None", "ten"]),
    ("score", ["4S", "N", "None", 14]),
    ("transfer", {**TRANSFER, "offender_won_revoke_trick": "true"}),
    ("transfer", {**TRANSFER, "offending_side_tricks_after_revoke_trick": 13}),
    ("transfer", {**TRANSFER, "offending_side_won_revoke_trick": False}),
    (
        "transfer",
        {
            **TRANSFER,
            "offender_later_won_with_card_playable_to_revoke_trick": True,
            "offending_side_tricks_after_revoke_trick": 0,
        },
    ),
    ("adjusted", [10, 2, "sideways"]),
    ("adjusted", [1, 2, "declaring"]),
    ("adjusted", [12, 2, "defending"]),
    ("tree", ["claim", {**CLAIM_70C, "tricks_claimed": 10, "tricks_lost": 11}]),
    ("tree", ["claim", {**CLAIM_71A, "tricks_kept": 12, "tricks_restored": 2}]),
    ("tree", ["claim", {**CLAIM_70C, "contract": "PASS"}]),
    ("tree", ["claim", {**CLAIM_70C, **FOUR_HANDS, "claimer_cards": "SAK"}]),
    ("tree", ["claim", {**CLAIM_70C, **FOUR_HANDS, "rho_cards": "SA"}]),
    ("tree", ["claim", {"lho_cards": "SAA"}]),
    ("tree", ["claim", {"lho_cards": "AK"}]),
    ("tree", ["claim", {"lho_cards": "S?"}]),
    ("tree", ["claim", {"lho_cards": "A.K"}]),
    ("tree", ["claim", {"lho_cards": " "}]),
    ("tree", ["wrong-cards", {"problem": "wrong_board", "fault_ns": "some"}]),
    ("hand", [5]),
    ("hand", ["黑桃AK 红心Q1"]),
    ("adjusted", [10, 1, "declaring", 14]),
    ("adjusted", [3, 2, "declaring", 2]),
    ("tree", ["revoke", {**REVOKE_64A1, **PLAYED, "other_tricks_transferred": 9}]),
]


def _server_error(kind: str, args) -> dict | None:
    """The FieldError the Python engine raises for the same call, as tests/js/trees.test.js reports the JS engine's."""
    try:
        if kind == "tree":
            evaluate(trees()[args[0]], args[1])
        elif kind == "fact_type":
            fact = trees()[args[0]].fact(args[1])
            coerce_fact(dataclasses.replace(fact, type=args[2]), args[3])
        elif kind == "score":
            score(*args)
        elif kind == "transfer":
            tricks_transferred(**args)
        elif kind == "hand":
            Hand.parse(args[0], field="cards")
        else:
            adjusted_declarer_tricks(
                declarer_tricks=args[0],
                tricks_transferred=args[1],
                revoking_side=args[2],
                other_tricks_transferred=args[3] if len(args) > 3 else 0,
            )
    except FieldError as exc:
        answer = {"code": exc.code, "params": exc.params, "field": exc.field, "en": exc.message}
        return {**json.loads(json.dumps(answer)), "zh": exc.text("zh-hans")}
    return None


REFERENCE_QUERIES = [
    "27B1",
    "27b1",
    "27 b 1",
    "第64条",
    "第 64 条",
    "第27条B款1项",
    "第27条b款",
    "第12条C款1项(a)",
    "Law 12C",
    "law 12c",
    "Laws 64",
    "l40",
    "L 40",
    "12c",
    "64B6",
    " 27 ",
    "27B1a",
    "94",
    "0",
    "100",
    "藏牌",
    "64A2 藏牌",
    "27B1 27B2",
    "Law64",
    "第６４条",
    "２７Ｂ１",
    "1",
    "93",
    "27b1A",
    "27 1",
    "第二十七条",
    "二十七条",
    "第二十七条B款一项",
    "二十七条b款",
    "第六十四条",
    "第十条",
    "第九十九条",
    "一条规定",
]


def _json(value: object) -> object:
    """As the browser reads it: through JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def _state_key(slug: str, facts: dict[str, object], answer: dict) -> tuple[object, ...] | None:
    if answer["status"] == "ruling":
        if slug == "claim" and any(name in facts for name in HAND_FACTS):
            return None  # every ending of the claim helper is kept
        return (slug, "ruling", answer["ruling"]["leaf"])
    if answer["status"] == "question":
        return (slug, "question", answer["question"]["fact"])
    return (slug, "error", answer.get("code"), answer.get("field"))


def tree_states(tree_map: dict | None = None) -> list[list[object]]:
    """[slug, facts, the API's answer] for the chosen states of every tree of one edition (module docstring)."""
    tree_map = trees() if tree_map is None else tree_map
    kept: list[list[object]] = []
    seen: Counter[tuple[object, ...]] = Counter()
    for slug, facts in parity_cases(tree_map):
        answer = server_answer(tree_map[slug], facts)
        key = _state_key(slug, facts, answer)
        if key is not None:
            limit = ERRORS_PER_KEY if key[1] == "error" else PER_KEY
            if seen[key] >= limit:
                continue
            seen[key] += 1
        kept.append([slug, facts, answer])
    return _json(kept)  # type: ignore[return-value]


def law77_cases() -> list[list[object]]:
    cases: list[list[object]] = []
    seats = "NESW"
    for i, (level, strain, doubled, vulnerable, tricks) in enumerate(
        itertools.product(range(1, 8), ["C", "D", "H", "S", "NT"], ["", "X", "XX"], [False, True], range(14))
    ):
        declarer = seats[i % 4]
        side = "NS" if declarer in "NS" else "EW"
        other = "EW" if side == "NS" else "NS"
        vulnerability = (side if i % 2 else "Both") if vulnerable else ("None" if i % 2 else other)
        cases.append([f"{level}{strain}{doubled}", declarer, vulnerability, tricks])
    assert len(cases) == 2940
    return _json([[case, _score_answer(case)] for case in cases + SCORE_EDGE_CASES])  # type: ignore[return-value]


def law64_cases() -> list[list[object]]:
    flags: list[object] = [False, True, None, "true", 1]
    counts: list[object] = [*range(-1, 14), "3", 2.5, True, None]
    out: list[list[object]] = []
    for won, side_won, playable in itertools.product(flags, repeat=3):
        for later in counts:
            if (won, side_won, playable).count(None) + [later].count(None) > 1:
                continue  # keep the product small
            case = {
                "offender_won_revoke_trick": won,
                "offending_side_won_revoke_trick": side_won,
                "offending_side_tricks_after_revoke_trick": later,
                "offender_later_won_with_card_playable_to_revoke_trick": playable,
            }
            try:
                expected: object = tricks_transferred(**case)  # type: ignore[arg-type]
            except RevokeError as exc:
                expected = {"error": exc.message, "field": exc.field}
            out.append([case, expected])
    return _json(out)  # type: ignore[return-value]


def message_cases() -> dict[str, object]:
    cases = [
        [code, _sample_params(message, variant)]
        for code, message in CATALOG.items()
        for variant in range(len(PLAIN_VALUES))
    ]
    return _json(
        {
            "texts": [
                [code, params, CATALOG[code].format("en", params), CATALOG[code].format("zh-hans", params)]
                for code, params in cases
            ],
            "refused": ["{x:>5}", "{x!s}", "{x.y}", "{0}", "{x!r:g}", "{x", "x}", "{y}"],
            "escaped": ["{{x}} {x}", {"x": 1}, "{x} 1"],
        }
    )  # type: ignore[return-value]


def _assigned_answer(function, data) -> dict:
    try:
        return {"status": "ok", "answer": _json(function(data).as_dict())}
    except FieldError as exc:
        return {
            "status": "error",
            "error": exc.message,
            "field": exc.field,
            "code": exc.code,
            "params": _json(exc.params),
            "zh": exc.text("zh-hans"),
        }


ROUNDING = [
    0.125,
    0.375,
    2.675,
    1.005,
    3.125,
    -3.125,
    12.345,
    0.5,
    1.5,
    2.5,
    -0.0049,
    99.995,
    66.66666666666667,
    1e-7,
]


def assigned_cases() -> dict[str, object]:
    return _json(
        {
            "build": [[case, _assigned_answer(build_assigned, case)] for case in builder_cases()],
            "tally": [[case, _assigned_answer(tally, case)] for case in poll_cases()],
            "round2": [[value, round(value, 2)] for value in ROUNDING],
        }
    )  # type: ignore[return-value]


def reference_cases() -> list[list[object]]:
    from laws.selectors import section_url

    out = []
    for query in REFERENCE_QUERIES:
        ref = _reference(query)
        out.append([query, ref, section_url(ref) if ref else None])
    return out


SCORE_QUERIES = [
    "level=4&strain=S&dbl=X&declarer=N&vulnerability=NS&tricks=10",
    "level=7&strain=NT&dbl=XX&declarer=W&vulnerability=Both&tricks=13",
    "level=3&strain=H&declarer=E&vulnerability=None&tricks=5",
    "level=1&strain=C&declarer=S&tricks=7&board=18",
    "passed=1",
    "passed=1&declarer=N&tricks=0&vulnerability=EW",
    "contract=9S&declarer=N&vulnerability=NS&tricks=10",
    "contract=3NT&declarer=south&vulnerability=双有&tricks=9",
    "contract=4%E2%99%A5X&declarer=E&vulnerability=ew&tricks=8",
    "level=4&strain=S&declarer=N&vulnerability=NS",
    "level=4&strain=S&declarer=N&tricks=10",
    "level=4&strain=S&declarer=Q&vulnerability=NS&tricks=10",
    "level=4&strain=S&declarer=N&vulnerability=NS&tricks=14",
    "level=4&strain=S&declarer=N&vulnerability=NS&tricks=ten",
    "level=4&strain=S&declarer=N&tricks=10&board=0",
    "level=4&strain=S&declarer=N&tricks=10&board=x",
    "level=4&strain=S&declarer=N&tricks=10&board=100000",
    "level=4&strain=S&declarer=N&tricks=10&board=" + "9" * 40,
    "level=4&strain=S&declarer=N&vulnerability=NS&tricks=" + "1" * 20,
    "level=4&strain=S&vulnerability=NS&tricks=10",
    "contract=&declarer=N",
] + [
    f"level={level}&strain={strain}&dbl={dbl}&declarer={'NESW'[i % 4]}&tricks={tricks}&board={i % 36 + 1}"
    for i, (level, strain, dbl, tricks) in enumerate(
        itertools.product(range(1, 8), ["C", "D", "H", "S", "NT"], ["", "X", "XX"], [0, 6, 9, 13])
    )
]
ADJUSTED_QUERIES = [
    "method=artificial&form=pairs&fault_NS=none&fault_EW=partial&session_NS=63.456",
    "method=artificial&form=teams&fault_NS=none&fault_EW=direct",
    "method=artificial&form=pairs&fault_NS=none",
    "method=artificial&form=pairs&fault_NS=none&fault_EW=none&session_EW=abc",
    "method=artificial&form=pairs&fault_NS=none&fault_EW=none&session_EW=120",
    "method=artificial&form=pairs&fault_NS=none&fault_EW=none&session_EW=-1",
    "method=artificial&form=pairs&fault_NS=none&fault_EW=none&session_EW=inf",
    "method=artificial&form=pairs&fault_NS=none&fault_EW=none&session_EW=" + "5" * 20,
    "method=artificial&form=pairs&fault_NS=direct&fault_EW=partial&session_NS=70&session_EW=45.5",
    "method=artificial&form=teams&fault_NS=partial&fault_EW=partial&session_NS=70",
    "method=artificial&form=Pairs&fault_NS=NONE&fault_EW=direct",
    "method=artificial&form=rubber&fault_NS=none&fault_EW=none",
    "method=artificial&form=pairs&fault_NS=sometimes&fault_EW=none",
    "method=assigned&vulnerability=EW&NS_contract=3NT&NS_declarer=N&NS_tricks=8&EW_contract=4H&EW_declarer=E&EW_tricks=10",
    "method=assigned&vulnerability=Both&NS_contract=4SX&NS_declarer=S&NS_tricks=9&EW_contract=PASS",
    "method=assigned&NS_contract=3NT&NS_declarer=N&NS_tricks=8",
    "method=assigned&vulnerability=EW&NS_contract=3Z&NS_declarer=N&NS_tricks=8&EW_contract=4H&EW_declarer=E&EW_tricks=10",
    "method=assigned&vulnerability=EW&NS_contract=3NT&NS_declarer=N&NS_tricks=14&EW_contract=4H&EW_declarer=E&EW_tricks=10",
    "method=assigned&vulnerability=EW&NS_contract=3NT&NS_declarer=Q&NS_tricks=8&EW_contract=4H&EW_declarer=E&EW_tricks=10",
    "method=assigned&vulnerability=sometimes&NS_contract=3NT&NS_declarer=N&NS_tricks=8&EW_contract=4H&EW_declarer=E&EW_tricks=10",
    "method=bogus",
    "method=",
]
MATCHPOINT_TEXTS = [
    "420 420 450 -50 170 420 -100",
    "420",
    "420, abc, 450",
    "",
    "100，200  300,300",
    "1.5 2",
    "420 " + "4" * 16,
    "-0 0 +0",
    " ".join(str(50 * i) for i in range(40)),
]


def _score_answer_of(query: str) -> dict:
    """What rulings.views.score_page computes for the pad's query string (its result, or its error)."""
    from urllib.parse import parse_qsl

    from rulings import calculators

    params = dict(parse_qsl(query, keep_blank_values=True))
    if params.get("passed") == "1":
        params["contract"] = "PASS"
    elif params.get("level") and params.get("strain"):
        params["contract"] = f"{params['level']}{params['strain']}{params.get('dbl', '')}"
    try:
        result, board = calculators.score_from_params(params)
    except FieldError as exc:
        return {"error": {"code": exc.code, "field": exc.field, "params": _json(exc.params)}}
    data = calculators.score_data(result)
    return {
        "contract": data["contract"],
        "declarer": data["declarer"],
        "tricks": data["tricks"],
        "result": data["result"],
        "score_ns": data["score_ns"],
        "score_ew": data["score_ew"],
        "breakdown": [[b["item"], str(b["label"]), b["points"], b["law"]] for b in data["breakdown"]],
        "board": calculators.board_data(board) if board else None,
    }


def calculator_cases() -> dict[str, object]:
    from django.utils import translation

    import bridge
    from bridge.inputs import scores_from_text

    def matchpoints(text: str) -> dict:
        try:
            scores = scores_from_text(text)
            result = bridge.matchpoints(scores)
        except FieldError as exc:
            return {"error": {"code": exc.code, "field": exc.field, "params": _json(exc.params)}}
        return {
            "matchpoints": list(result.matchpoints),
            "percentages": list(result.percentages),
            "top": result.top,
        }

    def adjusted(query: str) -> dict:
        from urllib.parse import parse_qsl

        from rulings.calculators import adjusted_score
        from rulings.forms import adjustment_from_post

        try:
            answer = adjusted_score(
                adjustment_from_post(dict(parse_qsl(query, keep_blank_values=True))) or {}
            )
        except FieldError as exc:
            return {"error": {"code": exc.code, "field": exc.field, "params": _json(exc.params)}}
        if (
            "NS" in answer and "label" in answer["NS"]
        ):  # artificial (the pad draws label, laws, percent or IMPs)
            keep = ("label", "label_zh", "laws", "percent", "imps")
            return {side: {k: v for k, v in answer[side].items() if k in keep} for side in ("NS", "EW")}
        fields = ("contract", "declarer", "tricks", "score_ns", "score_ew")
        return {
            "NS": {k: answer["NS"][k] for k in fields},
            "EW": {k: answer["EW"][k] for k in fields},
            "score_ns": answer["score_ns"],
            "score_ew": answer["score_ew"],
        }

    with translation.override("zh-hans"):
        score_cases = [[query, _score_answer_of(query)] for query in SCORE_QUERIES]
        adjusted_cases = [[query, adjusted(query)] for query in ADJUSTED_QUERIES]
    diffs = [*range(-4500, 4501, 10), 15, -15, 5, 7995, 1_000_000]
    return _json(
        {
            "score": score_cases,
            "imps": [[diff, bridge.imps(diff)] for diff in diffs],
            "adjusted": adjusted_cases,
            "matchpoints": [[text, matchpoints(text)] for text in MATCHPOINT_TEXTS],
        }
    )  # type: ignore[return-value]


def _form(**fields: str) -> dict[str, str]:
    base = {
        "offending_side": "EW",
        "vulnerability": "None",
        "r0_level": "3",
        "r0_strain": "NT",
        "r0_declarer": "N",
        "r0_tricks": "9",
        "r0_likely": "on",
        "r0_probable": "on",
    }
    return {**base, **fields}


JUDGEMENT_FORMS: list[dict[str, str]] = [
    {},
    _form(),
    _form(board="7", vulnerability=""),
    _form(board=" 12 "),
    _form(board="0"),
    _form(board="x"),
    _form(r0_tricks="14"),
    _form(r0_tricks="-1"),
    _form(r0_tricks="ten"),
    _form(r0_level="pass", r0_strain="", r0_declarer="", r0_tricks=""),
    _form(r1_level="4", r1_strain="S", r1_dbl="X", r1_declarer="E", r1_tricks="10", r1_probable="on"),
    _form(r2_level="2", r2_strain="H", r2_declarer="S"),
    _form(
        committee="on",
        r0_weight="60",
        r1_level="4",
        r1_strain="H",
        r1_declarer="N",
        r1_tricks="10",
        r1_weight="40",
    ),
    _form(committee="on", r0_weight="abc"),
    _form(committee="on", r0_weight="33.5"),
    _form(committee="on", r0_weight="1e2"),
    _form(committee="on", r0_weight=" 25 "),
    _form(r0_weight="50"),
    _form(t_level="4", t_strain="S", t_declarer="N", t_tricks="10", keeps_table="on"),
    _form(t_level="4", t_strain="S", t_declarer="N", t_tricks="15"),
    _form(other_table="420"),
    _form(other_table="-50"),
    _form(other_table="4.5"),
    _form(other_table="1" * 16),
    _form(board="7" * 30),
    _form(committee="on", r0_weight="1" * 20),
    _form(field_scores="420 450, -50，100"),
    _form(field_scores="420 abc"),
    _form(offending_side="", r0_level=""),
    _form(director_12c3="on", r0_weight="70", r0_weight_os="100", offending_keeps_12c2="on"),
    _form(committee="on", r0_weight_os="x"),
    _form(r0_weight_os="50"),
    _form(n_level="2", n_strain="S", n_declarer="N", n_tricks="8"),
    _form(n_level="2", n_strain="S", n_declarer="N", n_tricks="20"),
    _form(other_table="420", knockout="on"),
    _form(knockout="on"),
    # wbf-2017 (the page's hidden edition): the probable_row radio, the Director's weights, the regulation.
    _form(edition="wbf-2017", probable_row="0"),
    _form(edition="wbf-2017", probable_row="0", r1_level="4", r1_strain="S", r1_declarer="N", r1_tricks="9"),
    _form(edition="wbf-2017", probable_row="1", r1_level="4", r1_strain="S", r1_declarer="N", r1_tricks="9"),
    _form(
        edition="wbf-2017",
        r0_weight="60",
        r0_weight_os="50",
        r1_level="4",
        r1_strain="S",
        r1_declarer="N",
        r1_tricks="9",
        r1_weight="40",
        committee="on",
    ),  # fmt: skip
    _form(edition="wbf-2017", regulation="on", probable_row="0", r0_weight="100"),
    _form(edition="wbf-2017", r0_weight="x"),
    _form(edition="ccba-1999", probable_row="0", regulation="on"),
    _form(edition="wbf-2007", probable_row="0"),
    {"poll_action": "3NT"},
    {"p0_call": "3NT", "p0_chose": "3", "p0_considered": "5", "p1_call": "Pass", "p1_chose": "2"},
    {"p0_call": "3NT", "p0_chose": "x"},
    {"p0_call": "3NT", "p0_considered": "-1", "poll_action": "3NT"},
    {"p2_call": "4S", "p2_chose": "1", "p5_call": "X", "p5_considered": "4"},
    {"p0_call": "", "p0_chose": "3"},
]


def judgement_cases() -> dict[str, object]:
    from rulings.judgement import BUILDER_ROWS, POLL_ROWS, builder_given, builder_request, poll_request

    def answer(function, data) -> object:
        try:
            return {"ok": function(data)}
        except FieldError as exc:
            return {"error": {"code": exc.code, "field": exc.field, "params": _json(exc.params)}}

    return _json(
        {
            "builder_rows": [f"r{row}_" for row in range(BUILDER_ROWS)],
            "poll_rows": [f"p{row}_" for row in range(POLL_ROWS)],
            "cases": [
                [data, answer(builder_request, data), builder_given(data), answer(poll_request, data)]
                for data in JUDGEMENT_FORMS
            ],
        }
    )  # type: ignore[return-value]


def _raised(function, *args) -> FieldError | None:
    try:
        function(*args)
    except FieldError as exc:
        return exc
    return None


def _whole_float(value: object) -> bool:
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, dict):
        return any(_whole_float(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_whole_float(v) for v in value)
    return False


def error_context_cases() -> list[list[object]]:
    """Every error the cases above raise (but those whose params hold a whole float: JSON cannot say 120.0)."""
    from django.utils import translation

    from core.errors import error_context
    from rulings.judgement import builder_request, poll_request

    def tree_call(kind: str, args) -> None:
        if kind == "tree":
            evaluate(trees()[args[0]], args[1])
        elif kind == "fact_type":
            coerce_fact(dataclasses.replace(trees()[args[0]].fact(args[1]), type=args[2]), args[3])
        elif kind == "score":
            score(*args)
        elif kind == "transfer":
            tricks_transferred(**args)
        elif kind == "hand":
            Hand.parse(args[0], field="cards")

    errors = [_raised(tree_call, kind, args) for kind, args in BAD_INPUTS]
    errors += [_raised(build_assigned, case) for case in builder_cases()]
    errors += [_raised(tally, case) for case in poll_cases()]
    errors += [_raised(builder_request, data) for data in JUDGEMENT_FORMS]
    errors += [_raised(poll_request, data) for data in JUDGEMENT_FORMS]
    seen: set[str] = set()
    out: list[list[object]] = []
    for exc in errors:
        if exc is None or _whole_float(exc.params):
            continue
        key = json.dumps([exc.code, exc.field, _json(exc.params)], sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        said = {}
        for language in ("zh-hans", "en"):
            with translation.override(language):
                context = error_context(exc)
            said[language] = [context["message"], context["label"]]
        out.append([exc.code, exc.field, _json(exc.params), said])
    return out


URLENCODE_PAIRS = [
    [["contract", "4S"], ["declarer_tricks", "10"]],
    [["q", "第64条 藏牌"], ["x", "a&b=c"], ["y", "it's (fine)*!"], ["z", "~-_."], ["w", "1+1 /2?"]],
    [["contract", "6♥X"], ["vulnerability", "双有"], ["claimer_cards", "SAK3 HQJ10 C54"]],
    [],
]


def wizard_cases(states: list[list[object]], tree_map: dict | None = None) -> dict[str, object]:
    from types import SimpleNamespace
    from urllib.parse import urlencode

    from bridge.trees import QuestionNode
    from laws.templatetags.laws_tags import section_url
    from rulings.wizard_views import (
        _back_url,
        _group_facts,
        _rare_group,
        _screens,
        remaining_questions,
    )
    from tests.offline.cases import as_url_values

    tree_map = trees() if tree_map is None else tree_map
    remaining = [
        [slug, node.id, list(remaining_questions(tree, node.id, _group_facts(tree)))]
        for slug, tree in tree_map.items()
        for node in tree.nodes
        if isinstance(node, QuestionNode)
    ]
    rare = []
    walks = []
    for slug, facts, answer in states:
        if answer["status"] != "question":  # type: ignore[index]
            continue
        tree = tree_map[slug]  # type: ignore[index]
        names = [step["fact"] for step in answer["path"]]  # type: ignore[index]
        base = [[name, value] for name, value in as_url_values(facts).items()]  # type: ignore[arg-type]
        fact = answer["question"]["fact"]  # type: ignore[index]
        if fact in _group_facts(tree):
            rare.append([slug, base, fact, _rare_group(tree, dict(base), fact)])
        steps = [{"fact": SimpleNamespace(name=name), "back_url": f"back{i}"} for i, name in enumerate(names)]
        walks.append([slug, names, _screens(tree, steps), _back_url("", tree, steps)])
    return _json(
        {
            "groups": {slug: list(tree.rare_group) for slug, tree in tree_map.items() if tree.rare_group},
            "remaining": remaining,
            "rare": rare,
            "walks": walks,
            "urlencode": [[pairs, urlencode([tuple(pair) for pair in pairs])] for pairs in URLENCODE_PAIRS],
            # {% section_url ref tree.edition %}: the wizard's law links name the tree's edition
            "edition_urls": [
                [ref, edition, section_url(ref, edition)]
                for ref in ("25A", "27B1", "64", "12C1a", "93")
                for edition in ("ccba-1999", "wbf-2017", None)
            ],
        }
    )  # type: ignore[return-value]


def summary_cases(states: list[list[object]], tree_map: dict | None = None) -> dict[str, object]:
    from django.utils import translation

    from offline.data import outcome_labels
    from rulings.summary import ruling_summary
    from rulings.wizard_views import evaluation_facts

    tree_map = trees() if tree_map is None else tree_map
    out: dict[str, object] = {}
    for language in ("zh-hans", "en"):
        with translation.override(language):
            cases = []
            for slug, facts, answer in states:
                if answer["status"] != "ruling":  # type: ignore[index]
                    continue
                tree = tree_map[slug]  # type: ignore[index]
                evaluation = evaluate(tree, facts)  # type: ignore[arg-type]
                asked = {step.fact for step in evaluation.path}
                optional = {name: value for name, value in facts.items() if name not in asked}  # type: ignore[union-attr]
                headline = evaluation_facts(evaluation, optional)
                assert evaluation.ruling is not None
                summary = ruling_summary(slug, evaluation.ruling.outcome, headline, tree.edition)  # type: ignore[arg-type]
                # The page passes the API's ruling (its outcome fields, with the leaf, script and laws, which the
                # summary does not read): the outcome is enough here, and keeps the file small.
                cases.append([slug, dict(evaluation.ruling.outcome), headline, summary])
            labels = outcome_labels()
            # A set on the server (its order changes from run to run); the page only asks whether it holds a value.
            labels["summary"]["quiet"] = sorted(labels["summary"]["quiet"], key=repr)
            out[language] = {"labels": labels, "cases": cases}
    return _json(out)  # type: ignore[return-value]


# --- deals.json: the card picker's deal and the call pad's auction (static/js/engine/deal.js) -------------------


def _deal_answer(hands: dict) -> dict:
    from bridge.deals import Deal

    try:
        deal = Deal.from_hands(hands, dealer="N", vulnerability="None")
    except FieldError as error:
        return {"status": "error", "code": error.code, "field": error.field, "params": error.params}
    return {"status": "ok", "hands": {seat.value: str(deal.hand(seat)) for seat in Seat}}


def deal_cases() -> list:
    """Hands as the picker writes them (str(Hand)): whole deals, one hand left out, two left out, a card moved
    (14 and 12), a card in two hands, short hands; with Python's answer."""
    import random

    from bridge.deals import DECK

    rng = random.Random(30)
    cases = []
    for number in range(40):
        deck = sorted(DECK)
        rng.shuffle(deck)
        hands = {seat: Hand(frozenset(deck[i * 13 : (i + 1) * 13])) for i, seat in enumerate("NESW")}
        seats = list("NESW")
        kind = number % 8
        if kind == 1:
            hands[rng.choice(seats)] = None
        elif kind == 2:
            for seat in rng.sample(seats, 2):
                hands[seat] = None
        elif kind == 3:
            giver, taker = rng.sample(seats, 2)
            card = sorted(hands[giver].cards)[0]
            hands[giver] = Hand(hands[giver].cards - {card})
            hands[taker] = Hand(hands[taker].cards | {card})
        elif kind == 4:
            giver, taker = rng.sample(seats, 2)
            card = sorted(hands[giver].cards)[-1]
            hands[taker] = Hand(hands[taker].cards | {card})
        elif kind == 5:
            seat = rng.choice(seats)
            hands[seat] = Hand(frozenset(sorted(hands[seat].cards)[:12]))
            hands[rng.choice([s for s in seats if s != seat])] = None
        elif kind == 6:
            hands = {seat: Hand(frozenset(sorted(h.cards)[:5])) for seat, h in hands.items()}
        elif kind == 7:
            hands["W"] = Hand(frozenset())
        written = {seat: (str(hand) if hand is not None else None) for seat, hand in hands.items()}
        cases.append([written, _deal_answer(written)])
    return cases


ALL_CALLS = ["Pass", "X", "XX"] + [
    f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")
]
AUCTIONS = [
    [],
    ["1S", "P", "2S", "P", "4S", "P", "P", "P"],
    ["P", "P", "P", "P"],
    ["p", "1♥", "2♦", "pass", "Pass", "x", "P", "4h", "P", "P", "P"],
    ["1NT", "X", "XX", "P", "P", "2C", "X", "P", "P", "XX", "P", "P", "P"],
    ["1黑桃", "不叫", "2无将", "—", "3n", "dbl", "rdbl"],
    ["1S", "1H"],
    ["1S", "P", "1S"],
    ["X"],
    ["1S", "P", "X"],
    ["1S", "X", "X"],
    ["1S", "XX"],
    ["1S", "X", "P", "XX"],
    ["P", "P", "P", "P", "1C"],
    ["1C", "P", "P", "P", "1D"],
    ["8S"],
    ["1Z"],
    ["4SX"],
    ["1C", 3],
    ["1C", "1D", "1H", "1S", "1NT", "2C", "7NT", "X", "XX"],
    ["1C", "P", "P", "X", "P", "P", "XX"],
    ["3NT", "P", "P", "X", "P", "P", "P"],
]


def _auction_answer(calls: list) -> dict:
    from bridge.appeal_file import check_auction, parse_call

    try:
        check_auction(calls)
    except FieldError as error:
        return {"status": "error", "code": error.code, "field": error.field, "params": error.params}
    written = [parse_call(call) for call in calls]
    legal = []
    for call in ALL_CALLS:
        try:
            check_auction([*written, call])
        except FieldError:
            continue
        legal.append(call)
    return {"status": "ok", "calls": written, "ended": not legal, "legal": legal}


def _problem_calls(*written: str) -> list[dict]:
    return [{"call": call, "alert": False, "explanation": ""} for call in written]


def problem_cases() -> list:
    """The poll's problem as put (bridge.poll_problem), in both languages: the tempo break with and without its
    seconds, alerts with and without the explanation, misinformation, no break, no deal, a void, X and XX, each
    vulnerability from the pollee's side, and a break whose answer is not entered yet."""
    from bridge.poll_problem import poll_problem

    hands = {
        "N": "SAKQJ1098 H32 D5 C432",
        "E": "S7 HAKQJ10 DAK2 CAK65",
        "S": "S65432 H98 DQJ1098 C7",
        "W": "- H7654 D7643 CQJ1098",
    }
    alerted = _problem_calls("1C", "1D", "Pass", "2D")
    alerted[0] = {"call": "1C", "alert": True, "explanation": "任意牌型 16+ / strong"}
    alerted[3] = {"call": "2D", "alert": True, "explanation": ""}
    inputs = [
        dict(
            board=3,
            dealer="S",
            vulnerability="EW",
            hands=hands,
            calls=_problem_calls("1D", "Pass", "1S", "Pass"),
            tempo={"call": 2, "seconds": 12, "status": "disputed"},
            mode="ui",
        ),
        dict(
            board=1,
            dealer="N",
            vulnerability="None",
            hands=hands,
            calls=_problem_calls("1S", "X", "XX"),
            tempo={"call": 1, "seconds": None, "status": None},
            mode="ui",
        ),
        dict(board=2, dealer="E", vulnerability="NS", hands=hands, calls=alerted, tempo=None, mode="mi"),
        dict(board=4, dealer="W", vulnerability="Both", hands=None, calls=alerted, tempo=None, mode="ui"),
        dict(board=5, dealer="N", vulnerability="NS", hands=hands, calls=[], tempo=None, mode="ui"),
        dict(
            board=6,
            dealer="E",
            vulnerability="EW",
            hands=hands,
            calls=_problem_calls("1H", "Pass", "Pass"),
            tempo={"call": 2, "seconds": 30, "status": "agreed"},
            mode="ui",
        ),
        dict(
            board=7,
            dealer="S",
            vulnerability="Both",
            hands=hands,
            calls=_problem_calls("Pass", "4NT"),
            tempo={"call": 0, "seconds": 5, "status": None},
            mode="mi",
        ),
        dict(
            board=8,
            dealer="W",
            vulnerability="None",
            hands={**hands, "S": "-"},
            calls=_problem_calls("3NT"),
            tempo=None,
            mode="mi",
        ),
    ]
    return [[case, {lang: poll_problem(**case, language=lang) for lang in ("zh", "en")}] for case in inputs]


def deals_golden() -> dict:
    return _json(
        {
            "deals": deal_cases(),
            "auctions": [[calls, _auction_answer(calls)] for calls in AUCTIONS],
            "problems": problem_cases(),
        }
    )


SEARCH_QUERIES = {
    "ccba-1999": [
        "藏牌",
        "revoke",
        "cangpai",
        "cang pai",
        "revoek",
        "罚张",
        "明手",
        "明手的权利",
        "不足叫牌",
        "不足叫",
        "opening lead",
        "越序首引",
        "首攻错误",
        "lead out of turn",
        "调整分",
        "insufficient bid",
        "声称",
        "claim",
        "第12墩的藏牌",
        "庄家",
        "penalty card",
        "明手出牌",
        "藏牌 第64条",
        "未经授权的信息",
        "misinformation",
        "平均加",
        "洗牌",
        "牌",
        "comparable call",
        "第31条",
        "第64条",
        "第23条",
        "27B1",
        "Law 12C",
    ],
    "wbf-2017": [
        "可比叫品",
        "可比叫",
        "comparable call",
        "kebijiao",
        "第23条",
        "第27条",
        "27B1",
        "不足叫牌",
        "藏牌",
        "revoke",
        "加权调整分",
        "weighted score",
        "明手",
        "claim",
        "越序引牌",
        "错误信息",
        "洗牌",
    ],
}
SEARCH_LIMIT = 8


def _plan_case(text: str, edition: str) -> dict[str, object]:
    """How the server reads normalised `text` in `edition` (search.plan), as engine/plan.js reads it: the units
    (their related names in Chinese only: the browser marks and scores those), references, phrases and trees."""
    from search.analysis import is_cjk
    from search.generation import current_generation
    from search.plan import plan_for

    the_plan = plan_for(text, current_generation(), edition)
    units = [
        {
            "text": unit.text,
            "chinese": list(unit.chinese),
            "latin": [list(words) for words in unit.latin],
            "pinyin": list(unit.pinyin),
            "fuzzy": unit.fuzzy,
            "stop": unit.stop,
            "weak": unit.weak,
            "related": [name for name in unit.related if is_cjk(name)],
        }
        for unit in the_plan.units
    ]
    return {"units": units, "refs": the_plan.refs, "phrases": the_plan.phrases}


def search_cases() -> dict[str, object]:
    """search-corpus.json and search.json (the module's docstring)."""
    from laws.models import Edition
    from offline.data import corpus
    from search.analysis import normalise
    from search.plan import reference
    from search.query import search

    corpora, cases = {}, []
    for code, queries in SEARCH_QUERIES.items():
        corpora[code] = corpus(Edition.objects.get(code=code))
        for query in queries:
            result = search(query, limit=SEARCH_LIMIT, edition=code)
            jump = result.jump is not None
            cases.append(
                {
                    "query": query,
                    "edition": code,
                    "plan": None if jump or reference(query) else _plan_case(normalise(query), code),
                    "trees": [tree.as_dict() for tree in result.trees],
                    "jump": jump,
                    "urls": [hit.url for hit in result.hits],
                }
            )
    return {"search-corpus.json": _json(corpora), "search.json": _json(cases)}


def golden() -> dict[str, object]:
    """Every golden file, by name, as this engine answers now."""
    states = tree_states()
    return {
        "tables.json": _json(score_tables()),
        "trees-data.json": _json({slug: tree.as_dict() for slug, tree in trees().items()}),
        "trees.json": states,
        "summary.json": summary_cases(states),
        "wizard.json": wizard_cases(states),
        "calculators.json": calculator_cases(),
        "judgement.json": judgement_cases(),
        "error-context.json": error_context_cases(),
        "law77.json": law77_cases(),
        "law64.json": law64_cases(),
        "errors.json": _json([[kind, args, _server_error(kind, args)] for kind, args in BAD_INPUTS]),
        "messages.json": message_cases(),
        "assigned.json": assigned_cases(),
        "reference.json": reference_cases(),
        "deals.json": deals_golden(),
        **search_cases(),
        **further_edition_trees(),
    }


def further_edition_trees() -> dict[str, object]:
    """A further edition's trees as the browser is given them and the answers of their states, in a folder of the
    edition (tests/golden/<edition>/): the offline wizard walks every tree of every edition."""
    out: dict[str, object] = {}
    for code in tree_editions():
        if code == editions.BASE:
            continue
        tree_map = trees(code)
        states = tree_states(tree_map)
        out[f"{code}/trees-data.json"] = _json({slug: tree.as_dict() for slug, tree in tree_map.items()})
        out[f"{code}/trees.json"] = states
        out[f"{code}/summary.json"] = summary_cases(states, tree_map)
        out[f"{code}/wizard.json"] = wizard_cases(states, tree_map)
    return out


def dumps(value: object) -> str:
    # allow_nan=False: JSON.parse reads no Infinity or NaN, so a case that needs one cannot go in a golden file.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"


def _test_database():
    """A throwaway test database with the law base loaded, as tests/conftest.py makes one (the search's files)."""
    from django.core.management import call_command
    from django.test.utils import setup_databases

    config = setup_databases(verbosity=0, interactive=False, aliases={"default"})
    call_command("load_corpus", "--quiet", stdout=io.StringIO())
    return config


def main() -> None:
    from django.test.utils import teardown_databases

    config = _test_database()
    try:
        files = golden()
    finally:
        teardown_databases(config, verbosity=0)
    for name, value in files.items():
        path = GOLDEN / name
        path.parent.mkdir(exist_ok=True)
        text = dumps(value)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"make golden: wrote {path.relative_to(ROOT)} ({len(text.encode()) // 1024} KB)")


if __name__ == "__main__":
    main()
