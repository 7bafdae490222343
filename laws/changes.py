"""What changed from the base edition to a further one, law by law (fixtures/editions/<code>/changes.yaml).

Reference data of the project, read from the fixtures (cached by the file's mtime), not from the database: the
compare view, the "what changed" index and the API read it; :func:`check` holds it against the edition's laws.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from laws import editions


class ChangesError(ValueError):
    pass


@dataclass(frozen=True)
class LawChange:
    law: int
    unchanged: bool
    rank: int | None
    changed_sections: tuple[str, ...]
    note_zh: str
    note_en: str
    mapping: dict[str, str | None] = field(default_factory=dict)  # this edition's ref → the base edition's

    def note(self, language: str | None) -> str:
        return self.note_en if (language or "").startswith("en") and self.note_en else self.note_zh

    def as_dict(self) -> dict:
        return {
            "law": self.law,
            "unchanged": self.unchanged,
            "rank": self.rank,
            "changed_sections": list(self.changed_sections),
            "note": {"zh": self.note_zh, "en": self.note_en},
        }


_CACHE: dict[Path, tuple[float, dict[int, LawChange]]] = {}


def changes_paths(code: str) -> list[Path]:
    """changes.yaml, or its parts (changes-01-40.yaml, changes-41-93.yaml …), in name order."""
    folder = editions.edition_folder(code)
    if folder is None:
        return []
    return sorted(folder.glob("changes*.yaml"))


def load(code: str) -> dict[int, LawChange]:
    """The edition's changes by law number, from every changes*.yaml of its folder; {} for the base edition or
    when there is none. A law listed in two files is an error; equal ranks in two files are reported by
    :func:`check` (ranked() orders them by law number meanwhile)."""
    out: dict[int, LawChange] = {}
    for path in changes_paths(code):
        mtime = path.stat().st_mtime
        cached = _CACHE.get(path)
        if cached is None or cached[0] != mtime:
            cached = (mtime, parse(path.read_text(encoding="utf-8"), name=path.name))
            _CACHE[path] = cached
        for law, change in cached[1].items():
            if law in out:
                raise ChangesError(f"{path.name} law {law}: listed in another changes file too")
            out[law] = change
    return out


def parse(text: str, *, name: str = "changes.yaml") -> dict[int, LawChange]:
    """The format of fixtures/editions/README.md §4; errors name the entry."""
    data = yaml.safe_load(text) or []
    if not isinstance(data, list):
        raise ChangesError(f"{name}: expected a list of entries (- law: N …)")
    out: dict[int, LawChange] = {}
    ranks: dict[int, int] = {}
    for index, entry in enumerate(data, start=1):
        where = f"{name} entry {index}"
        if not isinstance(entry, dict) or not isinstance(entry.get("law"), int):
            raise ChangesError(f"{where}: needs `law: N`")
        law = entry["law"]
        where = f"{name} law {law}"
        if not 1 <= law <= 999:
            raise ChangesError(f"{where}: law number out of range")
        if law in out:
            raise ChangesError(f"{where}: listed twice")
        unchanged = entry.get("unchanged", False)
        if not isinstance(unchanged, bool):
            raise ChangesError(f"{where}: `unchanged` must be true or false")
        rank = entry.get("rank")
        if rank is not None and (not isinstance(rank, int) or isinstance(rank, bool) or rank < 1):
            raise ChangesError(f"{where}: `rank` must be a whole number from 1")
        if not unchanged and rank is None:
            raise ChangesError(f"{where}: a changed law needs a `rank`")
        if rank is not None:
            if rank in ranks:
                raise ChangesError(f"{where}: rank {rank} is also law {ranks[rank]}'s")
            ranks[rank] = law
        sections = entry.get("changed_sections") or []
        if not isinstance(sections, list) or not all(isinstance(s, str | int) for s in sections):
            raise ChangesError(f"{where}: `changed_sections` must be a list of refs")
        note = entry.get("note") or {}
        if not isinstance(note, dict) or not str(note.get("zh") or "").strip():
            raise ChangesError(f"{where}: `note` needs `zh` (and `en`)")
        mapping = entry.get("map") or {}
        if not isinstance(mapping, dict):
            raise ChangesError(f"{where}: `map` must be a mapping of refs")
        out[law] = LawChange(
            law=law,
            unchanged=unchanged,
            rank=None if unchanged else rank,
            changed_sections=tuple(str(s) for s in sections),
            note_zh=str(note.get("zh") or "").strip(),
            note_en=str(note.get("en") or "").strip(),
            mapping={str(k): (None if v is None else str(v)) for k, v in mapping.items()},
        )
    return out


def ranked(code: str) -> list[LawChange]:
    """The laws that changed, the biggest change first."""
    return sorted(
        (c for c in load(code).values() if not c.unchanged), key=lambda c: (c.rank or 10_000, c.law)
    )


def check(code: str, refs: dict[int, set[str]], base_refs: dict[int, set[str]]) -> list[str]:
    """Problems of changes.yaml against the loaded laws: `refs` (this edition) and `base_refs` (the base), each
    law number → its refs. Entries of laws not loaded yet are not checked (partial content)."""
    problems = []
    try:
        changes = load(code)
    except ChangesError as exc:
        return [str(exc)]
    ranks: dict[int, list[int]] = {}
    for law, change in changes.items():
        if change.rank is not None:
            ranks.setdefault(change.rank, []).append(law)
    for rank, laws in sorted(ranks.items()):
        if len(laws) > 1:
            problems.append(f"changes: rank {rank} is given to laws {' '.join(map(str, sorted(laws)))}")
    for law, change in sorted(changes.items()):
        have = refs.get(law)
        if have is None:
            continue
        for ref in change.changed_sections:
            if ref not in have:
                problems.append(f"changes.yaml law {law}: changed section {ref} is not in the law")
        for ref, base in change.mapping.items():
            if ref not in have:
                problems.append(f"changes.yaml law {law}: map key {ref} is not in the law")
            if base is not None and law in base_refs and base not in base_refs.get(_law_of(base), set()):
                problems.append(f"changes.yaml law {law}: map value {base} is not in the base edition")
    return problems


def _law_of(ref: str) -> int:
    digits = ""
    for ch in ref:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits or 0)
