"""The decision trees the site serves, per edition (docs/design.md §9): the base edition's trees are
``fixtures/trees/*.yaml``, a further edition's are ``fixtures/trees/<edition>/*.yaml``. Each edition's trees are
files of their own, so a change to one edition's tree can never change another's ruling."""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.http import Http404

from bridge.trees import GROUPS, Tree, TreeError, load_trees, validate
from laws import editions


@lru_cache(maxsize=1)
def _by_edition() -> dict[str, dict[str, Tree]]:
    folder = settings.FIXTURES_DIR / "trees"
    found: dict[str, dict[str, Tree]] = {editions.BASE: load_trees(folder)}
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        found[sub.name] = load_trees(sub)
    for code, loaded in found.items():
        for tree in loaded.values():
            if tree.edition != code:
                raise TreeError([f"edition: {tree.edition!r} in the folder of {code!r}"], tree=tree.slug)
            validate(
                tree
            )  # structure; references are checked against the law base in the tests and check_trees
    # The choice screen's order: by phase of the game (the tree's group), then the tree's own order.
    return {
        code: dict(
            sorted(loaded.items(), key=lambda item: (GROUPS.index(item[1].group), item[1].order, item[0]))
        )
        for code, loaded in found.items()
        if loaded
    }


def tree_editions() -> list[str]:
    """The editions that have trees, the base edition first."""
    return list(_by_edition())


def trees(edition: str | None = None) -> dict[str, Tree]:
    """One edition's trees by slug (the site's default edition when none is named); an edition without trees has
    none."""
    return _by_edition().get(edition or settings.LAWS_DEFAULT_EDITION, {})


def all_trees() -> list[Tree]:
    """Every tree of every edition."""
    return [tree for loaded in _by_edition().values() for tree in loaded.values()]


def tree_get(slug: str, edition: str | None = None) -> Tree:
    tree = trees(edition).get(slug)
    if tree is None:
        raise Http404(f"no decision tree {slug!r} in edition {edition or settings.LAWS_DEFAULT_EDITION!r}")
    return tree


def facts_from_query(tree: Tree, query) -> dict[str, str]:
    """The facts a wizard URL carries: every declared fact name present in the query string."""
    return {fact.name: query[fact.name] for fact in tree.facts if query.get(fact.name, "") != ""}


def clear_cache() -> None:
    _by_edition.cache_clear()
