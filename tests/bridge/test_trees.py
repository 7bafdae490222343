"""The decision-tree model, loader, validator and evaluator, on small trees built in code and on the fixtures."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from bridge.errors import EngineError
from bridge.trees import (
    FactError,
    Tree,
    TreeError,
    evaluate,
    load_tree,
    load_trees,
    validate,
)
from laws.outline import load_outline

ROOT = Path(__file__).resolve().parents[2]
TREES = ROOT / "fixtures" / "trees"
OUTLINE = ROOT / "fixtures" / "outline"
FIXTURE_SLUGS = {
    "insufficient-bid",
    "lead-out-of-turn",
    "revoke",
    "call-out-of-rotation",
    "exposed-card-auction",
    "change-of-call",
    "inadmissible-call",
    "penalty-card",
    "dummy",
    "claim",
    "wrong-cards",
    "unauthorized-information",
    "misinformation",
}


def text(zh: str, en: str) -> dict[str, str]:
    return {"zh": zh, "en": en}


def mini() -> dict[str, Any]:
    """A small sound tree: a bool, an enum and an int question, two leaves."""
    return {
        "slug": "mini",
        "edition": "ccba-1999",
        "version": 1,
        "title": "小树",
        "title_en": "Mini",
        "laws": ["27"],
        "facts": {
            "flag": {
                "type": "bool",
                "text": text("是否？", "Flag?"),
                "help": text("帮助", "Help"),
                "laws": ["27A"],
            },
            "colour": {
                "type": "enum",
                "text": text("颜色？", "Colour?"),
                "help": text("帮助", "Help"),
                "options": [
                    {"value": "red", "zh": "红", "en": "Red"},
                    {"value": "blue", "zh": "蓝", "en": "Blue"},
                ],
            },
            "count": {
                "type": "int",
                "min": 0,
                "max": 5,
                "text": text("几个？", "How many?"),
                "help": text("帮助", "Help"),
            },
        },
        "outcome_fields": {"rule": {"type": "enum", "values": ["27A", "27B"]}, "bar": {"type": "bool"}},
        "start": "q_flag",
        "nodes": {
            "q_flag": {"ask": "flag", "branches": {True: "q_colour", False: "leaf_a"}},
            "q_colour": {"ask": "colour", "branches": {"red": "q_count", "blue": "leaf_a"}},
            "q_count": {
                "ask": "count",
                "ranges": [{"min": 0, "max": 1, "next": "leaf_a"}],
                "default": "leaf_b",
            },
            "leaf_a": {
                "outcome": {"rule": "27A", "bar": False},
                "script": text("接受。", "Accepted."),
                "laws": ["27A"],
            },
            "leaf_b": {
                "outcome": {"rule": "27B", "bar": True},
                "script": text("规则 {rule}。", "Rule {rule}."),
                "laws": ["27B"],
            },
        },
    }


REFS = {"27", "27A", "27B", "27B1"}


def problems_of(data: dict[str, Any], known_refs: set[str] | None = REFS) -> tuple[str, ...]:
    with pytest.raises(TreeError) as caught:
        load_tree(data, known_refs)
    return caught.value.problems


# --- loading ---------------------------------------------------------------------------------------------------


def test_mini_tree_loads_and_validates() -> None:
    tree = load_tree(mini(), REFS)
    assert isinstance(tree, Tree)
    assert tree.leaf_ids == {"leaf_a", "leaf_b"}
    assert [fact.name for fact in tree.facts] == ["flag", "colour", "count"]
    assert tree.fact("flag") is not None and tree.fact("flag").values == (True, False)  # type: ignore[union-attr]
    assert tree.references() == ("27", "27A", "27B")


def test_load_trees_reads_every_fixture_by_slug() -> None:
    trees = load_trees(TREES)
    assert set(trees) == FIXTURE_SLUGS
    for slug, tree in trees.items():
        assert tree.slug == slug
        assert tree.edition == "ccba-1999"
        assert isinstance(tree.version, int) and tree.version >= 1
        assert tree.title and tree.title_en and tree.laws


def test_a_file_slug_must_match_its_name(tmp_path: Path) -> None:
    path = tmp_path / "other.yaml"
    path.write_text(json.dumps(mini()), encoding="utf-8")  # JSON is YAML
    with pytest.raises(TreeError) as caught:
        load_tree(path)
    assert any("does not match the file name" in problem for problem in caught.value.problems)


def test_tree_round_trips_through_json() -> None:
    """``Tree.as_dict`` is the API's tree body; loading it back gives the same tree."""
    for tree in load_trees(TREES).values():
        data = json.loads(json.dumps(tree.as_dict(), ensure_ascii=False))
        assert load_tree(data) == tree


def test_unquoted_yaml_no_gets_a_hint(tmp_path: Path) -> None:
    data = mini()
    data["facts"]["colour"]["options"][1]["en"] = False  # what YAML makes of `en: No`
    problems = problems_of(data)
    assert any("quote the text" in problem for problem in problems)


def test_shape_problems_are_all_listed() -> None:
    data = mini()
    data["version"] = "one"
    del data["title_en"]
    data["nodes"]["leaf_a"]["script"] = "no languages"
    problems = problems_of(data)
    assert len(problems) == 3
    assert any(problem.startswith("version") for problem in problems)
    assert any(problem.startswith("title_en") for problem in problems)
    assert any(problem.startswith("nodes.leaf_a.script") for problem in problems)


# --- validation ------------------------------------------------------------------------------------------------


def test_validator_rejects_a_reference_outside_the_edition() -> None:
    data = mini()
    data["nodes"]["leaf_b"]["laws"] = ["27B9"]
    problems = problems_of(data)
    assert problems == (
        "nodes.leaf_b.laws: reference '27B9' does not resolve to an article of edition 'ccba-1999'",
    )


def test_validator_rejects_a_malformed_reference_even_without_known_refs() -> None:
    data = mini()
    data["laws"] = ["Law 27"]
    assert any("is not a law reference" in problem for problem in problems_of(data, known_refs=None))


def test_validator_rejects_a_branch_to_a_missing_node() -> None:
    data = mini()
    data["nodes"]["q_colour"]["branches"]["blue"] = "leaf_nowhere"
    problems = problems_of(data)
    assert any("dead end" in p and "leaf_nowhere" in p for p in problems)


def test_validator_rejects_a_question_without_every_branch() -> None:
    data = mini()
    del data["nodes"]["q_colour"]["branches"]["blue"]
    problems = problems_of(data)
    assert problems == ("nodes.q_colour: dead end — no branch for 'blue' of 'colour'",)


def test_validator_rejects_a_bool_question_without_false() -> None:
    data = mini()
    data["nodes"]["q_flag"]["branches"] = {True: "q_colour"}
    problems = problems_of(data)
    assert "nodes.q_flag: dead end — no branch for false of 'flag'" in problems


def test_validator_rejects_int_ranges_that_leave_a_gap() -> None:
    data = mini()
    del data["nodes"]["q_count"]["default"]
    problems = problems_of(data)
    assert "nodes.q_count: dead end — no branch for 'count' in 2–5 (add a range or a default)" in problems


def test_validator_rejects_overlapping_ranges_and_a_useless_default() -> None:
    data = mini()
    data["nodes"]["q_count"]["ranges"] = [
        {"min": 0, "max": 2, "next": "leaf_a"},
        {"min": 2, "next": "leaf_b"},
    ]
    problems = problems_of(data)
    assert any("overlap" in problem for problem in problems)
    assert any("default branch is unreachable" in problem for problem in problems)


def test_validator_rejects_a_branch_for_an_unknown_value() -> None:
    data = mini()
    data["nodes"]["q_colour"]["branches"]["green"] = "leaf_a"
    assert any("'green', which is not an allowed value" in p for p in problems_of(data))


def test_validator_rejects_an_undeclared_fact() -> None:
    data = mini()
    data["nodes"]["q_colour"]["ask"] = "mystery"
    problems = problems_of(data)
    assert "nodes.q_colour: asks undeclared fact 'mystery'" in problems
    # ...and the declared fact nobody asks any more is reported too.
    assert any(p.startswith("facts.colour: declared but no question asks it") for p in problems)


def test_validator_rejects_a_cycle() -> None:
    data = mini()
    data["nodes"]["q_count"]["default"] = "q_flag"
    problems = problems_of(data)
    assert any("cycle q_flag → q_colour → q_count → q_flag" in problem for problem in problems)


def test_validator_rejects_an_unreachable_node() -> None:
    data = mini()
    data["nodes"]["leaf_orphan"] = copy.deepcopy(data["nodes"]["leaf_a"])
    problems = problems_of(data)
    assert problems == ("nodes.leaf_orphan: unreachable from start 'q_flag'",)


def test_validator_rejects_a_fact_asked_twice_on_one_path() -> None:
    data = mini()
    data["nodes"]["q_colour"]["branches"]["blue"] = "q_flag_again"
    data["nodes"]["q_flag_again"] = {"ask": "flag", "branches": {True: "leaf_a", False: "leaf_b"}}
    assert any("asks 'flag' again" in problem for problem in problems_of(data))


def test_validator_rejects_leaf_outcome_fields_that_differ_from_the_declaration() -> None:
    data = mini()
    del data["nodes"]["leaf_a"]["outcome"]["bar"]
    data["nodes"]["leaf_b"]["outcome"]["colour"] = "red"
    data["nodes"]["leaf_b"]["outcome"]["rule"] = "27Z"
    problems = problems_of(data)
    assert "nodes.leaf_a: outcome lacks field(s) bar" in problems
    assert "nodes.leaf_b: outcome has undeclared field(s) colour" in problems
    assert any(p.startswith("nodes.leaf_b.outcome.rule: '27Z' is not one of") for p in problems)


def test_validator_rejects_unknown_computations_and_placeholders() -> None:
    data = mini()
    data["outcome_fields"]["count"] = {"type": "int"}
    data["nodes"]["leaf_a"]["outcome"]["count"] = {"compute": "nonsense"}
    data["nodes"]["leaf_b"]["outcome"]["count"] = 1
    data["nodes"]["leaf_b"]["script"]["en"] = "Rule {rule}, {missing}."
    problems = problems_of(data)
    assert any("unknown computation 'nonsense'" in problem for problem in problems)
    assert "nodes.leaf_b.script: placeholder {missing} is not an outcome field" in problems


def test_validator_rejects_a_computation_whose_facts_are_not_on_the_path() -> None:
    data = mini()
    data["outcome_fields"]["tricks_transferred"] = {"type": "int"}
    data["facts"]["offender_won_revoke_trick"] = {"type": "bool", "optional": True}
    data["facts"]["offending_side_tricks_after_revoke_trick"] = {"type": "int", "min": 0, "optional": True}
    data["nodes"]["leaf_a"]["outcome"]["tricks_transferred"] = {"compute": "tricks_transferred"}
    data["nodes"]["leaf_b"]["outcome"]["tricks_transferred"] = 0
    problems = problems_of(data)
    assert any("needs fact 'offender_won_revoke_trick', not asked on the path" in p for p in problems)


def test_validator_lists_all_problems_at_once() -> None:
    data = mini()
    data["nodes"]["q_colour"]["ask"] = "mystery"
    data["nodes"]["leaf_orphan"] = copy.deepcopy(data["nodes"]["leaf_a"])
    data["nodes"]["leaf_b"]["laws"] = ["27C"]
    with pytest.raises(TreeError) as caught:
        load_tree(data, REFS)
    assert len(caught.value.problems) >= 3
    message = str(caught.value)
    assert "mystery" in message and "leaf_orphan" in message and "27C" in message
    assert isinstance(caught.value, ValueError)


def test_validate_can_run_separately_from_loading() -> None:
    data = mini()
    data["nodes"]["leaf_b"]["laws"] = ["27B1"]
    tree = load_tree(data, check=False)
    validate(tree, REFS)
    with pytest.raises(TreeError):
        validate(tree, {"27", "27A"})


# --- evaluation ------------------------------------------------------------------------------------------------


@pytest.fixture
def tree() -> Tree:
    return load_tree(mini(), REFS)


def test_no_facts_asks_the_first_question(tree: Tree) -> None:
    result = evaluate(tree, {})
    assert result.status == "question"
    assert result.ruling is None
    assert result.question is not None and result.question.fact == "flag"
    assert result.path == ()
    body = result.as_dict()
    assert body["question"]["options"] == [  # type: ignore[index]
        {"value": True, "label_zh": "是", "label_en": "Yes"},
        {"value": False, "label_zh": "否", "label_en": "No"},
    ]
    assert body["question"]["text"] == {"zh": "是否？", "en": "Flag?"}  # type: ignore[index]
    json.dumps(body)


def test_missing_fact_asks_the_first_missing_one_on_the_path(tree: Tree) -> None:
    result = evaluate(tree, {"flag": True, "count": 3})
    assert result.status == "question"
    assert result.question is not None and result.question.fact == "colour"
    assert [step.as_dict() for step in result.path] == [{"fact": "flag", "value": True}]
    assert [option.value for option in result.question.options] == ["red", "blue"]


def test_int_question_carries_its_bounds(tree: Tree) -> None:
    result = evaluate(tree, {"flag": True, "colour": "red"})
    assert result.question is not None
    assert (result.question.type, result.question.minimum, result.question.maximum) == ("int", 0, 5)
    assert result.question.options == ()


def test_full_facts_give_the_ruling_and_the_path_in_order(tree: Tree) -> None:
    result = evaluate(tree, {"count": 4, "colour": "red", "flag": True})
    assert result.status == "ruling"
    assert result.ruling is not None
    assert result.ruling.leaf == "leaf_b"
    assert dict(result.ruling.outcome) == {"rule": "27B", "bar": True}
    assert result.ruling.script.en == "Rule 27B."
    assert result.as_dict()["path"] == [
        {"fact": "flag", "value": True},
        {"fact": "colour", "value": "red"},
        {"fact": "count", "value": 4},
    ]
    body = result.as_dict()["ruling"]
    assert body == {
        "rule": "27B",
        "bar": True,
        "leaf": "leaf_b",
        "script": {"zh": "规则 27B。", "en": "Rule 27B."},
        "laws": ["27B"],
    }


def test_int_ranges_pick_the_branch(tree: Tree) -> None:
    assert evaluate(tree, {"flag": True, "colour": "red", "count": 1}).ruling.leaf == "leaf_a"  # type: ignore[union-attr]
    assert evaluate(tree, {"flag": True, "colour": "red", "count": 2}).ruling.leaf == "leaf_b"  # type: ignore[union-attr]


def test_url_strings_are_accepted(tree: Tree) -> None:
    result = evaluate(tree, {"flag": "true", "colour": "red", "count": "5"})
    assert result.ruling is not None and result.ruling.leaf == "leaf_b"
    assert result.path[0].value is True and result.path[2].value == 5


def test_extra_facts_off_the_path_are_ignored(tree: Tree) -> None:
    result = evaluate(tree, {"flag": False, "colour": "blue", "count": 5})
    assert result.ruling is not None and result.ruling.leaf == "leaf_a"
    assert [step.fact for step in result.path] == ["flag"]


def test_none_counts_as_not_given(tree: Tree) -> None:
    result = evaluate(tree, {"flag": None})
    assert result.question is not None and result.question.fact == "flag"


@pytest.mark.parametrize(
    ("facts", "fact"),
    [
        pytest.param({"flag": "yes"}, "flag", id="bool-as-word"),
        pytest.param({"flag": 1}, "flag", id="bool-as-number"),
        pytest.param({"flag": "True"}, "flag", id="bool-string-wrong-case"),
        pytest.param({"flag": True, "colour": "green"}, "colour", id="enum-unknown-value"),
        pytest.param({"flag": True, "colour": True}, "colour", id="enum-not-text"),
        pytest.param({"flag": True, "colour": "red", "count": -1}, "count", id="int-below-min"),
        pytest.param({"flag": True, "colour": "red", "count": 6}, "count", id="int-above-max"),
        pytest.param({"flag": True, "colour": "red", "count": True}, "count", id="int-as-bool"),
        pytest.param({"flag": True, "colour": "red", "count": 2.0}, "count", id="int-as-float"),
        pytest.param({"flag": True, "colour": "red", "count": "two"}, "count", id="int-as-word"),
        pytest.param({"flag": False, "colour": "green"}, "colour", id="off-path-facts-are-still-checked"),
        pytest.param({"flag": True, "shoe_size": 9}, "shoe_size", id="undeclared-fact"),
    ],
)
def test_wrong_facts_raise_fact_error_naming_the_fact(
    tree: Tree, facts: dict[str, object], fact: str
) -> None:
    with pytest.raises(FactError) as caught:
        evaluate(tree, facts)
    assert caught.value.fact == fact
    assert caught.value.field == fact
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, EngineError)
    assert caught.value.as_dict()["field"] == fact


# --- fixtures against the outline ------------------------------------------------------------------------------


def _laws_cited(tree: Tree) -> set[int]:
    return {int("".join(ch for ch in ref[:2] if ch.isdigit())) for ref in tree.references()}


@pytest.mark.parametrize("slug", sorted(FIXTURE_SLUGS))
def test_fixture_tree_references_resolve_in_the_outline(slug: str) -> None:
    tree = load_tree(TREES / f"{slug}.yaml")
    outline = load_outline(OUTLINE)
    assert _laws_cited(tree) <= set(outline.laws)
    validate(tree, outline.all_refs())


@pytest.mark.parametrize("slug", sorted(FIXTURE_SLUGS))
def test_fixture_tree_leaves_cite_their_rule(slug: str) -> None:
    """Each leaf's laws include (a subsection of) the rule it reports."""
    tree = load_tree(TREES / f"{slug}.yaml")
    for leaf in tree.leaves:
        rule = str(dict(leaf.outcome)["rule"])
        assert any(ref.startswith(rule) for ref in leaf.laws), leaf.id


@pytest.mark.parametrize("slug", sorted(FIXTURE_SLUGS))
def test_fixture_tree_questions_have_bilingual_texts_and_labels(slug: str) -> None:
    tree = load_tree(TREES / f"{slug}.yaml")
    for question in tree.questions:
        fact = tree.fact(question.fact)
        assert fact is not None and fact.text is not None and fact.help is not None
        assert fact.text.zh and fact.text.en and fact.help.zh and fact.help.en
        assert fact.laws, f"{fact.name}: help cites no law"
        for option in fact.options:
            assert option.label.zh and option.label.en
    for leaf in tree.leaves:
        assert leaf.script.zh and leaf.script.en and leaf.laws


def test_a_rare_group_names_yes_no_questions_of_the_tree_once() -> None:
    """The wizard asks a tree's rare exceptions on one screen (docs/design.md §4): the group is tree data, and
    only the tree's own yes/no questions may be in it."""
    data = mini()
    data["rare_group"] = ["nope", "colour", "flag", "flag"]
    problems = problems_of(data)
    assert any("rare_group[0]: 'nope' is not a yes/no question" in p for p in problems)
    assert any("rare_group[1]: 'colour' is not a yes/no question" in p for p in problems)
    assert any("rare_group[3]: 'flag' is named twice" in p for p in problems)
    data["rare_group"] = ["flag"]
    tree = load_tree(data, REFS)
    assert tree.rare_group == ("flag",)
    assert load_tree(tree.as_dict(), REFS).rare_group == ("flag",)
