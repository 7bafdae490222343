"""Three judgement rulings worked end to end over real HTTP — facts → poll → decision → scores — each checked by
hand in the comments (Law 77 table, 78A/78B). The poll is counted by bridge.poll (the ruling form counts it in the
browser with the same code, ported); the decision is the tree's answer to the Director's judgements; the scores
are the Law 12C2 builder's."""

import pytest

from bridge.poll import ALTERNATIVE_CHOSEN, tally

pytestmark = pytest.mark.django_db


def row(contract, declarer, tricks, likely, probable):
    return {
        "contract": contract,
        "declarer": declarer,
        "tricks": tricks,
        "likely": likely,
        "at_all_probable": probable,
    }


def evaluate(http, slug, facts):
    response = http("POST", f"/api/rulings/trees/{slug}/evaluate/", {"facts": facts})
    assert response.status == 200
    return response.json()


def test_worked_ruling_1_slow_pass_then_4_spades_teams(http):
    """Board 5 (dealer N, NS vulnerable), teams. 1♥ (N) 1♠ 2♥ 2♠; 4♥ pass(slow, E) pass 4♠ (W); X all pass.
    4♠X by W, 9 tricks: EW not vulnerable, doubled one down = 100 to NS."""
    # Facts: the table agrees East paused about 20 seconds; NS reserved their rights.
    # Poll: 8 peers given West's hand without the pause — Pass 5, 4♠ 3; of the 4♠ bidders, 2 considered passing.
    poll = tally(
        {
            "action": "4♠",
            "calls": [
                {"call": "Pass", "chose": 5, "considered": 2},
                {"call": "4♠", "chose": 3, "considered": 0},
            ],
        }
    )
    # Hand check: 5 + 3 = 8 polled; 5/8 = 62.5%, 3/8 = 37.5%; Pass was chosen by peers.
    assert (poll.polled, poll.calls[0].share, poll.taken.share) == (8, 62.5, 37.5)
    assert poll.reading == ALTERNATIVE_CHOSEN and poll.alternatives == ("Pass",)
    # Decision: the Director judges the pause demonstrably suggests bidding on, Pass a logical alternative (the
    # poll), NS damaged, no wild action by NS → Law 73F, assigned scores for both sides.
    answer = evaluate(
        http,
        "unauthorized-information",
        {
            "information_source": "partner",
            "stage": "end_of_play",
            "information_established": True,
            "demonstrably_suggested": True,
            "logical_alternative": True,
            "damaged": True,
            "nos_irrational": False,
        },
    )
    ruling = answer["ruling"]
    assert (ruling["leaf"], ruling["rule"], ruling["adjustment"]) == ("partner_assigned", "73F", "assigned")
    # Scores. Without the infraction NS play 4♥ by S: making is likely, one down at all probable.
    #   4♥ making, vulnerable: 4 × 30 = 120 + 500 game = 620 to NS.   4♥ −1 vulnerable undoubled: −100 to NS.
    #   NS (non-offending): most favourable likely = 620.  EW: most unfavourable at all probable for EW = −620
    #   (−620 is worse for EW than +100).  Other table NS 170: 620 − 170 = 450 → 10 IMPs (430–490); EW −10.
    scores = http(
        "POST",
        "/api/assigned-score/",
        {
            "board": 5,
            "offending_side": "EW",
            "results": [row("4H", "S", 10, True, True), row("4H", "S", 9, False, True)],
            "table_result": {"contract": "4SX", "declarer": "W", "tricks": 9},
            "other_table_score_ns": 170,
        },
    ).json()
    assert scores["table_result"]["score_ns"] == 100
    assert (scores["NS"]["score"], scores["EW"]["score"]) == (620, -620)
    assert (scores["NS"]["imps"], scores["EW"]["imps"]) == (10, -10)


def test_worked_ruling_2_misexplanation_pairs_non_balancing(http):
    """Board 4 (dealer W, both vulnerable), pairs. NS explained North's 2NT as 'minors'; no evidence of what the
    agreement was. East, misinformed, stopped in 3♠, making 10 tricks: 90 + 30 + 50 = 170 to EW."""
    # Poll: 8 peers of East's, given the correct explanation — 4♠ 6, 3♠ 2 (1 of them considered 4♠).
    poll = tally(
        {"action": "3♠", "calls": [{"call": "4♠", "chose": 6}, {"call": "3♠", "chose": 2, "considered": 1}]}
    )
    # Hand check: 6/8 = 75% bid game, 2/8 = 25% stopped.
    assert (poll.calls[0].share, poll.taken.share) == (75.0, 25.0)
    # Decision: no evidence either way → mistaken explanation presumed (75D); after play, EW damaged (they would
    # likely have bid 4♠), no wild action → Law 40C, assigned scores.
    ruling = evaluate(
        http,
        "misinformation",
        {
            "agreement_evidence": "no_evidence",
            "stage": "end_of_play",
            "damaged": True,
            "nos_irrational": False,
        },
    )["ruling"]
    assert (ruling["leaf"], ruling["rule"], ruling["infraction"]) == ("assigned", "40C", True)
    # Scores. 4♠ by E making 10 (likely): 120 + 500 = 620 to EW. 4♠ by E making 11 (at all probable):
    #   120 + 30 + 500 = 650 to EW.  EW (non-offending): best likely = +620.  NS (offending): worst at all
    #   probable for NS = −650.  They do not balance (620 ≠ 650).
    #   Field NS scores −620, −620, −650, −500, −600: NS −650 beats none, ties one → 1/10 = 10%;
    #   EW +620 against 620, 620, 650, 500, 600: beats 500 and 600 (4), ties two (2) → 6/10 = 60%.
    scores = http(
        "POST",
        "/api/assigned-score/",
        {
            "board": 4,
            "offending_side": "NS",
            "results": [row("4S", "E", 10, True, True), row("4S", "E", 11, False, True)],
            "table_result": {"contract": "3S", "declarer": "E", "tricks": 10},
            "field_scores_ns": [-620, -620, -650, -500, -600],
        },
    ).json()
    assert scores["table_result"]["score_ew"] == 170
    assert (scores["EW"]["score"], scores["NS"]["score"], scores["balanced"]) == (620, -650, False)
    assert (scores["NS"]["percentage"], scores["EW"]["percentage"]) == (10.0, 60.0)
    assert scores["adjustment"]["NS"] == {"contract": "4S", "declarer": "E", "tricks": 11}


def test_worked_ruling_3_hesitation_then_a_wild_slam_by_the_victims(http):
    """Board 7 (dealer S, both vulnerable), pairs. West raised after East's slow pass; North then jumped to 6♥
    without any basis and went two down: 2 × 100 = 200 to EW (NS −200)."""
    # Poll: 8 peers of West's — Pass 5, raise 3.
    poll = tally({"action": "3♠", "calls": [{"call": "Pass", "chose": 5}, {"call": "3♠", "chose": 3}]})
    assert poll.reading == ALTERNATIVE_CHOSEN and poll.taken.share == 37.5
    # Decision: infraction (16A, 73C) and damage, but North's 6♥ was a gambling action (WBF Code of Practice): NS
    # keep their table result; EW still get the 12C2 assigned score.
    ruling = evaluate(
        http,
        "unauthorized-information",
        {
            "information_source": "partner",
            "stage": "end_of_play",
            "information_established": True,
            "demonstrably_suggested": True,
            "logical_alternative": True,
            "damaged": True,
            "nos_irrational": True,
        },
    )["ruling"]
    assert ruling["adjustment"] == "assigned_offending_side"
    # Scores. 4♥ by N making 10 (likely): 620 to NS; making 11 (at all probable): 120 + 30 + 500 = 650 to NS.
    #   EW (offending): worst at all probable for EW = −650.  NS keep −200.
    #   Field NS 620, 620, 650, 170, −100: NS −200 beats none, ties none → 0/10 = 0%.
    #   EW −650 against −620, −620, −650, −170, +100: beats none, ties one → 1/10 = 10%.
    scores = http(
        "POST",
        "/api/assigned-score/",
        {
            "board": 7,
            "offending_side": "EW",
            "results": [row("4H", "N", 10, True, True), row("4H", "N", 11, False, True)],
            "table_result": {"contract": "6H", "declarer": "N", "tricks": 10},
            "non_offending_keeps_table_result": True,
            "field_scores_ns": [620, 620, 650, 170, -100],
        },
    ).json()
    assert (scores["NS"]["basis"], scores["NS"]["score"], scores["NS"]["percentage"]) == ("table", -200, 0.0)
    assert (scores["EW"]["basis"], scores["EW"]["score"], scores["EW"]["percentage"]) == (
        "at_all_probable",
        -650,
        10.0,
    )
