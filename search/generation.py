"""The index generation this process serves: opened once, its searchers pooled, kept fresh, rebuilt when broken.

* :func:`current_generation`: the live generation. A host without an index builds one now (under the build lock:
  when another process is already building, this one waits for it instead of building twice).
* Freshness: at most every CHECK_SECONDS, one cheap query compares the edition's revision in the database (an
  import bumps it) with the one the generation was built from. When the generation lags (an import ran on another
  server), a background thread rebuilds it under the build lock, so one process per host builds, and queries keep
  answering from the old generation until the switch.
* A generation that cannot be opened or read (a corrupted meta.json, an overwritten or truncated segment: security
  review M4) is logged, forgotten and rebuilt in the request that found it; if another process holds the build
  lock past REQUEST_WAIT, or the build fails, the query answers :class:`SearchUnavailable` (503 with
  ``{"error", "field"}``), never a 500.
* :func:`build_if_needed` (``manage.py build_search_index --if-needed``) builds only when the index is missing,
  of another format, behind the database or unreadable; :func:`index_status` is for /healthz.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connections
from rest_framework import status
from whoosh import index as whoosh_index
from whoosh import scoring
from whoosh.filedb.filestore import FileStorage

from bridge.errors import FieldError, Message
from laws.models import Edition
from search import index
from search.index import DOCS, INDEX_FORMAT, BuildBusy, BuildReport, index_root, read_meta, read_pointer

logger = logging.getLogger(__name__)

CHECK_SECONDS = 5.0  # how often a process asks the database whether its generation lags
REQUEST_WAIT = 10.0  # a query with no index to answer from waits this long for another process's build
RETRY_SECONDS = 30.0  # after a build failed in this process, queries answer 503 this long before trying again
SEARCHER_POOL = 8
PLAN_CACHE = 1024  # analysed queries kept per generation
# BM25F over weights that already say where a word stands (a title counts 5, the body 1.5): a higher K1 than the
# usual 1.2 saturates less, so a word in a title still outweighs a rarer word deep in a body; a lower B because
# a law's opening section is long for being a summary, not for being less relevant.
WEIGHTING = scoring.BM25F(K1=2.0, B=0.5)

SEARCH_UNAVAILABLE = Message(
    "search.unavailable",
    "the search index is being rebuilt; try again in a few seconds",
    "搜索索引正在重建，请几秒钟后再试。",
)


class SearchUnavailable(FieldError):
    """No index can answer right now (it is being rebuilt, or cannot be built): a 503, not the input's fault."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE


class _Storage(FileStorage):
    """whoosh's file storage, able to close what a failed open left open: whoosh does not close the table of
    contents it could not read (a damaged ``_MAIN_*.toc``), nor the segment files a reader had opened when the
    next one failed. :meth:`closing_on_failure` closes the files opened in its block, in this thread, if it
    raises."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self._opening = threading.local()

    def open_file(self, name, **kwargs):
        opened = super().open_file(name, **kwargs)
        tracked = getattr(self._opening, "files", None)
        if tracked is not None:
            tracked.append(opened)
        return opened

    @contextmanager
    def closing_on_failure(self) -> Iterator[None]:
        tracked: list[Any] = []  # whoosh's StructFiles (whoosh has no types)
        self._opening.files = tracked
        try:
            yield
        except BaseException:
            for opened in tracked:
                with contextlib.suppress(Exception):
                    opened.close()
            raise
        finally:
            self._opening.files = None


class Generation:
    """One opened generation: the whoosh index, what its results show (docs.json, in document-number order), the
    query side's lexicon and pinyin, a small pool of searchers (a whoosh searcher is not safe to share between
    threads, and opening one per query costs more than keeping a few) and the analysed queries."""

    def __init__(self, name: str):
        self.name = name
        self.path = index_root() / name
        self.meta = read_meta(name)
        if self.meta.get("format") != INDEX_FORMAT:
            raise ValueError(f"index format {self.meta.get('format')!r}, expected {INDEX_FORMAT}")
        self.docs: list[dict] = json.loads((self.path / DOCS).read_text(encoding="utf-8"))
        self.storage = _Storage(str(self.path))
        with self.storage.closing_on_failure():  # the table of contents, then a reader to count the documents
            self.index = whoosh_index.FileIndex(self.storage, indexname="MAIN")  # what open_dir opens
            indexed = self.index.doc_count_all()
        if indexed != len(self.docs) or self.meta["documents"] != len(self.docs):
            raise ValueError(f"{indexed} documents indexed, {len(self.docs)} listed")
        # (edition, "s:27B1") → document number: a reference jumps inside one edition.
        self.by_id = {(doc.get("edition"), doc["id"]): number for number, doc in enumerate(self.docs)}
        # edition → its document numbers: the filter of a query inside one edition (never changed once built).
        self.edition_docs: dict[str, set[int]] = {}
        for number, doc in enumerate(self.docs):
            self.edition_docs.setdefault(doc.get("edition", ""), set()).add(number)
        self.lexicon: frozenset[str] = frozenset(self.meta["lexicon"])
        self.max_word = max((len(w) for w in self.lexicon), default=1)
        self.pinyin: dict[str, list[str]] = self.meta["pinyin"]
        self.english_terms: frozenset[str] = frozenset(self.meta["english"])
        self.english: tuple[str, ...] = tuple(w for w in self.meta["english"] if " " not in w)  # for typos
        self.plans: OrderedDict[str, object] = OrderedDict()
        self._pool: list = []
        self._lock = threading.Lock()
        self.retired = False

    @property
    def revision(self) -> int | None:
        return self.meta.get("revision")

    def acquire(self):
        with self._lock:
            if self._pool:
                return self._pool.pop()
        with (
            self.storage.closing_on_failure()
        ):  # a damaged segment file: the ones opened before it are closed
            return self.index.searcher(weighting=WEIGHTING)

    def release(self, searcher) -> None:
        with self._lock:
            if not self.retired and len(self._pool) < SEARCHER_POOL:
                self._pool.append(searcher)
                return
        searcher.close()

    @contextmanager
    def searcher(self) -> Iterator:
        searcher = self.acquire()
        try:
            yield searcher
        finally:
            self.release(searcher)

    def retire(self) -> None:
        """A newer generation took over: close the idle searchers; busy ones close when released."""
        with self._lock:
            self.retired = True
            idle, self._pool = self._pool, []
        for searcher in idle:
            searcher.close()

    def cached(self, key: str, make):
        """The analysed query for `key`, made once per generation (its lexicon and pinyin shape it)."""
        with self._lock:
            plan = self.plans.get(key)
            if plan is not None:
                self.plans.move_to_end(key)
                return plan
        plan = make()
        with self._lock:
            self.plans[key] = plan
            if len(self.plans) > PLAN_CACHE:
                self.plans.popitem(last=False)
        return plan


_current: Generation | None = None
_state = threading.Lock()
_checked_at = 0.0
_refresh: threading.Thread | None = None
_retry_after = 0.0
_repaired_at = float("-inf")
_last_error: str | None = None


def current_generation() -> Generation:
    """The live generation of this host, opened once per process; built now if there is none."""
    name = read_pointer()
    generation = _current
    if generation is None or generation.name != name:
        if name is None:
            logger.warning("no search index in %s: building it now", index_root())
            generation = _rebuild(broken=None)
        else:
            try:
                generation = _open(name)
            except Exception as exc:  # noqa: BLE001 (any unreadable generation is rebuilt, never a 500)
                logger.error(
                    "search index generation %s cannot be opened (%s): rebuilding it", name, _describe(exc)
                )
                generation = _rebuild(broken=name)
    _check_freshness(generation)
    return generation


def recover(generation: Generation, error: BaseException) -> Generation:
    """A query failed on `generation`: if a newer generation took over meanwhile (this one was removed under a
    long query), answer from that one; otherwise this one is broken: log it, forget it and rebuild."""
    forget_generation(generation)
    name = read_pointer()
    if name is not None and name != generation.name:
        return current_generation()
    global _repaired_at
    if time.monotonic() - _repaired_at < RETRY_SECONDS:
        # A generation this process rebuilt moments ago fails too: the fault is not in the files. Say so, and do
        # not rebuild on every query.
        logger.error("search failed again on a fresh search index generation (%s)", _describe(error))
        raise SearchUnavailable(SEARCH_UNAVAILABLE) from error
    logger.error(
        "search index generation %s failed a query (%s): rebuilding it", generation.name, _describe(error)
    )
    _repaired_at = time.monotonic()
    return _rebuild(broken=generation.name)


def forget_generation(generation: Generation | None = None) -> None:
    """Drop the opened generation (`generation` only if it is still the one opened)."""
    global _current
    with _state:
        if _current is None or (generation is not None and _current is not generation):
            return
        old, _current = _current, None
    old.retire()


# At exit the opened generation's pooled searchers are closed (their segment files), not left to the interpreter's
# teardown, which warns of each file it finds open.
atexit.register(forget_generation)


def _open(name: str) -> Generation:
    global _current
    with _state:
        if _current is not None and _current.name == name:
            return _current
    generation = Generation(name)
    with _state:
        old, _current = _current, generation
    if old is not None and old is not generation:
        old.retire()
    return generation


def _rebuild(*, broken: str | None) -> Generation:
    """A generation to answer from when there is none or the current one (`broken`) cannot be read: built now,
    in this request, or the one another process finished while we waited for the build lock."""
    global _retry_after, _last_error
    if time.monotonic() < _retry_after:
        raise SearchUnavailable(SEARCH_UNAVAILABLE)
    try:
        with index.build_lock(timeout=REQUEST_WAIT):
            name = read_pointer()
            if name is not None and name != broken:
                try:
                    return _open(name)
                except Exception as exc:  # noqa: BLE001
                    logger.error("search index generation %s cannot be opened (%s)", name, _describe(exc))
            forget_generation()
            report = index.build_locked()
    except BuildBusy:
        raise SearchUnavailable(SEARCH_UNAVAILABLE) from None
    except Exception as exc:
        _last_error = _describe(exc)
        _retry_after = time.monotonic() + RETRY_SECONDS
        logger.exception("search index build failed; searches answer 503 until one succeeds")
        raise SearchUnavailable(SEARCH_UNAVAILABLE) from exc
    _last_error = None
    logger.warning("search index rebuilt: %s", report.summary())
    try:
        return _open(report.path.name)
    except Exception as exc:
        logger.exception("a freshly built search index cannot be opened")
        raise SearchUnavailable(SEARCH_UNAVAILABLE) from exc


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


# ---------------------------------------------------------------------------------------------- freshness


def database_revision() -> tuple[str | None, int | None]:
    """(the loaded editions' codes, the sum of their revisions) in the database (search.index.editions_signature);
    (None, None) when no edition is loaded."""
    return index.editions_signature(Edition.objects.values_list("code", "revision"))


def lags(meta: dict, edition: str | None, revision: int | None) -> bool:
    """The generation was built from an older state of the law base than the database holds. A running server
    only ever sees the revision rise (imports bump it); a database restored to an older state is caught when the
    server restarts (build_if_needed compares for equality)."""
    if edition is None:
        return False
    if meta.get("edition") != edition or meta.get("revision") is None:
        return True
    return meta["revision"] < (revision or 0)


def _check_freshness(generation: Generation) -> None:
    global _checked_at
    now = time.monotonic()
    if now - _checked_at < CHECK_SECONDS:
        return
    _checked_at = now
    try:
        edition, revision = database_revision()
    except Exception as exc:  # noqa: BLE001 (the database being away must not stop searches)
        logger.warning("search index freshness check failed: %s", _describe(exc))
        return
    if lags(generation.meta, edition, revision):
        logger.warning(
            "search index generation %s (revision %s) lags the database (revision %s): rebuilding in the background",
            generation.name,
            generation.revision,
            revision,
        )
        refresh_in_background()


def refresh_in_background() -> threading.Thread:
    """Rebuild in a thread of this process if the index is out of date (at most one such thread; and none at all
    while another process of the host builds: that build is the refresh)."""
    global _refresh
    with _state:
        if _refresh is None or not _refresh.is_alive():
            _refresh = threading.Thread(target=_refresh_now, name="search-index-refresh", daemon=True)
            _refresh.start()
        return _refresh


def _refresh_now() -> None:
    try:
        with index.build_lock(timeout=0):
            reason = why_rebuild()
            if reason is not None:
                report = index.build_locked()
                logger.warning("search index rebuilt (%s): %s", reason, report.summary())
    except BuildBusy:
        pass
    except Exception:
        logger.exception("search index refresh failed; the previous generation keeps answering")
    finally:
        connections.close_all()


# ------------------------------------------------------------------------------------- --if-needed, /healthz


def why_rebuild() -> str | None:
    """Why the current index must be rebuilt ("missing", "format", "stale", "unreadable"), or None."""
    name = read_pointer()
    if name is None:
        return "missing"
    try:
        meta = read_meta(name)
    except Exception:  # noqa: BLE001
        return "unreadable"
    if meta.get("format") != INDEX_FORMAT:
        return "format"
    edition, revision = database_revision()
    if (meta.get("edition"), meta.get("revision")) != (edition, revision):
        return "stale"
    try:
        _read_through(name)
    except Exception:  # noqa: BLE001
        return "unreadable"
    return None


def _read_through(name: str) -> None:
    """Open the generation and read every term of every field and the postings of a few: what a truncated or
    overwritten file fails on."""
    generation = Generation(name)
    try:
        with generation.searcher() as searcher:
            reader = searcher.reader()
            for fieldname in generation.index.schema.names():
                terms = list(reader.lexicon(fieldname))
                for term in terms[:: max(1, len(terms) // 8)]:
                    list(reader.postings(fieldname, term).all_ids())
    finally:
        generation.retire()
        generation.index.close()


def build_if_needed(*, lock_timeout: float = index.LOCK_TIMEOUT) -> tuple[BuildReport | None, str]:
    """Build only when the index is missing, of another format, not of the database's revision or unreadable.
    Safe when several processes run it at once: they take turns on the build lock, and the ones after the first
    find the index up to date. Returns (the build's report or None, why)."""
    with index.build_lock(timeout=lock_timeout):
        reason = why_rebuild()
        if reason is None:
            return None, "up to date"
        return index.build_locked(), reason


def index_status() -> dict:
    """For /healthz, a stable dict: ``ok`` (a generation answers), ``generation`` (its name), ``documents``,
    ``error`` (why not ok, else None). Never builds; opens the current generation if this process has not yet."""
    name = read_pointer()
    if name is None:
        return {"ok": False, "generation": None, "documents": None, "error": _last_error or "no search index"}
    try:
        generation = _open(name)
    except Exception as exc:  # noqa: BLE001
        return {"ok": False, "generation": name, "documents": None, "error": _describe(exc)}
    return {"ok": True, "generation": name, "documents": len(generation.docs), "error": None}
