"""One entry point from text to safe HTML (docs/design.md §6a): Python-Markdown, our inline patterns for law
references, glossary terms and editorial corrections (laws/corrections.py), then nh3. Law text and user notes both
go through `render`."""

from __future__ import annotations

import html
import re
import time
import xml.etree.ElementTree as etree
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import markdown
import nh3
from markdown.inlinepatterns import InlineProcessor
from markdown.util import AtomicString
from markdown_it import MarkdownIt
from markdown_it.rules_block import table as table_rule
from markdown_it.token import Token

from bridge.references import REFERENCE_RE, find_references
from laws import corrections as editorial
from laws.text import blocks

ALLOWED_TAGS = {
    "p",
    "a",
    "abbr",
    "span",
    "em",
    "strong",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "br",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "h3",
    "h4",
    "h5",
    "hr",
    "ins",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "class", "title", "data-ref"},
    "abbr": {"class", "title"},
    "span": {"class", "title"},
    "ins": {"class", "title", "data-original", "tabindex"},
    "td": {"colspan"},
    "th": {"colspan"},
}


@dataclass
class RenderContext:
    """What the renderer needs to know about the corpus: which refs exist, and the glossary."""

    url_for: Callable[[str], str | None] = lambda ref: None
    glossary: dict[str, str] = field(default_factory=dict)
    _term_re: re.Pattern | None = None

    @property
    def term_re(self) -> re.Pattern | None:
        if self._term_re is None and self.glossary:
            terms = sorted((t for t in self.glossary if len(t) >= 2), key=len, reverse=True)
            if terms:
                self._term_re = re.compile("|".join(re.escape(t) for t in terms))
        return self._term_re


class _ReferencePattern(InlineProcessor):
    def __init__(self, context: RenderContext, md):
        super().__init__(REFERENCE_RE.pattern, md)
        self.context = context

    def handleMatch(self, m, data):  # noqa: N802 (Markdown's API)
        raw = m.group(0)
        found = find_references(raw)
        if not found:
            return None, None, None
        ref = found[0].ref
        url = self.context.url_for(ref)
        if url:
            el = etree.Element("a", {"href": url, "class": "ref", "data-ref": ref})
        else:
            el = etree.Element("span", {"class": "ref pending", "title": f"{ref}：尚未收录（待链接）"})
        el.text = AtomicString(raw)
        return el, m.start(0), m.end(0)


class _TermPattern(InlineProcessor):
    """Marks the first occurrence of each defined term in one rendering, so a tap shows its definition."""

    def __init__(self, context: RenderContext, md, seen: set[str]):
        super().__init__(context.term_re.pattern if context.term_re else r"(?!x)x", md)
        self.context = context
        self.seen = seen

    def handleMatch(self, m, data):  # noqa: N802
        term = m.group(0)
        if term in self.seen:
            return None, None, None
        self.seen.add(term)
        el = etree.Element("abbr", {"class": "term", "title": self.context.glossary[term]})
        el.text = AtomicString(term)
        return el, m.start(0), m.end(0)


class _CorrectionPattern(InlineProcessor):
    """Shows an editorial correction of the official text: the corrected reading in an ``ins`` that carries the
    original. Runs before the other patterns; the corrected reading is still searched for references and terms."""

    def __init__(self, corrections: Sequence[editorial.Correction], md):
        regex = editorial.pattern(tuple(corrections))
        super().__init__(regex.pattern if regex else r"(?!x)x", md)
        self.by_original = {c.original: c for c in corrections}

    def handleMatch(self, m, data):  # noqa: N802
        correction = self.by_original[m.group(0)]
        el = etree.Element("ins", editorial.attributes(correction))
        el.text = correction.corrected  # not atomic: references and terms inside it are still marked
        return el, m.start(0), m.end(0)


def _markdown(
    text: str,
    context: RenderContext | None,
    seen: set[str],
    corrections: Sequence[editorial.Correction] = (),
) -> str:
    md = markdown.Markdown(extensions=["tables", "sane_lists"])
    if corrections:
        md.inlinePatterns.register(_CorrectionPattern(corrections, md), "editorial_correction", 195)
    if context is not None:
        md.inlinePatterns.register(_ReferencePattern(context, md), "law_reference", 185)
        if context.term_re is not None:
            md.inlinePatterns.register(_TermPattern(context, md, seen), "glossary_term", 5)
    return md.convert(text)


def _inline(
    text: str, context: RenderContext | None, seen: set[str], corrections: Sequence[editorial.Correction] = ()
) -> str:
    out = _markdown(text, context, seen, corrections)
    return out.removeprefix("<p>").removesuffix("</p>")


def _table_html(
    table, context: RenderContext | None, seen: set[str], corrections: Sequence[editorial.Correction] = ()
) -> str:
    def cell(text: str) -> str:
        return _inline(html.escape(text), context, seen, corrections)

    parts = ['<table class="law-table">']
    if table.header:
        parts.append("<thead><tr>")
        parts += [f"<th>{cell(c)}</th>" for c in table.header]
        parts.append("</tr></thead>")
    parts.append("<tbody>")
    for row in table.rows:
        parts.append("<tr>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def sanitize(fragment: str) -> str:
    return nh3.clean(
        fragment,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer",
    )


def render(
    text: str,
    context: RenderContext | None = None,
    *,
    law_layout: bool = False,
    seen: set[str] | None = None,
    corrections: Sequence[editorial.Correction] = (),
) -> str:
    """Text → safe HTML. With law_layout, each line is a paragraph and table rows become tables
    (the rulebook layout); otherwise the text is free Markdown (user notes). Pass one `seen` set to several
    calls to mark each glossary term only once across them (one law page). `corrections` (official text only,
    laws/corrections.py) show their corrected readings, marked."""
    seen = set() if seen is None else seen
    if not law_layout:
        return sanitize(_markdown(text, context, seen, corrections))
    parts = []
    for block in blocks(text):
        if block.kind == "table":
            parts.append(_table_html(block.table, context, seen, corrections))
        else:
            parts.append(_markdown(block.text, context, seen, corrections))
    return sanitize("".join(parts))


# ---------------------------------------------------------------------------------------------------------
# User text (ruling statements and notes, comments, appeal reasons, decisions): rendered once, when written.
#
# Python-Markdown is quadratic on bracket-heavy input and recursive on nested lists (security review H1/H2), so
# user text goes through markdown-it-py in CommonMark mode (linear time, nesting bounded by maxNesting), with
# raw HTML off, then nh3 as above. A time budget is checked while it parses; any failure (RecursionError
# included) or an exhausted budget gives the text escaped, with its line breaks, instead: a render never raises.

USER_TEXT_RENDER_LIMIT = 100_000  # characters; longer texts are shown as plain text
USER_TEXT_RENDER_SECONDS = 1.0
_CHECK_EVERY = 512  # positions between two looks at the clock
# Cells of all the pipe tables of one text together (security review N3). markdown-it's table rule builds a whole
# table in one call, padding short rows to the header's width (up to 65,536 padded cells: 2–3 s at the 20,000
# character cap, before any clock check); a table that would pass this is left as text. A ruling's tables (a poll,
# a few score rows) have tens of cells.
USER_TABLE_CELLS_LIMIT = 5_000


class _OverBudget(Exception):
    pass


def _user_parser(context: RenderContext | None, seen: set[str], deadline: list[float]) -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": True, "linkify": False, "typographer": False, "maxNesting": 20})
    md.enable("table")
    calls = [0]

    def clock() -> None:
        calls[0] += 1
        if calls[0] % _CHECK_EVERY == 0 and time.perf_counter() > deadline[0]:
            raise _OverBudget

    def block_budget(state, start_line, end_line, silent):
        clock()
        return False

    def inline_budget(state, silent):
        clock()
        return False

    cells, scanned = [0], [0]

    def bounded_table(state, start_line, end_line, silent):
        """The table rule, for a table whose rows × columns keep the text's tables within
        USER_TABLE_CELLS_LIMIT; a bigger one is not a table (its lines stay text). Only a real table start is
        measured (the rule's own silent check first), the measure stops at the limit, and the lines measured
        in all stay within twice the text's: linear time."""
        clock()
        if not table_rule(state, start_line, end_line, True):
            return False
        delimiter = state.src[
            state.bMarks[start_line + 1] + state.tShift[start_line + 1] : state.eMarks[start_line + 1]
        ]
        columns = max(1, delimiter.strip().strip("|").count("|") + 1)
        room = USER_TABLE_CELLS_LIMIT - cells[0]
        if scanned[0] > 2 * len(state.bMarks) + 1000:  # many table starts inside one block: no more tables
            return False
        line, rows = start_line, 0
        while line < end_line and rows * columns <= room:
            if state.isEmpty(line) or state.sCount[line] < state.blkIndent:
                break
            rows += 1
            line += 1
        scanned[0] += rows
        if rows * columns > room:
            return False
        if silent:
            return True
        cells[0] += rows * columns
        return table_rule(state, start_line, end_line, False)

    md.block.ruler.at("table", bounded_table, {"alt": ["paragraph", "reference"]})
    md.block.ruler.before("table", "budget", block_budget)
    md.inline.ruler.before("text", "budget", inline_budget)
    if context is not None:
        md.core.ruler.push("law_marks", lambda state: _mark_text_tokens(state, context, seen))
    return md


def _mark_text_tokens(state, context: RenderContext, seen: set[str]) -> None:
    """Law references become links (or a pending mark) and each glossary term's first use an ``abbr``, in the
    text outside links and code, as the law pages show them."""
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        children: list = []
        in_link = 0
        for token in block.children:
            if token.type == "link_open":
                in_link += 1
            elif token.type == "link_close":
                in_link -= 1
            if token.type != "text" or in_link or not token.content:
                children.append(token)
                continue
            fragment = _marked_html(token.content, context, seen)
            if fragment is None:
                children.append(token)
            else:
                marked = Token("html_inline", "", 0)
                marked.content = fragment
                children.append(marked)
        block.children = children


def _marked_html(text: str, context: RenderContext, seen: set[str]) -> str | None:
    """The text escaped, with its references and terms marked; None when there is nothing to mark."""
    parts: list[str] = []
    position = 0
    marked = False
    for m in REFERENCE_RE.finditer(text):
        found = find_references(m.group(0))
        if not found:
            continue
        parts.append(_terms_html(text[position : m.start()], context, seen))
        ref = found[0].ref
        url = context.url_for(ref)
        raw = html.escape(m.group(0))
        if url:
            parts.append(f'<a href="{html.escape(url)}" class="ref" data-ref="{html.escape(ref)}">{raw}</a>')
        else:
            title = html.escape(f"{ref}：尚未收录（待链接）")
            parts.append(f'<span class="ref pending" title="{title}">{raw}</span>')
        position = m.end()
        marked = True
    rest = _terms_html(text[position:], context, seen)
    parts.append(rest)
    if not marked and rest == html.escape(text):
        return None
    return "".join(parts)


def _terms_html(text: str, context: RenderContext, seen: set[str]) -> str:
    term_re = context.term_re
    if term_re is None or not text:
        return html.escape(text)
    parts: list[str] = []
    position = 0
    for m in term_re.finditer(text):
        term = m.group(0)
        if term in seen:
            continue
        seen.add(term)
        parts.append(html.escape(text[position : m.start()]))
        title = html.escape(context.glossary[term])
        parts.append(f'<abbr class="term" title="{title}">{html.escape(term)}</abbr>')
        position = m.end()
    parts.append(html.escape(text[position:]))
    return "".join(parts)


# Words every director knows, too common to mark in a script read aloud (issue 31, polish 13): the dotted
# underline on 裁判, 对手, 同伴 and 牌墩 cluttered the ruling card. Law text keeps them marked.
SCRIPT_PLAIN_TERMS = (
    "裁判",
    "对手",
    "同伴",
    "牌墩",
    "Director",
    "director",
    "opponent",
    "opponents",
    "partner",
    "trick",
)
_SCRIPT_PLAIN_RE = re.compile(
    r'<abbr class="term" title="[^"]*">(' + "|".join(re.escape(t) for t in SCRIPT_PLAIN_TERMS) + r")</abbr>"
)


def script_html(html_text: str) -> str:
    """A ruling script's HTML with the everyday terms unmarked (SCRIPT_PLAIN_TERMS); other terms stay."""
    return _SCRIPT_PLAIN_RE.sub(r"\1", html_text)


def plain_html(text: str) -> str:
    """The text escaped, paragraphs at blank lines and ``<br>`` at single line breaks: the safe fallback."""
    paragraphs = re.split(r"\n\s*\n", text.replace("\r\n", "\n").replace("\r", "\n").strip())
    return "".join(
        "<p>" + "<br>".join(html.escape(line) for line in paragraph.split("\n")) + "</p>"
        for paragraph in paragraphs
        if paragraph.strip()
    )


def render_user(
    text: str,
    context: RenderContext | None = None,
    *,
    budget: float = USER_TEXT_RENDER_SECONDS,
    limit: int = USER_TEXT_RENDER_LIMIT,
) -> str:
    """User Markdown → safe HTML in linear time, within ``budget`` seconds; never raises. Empty text is ""."""
    if not text:
        return ""
    if len(text) > limit:
        return plain_html(text)
    try:
        deadline = [0.0]
        parser = _user_parser(context, set(), deadline)
        deadline[0] = time.perf_counter() + budget  # the clock starts once the parser is built
        out = parser.render(text)
        if time.perf_counter() > deadline[0]:
            raise _OverBudget
        return sanitize(out).strip()
    except (Exception, RecursionError):  # RecursionError is an Exception; named for the reader
        return plain_html(text)


def stored_html(text: str, html_text: str) -> str:
    """The HTML stored for a user text; a row written before it was stored (or around the services) shows its
    text escaped: a read never renders Markdown."""
    if html_text or not text:
        return html_text
    return plain_html(text)


# A numbered option in a script, on a line of its own: 「一、…」 or "1. …" (issue 31, polish 13: the LOOT options).
_SCRIPT_ITEM_RE = re.compile(r"^(?:[一二三四五六七八九十]{1,2}、|\d{1,2}\.\s+)(?=\S)")


def render_script(text: str, context: RenderContext | None = None) -> str:
    """A ruling script → safe HTML to read aloud: law layout (a paragraph a line, references linked, terms marked
    once), except that a run of numbered lines (「一、…」, "1. …") is one ordered list, an option an item, its
    number kept in the text (the director reads it out); everyday terms unmarked (script_html)."""
    seen: set[str] = set()
    parts: list[str] = []
    prose: list[str] = []
    items: list[str] = []

    def flush_prose() -> None:
        if prose:
            parts.append(render("\n".join(prose), context, law_layout=True, seen=seen))
            prose.clear()

    def flush_items() -> None:
        if items:
            parts.append("<ol>" + "".join(f"<li>{item}</li>" for item in items) + "</ol>")
            items.clear()

    for line in text.splitlines():
        match = _SCRIPT_ITEM_RE.match(line.strip())
        if match is None:
            flush_items()
            prose.append(line)
            continue
        flush_prose()
        number, rest = match.group(0), line.strip()[match.end() :]
        items.append(html.escape(number) + _inline(rest, context, seen))
    flush_prose()
    flush_items()
    return script_html(sanitize("".join(parts)))
