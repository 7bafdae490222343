"""Fact sets that cover the decision trees, for comparing the browser's evaluator with the server's.

`walk(tree)` follows every branch of every question (every value of an int question) and records each state on
the way: the questions asked with the facts that lead to them, and the rulings. `one_per_leaf(tree)` picks the
first way to each leaf. The revoke tree's leaves that compute a score also get the optional contract facts
(`REVOKE_OPTIONALS`, another revoke's transfer among them), some of them wrong on purpose, and `BAD_FACTS` holds inputs every tree must refuse alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from bridge.errors import FieldError
from bridge.trees import FactError, Leaf, QuestionNode, Tree, evaluate


@dataclass
class State:
    facts: dict[str, object]
    status: str  # "question" or "ruling"
    node: str
    path: list[str] = field(default_factory=list)


def values_of(tree: Tree, name: str) -> list[object]:
    fact = tree.fact(name)
    assert fact is not None
    if fact.type == "int":
        high = fact.maximum if fact.maximum is not None else 13
        return list(range(fact.minimum or 0, high + 1))
    return list(fact.values)


def walk(tree: Tree) -> Iterator[State]:
    def visit(node_id: str, facts: dict[str, object], path: list[str]) -> Iterator[State]:
        node = tree.node(node_id)
        if isinstance(node, Leaf):
            yield State(dict(facts), "ruling", node.id, path + [node.id])
            return
        assert isinstance(node, QuestionNode)
        yield State(dict(facts), "question", node.id, path + [node.id])
        for value in values_of(tree, node.fact):
            target = node.next_node(value)
            assert target is not None, (tree.slug, node.id, value)
            yield from visit(target, {**facts, node.fact: value}, path + [node.id])

    yield from visit(tree.start, {}, [])


def one_per_leaf(tree: Tree) -> dict[str, dict[str, object]]:
    """The first fact set (in walk order) that reaches each leaf."""
    found: dict[str, dict[str, object]] = {}
    for state in walk(tree):
        if state.status == "ruling" and state.node not in found:
            found[state.node] = state.facts
    assert set(found) == tree.leaf_ids, (tree.slug, tree.leaf_ids - set(found))
    return found


REVOKE_OPTIONALS: list[dict[str, object]] = [
    {"contract": "4S", "declarer": "N", "vulnerability": "None", "declarer_tricks": 10},
    {"contract": "3NTX", "declarer": "E", "vulnerability": "Both", "declarer_tricks": 8},
    {"contract": "7NTXX", "declarer": "S", "vulnerability": "NS", "declarer_tricks": 13},
    {"contract": "1C", "declarer": "W", "vulnerability": "EW", "declarer_tricks": 0},
    {
        "contract": "6♥X",
        "declarer": "north",
        "vulnerability": "双有",
        "declarer_tricks": 12,
        "revoking_side": "declaring",
    },
    {
        "contract": "4 hearts x",
        "declarer": "S",
        "vulnerability": "ns",
        "declarer_tricks": 5,
        "revoking_side": "defending",
    },
    {"contract": "2黑桃再加倍", "declarer": "东", "vulnerability": "东西", "declarer_tricks": "7"},
    {"declarer_tricks": 9},
    {"contract": "5D", "declarer": "N", "vulnerability": "None"},
    # Wrong on purpose: the server's FactError and the browser's must agree, field and message.
    {"contract": "PASS", "declarer": "N", "vulnerability": "None", "declarer_tricks": 7},
    {"contract": "8S", "declarer": "N", "vulnerability": "None", "declarer_tricks": 7},
    {"contract": "4Z", "declarer": "N", "vulnerability": "None", "declarer_tricks": 7},
    {"contract": "", "declarer": "N", "vulnerability": "None", "declarer_tricks": 7},
    {"contract": "4S", "declarer": "Q", "vulnerability": "None", "declarer_tricks": 7},
    {"contract": "4S", "declarer": "N", "vulnerability": "sometimes", "declarer_tricks": 7},
    {"contract": "4S", "declarer": "N", "vulnerability": "None", "declarer_tricks": 14},
    {"contract": "4S", "declarer": "N", "vulnerability": "None", "declarer_tricks": "ten"},
    {"revoking_side": "sideways"},
    {"contract": 4, "declarer": "N", "vulnerability": "None", "declarer_tricks": 7},
    # Another penalised revoke by the same side (revoke v2, Law 64): counted in the adjusted result, or refused.
    {
        "contract": "4S",
        "declarer": "N",
        "vulnerability": "NS",
        "declarer_tricks": 9,
        "other_tricks_transferred": 1,
    },
    {"declarer_tricks": 8, "other_tricks_transferred": 2, "revoking_side": "declaring"},
    {
        "contract": "3NT",
        "declarer": "W",
        "vulnerability": "EW",
        "declarer_tricks": "6",
        "other_tricks_transferred": "2",
    },
    {"declarer_tricks": 12, "other_tricks_transferred": 3, "revoking_side": "defending"},
    {"other_tricks_transferred": 14},
    {"other_tricks_transferred": "two"},
]

CONTRACTS = ["1C", "2DX", "3H", "4S", "3NT", "4HX", "5CXX", "6S", "6NTX", "7H", "7NTXX", "2NT", "1SX", "3DXX"]

BAD_FACTS: list[dict[str, object]] = [
    {"no_such_fact": True},
    {"accepted": "yes", "in_rotation": "maybe"},
    {"phase": "bidding"},
    {"phase": 3},
    {"in_rotation": 1},
    {"established": None},
    {
        "established": "true",
        "revoker": "dummy",
        "on_trick_12": "false",
        "subsequent_revoke_same_suit_same_player": False,
    },
    {"offending_side_tricks_after_revoke_trick": "13"},
    {"offending_side_tricks_after_revoke_trick": -1},
    {"offending_side_tricks_after_revoke_trick": "+3"},
    {"offending_side_tricks_after_revoke_trick": " 4 "},
    {"offending_side_tricks_after_revoke_trick": "4.0"},
    {"offending_side_tricks_after_revoke_trick": 2.5},
    {"offending_side_tricks_after_revoke_trick": True},
    {"revoker": "declarer", "revoking_side": "defending"},
]


def as_url_values(facts: dict[str, object]) -> dict[str, object]:
    """The facts as a wizard address carries them: text (true/false, digits)."""
    out: dict[str, object] = {}
    for name, value in facts.items():
        if isinstance(value, bool):
            out[name] = "true" if value else "false"
        elif isinstance(value, int):
            out[name] = str(value)
        else:
            out[name] = value
    return out


def server_answer(tree: Tree, facts: dict[str, object]) -> dict:
    """What POST /api/rulings/trees/<slug>/evaluate/ answers: the evaluation, or the 400 body of a FactError
    with its message's code and params (what the browser says it from in the page's language)."""
    try:
        result = evaluate(tree, facts).as_dict()
    except FactError as exc:
        result = {"status": "error", **error_answer(exc)}
    return json.loads(json.dumps(result, ensure_ascii=False))


def error_answer(error: FieldError) -> dict:
    """An engine error as the browser's evaluator answers it: the API's ``error`` and ``field``, the message's
    ``code`` and ``params``."""
    return {"error": error.message, "field": error.field, "code": error.code, "params": error.params}


def parity_cases(trees: dict[str, Tree]) -> list[tuple[str, dict[str, object]]]:
    """(slug, facts) for every state of every tree, as JSON values and as address text; the revoke tree's
    rulings with each optional set; and the bad inputs."""
    cases: list[tuple[str, dict[str, object]]] = []
    for slug, tree in trees.items():
        for state in walk(tree):
            cases.append((slug, state.facts))
            cases.append((slug, as_url_values(state.facts)))
            if slug == "revoke" and state.status == "ruling":
                for optional in REVOKE_OPTIONALS:
                    cases.append((slug, {**state.facts, **optional}))
                # Every trick count as played, across contracts, seats and vulnerabilities: the adjusted
                # tricks and the Law 77 score wherever the facts allow one, the server's refusal where not.
                for tricks in range(14):
                    cases.append(
                        (
                            slug,
                            {
                                **state.facts,
                                "contract": CONTRACTS[(tricks + len(cases)) % len(CONTRACTS)],
                                "declarer": "NESW"[tricks % 4],
                                "vulnerability": ("None", "NS", "EW", "Both")[(tricks // 4) % 4],
                                "declarer_tricks": tricks,
                            },
                        )
                    )
        for bad in BAD_FACTS:
            cases.append((slug, {k: v for k, v in bad.items() if k == "no_such_fact" or tree.fact(k)}))
    return cases
