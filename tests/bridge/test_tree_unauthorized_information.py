"""The unauthorised-information tree (Laws 16 and 73, 1997 code; laws-facts.md B-16, B-72–76, B-12): every leaf,
each case citing the law it rests on, and the tree's promise to hand every judgement to the Director."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import FactError, Tree, evaluate, load_tree
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

TREE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "trees" / "unauthorized-information.yaml"

PARTNER = {"information_source": "partner", "stage": "end_of_play", "information_established": True}
PARTNER_INFRACTION = {**PARTNER, "demonstrably_suggested": True, "logical_alternative": True}
WITHDRAWN = {"information_source": "withdrawn_action", "withdrawn_receiver": "offending"}
WITHDRAWN_INFRACTION = {**WITHDRAWN, "demonstrably_suggested": True, "logical_alternative": True}
MANNER = {"information_source": "opponent_manner", "misled_and_damaged": True, "bridge_reason": False}
OTHER_BEFORE = {"information_source": "other_source", "other_stage": "before_play"}
OTHER_AFTER = {"information_source": "other_source", "other_stage": "after_play"}


def outcome(
    rule: str,
    infraction: bool | None,
    action: str,
    adjustment: str,
    *,
    review: bool | None = None,
    penalty: bool | None = None,
    error: bool | None = None,
) -> dict[str, Any]:
    adjusted = {"none": False, "review_after_play": None}.get(
        adjustment, True
    )  # docs/design.md §4's adjusted_score
    return {
        "rule": rule,
        "infraction": infraction,
        "table_action": action,
        "adjusted_score": adjusted,
        "adjustment": adjustment,
        # The shared convention: "the Director considers an adjustment if …" is its own field (issue 27).
        "adjustment_review": (adjustment == "review_after_play") if review is None else review,
        "procedural_penalty_option": penalty,
        "director_error_adjustment": error,
    }


CASES = [
    # Law 16A1/16A2: called at the time — establish the facts, play continues, review after play.
    pytest.param(
        "partner_at_the_time",
        {"information_source": "partner", "stage": "at_the_time"},
        outcome("16A2", None, "continue_play", "review_after_play"),
        id="16A2-called-during-the-auction",
    ),
    # Law 85B: the hesitation is disputed and cannot be established — the result stands.
    pytest.param(
        "partner_not_established",
        {**PARTNER, "information_established": False},
        outcome("85B", False, "none", "none"),
        id="85B-facts-not-established",
    ),
    # Law 16A: nothing is forbidden unless the information could demonstrably suggest the action.
    pytest.param(
        "partner_not_suggested",
        {**PARTNER, "demonstrably_suggested": False},
        outcome("16A", False, "none", "none"),
        id="16A-not-demonstrably-suggested",
    ),
    # Law 16A: only a choice "from among logical alternatives" is forbidden.
    pytest.param(
        "partner_no_alternative",
        {**PARTNER, "demonstrably_suggested": True, "logical_alternative": False},
        outcome("16A", False, "none", "none"),
        id="16A-no-logical-alternative",
    ),
    # Law 73C infraction, but Law 16A2/73F adjust only for damage.
    pytest.param(
        "partner_no_damage",
        {**PARTNER_INFRACTION, "damaged": False},
        outcome("73C", True, "none", "none", penalty=True),
        id="73C-infraction-without-damage",
    ),
    # Law 73F + 12C2: assigned adjusted score for both sides.
    pytest.param(
        "partner_assigned",
        {**PARTNER_INFRACTION, "damaged": True, "nos_irrational": False},
        outcome("73F", True, "none", "assigned"),
        id="73F-12C2-assigned",
    ),
    # WBF Code of Practice: no redress for self-inflicted damage; the OS still gets its 12C2 score.
    pytest.param(
        "partner_assigned_offending_side",
        {**PARTNER_INFRACTION, "damaged": True, "nos_irrational": True},
        outcome("73F", True, "none", "assigned_offending_side"),
        id="73F-nos-wild-or-gambling",
    ),
    # Law 16C1: withdrawn actions are authorised information to the non-offending side.
    pytest.param(
        "withdrawn_non_offending",
        {"information_source": "withdrawn_action", "withdrawn_receiver": "non_offending"},
        outcome("16C1", False, "continue_play", "none"),
        id="16C1-authorised-to-the-nos",
    ),
    # Law 16C2: the same "demonstrably suggested" and "logical alternative" tests for the offending side.
    pytest.param(
        "withdrawn_not_suggested",
        {**WITHDRAWN, "demonstrably_suggested": False},
        outcome("16C2", False, "none", "none"),
        id="16C2-not-suggested",
    ),
    pytest.param(
        "withdrawn_no_alternative",
        {**WITHDRAWN, "demonstrably_suggested": True, "logical_alternative": False},
        outcome("16C2", False, "none", "none"),
        id="16C2-no-logical-alternative",
    ),
    pytest.param(
        "withdrawn_no_damage",
        {**WITHDRAWN_INFRACTION, "damaged": False},
        outcome("16C2", True, "none", "none"),
        id="16C2-infraction-without-damage",
    ),
    pytest.param(
        "withdrawn_assigned",
        {**WITHDRAWN_INFRACTION, "damaged": True, "nos_irrational": False},
        outcome("16C2", True, "none", "assigned"),
        id="16C2-12C2-assigned",
    ),
    pytest.param(
        "withdrawn_assigned_offending_side",
        {**WITHDRAWN_INFRACTION, "damaged": True, "nos_irrational": True},
        outcome("16C2", True, "none", "assigned_offending_side"),
        id="16C2-nos-wild-or-gambling",
    ),
    # Law 16B: information from other sources — the Director's three remedies, or play on.
    pytest.param(
        "other_play_normally",
        {"information_source": "other_source", "other_stage": "before_play", "interferes_with_play": False},
        # The Director's own judgement at the table: reviewed after play, 82C if it proves wrong.
        outcome("16B", False, "continue_play", "none", review=True, error=True),
        id="16B-immaterial",
    ),
    pytest.param(
        "other_rearrange_seats",
        {**OTHER_BEFORE, "interferes_with_play": True, "remedy_16b": "rearrange_seats"},
        outcome("16B", False, "rearrange_seats", "none"),
        id="16B-rearrange-seats",
    ),
    pytest.param(
        "other_substitute",
        {**OTHER_BEFORE, "interferes_with_play": True, "remedy_16b": "substitute"},
        outcome("16B", False, "substitute", "none"),
        id="16B-substitute",
    ),
    pytest.param(
        "other_artificial",
        {**OTHER_BEFORE, "interferes_with_play": True, "remedy_16b": "artificial_score"},
        outcome("16B", False, "cancel_board", "artificial", penalty=True),
        id="16B-artificial-score-12C1",
    ),
    # J12 — Law 16B information that came to light only after the board was played: no 16B remedy is left;
    # the Director adjusts (12A1 + 12C2), or awards an artificial score when no normal result can stand (12A2, 12C1).
    pytest.param(
        "other_after_play_stands",
        {**OTHER_AFTER, "after_play_effect": "could_not_affect"},
        outcome("16B", None, "none", "none"),
        id="16B-after-play-no-effect",
    ),
    pytest.param(
        "other_after_play_assigned",
        {**OTHER_AFTER, "after_play_effect": "assigned"},
        outcome("16B", True, "none", "assigned", penalty=True),
        id="16B-after-play-12A1-12C2",
    ),
    pytest.param(
        "other_after_play_artificial",
        {**OTHER_AFTER, "after_play_effect": "artificial"},
        outcome("16B", None, "none", "artificial", penalty=True),
        id="16B-after-play-12C1",
    ),
    # Law 73D/73F: an opponent's remark, manner or tempo.
    pytest.param(
        "manner_not_misled",
        {"information_source": "opponent_manner", "misled_and_damaged": False},
        outcome("73D", None, "none", "none"),
        id="73D-not-misled",
    ),
    pytest.param(
        "manner_bridge_reason",
        {"information_source": "opponent_manner", "misled_and_damaged": True, "bridge_reason": True},
        outcome("73D", False, "none", "none"),
        id="73D-bridge-reason",
    ),
    pytest.param(
        "manner_could_not_know",
        {**MANNER, "could_have_known": False},
        outcome("73D", False, "none", "none"),
        id="73F-could-not-have-known",
    ),
    pytest.param(
        "manner_assigned",
        {**MANNER, "could_have_known": True, "nos_irrational": False},
        outcome("73F", True, "none", "assigned", penalty=True),
        id="73F-misled-12C2",
    ),
    pytest.param(
        "manner_assigned_offending_side",
        {**MANNER, "could_have_known": True, "nos_irrational": True},
        outcome("73F", True, "none", "assigned_offending_side"),
        id="73F-misled-nos-wild",
    ),
]


@pytest.fixture(scope="module")
def tree() -> Tree:
    return load_tree(TREE_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_tree_is_a_judgement_tree_with_director_keywords(tree: Tree) -> None:
    assert tree.group == "judgement"
    for word in ("犹豫", "迟疑", "非法信息", "hesitation", "slow pass", "unauthorized information", "UI"):
        assert word in tree.keywords


def test_the_16a_questions_come_in_the_procedure_s_order(tree: Tree) -> None:
    """Law 16A: establish the information, then "demonstrably suggested", the logical alternative, damage."""
    asked, facts = [], {}
    answers = {**PARTNER_INFRACTION, "damaged": True, "nos_irrational": False}
    while (result := evaluate(tree, facts)).status == "question":
        assert result.question is not None
        asked.append(result.question.fact)
        facts[result.question.fact] = answers[result.question.fact]
    assert asked == [
        "information_source",
        "stage",
        "information_established",
        "demonstrably_suggested",
        "logical_alternative",
        "damaged",
        "nos_irrational",
    ]


@pytest.mark.parametrize(
    "fact", ["demonstrably_suggested", "logical_alternative", "damaged", "could_have_known"]
)
def test_every_judgement_is_asked_of_the_director_as_his_judgement(tree: Tree, fact: str) -> None:
    declared = tree.fact(fact)
    assert declared is not None and declared.text is not None
    assert "judgement" in declared.text.en and "判断" in declared.text.zh


def test_the_logical_alternative_help_keeps_poll_thresholds_out_of_the_law(tree: Tree) -> None:
    """The 1997 Laws define no logical alternative and set no proportion (laws-facts.md C-12: keep later codes
    and regulations out); published figures are named as regulations."""
    help_text = tree.fact("logical_alternative").help  # type: ignore[union-attr]
    assert "do not define" in help_text.en and "regulations, not the Laws" in help_text.en
    assert "没有给“合乎逻辑的选择”下定义" in help_text.zh and "不是规则本身" in help_text.zh


def test_wild_or_gambling_is_named_as_the_code_of_practice_not_law(tree: Tree) -> None:
    help_text = tree.fact("nos_irrational").help  # type: ignore[union-attr]
    assert "Code of Practice" in help_text.en and "not the 1997 law text" in help_text.en
    for leaf in ("partner_assigned_offending_side", "withdrawn_assigned_offending_side"):
        assert "Code of Practice" in tree.node(leaf).script.en  # type: ignore[union-attr]


@pytest.mark.parametrize("leaf", ["partner_assigned", "withdrawn_assigned", "manner_assigned"])
def test_assigned_leaves_state_the_1997_rule_and_leave_weighting_to_a_committee(
    tree: Tree, leaf: str
) -> None:
    node = tree.node(leaf)
    script = node.script  # type: ignore[union-attr]
    assert "12C2" in node.laws  # type: ignore[union-attr]
    assert (
        "most favourable" in script.en
        and "most unfavourable" in script.en
        and "need not balance" in script.en
    )
    assert "很可能" in script.zh and "有可能" in script.zh and "不必平衡" in script.zh
    if leaf == "partner_assigned":
        assert "appeals committee" in script.en and "12C3" in node.laws  # type: ignore[union-attr]


def test_no_leaf_weights_results_itself(tree: Tree) -> None:
    """C-12: under 2007/2017 the Director weights; under 1997 he does not. No leaf tells him to."""
    for leaf in tree.leaves:
        assert "weighted score" not in leaf.script.en.lower()
        assert "the director weights" not in leaf.script.en.lower()


def test_every_judgement_leaf_tells_of_the_right_to_appeal(tree: Tree) -> None:
    for leaf in tree.leaves:
        outcome_values = dict(leaf.outcome)
        if outcome_values["infraction"] is not None and outcome_values["rule"] not in ("16B", "16C1"):
            assert "92" in leaf.laws, leaf.id


def test_a_wrong_fact_value_names_the_fact(tree: Tree) -> None:
    with pytest.raises(FactError) as caught:
        evaluate(tree, {"information_source": "partner", "stage": "yesterday"})
    assert caught.value.field == "stage"


def test_j12_information_found_after_play_asks_when_before_any_16b_remedy(tree: Tree) -> None:
    """Law 16B's remedies are for information reported before the board is played; a walk that used to reach a
    16B remedy without saying when now gets the question, never a silent ruling."""
    result = evaluate(tree, {"information_source": "other_source", "interferes_with_play": False})
    assert result.status == "question" and result.question is not None
    assert result.question.fact == "other_stage"
    leaf = tree.node("other_after_play_assigned")
    assert {"16B", "12A1", "12C2"} <= set(leaf.laws)  # type: ignore[union-attr]


def test_j9_the_partner_option_names_explanations_and_alerts(tree: Tree) -> None:
    """Law 16A: a reply to a question — partner's explanation, alert or failure to alert — is information from
    partner (the commonest UI after a bidding misunderstanding)."""
    fact = tree.fact("information_source")
    option = next(o for o in fact.options if o.value == "partner")  # type: ignore[union-attr]
    assert "explanation, alert or failure to alert" in option.label.en
    assert "解释、提醒或未提醒" in option.label.zh


def test_j8_the_leaves_cite_the_73f_limb_they_apply(tree: Tree) -> None:
    """1997 73F1 (illegal information from partner) and 73F2 (misled by an opponent) are cited apart."""
    for leaf in ("partner_no_damage", "partner_assigned", "partner_assigned_offending_side"):
        laws = tree.node(leaf).laws  # type: ignore[union-attr]
        assert "73F1" in laws and "73F2" not in laws and "73F" not in laws, leaf
    for leaf in (
        "manner_not_misled",
        "manner_could_not_know",
        "manner_assigned",
        "manner_assigned_offending_side",
    ):
        laws = tree.node(leaf).laws  # type: ignore[union-attr]
        assert "73F2" in laws and "73F1" not in laws and "73F" not in laws, leaf
