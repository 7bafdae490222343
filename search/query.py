"""The one query function (DESIGN.md §6): the search page and GET /api/search/ both call `search()`.

A query is read in this order:

1. A reference (`27B1`, `27b`, `第64条`, `Law 12C`, `l40`) jumps: that section comes back first, flagged
   `jump`, followed by the sections that cite it.
2. Otherwise the query becomes units, all of which a result must match (if that finds too little, any of them):
   names from the synonym table (藏牌 = revoke = cangpai), pinyin of glossary terms (`cang pai`, `cáng pái`),
   Chinese words (longest match against the index's own jieba words; each word also matches as a phrase of
   character bigrams), English words (stemmed; from 4 letters on, a word one edit away — two from 8 letters,
   a swap of neighbours counting one — also finds the index's word, so `revoek` finds revoke). A reference
   beside other words (藏牌 第64条) puts that law's sections first.
3. Titles and glossary terms weigh more than body text; a whole Chinese phrase found as typed adds to the
   score. Snippets mark whole terms.

Bad input never raises anything but `SearchInputError` (a FieldError naming the field, in bridge.messages).
"""

from __future__ import annotations

import functools
import re
import time
import unicodedata
from dataclasses import dataclass, field

from django.urls import reverse
from whoosh.query import And, AndMaybe, Or, Phrase, Term

from bridge import messages
from bridge.errors import FieldError
from bridge.references import find_references, law_of, parse_ref_query
from search import analysis, highlight, index, synonyms
from search.analysis import english_stem

MAX_QUERY_LENGTH = 200
MAX_LIMIT = 50
DEFAULT_LIMIT = 10
MAX_UNITS = 12
CANDIDATES = 80

# How much a match in each field counts (query-time boosts, so tuning needs no rebuild).
WEIGHTS = {
    "title_w": 5.0,
    "title_ng": 3.0,
    "context_w": 1.0,
    "context_ng": 0.7,
    "body_w": 1.5,
    "body_ng": 1.0,
    "title_en": 5.0,
    "context_en": 1.5,
    "pinyin": 4.0,
}
WITHIN_FACTOR = 3.0  # a reference named beside other words (藏牌 第64条): its sections come first
CITES_WEIGHT = 10.0  # … and what cites it counts a little more
FUZZY_WEIGHT = 0.6  # a fuzzy English match counts less than an exact one
DEFINITION_FACTOR = 1.15
EXACT_TITLE_FACTOR = 1.6  # a title or glossary term that is exactly what was asked for
OR_FACTOR = 0.5  # results that match only some units rank after those that match all

# Words that carry no meaning for the search (dropped unless nothing else is left).
CHINESE_STOP = frozenset(
    "的 了 是 在 和 与 或 及 被 把 对 后 时 中 之 吗 呢 啊 吧 该 这 那 要 会 能 就 都 也 还 又 几 怎 么 "
    "怎么 怎么办 怎样 如何 什么 哪些 哪个 是否 为什么 多少 应该 应当 请问 一下 情况 问题 处理 规定".split()
)
ENGLISH_STOP = frozenset(
    "a an and are as at be by can for from have if in is it may not of on or the this to when will with what how "
    "do does should after before who whom which s".split()
)

# 第12墩, 7线, 3张 stay one unit (found as a phrase of bigrams); then Chinese runs, Latin words, numbers.
_TOKEN_RE = re.compile(
    f"第\\d+[{analysis.CJK}]?|\\d+[墩张线副节轮条款项]|[{analysis.CJK}]+|[a-z]+[1-5]?|\\d+"
)
_MASK = "\x00"


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

    def as_dict(self) -> dict:
        return {
            "ref": self.ref or None,
            "law": self.law,
            "title": self.title,
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

    @property
    def jump(self) -> Hit | None:
        return self.hits[0] if self.hits and self.hits[0].jump else None

    def groups(self) -> list[tuple[int | None, str, str, list[Hit]]]:
        """Hits grouped by law in order of first appearance; glossary terms form one group (law None)."""
        groups: dict[int | None, tuple[int | None, str, str, list[Hit]]] = {}
        for hit in self.hits:
            key = hit.law if hit.kind == "section" else None
            if key not in groups:
                label = hit.law_title if key is not None else ""
                url = hit.url.split("#")[0] if key is not None else reverse("laws:glossary")
                groups[key] = (key, label, url, [])
            groups[key][3].append(hit)
        return list(groups.values())

    def as_dict(self) -> dict:
        return {
            "query": self.query,
            "results": [hit.as_dict() for hit in self.hits],
            "took_ms": round(self.took_ms, 2),
        }


@dataclass(frozen=True)
class Unit:
    """One thing the user asked for, with every name it may go by."""

    text: str
    chinese: tuple[str, ...] = ()
    latin: tuple[tuple[str, ...], ...] = ()
    pinyin: tuple[str, ...] = ()
    fuzzy: bool = False
    stop: bool = False


@dataclass
class Plan:
    units: list[Unit] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)  # Chinese runs of 3+ characters, as typed
    refs: list[str] = field(default_factory=list)  # references inside a longer query: 藏牌 第64条

    @property
    def chinese(self) -> set[str]:
        return {zh for unit in self.units for zh in unit.chinese} | set(self.phrases)


def validate(query: str, limit: int) -> None:
    if len(query) > MAX_QUERY_LENGTH:
        raise SearchInputError(messages.SEARCH_TOO_LONG, "q", max=MAX_QUERY_LENGTH)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise SearchInputError(messages.SEARCH_LIMIT, "limit", max=MAX_LIMIT)


def search(query: str, *, limit: int = DEFAULT_LIMIT) -> SearchResult:
    """Answer a query: a jump for a reference, otherwise ranked hits. Empty or meaningless input → no hits."""
    started = time.perf_counter()
    validate(query, limit)
    text = analysis.normalise(query)
    hits: list[Hit] = []
    if text:
        for attempt in range(2):
            try:
                with index.searching() as (generation, searcher):
                    hits = _jump(query, searcher, limit)
                    if not hits:
                        hits = _ranked(text, generation, searcher, limit)
                break
            except (OSError, EOFError):
                # The generation was removed under us (a long query across two rebuilds): reopen once.
                index.forget_generation()
                if attempt:
                    raise
    return SearchResult(query=query, hits=tuple(hits), took_ms=(time.perf_counter() - started) * 1000)


# ------------------------------------------------------------------------------------------------ reference


def _reference(query: str) -> str | None:
    """The ref a query names, if it is nothing but a reference (第27条b款 as well as 第27条B款)."""
    text = " ".join(unicodedata.normalize("NFKC", query).split())
    if not text or len(text) > 24:
        return None
    return parse_ref_query(text) or parse_ref_query(text.upper())


def _jump(query: str, searcher, limit: int) -> list[Hit]:
    ref = _reference(query)
    if ref is None:
        return []
    stored = searcher.document(id=f"s:{ref}") or searcher.document(id=f"s:{law_of(ref)}")
    if stored is None:
        return []
    top = _hit(stored, highlight.snippet(stored["text"]), 1.0, jump=True)
    citing = searcher.search(Term("cites", stored["ref"]), limit=None)
    others = sorted(
        (hit.fields() for hit in citing if hit["id"] != stored["id"]), key=lambda f: (f["kind"], f["order"])
    )
    return [top] + [
        _hit(f, highlight.snippet(f["text"], _citations(f["text"], stored["ref"])), 0.5)
        for f in others[: limit - 1]
    ]


def _citations(text: str, ref: str) -> list[str]:
    """The words in `text` that cite `ref` or a part of it (第27条B款1项 for 27B), to be marked."""
    return [found.raw.lower() for found in find_references(text) if ref in index.ancestors(found.ref)]


# ----------------------------------------------------------------------------------------------------- plan


def _plain_latin(text: str) -> str:
    """Drop accents on Latin letters (cáng → cang, lǜ → lv as pypinyin writes it); Chinese is left alone."""
    out = []
    for ch in text.replace("ü", "v").replace("ǖ", "v").replace("ǘ", "v").replace("ǚ", "v").replace("ǜ", "v"):
        if ord(ch) < 0x2E80:
            ch = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(ch)
    return "".join(out)


@functools.cache
def _latin_names() -> dict[tuple[str, ...], synonyms.Group]:
    names = {}
    for group in synonyms.groups():
        for name in group.latin:
            names.setdefault(name, group)
    return names


def _concept(text: str, group: synonyms.Group | None, chinese: tuple[str, ...] = ()) -> Unit:
    if group is None:
        return Unit(text, chinese=chinese)
    latin = group.latin
    pinyin = tuple("".join(name) for name in latin if len(name) == 1)
    return Unit(text, chinese=tuple(dict.fromkeys(chinese + group.chinese)), latin=latin, pinyin=pinyin)


def _group_of(term: str) -> synonyms.Group | None:
    for group in synonyms.groups():
        if term in group.chinese:
            return group
    return None


# A reference inside a longer query: 第64条, 第27条B款, law 64, or 27b / 27b1 / 64a2 as a word of its own.
_INLINE_REF_RE = re.compile(
    r"第\s*\d{1,2}\s*条(?:\s*[a-z]\s*款(?:\s*\d{1,2}\s*项)?)?|\blaws?\s+\d{1,2}(?:[a-z](?:\d{1,2}[a-z]?)?)?\b"
    r"|(?<![a-z0-9])\d{1,2}[a-z](?:\d{1,2}[a-z]?)?(?![a-z0-9])"
)


def _inline_refs(text: str) -> tuple[str, list[str]]:
    refs = []

    def take(m: re.Match) -> str:
        ref = parse_ref_query(m.group(0).upper()) or parse_ref_query(m.group(0))
        if ref is None:
            return m.group(0)
        refs.append(ref)
        return " "

    return _INLINE_REF_RE.sub(take, text), refs


def plan(text: str, generation: index.Generation) -> Plan:
    result = Plan()
    text, result.refs = _inline_refs(_plain_latin(text))

    # 1. Chinese names from the synonym table, longest first.
    found = []
    for group in synonyms.groups():
        for name in group.chinese:
            start = text.find(name)
            while start != -1:
                found.append((start, start + len(name), name, group))
                start = text.find(name, start + 1)
    taken: list[tuple[int, int]] = []
    masked = list(text)
    for start, end, name, group in sorted(found, key=lambda f: (-(f[1] - f[0]), f[0])):
        if any(start < e and s < end for s, e in taken):
            continue
        taken.append((start, end))
        result.units.append(_concept(name, group, (name,)))
        for i in range(start, end):
            masked[i] = _MASK
    remaining = "".join(masked)

    # Chinese runs as typed (3+ characters) make a bonus phrase.
    for run in re.findall(f"[{analysis.CJK}]{{3,}}", text):
        result.phrases.append(run)

    # 2. Tokens of what is left, in runs that a masked name or a Chinese run interrupts.
    latin_run: list[str] = []
    for m in re.finditer(f"{_TOKEN_RE.pattern}|{_MASK}+", remaining):
        token = m.group(0)
        if token[0] == _MASK or analysis.is_cjk(token):
            result.units += _latin_units(latin_run, generation)
            latin_run = []
            if re.search(r"\d", token):
                result.units.append(Unit(token, chinese=(token,)))
            elif analysis.is_cjk(token):
                result.units += _chinese_units(token, generation)
        else:
            latin_run.append(token)
    result.units += _latin_units(latin_run, generation)

    meaningful = [u for u in result.units if not u.stop]
    result.units = (meaningful or result.units)[:MAX_UNITS]
    return result


def _chinese_units(run: str, generation: index.Generation) -> list[Unit]:
    """Longest match against the index's words (the words jieba made of the corpus)."""
    units = []
    i = 0
    while i < len(run):
        for size in range(min(generation.max_word, len(run) - i), 0, -1):
            word = run[i : i + size]
            if size == 1 or word in generation.lexicon or word in CHINESE_STOP:
                break
        group = _group_of(word)
        if group is not None:
            units.append(_concept(word, group, (word,)))
        else:
            units.append(Unit(word, chinese=(word,), stop=word in CHINESE_STOP))
        i += size
    return units


def _distance(a: str, b: str, limit: int) -> int:
    """Edit distance counting a swap of two neighbours as one edit (revoek → revoke), giving up at `limit` + 1."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]


def _typo_budget(word: str) -> int:
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


def _fuzzy_equal(typed: tuple[str, ...], name: tuple[str, ...]) -> bool:
    if len(typed) != len(name) or typed == name:
        return False
    return all(
        t == n or _distance(t, n, _typo_budget(n)) <= _typo_budget(n)
        for t, n in zip(typed, name, strict=True)
    )


def _latin_units(tokens: list[str], generation: index.Generation) -> list[Unit]:
    names = _latin_names()
    words = [t if t.isdigit() else t.rstrip("12345") for t in tokens]  # tone digits: cang2 pai2
    units = []
    i = 0
    while i < len(tokens):
        matched = None
        for size in range(min(6, len(tokens) - i), 0, -1):
            window = tuple(words[i : i + size])
            if window in names:
                matched = (size, _concept(" ".join(window), names[window]))
                break
            terms = generation.pinyin.get("".join(window))
            if terms:
                group = next((g for g in map(_group_of, terms) if g), None)
                matched = (size, _concept(" ".join(window), group, tuple(terms)))
                break
        if matched is None:
            for size in range(min(6, len(tokens) - i), 0, -1):
                window = tuple(words[i : i + size])
                group = next((names[n] for n in names if _fuzzy_equal(window, n)), None)
                if group is not None:
                    matched = (size, _concept(" ".join(window), group))
                    break
        if matched is None:
            word = words[i]
            if word.isdigit():
                unit = Unit(word, chinese=(word,))
            else:
                unit = Unit(
                    word, latin=((word,),), pinyin=(word,), fuzzy=len(word) >= 4, stop=word in ENGLISH_STOP
                )
            matched = (1, unit)
        units.append(matched[1])
        i += matched[0]
    return units


# -------------------------------------------------------------------------------------------------- whoosh


def _grams_query(fieldname: str, text: str, boost: float):
    grams = analysis.query_bigrams(text)
    if not grams:
        return None
    if len(grams) == 1:
        return Term(fieldname, grams[0], boost=boost)
    return Phrase(fieldname, grams, boost=boost)


_english = analysis.EnglishAnalyzer()


def _stems(phrase: tuple[str, ...]) -> list[str]:
    return [token.text for token in _english(" ".join(phrase))]


def _near(stem: str, generation: index.Generation, budget: int) -> list[str]:
    """English stems of the index within `budget` edits of `stem` (the index has a few hundred: a scan is
    cheaper than whoosh's Levenshtein automaton, and it counts a swap of neighbours as one edit)."""
    return [
        w
        for w in generation.english
        if w != stem and w[:1] == stem[:1] and _distance(stem, w, budget) <= budget
    ]


def _unit_query(unit: Unit, generation: index.Generation):
    parts = []
    for zh in unit.chinese:
        if len(zh) > 1:  # a single character is the same term in the word and the n-gram fields
            for fieldname in ("title_w", "context_w", "body_w"):
                parts.append(Term(fieldname, zh, boost=WEIGHTS[fieldname]))
        for fieldname in ("title_ng", "context_ng", "body_ng"):
            parts.append(_grams_query(fieldname, zh, WEIGHTS[fieldname]))
    for phrase in unit.latin:
        stems = _stems(phrase)
        if not stems:
            continue
        for fieldname in ("title_en", "context_en"):
            weight = WEIGHTS[fieldname]
            if len(stems) == 1:
                parts.append(Term(fieldname, stems[0], boost=weight))
                for near in _near(stems[0], generation, _typo_budget(phrase[0])) if unit.fuzzy else ():
                    parts.append(Term(fieldname, near, boost=weight * FUZZY_WEIGHT))
            else:
                parts.append(Phrase(fieldname, stems, boost=weight))
    for form in unit.pinyin:
        parts.append(Term("pinyin", form, boost=WEIGHTS["pinyin"]))
    parts = [p for p in parts if p is not None]
    return Or(parts) if parts else None


def _bonus_query(the_plan: Plan):
    parts = []
    for run in the_plan.phrases:
        for fieldname in ("title_ng", "body_ng"):
            parts.append(_grams_query(fieldname, run, WEIGHTS[fieldname] * 2))
    for ref in the_plan.refs:
        parts.append(Term("cites", ref, boost=CITES_WEIGHT))
    parts = [p for p in parts if p is not None]
    return Or(parts) if parts else None


def _ranked(text: str, generation: index.Generation, searcher, limit: int) -> list[Hit]:
    the_plan = plan(text, generation)
    units_queries = [
        (u, q) for u, q in ((u, _unit_query(u, generation)) for u in the_plan.units) if q is not None
    ]
    queries = [q for _, q in units_queries]
    if not queries and the_plan.refs:
        # Only references, more than one or with noise around them (64a 64b): those sections and what cites them.
        queries = [
            Or(
                [Term("id", f"s:{ref}", boost=10 * CITES_WEIGHT) for ref in the_plan.refs]
                + [Term("cites", r) for r in the_plan.refs]
            )
        ]
    if not queries:
        return []
    bonus = _bonus_query(the_plan)
    required = queries[0] if len(queries) == 1 else And(queries)
    scored: dict[str, tuple[int, float, dict]] = {}

    def collect(query, tier: int, factor: float) -> None:
        if bonus is not None:
            query = AndMaybe(query, bonus)
        for hit in searcher.search(query, limit=CANDIDATES):
            if hit["id"] not in scored:
                fields = hit.fields()
                scored[hit["id"]] = (tier, hit.score * factor * _doc_factor(fields, the_plan), fields)

    collect(required, 0, 1.0)
    if len(queries) > 1 and len(scored) < limit:
        # Any of the units will do; lone characters only when nothing longer was asked for (a result that
        # shares nothing with 一墩中的第五张牌 but 牌 is no answer, and scoring it costs the most).
        strong = [q for u, q in units_queries if len(u.text) > 1] or [q for _, q in units_queries]
        collect(strong[0] if len(strong) == 1 else Or(strong), 1, OR_FACTOR)

    ranked = sorted(scored.values(), key=lambda v: (v[0], -v[1], v[2]["order"]))[:limit]
    # Keep the reported scores in rank order: a partial match never shows a higher score than a full one.
    floor = min((v[1] for v in ranked if v[0] == 0), default=None)
    if floor is not None:
        ranked = [(t, min(s, floor * 0.99) if t else s, f) for t, s, f in ranked]
    chinese = the_plan.chinese
    stems = set()
    for unit in the_plan.units:
        for phrase in unit.latin:
            stems.update(_stems(phrase))
            if unit.fuzzy and len(phrase) == 1:
                stems.update(_near(english_stem(phrase[0]), generation, _typo_budget(phrase[0])))
    return [
        _hit(fields, highlight.snippet(fields["text"], chinese, stems), score) for _, score, fields in ranked
    ]


def _doc_factor(fields: dict, the_plan: Plan) -> float:
    factor = DEFINITION_FACTOR if fields["kind"] == "definition" else 1.0
    title = fields["title"]
    term = title.split("（")[0] if fields["kind"] == "definition" else title.split(" ", 1)[-1]
    asked = {unit.text for unit in the_plan.units} | {zh for unit in the_plan.units for zh in unit.chinese}
    if term in asked:
        factor *= EXACT_TITLE_FACTOR
    if the_plan.refs and fields["kind"] == "section":
        if set(index.ancestors(fields["ref"])) & set(the_plan.refs):
            factor *= WITHIN_FACTOR
    return factor


def _hit(fields: dict, snippet: str, score: float, jump: bool = False) -> Hit:
    return Hit(
        id=fields["id"],
        kind=fields["kind"],
        ref=fields.get("ref", ""),
        law=fields.get("law"),
        law_title=fields.get("law_title", ""),
        title=fields["title"],
        snippet=snippet,
        url=fields["url"],
        score=score,
        jump=jump,
    )
