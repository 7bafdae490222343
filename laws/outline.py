"""The checked-in outline (fixtures/outline/): chapter names, English titles, and the refs every law must carry."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class OutlineChapter:
    number: int
    roman: str
    title: str
    title_en: str
    first_law: int | None
    last_law: int | None


@dataclass(frozen=True)
class OutlineLaw:
    number: int
    title: str
    title_en: str
    refs: tuple[str, ...]


@dataclass(frozen=True)
class Outline:
    chapters: dict[int, OutlineChapter]
    laws: dict[int, OutlineLaw]

    def chapter_of(self, law: int) -> OutlineChapter | None:
        for chapter in self.chapters.values():
            if chapter.first_law and chapter.first_law <= law <= (chapter.last_law or 0):
                return chapter
        return None

    def all_refs(self) -> set[str]:
        refs = set()
        for law in self.laws.values():
            refs.add(str(law.number))
            refs.update(law.refs)
        return refs


def _rows(path: Path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip() and not line.startswith("#"):
            yield number, [cell.strip() for cell in line.split("|")]


def load_outline(folder: Path) -> Outline:
    chapters: dict[int, OutlineChapter] = {}
    laws: dict[int, OutlineLaw] = {}
    chapter_file = folder / "chapters.txt"
    if chapter_file.exists():
        for index, (_, cells) in enumerate(_rows(chapter_file), start=1):
            roman, title, title_en, first, last = cells
            chapters[index] = OutlineChapter(
                index, roman, title, title_en, int(first) if first else None, int(last) if last else None
            )
    for path in sorted(folder.glob("laws-*.txt")):
        for line, cells in _rows(path):
            if len(cells) != 4:
                raise ValueError(f"{path.name} line {line}: expected 4 fields separated by |")
            number, title, title_en, refs = cells
            laws[int(number)] = OutlineLaw(int(number), title, title_en, tuple(refs.split()))
    return Outline(chapters, laws)
