"""Every law reference in every tree resolves to a section of the loaded law base (not only the outline)."""

import pytest

from bridge.trees import validate
from laws.models import Section
from rulings.trees import trees

pytestmark = pytest.mark.django_db


def test_trees_validate_against_the_database_refs():
    refs = set(Section.objects.values_list("ref", flat=True))
    assert set(trees()) == {
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
    for tree in trees().values():
        validate(tree, refs)  # raises TreeError listing every unresolved reference
