"""The player poll (bridge.poll): counts of what peers chose and considered; the judgement stays the Director's."""

from __future__ import annotations

import pytest

from bridge import EngineError
from bridge.poll import (
    ALTERNATIVE_CHOSEN,
    ALTERNATIVE_CONSIDERED,
    MAX_CALL_LENGTH,
    MAX_PEERS,
    MAX_POLL_CALLS,
    NO_ALTERNATIVE,
    tally,
)


def test_a_poll_where_peers_chose_the_call_not_suggested():
    # Eight peers given West's hand after the slow pass, without the hesitation: 5 pass, 3 bid 4♠; of those who
    # bid, 2 seriously considered passing. Shares: 5/8 = 62.5%, 3/8 = 37.5%.
    poll = tally(
        {
            "action": "4♠",
            "calls": [
                {"call": "Pass", "chose": 5, "considered": 2},
                {"call": "4♠", "chose": 3},
                {"call": "Double", "considered": 1},
            ],
        }
    )
    assert poll.polled == 8
    assert [(c.call, c.chose, c.considered, c.share, c.taken) for c in poll.calls] == [
        ("Pass", 5, 2, 62.5, False),
        ("4♠", 3, 0, 37.5, True),
        ("Double", 0, 1, 0.0, False),
    ]
    assert poll.alternatives == ("Pass", "Double")
    assert poll.reading == ALTERNATIVE_CHOSEN
    assert poll.as_dict()["action_share"] == 37.5


def test_alternatives_only_considered():
    poll = tally(
        {
            "action": "3NT",
            "calls": [{"call": "3NT", "chose": 6}, {"call": "4H", "considered": 2}, {"call": "5C"}],
        }
    )
    assert poll.reading == ALTERNATIVE_CONSIDERED
    assert poll.alternatives == ("4H",)
    assert poll.taken.share == 100.0


def test_every_peer_chose_the_action_taken():
    poll = tally({"action": "pass", "calls": [{"call": "Pass", "chose": 7, "considered": 0}]})
    assert poll.reading == NO_ALTERNATIVE and poll.alternatives == ()
    assert poll.action == "pass" and poll.calls[0].taken  # the same call however it is written


def test_alternatives_are_listed_most_chosen_first():
    poll = tally(
        {
            "action": "4S",
            "calls": [
                {"call": "3S", "chose": 1, "considered": 1},
                {"call": "4S", "chose": 2},
                {"call": "Pass", "chose": 3},
                {"call": "X", "chose": 1, "considered": 3},
            ],
        }
    )
    assert poll.alternatives == ("Pass", "X", "3S")


@pytest.mark.parametrize(
    ("poll", "field"),
    [
        ({"action": "4S", "calls": [{"call": "4S", "chose": 1}], "size": 8}, "size"),
        ({"calls": [{"call": "4S", "chose": 1}]}, "action"),
        ({"action": "  ", "calls": [{"call": "4S", "chose": 1}]}, "action"),
        ({"action": "x" * (MAX_CALL_LENGTH + 1), "calls": [{"call": "4S", "chose": 1}]}, "action"),
        ({"action": "4S", "calls": "4S"}, "calls"),
        ({"action": "4S"}, "calls"),
        ({"action": "4S", "calls": []}, "calls"),
        (
            {"action": "4S", "calls": [{"call": f"{n}S", "chose": 1} for n in range(MAX_POLL_CALLS + 1)]},
            "calls",
        ),
        ({"action": "4S", "calls": ["4S"]}, "calls[0]"),
        ({"action": "4S", "calls": [{"call": "4S", "chose": 1, "why": "values"}]}, "calls[0].why"),
        ({"action": "4S", "calls": [{"call": 4, "chose": 1}]}, "calls[0].call"),
        ({"action": "4S", "calls": [{"call": "4S", "chose": -1}]}, "calls[0].chose"),
        ({"action": "4S", "calls": [{"call": "4S", "chose": MAX_PEERS + 1}]}, "calls[0].chose"),
        ({"action": "4S", "calls": [{"call": "4S", "chose": 1, "considered": "2"}]}, "calls[0].considered"),
        (
            {"action": "4S", "calls": [{"call": "4S", "chose": 1}, {"call": "4 s", "chose": 1}]},
            "calls[1].call",
        ),
        ({"action": "4S", "calls": [{"call": "Pass", "chose": 3}]}, "action"),
        ({"action": "4S", "calls": [{"call": "4S"}, {"call": "Pass", "considered": 2}]}, "calls"),
    ],
)
def test_bad_poll_names_the_field(poll, field):
    with pytest.raises(EngineError) as caught:
        tally(poll)
    assert caught.value.field == field and caught.value.code


def test_a_poll_that_is_not_an_object():
    with pytest.raises(EngineError) as caught:
        tally("4S")
    assert caught.value.field is None
