"""The 2017 change-of-call scenarios (fixtures/scenarios/wbf-2017/change-of-call.yaml) agree with the 2017 trees."""

from __future__ import annotations

from pathlib import Path

from tests.bridge.wbf2017.auction_scenario_checks import check_file

SLUG = "change-of-call"


def test_the_file_agrees_with_the_2017_trees(tmp_path: Path) -> None:
    check_file(SLUG, "coc", tmp_path)


def test_the_what_changed_set_covers_the_1997_choice_and_its_ceiling(tmp_path: Path) -> None:
    scenarios = check_file(SLUG, "coc", tmp_path)
    assert {s.same_situation_as for s in scenarios.values() if s.same_situation_as} >= {"coc-03", "coc-04"}
    assert scenarios["w17-coc-02"].question("q2") is not None
