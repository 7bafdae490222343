"""The one query function (docs/design.md §6): the search page and GET /api/search/ both call `search()`.

A reference jumps: that section comes back first, flagged `jump`, followed by the sections that cite it. Anything
else is read into units (search.plan) and ranked: whoosh's BM25F over the index's weighted terms (titles and terms
weigh more than context and body) picks the candidates; then a result that is exactly what was asked for, a
glossary term, a section of a law named beside the words, a section of the law of a ruling tree the query names,
a Chinese phrase found as typed and the weak words found in it count more. Snippets mark whole terms.

Beside the hits, the ruling trees the query names (search.trees): 藏牌 offers the revoke walk first.

Bad input never raises anything but `SearchInputError` (a FieldError naming the field, in bridge.messages); an
index that cannot answer (being rebuilt) raises `SearchUnavailable` (503).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from whoosh.query import And, Term

from bridge import messages
from bridge.errors import FieldError
from bridge.references import find_references, law_of
from search import generation as serving
from search import highlight, index
from search.analysis import normalise
from search.generation import Generation, SearchUnavailable
from search.plan import CHINESE_STOP, ENGLISH_STOP, Plan, plan_for, reference
from search.trees import TreeHit, matching_trees

__all__ = ["CHINESE_STOP", "ENGLISH_STOP", "SearchInputError", "SearchUnavailable", "search"]

logger = logging.getLogger(__name__)

MAX_QUERY_LENGTH = 200
MAX_LIMIT = 50
DEFAULT_LIMIT = 10
MIN_CANDIDATES = 30  # whoosh's best this many (or 3 × limit) are ranked again here

WITHIN_FACTOR = 3.0  # a reference named beside other words (藏牌 第64条): its sections come first
DEFINITION_FACTOR = 1.15
EXACT_TITLE_FACTOR = 1.6  # a title or glossary term that is exactly what was asked for
TREE_LAW_FACTOR = 1.5  # a section of a law of the ruling tree the query names (64 for 藏牌)
PHRASE_TITLE_FACTOR = 2.0  # a Chinese phrase of 3+ characters found as typed in the title …
PHRASE_FACTOR = 1.3  # … or in the text
WEAK_FACTOR = 1.25  # each weak word (错误, a lone character) the result holds
OR_FACTOR = 0.5  # results that match only some units rank after those that match all
LITERAL_WEIGHTS = {"term": 5.0, "context": 1.0, "body": 1.5}  # a substring search's zones


class SearchInputError(FieldError):
    """Input the search cannot take: too long, or a limit out of range (``field`` is ``q`` or ``limit``)."""


@dataclass(frozen=True)
class Hit:
    id: str
    kind: str  # "section" or "definition"
    ref: str
    law: int | None
    law_title: str
    title: str
    snippet: str  # HTML: escaped text and <mark> only
    url: str
    score: float
    jump: bool = False
    title_en: str = ""  # what an English page shows (the API answers the rulebook's Chinese ``title``)
    law_title_en: str = ""
    aside_zh: str = ""  # the rulebook's Chinese, shown beside title_en
    edition: str = ""

    def as_dict(self) -> dict:
        return {
            "edition": self.edition,
            "ref": self.ref or None,
            "law": self.law,
            "title": self.title,
            "title_en": self.title_en or self.title,
            "snippet": self.snippet,
            "url": self.url,
            "score": round(self.score, 3),
            "kind": self.kind,
            "jump": self.jump,
        }


@dataclass(frozen=True)
class SearchResult:
    query: str
    hits: tuple[Hit, ...]
    took_ms: float
    trees: tuple[TreeHit, ...] = ()
    edition: str = ""  # the edition searched first (the only one unless all_editions)
    all_editions: bool = False

    @property
    def jump(self) -> Hit | None:
        return self.hits[0] if self.hits and self.hits[0].jump else None

    def groups(self) -> list[tuple[int | None, str, str, list[Hit]]]:
        """Hits grouped by law in order of first appearance; glossary terms form one group (law None)."""
        groups: dict[tuple[str, int | None], tuple[int | None, str, str, list[Hit]]] = {}
        english = (translation.get_language() or "").startswith("en")  # the page's language names the laws
        for hit in self.hits:
            key = (hit.edition, hit.law if hit.kind == "section" else None)
            if key not in groups:
                law = key[1]
                label = ((hit.law_title_en if english else "") or hit.law_title) if law is not None else ""
                if self.all_editions:
                    label = (
                        f"{label} · {_edition_short(hit.edition)}" if label else _edition_short(hit.edition)
                    )
                url = hit.url.split("#")[0] if law is not None else _glossary_url(hit.edition)
                groups[key] = (law, label, url, [])
            groups[key][3].append(hit)
        return list(groups.values())

    def as_dict(self) -> dict:
        return {
            "query": self.query,
            "edition": "all" if self.all_editions else self.edition,
            "results": [hit.as_dict() for hit in self.hits],
            "trees": [tree.as_dict() for tree in self.trees],
            "took_ms": round(self.took_ms, 2),
        }


def validate(query: str, limit: int) -> None:
    if len(query) > MAX_QUERY_LENGTH:
        raise SearchInputError(messages.SEARCH_TOO_LONG, "q", max=MAX_QUERY_LENGTH)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise SearchInputError(messages.SEARCH_LIMIT, "limit", max=MAX_LIMIT)


def _edition_short(code: str) -> str:
    from laws.editions import info

    about = info(code)
    return about.short_en if (translation.get_language() or "").startswith("en") else about.short


def _glossary_url(code: str) -> str:
    from laws.editions import with_edition

    return with_edition(reverse("laws:glossary"), code)


def search(
    query: str, *, limit: int = DEFAULT_LIMIT, edition: str | None = None, all_editions: bool = False
) -> SearchResult:
    """Answer a query in `edition` (default: the site default): a jump for a reference (inside that edition),
    otherwise ranked hits; and the ruling trees it names. With `all_editions`, every edition is searched and
    `edition`'s hits come first."""
    started = time.perf_counter()
    validate(query, limit)
    edition = edition or settings.LAWS_DEFAULT_EDITION
    text = normalise(query)
    hits: list[Hit] = []
    trees: list[TreeHit] = []
    if text:
        generation = serving.current_generation()
        scope = _Scope(edition, all_editions)
        for attempt in range(2):
            try:
                hits, trees = _answer(query, text, generation, limit, scope)
                break
            except SearchUnavailable:
                raise
            except Exception as exc:  # noqa: BLE001 (an index that cannot be read is rebuilt, never a 500)
                if attempt:
                    logger.exception("search failed on a fresh search index generation")
                    raise SearchUnavailable(serving.SEARCH_UNAVAILABLE) from exc
                generation = serving.recover(generation, exc)
    took = (time.perf_counter() - started) * 1000
    return SearchResult(
        query=query,
        hits=tuple(hits),
        took_ms=took,
        trees=tuple(trees),
        edition=edition,
        all_editions=all_editions,
    )


@dataclass(frozen=True)
class _Scope:
    """Where a query looks: one edition, or every edition with this one's hits first."""

    edition: str
    every: bool = False

    def holds(self, doc: dict) -> bool:
        return self.every or doc.get("edition") == self.edition

    def first(self, doc: dict) -> int:
        return 0 if doc.get("edition") == self.edition else 1

    def within(self, query):
        return query if self.every else And([query, Term("edition", self.edition)])

    def filter(self, generation: Generation) -> set[int] | None:
        """The edition's document numbers (whoosh takes a set as a filter; a Term filter was read from the index
        on every query)."""
        return None if self.every else generation.edition_docs.get(self.edition, set())


def _answer(
    query: str, text: str, generation: Generation, limit: int, scope: _Scope
) -> tuple[list[Hit], list[TreeHit]]:
    ref = reference(query)
    if ref is not None:
        hits = _jump(ref, generation, limit, scope)
        if hits:
            return hits, matching_trees(text, None, ref, scope.edition, scope.every)
    the_plan = plan_for(text, generation, scope.edition, scope.every)
    return _ranked(the_plan, generation, limit, scope), the_plan.trees


# ------------------------------------------------------------------------------------------------ reference


def _jump(ref: str, generation: Generation, limit: int, scope: _Scope) -> list[Hit]:
    """A reference jumps inside the working edition (27B1 of wbf-2017 when that is the edition searched)."""
    edition = scope.edition
    number = generation.by_id.get((edition, f"s:{ref}"))
    if number is None:
        number = generation.by_id.get((edition, f"s:{law_of(ref)}"))
    if number is None:
        return []
    top = generation.docs[number]
    with generation.searcher() as searcher:
        citing = searcher.docs_for_query(And([_cites(top["ref"]), Term("edition", edition)]))
        # Glossary terms, then sections in the order of the laws (a document's number is its place in them).
        numbers = sorted((n for n in citing if n != number), key=lambda n: (generation.docs[n]["kind"], n))
        others = [generation.docs[n] for n in numbers]
    return [_hit(top, highlight.snippet(top["text"]), 1.0, jump=True)] + [
        _hit(doc, highlight.snippet(doc["text"], _citations(doc["text"], top["ref"])), 0.5)
        for doc in others[: limit - 1]
    ]


def _cites(ref: str) -> Term:
    return Term("cites", ref)


def _citations(text: str, ref: str) -> list[str]:
    """The words in `text` that cite `ref` or a part of it (第27条B款1项 for 27B), to be marked."""
    return [found.raw.lower() for found in find_references(text) if ref in index.ancestors(found.ref)]


# ------------------------------------------------------------------------------------------------- ranking


def _ranked(the_plan: Plan, generation: Generation, limit: int, scope: _Scope) -> list[Hit]:
    tree_laws: dict[tuple[str, int], float] = {}  # a tree's laws count in its own edition only
    for tree in the_plan.trees:
        for law, weight in tree.laws.items():
            tree_laws[tree.edition, law] = max(weight, tree_laws.get((tree.edition, law), 0.0))
    if the_plan.literal:
        scored = _literal(the_plan.literal, generation, scope)
    elif the_plan.required is None and the_plan.refs:
        # Only references, more than one or with noise around them (64a 64b): those sections and what cites them.
        scored = _referenced(the_plan.refs, generation, scope)
    else:
        scored = {}
        candidates = max(MIN_CANDIDATES, 3 * limit) * (2 if scope.every else 1)
        with generation.searcher() as searcher:
            for tier, query, factor in ((0, the_plan.required, 1.0), (1, the_plan.either, OR_FACTOR)):
                if query is None or (tier and len(scored) >= limit):
                    continue
                results = searcher.search(query, limit=candidates, filter=scope.filter(generation))
                for score, number in results.top_n:
                    if number not in scored:
                        scored[number] = (tier, score * factor)
    ranked = sorted(
        (
            (tier, score * _factor(generation.docs[n], the_plan, tree_laws), generation.docs[n])
            for n, (tier, score) in scored.items()
        ),
        key=lambda v: (v[0], scope.first(v[2]), -v[1], v[2]["order"]),
    )[:limit]
    # Keep the reported scores in rank order: a partial match never shows a higher score than a full one.
    floor = min((v[1] for v in ranked if v[0] == 0), default=None)
    if floor is not None:
        ranked = [(t, min(s, floor * 0.99) if t else s, d) for t, s, d in ranked]
    return [
        _hit(doc, highlight.snippet(doc["text"], the_plan.marks, the_plan.stems), s) for _, s, doc in ranked
    ]


def _literal(needle: str, generation: Generation, scope: _Scope) -> dict[int, tuple[int, float]]:
    """Lone characters (牌, 手引): every document holding them as typed, by where it holds them."""
    scored = {}
    for number, doc in enumerate(generation.docs):
        if not scope.holds(doc):
            continue
        score = sum(weight for zone, weight in LITERAL_WEIGHTS.items() if needle in doc[zone])
        if score:
            scored[number] = (0, score)
    return scored


def _referenced(refs: list[str], generation: Generation, scope: _Scope) -> dict[int, tuple[int, float]]:
    scored: dict[int, tuple[int, float]] = {}
    for ref in refs:
        number = generation.by_id.get((scope.edition, f"s:{ref}"))
        if number is not None:
            scored[number] = (0, 10.0)
    with generation.searcher() as searcher:
        for ref in refs:
            for number in searcher.docs_for_query(scope.within(_cites(ref))):
                scored.setdefault(number, (0, 1.0))
    return scored


def _factor(doc: dict, the_plan: Plan, tree_laws: dict[tuple[str, int], float]) -> float:
    factor = DEFINITION_FACTOR if doc["kind"] == "definition" else 1.0
    term = doc["title"].split("（")[0] if doc["kind"] == "definition" else doc["title"].split(" ", 1)[-1]
    if term in the_plan.asked:
        factor *= EXACT_TITLE_FACTOR
    if doc["kind"] == "section":
        if the_plan.refs and set(index.ancestors(doc["ref"])) & set(the_plan.refs):
            factor *= WITHIN_FACTOR
        weight = tree_laws.get((doc.get("edition", ""), doc["law"]))
        if weight:
            factor *= 1 + (TREE_LAW_FACTOR - 1) * weight
    for run in the_plan.phrases:
        if run in doc["term"]:
            factor *= PHRASE_TITLE_FACTOR
        elif run in doc["body"]:
            factor *= PHRASE_FACTOR
    for word in the_plan.weak:
        if word in doc["term"] or word in doc["context"] or word in doc["body"]:
            factor *= WEAK_FACTOR
    return factor


def _hit(doc: dict, snippet: str, score: float, jump: bool = False) -> Hit:
    return Hit(
        id=doc["id"],
        kind=doc["kind"],
        ref=doc["ref"],
        law=doc["law"],
        law_title=doc["law_title"],
        title=doc["title"],
        snippet=snippet,
        url=doc["url"],
        score=score,
        jump=jump,
        title_en=doc.get("title_en", ""),
        law_title_en=doc.get("law_title_en", ""),
        aside_zh=doc.get("aside_zh", ""),
        edition=doc.get("edition", ""),
    )


# The offline parity tests compare the browser's reference parser with this one.
_reference = reference
