"""Fact sets that cover the decision trees, for comparing the browser's evaluator with the server's.

`walk(tree)` follows every branch of every question (every value of an int question) and records each state on
the way: the questions asked with the facts that lead to them, and the rulings. `one_per_leaf(tree)` picks the
first way to each leaf. The revoke tree's leaves that compute a score also get the optional contract facts
(`REVOKE_OPTIONALS`, another revoke's transfer among them), some of them wrong on purpose, and `BAD_FACTS` holds inputs every tree must refuse alike.
"""

from __future__ import annotations

import json
import random
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


def values_of(tree: Tree, name: str, *, sample: bool = False) -> list[object]:
    """Every value of a fact; for an int fact with ``sample``, its ends, the value after the first and the
    middle (a second int on one path would multiply the states)."""
    fact = tree.fact(name)
    assert fact is not None
    if fact.type == "int":
        low = fact.minimum or 0
        high = fact.maximum if fact.maximum is not None else 13
        if sample:
            return sorted({low, min(low + 1, high), (low + high) // 2, high})
        return list(range(low, high + 1))
    return list(fact.values)


def walk(tree: Tree) -> Iterator[State]:
    """Every state: every value of each question — but only a sample of an int question's values when another
    int question comes before or after it on the path (the claim tree asks for the tricks claimed, then those
    lost), so two counts on one path do not multiply the states."""
    ints_below: dict[str, bool] = {}

    def int_below(node_id: str) -> bool:
        """Whether an int question can still be asked after ``node_id``."""
        if node_id not in ints_below:
            node = tree.node(node_id)
            ints_below[node_id] = isinstance(node, QuestionNode) and any(
                _is_int(tree, tree.node(target)) or int_below(target) for target in set(node.targets)
            )
        return ints_below[node_id]

    def visit(node_id: str, facts: dict[str, object], path: list[str], ints: int) -> Iterator[State]:
        node = tree.node(node_id)
        if isinstance(node, Leaf):
            yield State(dict(facts), "ruling", node.id, path + [node.id])
            return
        assert isinstance(node, QuestionNode)
        yield State(dict(facts), "question", node.id, path + [node.id])
        is_int = _is_int(tree, node)
        for value in values_of(tree, node.fact, sample=is_int and (ints > 0 or int_below(node_id))):
            target = node.next_node(value)
            assert target is not None, (tree.slug, node.id, value)
            yield from visit(target, {**facts, node.fact: value}, path + [node.id], ints + is_int)

    yield from visit(tree.start, {}, [], 0)


def _is_int(tree: Tree, node: object) -> bool:
    if not isinstance(node, QuestionNode):
        return False
    fact = tree.fact(node.fact)
    return fact is not None and fact.type == "int"


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

CLAIM_OPTIONALS: list[dict[str, object]] = [
    {"contract": "4S", "declarer": "S", "vulnerability": "Both"},
    {
        "contract": "4S",
        "declarer": "N",
        "vulnerability": "None",
        "claimer_cards": "SA HAKQ",
        "partner_cards": "S2 D2 C2 C3",
        "lho_cards": "SJ D543",
        "rho_cards": "H32 C54",
    },
    {
        "contract": "3NT",
        "claimer_cards": "♠AQ ♥2",
        "partner_cards": "黑桃32 红心A",
        "lho_cards": "SK4.3..",
        "rho_cards": "s5 s6 h4",
        "on_lead": "partner",
    },
    {
        "contract": "6♥X",
        "declarer": "W",
        "vulnerability": "EW",
        "claimer_cards": "HAKQJ",
        "partner_cards": "H2 D2 C2 C3",
        "lho_cards": "SJ D3 D4 D5",
        "rho_cards": "H3 H4 H5 C4",
        "on_lead": "lho",
    },
    {"claimer_cards": "SA", "partner_cards": "S2", "lho_cards": "S3", "rho_cards": "S4"},
    # Wrong on purpose: the server's FactError and the browser's must agree, field and message.
    {"contract": "PASS", "claimer_cards": "SA", "partner_cards": "S2", "lho_cards": "S3", "rho_cards": "S4"},
    {"contract": "3NT", "claimer_cards": "SAK", "partner_cards": "S2", "lho_cards": "S3", "rho_cards": "S4"},
    {"contract": "3NT", "claimer_cards": "SA", "partner_cards": "SA", "lho_cards": "S3", "rho_cards": "S4"},
    {"contract": "3NT", "claimer_cards": "-", "partner_cards": "-", "lho_cards": "-", "rho_cards": "-"},
    {"lho_cards": "SAA"},
    {"lho_cards": "AK"},
    {"lho_cards": "SX"},
    {"lho_cards": "S1"},
    {"lho_cards": "A.K"},
    {"lho_cards": ""},
    {"lho_cards": 5},
    {"on_lead": "dummy"},
]


def claim_endings(count: int, seed: int = 68) -> list[dict[str, object]]:
    """Random endings (1–7 cards a hand, a random strain and leader) as the claim tree's optional inputs."""
    deck = [
        suit + rank
        for suit in "SHDC"
        for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    ]
    rng = random.Random(seed)
    endings: list[dict[str, object]] = []
    for _ in range(count):
        size = rng.randint(1, 7)
        cards = rng.sample(deck, 4 * size)
        hands = [" ".join(cards[i * size : (i + 1) * size]) for i in range(4)]
        endings.append(
            {
                "contract": rng.choice(["3NT", "4S", "4H", "5D", "2C"]),
                "claimer_cards": hands[0],
                "lho_cards": hands[1],
                "partner_cards": hands[2],
                "rho_cards": hands[3],
                "on_lead": rng.choice(["claimer", "partner", "claimer", "rho"]),
            }
        )
    return endings


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
    rulings with each optional set; the claim tree's leaves with cards (and 150 random endings); and the bad
    inputs."""
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
        if slug == "claim":
            # The claim helper and the trick count: every leaf with cards right and wrong, and many endings at the
            # leaf that reports the tricks at risk to an outstanding trump.
            leaves = one_per_leaf(tree)
            for facts in leaves.values():
                for optional in CLAIM_OPTIONALS:
                    cases.append((slug, {**facts, **optional}))
            for ending in claim_endings(150):
                cases.append((slug, {**leaves["outstanding_trump_70c"], **ending}))
        for bad in BAD_FACTS:
            cases.append((slug, {k: v for k, v in bad.items() if k == "no_such_fact" or tree.fact(k)}))
    return cases
