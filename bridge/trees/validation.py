"""The tree validator (docs/design.md §4): run at load and in tests, it lists every problem it finds.

It checks that every law reference resolves (when the edition's references are given), every fact a question
asks is declared with its type and allowed values, each question branches on exactly those values (so every
path ends at a leaf), no node is unreachable, there is no cycle, no fact is asked twice on one path, and every
leaf carries exactly the tree's outcome fields with valid values.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from .computations import COMPUTATIONS
from .model import (
    ASKABLE_FACT_TYPES,
    INPUT_FACT_TYPES,
    OUTCOME_FIELD_TYPES,
    PLACEHOLDER,
    RESERVED_RULING_KEYS,
    Compute,
    Fact,
    IntRange,
    Leaf,
    OutcomeField,
    QuestionNode,
    Tree,
    TreeError,
)

REF_PATTERN = re.compile(r"^[1-9]\d?(?:[A-Z](?:\d+[a-z]?)?)?$")
"""A stable reference: law ``27``, section ``27B``, subsection ``27B1``, item ``27B1a`` (docs/design.md §2)."""
MAX_PATHS = 100_000
"""Path enumeration guard: the trees are small; a blow-up means a malformed tree."""


def validate(tree: Tree, known_refs: Collection[str] | None = None) -> None:
    """Raise :class:`TreeError` listing every problem of ``tree``; return None when it is sound.

    ``known_refs`` is the set of references of the edition (law numbers and section/subsection refs, e.g. from
    :meth:`laws.outline.Outline.all_refs`); without it only the shape of references is checked.
    """
    problems = list(_problems(tree, known_refs))
    if problems:
        raise TreeError(problems, tree=tree.slug)


def _problems(tree: Tree, known_refs: Collection[str] | None) -> Iterator[str]:
    yield from _check_refs(tree, known_refs)
    yield from _check_facts(tree)
    yield from _check_outcome_fields(tree)
    for node in tree.nodes:
        if isinstance(node, QuestionNode):
            yield from _check_question(tree, node)
        else:
            yield from _check_leaf(tree, node)
    graph_problems = list(_check_graph(tree))
    yield from graph_problems
    if not graph_problems:
        yield from _check_paths(tree)


def _check_refs(tree: Tree, known_refs: Collection[str] | None) -> Iterator[str]:
    cited: list[tuple[str, str]] = [("laws", ref) for ref in tree.laws]
    cited += [(f"facts.{fact.name}.laws", ref) for fact in tree.facts for ref in fact.laws]
    cited += [(f"nodes.{leaf.id}.laws", ref) for leaf in tree.leaves for ref in leaf.laws]
    for where, ref in cited:
        if not REF_PATTERN.match(ref):
            yield f"{where}: {ref!r} is not a law reference (write 27, 27B, 27B1 or 27B1a)"
        elif known_refs is not None and ref not in known_refs:
            yield f"{where}: reference {ref!r} does not resolve to an article of edition {tree.edition!r}"


def _check_fact_shape(fact: Fact, where: str) -> Iterator[str]:
    """A fact's options fit its type (enum: two or more distinct values; bool: true and false; others none),
    and only an int fact has a min (required) and max (not below min)."""
    if fact.type == "enum":
        values = fact.values
        if len(values) < 2:
            yield f"{where}: an enum fact needs at least two allowed values"
        if len(set(values)) != len(values):
            yield f"{where}: duplicate enum values"
    elif fact.type == "bool":
        if sorted(fact.values) != [False, True]:
            yield f"{where}: a bool fact's options must be exactly true and false"
    elif fact.options:
        yield f"{where}: only bool and enum facts have options"
    if fact.type == "int":
        if fact.minimum is None:
            yield f"{where}: an int fact needs a min"
        elif fact.maximum is not None and fact.maximum < fact.minimum:
            yield f"{where}: max {fact.maximum} is below min {fact.minimum}"
    elif fact.minimum is not None or fact.maximum is not None:
        yield f"{where}: only int facts have min and max"


def _check_facts(tree: Tree) -> Iterator[str]:
    asked = {node.fact for node in tree.questions}
    for fact in tree.facts:
        where = f"facts.{fact.name}"
        if fact.type not in INPUT_FACT_TYPES:
            yield f"{where}: type {fact.type!r} is not one of bool, enum, int (or, for inputs, contract, seat, vulnerability, hand)"
            continue
        yield from _check_fact_shape(fact, where)
        if fact.optional:
            if fact.name in asked:
                yield f"{where}: an optional input is never asked, but a question asks it"
            continue
        if fact.type not in ASKABLE_FACT_TYPES:
            yield f"{where}: a {fact.type} fact can only be an optional input (optional: true)"
        if fact.name not in asked:
            yield f"{where}: declared but no question asks it (mark computation inputs optional: true)"
        if fact.text is None:
            yield f"{where}: a fact that is asked needs question text (text: {{zh, en}})"
        if fact.help is None:
            yield f"{where}: a fact that is asked needs help text (help: {{zh, en}})"


def _check_outcome_fields(tree: Tree) -> Iterator[str]:
    for spec in tree.outcome_fields:
        where = f"outcome_fields.{spec.name}"
        if spec.name in RESERVED_RULING_KEYS:
            yield f"{where}: {spec.name!r} is reserved (every ruling has leaf, script and laws)"
        if spec.type not in OUTCOME_FIELD_TYPES:
            yield f"{where}: type {spec.type!r} is not one of bool, enum, int"
        if spec.type == "enum" and not spec.values:
            yield f"{where}: an enum field needs values"
        if spec.type != "enum" and spec.values:
            yield f"{where}: only enum fields have values"


def _check_question(tree: Tree, node: QuestionNode) -> Iterator[str]:
    where = f"nodes.{node.id}"
    fact = tree.fact(node.fact)
    for target in node.targets:
        if tree.node(target) is None:
            yield f"{where}: dead end — branches to missing node {target!r}"
    if fact is None:
        yield f"{where}: asks undeclared fact {node.fact!r}"
        return
    if fact.optional or fact.type not in ASKABLE_FACT_TYPES:
        yield f"{where}: asks {fact.name!r}, which is not a bool, enum or int question"
        return
    if fact.type == "int":
        yield from _check_int_branches(where, fact, node)
        return
    if node.ranges or node.default is not None:
        yield f"{where}: only int questions have ranges or a default; {fact.type} questions branch on each value"
    keys = [value for value, _ in node.branches]
    for value in fact.values:
        if keys.count(value) == 0:
            yield f"{where}: dead end — no branch for {_show(value)} of {fact.name!r}"
        elif keys.count(value) > 1:
            yield f"{where}: two branches for {_show(value)}"
    allowed = set(fact.values)
    for value in keys:
        if value not in allowed or not any(type(value) is type(v) for v in fact.values):
            yield f"{where}: branch for {_show(value)}, which is not an allowed value of {fact.name!r}"


def _check_int_branches(where: str, fact: Fact, node: QuestionNode) -> Iterator[str]:
    if node.branches:
        yield f"{where}: an int question branches by ranges (min/max) or a default, not by values"
    low = fact.minimum if fact.minimum is not None else 0
    high = fact.maximum
    ordered = sorted(node.ranges, key=lambda branch: branch.low)
    for branch in ordered:
        if branch.low < low or (high is not None and (branch.low > high or (branch.high or 0) > high)):
            yield f"{where}: range {_show_range(branch)} is outside {fact.name!r} ({_show_bounds(low, high)})"
    for first, second in zip(ordered, ordered[1:], strict=False):
        if first.high is None or first.high >= second.low:
            yield f"{where}: ranges {_show_range(first)} and {_show_range(second)} overlap"
    gaps = _uncovered(low, high, ordered)
    if gaps and node.default is None:
        shown = ", ".join(_show_bounds(a, b) for a, b in gaps)
        yield f"{where}: dead end — no branch for {fact.name!r} in {shown} (add a range or a default)"
    if not gaps and node.default is not None:
        yield f"{where}: the default branch is unreachable (the ranges cover every value)"


def _uncovered(low: int, high: int | None, ranges: list[IntRange]) -> list[tuple[int, int | None]]:
    """The value intervals of [low, high] no range covers."""
    gaps: list[tuple[int, int | None]] = []
    cursor: int | None = low
    for branch in ranges:
        if cursor is None:
            break
        if branch.low > cursor:
            end = branch.low - 1 if high is None else min(branch.low - 1, high)
            if end >= cursor:
                gaps.append((cursor, end))
        if branch.high is None:
            cursor = None
        else:
            cursor = max(cursor, branch.high + 1)
    if cursor is not None and (high is None or cursor <= high):
        gaps.append((cursor, high))
    return gaps


def _check_leaf(tree: Tree, leaf: Leaf) -> Iterator[str]:
    where = f"nodes.{leaf.id}"
    declared = [spec.name for spec in tree.outcome_fields]
    given = [name for name, _ in leaf.outcome]
    missing = [name for name in declared if name not in given]
    extra = [name for name in given if name not in declared]
    if missing:
        yield f"{where}: outcome lacks field(s) {', '.join(missing)}"
    if extra:
        yield f"{where}: outcome has undeclared field(s) {', '.join(extra)}"
    if not leaf.laws:
        yield f"{where}: a ruling must cite its laws"
    for placeholder in PLACEHOLDER.findall(leaf.script.zh + "\n" + leaf.script.en):
        if placeholder not in declared:
            yield f"{where}.script: placeholder {{{placeholder}}} is not an outcome field"
    specs = {spec.name: spec for spec in tree.outcome_fields}
    for name, value in leaf.outcome:
        spec = specs.get(name)
        if spec is None:
            continue
        if isinstance(value, Compute):
            yield from _check_compute(tree, leaf, spec, value, declared)
        else:
            problem = _literal_problem(spec, value)
            if problem:
                yield f"{where}.outcome.{name}: {problem}"


def _literal_problem(spec: OutcomeField, value: object) -> str | None:
    if value is None:
        return None if spec.nullable else "null is not allowed (declare the field nullable)"
    if spec.type == "bool":
        return None if isinstance(value, bool) else f"{value!r} is not true or false"
    if spec.type == "enum":
        if isinstance(value, bool) or not isinstance(value, str | int):
            return f"{value!r} is not one of {', '.join(spec.values)}"
        return None if str(value) in spec.values else f"{value!r} is not one of {', '.join(spec.values)}"
    if spec.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{value!r} is not a whole number"
        if spec.minimum is not None and value < spec.minimum:
            return f"{value} is below the minimum {spec.minimum}"
        if spec.maximum is not None and value > spec.maximum:
            return f"{value} is above the maximum {spec.maximum}"
    return None


def _check_compute(
    tree: Tree, leaf: Leaf, spec: OutcomeField, value: Compute, declared: list[str]
) -> Iterator[str]:
    where = f"nodes.{leaf.id}.outcome.{spec.name}"
    computation = COMPUTATIONS.get(value.name)
    if computation is None:
        yield f"{where}: unknown computation {value.name!r} (known: {', '.join(sorted(COMPUTATIONS))})"
        return
    if computation.result_type != spec.type:
        yield f"{where}: {value.name!r} gives {computation.result_type}, but the field is {spec.type}"
    if computation.nullable and not spec.nullable:
        yield f"{where}: {value.name!r} may give null (missing inputs); declare the field nullable"
    for used in computation.uses:
        if used not in declared or declared.index(used) >= declared.index(spec.name):
            yield f"{where}: {value.name!r} uses field {used!r}, which must be declared before {spec.name!r}"
    for name in computation.requires:
        if tree.fact(name) is None:
            yield f"{where}: {value.name!r} needs fact {name!r}, which the tree does not declare"
    for name, input_type in computation.inputs:
        fact = tree.fact(name)
        if fact is None or not fact.optional or fact.type != input_type:
            yield f"{where}: {value.name!r} reads input {name!r}; declare it optional: true with type {input_type}"


def _check_graph(tree: Tree) -> Iterator[str]:
    ids = [node.id for node in tree.nodes]
    for node_id in sorted({i for i in ids if ids.count(i) > 1}):
        yield f"nodes.{node_id}: declared twice"
    if tree.node(tree.start) is None:
        yield f"start: {tree.start!r} is not a node"
        return
    yield from _cycles(tree)
    reachable = _reachable(tree)
    for node in tree.nodes:
        if node.id not in reachable:
            yield f"nodes.{node.id}: unreachable from start {tree.start!r}"


def _successors(tree: Tree, node_id: str) -> list[str]:
    node = tree.node(node_id)
    if isinstance(node, QuestionNode):
        return [target for target in dict.fromkeys(node.targets) if tree.node(target) is not None]
    return []


def _reachable(tree: Tree) -> set[str]:
    seen = {tree.start}
    stack = [tree.start]
    while stack:
        for target in _successors(tree, stack.pop()):
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


def _cycles(tree: Tree) -> Iterator[str]:
    """Every cycle, reported once by the node that closes it (iterative DFS with colours)."""
    white, grey, black = 0, 1, 2
    colour = {node.id: white for node in tree.nodes}
    for root in [tree.start] + [node.id for node in tree.nodes]:
        if colour[root] != white:
            continue
        trail = [root]
        colour[root] = grey
        stack = [iter(_successors(tree, root))]
        while stack:
            target = next(stack[-1], None)
            if target is None:
                colour[trail.pop()] = black
                stack.pop()
                continue
            if colour[target] == grey:
                loop = trail[trail.index(target) :] + [target]
                yield f"nodes.{trail[-1]}: cycle {' → '.join(loop)}"
            elif colour[target] == white:
                colour[target] = grey
                trail.append(target)
                stack.append(iter(_successors(tree, target)))


def _check_paths(tree: Tree) -> Iterator[str]:
    """Walk every path: no fact asked twice on one path, and computed fields find the facts they need."""
    reported: set[str] = set()
    count = 0
    stack: list[tuple[str, frozenset[str], tuple[str, ...]]] = [(tree.start, frozenset(), ())]
    while stack:
        node_id, asked, trail = stack.pop()
        count += 1
        if count > MAX_PATHS:
            yield f"more than {MAX_PATHS} paths; the tree is too large to check"
            return
        node = tree.node(node_id)
        if isinstance(node, QuestionNode):
            if node.fact in asked:
                message = (
                    f"nodes.{node.id}: asks {node.fact!r} again on the path {' → '.join(trail + (node.id,))}"
                    " (some of its branches can never be taken)"
                )
                if message not in reported:
                    reported.add(message)
                    yield message
                continue
            for target in dict.fromkeys(node.targets):
                if tree.node(target) is not None:
                    stack.append((target, asked | {node.fact}, trail + (node.id,)))
        elif isinstance(node, Leaf):
            for name, value in node.outcome:
                if not isinstance(value, Compute) or value.name not in COMPUTATIONS:
                    continue
                for needed in COMPUTATIONS[value.name].requires:
                    if needed not in asked:
                        message = (
                            f"nodes.{node.id}.outcome.{name}: {value.name!r} needs fact {needed!r}, "
                            f"not asked on the path {' → '.join(trail + (node.id,))}"
                        )
                        if message not in reported:
                            reported.add(message)
                            yield message


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _show_range(branch: IntRange) -> str:
    return _show_bounds(branch.low, branch.high)


def _show_bounds(low: int, high: int | None) -> str:
    return f"{low}–{high}" if high is not None else f"{low} and up"
