"""The 2017 unauthorised-information tree (Laws 16, 23, 73 and 12 of the WBF 2017 Laws; laws-facts-2017.md L12, L16,
L23, L73): every leaf, each case naming the 2017 law it rests on; the tree validates against the 2017 outline; and
the same table facts ruled under both codes give what each code requires."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_2017 = ROOT / "fixtures" / "trees" / "wbf-2017" / "unauthorized-information.yaml"
TREE_1999 = ROOT / "fixtures" / "trees" / "unauthorized-information.yaml"
OUTLINE_2017 = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"

PARTNER = {"information_source": "partner", "stage": "end_of_play", "information_established": True}
PARTNER_INFRACTION = {**PARTNER, "demonstrably_suggested": True, "logical_alternative": True}
WITHDRAWN = {"information_source": "withdrawn_action", "withdrawn_receiver": "offending"}
WITHDRAWN_OTHER = {**WITHDRAWN, "replaced_by_comparable_call": False}
WITHDRAWN_INFRACTION = {**WITHDRAWN_OTHER, "demonstrably_suggested": True, "logical_alternative": True}
MANNER = {"information_source": "opponent_manner", "misled_and_damaged": True, "bridge_reason": False}
OTHER_BEFORE = {
    "information_source": "other_source",
    "other_stage": "before_play",
    "interferes_with_play": True,
}
OTHER_DURING = {
    "information_source": "other_source",
    "other_stage": "after_first_call",
    "interferes_with_play": True,
}
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
    adjusted = {"none": False, "review_after_play": None}.get(adjustment, True)
    return {
        "rule": rule,
        "infraction": infraction,
        "table_action": action,
        "adjusted_score": adjusted,
        "adjustment": adjustment,
        "adjustment_review": (adjustment == "review_after_play") if review is None else review,
        "procedural_penalty_option": penalty,
        "director_error_adjustment": error,
    }


CASES = [
    # Law 16B2: rights reserved at the time — establish the facts, play on, review after play (16B3).
    pytest.param(
        "partner_at_the_time",
        {"information_source": "partner", "stage": "at_the_time"},
        outcome("16B2", None, "continue_play", "review_after_play"),
        id="16B2-called-during-the-auction",
    ),
    # Law 85A1/85B: not established on the balance of probabilities — the result stands.
    pytest.param(
        "partner_not_established",
        {**PARTNER, "information_established": False},
        outcome("85B", False, "none", "none"),
        id="85B-facts-not-established",
    ),
    # Law 16B1(a): forbidden only when demonstrably suggested over another action.
    pytest.param(
        "partner_not_suggested",
        {**PARTNER, "demonstrably_suggested": False},
        outcome("16B1", False, "none", "none"),
        id="16B1a-not-demonstrably-suggested",
    ),
    # Law 16B1(b): no action a significant proportion would seriously consider — no logical alternative.
    pytest.param(
        "partner_no_alternative",
        {**PARTNER, "demonstrably_suggested": True, "logical_alternative": False},
        outcome("16B1", False, "none", "none"),
        id="16B1b-no-logical-alternative",
    ),
    # Law 73C1 breached, Law 12B1 no damage: no adjustment; 73C2 penalty open.
    pytest.param(
        "partner_no_damage",
        {**PARTNER_INFRACTION, "damaged": False},
        outcome("73C", True, "none", "none", penalty=True),
        id="73C2-infraction-without-damage",
    ),
    # Law 16B1 + 12C1: assigned score, the probable outcome, weighting by the Director (12C1(c)).
    pytest.param(
        "partner_assigned",
        {**PARTNER_INFRACTION, "damaged": True, "nos_irrational": False},
        outcome("16B1", True, "none", "assigned"),
        id="12C1c-assigned-score-may-be-weighted",
    ),
    # Law 12C1(e): extremely serious error or gamble — no redress for the self-inflicted part.
    pytest.param(
        "partner_assigned_offending_side",
        {**PARTNER_INFRACTION, "damaged": True, "nos_irrational": True},
        outcome("16B1", True, "none", "assigned_offending_side"),
        id="12C1e-self-inflicted-damage",
    ),
    # Law 16C1: all information from withdrawn actions is authorised to the non-offending side.
    pytest.param(
        "withdrawn_non_offending",
        {"information_source": "withdrawn_action", "withdrawn_receiver": "non_offending"},
        outcome("16C1", False, "continue_play", "none"),
        id="16C1-authorised-to-the-non-offending-side",
    ),
    # Law 23B: a comparable call — 16C2 does not apply; 23C finds no damage.
    pytest.param(
        "comparable_stands",
        {**WITHDRAWN, "replaced_by_comparable_call": True, "comparable_outcome_could_differ": False},
        outcome("23B", False, "none", "none"),
        id="23B-comparable-call-no-further-rectification",
    ),
    # Law 23C: comparable call, but the outcome could well have been different and the side was damaged.
    pytest.param(
        "comparable_adjusted",
        {**WITHDRAWN, "replaced_by_comparable_call": True, "comparable_outcome_could_differ": True},
        outcome("23C", True, "none", "assigned"),
        id="23C-comparable-call-damage-adjusted",
    ),
    pytest.param(
        "withdrawn_not_suggested",
        {**WITHDRAWN_OTHER, "demonstrably_suggested": False},
        outcome("16C2", False, "none", "none"),
        id="16C2-not-suggested",
    ),
    pytest.param(
        "withdrawn_no_alternative",
        {**WITHDRAWN_OTHER, "demonstrably_suggested": True, "logical_alternative": False},
        outcome("16C2", False, "none", "none"),
        id="16C2-no-logical-alternative",
    ),
    pytest.param(
        "withdrawn_no_damage",
        {**WITHDRAWN_INFRACTION, "damaged": False},
        outcome("16C2", True, "none", "none"),
        id="16C2-infraction-without-damage",
    ),
    # Law 16C3: the Director assigns an adjusted score for a damaging 16C2 breach.
    pytest.param(
        "withdrawn_assigned",
        {**WITHDRAWN_INFRACTION, "damaged": True, "nos_irrational": False},
        outcome("16C3", True, "none", "assigned"),
        id="16C3-assigned-score",
    ),
    pytest.param(
        "withdrawn_assigned_offending_side",
        {**WITHDRAWN_INFRACTION, "damaged": True, "nos_irrational": True},
        outcome("16C3", True, "none", "assigned_offending_side"),
        id="16C3-12C1e-self-inflicted",
    ),
    # Law 16D2: immaterial information — play normally (the Director's judgement, 82C if wrong).
    pytest.param(
        "other_play_normally",
        {**OTHER_BEFORE, "interferes_with_play": False},
        outcome("16D", False, "continue_play", "none", review=True, error=True),
        id="16D2-immaterial-play-normally",
    ),
    # Law 16D2(b): before any call, a redeal where the form of competition allows.
    pytest.param(
        "other_redeal",
        {**OTHER_BEFORE, "remedy_16b": "redeal"},
        outcome("16D", False, "redeal", "none"),
        id="16D2-redeal",
    ),
    # Law 16D3: after the first call — play on and adjust if the information affected the result.
    pytest.param(
        "other_play_and_adjust",
        {**OTHER_DURING, "remedy_after_call": "play_and_adjust"},
        outcome("16D", None, "continue_play", "review_after_play"),
        id="16D3-play-on-and-adjust",
    ),
    # Law 16D2(d) + 12C2: an adjusted score at once, artificial (no result to estimate).
    pytest.param(
        "other_artificial",
        {**OTHER_BEFORE, "remedy_16b": "artificial_score"},
        outcome("16D", False, "cancel_board", "artificial", penalty=True),
        id="16D2-12C2-artificial-score",
    ),
    pytest.param(
        "other_after_play_stands",
        {**OTHER_AFTER, "after_play_effect": "could_not_affect"},
        outcome("16D", None, "none", "none"),
        id="16D1-found-after-play-no-effect",
    ),
    pytest.param(
        "other_after_play_assigned",
        {**OTHER_AFTER, "after_play_effect": "assigned"},
        outcome("16D", True, "none", "assigned", penalty=True),
        id="12A1-12C1-found-after-play-assigned",
    ),
    pytest.param(
        "other_after_play_artificial",
        {**OTHER_AFTER, "after_play_effect": "artificial"},
        outcome("16D", None, "none", "artificial", penalty=True),
        id="12A2-12C2-found-after-play-artificial",
    ),
    # Law 73D1/73E2: not misled — no adjustment.
    pytest.param(
        "manner_not_misled",
        {"information_source": "opponent_manner", "misled_and_damaged": False},
        outcome("73D", None, "none", "none"),
        id="73E2-not-misled",
    ),
    pytest.param(
        "manner_bridge_reason",
        {**MANNER, "bridge_reason": True},
        outcome("73D", False, "none", "none"),
        id="73D1-bridge-reason",
    ),
    pytest.param(
        "manner_could_not_know",
        {**MANNER, "could_have_known": False},
        outcome("73D", False, "none", "none"),
        id="73E2-could-not-have-been-aware",
    ),
    pytest.param(
        "manner_assigned",
        {**MANNER, "could_have_known": True, "nos_irrational": False},
        outcome("73E2", True, "none", "assigned", penalty=True),
        id="73E2-12C1-assigned",
    ),
    pytest.param(
        "manner_assigned_offending_side",
        {**MANNER, "could_have_known": True, "nos_irrational": True},
        outcome("73E2", True, "none", "assigned_offending_side"),
        id="73E2-12C1e-self-inflicted",
    ),
]


@pytest.fixture(scope="module")
def refs_2017() -> frozenset[str]:
    return frozenset(load_outline(OUTLINE_2017).all_refs())


@pytest.fixture(scope="module")
def tree(refs_2017: frozenset[str]) -> Tree:
    return load_tree(TREE_2017, refs_2017)


@pytest.fixture(scope="module")
def tree_1999() -> Tree:
    return load_tree(TREE_1999)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_tree_is_the_2017_edition_and_cites_only_2017_refs(tree: Tree, refs_2017: frozenset[str]) -> None:
    assert tree.edition == "wbf-2017"
    assert tree.slug == "unauthorized-information"
    cited = {ref for leaf in tree.leaves for ref in leaf.laws}
    assert cited <= refs_2017
    # 1997-only references are gone: the 12C2 "likely / at all probable" rule, the committee's 12C3, 73F, 16A2.
    assert not cited & {"12C3", "73F", "73F1", "73F2", "16A2", "86A", "88"}


def _script(tree: Tree, leaf: str, lang: str) -> str:
    node = tree.nodes_by_id[leaf]
    return str(getattr(node.script, lang))  # type: ignore[union-attr]


def _values(tree: Tree, fact: str) -> set[object]:
    return {option.value for option in tree.facts_by_name[fact].options}


def _help(tree: Tree, fact: str, lang: str) -> str:
    return str(getattr(tree.facts_by_name[fact].help, lang))


def _ruling(tree: Tree, facts: dict[str, object]) -> Any:
    """The ruling for the same table facts, given only the facts this code's tree asks about."""
    result = evaluate(tree, {name: value for name, value in facts.items() if name in tree.facts_by_name})
    assert result.status == "ruling", result
    assert result.ruling is not None
    return result.ruling


# --- the codes differ --------------------------------------------------------------------------------------------


def test_the_assigned_score_is_weighted_by_the_director_in_2017_by_a_committee_in_1997(
    tree: Tree, tree_1999: Tree
) -> None:
    facts = {**PARTNER_INFRACTION, "damaged": True, "nos_irrational": False}
    old, new = _ruling(tree_1999, facts), _ruling(tree, facts)
    assert old.outcome["adjustment"] == new.outcome["adjustment"] == "assigned"
    assert "12C3" in old.laws and "12C2" in old.laws
    assert "12C1" in new.laws and "12C3" not in new.laws
    assert "仲裁委员会" in _script(tree_1999, old.leaf, "zh")
    assert "加权" in _script(tree, new.leaf, "zh") and "12C1(c)" in _script(tree, new.leaf, "en")
    assert "most favourable of the likely" not in _script(tree, new.leaf, "en")


def test_the_partner_ui_rule_is_16b1_in_2017_and_16a_73f_in_1997(tree: Tree, tree_1999: Tree) -> None:
    for facts, old_rule, new_rule in (
        ({**PARTNER, "demonstrably_suggested": False}, "16A", "16B1"),
        ({**PARTNER_INFRACTION, "damaged": True, "nos_irrational": False}, "73F", "16B1"),
        ({"information_source": "partner", "stage": "at_the_time"}, "16A2", "16B2"),
    ):
        assert _ruling(tree_1999, facts).outcome["rule"] == old_rule
        assert _ruling(tree, facts).outcome["rule"] == new_rule


def test_a_comparable_call_frees_partner_in_2017_where_1997_applied_16c2(tree: Tree, tree_1999: Tree) -> None:
    # The offending side used the cancelled call's information; 2017 asks first whether it was comparable.
    facts = {
        **WITHDRAWN,
        "replaced_by_comparable_call": True,
        "comparable_outcome_could_differ": False,
        "demonstrably_suggested": True,
        "logical_alternative": True,
        "damaged": True,
        "nos_irrational": False,
    }
    assert _ruling(tree_1999, facts).outcome["adjustment"] == "assigned"
    new = _ruling(tree, facts)
    assert new.leaf == "comparable_stands" and new.outcome["adjustment"] == "none"


def test_other_source_remedies_differ(tree: Tree, tree_1999: Tree) -> None:
    # 1997 16B: rearrange seats / substitute / artificial score; 2017 16D2: redeal / play on / adjusted score.
    assert _values(tree_1999, "remedy_16b") == {"rearrange_seats", "substitute", "artificial_score"}
    assert _values(tree, "remedy_16b") == {"redeal", "play_and_adjust", "artificial_score"}
    new = _ruling(tree, {**OTHER_BEFORE, "remedy_16b": "redeal"})
    assert new.outcome["table_action"] == "redeal" and new.laws == ("16D2",)
    # After the first call 2017 offers no redeal (16D3).
    assert _values(tree, "remedy_after_call") == {"play_and_adjust", "artificial_score"}


def test_the_misleading_opponent_is_73e2_in_2017_and_73f2_in_1997(tree: Tree, tree_1999: Tree) -> None:
    facts = {**MANNER, "could_have_known": True, "nos_irrational": False}
    assert _ruling(tree_1999, facts).outcome["rule"] == "73F"
    new = _ruling(tree, facts)
    assert new.outcome["rule"] == "73E2" and "73E2" in new.laws


def test_self_inflicted_damage_is_the_2017_law_not_the_code_of_practice(tree: Tree, tree_1999: Tree) -> None:
    assert "Code of Practice" in _help(tree_1999, "nos_irrational", "en")
    help_en = _help(tree, "nos_irrational", "en")
    assert "extremely serious error" in help_en and "12C1(e)" in help_en
    assert "Code of Practice" not in help_en
    assert "unverified" in help_en  # the "hoped to recover" wording is [17?]


# --- the 2017 texts -----------------------------------------------------------------------------------------------


def test_the_logical_alternative_help_gives_the_2017_definition_and_no_figure(tree: Tree) -> None:
    zh, en = _help(tree, "logical_alternative", "zh"), _help(tree, "logical_alternative", "en")
    assert "16B1(b)" in en and "significant proportion" in en
    assert "相当比例" in zh
    assert "%" not in zh and "%" not in en


def test_the_unverified_seat_rearrangement_decides_no_leaf(tree: Tree) -> None:
    assert "rearrange_seats" not in _values(tree, "remedy_16b")
    assert "待核实" in _help(tree, "remedy_16b", "zh")
    assert "unverified" in _help(tree, "remedy_16b", "en")


def test_the_texts_speak_of_the_2017_laws_not_the_1999_rulebook(tree: Tree) -> None:
    assert "2017" in str(tree.description.zh) and "2017" in str(tree.description.en)
    for leaf in tree.leaf_ids:
        for lang in ("zh", "en"):
            text = _script(tree, leaf, lang)
            assert "1999" not in text and "CCBA" not in text
            assert "第73条F款" not in text and "Law 73F" not in text and "12C2(c)" not in text


def test_every_judgement_leaf_tells_of_the_right_to_appeal(tree: Tree) -> None:
    for leaf in tree.leaves:
        if dict(leaf.outcome)["adjustment"] in ("assigned", "assigned_offending_side"):
            assert "92" in leaf.laws, leaf.id


def test_the_regulating_authority_option_for_the_old_standard_is_marked_unverified(tree: Tree) -> None:
    """laws-facts-2017.md Part D, A19: whether an authority may still elect likely / at all probable is [17?]."""
    assert "待核实" in _help(tree, "damaged", "zh") and "规程" in _help(tree, "damaged", "zh")
    assert "unverified" in _help(tree, "damaged", "en") and "regulations" in _help(tree, "damaged", "en")
