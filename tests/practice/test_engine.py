"""The pure practice core: the scenario bank agrees with the engine, answers are checked, spaced repetition
orders items, and drills reach every leaf of every decision tree. No database."""

import ast
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from bridge import board_info
from bridge.trees import evaluate, load_trees
from practice import engine
from practice.engine import AnswerError, Card, ScenarioError, check_answers, engine_disagreements

ROOT = Path(__file__).resolve().parents[2]
BANK = engine.load_scenarios(ROOT / "fixtures" / "scenarios")
TREES = load_trees(ROOT / "fixtures" / "trees")
ENGINE_TOPICS = {"insufficient_bid", "lead_out_of_turn", "revoke", "scores"}


def test_the_bank_has_at_least_45_scenarios_across_every_topic():
    assert len(BANK) >= 45
    per_topic = Counter(scenario.topic for scenario in BANK.values())
    assert set(per_topic) == set(engine.TOPICS)
    assert min(per_topic.values()) >= 6
    assert set(Counter(scenario.difficulty for scenario in BANK.values())) == {1, 2, 3}


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


def test_every_explanation_cites_laws_in_the_rulebook_form():
    for scenario in BANK.values():
        assert re.search(r"第\d+条", scenario.explanation), scenario.id


SEATS = {"北": "N", "东": "E", "南": "S", "西": "W"}
VULS = {"双方无局": "None", "南北有局": "NS", "东西有局": "EW", "双方有局": "Both"}


def test_board_numbers_match_dealer_and_vulnerability():
    """Law 2: a situation naming a board, its dealer and vulnerability must be a real board."""
    seen = 0
    for scenario in BANK.values():
        match = re.search(
            r"第(\d+)副，(北|东|南|西)发牌，(双方无局|南北有局|东西有局|双方有局)", scenario.situation
        )
        if not match:
            continue
        seen += 1
        board = board_info(int(match[1]))
        assert (board.dealer.value, board.vulnerability.value) == (SEATS[match[2]], VULS[match[3]]), (
            scenario.id
        )
    assert seen >= 20


def test_schema_problems_are_all_listed():
    bad = {
        "id": "drill-x",
        "topic": "bidding",
        "difficulty": 4,
        "title": "t",
        "situation": "s",
        "explanation": "e",
        "questions": [
            {
                "id": "q1",
                "kind": "single",
                "prompt": "p",
                "options": [{"key": "a", "text": "x"}],
                "answer": "b",
            },
            {"id": "q2", "kind": "essay", "prompt": "p", "answer": 1},
        ],
        "checks": [{"score": {"contract": "4S"}, "fields": {"imps": "q9"}}],
    }
    with pytest.raises(ScenarioError) as caught:
        engine.parse_scenario(bad)
    text = "\n".join(caught.value.problems)
    for fragment in (
        "id must match",
        "topic must be",
        "difficulty must be",
        "at least two options",
        "kind must be",
    ):
        assert fragment in text
    assert "score has no field 'imps'" in text


def test_duplicate_ids_fail_the_load(tmp_path):
    source = (ROOT / "fixtures" / "scenarios" / "scores.yaml").read_text(encoding="utf-8")
    (tmp_path / "a.yaml").write_text(source, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(source, encoding="utf-8")
    with pytest.raises(ScenarioError, match="duplicate id 'sc-01'"):
        engine.load_scenarios(tmp_path)


# --- answers --------------------------------------------------------------------------------------------------


def test_answers_right_and_wrong():
    scenario = BANK["rv-01"]  # q1 single (a), q2 number (2), q3 number (650)
    right = check_answers(scenario, {"q1": "a", "q2": 2, "q3": "650"})
    assert right.correct and all(q.correct for q in right.questions)
    wrong = check_answers(scenario, {"q1": "b", "q2": "2", "q3": 620})
    assert not wrong.correct
    assert [q.correct for q in wrong.questions] == [False, True, False]
    assert wrong.question("q1").answer == "a" and wrong.question("q1").given == "b"


def test_multiple_choice_needs_exactly_the_right_set_in_any_order():
    scenario = BANK["ib-09"]  # q2 answer [a, b]
    assert check_answers(scenario, {"q1": "b", "q2": ["b", "a"]}).correct
    assert check_answers(scenario, {"q1": "b", "q2": "a,b"}).correct
    assert not check_answers(scenario, {"q1": "b", "q2": ["a"]}).correct
    assert not check_answers(scenario, {"q1": "b", "q2": ["a", "b", "c"]}).correct


def test_number_answers_accept_text_and_a_tolerance():
    scenario = BANK["sc-07"]  # q3 62.5 with tolerance
    assert check_answers(scenario, {"q1": "5", "q2": 8, "q3": "62.5%"}).correct
    assert check_answers(scenario, {"q1": 5, "q2": 8, "q3": 62.505}).correct
    assert not check_answers(scenario, {"q1": 5, "q2": 8, "q3": 62}).correct
    assert check_answers(BANK["rv-10"], {"q1": "b", "q2": 1, "q3": "−650"}).correct


@pytest.mark.parametrize(
    ("answers", "field"),
    [
        ({"q1": "a", "q2": 2}, "answers.q3"),
        ({"q1": "z", "q2": 2, "q3": 650}, "answers.q1"),
        ({"q1": "a", "q2": "two", "q3": 650}, "answers.q2"),
        ({"q1": "a", "q2": True, "q3": 650}, "answers.q2"),
        ({"q1": "a", "q2": 2, "q3": 650, "q9": 1}, "answers.q9"),
        ({"q1": ["a", "b"], "q2": 2, "q3": 650}, "answers.q1"),
    ],
)
def test_bad_answers_name_the_field(answers, field):
    with pytest.raises(AnswerError) as caught:
        check_answers(BANK["rv-01"], answers)
    assert caught.value.field == field


# --- spaced repetition ------------------------------------------------------------------------------------------


def test_a_wrong_answer_comes_back_sooner_than_a_right_one():
    wrong = engine.schedule(None, "x", False, step=5)
    right = engine.schedule(None, "y", True, step=5)
    assert wrong.due_step < right.due_step
    assert (wrong.box, wrong.seen, wrong.right, wrong.last_correct) == (0, 1, 0, False)
    # Each right answer in a row pushes the item further away; a wrong one resets the ladder.
    again = engine.schedule(right, "y", True, step=10)
    assert again.box == 2 and again.due_step - 10 > right.due_step - 5
    reset = engine.schedule(again, "y", False, step=11)
    assert reset.box == 0 and reset.due_step == 11 + engine.WRONG_GAP


def test_order_brings_due_wrong_answers_first_then_new_items_easier_first():
    items = [("a", 1), ("b", 1), ("c", 2), ("d", 3), ("e", 1)]
    cards = {
        "a": engine.schedule(None, "a", True, step=1),  # due at 5
        "b": engine.schedule(None, "b", False, step=2),  # due at 4
    }
    at_step_2 = engine.order(items, cards, 2, seed="s")
    assert at_step_2[:3] == ["e", "c", "d"]  # nothing due yet: new items, easier first
    assert at_step_2[3:] == ["b", "a"]  # then the soonest due
    at_step_5 = engine.order(items, cards, 5, seed="s")
    assert at_step_5[:2] == ["b", "a"]  # both due: the wrong one (box 0) first
    assert engine.order(items, cards, 5, exclude="b", seed="s")[-1] == "b"


def test_order_with_a_mastered_bank_gives_the_soonest_card():
    cards = {item: Card(item, box=4, due_step=100 + i, seen=4, right=4) for i, item in enumerate("abc")}
    assert engine.order([("c", 1), ("a", 1), ("b", 1)], cards, 10)[0] == "a"


# --- drills -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(engine.TREE_TOPICS))
def test_random_drills_reach_every_leaf(slug):
    tree = TREES[slug]
    reached = Counter()
    for seed in range(200):
        drill = engine.make_drill(tree, seed)
        facts = drill.checks[0].inputs
        reached[evaluate(tree, facts).ruling.leaf] += 1
        assert engine_disagreements(drill, TREES) == [], drill.id
    assert set(reached) == tree.leaf_ids


@pytest.mark.parametrize("slug", sorted(engine.TREE_TOPICS))
def test_a_drill_can_target_each_leaf_and_its_answers_are_the_engines(slug):
    tree = TREES[slug]
    for leaf in sorted(tree.leaf_ids):
        drill = engine.make_drill(tree, 3, leaf=leaf)
        assert drill.id == f"drill-{slug}-3" and drill.source == "drill"
        assert drill.topic == engine.TREE_TOPICS[slug]
        assert drill.questions and drill.questions[0].id == "rule"
        assert engine_disagreements(drill, TREES) == []
        assert check_answers(drill, drill.answers).correct
        assert "依据条款：第" in drill.explanation


def test_drills_are_reproducible_from_their_seed():
    tree = TREES["revoke"]
    assert engine.make_drill(tree, 42) == engine.make_drill(tree, 42)
    assert engine.parse_drill_id("drill-lead-out-of-turn-42") == ("lead-out-of-turn", 42)
    assert engine.parse_drill_id("rv-01") is None


def test_revoke_drills_ask_how_many_tricks_move():
    drill = engine.make_drill(TREES["revoke"], 0, leaf="offender_won_64a1")
    transfer = drill.question("tricks_transferred")
    assert transfer.kind == "number" and transfer.answer in (1, 2)


def test_the_practice_engine_imports_no_django():
    tree = ast.parse((ROOT / "practice" / "engine.py").read_text(encoding="utf-8"))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            modules.add(node.module or "")
    assert not {m for m in modules if m.split(".")[0] in ("django", "rest_framework", "practice")}
    assert {m.split(".")[0] for m in modules} <= {
        "__future__",
        "math",
        "random",
        "re",
        "collections",
        "dataclasses",
        "pathlib",
        "yaml",
        "bridge",  # the pure rules core
    }
