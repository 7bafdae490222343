"""The 2017 dummy tree (WBF 2017 Laws 42–43, with 9A3, 45C4, 45D; laws-facts-2017.md L42, L43, L45): a casebook —
every leaf, each case's id starting with the 2017 law it rests on, which the ruling cites — and the cases where the
1997 tree (fixtures/trees/dummy.yaml) and the 2017 tree rule the same facts differently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import FactError, Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_PATH = ROOT / "fixtures" / "trees" / "wbf-2017" / "dummy.yaml"
TREE_1997_PATH = ROOT / "fixtures" / "trees" / "dummy.yaml"
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"


def outcome(
    rule: str,
    *,
    penalty: bool = False,
    rectification: str = "none",
    adjusted: bool = False,
    review: bool = False,
    related: str = "none",
) -> dict[str, Any]:
    return {
        "rule": rule,
        "procedural_penalty": penalty,
        "rectification": rectification,
        "adjusted_score": adjusted,
        "adjustment_review": review,
        "related_tree": related,
    }


DEFENDER_ATTENTION = {"dummy_action": "drew_attention_during_play", "irregularity_by": "defender"}
DESIGNATION = {"dummy_action": "declarer_changed_designation"}

CASES = [
    pytest.param(
        "absolute_42a",
        {"dummy_action": "absolute_right"},
        outcome("42A"),
        "42A3",
        id="42A3-dummy-makes-sure-dummy-follows-suit",
    ),
    pytest.param(
        "revoke_question_42b1",
        {"dummy_action": "asked_declarer_revoke", "rights_lost": False},
        outcome("42B1", related="revoke"),
        "42B1",
        id="42B1-no-spades-partner-is-dummys-right",
    ),
    pytest.param(
        "revoke_question_lost_43b2b",
        {"dummy_action": "asked_declarer_revoke", "rights_lost": True, "declarer_revoked": True},
        outcome("43B2", penalty=True, rectification="revoke_corrected_with_transfer", related="revoke"),
        "43B2",
        id="43B2b-dummy-who-watched-declarer-asks-and-declarer-had-revoked",
    ),
    pytest.param(
        "lost_rights_43b1",
        {"dummy_action": "asked_declarer_revoke", "rights_lost": True, "declarer_revoked": False},
        outcome("43B1", penalty=True),
        "43B1",
        id="43B1-dummy-who-lost-his-rights-asks-but-no-revoke",
    ),
    pytest.param(
        "prevent_42b2",
        {"dummy_action": "prevented_other", "rights_lost": False},
        outcome("42B2"),
        "9A3",
        id="42B2-9A3-dummy-stops-a-defender-leading-out-of-turn",
    ),
    pytest.param(
        "prevent_42b2",
        {"dummy_action": "warned_wrong_hand", "declarer_had_led": False, "rights_lost": False},
        outcome("42B2"),
        "42B2",
        id="42B2-you-are-in-dummy-before-declarer-leads",
    ),
    pytest.param(
        "wrong_hand_lost_43b2a",
        {"dummy_action": "warned_wrong_hand", "declarer_had_led": False, "rights_lost": True},
        outcome("43B2", penalty=True, rectification="defender_chooses_hand", related="lead-out-of-turn"),
        "43B2",
        id="43B2a-dummy-who-looked-at-a-defenders-hand-warns-declarer",
    ),
    pytest.param(
        "wrong_hand_after_lead_43a1",
        {"dummy_action": "warned_wrong_hand", "declarer_had_led": True},
        outcome(
            "43A1", penalty=True, rectification="rectify_normally", review=True, related="lead-out-of-turn"
        ),
        "55C",
        id="43A1-55C-you-are-in-dummy-after-the-lead-law-16-applies",
    ),
    pytest.param(
        "attention_during_play_43a1",
        {"dummy_action": "drew_attention_during_play", "irregularity_by": "declarer"},
        outcome("43A1", penalty=True, rectification="rectify_normally"),
        "43A1",
        id="43A1-dummy-points-out-declarers-revoke-during-play",
    ),
    pytest.param(
        "attention_during_play_43a1",
        {**DEFENDER_ATTENTION, "rights_lost": False},
        outcome("43A1", penalty=True, rectification="rectify_normally"),
        "43A1",
        id="43A1-dummy-with-rights-points-out-a-defenders-lead-out-of-turn",
    ),
    pytest.param(
        "attention_defender_lost_43b3",
        {**DEFENDER_ATTENTION, "rights_lost": True},
        outcome("43B3", penalty=True, rectification="no_penalty_on_defenders", review=True),
        "43B3",
        id="43B3-dummy-who-watched-declarer-points-out-a-defenders-revoke",
    ),
    pytest.param(
        "after_play_42b3",
        {"dummy_action": "drew_attention_after_play"},
        outcome("42B3", rectification="rectify_normally"),
        "42B3",
        id="42B3-after-the-last-trick-dummy-points-out-a-revoke",
    ),
    pytest.param(
        "participated_43a1",
        {"dummy_action": "participated"},
        outcome("43A1", penalty=True, review=True),
        "43A1",
        id="43A1c-dummy-touches-a-card-to-suggest-it",
    ),
    pytest.param(
        "limitation_43a2",
        {"dummy_action": "exchanged_watched_looked"},
        outcome("43A2", penalty=True),
        "43A2",
        id="43A2-dummy-stands-behind-declarer",
    ),
    pytest.param(
        "defender_showed_hand_43a3",
        {"dummy_action": "defender_showed_hand"},
        outcome("43A3", penalty=True),
        "43A3",
        id="43A3-a-defender-shows-dummy-his-hand",
    ),
    pytest.param(
        "unnamed_card_withdrawn_45d",
        {"dummy_action": "placed_unnamed_card", "noticed_before_next_trick": True},
        outcome("45D", rectification="card_withdrawn"),
        "45D",
        id="45D-dummy-plays-the-king-declarer-did-not-name",
    ),
    pytest.param(
        "unnamed_card_stands_45d",
        {"dummy_action": "placed_unnamed_card", "noticed_before_next_trick": False},
        outcome("45D"),
        "45D",
        id="45D-noticed-after-both-sides-played-to-the-next-trick",
    ),
    pytest.param(
        "designation_changed_45c4b",
        {**DESIGNATION, "slip_of_tongue": True, "declarer_played_since": False},
        outcome("45C4", rectification="designation_changed"),
        "47C",
        id="45C4b-declarer-says-ten-meaning-jack-and-corrects-at-once",
    ),
    pytest.param(
        "designation_stands_45c4a",
        {**DESIGNATION, "slip_of_tongue": True, "declarer_played_since": True},
        outcome("45C4"),
        "45C4",
        id="45C4b-slip-noticed-after-declarer-played-again-too-late",
    ),
    pytest.param(
        "designation_stands_45c4a",
        {**DESIGNATION, "slip_of_tongue": False},
        outcome("45C4"),
        "45C4",
        id="45C4a-declarer-changes-his-mind-the-card-named-is-played",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH, load_outline(OUTLINE_2017).all_refs())


@pytest.fixture(scope="module")
def tree_1997() -> Tree:
    return load_tree(TREE_1997_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected", "law"), CASES)
def test_case_reaches_its_leaf_and_cites_its_law(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any], law: str
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and law in ruling.laws


def test_the_casebook_covers_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_tree_is_the_2017_edition_and_validates_against_its_outline(tree: Tree) -> None:
    assert tree.edition == "wbf-2017" and tree.slug == "dummy"
    refs = load_outline(OUTLINE_2017).all_refs()
    laws = set(tree.laws)
    for leaf_id in tree.leaf_ids:
        laws |= set(evaluate_leaf_laws(tree, leaf_id))
    assert laws <= refs


def evaluate_leaf_laws(tree: Tree, leaf_id: str) -> tuple[str, ...]:
    for case in CASES:
        if case.values[0] == leaf_id:
            ruling = evaluate(tree, case.values[1]).ruling
            assert ruling is not None
            return tuple(ruling.laws)
    raise AssertionError(leaf_id)


def test_scripts_speak_of_the_2017_laws_never_of_the_1999_rulebook(tree: Tree) -> None:
    for case in CASES:
        ruling = evaluate(tree, case.values[1]).ruling
        assert ruling is not None
        for text in (ruling.script.zh, ruling.script.en):
            assert "1999" not in text and "CCBA" not in text and "43C" not in text


# --- the codes differ (1997 tree vs 2017 tree, the same facts) ------------------------------------------------


def test_43b3_adjusts_only_the_defenders_where_1997_43c_adjusted_both_sides(
    tree: Tree, tree_1997: Tree
) -> None:
    facts = {**DEFENDER_ATTENTION, "rights_lost": True}
    old = evaluate(tree_1997, facts).ruling
    new = evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert old["rule"] == "43C" and "both sides" in old.script.en
    assert new["rule"] == "43B3" and "43B3" in new.laws and "43C" not in new.laws
    assert "only the defenders' score" in new.script.en and "只调整防守方" in new.script.zh
    assert "declaring side keeps" in new.script.en


def test_42b2_dummy_may_prevent_any_irregularity_not_only_declarers(tree: Tree, tree_1997: Tree) -> None:
    old_options = {o.value for o in tree_1997.facts_by_name["dummy_action"].options}
    assert "prevented_other" in old_options
    facts = {"dummy_action": "prevented_other", "rights_lost": False}
    old = evaluate(tree_1997, facts).ruling
    new = evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert "by declarer" in old.script.en and "any irregularity" in new.script.en
    assert "9A3" in new.laws


def test_45c4b_and_43a3_are_2017_only_questions(tree: Tree, tree_1997: Tree) -> None:
    old_options = {o.value for o in tree_1997.facts_by_name["dummy_action"].options}
    new_options = {o.value for o in tree.facts_by_name["dummy_action"].options}
    assert new_options - old_options == {"defender_showed_hand", "declarer_changed_designation"}
    with pytest.raises(FactError):
        evaluate(tree_1997, {"dummy_action": "declarer_changed_designation"})


def test_55c_after_dummys_late_warning_is_law_16_not_a_bare_adjustment(tree: Tree, tree_1997: Tree) -> None:
    facts = {"dummy_action": "warned_wrong_hand", "declarer_had_led": True}
    old = evaluate(tree_1997, facts).ruling
    new = evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert "16" not in old.laws and "16" in new.laws
    assert "Law 16 applies" in new.script.en and "prevails" in new.script.en


def test_a_slip_is_asked_before_the_deadline(tree: Tree) -> None:
    result = evaluate(tree, DESIGNATION)
    assert result.status == "question" and result.question is not None
    assert result.question.fact == "slip_of_tongue"


def test_a_wrong_value_names_the_fact(tree: Tree) -> None:
    with pytest.raises(FactError) as caught:
        evaluate(tree, {**DESIGNATION, "slip_of_tongue": "maybe"})
    assert caught.value.field == "slip_of_tongue"
