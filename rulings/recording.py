"""Recording a ruling in a log: what rulings asks, and the log above it answers (issue 26 item 5).

rulings sits below the club log and never imports it (the import-linter layers in pyproject.toml). The door from
a ruling into the log is the log's: the wizard's 「记录此裁决」 links to ``clubs:from-wizard`` and the judgement
ruling form posts to ``clubs:from-judgement``; the club log picks the club, reads the date and writes the record.
All a wizard page must know is whether to offer the button, and the log says so by registering a callable here
(clubs.apps), as it registers its editions and regulations with laws (laws.editions, laws.regulations).
"""

from __future__ import annotations

from collections.abc import Callable

RECORDERS: list[Callable[[object], bool]] = []
"""Callables user → whether the user may record a ruling in some log (clubs.apps registers the club log's)."""


def may_record(user) -> bool:
    """Whether to offer 「记录此裁决」: to anonymous users (sign-in comes first) and to users a log lets record —
    with no log installed, to nobody."""
    if not RECORDERS:
        return False
    if not user.is_authenticated:
        return True
    return any(recorder(user) for recorder in RECORDERS)
