"""The words practice is counted in: its topics, difficulties and the id prefix reserved for drills.

The Django side mirrors these (``practice.models.Topic`` asserts it follows :data:`TOPICS`, and the models'
constraints use both tuples), so a topic or a difficulty is defined here once.
"""

from __future__ import annotations

TOPICS: tuple[str, ...] = (
    "insufficient_bid",
    "call_out_of_rotation",
    "change_of_call",
    "inadmissible_call",
    "exposed_card_auction",
    "lead_out_of_turn",
    "revoke",
    "penalty_card",
    "dummy",
    "claim",
    "wrong_cards",
    "unauthorized_information",
    "misinformation",
    "scores",
    "adjusted_scores",
    "law_lookup",
)
"""What a scenario practises, in the order the pages list them."""

DIFFICULTIES: tuple[int, ...] = (1, 2, 3)
"""入门, 进阶, 提高."""

DRILL_PREFIX = "drill-"

BASE_EDITION = "ccba-1999"
"""The base edition (laws.editions.BASE, asserted equal in the tests; the pure core does not import Django): its
drills keep ids without an edition, a further edition's name it (``drill-wbf-2017_revoke-12``)."""
"""Drill ids are ``drill-<tree>-<seed>``; bank scenario ids may not start with it, so the two never collide."""
