"""The decision-tree model: facts, question nodes, ruling leaves (docs/design.md §4).

A tree is data. Each question node asks for one named *fact* and branches on its value; each leaf is a ruling
with structured outcome fields, the director's script (Chinese and English) and the law references. Everything
here is a frozen dataclass; :mod:`.loader` builds them from YAML, :mod:`.validation` checks them and
:mod:`.evaluation` walks them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from bridge.errors import EngineError, Message

FactType = Literal["bool", "enum", "int", "contract", "seat", "vulnerability", "hand"]
FactValue = bool | str | int

ASKABLE_FACT_TYPES: frozenset[str] = frozenset({"bool", "enum", "int"})
"""Types a question node may ask about (docs/design.md §4)."""
INPUT_FACT_TYPES: frozenset[str] = ASKABLE_FACT_TYPES | {"contract", "seat", "vulnerability", "hand"}
"""Types an optional computation input may have (read by a computation, never asked)."""
OUTCOME_FIELD_TYPES: frozenset[str] = frozenset({"bool", "enum", "int"})
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
"""``{field}`` in a leaf's script: replaced at evaluation by that outcome field's value (``—`` when null)."""
RESERVED_RULING_KEYS: frozenset[str] = frozenset({"leaf", "script", "laws"})
"""Keys a ruling carries beside its outcome fields, so no outcome field may use them."""


class TreeError(ValueError):
    """A tree that is malformed or fails validation. ``problems`` lists every problem found, not just the first."""

    def __init__(self, problems: Iterable[str], *, tree: str | None = None) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        self.tree = tree
        heading = f"Decision tree {tree!r} is invalid" if tree else "Decision tree is invalid"
        super().__init__(f"{heading} ({len(self.problems)} problem(s)):\n- " + "\n- ".join(self.problems))


class FactError(EngineError):
    """A fact given to :func:`evaluate` that is undeclared, of the wrong type or out of range.

    ``fact`` names it (also ``field``, as for every :class:`~bridge.errors.EngineError`, so the API maps
    it to ``{"error": ..., "field": ...}`` in one place).
    """

    def __init__(self, message: Message | str, fact: str, **params: object) -> None:
        super().__init__(message, fact, **params)
        self.fact = fact


@dataclass(frozen=True)
class Text:
    """A text in Chinese (the rulebook's language, shown first) and English."""

    zh: str
    en: str

    def as_dict(self) -> dict[str, str]:
        return {"zh": self.zh, "en": self.en}


@dataclass(frozen=True)
class Option:
    """One allowed value of a bool or enum fact, with its labels."""

    value: bool | str
    label: Text

    def as_dict(self) -> dict[str, object]:
        return {"value": self.value, "label_zh": self.label.zh, "label_en": self.label.en}


DEFAULT_BOOL_OPTIONS: tuple[Option, ...] = (
    Option(True, Text("是", "Yes")),
    Option(False, Text("否", "No")),
)


@dataclass(frozen=True)
class Fact:
    """A named fact a tree asks for (or, when ``optional``, an input a computation may read).

    ``bool`` facts take true/false; ``enum`` facts one of ``options``; ``int`` facts a whole number from
    ``minimum`` (and up to ``maximum`` when set). ``contract``, ``seat`` and ``vulnerability`` are read by the
    scoring engine, ``hand`` (cards in :class:`bridge.cards.Hand` notation) by the claim helper; they only serve
    as optional inputs.
    """

    name: str
    type: str
    text: Text | None = None
    help: Text | None = None
    laws: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False

    @property
    def values(self) -> tuple[bool | str, ...]:
        """The allowed values of a bool or enum fact, in order."""
        return tuple(option.value for option in self.options)

    def label(self, value: object) -> Text | None:
        for option in self.options:
            if option.value == value and type(option.value) is type(value):
                return option.label
        return None


@dataclass(frozen=True)
class IntRange:
    """A branch of an int question: values from ``low`` to ``high`` inclusive (``high`` None = no bound)."""

    low: int
    high: int | None
    target: str

    def __contains__(self, value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        return self.low <= value and (self.high is None or value <= self.high)

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"min": self.low}
        if self.high is not None:
            data["max"] = self.high
        data["next"] = self.target
        return data


@dataclass(frozen=True)
class QuestionNode:
    """Asks for ``fact`` and goes on to the node its value selects.

    Bool and enum facts branch on each allowed value (``branches``); int facts on ``ranges`` and an optional
    ``default`` for the values no range covers.
    """

    id: str
    fact: str
    branches: tuple[tuple[bool | str, str], ...] = ()
    ranges: tuple[IntRange, ...] = ()
    default: str | None = None

    @property
    def targets(self) -> tuple[str, ...]:
        """Every node this question can lead to (with repeats), in declaration order."""
        found = [target for _, target in self.branches]
        found += [branch.target for branch in self.ranges]
        if self.default is not None:
            found.append(self.default)
        return tuple(found)

    def next_node(self, value: FactValue) -> str | None:
        """The node ``value`` leads to, or None when no branch takes it."""
        for branch_value, target in self.branches:
            if branch_value == value and type(branch_value) is type(value):
                return target
        for branch in self.ranges:
            if value in branch:
                return branch.target
        if self.default is not None and isinstance(value, int) and not isinstance(value, bool):
            return self.default
        return None


@dataclass(frozen=True)
class Compute:
    """An outcome value the engine computes at evaluation from the facts (see :mod:`.computations`)."""

    name: str


@dataclass(frozen=True)
class Leaf:
    """A ruling: the outcome fields (literal values or :class:`Compute`), the director's script and the laws."""

    id: str
    outcome: tuple[tuple[str, object], ...]
    script: Text
    laws: tuple[str, ...]

    @property
    def outcome_map(self) -> dict[str, object]:
        return dict(self.outcome)


Node = QuestionNode | Leaf


@dataclass(frozen=True)
class OutcomeField:
    """A structured field every ruling of a tree carries (e.g. ``rule``, ``partner_must_pass``)."""

    name: str
    type: str
    values: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False


GROUPS: tuple[str, ...] = ("auction", "play", "judgement", "other")
"""The phases a tree belongs to: irregularities of the auction, of the play, judgement rulings, the rest."""


@dataclass(frozen=True)
class Tree:
    """A decision tree of one edition (docs/design.md §4): its facts, outcome fields and nodes."""

    slug: str
    edition: str
    version: int
    title: str
    title_en: str
    laws: tuple[str, ...]
    facts: tuple[Fact, ...]
    outcome_fields: tuple[OutcomeField, ...]
    start: str
    nodes: tuple[Node, ...] = field(default=())
    description: Text | None = None
    group: str = "other"
    """Where in a director's day the irregularity arises (:data:`GROUPS`): the wizard lists trees by it."""
    order: int = 100
    """Position within its group (smaller first)."""
    keywords: tuple[str, ...] = ()
    """How directors name the irregularity (Chinese, English, pinyin): search offers the tree for them."""
    rare_group: tuple[str, ...] = ()
    """Rare yes/no exceptions a common walk answers "no" to, asked together on one screen ("do any of these
    apply?"): the facts stay the tree's own, set in the order the one-by-one questions would set them."""

    @cached_property
    def facts_by_name(self) -> Mapping[str, Fact]:
        return {fact.name: fact for fact in self.facts}

    @cached_property
    def nodes_by_id(self) -> Mapping[str, Node]:
        return {node.id: node for node in self.nodes}

    @property
    def leaves(self) -> tuple[Leaf, ...]:
        return tuple(node for node in self.nodes if isinstance(node, Leaf))

    @property
    def questions(self) -> tuple[QuestionNode, ...]:
        return tuple(node for node in self.nodes if isinstance(node, QuestionNode))

    @property
    def leaf_ids(self) -> frozenset[str]:
        return frozenset(leaf.id for leaf in self.leaves)

    def fact(self, name: str) -> Fact | None:
        return self.facts_by_name.get(name)

    def node(self, node_id: str) -> Node | None:
        return self.nodes_by_id.get(node_id)

    def references(self) -> tuple[str, ...]:
        """Every law reference the tree cites (header, questions, leaves), first occurrence order."""
        seen: dict[str, None] = dict.fromkeys(self.laws)
        for fact in self.facts:
            seen.update(dict.fromkeys(fact.laws))
        for leaf in self.leaves:
            seen.update(dict.fromkeys(leaf.laws))
        return tuple(seen)

    def summary(self) -> dict[str, object]:
        """The list entry of ``GET /api/rulings/trees/`` (docs/design.md §7)."""
        return {
            "slug": self.slug,
            "title": self.title,
            "title_en": self.title_en,
            "edition": self.edition,
            "version": self.version,
            "laws": list(self.laws),
        }

    def as_dict(self) -> dict[str, object]:
        """The whole tree as JSON-ready data; :func:`~.loader.load_tree` reads it back."""
        facts = {fact.name: _fact_as_dict(fact) for fact in self.facts}
        outcome_fields = {spec.name: _outcome_field_as_dict(spec) for spec in self.outcome_fields}
        nodes = {node.id: _node_as_dict(node) for node in self.nodes}
        data_out: dict[str, object] = {
            "slug": self.slug,
            "edition": self.edition,
            "version": self.version,
            "title": self.title,
            "title_en": self.title_en,
            "laws": list(self.laws),
        }
        if self.description is not None:
            data_out["description"] = self.description.as_dict()
        data_out.update({"group": self.group, "order": self.order, "keywords": list(self.keywords)})
        if self.rare_group:
            data_out["rare_group"] = list(self.rare_group)
        data_out.update(
            {"facts": facts, "outcome_fields": outcome_fields, "start": self.start, "nodes": nodes}
        )
        return data_out


def _fact_as_dict(fact: Fact) -> dict[str, object]:
    """One fact as the tree file writes it: its type, and each optional attribute it sets."""
    data: dict[str, object] = {"type": fact.type}
    if fact.optional:
        data["optional"] = True
    if fact.text is not None:
        data["text"] = fact.text.as_dict()
    if fact.help is not None:
        data["help"] = fact.help.as_dict()
    if fact.laws:
        data["laws"] = list(fact.laws)
    if fact.options:
        data["options"] = [{"value": o.value, "zh": o.label.zh, "en": o.label.en} for o in fact.options]
    if fact.minimum is not None:
        data["min"] = fact.minimum
    if fact.maximum is not None:
        data["max"] = fact.maximum
    return data


def _outcome_field_as_dict(spec: OutcomeField) -> dict[str, object]:
    out: dict[str, object] = {"type": spec.type}
    if spec.values:
        out["values"] = list(spec.values)
    if spec.minimum is not None:
        out["min"] = spec.minimum
    if spec.maximum is not None:
        out["max"] = spec.maximum
    if spec.nullable:
        out["nullable"] = True
    return out


def _node_as_dict(node: Node) -> dict[str, object]:
    """A question (its fact, branches, ranges, default) or a leaf (outcome, script, laws)."""
    if isinstance(node, QuestionNode):
        question: dict[str, object] = {"ask": node.fact}
        if node.branches:
            question["branches"] = {_json_key(value): target for value, target in node.branches}
        if node.ranges:
            question["ranges"] = [branch.as_dict() for branch in node.ranges]
        if node.default is not None:
            question["default"] = node.default
        return question
    return {
        "outcome": {
            name: {"compute": value.name} if isinstance(value, Compute) else value
            for name, value in node.outcome
        },
        "script": node.script.as_dict(),
        "laws": list(node.laws),
    }


def _json_key(value: bool | str) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value
