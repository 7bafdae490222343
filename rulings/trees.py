"""The decision trees the site serves: loaded once from fixtures/trees/, looked up by slug."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.http import Http404

from bridge.trees import GROUPS, Tree, load_trees, validate


@lru_cache(maxsize=1)
def trees() -> dict[str, Tree]:
    loaded = load_trees(settings.FIXTURES_DIR / "trees")
    for tree in loaded.values():
        validate(tree)  # structure; references are checked against the law base in the tests and check_trees
    # The choice screen's order: by phase of the game (the tree's group), then the tree's own order.
    return dict(
        sorted(loaded.items(), key=lambda item: (GROUPS.index(item[1].group), item[1].order, item[0]))
    )


def tree_get(slug: str) -> Tree:
    tree = trees().get(slug)
    if tree is None:
        raise Http404(f"no decision tree {slug!r}")
    return tree


def facts_from_query(tree: Tree, query) -> dict[str, str]:
    """The facts a wizard URL carries: every declared fact name present in the query string."""
    return {fact.name: query[fact.name] for fact in tree.facts if query.get(fact.name, "") != ""}
