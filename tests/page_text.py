"""The text a reader sees on a page, by language: for the tests that fail on Chinese left in an English page and on
English left in a Chinese one (issue 19 item 4).

Allowed places — text a page rightly shows in the other language — are skipped whole:
- an element marked with ``lang`` in the other language (an English aside on a Chinese page, the 中文 button, a
  Chinese term quoted on an English page);
- the rulebook's own text, which exists only in Chinese: law text and headings (``.law-text``, ``.node``,
  ``.law-title``, ``.search-snippet``), glossary terms (``abbr.term``) and people's words (``.user-text``);
- ``<script>``, ``<style>``, ``<template>``, and attributes (tooltips carry the glossary's Chinese definitions).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

CJK = re.compile(r"[\u3400-\u9fff]")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SKIPPED_TAGS = {"script", "style", "template"}
LAW_CLASSES = {"law-text", "node", "law-title", "search-snippet", "term", "user-text"}


class _Reader(HTMLParser):
    def __init__(self, page_language: str):
        super().__init__(convert_charrefs=True)
        self.page = page_language
        self.stack: list[bool] = []  # per open element: is it (or an ancestor) an allowed place?
        self.lines: list[str] = []

    def _allowed(self, tag: str, attrs: dict[str, str | None]) -> bool:
        lang = (attrs.get("lang") or "").lower()
        if lang and not lang.startswith(self.page):
            return True
        classes = set((attrs.get("class") or "").split())
        return tag in SKIPPED_TAGS or bool(classes & LAW_CLASSES)

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        inherited = bool(self.stack) and self.stack[-1]
        self.stack.append(inherited or self._allowed(tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]) and data.strip():
            self.lines.append(data.strip())


def visible_text(html: str, page_language: str) -> list[str]:
    """The page's text runs outside the allowed places (``page_language``: ``en`` or ``zh``)."""
    reader = _Reader(page_language)
    reader.feed(html)
    return reader.lines


def chinese_runs(html: str) -> list[str]:
    """Text with Chinese characters on an English page, outside the allowed places."""
    return [line for line in visible_text(html, "en") if CJK.search(line)]


# English words a Chinese page may show as they are: card and score notation, units, names of the standards.
LATIN_ALLOWED = re.compile(
    r"^(?:[NESW]|NS|EW|NT|X{1,2}|IMPs?|PASS|None|Both|CCBA|WBF|A4|CSV|API|[0-9A-Za-z]{1,3}|[0-9]+[A-Z][0-9a-z]*)$"
)
WORD = re.compile(r"[A-Za-z][A-Za-z’']+")


def english_words(html: str) -> list[str]:
    """English words on a Chinese page, outside the allowed places and the notation a Chinese page writes in
    Latin letters (4S, 3NTX, NS, IMP…)."""
    words = []
    for line in visible_text(html, "zh"):
        words += [w for w in WORD.findall(line) if not LATIN_ALLOWED.match(w)]
    return words
