"""The JSON the browser needs offline: the corpus for the search box, the score tables and contract grammar for
the tree evaluator, the wizards' rendered scripts and labels, and the list of what "download all" stores.

Everything here is derived from the law base, the engine and the trees; nothing is typed twice. The corpus is
cached per edition revision (an import bumps it), so serving it costs one build per revision.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import lru_cache

from django.urls import reverse

from bridge import cards, revoke, tables
from bridge.trees import Leaf
from laws.models import Definition, Edition
from laws.rendering import render as render_text
from laws.selectors import edition_default, render_context
from rulings.labels import FIELDS, VALUES
from rulings.trees import trees
from search import synonyms
from search.analysis import english_stem
from search.index import current_generation, documents
from search.query import CHINESE_STOP, ENGLISH_STOP

PAGES_CACHE = "caipan-pages-v1"
"""The cache holding the downloaded pages and JSON (and pages kept as they are visited); survives new service
worker versions, so the rules stay downloaded."""
_LATIN_WORD_RE = re.compile(r"[A-Za-z]+")
CORPUS_FORMAT = 1
"""Bumped when the corpus JSON changes shape, so a cached copy of an older shape is refetched."""


# ----------------------------------------------------------------------------------------------------- corpus


def corpus(edition: Edition | None = None) -> dict:
    """Sections and glossary terms as the offline search box reads them (static/js/offline-search.js).

    The same documents the whoosh index holds (search.index.documents): each with the title and URL a search
    result shows, the Chinese heading and context, the English title, and the plain text; glossary terms also
    with their pinyin. Plus the synonym table (藏牌 | revoke | cangpai), so English and pinyin find Chinese text.
    """
    edition = edition or edition_default()
    return _corpus(edition.pk, edition.revision)


@lru_cache(maxsize=2)
def _corpus(edition_pk: int, revision: int) -> dict:
    edition = Edition.objects.get(pk=edition_pk)
    generation = current_generation()  # the index's words and pinyin, so the browser segments as the server
    term_pinyin: dict[str, list[str]] = {}
    for form, terms in generation.pinyin.items():
        for term in terms:
            term_pinyin.setdefault(term, []).append(form)
    english: dict[str, str] = {}

    def stems(text: str) -> list[str]:
        out = []
        for word in _LATIN_WORD_RE.findall(text):
            stem = english_stem(word)
            english.setdefault(word.lower(), stem)
            out.append(stem)
        return out

    def pinyin_of(title: str) -> list[str]:
        return list(dict.fromkeys(p for term, forms in term_pinyin.items() if term in title for p in forms))

    sections, definitions = [], []
    english_terms = dict(Definition.objects.filter(edition=edition).values_list("term", "term_en"))
    for doc in documents(edition):
        common = {
            "ref": doc.ref,
            "law": doc.law,
            "title": doc.title,
            "text": doc.body,
            "url": doc.url,
            "pinyin": pinyin_of(doc.title_zh),
            "cites": doc.cites,
            "en_title": stems(doc.title_en),
        }
        if doc.kind == "section":
            sections.append(
                {
                    **common,
                    "heading": doc.title_zh,
                    "context": doc.context_zh,
                    "en_context": stems(doc.context_en),
                }
            )
        else:
            definitions.append(
                {**common, "term": doc.title_zh, "term_en": english_terms.get(doc.title_zh, "")}
            )
    groups = [list(group.names) for group in synonyms.groups()]
    for group in synonyms.groups():
        for words in group.latin:
            stems(" ".join(words))
    return {
        "format": CORPUS_FORMAT,
        "edition": edition.code,
        "revision": edition.revision,
        "sections": sections,
        "definitions": definitions,
        "synonyms": groups,
        "lexicon": sorted(generation.lexicon),
        "pinyin": generation.pinyin,
        "english": dict(sorted(english.items())),
        "chinese_stop": sorted(CHINESE_STOP),
        "english_stop": sorted(ENGLISH_STOP),
    }


def corpus_etag(edition: Edition) -> str:
    return f'"corpus-{edition.code}-{edition.revision}-{CORPUS_FORMAT}"'


# ----------------------------------------------------------------------------------------------------- tables


def _key(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(_key(part) for part in value)
    return str(value)


def _plain(value: object) -> object:
    """A table constant as JSON: dict keys become text (True → "true", (True, 1) → "true,1")."""
    if isinstance(value, dict):
        return {_key(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def score_tables() -> dict:
    """Every constant of bridge.tables (the one table module, DESIGN.md §8.3), plus the contract, seat
    and vulnerability vocabulary of bridge.cards and the Law 64 limits of bridge.revoke, so the
    browser's evaluator (static/js/tree-evaluator.js) holds no score number or name of its own."""
    data: dict[str, object] = {
        name: _plain(getattr(tables, name))
        for name in dir(tables)
        if name.isupper() and not name.startswith("_")
    }
    data["cards"] = {
        "MIN_LEVEL": cards.MIN_LEVEL,
        "MAX_LEVEL": cards.MAX_LEVEL,
        "TOTAL_TRICKS": cards.TOTAL_TRICKS,
        # The parsers' vocabulary (private to cards.py; read here so the browser parses exactly alike).
        "strains": {name: strain.value for name, strain in cards._STRAIN_NAMES.items()},
        "pass_words": sorted(cards._PASS_WORDS),
        "doubling_suffixes": [[suffix, int(doubling)] for suffix, doubling in cards._DOUBLING_SUFFIXES],
        "seats": {name: seat.value for name, seat in cards._SEAT_NAMES.items()},
        "vulnerabilities": {name: vul.value for name, vul in cards._VUL_NAMES.items()},
    }
    data["revoke"] = {
        "MAX_TRANSFER": revoke.MAX_TRANSFER,
        "MAX_TRICKS_AFTER_REVOKE_TRICK": revoke.MAX_TRICKS_AFTER_REVOKE_TRICK,
    }
    return data


# ----------------------------------------------------------------------------------------------------- wizard


def leaf_script_html(text: str) -> str:
    """A leaf's script rendered as the wizard's ruling page renders it, ``{field}`` placeholders kept: the
    browser fills them after evaluation (values are numbers or —, which the renderer leaves alone)."""
    return render_text(text, render_context(edition_default()), law_layout=True)


def wizard_data() -> dict:
    """What the offline wizard shell needs beside the trees: each leaf's rendered script (Chinese and English)
    and the tree list for the wizard's first screen."""
    out: dict[str, object] = {"trees": [], "scripts": {}}
    for tree in trees().values():
        out["trees"].append(
            {
                "slug": tree.slug,
                "title": tree.title,
                "title_en": tree.title_en,
                "description": tree.description.as_dict() if tree.description else None,
            }
        )
        out["scripts"][tree.slug] = {
            node.id: {"zh": leaf_script_html(node.script.zh), "en": leaf_script_html(node.script.en)}
            for node in tree.nodes
            if isinstance(node, Leaf)
        }
    return out


def outcome_labels() -> dict:
    """The ruling card's labels (rulings/labels.py), in the request's language."""
    return {
        "fields": {name: str(label) for name, label in FIELDS.items()},
        "values": {f"{name}:{value}": str(label) for (name, value), label in VALUES.items()},
    }


# ------------------------------------------------------------------------------------------------------- pack


def pack_urls(edition: Edition | None = None) -> list[str]:
    """Every URL "下载全部规则供离线使用" stores: the law pages, chapters and glossary, the wizard pages the director
    starts from, the trees and the offline JSON, the calculators' pads, and the law API the wizard's law sheet
    reads. Each is a plain 200 (no redirect), so the service worker may answer a navigation with it."""
    edition = edition or edition_default()
    urls = [
        reverse("laws:home"),
        reverse("laws:glossary"),
        reverse("search:page"),
        reverse("rulings:wizard"),
        reverse("rulings:score"),
        reverse("rulings:imps"),
        reverse("rulings:matchpoints"),
        reverse("rulings:adjusted"),
        reverse("offline:page"),
        reverse("offline:wizard-shell"),
        reverse("offline:search-shell"),
        reverse("offline:corpus"),
        reverse("offline:tables"),
        reverse("offline:wizard-data"),
        reverse("api-law-list"),
        reverse("api-definition-list"),
        reverse("api-tree-list"),
    ]
    for chapter in edition.chapters.order_by("number"):
        urls.append(chapter.get_absolute_url())
    for law in edition.laws.order_by("number"):
        urls.append(law.get_absolute_url())
        urls.append(reverse("api-law-detail", args=[law.number]))
    for slug in trees():
        urls.append(reverse("rulings:wizard-walk", args=[slug]))
        urls.append(reverse("api-tree-detail", args=[slug]))
    return list(dict.fromkeys(urls))


def pack(edition: Edition | None = None) -> dict:
    edition = edition or edition_default()
    urls = pack_urls(edition)
    tree_versions = {slug: tree.version for slug, tree in trees().items()}
    digest = hashlib.sha256(json.dumps([edition.revision, tree_versions, urls]).encode()).hexdigest()[:12]
    return {
        "edition": edition.code,
        "revision": edition.revision,
        "version": digest,
        "cache": PAGES_CACHE,
        "urls": urls,
    }
