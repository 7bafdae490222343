"""How a query is read (docs/design.md §6), once per generation and query text (the analysed query is cached).

1. A reference (`27B1`, `27b`, `第64条`, `第二十七条`, `Law 12C`, `l40`) jumps (search.query).
2. Otherwise the query becomes units, all of which a result must match (if that finds too little, any of them):
   names from the synonym table (藏牌 = revoke = cangpai, 首攻 = 首引, UI = unauthorised information), pinyin of
   glossary terms (`cang pai`, `cáng pái`), Chinese words (longest match against the words the index holds),
   numbers with their unit (第12墩), English words (stemmed; from 4 letters on, a word one edit away — two from 8
   letters, a swap of neighbours counting one — also finds the index's word, so `revoek` finds revoke). A lone
   character and a generic word (错误, 问题) are weak: they add to the score but are not required, so 首攻错误 finds
   the opening lead laws rather than every law about errors. A reference beside other words (藏牌 第64条) puts
   that law's sections first.
3. A unit that names a ruling tree (search.trees: its title, English title or keywords) also goes by the tree's
   other names, at a lower weight: "lead out of turn" finds 越序首引 (Law 54) as well as 越序引牌.
4. Each unit compiles to a handful of whoosh terms: every name of the idea once, one term per name (the index
   holds whole words, so no phrase queries and no n-gram expansion), at most MAX_TERMS per unit.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

from whoosh.query import And, DefaultOr, Query, Term

from bridge.references import parse_ref_query
from search import analysis, synonyms
from search.generation import Generation
from search.trees import TreeHit, matching_trees, trees_named, unit_names

MAX_UNITS = 12
MAX_TERMS = 8  # whoosh terms per unit: the names of one idea, deduplicated
FUZZY_WEIGHT = 0.6  # a fuzzy English match counts less than an exact one
RELATED_WEIGHT = 0.5  # a name the query's ruling tree goes by, which the query did not say

# Words that carry no meaning for the search (dropped unless nothing else is left).
CHINESE_STOP = frozenset(
    "的 了 是 在 和 与 或 及 被 把 对 后 时 中 之 吗 呢 啊 吧 该 这 那 要 会 能 就 都 也 还 又 几 怎 么 "
    "怎么 怎么办 怎样 如何 什么 哪些 哪个 是否 为什么 多少 应该 应当 请问 一下 情况 问题 处理 规定".split()
)
ENGLISH_STOP = frozenset(
    "a an and are as at be by can for from have if in is it may not of on or the this to when will with what how "
    "do does should after before who whom which s".split()
)
# Words too general to require: 首攻错误 asks about the opening lead, not about every rule that says 错误.
# (A word of the synonym table is never generic: 违规 and 裁判 name ideas there.)
GENERIC = frozenset("错误 不当 发生 出现 情形 有关 相关 规则 条款 裁决 判定".split())

# 第12墩, 7线, 3张 stay one unit (the index holds them as one term); then Chinese runs, Latin words, numbers.
_TOKEN_RE = re.compile(
    f"第\\d+[{analysis.CJK}]?|\\d+[墩张线副节轮条款项]|[{analysis.CJK}]+|[a-z]+[1-5]?|\\d+"
)
_MASK = "\x00"


@dataclass(frozen=True)
class Unit:
    """One thing the user asked for, with every name it may go by."""

    text: str
    chinese: tuple[str, ...] = ()
    latin: tuple[tuple[str, ...], ...] = ()
    pinyin: tuple[str, ...] = ()
    fuzzy: bool = False
    stop: bool = False
    weak: bool = False
    related: tuple[
        str, ...
    ] = ()  # other names of the ruling tree the unit names (not said, so weighing less)


@dataclass
class Plan:
    units: list[Unit] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)  # Chinese runs of 3+ characters, as typed
    refs: list[str] = field(default_factory=list)  # references inside a longer query: 藏牌 第64条
    trees: list[TreeHit] = field(default_factory=list)  # the ruling trees the query names, best first
    required: Query | None = None  # every strong unit
    either: Query | None = None  # any strong unit (when requiring all finds too little)
    weak: list[str] = field(default_factory=list)  # weak Chinese units: a bonus where a result has them
    literal: str = ""  # nothing but lone characters (牌, 手引): matched as a substring of the text
    marks: list[str] = field(default_factory=list)  # Chinese to mark in snippets
    stems: set[str] = field(default_factory=set)  # English stems to mark in snippets
    edition: str = ""  # the edition whose trees the query names (search.trees) …
    every: bool = False  # … then every other edition's

    @property
    def chinese(self) -> set[str]:
        """The Chinese to mark: every name of every unit, related ones too, and the phrases as typed."""
        names = {zh for unit in self.units for zh in (*unit.chinese, *unit.related) if analysis.is_cjk(zh)}
        return names | set(self.phrases)

    @property
    def asked(self) -> set[str]:
        """What the query names, as a result's title or term could equal it."""
        return {unit.text for unit in self.units} | {zh for unit in self.units for zh in unit.chinese}


def plan_for(text: str, generation: Generation, edition: str = "", every: bool = False) -> Plan:
    """The analysed and compiled query for normalised `text` searched in `edition` (its trees; with `every`, every
    edition's), cached by the generation."""

    def make() -> Plan:
        the_plan = read(text, generation)
        the_plan.edition, the_plan.every = edition, every
        the_plan.trees = matching_trees(text, the_plan.units, None, edition or None, every)
        return compile_plan(the_plan, generation)

    return generation.cached(f"{edition}|{int(every)}|{text}", make)


# ------------------------------------------------------------------------------------------------ reference


def reference(query: str) -> str | None:
    """The ref a query names, if it is nothing but a reference (第27条b款 and 第二十七条B款 as well as 第27条B款)."""
    text = " ".join(unicodedata.normalize("NFKC", query).split())
    if not text or len(text) > 24:
        return None
    text = analysis.arabic_references(text, bare=True)
    return parse_ref_query(text) or parse_ref_query(text.upper())


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


# ------------------------------------------------------------------------------------------------ the units


def plain_latin(text: str) -> str:
    """Drop accents on Latin letters (cáng → cang, lǜ → lv as pypinyin writes it); Chinese is left alone."""
    out = []
    for ch in text.replace("ü", "v").replace("ǖ", "v").replace("ǘ", "v").replace("ǚ", "v").replace("ǜ", "v"):
        if ord(ch) < 0x2E80:
            ch = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(ch)
    return "".join(out)


@functools.cache
def _latin_names() -> dict[tuple[str, ...], synonyms.Group]:
    names: dict[tuple[str, ...], synonyms.Group] = {}
    for group in synonyms.groups():
        for name in group.latin:
            names.setdefault(name, group)
    return names


@functools.cache
def _chinese_names() -> dict[str, synonyms.Group]:
    names: dict[str, synonyms.Group] = {}
    for group in synonyms.groups():
        for name in group.chinese:
            names.setdefault(name, group)
    return names


def _concept(text: str, group: synonyms.Group | None, chinese: tuple[str, ...] = ()) -> Unit:
    if group is None:
        return Unit(text, chinese=chinese)
    latin = group.latin
    pinyin = tuple("".join(name) for name in latin if len(name) == 1)
    return Unit(text, chinese=tuple(dict.fromkeys(chinese + group.chinese)), latin=latin, pinyin=pinyin)


def read(text: str, generation: Generation) -> Plan:
    """Normalised query text → units, phrases and references (no whoosh yet)."""
    result = Plan()
    text = analysis.arabic_references(plain_latin(text))
    text, result.refs = _inline_refs(text)

    # 1. Chinese names from the synonym table, longest first.
    found = []
    for name, group in _chinese_names().items():
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
    result.phrases = re.findall(f"[{analysis.CJK}]{{3,}}", text)

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


def segment(run: str, generation: Generation) -> list[str]:
    """Longest match against the index's words (and the stop words), a lone character where none fits."""
    words = []
    i = 0
    while i < len(run):
        for size in range(min(generation.max_word, len(run) - i), 0, -1):
            word = run[i : i + size]
            if size == 1 or word in generation.lexicon or word in CHINESE_STOP:
                break
        words.append(word)
        i += size
    return words


def _chinese_units(run: str, generation: Generation) -> list[Unit]:
    units = []
    for word in segment(run, generation):
        group = _chinese_names().get(word)
        if group is not None:
            units.append(_concept(word, group, (word,)))
        else:
            weak = len(word) == 1 or word in GENERIC
            units.append(Unit(word, chinese=(word,), stop=word in CHINESE_STOP, weak=weak))
    return units


def distance(a: str, b: str, limit: int) -> int:
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


def typo_budget(word: str) -> int:
    return 0 if len(word) < 4 else 1 if len(word) < 8 else 2


def _fuzzy_equal(typed: tuple[str, ...], name: tuple[str, ...]) -> bool:
    if len(typed) != len(name) or typed == name:
        return False
    return all(
        t == n or distance(t, n, typo_budget(n)) <= typo_budget(n) for t, n in zip(typed, name, strict=True)
    )


def _latin_units(tokens: list[str], generation: Generation) -> list[Unit]:
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
                group = next((g for g in map(_chinese_names().get, terms) if g), None)
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


# ------------------------------------------------------------------------------------------------- compiling


def near(stem: str, generation: Generation, budget: int) -> list[str]:
    """English stems of the index within `budget` edits of `stem` (the index has a few hundred: a scan is
    cheaper than whoosh's Levenshtein automaton, and it counts a swap of neighbours as one edit)."""
    return [
        w
        for w in generation.english
        if w != stem and w[:1] == stem[:1] and distance(stem, w, budget) <= budget
    ]


def _all(fieldname: str, terms: list[str], boost: float = 1.0) -> Query | None:
    if not terms:
        return None
    if len(terms) == 1:
        return Term(fieldname, terms[0], boost=boost)
    return And([Term(fieldname, t) for t in terms], boost=boost)


def _name_terms(name: str, generation: Generation) -> list[str]:
    """The index terms a Chinese name is found by: itself when the index holds it whole (or it is one
    character or a number with its unit), else its words, lone characters and stop words left out."""
    if name in generation.lexicon or len(name) == 1 or analysis.NUMBER_TERM_RE.fullmatch(name):
        return [name]
    parts = []
    for m in _TOKEN_RE.finditer(name):
        token = m.group(0)
        if analysis.is_cjk(token) and not re.search(r"\d", token):
            parts += [w for w in segment(token, generation) if len(w) > 1 and w not in CHINESE_STOP]
        else:
            parts.append(token)
    return list(dict.fromkeys(parts)) or [name]


def _related_terms(name: str, generation: Generation) -> tuple[str, list[str]] | None:
    """A related name's field and terms, only where the index holds the name whole (a related name is never cut
    up): a Chinese word of the lexicon, a pinyin form, or English whose every term is indexed."""
    if analysis.is_cjk(name):
        return ("zh", [name]) if name in generation.lexicon else None
    if name.replace(" ", "") in generation.pinyin:
        return "py", [name.replace(" ", "")]
    terms = analysis.english_query_terms(analysis.english_stems(name))
    if terms and all(t in generation.english_terms for t in terms):
        return "en", terms
    return None


def unit_query(unit: Unit, generation: Generation) -> Query | None:
    """Every name of the unit once: Chinese words, English stems (or their pairs), pinyin, near English words."""
    parts: dict[tuple, Query] = {}

    def add(fieldname: str, terms: list[str], boost: float = 1.0) -> None:
        key = (fieldname, tuple(terms))
        query = _all(fieldname, terms, boost)
        if query is not None and key not in parts and len(parts) < MAX_TERMS:
            parts[key] = query

    for zh in unit.chinese:
        add("zh", _name_terms(zh, generation))
    for phrase in unit.latin:
        stems = analysis.english_stems(" ".join(phrase))
        terms = analysis.english_query_terms(stems)
        if terms and all(t in generation.english_terms for t in terms):
            add("en", terms)
        if unit.fuzzy and len(stems) == 1:
            for other in near(stems[0], generation, typo_budget(phrase[0])):
                add("en", [other], FUZZY_WEIGHT)
    for form in unit.pinyin:
        if form in generation.pinyin:
            add("py", [form])
    for name in unit.related:
        related = _related_terms(name, generation)
        if related is not None:
            add(*related, RELATED_WEIGHT)
    queries = list(parts.values())
    if not queries:
        return None
    return queries[0] if len(queries) == 1 else DefaultOr(queries)


def _lone(unit: Unit) -> bool:
    """A lone Chinese character: the index holds no such term (search.analysis.chinese_terms)."""
    return len(unit.text) == 1 and analysis.is_cjk(unit.text)


def _with_related(unit: Unit, edition: str = "", every: bool = False) -> Unit:
    names = unit_names(unit)
    named = trees_named(names, edition or None, every)
    related = [name for tree in named for name in tree.names if name not in names]
    if not related:
        return unit
    return Unit(**{**unit.__dict__, "related": tuple(dict.fromkeys(related))})


def compile_plan(the_plan: Plan, generation: Generation) -> Plan:
    """The plan's whoosh queries, its weak words, and what its snippets mark."""
    strong: list[Unit] = []
    weak: list[Unit] = []
    the_plan.units = [_with_related(unit, the_plan.edition, the_plan.every) for unit in the_plan.units]
    for unit in the_plan.units:
        (weak if unit.weak else strong).append(unit)
    if not strong:
        # Nothing but lone characters and generic words: require the words (错误), the characters count where
        # a result holds them; only lone characters (牌, 手引): the characters as typed, as a substring.
        words = [unit for unit in weak if not _lone(unit)]
        if words:
            strong, weak = words, [unit for unit in weak if _lone(unit)]
        elif weak:
            the_plan.literal = "".join(unit.text for unit in weak)
            weak = []
    queries = [(u, q) for u, q in ((u, unit_query(u, generation)) for u in strong) if q is not None]
    if queries:
        the_plan.required = queries[0][1] if len(queries) == 1 else And([q for _, q in queries])
        if len(queries) > 1:
            # Any of the units will do; lone characters only when nothing longer was asked for.
            either = [q for u, q in queries if len(u.text) > 1] or [q for _, q in queries]
            the_plan.either = either[0] if len(either) == 1 else DefaultOr(either)
    the_plan.weak = [zh for unit in weak for zh in unit.chinese]
    the_plan.marks = sorted(the_plan.chinese | ({the_plan.literal} if the_plan.literal else set()))
    for unit in the_plan.units:
        for phrase in unit.latin:
            the_plan.stems.update(analysis.english_stems(" ".join(phrase)))
            if unit.fuzzy and len(phrase) == 1:
                the_plan.stems.update(
                    near(analysis.english_stem(phrase[0]), generation, typo_budget(phrase[0]))
                )
    return the_plan
