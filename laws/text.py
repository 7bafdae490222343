"""Reading the customary plain-text layout of the Chinese rulebook (fixtures/laws/FORMAT.md).

Pure functions: text in, parsed structure out. Errors name the line. The database side lives in
laws/services.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_DIGITS = "零一二三四五六七八九"
_NUMERAL_RE = re.compile(r"^[一二三四五六七八九十]+$")

CHAPTER_RE = re.compile(r"^第([一二三四五六七八九十]+)章\s*(.*)$")
LAW_RE = re.compile(r"^第\s*(\d{1,3})\s*条\s*[：:]\s*(.*)$")
SECTION_RE = re.compile(r"^([A-Z])\s*[．.]\s*(.*)$")
SUBSECTION_RE = re.compile(r"^(\d{1,2})\s*[．.](?!\d)\s*(.*)$")
ITEM_RE = re.compile(r"^[（(]([a-z])[)）]\s*(.*)$")
# 术语（ENGLISH）：释义 — the English gloss is Latin letters, spaces and dashes.
DEF_RE = re.compile(
    r"^(?P<term>[^：:（(]{1,20}?)\s*[（(](?P<en>[A-Za-z][A-Za-z \-－]*)[)）]\s*[：:](?P<text>.*)$"
)
# Premium Point 奖分：释义 — English first, no brackets.
DEF_EN_FIRST_RE = re.compile(
    r"^(?P<en>[A-Za-z][A-Za-z ]+?)\s*(?P<term>[\u4e00-\u9fff]{1,12})[：:](?P<text>.*)$"
)
# 宕墩：释义 — no English term.
DEF_PLAIN_RE = re.compile(r"^(?P<term>[\u4e00-\u9fff]{1,12})[：:](?P<text>.*)$")


class ParseError(ValueError):
    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


def from_chinese_numeral(text: str) -> int:
    """一 → 1, 十 → 10, 十一 → 11, 二十三 → 23."""
    if not _NUMERAL_RE.match(text):
        raise ValueError(f"not a Chinese numeral: {text!r}")
    if "十" in text:
        tens, _, units = text.partition("十")
        return (_DIGITS.index(tens) if tens else 1) * 10 + (_DIGITS.index(units) if units else 0)
    return _DIGITS.index(text)


# A law number in Chinese numerals before 条 (第二十七条), an item number before 项 (B款一项).
_NUMERAL_LAW_RE = re.compile(r"(第\s*)?(?<![一二三四五六七八九十])([一二三四五六七八九十]{1,3})(?=\s*条)")
_NUMERAL_ITEM_RE = re.compile(r"(?<=款)(\s*)([一二三四五六七八九十]{1,3})(?=\s*项)")


def arabic_references(text: str, *, bare: bool = False) -> str:
    """第二十七条B款一项 → 第27条B款1项: directors say law numbers in Chinese numerals. Without 第 (二十七条) only
    when `bare` (the whole query is a reference): inside a sentence 一条 is "one rule", not Law 1."""

    def law(m: re.Match) -> str:
        if m.group(1) is None and not bare:
            return m.group(0)
        return (m.group(1) or "") + _arabic(m.group(2))

    text = _NUMERAL_LAW_RE.sub(law, text)
    return _NUMERAL_ITEM_RE.sub(lambda m: m.group(1) + _arabic(m.group(2)), text)


def _arabic(numeral: str) -> str:
    try:
        return str(from_chinese_numeral(numeral))
    except (ValueError, IndexError):
        return numeral


def to_chinese_numeral(n: int) -> str:
    if n < 10:
        return _DIGITS[n]
    tens, units = divmod(n, 10)
    return ("" if tens == 1 else _DIGITS[tens]) + "十" + (_DIGITS[units] if units else "")


def to_roman(n: int) -> str:
    values = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for value, letters in values:
        while n >= value:
            out += letters
            n -= value
    return out


# ---------------------------------------------------------------------------------------------- tables


def _whitespace_row(line: str) -> list[str] | None:
    """A row of the official text's plain tables (Law 2): four or more cells, at least half of them numbers."""
    cells = line.split()
    if len(cells) >= 4 and sum(c.isdigit() for c in cells) * 2 >= len(cells):
        return cells
    return None


def _pipe_row(line: str) -> list[str] | None:
    if not line.startswith("|"):
        return None
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _is_separator(cells: list[str]) -> bool:
    return all(re.fullmatch(r":?-{2,}:?", c.replace("—", "--")) for c in cells if c) and any(cells)


@dataclass(frozen=True)
class Table:
    header: list[str] | None
    rows: list[list[str]]

    def as_dict(self) -> dict:
        return {"header": self.header, "rows": self.rows}


@dataclass(frozen=True)
class Block:
    """A paragraph (kind "p", text) or a table (kind "table", table)."""

    kind: str
    text: str = ""
    table: Table | None = None


def blocks(text: str) -> list[Block]:
    """Split a node's text into paragraphs and tables, the same way for rendering and for the API."""
    out: list[Block] = []
    pending_pipe: list[list[str]] = []
    pending_ws: list[list[str]] = []

    def flush() -> None:
        if pending_pipe:
            rows = [r for r in pending_pipe if not _is_separator(r)]
            has_header = len(pending_pipe) > 1 and _is_separator(pending_pipe[1])
            out.append(
                Block("table", table=Table(rows[0] if has_header else None, rows[1:] if has_header else rows))
            )
            pending_pipe.clear()
        if pending_ws:
            out.append(Block("table", table=Table(None, list(pending_ws))))
            pending_ws.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        pipe = _pipe_row(line)
        if pipe is not None:
            if pending_ws:
                flush()
            pending_pipe.append(pipe)
            continue
        ws = _whitespace_row(line)
        if ws is not None:
            if pending_pipe:
                flush()
            pending_ws.append(ws)
            continue
        flush()
        out.append(Block("p", text=line))
    flush()
    return out


def tables(text: str) -> list[Table]:
    return [b.table for b in blocks(text) if b.table is not None]


# ---------------------------------------------------------------------------------------------- parsing


@dataclass
class ParsedNode:
    ref: str
    level: int
    label: str
    heading: str
    line: int
    lines: list[str] = field(default_factory=list)
    children: list[ParsedNode] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class ParsedLaw:
    number: int
    title: str
    chapter: int
    line: int
    root: ParsedNode


@dataclass
class ParsedChapter:
    number: int
    title: str
    line: int


@dataclass
class ParsedDefinition:
    term: str
    term_en: str
    line: int
    lines: list[str]
    change: str = ""  # "new", "changed" or "" (a definitions table, fixtures/editions/README.md)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass
class ParsedCorpus:
    preface: list[str] = field(default_factory=list)
    chapters: list[ParsedChapter] = field(default_factory=list)
    laws: list[ParsedLaw] = field(default_factory=list)
    definitions: list[ParsedDefinition] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _definition_start(line: str) -> tuple[str, str, str] | None:
    for pattern in (DEF_RE, DEF_EN_FIRST_RE, DEF_PLAIN_RE):
        m = pattern.match(line)
        if m:
            return (
                m.group("term").strip(),
                m.group("en").strip() if "en" in m.groupdict() else "",
                m.group("text"),
            )
    return None


def _definition_line(
    line: str, number: int, corpus: ParsedCorpus, definition: ParsedDefinition | None
) -> ParsedDefinition:
    """A line of the Definitions: a new term (added to the corpus), or more text of the current one."""
    start = _definition_start(line)
    if start:
        term, term_en, body = start
        definition = ParsedDefinition(term, term_en, number, [body.strip()] if body.strip() else [])
        corpus.definitions.append(definition)
        return definition
    if definition is None:
        raise ParseError(number, f"expected a definition (术语（ENGLISH）：释义), got {line[:30]!r}")
    definition.lines.append(line)
    return definition


def _new_law(m: re.Match[str], number: int, chapter: ParsedChapter | None, corpus: ParsedCorpus) -> ParsedLaw:
    """第N条：标题 — a law of the current chapter, its number in range and not seen before."""
    if chapter is None:
        raise ParseError(number, "a law (第N条) before any chapter heading (第N章)")
    law_number = int(m.group(1))
    if not 1 <= law_number <= 999:
        raise ParseError(number, f"law number out of range: {law_number}")
    if any(existing.number == law_number for existing in corpus.laws):
        raise ParseError(number, f"law {law_number} appears twice")
    root = ParsedNode(str(law_number), 0, "", "", number)
    law = ParsedLaw(law_number, m.group(2).strip(), chapter.number, number, root)
    corpus.laws.append(law)
    return law


def _new_section(m: re.Match[str], number: int, law: ParsedLaw) -> ParsedNode:
    ref = f"{law.number}{m.group(1)}"
    if any(child.ref == ref for child in law.root.children):
        raise ParseError(number, f"section {ref} appears twice")
    section = ParsedNode(ref, 1, m.group(1), m.group(2).strip(), number)
    law.root.children.append(section)
    return section


def _new_subsection(m: re.Match[str], number: int, law: ParsedLaw, section: ParsedNode | None) -> ParsedNode:
    if section is None:
        raise ParseError(number, f"subsection {m.group(1)} of law {law.number} outside a section (A．…)")
    ref = f"{section.ref}{int(m.group(1))}"
    if any(child.ref == ref for child in section.children):
        raise ParseError(number, f"subsection {ref} appears twice")
    subsection = ParsedNode(ref, 2, str(int(m.group(1))), m.group(2).strip(), number)
    section.children.append(subsection)
    return subsection


def _new_item(m: re.Match[str], number: int, subsection: ParsedNode | None) -> ParsedNode:
    if subsection is None:
        raise ParseError(number, f"item ({m.group(1)}) outside a subsection (1.…)")
    ref = f"{subsection.ref}{m.group(1)}"
    if any(child.ref == ref for child in subsection.children):
        raise ParseError(number, f"item {ref} appears twice")
    item = ParsedNode(ref, 3, m.group(1), "", number, [m.group(2).strip()] if m.group(2).strip() else [])
    subsection.children.append(item)
    return item


def parse(text: str, *, definitions_only: bool = False) -> ParsedCorpus:
    """Parse the rulebook layout. With definitions_only, every line is a definition (a glossary file)."""
    corpus = ParsedCorpus()
    chapter: ParsedChapter | None = None
    law: ParsedLaw | None = None
    section: ParsedNode | None = None
    subsection: ParsedNode | None = None
    current: ParsedNode | None = None
    definition: ParsedDefinition | None = None
    in_definitions = definitions_only

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue

        m = CHAPTER_RE.match(line)
        if m and not definitions_only:
            chapter = ParsedChapter(from_chinese_numeral(m.group(1)), m.group(2).strip(), number)
            corpus.chapters.append(chapter)
            in_definitions = chapter.number == 1
            law = section = subsection = current = None
            definition = None
            continue

        if in_definitions:
            definition = _definition_line(line, number, corpus, definition)
            continue

        m = LAW_RE.match(line)
        if m:
            law = _new_law(m, number, chapter, corpus)
            section = subsection = None
            current = law.root
            continue

        if law is None:
            if chapter is None:
                corpus.preface.append(line)
                continue
            raise ParseError(number, f"text outside any law: {line[:30]!r}")

        if m := SECTION_RE.match(line):
            section = current = _new_section(m, number, law)
            subsection = None
        elif m := SUBSECTION_RE.match(line):
            subsection = current = _new_subsection(m, number, law, section)
        elif m := ITEM_RE.match(line):
            current = _new_item(m, number, subsection)
        else:
            assert current is not None
            current.lines.append(line)

    return corpus


DEFINITION_CHANGES = ("", "new", "changed")


def is_definition_table(text: str) -> bool:
    """A glossary in the table layout (`术语|English term|mark|释义`, fixtures/editions/README.md): every line that
    is not a comment holds at least three `|`."""
    rows = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    return bool(rows) and all(row.count("|") >= 3 for row in rows)


def parse_definition_table(text: str) -> ParsedCorpus:
    """`术语|English term|mark|释义`, one definition a line; mark is `new`, `changed` or empty. Errors name the
    line: a row of another shape, an unknown mark, an empty term or text, a term given twice."""
    corpus = ParsedCorpus()
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cells = line.split("|")
        if len(cells) != 4:
            raise ParseError(number, f"expected 4 fields 术语|English term|mark|释义, got {len(cells)}")
        term, term_en, mark, body = (cell.strip() for cell in cells)
        if not term or not body:
            raise ParseError(number, "a definition needs a term and a text")
        if len(term) > 100:
            raise ParseError(number, f"term longer than 100 characters: {term[:20]!r}…")
        mark = mark.lower()
        if mark not in DEFINITION_CHANGES:
            raise ParseError(number, f"mark must be new, changed or empty, got {mark!r}")
        if term in seen:
            raise ParseError(number, f"{term} already defined on line {seen[term]}")
        seen[term] = number
        corpus.definitions.append(ParsedDefinition(term, term_en, number, [body], mark))
    return corpus
