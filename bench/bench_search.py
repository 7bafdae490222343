"""Time the search: index build, warm query latency over the quality set, and the first query in a new process.

Run from the repository root after `make setup`: ``python bench/bench_search.py``. Uses the dev settings and
database; the index is built into a temporary folder, so the one the app serves is left alone.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
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

from laws.models import Edition  # noqa: E402
from search import index  # noqa: E402
from search.query import search  # noqa: E402

BUILDS = 3
ROUNDS = 5
QUALITY = ROOT / "tests" / "search" / "quality.yaml"

FIRST_QUERY = """
import json, os, sys, time
started = time.perf_counter()
sys.path.insert(0, {root!r})
import django
django.setup()
ready = time.perf_counter()
from search.query import search
search("藏牌")
answered = time.perf_counter()
search("revoke")
again = time.perf_counter()
print(json.dumps({{"setup": ready - started, "first": answered - ready, "second": again - answered}}))
"""


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> int:
    from django.conf import settings

    if not Edition.objects.filter(code=settings.LAWS_DEFAULT_EDITION).exists():
        print("search bench: the law corpus is not loaded (run `make setup`)")
        return 1

    builds = []
    for _ in range(BUILDS):
        report = index.search_index_build()
        builds.append(report.seconds)
    print(f"search index build: {min(builds):.2f} s best, {statistics.median(builds):.2f} s median of {BUILDS} "
          f"({report.documents} documents)")  # fmt: skip

    queries = [case["q"] for case in yaml.safe_load(QUALITY.read_text(encoding="utf-8"))]
    for q in queries:  # warm: index opened, searchers pooled, caches filled
        search(q)
    times = []
    for _ in range(ROUNDS):
        for q in queries:
            started = time.perf_counter()
            search(q)
            times.append((time.perf_counter() - started) * 1000)
    print(f"search warm median: {statistics.median(times):.2f} ms")
    print(f"search warm p95: {percentile(times, 0.95):.2f} ms")
    print(f"search warm max: {max(times):.2f} ms ({len(queries)} quality-set queries × {ROUNDS})")

    runs = []
    for _ in range(3):
        started = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", FIRST_QUERY.format(root=str(ROOT))],
            capture_output=True,
            text=True,
            check=True,
            env=os.environ.copy(),
            cwd=ROOT,
        ).stdout
        figures = json.loads(out.strip().splitlines()[-1])
        figures["process"] = time.perf_counter() - started
        runs.append(figures)
    best = min(runs, key=lambda r: r["process"])
    print(f"search first query in a new process: {best['first'] * 1000:.1f} ms "
          f"(second query {best['second'] * 1000:.1f} ms; django.setup {best['setup'] * 1000:.0f} ms; "
          f"whole process {best['process']:.2f} s; best of {len(runs)})")  # fmt: skip
    return 0


if __name__ == "__main__":
    try:
        status = main()
    finally:
        index.forget_generation()
        shutil.rmtree(os.environ["SEARCH_INDEX_DIR"], ignore_errors=True)
    sys.exit(status)
