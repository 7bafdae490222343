"""The dummy tree (Laws 42–43 with 9A2 and 45F, 1997 code; laws-facts.md B-41–43 and D.6): a casebook — every
leaf, each case citing the law it rests on (its id starts with it, and the ruling cites it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import FactError, Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "dummy.yaml"


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


CASES = [
    pytest.param(
        "absolute_42a",
        {"dummy_action": "absolute_right"},
        outcome("42A"),
        "42A",
        id="42A-dummy-tells-the-director-the-facts",
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
        "lost_rights_43b1",
        {"dummy_action": "prevented_other", "rights_lost": True},
        outcome("43B1", penalty=True),
        "43B1",
        id="43B1-dummy-who-lost-his-rights-warns-of-another-irregularity",
    ),
    pytest.param(
        "prevent_42b2",
        {"dummy_action": "warned_wrong_hand", "declarer_had_led": False, "rights_lost": False},
        outcome("42B2"),
        "42B2",
        id="42B2-you-are-in-dummy-is-allowed",
    ),
    pytest.param(
        "prevent_42b2",
        {"dummy_action": "prevented_other", "rights_lost": False},
        outcome("42B2"),
        "42B2",
        id="42B2-dummy-may-try-to-prevent-declarers-irregularity",
    ),
    pytest.param(
        "wrong_hand_lost_43b2a",
        {"dummy_action": "warned_wrong_hand", "declarer_had_led": False, "rights_lost": True},
        outcome("43B2", penalty=True, rectification="defender_chooses_hand", related="lead-out-of-turn"),
        "43B2",
        id="43B2a-dummy-who-looked-at-a-defenders-cards-warns-of-the-wrong-hand",
    ),
    pytest.param(
        "attention_during_play_43a1",
        {"dummy_action": "drew_attention_during_play", "irregularity_by": "declarer"},
        outcome("43A1", penalty=True, rectification="rectify_normally"),
        "43A1",
        id="43A1-dummy-points-out-declarers-lead-from-the-wrong-hand",
    ),
    pytest.param(
        "attention_during_play_43a1",
        {"dummy_action": "drew_attention_during_play", "irregularity_by": "defender", "rights_lost": False},
        outcome("43A1", penalty=True, rectification="rectify_normally"),
        "9A2",
        id="9A2-dummy-points-out-a-defenders-revoke-during-play",
    ),
    pytest.param(
        "attention_defender_lost_43c",
        {"dummy_action": "drew_attention_during_play", "irregularity_by": "defender", "rights_lost": True},
        outcome("43C", penalty=True, rectification="no_penalty_on_defenders", review=True),
        "43C",
        id="43C-dummy-who-lost-his-rights-first-points-out-a-defenders-irregularity",
    ),
    pytest.param(
        "after_play_42b3",
        {"dummy_action": "drew_attention_after_play"},
        outcome("42B3", rectification="rectify_normally"),
        "42B3",
        id="42B3-dummy-raises-a-revoke-after-the-play",
    ),
    pytest.param(
        "participated_43a1",
        {"dummy_action": "participated"},
        outcome("43A1", penalty=True, review=True),
        "45F",
        id="45F-dummy-touches-a-card-suggesting-a-play",
    ),
    pytest.param(
        "participated_43a1",
        {"dummy_action": "participated"},
        outcome("43A1", penalty=True, review=True),
        "43A1",
        id="43A1-dummy-comments-on-the-play",
    ),
    pytest.param(
        "limitation_43a2",
        {"dummy_action": "exchanged_watched_looked"},
        outcome("43A2", penalty=True),
        "43A2",
        id="43A2-dummy-looks-at-a-defenders-hand",
    ),
    pytest.param(
        "limitation_43a2",
        {"dummy_action": "exchanged_watched_looked"},
        outcome("43A2", penalty=True),
        "43B1",
        id="43B1-dummy-leaves-his-seat-to-watch-declarer",
    ),
    pytest.param(
        "wrong_hand_after_lead_43a1",
        {"dummy_action": "warned_wrong_hand", "declarer_had_led": True},
        outcome(
            "43A1", penalty=True, rectification="rectify_normally", review=True, related="lead-out-of-turn"
        ),
        "55B2",
        id="55B2-you-are-in-dummy-after-declarer-led-the-defenders-keep-their-options",
    ),
    pytest.param(
        "unnamed_card_withdrawn_45d",
        {"dummy_action": "placed_unnamed_card", "noticed_before_next_trick": True},
        outcome("45D", rectification="card_withdrawn"),
        "45D",
        id="45D-dummy-places-a-card-not-named-noticed-in-time",
    ),
    pytest.param(
        "unnamed_card_stands_45d",
        {"dummy_action": "placed_unnamed_card", "noticed_before_next_trick": False},
        outcome("45D"),
        "45D",
        id="45D-noticed-after-both-sides-played-to-the-next-trick-the-card-stands",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected", "law"), CASES)
def test_case_reaches_its_leaf_and_cites_its_law(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any], law: str
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and law in ruling.laws


def test_the_casebook_covers_every_leaf(tree: Tree) -> None:
    assert len(CASES) >= 15
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_specific_penalties_need_a_43a2_breach_first(tree: Tree) -> None:
    """Law 43B2: the same warning or question is dummy's right until he has breached 43A2."""
    for action in ("asked_declarer_revoke", "warned_wrong_hand", "prevented_other"):
        facts = {"dummy_action": action, "rights_lost": False, "declarer_had_led": False}
        ruling = evaluate(tree, facts).ruling
        assert (
            ruling is not None and ruling["procedural_penalty"] is False and ruling["rule"].startswith("42B")
        )


def test_the_revoke_leaf_names_the_revoke_trees_path(tree: Tree) -> None:
    """43B2(b) is ruled by the revoke tree (attention drawn illegally), not duplicated here."""
    facts = {"dummy_action": "asked_declarer_revoke", "rights_lost": True, "declarer_revoked": True}
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and "attention_drawn_illegally" in ruling.script.en
    assert "attention_drawn_illegally" in ruling.script.zh and "64" in ruling.laws


def test_a_wrong_value_names_the_fact(tree: Tree) -> None:
    with pytest.raises(FactError) as caught:
        evaluate(tree, {"dummy_action": "asked_declarer_revoke", "rights_lost": "perhaps"})
    assert caught.value.field == "rights_lost"


# --- review 2026-12b (issue 27): each test fails on the tree as it stood on main --------------------------------


def test_p4_you_are_in_dummy_asks_whether_declarer_had_already_led(tree: Tree) -> None:
    """Law 42B2 (prevent) vs 43A1 + 55: the walk that gave "dummy's right, play continues" now asks first
    whether declarer had already played or named a card; after the lead the defenders keep their Law 55 options."""
    before = evaluate(tree, {"dummy_action": "warned_wrong_hand", "rights_lost": False})
    assert before.status == "question" and before.question is not None
    assert before.question.fact == "declarer_had_led"
    after = evaluate(tree, {"dummy_action": "warned_wrong_hand", "declarer_had_led": True}).ruling
    assert after is not None and after["rule"] == "43A1" and after["related_tree"] == "lead-out-of-turn"
    assert {"55A", "55B2", "43A1"} <= set(after.laws)


def test_p6_43c_and_45f_review_an_adjustment_they_do_not_award_one(tree: Tree) -> None:
    """Laws 43C and 45F: an adjusted score only if the defenders gained directly / were damaged — so
    adjusted_score is false and adjustment_review true."""
    cases = (
        {"dummy_action": "drew_attention_during_play", "irregularity_by": "defender", "rights_lost": True},
        {"dummy_action": "participated"},
    )
    for facts in cases:
        ruling = evaluate(tree, facts).ruling
        assert ruling is not None
        assert ruling["adjusted_score"] is False and ruling["adjustment_review"] is True, facts


def test_g2_a_card_dummy_placed_unnamed_is_law_45d(tree: Tree) -> None:
    """Law 45D (1997): withdrawn if noticed before both sides have played to the next trick; a defender may take
    back a card played after it; not participation (43A1) and no adjusted score."""
    ruling = evaluate(tree, {"dummy_action": "placed_unnamed_card", "noticed_before_next_trick": True}).ruling
    assert ruling is not None and ruling["rule"] == "45D" and ruling["rectification"] == "card_withdrawn"
    assert ruling["adjusted_score"] is False and ruling["procedural_penalty"] is False
    assert "defender" in ruling.script.en and "防家" in ruling.script.zh
