"""Spaced repetition: a wrong answer comes back sooner, right answers climb the Leitner ladder, due items first."""

from practice.core.repetition import WRONG_GAP, Card, order, schedule


def test_a_wrong_answer_comes_back_sooner_than_a_right_one():
    wrong = schedule(None, "x", False, step=5)
    right = schedule(None, "y", True, step=5)
    assert wrong.due_step < right.due_step
    assert (wrong.box, wrong.seen, wrong.right, wrong.last_correct) == (0, 1, 0, False)
    # Each right answer in a row pushes the item further away; a wrong one resets the ladder.
    again = schedule(right, "y", True, step=10)
    assert again.box == 2 and again.due_step - 10 > right.due_step - 5
    reset = schedule(again, "y", False, step=11)
    assert reset.box == 0 and reset.due_step == 11 + WRONG_GAP


def test_order_brings_due_wrong_answers_first_then_new_items_easier_first():
    items = [("a", 1), ("b", 1), ("c", 2), ("d", 3), ("e", 1)]
    cards = {
        "a": schedule(None, "a", True, step=1),  # due at 5
        "b": schedule(None, "b", False, step=2),  # due at 4
    }
    at_step_2 = order(items, cards, 2, seed="s")
    assert at_step_2[:3] == ["e", "c", "d"]  # nothing due yet: new items, easier first
    assert at_step_2[3:] == ["b", "a"]  # then the soonest due
    at_step_5 = order(items, cards, 5, seed="s")
    assert at_step_5[:2] == ["b", "a"]  # both due: the wrong one (box 0) first
    assert order(items, cards, 5, exclude="b", seed="s")[-1] == "b"


def test_order_with_a_mastered_bank_gives_the_soonest_card():
    cards = {item: Card(item, box=4, due_step=100 + i, seen=4, right=4) for i, item in enumerate("abc")}
    assert order([("c", 1), ("a", 1), ("b", 1)], cards, 10)[0] == "a"
