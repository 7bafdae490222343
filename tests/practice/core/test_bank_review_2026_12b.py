"""Issue 27 (rulings review 2026-12b): the bank's premises agree with the trees (A4), and the points directors
mis-rule have practice items (P12: Law 17D, and Law 15B's side that had played keeping its first score)."""

from bridge.trees import evaluate
from practice.core.checks import engine_values
from tests.practice.core.bank_data import BANK, TREES


def _tree_leaves(slug: str) -> dict[str, set[str]]:
    reached: dict[str, set[str]] = {}
    for scenario in BANK.values():
        for check in scenario.checks:
            if check.kind == "tree" and check.tree == slug:
                reached.setdefault(str(engine_values(check, TREES)["leaf"]), set()).add(scenario.id)
    return reached


def test_a4_ib14_the_bar_it_states_comes_from_a_27b2_replacement():
    """A4, Law 27B1(a) (CCBA): the lowest sufficient bid in the same denomination, neither bid conventional, frees
    partner; ib-14 stated "南改叫2♥" over 2♣ (the lowest heart bid) and yet barred North under 27B2."""
    situation = BANK["ib-14"].situation
    assert "南改叫2♥" not in situation and "南改叫3♥" in situation
    south = evaluate(
        TREES["insufficient-bid"],
        {
            "inadvertent_corrected_at_once": False,
            "after_final_pass": False,
            "offender_obliged_to_pass": False,
            "in_rotation": True,
            "accepted": False,
            "corrected_before_lho_chose": False,
            "replacement": "other_sufficient_bid",
            "insufficient_bid_conventional": False,
        },
    )
    assert south.ruling is not None, south.question
    assert south.ruling["rule"] == "27B2" and south.ruling["partner_must_pass"] == "rest_of_auction"


def test_p12_law_17d_has_practice_items_for_both_outcomes():
    """P12, Law 17D: the call made with another board's cards is redone (no score adjustment) unless LHO had called
    over it and the new call differs (artificial score)."""
    reached = _tree_leaves("wrong-cards")
    assert "call_cancelled_17d" in reached and "artificial_17d" in reached


def test_p12_law_15b_the_side_that_had_played_keeps_its_first_score():
    """P12/P2, Law 15B: a practice item where the pair playing the board a second time keeps its first result and
    only the deprived pair gets an artificial score."""
    reached = _tree_leaves("wrong-cards")
    items = reached.get("second_play_ew_deprived_15b", set()) | reached.get(
        "second_play_ns_deprived_15b", set()
    )
    keeps = [
        BANK[item]
        for item in items
        if any("保留第1轮" in o.text for q in BANK[item].questions for o in q.options)
    ]
    assert keeps, items
