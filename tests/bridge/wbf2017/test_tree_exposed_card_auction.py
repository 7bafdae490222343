"""The 2017 exposed-card-auction tree (Law 24 of the WBF 2017 Laws, with 16C, 50, 51, 72C; laws-facts-2017.md A L24,
B L48–L54): a casebook reaching every leaf, each case named after the 2017 law it rests on, the tree validated
against the 2017 outline, and what changed from the 1997 code (the same bars; the review of the enforced pass is
Law 72C, not Law 23; Law 24 itself returns the cards to declarer or dummy and makes every one a penalty card for a
defender)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridge.trees import Tree, evaluate, load_tree
from laws.outline import load_outline
from tests.bridge.leaf_cases import assert_cases_cover_every_leaf, assert_reaches_leaf

ROOT = Path(__file__).resolve().parents[3]
TREE_PATH = ROOT / "fixtures" / "trees" / "wbf-2017" / "exposed-card-auction.yaml"
TREE_1999_PATH = ROOT / "fixtures" / "trees" / "exposed-card-auction.yaml"
OUTLINE = ROOT / "fixtures" / "editions" / "wbf-2017" / "outline"


def outcome(rule: str, partner: str, penalty_card: str, restriction: str) -> dict[str, Any]:
    return {
        "rule": rule,
        "partner_must_pass": partner,
        "penalty_card": penalty_card,
        "lead_restriction": restriction,
        "lead_penalties": False,
        "damaging_pass_check": partner != "none",
        "adjusted_score": False,
        "adjustment_review": partner != "none",
    }


SEEN = {"partner_could_see": True}
ONE = {**SEEN, "cards_exposed": "one"}
NO_RECTIFICATION = outcome("24", "none", "none", "none")
LOW = outcome("24A", "none", "minor", "none")
BARRED_MAJOR = {"partner": "next_turn", "penalty_card": "major", "restriction": "pending"}

CASES = [
    pytest.param(
        "not_exposed_24",
        {"partner_could_see": False},
        NO_RECTIFICATION,
        id="24-card-fell-face-down-partner-could-not-see-it",
    ),
    pytest.param(
        "not_exposed_24",
        {"partner_could_see": False, "cards_exposed": "two_or_more"},
        NO_RECTIFICATION,
        id="24-only-the-opponents-saw-the-cards",
    ),
    pytest.param(
        "low_card_24a",
        {**ONE, "prematurely_led": False, "honour": False},
        LOW,
        id="24A-the-five-of-clubs-dropped-face-up",
    ),
    pytest.param(
        "low_card_24a",
        {**ONE, "prematurely_led": False, "honour": False},
        LOW,
        id="24A-a-nine-is-below-honour-rank-and-becomes-a-penalty-card-under-24E",
    ),
    pytest.param(
        "honour_24b",
        {**ONE, "prematurely_led": False, "honour": True},
        outcome("24B", **BARRED_MAJOR),
        id="24B-the-king-of-hearts-dropped-face-up",
    ),
    pytest.param(
        "honour_24b",
        {**ONE, "prematurely_led": False, "honour": True},
        outcome("24B", **BARRED_MAJOR),
        id="24B-a-ten-is-an-honour",
    ),
    pytest.param(
        "premature_lead_24b",
        {**ONE, "prematurely_led": True},
        outcome("24B", **BARRED_MAJOR),
        id="24B-a-low-card-led-before-the-auction-ended",
    ),
    pytest.param(
        "premature_lead_24b",
        {**ONE, "prematurely_led": True, "honour": False},
        outcome("24B", **BARRED_MAJOR),
        id="24B-a-deliberately-led-deuce-is-a-major-penalty-card",
    ),
    pytest.param(
        "two_or_more_24c",
        {**SEEN, "cards_exposed": "two_or_more"},
        outcome("24C", **BARRED_MAJOR),
        id="24C-two-low-cards-dropped-together",
    ),
    pytest.param(
        "two_or_more_24c",
        {**SEEN, "cards_exposed": "two_or_more", "honour": True},
        outcome("24C", **BARRED_MAJOR),
        id="24C-the-hand-fanned-towards-partner",
    ),
]


@pytest.fixture(scope="module")
def refs() -> frozenset[str]:
    return frozenset(load_outline(OUTLINE).all_refs())


@pytest.fixture(scope="module")
def tree(refs: frozenset[str]) -> Tree:
    return load_tree(TREE_PATH, refs)


@pytest.fixture(scope="module")
def tree_1999() -> Tree:
    return load_tree(TREE_1999_PATH)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_reaches_its_leaf(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any]
) -> None:
    assert_reaches_leaf(tree, leaf, facts, expected)


@pytest.mark.parametrize(("leaf", "facts", "expected"), CASES)
def test_case_cites_the_2017_law_it_is_named_after(
    tree: Tree, leaf: str, facts: dict[str, object], expected: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    law = request.node.callspec.id.split("-")[0]
    ruling = evaluate(tree, facts).ruling
    assert ruling is not None and ruling.outcome["rule"] == law and law in ruling.laws


def test_cases_cover_every_leaf(tree: Tree) -> None:
    assert_cases_cover_every_leaf(tree, CASES)


def test_the_tree_is_a_2017_tree_valid_against_the_2017_outline(tree: Tree, refs: frozenset[str]) -> None:
    assert tree.edition == "wbf-2017" and tree.slug == "exposed-card-auction" and tree.version == 1
    cited = set(tree.laws) | {ref for fact in tree.facts for ref in fact.laws}
    cited |= {ref for leaf in tree.leaves for ref in leaf.laws}
    assert cited <= refs


def test_the_text_speaks_of_the_2017_laws_never_of_the_ccba_1999_rulebook() -> None:
    body = TREE_PATH.read_text(encoding="utf-8").split("\nslug:")[1]
    assert "2017年《复式桥牌竞赛规则》" in body and "the 2017 laws" in body.lower()
    for word in ("中国桥牌协会", "CCBA", "1999", "第23条", "Law 23", "50E"):
        assert word not in body, word


def test_the_number_of_cards_decides_before_their_rank(tree: Tree) -> None:
    """Law 24C: more than one card bars partner whatever their rank, so rank is never asked for them."""
    path = evaluate(tree, {**SEEN, "cards_exposed": "two_or_more"}).path
    assert [step.fact for step in path] == ["partner_could_see", "cards_exposed"]
    result = evaluate(tree, ONE)
    assert result.question is not None and result.question.fact == "prematurely_led"


def test_every_exposed_card_is_returned_or_a_penalty_card_under_24d_24e(tree: Tree) -> None:
    for leaf in tree.leaves:
        if leaf.outcome_map["penalty_card"] == "none":
            continue
        assert {"24D", "24E"} <= set(leaf.laws), leaf.id
        assert "庄家或明手" in leaf.script.zh and "declarer or dummy" in leaf.script.en, leaf.id
        assert "16C" in leaf.laws and "第16条C款" in leaf.script.zh, leaf.id


def test_the_enforced_pass_review_is_72c(tree: Tree) -> None:
    for leaf in tree.leaves:
        barred = leaf.outcome_map["partner_must_pass"] != "none"
        assert leaf.outcome_map["damaging_pass_check"] is barred, leaf.id
        assert ("72C" in leaf.laws) is barred, leaf.id
        if barred:
            assert leaf.outcome_map["partner_must_pass"] == "next_turn", leaf.id
            assert "第72条C款" in leaf.script.zh and "Law 72C" in leaf.script.en, leaf.id


def test_the_help_sets_the_2017_boundary_of_the_auction_period(tree: Tree) -> None:
    """Law 17D1: the auction period ends when the opening lead is faced; 54E sends a declaring-side lead here."""
    fact = tree.fact("partner_could_see")
    assert fact is not None and fact.help is not None
    assert {"17D1", "54E"} <= set(fact.laws)
    assert "首引翻开" in fact.help.zh and "opening lead is faced" in fact.help.en


def test_several_suits_declarer_may_impose_nothing_51b2(tree: Tree) -> None:
    leaf = next(leaf for leaf in tree.leaves if leaf.id == "two_or_more_24c")
    assert "51B2" in leaf.laws and "impose nothing" in leaf.script.en and "也可以不作要求" in leaf.script.zh


# --- what changed from the 1997 code: the same bars and penalty cards, another law for the damage review ----------


def test_the_codes_give_the_same_bars_and_penalty_cards(tree_1999: Tree, tree: Tree) -> None:
    for _leaf, facts, _expected in (case.values for case in CASES):
        old, new = evaluate(tree_1999, facts).ruling, evaluate(tree, facts).ruling
        assert old is not None and new is not None
        assert dict(old.outcome) == dict(new.outcome), facts


@pytest.mark.parametrize(
    "facts",
    [
        pytest.param({**ONE, "prematurely_led": False, "honour": True}, id="72C-honour"),
        pytest.param({**ONE, "prematurely_led": True}, id="72C-premature-lead"),
        pytest.param({**SEEN, "cards_exposed": "two_or_more"}, id="72C-two-cards"),
    ],
)
def test_the_codes_differ_in_the_law_of_the_damage_review(
    tree_1999: Tree, tree: Tree, facts: dict[str, object]
) -> None:
    """1997: Law 23 (damaging pass); 2017: Law 72C (Law 23 is now the comparable call)."""
    old, new = evaluate(tree_1999, facts).ruling, evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert "23" in old.laws and "72C" not in old.laws
    assert "72C" in new.laws and "23" not in new.laws
    assert "第23条" in old.script.zh and "第23条" not in new.script.zh


def test_the_codes_differ_in_where_the_cards_go(tree_1999: Tree, tree: Tree) -> None:
    """1997 cites Law 48 for declarer's and dummy's cards; 2017 Law 24 says it itself (24D, 24E)."""
    facts = {**ONE, "prematurely_led": False, "honour": False}
    old, new = evaluate(tree_1999, facts).ruling, evaluate(tree, facts).ruling
    assert old is not None and new is not None
    assert "48" in old.laws and "24D" not in old.laws
    assert {"24D", "24E"} <= set(new.laws) and "48" not in new.laws
