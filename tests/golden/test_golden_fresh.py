"""The golden files (tests/golden/*.json) are what the Python engine answers now: run `make golden` when a rule, a
message or a tree changes, and commit them. tests/js/ (node --test, in `make test`) holds the JS engine to them."""

from __future__ import annotations

import pytest

from bridge.trees import QuestionNode
from rulings.trees import trees
from tests.golden import make_golden

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def fresh(django_db_setup, django_db_blocker) -> dict[str, object]:
    with django_db_blocker.unblock():  # the search's golden files read the law base the session loaded
        return make_golden.golden()


def test_the_golden_files_are_fresh(fresh):
    stale = [
        name
        for name, value in fresh.items()
        if not (make_golden.GOLDEN / name).exists()
        or (make_golden.GOLDEN / name).read_text(encoding="utf-8") != make_golden.dumps(value)
    ]
    assert not stale, f"stale golden files {stale}: run `make golden` and commit tests/golden/"


def test_the_tree_states_reach_every_leaf_and_every_question(fresh):
    states = fresh["trees.json"]
    leaves = {(slug, answer["ruling"]["leaf"]) for slug, _, answer in states if answer["status"] == "ruling"}
    questions = {
        (slug, answer["question"]["fact"]) for slug, _, answer in states if answer["status"] == "question"
    }
    assert leaves == {(slug, leaf) for slug, tree in trees().items() for leaf in tree.leaf_ids}
    asked = {
        (slug, node.fact)
        for slug, tree in trees().items()
        for node in tree.nodes
        if isinstance(node, QuestionNode)
    }
    assert questions == asked
    assert sum(answer["status"] == "error" for _, _, answer in states) > 100


def test_every_further_editions_tree_states_reach_every_leaf_and_every_question(fresh):
    """Issue 29: the offline wizard walks every tree of every edition with parity, so the golden states of each
    further edition reach all its leaves and questions."""
    from laws import editions
    from rulings.trees import tree_editions

    further = [code for code in tree_editions() if code != editions.BASE]
    assert "wbf-2017" in further
    for code in further:
        states = fresh[f"{code}/trees.json"]
        leaves = {
            (slug, answer["ruling"]["leaf"]) for slug, _, answer in states if answer["status"] == "ruling"
        }
        assert leaves == {(slug, leaf) for slug, tree in trees(code).items() for leaf in tree.leaf_ids}
        questions = {
            (slug, answer["question"]["fact"]) for slug, _, answer in states if answer["status"] == "question"
        }
        asked = {
            (slug, node.fact)
            for slug, tree in trees(code).items()
            for node in tree.nodes
            if isinstance(node, QuestionNode)
        }
        assert questions == asked
