"""Snippets: a window of a document's text with whole terms marked. The only markup is <mark>; everything
else is HTML-escaped here, so templates and the API can hand the snippet on as it is."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from search.analysis import english_stem

WIDTH = 90  # characters of text in a snippet
LEAD = 16  # characters shown before the first mark
_LATIN_WORD_RE = re.compile(r"[A-Za-z]+")


def _spans(text: str, chinese: Iterable[str], stems: set[str]) -> list[tuple[int, int]]:
    lowered = text.lower()
    spans = []
    for needle in sorted({n for n in chinese if n}, key=len, reverse=True):
        start = lowered.find(needle)
        while start != -1:
            spans.append((start, start + len(needle)))
            start = lowered.find(needle, start + len(needle))
    if stems:
        for m in _LATIN_WORD_RE.finditer(text):
            if english_stem(m.group(0)) in stems or m.group(0).lower() in stems:
                spans.append((m.start(), m.end()))
    return _merge(spans)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching marks become one mark: a term is marked whole, never in pieces."""
    merged: list[list[int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(s, e) for s, e in merged]


def _window(length: int, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    if length <= width or not spans:
        return 0, min(length, width)
    best, best_count = spans[0][0], -1
    for anchor, _ in spans:
        start = max(0, anchor - LEAD)
        count = sum(1 for s, e in spans if s >= start and e <= start + width)
        if count > best_count:
            best, best_count = start, count
    start = max(0, min(best, length - width))
    end = min(length, start + width)
    for s, e in spans:  # never cut a mark in half
        if s < end < e:
            end = e
    return start, end


def snippet(text: str, chinese: Iterable[str] = (), stems: Iterable[str] = (), width: int = WIDTH) -> str:
    text = " ".join(text.split())
    spans = _spans(text, chinese, set(stems))
    start, end = _window(len(text), spans, width)
    out = ["…" if start > 0 else ""]
    pos = start
    for s, e in spans:
        if e <= start or s >= end:
            continue
        s, e = max(s, start), min(e, end)
        out.append(html.escape(text[pos:s]))
        out.append(f"<mark>{html.escape(text[s:e])}</mark>")
        pos = e
    out.append(html.escape(text[pos:end]))
    if end < len(text):
        out.append("…")
    return "".join(out)
