"""Read decision trees from YAML files (``fixtures/trees/<slug>.yaml``) or plain mappings.

Schema (all keys at the top level; see ``fixtures/trees/*.yaml`` for full examples)::

    slug: revoke                 # optional in a file (defaults to the file name); must match it
    edition: ccba-1999
    version: 1                   # bump when a ruling could change, so logged rulings can be replayed
    title: 藏牌                  # Chinese
    title_en: Revoke
    laws: ["61", "62", "63", "64"]
    description: {zh: ..., en: ...}                  # optional
    group: auction | play | judgement | other        # optional (other): the wizard lists trees by phase
    order: 10                                        # optional (100): position within the group
    keywords: [越序叫牌, bid out of turn, yuexu]       # optional: names directors use; search offers the tree
    rare_group: [fact, ...]      # optional: rare yes/no exceptions a walk asks together on one screen
    facts:
      <name>:
        type: bool | enum | int | contract | seat | vulnerability | hand
        optional: true           # a computation input, never asked (any type)
        text: {zh: ..., en: ...} # the question
        help: {zh: ..., en: ...} # how to decide it, with law refs
        laws: [64A2]             # refs the help relies on
        options:                 # enum (required) and bool (optional; default 是/否, Yes/No)
          - {value: declarer, zh: 庄家, en: Declarer}
        min: 0                   # int
        max: 12                  # int, optional
    outcome_fields:
      <name>: {type: bool | enum | int, values: [...], min: 0, max: 2, nullable: true}
    start: <node id>
    nodes:
      <question id>:
        ask: <fact>
        branches: {true: <node>, false: <node>}      # bool and enum facts: one per allowed value
        ranges: [{min: 0, max: 0, next: <node>}]     # int facts, and/or
        default: <node>                              # int facts: every value no range covers
      <leaf id>:
        outcome: {<field>: <value or {compute: <name>}>, ...}
        script: {zh: ..., en: ...}
        laws: [27B2, "26", "23"]

Loading checks shapes only; :func:`~.validation.validate` checks meaning (and :func:`load_tree` calls it unless
``check=False``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import yaml

from .model import (
    DEFAULT_BOOL_OPTIONS,
    GROUPS,
    Compute,
    Fact,
    IntRange,
    Leaf,
    Node,
    Option,
    OutcomeField,
    QuestionNode,
    Text,
    Tree,
    TreeError,
)
from .validation import validate

TREE_SUFFIXES = (".yaml", ".yml")


class _Problems:
    """Collects every shape problem so one TreeError lists them all."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, message: str) -> None:
        self.items.append(message)


def load_tree(
    source: str | Path | Mapping[str, Any],
    known_refs: Collection[str] | None = None,
    *,
    check: bool = True,
) -> Tree:
    """Build a :class:`Tree` from a YAML file path or an already-parsed mapping.

    Raises :class:`TreeError` listing every problem. With ``check`` (the default) the tree is also validated
    (law references against ``known_refs`` when given).
    """
    slug_hint: str | None = None
    if isinstance(source, Mapping):
        data: object = source
    else:
        path = Path(source)
        slug_hint = path.stem
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise TreeError([f"cannot read {path}: {exc}"], tree=slug_hint) from exc
    tree = _build_tree(data, slug_hint)
    if check:
        validate(tree, known_refs)
    return tree


def load_trees(folder: str | Path, known_refs: Collection[str] | None = None) -> dict[str, Tree]:
    """Every tree in ``folder`` (``*.yaml``/``*.yml``), by slug, each validated."""
    trees: dict[str, Tree] = {}
    for path in sorted(Path(folder).iterdir()):
        if path.suffix in TREE_SUFFIXES and path.is_file():
            tree = load_tree(path, known_refs)
            if tree.slug in trees:
                raise TreeError([f"two trees have the slug {tree.slug!r}"], tree=tree.slug)
            trees[tree.slug] = tree
    return trees


def _build_tree(data: object, slug_hint: str | None) -> Tree:
    problems = _Problems()
    if not isinstance(data, Mapping):
        raise TreeError(["a tree must be a mapping of keys (slug, edition, facts, nodes…)"], tree=slug_hint)
    slug = data.get("slug", slug_hint)
    if not isinstance(slug, str) or not slug:
        problems.add("slug: missing (give it, or load the tree from <slug>.yaml)")
        slug = slug_hint or "?"
    elif slug_hint is not None and slug != slug_hint:
        problems.add(f"slug: {slug!r} does not match the file name {slug_hint!r}")
    edition = _string(data.get("edition"), "edition", problems)
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        problems.add(f"version: must be a whole number from 1, not {version!r}")
        version = 0
    title = _string(data.get("title"), "title", problems)
    title_en = _string(data.get("title_en"), "title_en", problems)
    laws = _refs(data.get("laws"), "laws", problems, required=True)
    description = None
    if data.get("description") is not None:
        description = _text(data.get("description"), "description", problems)
    group = data.get("group", "other")
    if group not in GROUPS:
        problems.add(f"group: must be one of {', '.join(GROUPS)}, not {group!r}")
        group = "other"
    order = data.get("order", 100)
    if isinstance(order, bool) or not isinstance(order, int):
        problems.add(f"order: must be a whole number, not {order!r}")
        order = 100
    keywords: list[str] = []
    raw_keywords = data.get("keywords", [])
    if not isinstance(raw_keywords, list):
        problems.add("keywords: must be a list of texts")
    else:
        for index, keyword in enumerate(raw_keywords):
            keywords.append(_string(keyword, f"keywords[{index}]", problems))
    facts = _facts(data.get("facts"), problems)
    outcome_fields = _outcome_fields(data.get("outcome_fields"), problems)
    start = _string(data.get("start"), "start", problems)
    facts_by_name = {fact.name: fact for fact in facts}
    rare_group = _rare_group(data.get("rare_group", []), facts_by_name, problems)
    nodes = _nodes(data.get("nodes"), facts_by_name, problems)
    known_keys = {
        "slug",
        "edition",
        "version",
        "title",
        "title_en",
        "laws",
        "description",
        "group",
        "order",
        "keywords",
        "rare_group",
        "facts",
        "outcome_fields",
        "start",
        "nodes",
    }
    for key in data:
        if key not in known_keys:
            problems.add(f"unknown top-level key {key!r}")
    if problems.items:
        raise TreeError(problems.items, tree=slug)
    return Tree(
        slug=slug,
        edition=edition,
        version=version,
        title=title,
        title_en=title_en,
        laws=laws,
        facts=facts,
        outcome_fields=outcome_fields,
        start=start,
        nodes=nodes,
        description=description,
        group=group,
        order=order,
        keywords=tuple(keywords),
        rare_group=rare_group,
    )


def _rare_group(value: object, facts: Mapping[str, Fact], problems: _Problems) -> tuple[str, ...]:
    """The rare exceptions asked on one screen: yes/no facts the tree declares, each named once."""
    if not isinstance(value, list):
        problems.add("rare_group: must be a list of fact names")
        return ()
    names: list[str] = []
    for index, name in enumerate(value):
        fact = facts.get(name) if isinstance(name, str) else None
        if fact is None or fact.type != "bool" or fact.optional:
            problems.add(f"rare_group[{index}]: {name!r} is not a yes/no question of the tree")
        elif name in names:
            problems.add(f"rare_group[{index}]: {name!r} is named twice")
        else:
            names.append(name)
    return tuple(names)


def _string(value: object, where: str, problems: _Problems) -> str:
    if not isinstance(value, str) or not value.strip():
        hint = " (YAML reads yes/no/on/off as booleans: quote the text)" if isinstance(value, bool) else ""
        problems.add(f"{where}: must be non-empty text, not {value!r}{hint}")
        return ""
    return value


def _text(value: object, where: str, problems: _Problems) -> Text:
    if not isinstance(value, Mapping):
        problems.add(f"{where}: must be a mapping with zh and en texts")
        return Text("", "")
    extra = set(value) - {"zh", "en"}
    if extra:
        problems.add(f"{where}: unknown language key(s) {sorted(map(str, extra))}")
    return Text(
        _string(value.get("zh"), f"{where}.zh", problems).strip(),
        _string(value.get("en"), f"{where}.en", problems).strip(),
    )


def _refs(value: object, where: str, problems: _Problems, *, required: bool = False) -> tuple[str, ...]:
    """Law references; bare law numbers may be written as YAML integers (``26``)."""
    if value is None and not required:
        return ()
    if not isinstance(value, list) or (required and not value):
        problems.add(f"{where}: must be a non-empty list of law references")
        return ()
    refs: list[str] = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, str | int):
            problems.add(f"{where}: {item!r} is not a law reference")
            continue
        refs.append(str(item).strip())
    return tuple(refs)


def _optional_int(value: object, where: str, problems: _Problems) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(f"{where}: must be a whole number, not {value!r}")
        return None
    return value


def _bool_value(value: object) -> bool | None:
    """A bool option or branch key: YAML true/false, or the strings "true"/"false" (from JSON keys)."""
    if isinstance(value, bool):
        return value
    if value in ("true", "false"):
        return value == "true"
    return None


def _facts(value: object, problems: _Problems) -> tuple[Fact, ...]:
    if not isinstance(value, Mapping) or not value:
        problems.add("facts: must be a mapping of fact names to declarations")
        return ()
    facts: list[Fact] = []
    allowed_keys = {"type", "optional", "text", "help", "laws", "options", "min", "max"}
    for name, spec in value.items():
        where = f"facts.{name}"
        if not isinstance(name, str) or not name:
            problems.add(f"facts: fact names must be text, not {name!r}")
            continue
        if not isinstance(spec, Mapping):
            problems.add(f"{where}: must be a mapping (type, text, help, options…)")
            continue
        for key in spec:
            if key not in allowed_keys:
                problems.add(f"{where}: unknown key {key!r}")
        fact_type = spec.get("type")
        if not isinstance(fact_type, str):
            problems.add(f"{where}.type: missing")
            fact_type = ""
        optional = spec.get("optional", False)
        if not isinstance(optional, bool):
            problems.add(f"{where}.optional: must be true or false")
            optional = False
        text = _text(spec["text"], f"{where}.text", problems) if spec.get("text") is not None else None
        help_text = _text(spec["help"], f"{where}.help", problems) if spec.get("help") is not None else None
        options = _options(spec.get("options"), fact_type, where, problems)
        facts.append(
            Fact(
                name=name,
                type=fact_type,
                text=text,
                help=help_text,
                laws=_refs(spec.get("laws"), f"{where}.laws", problems),
                options=options,
                minimum=_optional_int(spec.get("min"), f"{where}.min", problems),
                maximum=_optional_int(spec.get("max"), f"{where}.max", problems),
                optional=optional,
            )
        )
    return tuple(facts)


def _options(value: object, fact_type: str, where: str, problems: _Problems) -> tuple[Option, ...]:
    if value is None:
        return DEFAULT_BOOL_OPTIONS if fact_type == "bool" else ()
    if not isinstance(value, list):
        problems.add(f"{where}.options: must be a list of {{value, zh, en}}")
        return ()
    options: list[Option] = []
    for index, item in enumerate(value):
        item_where = f"{where}.options[{index}]"
        if not isinstance(item, Mapping) or "value" not in item:
            problems.add(f"{item_where}: must be a mapping with value, zh and en")
            continue
        raw = item["value"]
        option_value: bool | str
        if fact_type == "bool":
            parsed = _bool_value(raw)
            if parsed is None:
                problems.add(f"{item_where}: a bool option's value must be true or false, not {raw!r}")
                continue
            option_value = parsed
        elif isinstance(raw, str) and raw:
            option_value = raw
        else:
            problems.add(f"{item_where}: an enum value must be text, not {raw!r} (quote it in YAML)")
            continue
        label = _text({k: v for k, v in item.items() if k != "value"}, item_where, problems)
        options.append(Option(option_value, label))
    return tuple(options)


def _outcome_fields(value: object, problems: _Problems) -> tuple[OutcomeField, ...]:
    if not isinstance(value, Mapping) or not value:
        problems.add("outcome_fields: must be a mapping of field names to declarations")
        return ()
    fields: list[OutcomeField] = []
    for name, spec in value.items():
        where = f"outcome_fields.{name}"
        if not isinstance(spec, Mapping):
            problems.add(f"{where}: must be a mapping (type, values…)")
            continue
        for key in spec:
            if key not in {"type", "values", "min", "max", "nullable"}:
                problems.add(f"{where}: unknown key {key!r}")
        raw_values = spec.get("values", [])
        values: list[str] = []
        if not isinstance(raw_values, list):
            problems.add(f"{where}.values: must be a list")
        else:
            for item in raw_values:
                if isinstance(item, bool) or not isinstance(item, str | int):
                    problems.add(f"{where}.values: {item!r} is not text")
                else:
                    values.append(str(item))
        nullable = spec.get("nullable", False)
        if not isinstance(nullable, bool):
            problems.add(f"{where}.nullable: must be true or false")
            nullable = False
        field_type = spec.get("type")
        if not isinstance(field_type, str):
            problems.add(f"{where}.type: missing")
            field_type = ""
        fields.append(
            OutcomeField(
                name=str(name),
                type=field_type,
                values=tuple(values),
                minimum=_optional_int(spec.get("min"), f"{where}.min", problems),
                maximum=_optional_int(spec.get("max"), f"{where}.max", problems),
                nullable=nullable,
            )
        )
    return tuple(fields)


def _nodes(value: object, facts: Mapping[str, Fact], problems: _Problems) -> tuple[Node, ...]:
    if not isinstance(value, Mapping) or not value:
        problems.add("nodes: must be a mapping of node ids to questions and leaves")
        return ()
    nodes: list[Node] = []
    for node_id, spec in value.items():
        where = f"nodes.{node_id}"
        if not isinstance(node_id, str) or not node_id:
            problems.add(f"nodes: node ids must be text, not {node_id!r}")
            continue
        if not isinstance(spec, Mapping):
            problems.add(f"{where}: must be a question (ask, branches) or a leaf (outcome, script, laws)")
            continue
        is_question = "ask" in spec
        is_leaf = "outcome" in spec
        if is_question == is_leaf:
            problems.add(
                f"{where}: must have either 'ask' (a question) or 'outcome' (a leaf), not both or neither"
            )
            continue
        if is_question:
            nodes.append(_question(node_id, spec, facts, where, problems))
        else:
            nodes.append(_leaf(node_id, spec, where, problems))
    return tuple(nodes)


def _branch_value(key: object, fact: Fact | None, where: str, problems: _Problems) -> bool | str | None:
    """A branch's key as the asked fact's value: true/false for a bool fact, else the text as written."""
    if fact is not None and fact.type == "bool":
        parsed = _bool_value(key)
        if parsed is None:
            problems.add(f"{where}.branches: {key!r} is not true or false")
        return parsed
    if isinstance(key, bool | str):
        return key
    problems.add(f"{where}.branches: {key!r} is not a value (quote it in YAML)")
    return None


def _branches(
    raw_branches: object, fact: Fact | None, where: str, problems: _Problems
) -> list[tuple[bool | str, str]]:
    """A question's ``branches``: each value of its fact mapped to a node id."""
    branches: list[tuple[bool | str, str]] = []
    if raw_branches is None:
        return branches
    if not isinstance(raw_branches, Mapping):
        problems.add(f"{where}.branches: must map each value to a node id")
        return branches
    for key, target in raw_branches.items():
        if not isinstance(target, str) or not target:
            problems.add(f"{where}.branches[{key!r}]: must name a node, not {target!r}")
            continue
        branch_value = _branch_value(key, fact, where, problems)
        if branch_value is not None:
            branches.append((branch_value, target))
    return branches


def _range(item: object, item_where: str, problems: _Problems) -> IntRange | None:
    """One ``{min, max, next}`` of a number question: min given, max (if given) not below it, next a node."""
    if not isinstance(item, Mapping):
        problems.add(f"{item_where}: must be a mapping {{min, max, next}}")
        return None
    low = _optional_int(item.get("min"), f"{item_where}.min", problems)
    high = _optional_int(item.get("max"), f"{item_where}.max", problems)
    target = item.get("next")
    if low is None:
        problems.add(f"{item_where}.min: missing")
        return None
    if not isinstance(target, str) or not target:
        problems.add(f"{item_where}.next: must name a node")
        return None
    if high is not None and high < low:
        problems.add(f"{item_where}: max {high} is below min {low}")
        return None
    return IntRange(low, high, target)


def _ranges(raw_ranges: object, where: str, problems: _Problems) -> list[IntRange]:
    """A question's ``ranges``: a list of ``{min, max, next}``."""
    if raw_ranges is None:
        return []
    if not isinstance(raw_ranges, list):
        problems.add(f"{where}.ranges: must be a list of {{min, max, next}}")
        return []
    ranges = (_range(item, f"{where}.ranges[{index}]", problems) for index, item in enumerate(raw_ranges))
    return [branch for branch in ranges if branch is not None]


def _question(
    node_id: str, spec: Mapping[str, Any], facts: Mapping[str, Fact], where: str, problems: _Problems
) -> QuestionNode:
    for key in spec:
        if key not in {"ask", "branches", "ranges", "default"}:
            problems.add(f"{where}: unknown key {key!r}")
    fact_name = spec.get("ask")
    if not isinstance(fact_name, str) or not fact_name:
        problems.add(f"{where}.ask: must name a fact")
        fact_name = ""
    branches = _branches(spec.get("branches"), facts.get(fact_name), where, problems)
    ranges = _ranges(spec.get("ranges"), where, problems)
    default = spec.get("default")
    if default is not None and (not isinstance(default, str) or not default):
        problems.add(f"{where}.default: must name a node")
        default = None
    return QuestionNode(node_id, fact_name, tuple(branches), tuple(ranges), default)


def _leaf(node_id: str, spec: Mapping[str, Any], where: str, problems: _Problems) -> Leaf:
    for key in spec:
        if key not in {"outcome", "script", "laws"}:
            problems.add(f"{where}: unknown key {key!r}")
    raw_outcome = spec.get("outcome")
    outcome: list[tuple[str, object]] = []
    if not isinstance(raw_outcome, Mapping):
        problems.add(f"{where}.outcome: must map outcome fields to values")
    else:
        for name, value in raw_outcome.items():
            if isinstance(value, Mapping):
                compute = value.get("compute")
                if set(value) != {"compute"} or not isinstance(compute, str):
                    problems.add(f"{where}.outcome.{name}: a computed value is written {{compute: <name>}}")
                    continue
                outcome.append((str(name), Compute(compute)))
            else:
                outcome.append((str(name), value))
    script = _text(spec.get("script"), f"{where}.script", problems)
    laws = _refs(spec.get("laws"), f"{where}.laws", problems, required=True)
    return Leaf(node_id, tuple(outcome), script, laws)
