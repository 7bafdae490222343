"""The whoosh index: its schema, the documents it holds and how a generation of it is built.

Layout of settings.SEARCH_INDEX_DIR (derived data; deleting it loses nothing):

    CURRENT             the name of the live generation (replaced atomically with os.replace)
    build.lock          held while a build runs: one build at a time on this host, across processes
    gen-<ns>-<hex>/     one complete index plus meta.json (format, edition revision, query lexicon, pinyin) and
                        docs.json (what a result shows, in document-number order)
    tmp-<hex>/          a build in progress

A build analyses each text once (search.analysis), hands whoosh the finished terms in one writer and one commit
(one segment, its posting pool in memory), writes a fresh `tmp-` folder, renames it to `gen-` and then points
CURRENT at it, so queries keep answering from the previous generation until the switch. Old generations are
removed after a grace period, so a query that started on one never sees its files vanish. Serving a generation
(opening, checking it is fresh, recovering from a broken one) is search.generation.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db.models import Prefetch
from whoosh import index as whoosh_index
from whoosh.codec.whoosh3 import W3Codec
from whoosh.fields import ID, KEYWORD, FieldType, Schema
from whoosh.util.filelock import FileLock, try_for

from bridge.references import chinese_ref, find_references, make_ref, split_ref
from laws.models import Definition, Edition, Law, Section
from laws.selectors import official_corrections, section_url
from search import analysis, synonyms

logger = logging.getLogger(__name__)

INDEX_FORMAT = 4  # 4: every edition in one index, each document naming its edition (issue 28)
"""Bumped when the schema, the analysis or meta.json/docs.json change: a generation of another format is rebuilt."""
POINTER = "CURRENT"
LOCK = "build.lock"
META = "meta.json"
DOCS = "docs.json"
LOCK_TIMEOUT = 120.0  # seconds a build waits for another build on this host to finish
WRITER_MB = 128  # whoosh's posting pool stays in memory up to this size (10× today's corpus needs ~30 MB)
GRACE_SECONDS = 120  # an old generation lives this long after it stopped being current
STALE_TMP_SECONDS = 3600


class BuildBusy(TimeoutError):
    """Another build on this host held the build lock for longer than we would wait."""


class Codec(W3Codec):
    """whoosh's own codec without per-block length statistics: writing them reads every posting's document length
    back from disk, a third of a build's time, and they only let a top-k search skip blocks a little sooner.
    Scores are the same (they read the lengths themselves)."""

    length_stats = False


def schema() -> Schema:
    def weighted() -> FieldType:
        return FieldType(analysis.WeightedTerms(), analyzer=None, scorable=True)

    return Schema(
        zh=weighted(),  # Chinese terms of the title, the context (law title, parent heading) and the body
        en=weighted(),  # English stems and stem pairs of the title and the context
        py=weighted(),  # pinyin of the glossary terms in the title
        cites=KEYWORD(lowercase=False, commas=False),  # refs the text cites, with their ancestors
        edition=ID(),  # the edition's code: a search filters on it (issue 28)
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
    shown_en: str = ""  # the title an English page shows (the sections have no English headings: "Law 64A1")
    law_title_en: str = ""
    edition: str = ""


def _cited(text: str) -> list[str]:
    """Every cited ref with its ancestors (64A2 → 64A2 64A 64), so `64` finds what cites any part of Law 64."""
    out: dict[str, None] = {}
    for found in find_references(text):
        out.update(dict.fromkeys(ancestors(found.ref)))
    return list(out)


def _corrected(text: str, where: str, slips) -> str:
    for slip in slips:
        if slip.where == where:
            text = text.replace(slip.original, slip.corrected)
    return text


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
    code = edition.code
    for law in laws.order_by("number"):
        law_title = f"第{law.number}条 {law.title}"
        law_title_en = f"Law {law.number} {law.title_en}".strip()
        sections = list(law.sections.all())
        by_id = {s.pk: s for s in sections}
        for section in sections:
            parent = by_id.get(section.parent_id) if section.parent_id is not None else None
            url = section_url(section.ref, code)
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
                        url=url,
                        text=section.text or summary,
                        order=section.order,
                        title_zh=law.title,
                        body=section.text,
                        title_en=law.title_en,
                        cites=_cited(section.text),
                        shown_en=law_title_en,
                        law_title_en=law_title_en,
                        edition=code,
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
                    url=url,
                    text=section.text,
                    order=section.order,
                    title_zh=section.heading,
                    context_zh=" ".join(context),
                    body=section.text,
                    context_en=law.title_en,
                    cites=_cited(f"{section.heading}\n{section.text}"),
                    shown_en=f"Law {section.ref}",
                    law_title_en=law_title_en,
                    edition=code,
                )
            )
    slips = official_corrections(edition).items
    for definition in Definition.objects.filter(edition=edition).order_by("origin", "order"):
        refs = find_references(definition.text)
        first = refs[0] if refs else None
        # A result title shows the corrected reading of a slip in the official English gloss (OPENNINGLEAD →
        # OPENING LEAD, fixtures/corrections.yaml); the stored definition keeps the source byte for byte.
        term_en = _corrected(definition.term_en, f"definition:{definition.term}", slips)
        title = definition.term + (f"（{term_en}）" if term_en else "")
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
                title_en=definition.term_en
                if term_en == definition.term_en
                else f"{term_en} {definition.term_en}",
                cites=_cited(definition.text),
                shown_en=term_en or definition.term,
                edition=code,
            )
        )
    return docs


def all_editions() -> list[Edition]:
    """Every loaded edition, the site default first: one index holds them all."""
    rows = list(Edition.objects.order_by("code"))
    rows.sort(key=lambda e: (e.code != settings.LAWS_DEFAULT_EDITION, e.code))
    return rows


def editions_signature(rows) -> tuple[str | None, int | None]:
    """(the editions' codes joined, the sum of their revisions): what a generation was built from. An import
    bumps one edition's revision, so the sum only rises while the set of editions stays the same."""
    rows = list(rows)
    if not rows:
        return None, None
    return ",".join(sorted(code for code, _ in rows)), sum(revision for _, revision in rows)


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


def default_edition() -> Edition | None:
    return Edition.objects.filter(code=settings.LAWS_DEFAULT_EDITION).first()


@contextmanager
def build_lock(*, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold this host's build lock (a file lock: every process and thread of the host shares it). Waits up to
    `timeout` seconds for a build in progress, then raises BuildBusy."""
    root = index_root()
    root.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(root / LOCK))
    acquired = lock.acquire() if timeout <= 0 else try_for(lock.acquire, timeout, 0.05)
    if not acquired:
        raise BuildBusy(f"another search index build holds {root / LOCK}")
    try:
        yield
    finally:
        lock.release()


def search_index_build(
    *, edition: Edition | None = None, docs: list[Document] | None = None, lock_timeout: float = LOCK_TIMEOUT
) -> BuildReport:
    """Build a complete index of every loaded edition and make it current. (`edition` is accepted for the callers
    that name the edition an import changed: the index always holds them all.)

    One build at a time on this host (the build lock; a second one waits for the first, then builds afresh).
    `docs` replaces the edition's documents (the bench's larger corpus)."""
    with build_lock(timeout=lock_timeout):
        return build_locked(edition=edition, docs=docs)


def build_locked(*, edition: Edition | None = None, docs: list[Document] | None = None) -> BuildReport:
    """search_index_build's work, for a caller that holds the build lock."""
    started = time.perf_counter()
    root = index_root()
    # Holding the lock, any tmp- folder is a build that died midway.
    for path in root.glob("tmp-*"):
        shutil.rmtree(path, ignore_errors=True)
    tmp = root / f"tmp-{uuid.uuid4().hex}"
    tmp.mkdir()
    try:
        # The revisions first: if an import commits while we read, the index says it lags and is rebuilt.
        codes, revision = editions_signature(Edition.objects.values_list("code", "revision"))
        loaded = all_editions()
        if docs is None:
            docs = [doc for each in loaded for doc in documents(each)]
        glossary = [term for each in loaded for term in _glossary_terms(each)]
        vocabulary = sorted(set(glossary) | synonyms.chinese_terms() | _userdict_words())
        analysis.jieba_tokenizer(extra_words=vocabulary)
        pinyin_map = _pinyin_map(vocabulary)
        term_pinyin = _invert(pinyin_map)
        ix = whoosh_index.create_in(str(tmp), schema())
        # One writer, one segment written once (no compound file to copy it into), its pool in memory.
        writer = ix.writer(limitmb=WRITER_MB, codec=Codec(), compound=False)
        lexicon: set[str] = set(vocabulary)
        english: set[str] = set()
        stored = []
        analyse = _Analyser()
        for doc in docs:
            zh, en, py = analysis.Terms(), analysis.Terms(), analysis.Terms()
            title = analyse.chinese(doc.title_zh)
            zh.add(title, analysis.ZONES["title"])
            zh.add(analyse.chinese(doc.context_zh), analysis.ZONES["context"])
            zh.add(analyse.chinese(doc.body), analysis.ZONES["body"])
            en.add(analyse.english(doc.title_en), analysis.ENGLISH_ZONES["title"])
            en.add(analyse.english(doc.context_en), analysis.ENGLISH_ZONES["context"])
            py.add(
                dict.fromkeys(p for term in title for p in term_pinyin.get(term, ())), analysis.PINYIN_WEIGHT
            )
            lexicon.update(zh.counts)
            english.update(en.counts)
            writer.add_document(
                zh=zh.postings(),
                en=en.postings(),
                py=py.postings(),
                cites=" ".join(doc.cites) or None,
                edition=doc.edition or settings.LAWS_DEFAULT_EDITION,
            )
            stored.append(_stored(doc, analyse))
        writer.commit()
        ix.close()
        # The query side segments Chinese by longest match against the words the index holds, so queries
        # need no jieba (and no second of loading it) to line up with the index's words.
        meta = {
            "format": INDEX_FORMAT,
            "edition": codes,
            "revision": revision,
            "documents": len(docs),
            "built_at": time.time(),
            "pinyin": pinyin_map,
            "lexicon": sorted(w for w in lexicon if len(w) >= 2 and analysis.is_cjk(w)),
            "english": sorted(english),  # stems and stem pairs
        }
        (tmp / DOCS).write_text(json.dumps(stored, ensure_ascii=False), encoding="utf-8")
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


class _Analyser:
    """Each distinct text analysed once per build: a law's title and a parent heading are the context of many
    sections, and normalised text is kept for the query side's phrase checks."""

    def __init__(self) -> None:
        self._chinese: dict[str, list[str]] = {}
        self._english: dict[str, list[str]] = {}
        self._normal: dict[str, str] = {}

    def normal(self, text: str) -> str:
        out = self._normal.get(text)
        if out is None:
            out = self._normal[text] = analysis.normalise(text)
        return out

    def chinese(self, text: str) -> list[str]:
        if not text:
            return []
        out = self._chinese.get(text)
        if out is None:
            out = self._chinese[text] = analysis.chinese_terms(self.normal(text))
        return out

    def english(self, text: str) -> list[str]:
        if not text:
            return []
        out = self._english.get(text)
        if out is None:
            out = self._english[text] = analysis.english_terms(text)
        return out


def _stored(doc: Document, analyse: _Analyser) -> dict:
    """What a result needs of a document (docs.json), kept in memory by each server instead of whoosh's stored
    fields: the shown title, URL and text, plus the normalised Chinese the ranking checks phrases against."""
    return {
        "id": doc.id,
        "kind": doc.kind,
        "ref": doc.ref,
        "law": doc.law,
        "law_title": doc.law_title,
        "title": doc.title,
        "title_en": doc.shown_en,
        "law_title_en": doc.law_title_en,
        "aside_zh": doc.title_zh if doc.kind == "definition" else doc.title,  # beside the English title
        "url": doc.url,
        "text": doc.text,
        "order": doc.order,
        "term": analyse.normal(doc.title_zh),
        "context": analyse.normal(doc.context_zh),
        "body": analyse.normal(doc.body),
        "edition": doc.edition or settings.LAWS_DEFAULT_EDITION,
    }


def _glossary_terms(edition: Edition) -> list[str]:
    return list(Definition.objects.filter(edition=edition).values_list("term", flat=True))


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
    when it was built or, once replaced, when it stopped being current), and abandoned pointer files."""
    now = time.time()
    current = read_pointer() or keep
    for path in root.iterdir():
        try:
            age = now - path.stat().st_mtime
        except FileNotFoundError:
            continue
        if path.name.startswith("gen-") and path.name not in (current, keep) and age > GRACE_SECONDS:
            shutil.rmtree(path, ignore_errors=True)
        elif path.name.startswith(f"{POINTER}.") and age > STALE_TMP_SECONDS:
            path.unlink(missing_ok=True)


def read_pointer() -> str | None:
    """The name of the current generation, if CURRENT names a folder that exists."""
    try:
        name = (index_root() / POINTER).read_text(encoding="utf-8").strip()
    except (FileNotFoundError, NotADirectoryError, UnicodeDecodeError):
        return None
    return name if name and "/" not in name and (index_root() / name).is_dir() else None


def read_meta(name: str) -> dict:
    return json.loads((index_root() / name / META).read_text(encoding="utf-8"))
