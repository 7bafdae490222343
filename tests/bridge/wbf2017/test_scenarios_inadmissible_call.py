"""The 2017 inadmissible-call scenarios (fixtures/scenarios/wbf-2017/inadmissible-call.yaml) agree with the 2017
tree."""

from __future__ import annotations

from pathlib import Path

from tests.bridge.wbf2017.auction_scenario_checks import check_file

SLUG = "inadmissible-call"


def test_the_file_agrees_with_the_2017_tree(tmp_path: Path) -> None:
    check_file(SLUG, "ic", tmp_path)


def test_the_what_changed_set_covers_the_lead_restriction_and_law_35(tmp_path: Path) -> None:
    scenarios = check_file(SLUG, "ic", tmp_path)
    assert {s.same_situation_as for s in scenarios.values() if s.same_situation_as} >= {
        "ic-01",
        "ic-05",
        "ic-06",
    }
