"""Text analysis for the search index (DESIGN.md §6, §6a).

Three views of the same Chinese text, each a whoosh analyzer:

* `WordAnalyzer`: jieba words with the bridge user dictionary (fixtures/search/userdict.txt plus the glossary),
  so 藏牌, 越序首引, 不足叫牌 stay whole. It ranks and it gives the query its words. jieba is loaded lazily, on
  the first index build, through our own `jieba.Tokenizer` (not `jieba.analyse`, which costs much more).
* `NgramAnalyzer`: character 1- and 2-grams, positions kept, for recall: a word jieba cut differently is still
  found as a phrase of bigrams.
* English: whoosh's stemming analyzer, for law titles and glossary terms.

Plus pinyin of glossary terms (pypinyin, also loaded lazily), and `normalise`, which every query goes through.
"""

from __future__ import annotations

import logging
import re
import threading
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

from django.conf import settings
from whoosh.analysis import LowercaseFilter, StemmingAnalyzer, Token, Tokenizer
from whoosh.lang.porter import stem

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK_RE = re.compile(f"[{CJK}]")
# An "atom" is one Chinese character or one run of ASCII letters and digits.
ATOM_RE = re.compile(f"[{CJK}]|[a-z0-9]+", re.IGNORECASE)
WORD_CHAR_RE = re.compile(f"[{CJK}a-z0-9]", re.IGNORECASE)

USERDICT = "userdict.txt"


def fixtures_dir() -> Path:
    return Path(settings.FIXTURES_DIR) / "search"


def is_cjk(text: str) -> bool:
    return bool(CJK_RE.search(text))


def normalise(text: str) -> str:
    """NFKC (full-width letters and digits to ASCII, ideographic space to space), lower case, no control
    characters, single spaces. Whoosh syntax means nothing here: queries are built as objects, never parsed."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch if unicodedata.category(ch)[0] != "C" else " " for ch in text)
    return " ".join(text.lower().split())


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
            tokenizer.load_userdict(str(fixtures_dir() / USERDICT))
            _jieba = tokenizer
        for word in extra_words:
            if len(word) >= 2 and _jieba.FREQ.get(word, 0) < 10_000:
                _jieba.add_word(word, freq=10_000)
        return _jieba


def jieba_words(text: str) -> Iterator[tuple[str, int, int]]:
    """(word, start, end) for every word of `text` that holds a letter, digit or Chinese character."""
    tokenizer = jieba_tokenizer()
    pos = 0
    for piece in tokenizer.cut(text, HMM=False):
        start, pos = pos, pos + len(piece)
        if WORD_CHAR_RE.search(piece) and not piece.isspace():
            yield piece.strip().lower(), start, pos


class WordTokenizer(Tokenizer):
    """jieba words; ASCII words inside them are lower-cased."""

    def __call__(
        self,
        value,
        positions=False,
        chars=False,
        keeporiginal=False,
        removestops=True,
        start_pos=0,
        start_char=0,
        tokenize=True,
        mode="",
        **kwargs,
    ):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            token.original = token.text = value
            token.boost, token.stopped = 1.0, False
            if positions:
                token.pos = start_pos
            if chars:
                token.startchar, token.endchar = start_char, start_char + len(value)
            yield token
            return
        for index, (word, start, end) in enumerate(jieba_words(value)):
            token.text = word
            token.boost, token.stopped = 1.0, False
            if keeporiginal:
                token.original = word
            if positions:
                token.pos = start_pos + index
            if chars:
                token.startchar, token.endchar = start_char + start, start_char + end
            yield token


def ngram_atoms(text: str) -> list[tuple[str, int, int, int]]:
    """(atom, position, start, end). Punctuation and spaces break adjacency: the position skips one."""
    atoms = []
    position = 0
    last_end = None
    for m in ATOM_RE.finditer(text):
        if last_end is not None and m.start() != last_end:
            position += 1  # a gap: no bigram or phrase runs across it
        atoms.append((m.group(0).lower(), position, m.start(), m.end()))
        position += 1
        last_end = m.end()
    return atoms


def ngrams(text: str) -> Iterator[tuple[str, int, int, int]]:
    """Character 1-grams and 2-grams, each at the position of its first atom."""
    atoms = ngram_atoms(text)
    for i, (atom, pos, start, end) in enumerate(atoms):
        yield atom, pos, start, end
        if i + 1 < len(atoms) and atoms[i + 1][1] == pos + 1:
            yield atom + atoms[i + 1][0], pos, start, atoms[i + 1][3]


def query_bigrams(word: str) -> list[str]:
    """The bigrams a phrase query needs to find `word` in the n-gram fields (one term if it is short)."""
    atoms = [a for a, *_ in ngram_atoms(word)]
    if len(atoms) <= 2:
        return ["".join(atoms)] if atoms else []
    return [atoms[i] + atoms[i + 1] for i in range(len(atoms) - 1)]


class NgramTokenizer(Tokenizer):
    def __call__(
        self,
        value,
        positions=False,
        chars=False,
        keeporiginal=False,
        removestops=True,
        start_pos=0,
        start_char=0,
        tokenize=True,
        mode="",
        **kwargs,
    ):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        pieces = [(value.lower(), 0, 0, len(value))] if not tokenize else ngrams(value)
        for text, pos, start, end in pieces:
            token.text = text
            token.boost, token.stopped = 1.0, False
            if keeporiginal:
                token.original = text
            if positions:
                token.pos = start_pos + pos
            if chars:
                token.startchar, token.endchar = start_char + start, start_char + end
            yield token


def WordAnalyzer():  # noqa: N802 (whoosh's analyzers are named like classes)
    return WordTokenizer()


def NgramAnalyzer():  # noqa: N802
    return NgramTokenizer()


def EnglishAnalyzer():  # noqa: N802
    return StemmingAnalyzer()


def PinyinAnalyzer():  # noqa: N802
    from whoosh.analysis import SpaceSeparatedTokenizer

    return SpaceSeparatedTokenizer() | LowercaseFilter()


def english_stem(word: str) -> str:
    return stem(word.lower())


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
