"""The evaluator (docs/design.md §4): facts in, the ruling or the next question out.

Walk from the start node: at each question, the fact's value picks the branch; the first fact on the path that
is missing becomes the next question; a leaf becomes the ruling, with its computed values filled in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from bridge import messages
from bridge.cards import Contract, Hand, Seat, Vulnerability
from bridge.errors import EngineError
from bridge.inputs import read_whole

from .computations import COMPUTATIONS, ComputeContext
from .model import PLACEHOLDER, Compute, Fact, FactError, FactValue, Leaf, Option, QuestionNode, Text, Tree

_INTEGER = re.compile(r"^[+-]?\d+$")


@dataclass(frozen=True)
class Step:
    """One answered question on the path: the fact and its (normalised) value."""

    fact: str
    value: FactValue

    def as_dict(self) -> dict[str, object]:
        return {"fact": self.fact, "value": self.value}


@dataclass(frozen=True)
class Question:
    """The next fact the tree needs, with what the wizard shows for it."""

    node: str
    fact: str
    type: str
    text: Text
    help: Text | None
    laws: tuple[str, ...]
    options: tuple[Option, ...]
    minimum: int | None = None
    maximum: int | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "fact": self.fact,
            "type": self.type,
            "text": self.text.as_dict(),
            "help": self.help.as_dict() if self.help is not None else None,
            "laws": list(self.laws),
            "options": [option.as_dict() for option in self.options],
            "min": self.minimum,
            "max": self.maximum,
        }


@dataclass(frozen=True)
class Ruling:
    """The leaf reached: its outcome fields (computed values filled in), script and laws."""

    leaf: str
    outcome: Mapping[str, object]
    script: Text
    laws: tuple[str, ...]

    def __getitem__(self, name: str) -> object:
        return self.outcome[name]

    def as_dict(self) -> dict[str, object]:
        return {
            **self.outcome,
            "leaf": self.leaf,
            "script": self.script.as_dict(),
            "laws": list(self.laws),
        }


@dataclass(frozen=True)
class Evaluation:
    """The answer of :func:`evaluate`: a ruling, or the next question; and the path answered so far."""

    tree: str
    version: int
    edition: str
    status: Literal["ruling", "question"]
    path: tuple[Step, ...]
    ruling: Ruling | None = None
    question: Question | None = None

    def as_dict(self) -> dict[str, object]:
        """The body of ``POST /api/rulings/trees/<slug>/evaluate/`` (docs/design.md §7)."""
        return {
            "tree": self.tree,
            "version": self.version,
            "edition": self.edition,
            "status": self.status,
            "ruling": self.ruling.as_dict() if self.ruling is not None else None,
            "question": self.question.as_dict() if self.question is not None else None,
            "path": [step.as_dict() for step in self.path],
        }


def _whole_number(fact: Fact, value: object) -> int | None:
    """An int fact's value as a whole number (a JSON int, or digits in a string), None if it is none. Digits too
    many to read (security review N1) are out of any fact's range: too small or too large, where it has one."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not (isinstance(value, str) and _INTEGER.match(value.strip())):
        return None
    number = read_whole(value)
    if number is None:
        text = value.strip()
        if text.startswith("-") and fact.minimum is not None:
            raise FactError(
                messages.FACT_TOO_SMALL, fact.name, name=fact.name, minimum=fact.minimum, value=text
            )
        if not text.startswith("-") and fact.maximum is not None:
            raise FactError(
                messages.FACT_TOO_LARGE, fact.name, name=fact.name, maximum=fact.maximum, value=text
            )
    return number


def _coerce_int(fact: Fact, value: object) -> int:
    """An int fact's value, whole and within its min and max."""
    number = _whole_number(fact, value)
    if number is None:
        raise FactError(messages.FACT_NOT_WHOLE, fact.name, name=fact.name, value=value)
    if fact.minimum is not None and number < fact.minimum:
        raise FactError(
            messages.FACT_TOO_SMALL, fact.name, name=fact.name, minimum=fact.minimum, value=number
        )
    if fact.maximum is not None and number > fact.maximum:
        raise FactError(
            messages.FACT_TOO_LARGE, fact.name, name=fact.name, maximum=fact.maximum, value=number
        )
    return number


def coerce_fact(fact: Fact, value: object) -> object:
    """``value`` as the fact's type, or :class:`FactError`. Accepts JSON values and, for URLs, strings
    (``"true"``/``"false"`` for bools, digits for ints)."""
    if fact.type == "bool":
        if isinstance(value, bool):
            return value
        if value in ("true", "false"):
            return value == "true"
        raise FactError(messages.FACT_NOT_BOOL, fact.name, name=fact.name, value=value)
    if fact.type == "enum":
        if isinstance(value, str) and value in fact.values:
            return value
        allowed = ", ".join(str(v) for v in fact.values)
        raise FactError(messages.FACT_NOT_IN_VALUES, fact.name, name=fact.name, allowed=allowed, value=value)
    if fact.type == "int":
        return _coerce_int(fact, value)
    parsers = {
        "contract": Contract.parse,
        "seat": Seat.parse,
        "vulnerability": Vulnerability.parse,
        "hand": Hand.parse,
    }
    parser = parsers.get(fact.type)
    if parser is None:  # pragma: no cover - the validator rejects other types
        raise FactError(messages.FACT_UNKNOWN_TYPE, fact.name, name=fact.name, type=fact.type)
    if not isinstance(value, str):
        raise FactError(messages.FACT_NOT_TEXT, fact.name, name=fact.name, value=value)
    try:
        return parser(value, field=fact.name)
    except EngineError as exc:
        raise FactError(exc.template, fact.name, **exc.params) from exc


def normalise_facts(tree: Tree, facts: Mapping[str, object]) -> dict[str, object]:
    """Every given fact checked and converted; None counts as not given. Undeclared names → FactError."""
    normalised: dict[str, object] = {}
    for name, value in facts.items():
        fact = tree.fact(name) if isinstance(name, str) else None
        if fact is None:
            raise FactError(messages.FACT_UNDECLARED, str(name), name=name, tree=tree.slug)
        if value is None:
            continue
        normalised[name] = coerce_fact(fact, value)
    return normalised


def evaluate(tree: Tree, facts: Mapping[str, object]) -> Evaluation:
    """The ruling ``facts`` lead to, or the first missing fact on their path as the next question.

    Facts off the path are checked but otherwise ignored; optional inputs feed the leaf's computations.
    """
    given = normalise_facts(tree, facts)
    path: list[Step] = []
    node = tree.node(tree.start)
    seen: set[str] = set()
    while isinstance(node, QuestionNode):
        if node.id in seen:  # pragma: no cover - the validator rejects cycles
            raise ValueError(f"cycle at node {node.id!r} of tree {tree.slug!r}")
        seen.add(node.id)
        fact = tree.fact(node.fact)
        assert fact is not None
        if fact.name not in given:
            return _result(tree, path, question=_question(node, fact))
        value = given[fact.name]
        assert isinstance(value, bool | str | int)
        path.append(Step(fact.name, value))
        target = node.next_node(value)
        if target is None:  # pragma: no cover - the validator rejects questions without every branch
            raise ValueError(f"node {node.id!r} of tree {tree.slug!r} has no branch for {value!r}")
        node = tree.node(target)
    if not isinstance(node, Leaf):  # pragma: no cover - the validator rejects dangling branches
        raise ValueError(f"tree {tree.slug!r} has a branch to a missing node")
    return _result(tree, path, ruling=_ruling(tree, node, path, given))


def _question(node: QuestionNode, fact: Fact) -> Question:
    assert fact.text is not None
    return Question(
        node=node.id,
        fact=fact.name,
        type=fact.type,
        text=fact.text,
        help=fact.help,
        laws=fact.laws,
        options=fact.options,
        minimum=fact.minimum,
        maximum=fact.maximum,
    )


def _ruling(tree: Tree, leaf: Leaf, path: list[Step], given: Mapping[str, object]) -> Ruling:
    # A computation sees only the facts answered on the path and the optional inputs: extra facts are ignored.
    visible: dict[str, object] = {step.fact: step.value for step in path}
    for fact in tree.facts:
        if fact.optional and fact.name in given:
            visible[fact.name] = given[fact.name]
    context_facts = MappingProxyType(visible)
    outcome: dict[str, object] = {}
    values = dict(leaf.outcome)
    for spec in tree.outcome_fields:
        value = values[spec.name]
        if isinstance(value, Compute):
            computation = COMPUTATIONS[value.name]
            value = computation.function(ComputeContext(context_facts, MappingProxyType(dict(outcome))))
        elif spec.type == "enum" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        outcome[spec.name] = value
    script = Text(_fill(leaf.script.zh, outcome), _fill(leaf.script.en, outcome))
    return Ruling(leaf=leaf.id, outcome=MappingProxyType(outcome), script=script, laws=leaf.laws)


def _fill(text: str, outcome: Mapping[str, object]) -> str:
    def replace(match: re.Match[str]) -> str:
        name = match[1]
        if name not in outcome:
            return match[0]
        value = outcome[name]
        return "—" if value is None else str(value)

    return PLACEHOLDER.sub(replace, text)


def _result(
    tree: Tree, path: list[Step], *, ruling: Ruling | None = None, question: Question | None = None
) -> Evaluation:
    return Evaluation(
        tree=tree.slug,
        version=tree.version,
        edition=tree.edition,
        status="ruling" if ruling is not None else "question",
        path=tuple(path),
        ruling=ruling,
        question=question,
    )
