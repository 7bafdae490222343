"""The ruling trees a query names, offered before the laws: 藏牌 → the revoke walk, 首攻错误 → lead out of turn.

Everything comes from the tree data of the edition searched (rulings.trees.trees(edition): fixtures/trees/*.yaml for
ccba-1999, fixtures/trees/<edition>/*.yaml for a further edition): a tree is named by its title, its English title
and its `keywords`, and a law reference names the trees whose `laws` hold that law in that edition's numbering
(第23条 → the 2017 auction trees, which cite the 2017 Law 23 on comparable calls; under 1999 the trees citing the
1997 Law 23 on damaging irregularities). A query names a tree when its text holds one of those names (an English or
pinyin name as whole words), or when one of its units (search.plan) goes by one (revoek → revoke; cang pai → 藏牌).
A tree's URL opens the wizard in its edition (``?edition=`` when that is not the site default). Searching every
edition offers the working edition's trees first, then each other edition's (their URLs always naming it).
Nothing here knows any tree by name, so a tree added to fixtures/trees/ is offered as soon as it loads.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, replace

from django.conf import settings
from django.urls import reverse

from bridge.references import law_of
from laws.editions import explicit_with_edition, with_edition
from rulings.trees import tree_editions, trees
from search.analysis import is_cjk, normalise

MAX_TREES = 3  # per edition


@dataclass(frozen=True)
class TreeHit:
    slug: str
    title: str
    title_en: str
    url: str
    laws: dict[int, float]  # the header's laws, each weighted by how much of the tree rules under it (≤ 1)
    names: tuple[str, ...]  # normalised: title, title_en, keywords
    edition: str = ""

    def __hash__(self) -> int:
        return hash((self.edition, self.slug))

    def as_dict(self) -> dict:
        return {
            "slug": self.slug,
            "edition": self.edition,
            "title": self.title,
            "title_en": self.title_en,
            "url": self.url,
        }


@dataclass(frozen=True)
class _Entry:
    hit: TreeHit
    laws: tuple[int, ...]  # the header's laws in order
    position: int  # in the catalog


def _law_weights(tree) -> dict[int, float]:
    """The tree's header laws, each weighted by how often its questions and rulings cite it: the law a tree
    mostly rules under (64 for the revoke walk, 54 for leads out of turn) weighs 1, a law it only mentions less."""
    header = list(dict.fromkeys(law_of(ref) for ref in tree.laws))
    cited = Counter(law_of(ref) for node in (*tree.facts, *tree.leaves) for ref in node.laws)
    most = max((cited[law] for law in header), default=0) or 1
    return {law: max(0.25, cited[law] / most) for law in header}


def _edition(edition: str | None) -> str:
    return edition or settings.LAWS_DEFAULT_EDITION


@functools.cache
def _catalog(edition: str) -> tuple[_Entry, ...]:
    """One edition's trees, in the choice screen's order (an edition without trees has none)."""
    entries = []
    for position, (slug, tree) in enumerate(trees(edition).items()):
        names = tuple(
            dict.fromkeys(normalise(n) for n in (tree.title, tree.title_en, *tree.keywords) if n.strip())
        )
        url = with_edition(reverse("rulings:wizard-walk", args=[slug]), edition)
        hit = TreeHit(slug, tree.title, tree.title_en, url, _law_weights(tree), names, edition)
        entries.append(_Entry(hit, tuple(hit.laws), position))
    return tuple(entries)


def clear_cache() -> None:
    _catalog.cache_clear()


def searched_editions(edition: str | None = None, every: bool = False) -> list[str]:
    """The editions whose trees a search offers: the working one, then (searching every edition) the others."""
    edition = _edition(edition)
    return [edition] + ([code for code in tree_editions() if code != edition] if every else [])


def _holds(text: str, name: str) -> bool:
    if is_cjk(name):
        return name in text
    return re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", text) is not None


def unit_names(unit) -> set[str]:
    """Every name a query unit (search.plan.Unit) goes by, as a tree's names are written."""
    return {unit.text, *unit.chinese, *(" ".join(words) for words in unit.latin)}


def trees_named(names: set[str], edition: str | None = None, every: bool = False) -> list[TreeHit]:
    """The trees one of `names` names (a query unit's names: its synonyms are the tree's names too)."""
    return [
        entry.hit
        for code in searched_editions(edition, every)
        for entry in _catalog(code)
        if names.intersection(entry.hit.names)
    ]


def _ranked(text: str, units, ref: str | None, edition: str) -> list[TreeHit]:
    ranked = []
    if ref is not None:
        law = law_of(ref)
        for entry in _catalog(edition):
            if law in entry.laws:
                ranked.append(((entry.laws.index(law), entry.position), entry.hit))
    else:
        asked = set().union(*(unit_names(unit) for unit in units)) if units else set()
        for entry in _catalog(edition):
            best = max(
                (len(name) for name in entry.hit.names if name in asked or _holds(text, name)),
                default=0,
            )
            if best:
                ranked.append(((-best, entry.position), entry.hit))
    return [hit for _, hit in sorted(ranked, key=lambda item: item[0])][:MAX_TREES]


def matching_trees(
    text: str, units, ref: str | None, edition: str | None = None, every: bool = False
) -> list[TreeHit]:
    """The trees of `edition` (default: the site's) that normalised `text` or its units name (best first: the
    longest name matched), or those ruling under `ref`'s law (the trees whose header starts with that law first);
    with `every`, then each other edition's the same way, their URLs always naming their edition (a bare URL
    would open the wizard in the working edition)."""
    codes = searched_editions(edition, every)
    found = _ranked(text, units, ref, codes[0])
    for code in codes[1:]:
        found += [
            replace(hit, url=explicit_with_edition(reverse("rulings:wizard-walk", args=[hit.slug]), code))
            for hit in _ranked(text, units, ref, code)
        ]
    return found


def offline_catalog(edition: str | None = None) -> list[dict]:
    """One edition's catalog as static/js/engine/plan.js matches it (in /offline/corpus.json of that edition)."""
    return [
        {
            **entry.hit.as_dict(),
            "names": list(entry.hit.names),
            "laws": {str(law): weight for law, weight in entry.hit.laws.items()},
            "laws_order": list(entry.laws),
        }
        for entry in _catalog(_edition(edition))
    ]
