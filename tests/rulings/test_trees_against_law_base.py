"""Every law reference in every tree resolves to a section of the loaded law base (not only the outline)."""

import pytest

from bridge.trees import validate
from laws.models import Section
from rulings.trees import trees

pytestmark = pytest.mark.django_db


SLUGS = {
    "insufficient-bid",
    "lead-out-of-turn",
    "revoke",
    "call-out-of-rotation",
    "exposed-card-auction",
    "change-of-call",
    "inadmissible-call",
    "penalty-card",
    "dummy",
    "claim",
    "wrong-cards",
    "unauthorized-information",
    "misinformation",
}


@pytest.mark.parametrize("edition", ["ccba-1999", "wbf-2017"])
def test_every_editions_trees_validate_against_that_editions_law_base(edition):
    """Issue 29: each edition has all 13 trees, and every reference of a tree resolves to a section of its own
    edition (a 2017 tree citing 12C1c or 23B is checked against the 2017 law base, not the 1999 one)."""
    refs = set(Section.objects.filter(law__edition__code=edition).values_list("ref", flat=True))
    assert refs
    assert set(trees(edition)) == SLUGS
    for tree in trees(edition).values():
        assert tree.edition == edition
        validate(tree, refs)  # raises TreeError listing every unresolved reference
