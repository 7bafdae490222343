"""Editorial corrections to the official text (fixtures/corrections.yaml, issue 14).

The Definitions and Laws 1–8 are stored exactly as supplied (fixtures/sources/), slips and all. When that text is
rendered for reading, each slip listed in the corrections file is shown in its corrected reading, marked as an
editorial correction, with the original on hover (``title``) and on tap (static/js/pages/app.js opens it in the sheet;
without JavaScript the element takes focus and CSS shows the original). The stored text never changes.

Where the corrections apply: law pages and the API's ``html`` (laws.selectors.law_tree), the glossary page and its
English glosses (laws.views.glossary), glossary tooltips (laws.selectors.render_context) and the preface on the home
page. A correction applies only to official text of its edition and only at its ``where``.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from django.conf import settings
from django.utils.translation import gettext

_WHERE_RE = re.compile(r"^(?:preface|definition:\S+|\d{1,2}(?:[A-Z](?:\d{1,2}(?:[a-z])?)?)?)$")

PREFACE = "preface"

#: How a glossary tooltip (an ``abbr`` title, plain text) shows a correction: the corrected reading, then the
#: original in editorial brackets. It is part of the Chinese definition text rather than interface chrome (the
#: definitions stay Chinese in every interface language), and the render context that holds it is shared by all
#: languages, so it is not translated.
TOOLTIP_FORMAT = "{corrected}〔编者更正，原文作“{original}”〕"


@dataclass(frozen=True)
class Correction:
    where: str
    original: str
    corrected: str
    note: str

    def title(self) -> str:
        """The hover/tap text of the marked reading, in the interface language."""
        return gettext("编者更正。原文作“%(original)s”。") % {"original": self.original} + self.note


@dataclass(frozen=True)
class Corrections:
    edition: str
    source: str
    items: tuple[Correction, ...] = ()

    def at(self, where: str) -> tuple[Correction, ...]:
        return tuple(c for c in self.items if c.where == where)

    def for_definition(self, term: str) -> tuple[Correction, ...]:
        return self.at(f"definition:{term}")


NONE = Corrections(edition="", source="")


class CorrectionsError(ValueError):
    pass


def load(path: Path) -> Corrections:
    """Read and check a corrections file; every problem is named."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    problems: list[str] = []
    if not isinstance(data, dict):
        raise CorrectionsError(f"{path.name}: expected a mapping at the top")
    edition, source = data.get("edition"), data.get("source")
    if not isinstance(edition, str) or not edition:
        problems.append("edition: missing")
    if not isinstance(source, str) or not source:
        problems.append("source: missing")
    items: list[Correction] = []
    for number, entry in enumerate(data.get("corrections") or [], start=1):
        if not isinstance(entry, dict):
            problems.append(f"correction {number}: not a mapping")
            continue
        given = {key: entry.get(key) for key in ("where", "original", "corrected", "note")}
        values = {key: value for key, value in given.items() if isinstance(value, str) and value.strip()}
        missing = [key for key in given if key not in values]
        if missing:
            problems.append(f"correction {number}: missing {', '.join(missing)}")
            continue
        if not _WHERE_RE.match(values["where"]):
            problems.append(
                f"correction {number}: where {values['where']!r} is not preface, definition:<term> or a ref"
            )
        if values["original"] == values["corrected"]:
            problems.append(f"correction {number}: corrected is the same as original")
        items.append(Correction(**values))
    seen = {(c.where, c.original) for c in items}
    if len(seen) != len(items):
        problems.append("the same original is listed twice for one place")
    if problems or not isinstance(edition, str) or not isinstance(source, str):
        raise CorrectionsError(f"{path.name}: " + "; ".join(problems))
    return Corrections(edition=edition, source=source, items=tuple(items))


@lru_cache(maxsize=1)
def default() -> Corrections:
    path = Path(settings.FIXTURES_DIR) / "corrections.yaml"
    return load(path) if path.exists() else NONE


def for_edition(edition_code: str) -> Corrections:
    """The corrections for one edition's official text (none for an edition the file is not about)."""
    corrections = default()
    return corrections if corrections.edition == edition_code else NONE


def pattern(corrections: tuple[Correction, ...]) -> re.Pattern | None:
    """One regular expression matching any original, longest first."""
    if not corrections:
        return None
    originals = sorted({c.original for c in corrections}, key=len, reverse=True)
    return re.compile("|".join(re.escape(o) for o in originals))


def attributes(correction: Correction) -> dict[str, str]:
    """The marked reading's attributes: focusable (a tap shows the original), original on hover."""
    return {
        "class": "editorial",
        "title": correction.title(),
        "data-original": correction.original,
        "tabindex": "0",
    }


def mark_html(text: str, corrections: tuple[Correction, ...]) -> str:
    """Plain text → escaped HTML with each correction's original replaced by its marked corrected reading."""
    regex = pattern(corrections)
    if regex is None:
        return html.escape(text)
    by_original = {c.original: c for c in corrections}
    out, last = [], 0
    for m in regex.finditer(text):
        out.append(html.escape(text[last : m.start()]))
        correction = by_original[m.group(0)]
        attrs = "".join(f' {k}="{html.escape(v)}"' for k, v in attributes(correction).items())
        out.append(f"<ins{attrs}>{html.escape(correction.corrected)}</ins>")
        last = m.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def apply_plain(text: str, corrections: tuple[Correction, ...]) -> str:
    """Plain text for a tooltip: each original replaced by the corrected reading with the original in brackets."""
    regex = pattern(corrections)
    if regex is None:
        return text
    by_original = {c.original: c for c in corrections}
    return regex.sub(
        lambda m: TOOLTIP_FORMAT.format(corrected=by_original[m.group(0)].corrected, original=m.group(0)),
        text,
    )
