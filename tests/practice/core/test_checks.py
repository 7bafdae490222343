"""The bank against the engine: every scenario's answers are what bridge computes, and a contradiction is caught."""

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from practice.core.checks import engine_disagreements, engine_values
from tests.practice.core.bank_data import BANK, TREES

ENGINE_TOPICS = {
    "insufficient_bid",
    "lead_out_of_turn",
    "revoke",
    "scores",
    "call_out_of_rotation",
    "change_of_call",
    "inadmissible_call",
    "exposed_card_auction",
}


@pytest.mark.parametrize("scenario_id", sorted(BANK))
def test_every_scenario_agrees_with_the_engine(scenario_id):
    assert engine_disagreements(BANK[scenario_id], TREES) == []


def test_the_engine_decides_most_of_the_bank():
    decided = [scenario for scenario in BANK.values() if scenario.checks]
    assert len(decided) >= 40
    # Every tree- or score-based case names the engine check that decides it.
    for scenario in BANK.values():
        if scenario.topic in ENGINE_TOPICS:
            assert scenario.checks, f"{scenario.id} could be decided by the engine but has no check"
    kinds = Counter(check.kind for scenario in decided for check in scenario.checks)
    assert {"tree", "score", "imps", "matchpoints", "artificial"} <= set(kinds)
    trees_used = {check.tree for scenario in decided for check in scenario.checks if check.kind == "tree"}
    assert trees_used == set(TREES)


def test_every_leaf_vocabulary_v2_added_has_a_bank_scenario():
    """Issue 13: at least one practice scenario per new leaf (a leaf absent from the trees as they were before v2,
    tests/bridge/golden/trees-v1.json), reached by the scenario's own engine check."""
    golden = json.loads(
        (Path(__file__).resolve().parents[2] / "bridge" / "golden" / "trees-v1.json").read_text()
    )
    reached: dict[str, set[str]] = {slug: set() for slug in TREES}
    for scenario in BANK.values():
        for check in scenario.checks:
            if check.kind == "tree":
                reached[str(check.tree)].add(str(engine_values(check, TREES)["leaf"]))
    for slug, old in golden["trees"].items():
        old_leaves = {node_id for node_id, node in old["nodes"].items() if "outcome" in node}
        new_leaves = TREES[slug].leaf_ids - old_leaves
        assert new_leaves, slug
        assert new_leaves <= reached[slug], (slug, sorted(new_leaves - reached[slug]))


def _with_answer(scenario, question_id, answer):
    questions = tuple(replace(q, answer=answer) if q.id == question_id else q for q in scenario.questions)
    return replace(scenario, questions=questions)


def test_a_scenario_that_contradicts_the_engine_fails():
    # 1997 Law 64A2: two tricks in rv-02; a scenario claiming one trick (the 2007 rule) must be caught.
    wrong = _with_answer(BANK["rv-02"], "q2", 1)
    problems = engine_disagreements(wrong, TREES)
    assert len(problems) == 1 and "tricks_transferred = 2" in problems[0]
    # A wrong single choice: 27B1 instead of 27B2 for a conventional insufficient bid.
    assert engine_disagreements(_with_answer(BANK["ib-04"], "q1", "b"), TREES)
    # A wrong score and a wrong IMP count.
    assert engine_disagreements(_with_answer(BANK["sc-05"], "q1", 640), TREES)
    assert engine_disagreements(_with_answer(BANK["sc-03"], "q3", -4), TREES)
    # Facts that no longer reach a ruling are reported, not ignored.
    check = BANK["rv-01"].checks[0]
    facts = {k: v for k, v in check.inputs.items() if k != "offender_won_revoke_trick"}
    broken = replace(BANK["rv-01"], checks=(replace(check, inputs=facts),))
    assert "do not reach a ruling" in engine_disagreements(broken, TREES)[0]


def test_an_artificial_check_gives_the_named_sides_score():
    """Law 88: in pairs, a side in no way at fault gets its session percentage when above 60%."""
    check = next(
        check for scenario in BANK.values() for check in scenario.checks if check.kind == "artificial"
    )
    inputs = {"form": "pairs", "fault": {"NS": "none", "EW": "direct"}, "session_percent": {"NS": 63}}
    assert engine_values(replace(check, inputs=inputs | {"side": "NS"}), TREES)["percent"] == 63
    assert engine_values(replace(check, inputs=inputs | {"side": "EW"}), TREES)["percent"] == 40
