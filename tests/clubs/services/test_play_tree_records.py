"""The club log with the four play trees (issue 16): a ruling of each is recorded, its facts stored in canonical
form (a claim's hands in bridge.cards notation), and it replays unchanged against the current tree."""

import pytest

from clubs.selectors import irregularity_choices, ruling_replay
from rulings.trees import trees
from tests.offline.cases import one_per_leaf

pytestmark = [pytest.mark.log, pytest.mark.django_db]

PLAY_TREES = ["penalty-card", "dummy", "claim", "wrong-cards"]


def test_the_play_trees_are_irregularities_of_the_log():
    assert set(PLAY_TREES) <= {value for value, _ in irregularity_choices()}


@pytest.mark.parametrize("slug", PLAY_TREES)
def test_a_ruling_of_every_leaf_is_recorded_and_replays(make_record, slug):
    for leaf, facts in one_per_leaf(trees()[slug]).items():
        record = make_record(irregularity=slug, facts=facts)
        assert record.outcome["leaf"] == leaf and record.laws
        replay = ruling_replay(record=record)
        assert replay is not None and replay.same, (slug, leaf, replay)


def test_a_claims_cards_are_stored_canonically_and_replay(make_record):
    facts = {
        "beyond_current_trick": "true",
        "kind": "claim",
        "made_by": "declarer",
        "response": "disputed",
        "outstanding_trump": "true",
        "claimer_possibly_unaware": "true",
        "trump_trick_losable": "true",
        "tricks_claimed": "11",
        "tricks_lost": "1",
        "contract": "4♠",
        "declarer": "S",
        "vulnerability": "Both",
        "claimer_cards": "♠A ♥AKQ",
        "partner_cards": "2.-.2.32",
        "lho_cards": "黑桃J 方块543",
        "rho_cards": "h32 c54",
    }
    record = make_record(irregularity="claim", facts=facts, board=4)
    assert record.facts["claimer_cards"] == "SA HAKQ" and record.facts["partner_cards"] == "S2 D2 C32"
    assert record.facts["lho_cards"] == "SJ D543" and record.facts["contract"] == "4S"
    assert record.outcome["tricks_awarded"] == 10 and record.outcome["score_ns"] == 620
    assert record.outcome["sure_tricks"] == 4 and record.outcome["trump_tricks_at_risk"] == 1
    replay = ruling_replay(record=record)
    assert replay is not None and replay.same
