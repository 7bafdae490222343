"""The JSON the browser needs offline: the corpus for the search box, the tables the tree evaluator looks its
answers up in (every Law 77 score, every Law 64 transfer, the contract grammar, the error messages), the wizards'
rendered scripts and labels, and the list of what "download all" stores.

Everything here is derived from the law base, the engine and the trees; nothing is typed twice. The corpus is
cached per edition revision (an import bumps it), so serving it costs one build per revision.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from functools import lru_cache

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from bridge import (
    Contract,
    Doubling,
    Seat,
    Strain,
    Vulnerability,
    adjusted,
    assigned_2017,
    assigned_builder,
    cards,
    poll,
    revoke,
    scoring,
    tables,
)
from bridge.errors import FieldError
from bridge.messages import CATALOG
from bridge.scoring import score
from bridge.trees import Leaf
from core.field_labels import FIELD_LABELS
from laws.editions import with_edition
from laws.models import Definition, Edition
from laws.rendering import render_script
from laws.selectors import edition_default, render_context
from rulings import calculators
from rulings.labels import FIELDS, VALUES, score_item_label
from rulings.summary import summary_rules
from rulings.trees import trees
from search import synonyms
from search import trees as search_trees
from search.analysis import english_stem
from search.generation import current_generation
from search.index import documents
from search.plan import CHINESE_STOP, ENGLISH_STOP, GENERIC

PAGES_CACHE = "caipan-pages-v1"
"""The cache holding the downloaded pages and JSON (and pages kept as they are visited); survives new service
worker versions, so the rules stay downloaded."""
_LATIN_WORD_RE = re.compile(r"[A-Za-z]+")
CORPUS_FORMAT = 3
"""Bumped when the corpus JSON changes shape, so a cached copy of an older shape is refetched (2: trees, generic
words; 3: the trees of the corpus's own edition, each naming it)."""


# ----------------------------------------------------------------------------------------------------- corpus


def corpus(edition: Edition | None = None) -> dict:
    """Sections and glossary terms as the offline search box reads them (static/js/pages/offline-search.js).

    The same documents the whoosh index holds (search.index.documents): each with the title and URL a search
    result shows, the Chinese heading and context, the English title, and the plain text; glossary terms also
    with their pinyin. Plus the synonym table (藏牌 | revoke | cangpai), so English and pinyin find Chinese text, and
    the ruling trees' names and laws of this edition (search.trees), so the trees a query names are offered offline
    too, each opening the wizard in this edition.
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
        "chinese_generic": sorted(GENERIC),
        "trees": search_trees.offline_catalog(edition.code),
    }


def corpus_etag(edition: Edition) -> str:
    return f'"corpus-{edition.code}-{edition.revision}-{CORPUS_FORMAT}"'


# ----------------------------------------------------------------------------------------------------- tables


def _key(value: object) -> str:
    """A JSON object key: True → "true", (True, 1) → "true,1" (the browser joins its values alike)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(_key(part) for part in value)
    return str(value)


# Law 2: a vulnerability under which declarer's side is vulnerable (True) or not (False), whoever declares.
_VULNERABILITY_WHEN = {False: Vulnerability.NONE, True: Vulnerability.BOTH}


def law77_scores() -> dict[str, dict[str, list[int]]]:
    """Law 77: the declaring side's score of every contract (levels 1–7 × C D H S NT × undoubled, X, XX), not
    vulnerable ("false") and vulnerable ("true"), for each count of the declaring side's tricks 0–13.

    Computed by :func:`bridge.scoring.score`, so the browser looks the 2,940 scores up instead of redoing the
    table's arithmetic. Keyed by the canonical contract text (``str(Contract)``: ``4SX``, ``3NT``).
    """
    rows: dict[str, dict[str, list[int]]] = {}
    for level in range(cards.MIN_LEVEL, cards.MAX_LEVEL + 1):
        for strain in Strain:
            for doubled in Doubling:
                contract = Contract(level, strain, doubled)
                rows[str(contract)] = {
                    _key(vulnerable): [
                        score(contract, Seat.N, vulnerability, tricks).declaring_side_score
                        for tricks in range(cards.TOTAL_TRICKS + 1)
                    ]
                    for vulnerable, vulnerability in _VULNERABILITY_WHEN.items()
                }
    return rows


def law77_breakdowns() -> dict[str, object]:
    """Law 77: the itemised breakdown of every score in :func:`law77_scores`, as the score pad shows it.

    ``items`` lists each distinct line once (``[item, label_zh, points]``: ``["insult", "完成加倍定约奖分", 50]``),
    ``labels_en`` each one's English words (``"Bonus for making a doubled contract"``);
    ``rows`` is keyed like the scores (contract, then ``"false"``/``"true"`` vulnerable) and holds, for each trick
    count 0–13, the indexes of its lines in order. Computed by :func:`bridge.scoring.score`.
    """
    items: dict[tuple[str, str, int], int] = {}
    rows: dict[str, dict[str, list[list[int]]]] = {}
    for level in range(cards.MIN_LEVEL, cards.MAX_LEVEL + 1):
        for strain in Strain:
            for doubled in Doubling:
                contract = Contract(level, strain, doubled)
                rows[str(contract)] = {
                    _key(vulnerable): [
                        [
                            items.setdefault((line.item, line.label_zh, line.points), len(items))
                            for line in score(contract, Seat.N, vulnerability, tricks).breakdown
                        ]
                        for tricks in range(cards.TOTAL_TRICKS + 1)
                    ]
                    for vulnerable, vulnerability in _VULNERABILITY_WHEN.items()
                }
    with translation.override("en"):  # each line in English (rulings.labels), as an English page says it
        english = [score_item_label(item, label_zh) for item, label_zh, _points in items]
    return {"items": [list(item) for item in items], "labels_en": english, "law": scoring.LAW, "rows": rows}


def error_messages() -> dict[str, dict[str, str]]:
    """Every message of the rules core by its code, in English and Chinese (:data:`bridge.messages.CATALOG`):
    the browser formats an error's code and params with these templates, in the page's language, as
    :meth:`bridge.errors.FieldError.text` does on the server (static/js/engine/messages.js)."""
    return {code: {"en": message.en, "zh": message.zh} for code, message in CATALOG.items()}


def field_labels() -> dict[str, dict[str, str]]:
    """What a page calls each input field (:data:`core.field_labels.FIELD_LABELS`), in Chinese and English: the
    browser names the fields of an error by these, as :func:`core.errors.error_text` does on the server
    (static/js/engine/messages.js ``labelled``)."""
    out = {}
    for key, language in (("zh", "zh-hans"), ("en", "en")):
        with translation.override(language):
            out[key] = {name: str(label) for name, label in FIELD_LABELS.items()}
    return out


def error_cell(error: FieldError) -> dict[str, object]:
    """An engine error as a table holds it: the API's 400 body (``error``, ``field``) with the ``code`` and
    ``params`` the browser formats it from in the page's language."""
    return {**error.as_dict(), "code": error.code, "params": error.params}


def revoke_transfers() -> dict[str, list[int | dict[str, object]]]:
    """Law 64A and 64B1 (1997): the tricks transferred for every answer to the revoke tree's questions, from
    :func:`bridge.revoke.tricks_transferred`.

    Keyed ``"<offender won the revoke trick>,<his side won it>,<he later won with a card playable to it>"``
    (``"true,true,false"``); each row holds, for 0–12 tricks the offending side won after the revoke trick, the
    number of tricks transferred, or, for facts that cannot all be true, the engine's error
    (:func:`error_cell`: ``{"error", "field", "code", "params"}``).
    """
    rows: dict[str, list[int | dict[str, object]]] = {}
    for offender_won, side_won, playable in itertools.product((False, True), repeat=3):
        row: list[int | dict[str, object]] = []
        for later in range(revoke.MAX_TRICKS_AFTER_REVOKE_TRICK + 1):
            try:
                row.append(
                    revoke.tricks_transferred(
                        offender_won_revoke_trick=offender_won,
                        offending_side_won_revoke_trick=side_won,
                        offending_side_tricks_after_revoke_trick=later,
                        offender_later_won_with_card_playable_to_revoke_trick=playable,
                    )
                )
            except revoke.RevokeError as exc:
                row.append(error_cell(exc))
        rows[_key((offender_won, side_won, playable))] = row
    return rows


def artificial_scores() -> dict[str, dict[str, dict[str, object]]]:
    """Laws 12C1, 86A and 88: each side's artificial adjusted score for every form of scoring and degree of
    responsibility, from :func:`bridge.adjusted.artificial` (without session percentages): its label, its
    percentage in pairs (the Law 88 minimum) and its IMPs in teams, as the trees' computations give them."""
    rows: dict[str, dict[str, dict[str, object]]] = {}
    for form in adjusted.Form:
        rows[form.value] = {}
        for fault in adjusted.Fault:
            side = adjusted.artificial(form, {"NS": fault, "EW": fault})[cards.Side.NS]
            rows[form.value][fault.value] = {
                "label": side.label.value,
                "label_zh": side.label_zh,
                "laws": list(side.laws),
                "percent": None if side.percent is None else round(side.percent),
                "imps": side.imps,
            }
    return rows


def hand_vocabulary() -> dict[str, object]:
    """The hand notation of bridge.cards (Hand.parse), as the browser's parser reads it (engine/claims.js)."""
    return {
        "suits": [suit.value for suit in cards.SUITS],
        "markers": [[marker, suit.value] for marker, suit in cards._SUIT_MARKERS],
        "ranks": {name: int(rank) for name, rank in cards._RANK_NAMES.items()},
        "symbols": {str(int(rank)): rank.symbol for rank in cards.Rank},
        "ten": int(cards.Rank.TEN),
        "lowest": int(min(cards.Rank)),
        "void_marks": sorted(cards._VOID_MARKS),
        "separators": sorted(cards._HAND_SEPARATORS),
    }


@lru_cache(maxsize=1)
def score_tables() -> dict:
    """What the browser's evaluator (static/js/engine/trees.js) needs, generated from the engine so it holds
    no score number, no law arithmetic and no name of its own: the Law 77 scores (:func:`law77_scores`), the
    Law 64 transfers (:func:`revoke_transfers`), the Law 12C1 artificial scores (:func:`artificial_scores`), the
    contract, seat, vulnerability and hand vocabulary its parsers read (bridge.cards) and the messages it answers
    bad input with (:func:`error_messages`). Built once per
    process (the engine does not change under it); do not modify it."""
    return {
        "BOOK": tables.BOOK,
        "PASSED_OUT_SCORE": tables.PASSED_OUT_SCORE,
        "scores": law77_scores(),
        "breakdowns": law77_breakdowns(),
        "cards": {
            "MIN_LEVEL": cards.MIN_LEVEL,
            "MAX_LEVEL": cards.MAX_LEVEL,
            "TOTAL_TRICKS": cards.TOTAL_TRICKS,
            # The parsers' vocabulary (private to cards.py; read here so the browser parses exactly alike).
            "strains": {name: strain.value for name, strain in cards._STRAIN_NAMES.items()},
            "pass_words": sorted(cards._PASS_WORDS),
            "doubling_suffixes": [[suffix, int(doubling)] for suffix, doubling in cards._DOUBLING_SUFFIXES],
            "seats": {name: seat.value for name, seat in cards._SEAT_NAMES.items()},
            "vulnerabilities": {name: vul.value for name, vul in cards._VUL_NAMES.items()},
            # The canonical doubling marks ("", "X", "XX"), to name a parsed contract as the score table does.
            "doubling_marks": [doubling.suffix for doubling in Doubling],
            # Laws 2 and 3: each seat's side, and whether it is vulnerable under each vulnerability.
            "sides": {seat.value: seat.side.value for seat in Seat},
            "vulnerable": {
                vul.value: {seat.value: vul.is_vulnerable(seat) for seat in Seat} for vul in Vulnerability
            },
            # Law 1: the hand notation of the claim tree's cards.
            "hands": hand_vocabulary(),
        },
        "artificial": artificial_scores(),
        "revoke": {
            "MAX_TRANSFER": revoke.MAX_TRANSFER,
            "MAX_TRICKS_AFTER_REVOKE_TRICK": revoke.MAX_TRICKS_AFTER_REVOKE_TRICK,
            "REVOKING_SIDES": list(revoke.REVOKING_SIDES),
            "tricks_transferred": revoke_transfers(),
        },
        "messages": error_messages(),
        "field_labels": field_labels(),
        # The score pad's passed-out board: scored without a vulnerability when none is given, and the largest board
        # number (rulings.calculators).
        "calculators": {
            "PASSED_OUT_VULNERABILITY": Vulnerability.NONE.value,
            "BOARD_MAX": calculators.BOARD_MAX,
        },
        **judgement_tables(),
    }


def judgement_tables() -> dict:
    """What the assigned-score builder and the player poll need in the browser (static/js/engine/assigned.js):
    Law 2's board table, Law 78's IMP scale and matchpoint units, the side names Side.parse reads, and the
    builder's and poll's limits and field names — all read from bridge, so the port holds no number of its own."""
    return {
        "boards": {
            "DEALER_CYCLE": list(tables.DEALER_CYCLE),
            "VULNERABILITY_CYCLE": list(tables.VULNERABILITY_CYCLE),
        },
        "comparison": {
            "IMP_SCALE": [list(band) for band in tables.IMP_SCALE],
            "IMP_MAX": tables.IMP_MAX,
            "MATCHPOINTS_PER_SCORE_BEATEN": tables.MATCHPOINTS_PER_SCORE_BEATEN,
            "MATCHPOINTS_PER_TIE": tables.MATCHPOINTS_PER_TIE,
            "PERCENT_DECIMALS": tables.PERCENT_DECIMALS,
            "LONE_SCORE_PERCENTAGE": tables.LONE_SCORE_PERCENTAGE,
        },
        # Law 88: a side in no way at fault gets at least this, or its session percentage if higher (pairs).
        "ARTIFICIAL_PERCENT": dict(tables.ARTIFICIAL_PERCENT),
        "side_names": {name: side.value for name, side in cards._SIDE_NAMES.items()},
        "pass_text": str(Contract.passed_out()),
        "assigned": {
            "MAX_RESULTS": assigned_builder.MAX_RESULTS,
            "MAX_FIELD_SCORES": assigned_builder.MAX_FIELD_SCORES,
            "WEIGHT_TOLERANCE": assigned_builder.WEIGHT_TOLERANCE,
            "REQUEST_KEYS": list(assigned_builder.REQUEST_KEYS),
            "RESULT_KEYS": list(assigned_builder.RESULT_KEYS),
            "TABLE_KEYS": list(assigned_builder.TABLE_KEYS),
            # The edition the builder follows (bridge.adjusted.EDITIONS) and the 2017 builder's keys
            # (bridge.assigned_2017), for engine/assigned2017.js.
            "EDITIONS": list(adjusted.EDITIONS),
            "KEYS_2017_ONLY": list(assigned_builder.KEYS_2017_ONLY),
            "WBF": {
                "REQUEST_KEYS": list(assigned_2017.REQUEST_KEYS),
                "KEYS_1997_ONLY": list(assigned_2017.KEYS_1997_ONLY),
                "ROW_KEYS_ALL": list(assigned_2017.ROW_KEYS_ALL),
                "ROW_KEYS_STANDARD": list(assigned_2017.ROW_KEYS_STANDARD),
                "ROW_KEYS_REGULATION": list(assigned_2017.ROW_KEYS_REGULATION),
            },
            # 1997 12C3: whether this zone lets the Director (not only an appeals committee) weight results.
            "ZONE_PERMITS_DIRECTOR_12C3": settings.ZONE_PERMITS_DIRECTOR_12C3,
        },
        "poll": {
            "MAX_POLL_CALLS": poll.MAX_POLL_CALLS,
            "MAX_PEERS": poll.MAX_PEERS,
            "MAX_CALL_LENGTH": poll.MAX_CALL_LENGTH,
            "POLL_KEYS": list(poll.POLL_KEYS),
            "CALL_KEYS": list(poll.CALL_KEYS),
        },
    }


@lru_cache(maxsize=1)
def tables_etag() -> str:
    """The tables' ETag: a digest of their content, so a browser revalidating its copy gets a 304."""
    digest = hashlib.sha256(json.dumps(score_tables(), sort_keys=True).encode()).hexdigest()[:16]
    return f'"tables-{digest}"'


# ----------------------------------------------------------------------------------------------------- wizard


def leaf_script_html(text: str, edition: Edition | None = None) -> str:
    """A leaf's script rendered as the wizard's ruling page renders it (in its tree's edition), ``{field}``
    placeholders kept: the browser fills them after evaluation (values are numbers or —, which the renderer leaves
    alone)."""
    return render_script(text, render_context(edition or edition_default()))


def wizard_data(edition: Edition | None = None) -> dict:
    """What the offline wizard shell needs beside the trees of ``edition`` (default: the site's): each leaf's
    rendered script (Chinese and English) and the tree list for the wizard's first screen."""
    edition = edition or edition_default()
    tree_list: list[dict[str, object]] = []
    scripts: dict[str, dict[str, dict[str, str]]] = {}
    out: dict[str, object] = {"edition": edition.code, "trees": tree_list, "scripts": scripts}
    for tree in trees(edition.code).values():
        tree_list.append(
            {
                "slug": tree.slug,
                "title": tree.title,
                "title_en": tree.title_en,
                "description": tree.description.as_dict() if tree.description else None,
            }
        )
        scripts[tree.slug] = {
            node.id: {
                "zh": leaf_script_html(node.script.zh, edition),
                "en": leaf_script_html(node.script.en, edition),
            }
            for node in tree.nodes
            if isinstance(node, Leaf)
        }
    return out


def outcome_labels() -> dict:
    """The ruling card's labels (rulings/labels.py) and its headline's wording and rules (rulings/summary.py),
    in the request's language (the rare exceptions a tree asks on one screen are its own rare_group)."""
    return {
        "fields": {name: str(label) for name, label in FIELDS.items()},
        "values": {f"{name}:{value}": str(label) for (name, value), label in VALUES.items()},
        "summary": summary_rules(),
    }


# ------------------------------------------------------------------------------------------------------- pack


def _edition_urls(edition: Edition) -> list[str]:
    """The law pages, chapters, glossary and law API of one edition; a further edition's URLs carry
    ``?edition=<code>`` (laws.editions), so they render that edition without a cookie."""
    code = edition.code
    urls = [
        with_edition(reverse("laws:home"), code),
        with_edition(reverse("laws:glossary"), code),
        with_edition(reverse("api-law-list"), code),
        with_edition(reverse("api-definition-list"), code),
    ]
    for chapter in edition.chapters.order_by("number"):
        urls.append(chapter.get_absolute_url())
    for law in edition.laws.order_by("number"):
        urls.append(law.get_absolute_url())
        urls.append(with_edition(reverse("api-law-detail", args=[law.number]), code))
    return urls


def pack_urls(edition: Edition | None = None, *, also: list[Edition] | tuple = ()) -> list[str]:
    """Every URL "下载全部规则供离线使用" stores: the law pages, chapters and glossary, the wizard pages the director
    starts from, the trees and the offline JSON, the calculators' pads, and the law API the wizard's law sheet
    reads. Each is a plain 200 (no redirect), so the service worker may answer a navigation with it. ``also``:
    further editions whose law pages are stored too (issue 28: "the chosen edition, or both")."""
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
        reverse("rulings:assigned"),
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
    urls += _edition_urls(edition)
    for other in also:
        if other.pk != edition.pk:
            urls += _edition_urls(other)
    for tree_edition in [edition, *also]:
        urls += _tree_urls(tree_edition.code)
    return list(dict.fromkeys(urls))


def _tree_urls(code: str) -> list[str]:
    """The wizard's pages, the trees and the wizard's data of one edition (a further edition's name it)."""
    urls = [with_edition(reverse("offline:wizard-data"), code), with_edition(reverse("api-tree-list"), code)]
    for slug, tree in trees(code).items():
        urls.append(with_edition(reverse("rulings:wizard-walk", args=[slug]), code))
        urls.append(with_edition(reverse("api-tree-detail", args=[slug]), code))
        if tree.group == "judgement":  # the ruling form: poll, decision, scores, the A4 sheet (offline too)
            urls.append(with_edition(reverse("rulings:ruling-form", args=[slug]), code))
    return urls


def pack(edition: Edition | None = None, *, also: list[Edition] | tuple = ()) -> dict:
    """The pack of ``edition`` (default: the site default), with the pages of ``also`` (further editions)."""
    edition = edition or edition_default()
    urls = pack_urls(edition, also=also)
    tree_versions = {
        f"{e.code}:{slug}": tree.version for e in [edition, *also] for slug, tree in trees(e.code).items()
    }
    revisions = [edition.revision] + [e.revision for e in also if e.pk != edition.pk]
    digest = hashlib.sha256(json.dumps([revisions, tree_versions, urls]).encode()).hexdigest()[:12]
    return {
        "edition": edition.code,
        "editions": [edition.code] + [e.code for e in also if e.pk != edition.pk],
        "revision": edition.revision,
        "version": digest,
        "cache": PAGES_CACHE,
        "urls": urls,
    }
