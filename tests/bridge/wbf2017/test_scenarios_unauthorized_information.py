"""The 2017 unauthorised-information practice scenarios agree with the 2017 tree, and at least two rule a 1999
scenario's table situation under the 2017 Laws."""

from __future__ import annotations

import pytest

from bridge.trees import evaluate, load_tree
from practice.core.checks import engine_disagreements
from tests.bridge.wbf2017.scenario_checks import ROOT, check_file, scenarios_1999, scenarios_2017, tree_2017

SLUG = "unauthorized-information"


def test_the_file_is_sound_and_agrees_with_the_2017_tree() -> None:
    check_file(SLUG, "ui", "unauthorized_information")


def test_a_scenario_that_contradicts_the_tree_is_caught() -> None:
    scenario = next(s for s in scenarios_2017(SLUG) if s.id == "w17-ui-06")
    question = scenario.question("q1")
    assert question is not None
    wrong = question.__class__(**{**question.__dict__, "answer": "b"})
    broken = scenario.__class__(**{**scenario.__dict__, "questions": (wrong, *scenario.questions[1:])})
    assert engine_disagreements(broken, {SLUG: tree_2017(SLUG)})


@pytest.mark.parametrize(
    ("new_id", "old_id"), [("w17-ui-01", "ui-01"), ("w17-ui-03", "ui-05"), ("w17-ui-04", "ui-08")]
)
def test_what_changed_pairs_share_the_facts_and_name_the_2017_law(new_id: str, old_id: str) -> None:
    new = next(s for s in scenarios_2017(SLUG) if s.id == new_id)
    old = scenarios_1999(SLUG)[old_id]
    assert new.same_situation_as == old_id
    new_facts = next(c.inputs for c in new.checks if c.tree == SLUG)
    old_facts = next(c.inputs for c in old.checks if c.tree == SLUG)
    assert dict(new_facts) == dict(old_facts)
    # Ruled under each code, the same facts cite different laws.
    new_ruling = evaluate(tree_2017(SLUG), dict(new_facts)).ruling
    old_ruling = evaluate(load_tree(ROOT / "fixtures" / "trees" / f"{SLUG}.yaml"), dict(old_facts)).ruling
    assert new_ruling is not None and old_ruling is not None
    assert set(new_ruling.laws) != set(old_ruling.laws)
