"""Time the search at today's corpus (x1) and at ten times it (x10), with SQLite FTS5 as the floor to compare with.

Run from the repository root after `make setup`: ``python bench/bench_search.py`` (`make bench` runs it). Prints,
measured in one run, one line per size:

    search x1: build <s> s, p50 <ms> ms, p95 <ms> ms, fts5 p50 <ms> ms

* x10: the edition's documents replicated ten times, each copy with its own id and its text's clauses rotated, so
  no two documents are identical but the vocabulary stays the rulebook's.
* build: `search_index_build` from that document list (analysis, the whoosh writer, meta and docs files, the
  switch); reading the documents from the database is not included. Median of BUILDS.
* p50/p95: `search()` on every quality-set query (tests/search/quality.yaml), ROUNDS times, warm (each query
  answered once before timing: the index open, searchers pooled, the analysed query cached; results never are).
* fts5 p50: the same documents, analysed into the same terms, in an in-memory SQLite FTS5 table; each quality-set
  query's compiled plan run as an FTS5 MATCH (AND of units, OR of names) ranked by bm25, best 30. Engine time only.

Uses the dev settings and database; the index is built into a temporary folder, so the one the app serves is left
alone.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")
os.environ["SEARCH_INDEX_DIR"] = tempfile.mkdtemp(prefix="caipan-bench-index-")

import django  # noqa: E402

django.setup()

import yaml  # noqa: E402
from whoosh.query import And, Or, Term  # noqa: E402

from laws.models import Edition  # noqa: E402
from search import analysis, generation, index  # noqa: E402
from search.plan import plan_for, reference  # noqa: E402
from search.query import search  # noqa: E402

SIZES = (1, 10)
BUILDS = 3
ROUNDS = 5
CANDIDATES = 30
QUALITY = ROOT / "tests" / "search" / "quality.yaml"
_CLAUSE_RE = re.compile(r"(?<=[，。；：,.;])")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _rotated(text: str, k: int) -> str:
    parts = [p for p in _CLAUSE_RE.split(text) if p]
    if len(parts) < 2:
        return f"{text}（{k}）" if text else text
    k %= len(parts)
    return "".join(parts[k:] + parts[:k])


def synthesise(docs: list[index.Document], times: int) -> list[index.Document]:
    """`docs` and times - 1 copies of them, each copy with its own id, order and rotated text."""
    out = list(docs)
    for k in range(1, times):
        out += [
            dataclasses.replace(
                doc, id=f"{doc.id}~{k}", body=_rotated(doc.body, k), text=_rotated(doc.text, k), order=doc.order + k * 1_000_000
            )
            for doc in docs
        ]  # fmt: skip
    return out


# ---------------------------------------------------------------------------------------------------- FTS5


def fts5_table(docs: list[index.Document]) -> sqlite3.Connection:
    """The documents in an FTS5 table, each column the terms the whoosh index holds (space-separated)."""
    db = sqlite3.connect(":memory:")
    db.execute(
        "CREATE VIRTUAL TABLE docs USING fts5(title, context, body, cites, tokenize = \"unicode61 tokenchars '_'\")"
    )

    def terms(text: str) -> str:
        return " ".join(analysis.chinese_terms(analysis.normalise(text))) if text else ""

    def english(text: str) -> str:
        return " ".join(t.replace(" ", "_") for t in analysis.english_terms(text)) if text else ""

    db.executemany(
        "INSERT INTO docs (title, context, body, cites) VALUES (?, ?, ?, ?)",
        [
            (
                f"{terms(doc.title_zh)} {english(doc.title_en)}",
                f"{terms(doc.context_zh)} {english(doc.context_en)}",
                terms(doc.body),
                " ".join(doc.cites).lower(),
            )
            for doc in docs
        ],
    )
    return db


def fts5_match(query) -> str:
    """A compiled whoosh query (And, Or, Term) as an FTS5 MATCH expression."""
    if isinstance(query, Term):
        text = str(query.text).replace(" ", "_").replace('"', '""')
        return f'"{text}"'
    joint = " AND " if isinstance(query, And) else " OR "
    assert isinstance(query, And | Or), query
    return "(" + joint.join(fts5_match(sub) for sub in query.subqueries) + ")"


def fts5_queries(queries: list[str]) -> list[str]:
    current = generation.current_generation()
    out = []
    for q in queries:
        ref = reference(q)
        if ref is not None:
            out.append(f'cites : "{ref.lower()}"')
            continue
        the_plan = plan_for(analysis.normalise(q), current)
        if the_plan.required is not None:
            out.append(fts5_match(the_plan.required))
        elif the_plan.literal:
            out.append(f'"{the_plan.literal}"')
    return out


def fts5_p50(db: sqlite3.Connection, matches: list[str]) -> float:
    sql = "SELECT rowid, bm25(docs, 5.0, 1.0, 1.5, 0.0) AS rank FROM docs WHERE docs MATCH ? ORDER BY rank LIMIT ?"
    for match in matches:
        db.execute(sql, (match, CANDIDATES)).fetchall()
    times = []
    for _ in range(ROUNDS):
        for match in matches:
            started = time.perf_counter()
            db.execute(sql, (match, CANDIDATES)).fetchall()
            times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


# ---------------------------------------------------------------------------------------------------- main


def measure(docs: list[index.Document], queries: list[str]) -> tuple[float, float, float, float]:
    builds = []
    for _ in range(BUILDS):
        generation.forget_generation()
        builds.append(index.search_index_build(docs=docs).seconds)
    for q in queries:
        search(q)
    times = []
    for _ in range(ROUNDS):
        for q in queries:
            started = time.perf_counter()
            search(q)
            times.append((time.perf_counter() - started) * 1000)
    fts5 = fts5_p50(fts5_table(docs), fts5_queries(queries))
    return statistics.median(builds), statistics.median(times), percentile(times, 0.95), fts5


def main() -> int:
    from django.conf import settings

    edition = Edition.objects.filter(code=settings.LAWS_DEFAULT_EDITION).first()
    if edition is None:
        print("search bench: the law corpus is not loaded (run `make setup`)")
        return 1
    base = index.documents(edition)
    queries = [case["q"] for case in yaml.safe_load(QUALITY.read_text(encoding="utf-8"))]
    for times in SIZES:
        build, p50, p95, fts5 = measure(synthesise(base, times), queries)
        print(f"search x{times}: build {build:.2f} s, p50 {p50:.2f} ms, p95 {p95:.2f} ms, fts5 p50 {fts5:.2f} ms", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    try:
        status = main()
    finally:
        generation.forget_generation()
        shutil.rmtree(os.environ["SEARCH_INDEX_DIR"], ignore_errors=True)
    sys.exit(status)
