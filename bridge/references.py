"""Cross-references as the rulebook writes them: 参阅第77条, 第22条A款, 第12条C款1项, 根据45条, Law 64A2.

`find_references(text)` gives every reference with its span and normalised target ref ("12C1").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_LAW = 93

_CHINESE = r"(?:第\s*)?(?<!\d)(?P<law>\d{1,2})\s*条(?:\s*(?P<sec>[A-Z])\s*款(?:\s*(?P<sub>\d{1,2})\s*项(?:\s*[（(](?P<item>[a-z])[)）])?)?)?"
_ENGLISH = r"\bLaws?\s+(?P<elaw>\d{1,2})(?:(?P<esec>[A-Z])(?:(?P<esub>\d{1,2})(?P<eitem>[a-z])?)?)?\b"
REFERENCE_RE = re.compile(f"{_CHINESE}|{_ENGLISH}")

# A bare reference typed by a user: 27, 27B, 27b1, 27B1a, 第27条, 第27条B款1项, Law 12C.
_QUERY_RE = re.compile(
    r"^\s*(?:(?:law|laws|l)\s*)?(?P<law>\d{1,2})\s*(?P<sec>[a-z])?\s*(?P<sub>\d{1,2})?\s*(?P<item>[a-z])?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class FoundReference:
    raw: str
    start: int
    end: int
    ref: str
    law: int


def make_ref(
    law: int | str, sec: str | None = None, sub: str | int | None = None, item: str | None = None
) -> str:
    ref = str(int(law))
    if sec:
        ref += sec.upper()
        if sub:
            ref += str(int(sub))
            if item:
                ref += item.lower()
    return ref


def find_references(text: str) -> list[FoundReference]:
    found = []
    for m in REFERENCE_RE.finditer(text):
        g = m.groupdict()
        if g["law"] is not None:
            law, ref = int(g["law"]), make_ref(g["law"], g["sec"], g["sub"], g["item"])
        else:
            law, ref = int(g["elaw"]), make_ref(g["elaw"], g["esec"], g["esub"], g["eitem"])
        if 1 <= law <= MAX_LAW:
            found.append(FoundReference(m.group(0), m.start(), m.end(), ref, law))
    return found


def parse_ref_query(query: str) -> str | None:
    """Normalise a typed reference (`27b1`, `第27条B款1项`, `Law 12C`) to a ref string, or None."""
    text = query.strip()
    whole = REFERENCE_RE.fullmatch(text)
    if whole:
        refs = find_references(text)
        return refs[0].ref if refs else None
    m = _QUERY_RE.match(text)
    if not m:
        return None
    law = int(m.group("law"))
    if not 1 <= law <= MAX_LAW:
        return None
    if m.group("sub") and not m.group("sec"):
        return None
    return make_ref(law, m.group("sec"), m.group("sub"), m.group("item"))


_REF_PARTS_RE = re.compile(r"^(\d+)([A-Z])?(\d+)?([a-z])?$")


def split_ref(ref: str) -> tuple[int, str | None, str | None, str | None]:
    m = _REF_PARTS_RE.match(ref)
    if not m:
        raise ValueError(f"not a law reference: {ref!r}")
    return int(m.group(1)), m.group(2), m.group(3), m.group(4)


def chinese_ref(ref: str) -> str:
    """27B1a → 第27条B款1项(a)."""
    law, sec, sub, item = split_ref(ref)
    out = f"第{law}条"
    if sec:
        out += f"{sec}款"
    if sub:
        out += f"{sub}项"
    if item:
        out += f"({item})"
    return out


def law_of(ref: str) -> int:
    return split_ref(ref)[0]
