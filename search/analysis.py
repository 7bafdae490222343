"""Text analysis for the search index and its queries (docs/design.md §6, §6a).

Each text is analysed once, here, into the terms the index holds; whoosh receives them ready-made
(:class:`WeightedTerms`), so no analyzer runs twice and the index needs no positions:

* Chinese: jieba's *full* mode with the bridge user dictionary (fixtures/search/userdict.txt, the glossary and
  the synonym table added at build time). Full mode yields every dictionary word found anywhere in the text,
  overlapping ones included, so a word (藏牌, 越序首引, 不足叫牌) is found wherever it occurs, however the sentence
  around it would be cut: the recall the character bigrams of the first version gave, with a third of the
  postings. Numbers with their unit (第12墩, 7线) are one term as well. jieba is loaded lazily, on the first
  build, through our own `jieba.Tokenizer` (not `jieba.analyse`, which costs much more).
* English titles and terms: whoosh's stemming analyzer, plus each pair of neighbouring stems as one term
  (``penalti card``), which finds a multi-word name without positions.
* Pinyin of glossary terms (pypinyin, also loaded lazily).

The query side never loads jieba: it cuts a query by longest match against the words the index holds
(search.plan). `normalise` is what every text and query goes through first.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from django.conf import settings
from whoosh.analysis import StemmingAnalyzer
from whoosh.formats import Format
from whoosh.lang.porter import stem

from laws.text import arabic_references as arabic_references  # re-exported: search.plan reads it here

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_RE = re.compile(f"[{CJK}]")
# An "atom" is one Chinese character or one run of ASCII letters and digits.
ATOM_RE = re.compile(f"[{CJK}]|[a-z0-9]+", re.IGNORECASE)
WORD_CHAR_RE = re.compile(f"[{CJK}a-z0-9]", re.IGNORECASE)
# 第12墩, 12墩, 7线, 3张: a number and what it counts, one term (the query side reads them alike).
NUMBER_TERM_RE = re.compile(f"第\\d+[{CJK}]|\\d+[墩张线副节轮条款项]")

USERDICT = "userdict.txt"

# How much a term counts in each part of a document. Scores are BM25F over the summed weights, so a word in a
# title counts more than the same word in the body, and a document is not paid twice for saying it twice.
ZONES = {"title": 5.0, "context": 1.0, "body": 1.5}
ENGLISH_ZONES = {"title": 5.0, "context": 1.5}
PINYIN_WEIGHT = 4.0


def fixtures_dir() -> Path:
    return Path(settings.FIXTURES_DIR) / "search"


def is_cjk(text: str) -> bool:
    return bool(CJK_RE.search(text))


def normalise(text: str) -> str:
    """NFKC (full-width letters and digits to ASCII, ideographic space to space), lower case, no control
    characters, single spaces. Whoosh syntax means nothing here: queries are built as objects, never parsed."""
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    if not text.isprintable():  # a control or format character: a space (most texts skip this loop)
        text = " ".join("".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text).split())
    return text.lower()


# Chinese numerals in references (第二十七条 → 第27条) live in laws.text, which the go-to box shares.


# ---------------------------------------------------------------------------------------------------- jieba

_jieba_lock = threading.Lock()
_jieba = None


def jieba_tokenizer(extra_words: Iterable[str] = ()):
    """Our own jieba.Tokenizer with the bridge user dictionary; created on first use (about 0.5 s)."""
    global _jieba
    with _jieba_lock:
        if _jieba is None:
            import jieba

            jieba.setLogLevel(logging.WARNING)
            tokenizer = jieba.Tokenizer()
            tokenizer.initialize()
            with (fixtures_dir() / USERDICT).open("rb") as userdict:  # given a path, jieba leaves it open
                tokenizer.load_userdict(userdict)
            _jieba = tokenizer
        for word in extra_words:
            if len(word) >= 2 and _jieba.FREQ.get(word, 0) < 10_000:
                _jieba.add_word(word, freq=10_000)
        return _jieba


def chinese_terms(text: str) -> list[str]:
    """The terms of a (normalised) text: every dictionary word in it (jieba's full mode), each letter-and-digit
    run and numbers with their unit. Repeats are kept (they count). Lone characters are left out (a quarter of
    the postings): a query of lone characters is matched as a substring of the text (search.query)."""
    tokenizer = jieba_tokenizer()
    terms = [
        piece.strip()
        for piece in tokenizer.cut(text, cut_all=True)
        if (len(piece) > 1 or not is_cjk(piece)) and WORD_CHAR_RE.search(piece)
    ]
    terms.extend(NUMBER_TERM_RE.findall(text))
    return terms


# -------------------------------------------------------------------------------------------------- English

_english = StemmingAnalyzer()


def english_stem(word: str) -> str:
    return stem(word.lower())


def english_stems(text: str) -> list[str]:
    """Stems of an English text, stop words left out: "Lead out of Turn" → [lead, out, turn]."""
    return [token.text for token in _english(text)]


def english_terms(text: str) -> list[str]:
    """The stems and each pair of neighbouring stems (a multi-word name is found as its pairs)."""
    stems = english_stems(text)
    return stems + [f"{a} {b}" for a, b in zip(stems, stems[1:], strict=False)]


def english_query_terms(stems: list[str]) -> list[str]:
    """The terms a name of `stems` must all match: itself if one stem, else its pairs of neighbours."""
    if len(stems) <= 1:
        return stems
    return [f"{a} {b}" for a, b in zip(stems, stems[1:], strict=False)]


# --------------------------------------------------------------------------------------------------- pinyin


def pinyin_forms(term: str) -> list[str]:
    """Pinyin of a Chinese term without tones, syllables joined: 藏牌 → cangpai. pypinyin's phrase
    dictionary picks the reading of polyphones (藏 is cang here, not zang); ü is written v. The query side
    brings spaced or toned input (cang pai, cáng pái, cang2pai2) to this form."""
    from pypinyin import Style, lazy_pinyin

    chinese = "".join(ch for ch in term if is_cjk(ch))
    if not chinese:
        return []
    syllables = lazy_pinyin(chinese, style=Style.NORMAL, v_to_u=False, errors="ignore")
    forms = ["".join(syllables).replace("ü", "v")]
    return [f for f in forms if f]


# ------------------------------------------------------------------------------------------------ postings


class Terms:
    """The terms of one document for one field, with their weights: what whoosh is handed to index."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = defaultdict(int)
        self.weights: dict[str, float] = defaultdict(float)

    def add(self, terms: Iterable[str], weight: float) -> None:
        counts, weights = self.counts, self.weights
        for term in terms:
            counts[term] += 1
            weights[term] += weight

    def postings(self) -> list[tuple[str, int, float]]:
        return [(term, count, self.weights[term]) for term, count in self.counts.items()]


class WeightedTerms(Format):
    """A whoosh posting format for terms analysed beforehand: the field's value is a list of
    (term, count, weight) and a posting stores the weight (whoosh's BM25F reads it) and nothing else, no
    positions. Counts make the field's length, as BM25's length normalisation expects."""

    posting_size = 0

    def word_values(self, value, analyzer, **kwargs) -> Iterator[tuple[str, int, float, bytes]]:
        boost = self.field_boost
        for term, count, weight in value:
            yield term, count, weight * boost, b""

    def encode(self, value) -> bytes:
        return b""

    def decode_frequency(self, valuestring: bytes) -> int:
        return 1

    def decode_weight(self, valuestring: bytes) -> float:
        return self.field_boost

    def combine(self, vs) -> bytes:
        return b""
