"""Spaced repetition for practice: one Leitner card per item and learner, its schedule, and the practice order.

The clock is the learner's own answers, not the calendar: a trainee who practises ten minutes a week sees the
same spacing as one who practises daily. A wrong answer comes back after :data:`WRONG_GAP` more answers, a right
one climbs the ladder of :data:`INTERVALS`. The Django side stores the cards (``practice.models.Card``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

WRONG_GAP = 2
"""A wrong answer comes back after this many other answers."""
INTERVALS: tuple[int, ...] = (4, 8, 16, 32)
"""After 1, 2, 3, 4+ right answers in a row, an item comes back after this many answers (a Leitner ladder)."""
MASTERED_BOX = 3
"""A card this many right answers in a row up the ladder counts as mastered (the progress page)."""


@dataclass(frozen=True)
class Card:
    """A learner's state for one item: the Leitner ``box`` (right answers in a row, capped), when it is next
    due (``due_step``, counted in the learner's answers), and the tallies."""

    item: str
    box: int = 0
    due_step: int = 0
    seen: int = 0
    right: int = 0
    last_correct: bool | None = None

    @property
    def mastered(self) -> bool:
        return self.box >= MASTERED_BOX


def schedule(card: Card | None, item: str, correct: bool, step: int) -> Card:
    """The card after an answer given as the learner's ``step``-th answer (1-based).

    Wrong → back to box 0, due again after :data:`WRONG_GAP` more answers; right → one box up, due after the
    box's interval. A wrong answer therefore always comes back sooner than a right one given at the same step.
    """
    card = card or Card(item)
    if correct:
        box = min(card.box + 1, len(INTERVALS))
        due = step + INTERVALS[box - 1]
    else:
        box = 0
        due = step + WRONG_GAP
    return replace(
        card,
        box=box,
        due_step=due,
        seen=card.seen + 1,
        right=card.right + int(correct),
        last_correct=correct,
    )


def order(
    items: Sequence[tuple[str, int]],
    cards: Mapping[str, Card],
    step: int,
    *,
    exclude: str | None = None,
    seed: str = "",
) -> list[str]:
    """Items (id, difficulty) in the order to practise them at ``step`` (answers given so far).

    First the due cards (box ascending — wrong answers first — then the longest overdue), then unseen items
    (easier first, shuffled stably by ``seed`` within a difficulty), then the cards not yet due (soonest first).
    ``exclude`` (the item just answered) goes last, so an item never repeats at once when there is another.
    """

    def shuffle_key(item: str) -> int:
        return random.Random(f"{seed}:{item}").randrange(1 << 30)

    due, new, later = [], [], []
    for item, difficulty in items:
        card = cards.get(item)
        if card is None or card.seen == 0:
            new.append(((difficulty, shuffle_key(item)), item))
        elif card.due_step <= step:
            due.append(((card.box, card.due_step, item), item))
        else:
            later.append(((card.due_step, card.box, item), item))
    ordered = (
        [item for _, item in sorted(due)]
        + [item for _, item in sorted(new)]
        + [item for _, item in sorted(later)]
    )
    if exclude in ordered and len(ordered) > 1:
        ordered.remove(exclude)
        ordered.append(exclude)
    return ordered
