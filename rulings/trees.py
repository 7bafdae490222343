"""The decision trees the site serves: loaded once from fixtures/trees/, looked up by slug."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.http import Http404

from bridge.trees import Tree, load_trees, validate

# Wizard order on the choice screen.
ORDER = ["insufficient-bid", "lead-out-of-turn", "revoke"]


@lru_cache(maxsize=1)
def trees() -> dict[str, Tree]:
    loaded = load_trees(settings.FIXTURES_DIR / "trees")
    for tree in loaded.values():
        validate(tree)  # structure; references are checked against the law base in the tests and check_trees
    return dict(sorted(loaded.items(), key=lambda item: ORDER.index(item[0]) if item[0] in ORDER else 99))


def tree_get(slug: str) -> Tree:
    tree = trees().get(slug)
    if tree is None:
        raise Http404(f"no decision tree {slug!r}")
    return tree


def facts_from_query(tree: Tree, query) -> dict[str, str]:
    """The facts a wizard URL carries: every declared fact name present in the query string."""
    return {fact.name: query[fact.name] for fact in tree.facts if query.get(fact.name, "") != ""}
