"""Recall on the quality set (quality.yaml): real director queries with the laws that answer them."""

from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from search.query import search

pytestmark = pytest.mark.django_db

CASES = yaml.safe_load((Path(__file__).parent / "quality.yaml").read_text(encoding="utf-8"))
KINDS = {"zh", "phrase", "en", "typo", "pinyin", "ref", "mixed"}


def answers(hit, case) -> bool:
    if hit.kind == "definition" and hit.title.split("（")[0] in case.get("terms", []):
        return True
    return hit.law in case["laws"]


def test_the_set_is_big_and_varied():
    assert len(CASES) >= 60
    assert {case["kind"] for case in CASES} == KINDS
    assert len({case["q"] for case in CASES}) == len(CASES)


def test_recall():
    at1, at3 = defaultdict(list), defaultdict(list)
    misses = []
    for case in CASES:
        hits = search(case["q"], limit=3).hits
        first = bool(hits) and answers(hits[0], case) and (case["kind"] != "ref" or hits[0].jump)
        top3 = any(answers(hit, case) for hit in hits)
        at1[case["kind"]].append(first)
        at3[case["kind"]].append(top3)
        if not first:
            misses.append(
                f"  {'@3 ok' if top3 else 'MISS '} {case['q']!r} → {[(h.law, h.title) for h in hits]}"
            )
    n = len(CASES)
    recall1 = sum(sum(v) for v in at1.values()) / n
    recall3 = sum(sum(v) for v in at3.values()) / n
    print(f"\nsearch quality: {n} queries, recall@1 = {recall1:.3f}, recall@3 = {recall3:.3f}")
    for kind in sorted(at1):
        print(
            f"  {kind:7} n={len(at1[kind]):3}  @1 {sum(at1[kind]) / len(at1[kind]):.2f}  @3 {sum(at3[kind]) / len(at3[kind]):.2f}"
        )
    print("\n".join(misses))
    assert recall3 >= 0.95
    assert all(at1["ref"]), "every reference must jump"


def test_trees_first():
    """A query that names an irregularity offers its ruling tree first."""
    wrong = []
    for case in CASES:
        if "tree" in case:
            offered = [tree.slug for tree in search(case["q"]).trees]
            if offered[:1] != [case["tree"]]:
                wrong.append((case["q"], case["tree"], offered))
    assert not wrong
