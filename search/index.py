"""The whoosh index: its schema, the documents it holds, how it is built and how it is opened.

Layout of settings.SEARCH_INDEX_DIR (derived data; deleting it loses nothing):

    CURRENT             the name of the live generation (replaced atomically with os.replace)
    gen-<ns>-<hex>/     one complete index plus meta.json (pinyin map, query lexicon, build figures)
    tmp-<hex>/          a build in progress

A build writes a fresh `tmp-` folder, renames it to `gen-` and then points CURRENT at it, so two rebuilds never
share a writer or a lock (each still asks whoosh for its writer with a timeout), and queries keep answering from
the previous generation until the switch. Old generations are removed after a grace period, so a query that
started on one never sees its files vanish.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db.models import Prefetch
from whoosh import index as whoosh_index
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

from bridge.references import chinese_ref, find_references, make_ref, split_ref
from laws.models import Definition, Edition, Law, Section
from laws.selectors import section_url
from search import analysis, synonyms

logger = logging.getLogger(__name__)

POINTER = "CURRENT"
META = "meta.json"
WRITER_TIMEOUT = 30.0  # seconds whoosh waits for its write lock
GRACE_SECONDS = 120  # an old generation lives this long after it stopped being current
STALE_TMP_SECONDS = 3600
SEARCHER_POOL = 8


def schema() -> Schema:
    words, grams = analysis.WordAnalyzer(), analysis.NgramAnalyzer()
    english = analysis.EnglishAnalyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        kind=ID(stored=True),
        ref=ID(stored=True),
        law=STORED,
        law_title=STORED,
        title=STORED,
        url=STORED,
        text=STORED,
        order=STORED,
        # Titles: a law's title (its root section), a section's heading, a glossary term.
        title_w=TEXT(analyzer=words, phrase=False),
        title_ng=TEXT(analyzer=grams, phrase=True),
        # Context: the law's title and the parent heading, for sections below the root.
        context_w=TEXT(analyzer=words, phrase=False),
        context_ng=TEXT(analyzer=grams, phrase=True),
        body_w=TEXT(analyzer=words, phrase=False),
        body_ng=TEXT(analyzer=grams, phrase=True),
        title_en=TEXT(analyzer=english, phrase=True),
        context_en=TEXT(analyzer=english, phrase=True),
        pinyin=TEXT(analyzer=analysis.PinyinAnalyzer(), phrase=False),
        cites=KEYWORD(lowercase=False, commas=False),
    )


@dataclass
class Document:
    id: str
    kind: str  # "section" or "definition"
    ref: str
    law: int | None
    law_title: str
    title: str
    url: str
    text: str
    order: int
    title_zh: str
    context_zh: str = ""
    body: str = ""
    title_en: str = ""
    context_en: str = ""
    cites: list[str] = field(default_factory=list)

    def fields(self, pinyin: str) -> dict:
        return {
            "id": self.id,
            "kind": self.kind,
            "ref": self.ref,
            "law": self.law,
            "law_title": self.law_title,
            "title": self.title,
            "url": self.url,
            "text": self.text,
            "order": self.order,
            "title_w": self.title_zh,
            "title_ng": self.title_zh,
            "context_w": self.context_zh,
            "context_ng": self.context_zh,
            "body_w": self.body,
            "body_ng": self.body,
            "title_en": self.title_en,
            "context_en": self.context_en,
            "pinyin": pinyin,
            "cites": " ".join(self.cites),
        }


def _cited(text: str) -> list[str]:
    """Every cited ref with its ancestors (64A2 → 64A2 64A 64), so `64` finds what cites any part of Law 64."""
    out: dict[str, None] = {}
    for found in find_references(text):
        out.update(dict.fromkeys(ancestors(found.ref)))
    return list(out)


def ancestors(ref: str) -> list[str]:
    """27B1a → [27B1a, 27B1, 27B, 27]."""
    law, sec, sub, item = split_ref(ref)
    return list(
        dict.fromkeys((make_ref(law, sec, sub, item), make_ref(law, sec, sub), make_ref(law, sec), str(law)))
    )


def documents(edition: Edition) -> list[Document]:
    """One document per section and per glossary term of the edition."""
    laws = Law.objects.filter(edition=edition).prefetch_related(
        Prefetch("sections", queryset=Section.objects.order_by("order"))
    )
    docs: list[Document] = []
    for law in laws.order_by("number"):
        law_title = f"第{law.number}条 {law.title}"
        sections = list(law.sections.all())
        by_id = {s.pk: s for s in sections}
        for section in sections:
            parent = by_id.get(section.parent_id)
            if section.level == 0:
                children = [s for s in sections if s.parent_id == section.pk]
                summary = "；".join(f"{c.label}．{c.heading}" for c in children if c.heading)
                docs.append(
                    Document(
                        id=f"s:{section.ref}",
                        kind="section",
                        ref=section.ref,
                        law=law.number,
                        law_title=law_title,
                        title=law_title,
                        url=section_url(section.ref),
                        text=section.text or summary,
                        order=section.order,
                        title_zh=law.title,
                        body=section.text,
                        title_en=law.title_en,
                        cites=_cited(section.text),
                    )
                )
                continue
            context = [law.title]
            if parent is not None and parent.level > 0 and parent.heading:
                context.append(parent.heading)
            heading = section.heading or (parent.heading if parent is not None else "") or law.title
            docs.append(
                Document(
                    id=f"s:{section.ref}",
                    kind="section",
                    ref=section.ref,
                    law=law.number,
                    law_title=law_title,
                    title=f"{chinese_ref(section.ref)} {heading}",
                    url=section_url(section.ref),
                    text=section.text,
                    order=section.order,
                    title_zh=section.heading,
                    context_zh=" ".join(context),
                    body=section.text,
                    context_en=law.title_en,
                    cites=_cited(f"{section.heading}\n{section.text}"),
                )
            )
    for definition in Definition.objects.filter(edition=edition).order_by("origin", "order"):
        refs = find_references(definition.text)
        first = refs[0] if refs else None
        title = definition.term + (f"（{definition.term_en}）" if definition.term_en else "")
        docs.append(
            Document(
                id=f"d:{definition.pk}",
                kind="definition",
                ref=first.ref if first else "",
                law=first.law if first else None,
                law_title="",
                title=title,
                url=definition.get_absolute_url(),
                text=definition.text,
                order=100_000 + definition.order,
                title_zh=definition.term,
                body=definition.text,
                title_en=definition.term_en,
                cites=_cited(definition.text),
            )
        )
    return docs


# ---------------------------------------------------------------------------------------------------- build


@dataclass
class BuildReport:
    path: Path
    documents: int
    seconds: float

    def summary(self) -> str:
        return f"search index built: {self.documents} documents in {self.seconds:.2f} s → {self.path}"


def index_root() -> Path:
    return Path(settings.SEARCH_INDEX_DIR)


def _glossary_terms(edition: Edition) -> list[str]:
    return list(Definition.objects.filter(edition=edition).values_list("term", flat=True))


def search_index_build(*, edition: Edition | None = None) -> BuildReport:
    """Build a complete index of `edition` (default: settings.LAWS_DEFAULT_EDITION) and make it current."""
    started = time.perf_counter()
    if edition is None:
        edition = Edition.objects.filter(code=settings.LAWS_DEFAULT_EDITION).first()
    root = index_root()
    root.mkdir(parents=True, exist_ok=True)
    tmp = root / f"tmp-{uuid.uuid4().hex}"
    tmp.mkdir()
    try:
        docs = documents(edition) if edition is not None else []
        glossary = _glossary_terms(edition) if edition is not None else []
        vocabulary = sorted(set(glossary) | synonyms.chinese_terms() | _userdict_words())
        analysis.jieba_tokenizer(extra_words=vocabulary)
        pinyin_map = _pinyin_map(vocabulary)
        term_pinyin = _invert(pinyin_map)
        ix = whoosh_index.create_in(str(tmp), schema())
        writer = ix.writer(timeout=WRITER_TIMEOUT)
        for doc in docs:
            pinyin = " ".join(
                dict.fromkeys(p for term, forms in term_pinyin.items() if term in doc.title_zh for p in forms)
            )
            writer.add_document(**doc.fields(pinyin))
        writer.commit()
        # The query side segments Chinese by longest match against the words the index holds, so queries
        # need no jieba (and no second of loading it) to line up with the index's words.
        lexicon = set(vocabulary)
        with ix.reader() as reader:
            for fieldname in ("title_w", "context_w", "body_w"):
                lexicon.update(
                    w
                    for w in (t.decode("utf-8") for t in reader.lexicon(fieldname))
                    if len(w) >= 2 and analysis.is_cjk(w)
                )
            english = sorted(
                {
                    t.decode("utf-8")
                    for fieldname in ("title_en", "context_en")
                    for t in reader.lexicon(fieldname)
                }
            )
        ix.close()
        meta = {
            "english": english,
            "edition": edition.code if edition else None,
            "revision": edition.revision if edition else None,
            "documents": len(docs),
            "built_at": time.time(),
            "pinyin": pinyin_map,
            "lexicon": sorted(lexicon),
        }
        (tmp / META).write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
        final = root / f"gen-{time.time_ns()}-{uuid.uuid4().hex[:8]}"
        os.rename(tmp, final)
        previous = read_pointer()
        _point_to(root, final.name)
        if previous is not None and previous != final.name:
            # Its grace period starts now: queries that opened it a moment ago may still be reading it.
            with contextlib.suppress(FileNotFoundError):
                os.utime(root / previous)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    _cleanup(root, keep=final.name)
    return BuildReport(final, len(docs), time.perf_counter() - started)


def _userdict_words() -> set[str]:
    words = set()
    for line in (analysis.fixtures_dir() / analysis.USERDICT).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            words.add(line.split()[0])
    return words


def _pinyin_map(terms: list[str]) -> dict[str, list[str]]:
    """Joined toneless pinyin → the Chinese terms that read so (cangpai → [藏牌])."""
    out: dict[str, list[str]] = {}
    for term in terms:
        for form in analysis.pinyin_forms(term):
            out.setdefault(form, [])
            if term not in out[form]:
                out[form].append(term)
    return out


def _invert(pinyin_map: dict[str, list[str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for form, terms in pinyin_map.items():
        for term in terms:
            out.setdefault(term, []).append(form)
    return out


def _point_to(root: Path, name: str) -> None:
    tmp = root / f"{POINTER}.{uuid.uuid4().hex}"
    tmp.write_text(name, encoding="utf-8")
    os.replace(tmp, root / POINTER)


def _cleanup(root: Path, *, keep: str) -> None:
    """Remove generations that stopped being current more than GRACE_SECONDS ago (a generation's mtime is
    when it was built or, once replaced, when it stopped being current), and abandoned builds."""
    now = time.time()
    current = read_pointer() or keep
    for path in root.iterdir():
        try:
            age = now - path.stat().st_mtime
        except FileNotFoundError:
            continue
        if path.name.startswith("gen-") and path.name not in (current, keep) and age > GRACE_SECONDS:
            shutil.rmtree(path, ignore_errors=True)
        elif path.name.startswith(("tmp-", f"{POINTER}.")) and age > STALE_TMP_SECONDS:
            shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)


# ----------------------------------------------------------------------------------------------------- read


def read_pointer() -> str | None:
    try:
        name = (index_root() / POINTER).read_text(encoding="utf-8").strip()
    except (FileNotFoundError, NotADirectoryError):
        return None
    return name if name and (index_root() / name).is_dir() else None


class Generation:
    """One opened index generation with its metadata and a small pool of searchers (a whoosh searcher is
    not safe to share between threads; opening one per query costs more than keeping a few)."""

    def __init__(self, name: str):
        self.name = name
        self.path = index_root() / name
        self.meta = json.loads((self.path / META).read_text(encoding="utf-8"))
        self.lexicon: frozenset[str] = frozenset(self.meta["lexicon"])
        self.max_word = max((len(w) for w in self.lexicon), default=1)
        self.pinyin: dict[str, list[str]] = self.meta["pinyin"]
        self.english: tuple[str, ...] = tuple(self.meta["english"])  # stems of titles and terms, for typos
        self.index = whoosh_index.open_dir(str(self.path))
        self._pool: list = []
        self._lock = threading.Lock()
        self.retired = False

    def acquire(self):
        with self._lock:
            if self._pool:
                return self._pool.pop()
        return self.index.searcher()

    def release(self, searcher) -> None:
        with self._lock:
            if not self.retired and len(self._pool) < SEARCHER_POOL:
                self._pool.append(searcher)
                return
        searcher.close()

    def retire(self) -> None:
        """A newer generation took over: close the idle searchers; busy ones close when released."""
        with self._lock:
            self.retired = True
            idle, self._pool = self._pool, []
        for searcher in idle:
            searcher.close()


_current: Generation | None = None
_open_lock = threading.Lock()
_build_lock = threading.Lock()


def current_generation() -> Generation:
    """The live generation; built on the spot when this host has no index yet (derived data)."""
    global _current
    name = read_pointer()
    if name is None:
        with _build_lock:
            name = read_pointer()
            if name is None:
                logger.warning("no search index in %s: building it now", index_root())
                search_index_build()
                name = read_pointer()
    generation = _current
    if generation is None or generation.name != name:
        with _open_lock:
            if _current is None or _current.name != name:
                old, _current = _current, Generation(name)
                if old is not None:
                    old.retire()
            generation = _current
    return generation


def forget_generation() -> None:
    """Drop the opened generation (after an error, or in tests that delete the folder)."""
    global _current
    with _open_lock:
        old, _current = _current, None
    if old is not None:
        old.retire()


@contextmanager
def searching():
    """(generation, searcher) for one query."""
    generation = current_generation()
    searcher = generation.acquire()
    try:
        yield generation, searcher
    finally:
        generation.release(searcher)
