"""The synonym table (fixtures/search/synonyms.txt): one idea a line, its Chinese, English and pinyin names."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from search.analysis import fixtures_dir, is_cjk, normalise

SYNONYMS = "synonyms.txt"


@dataclass(frozen=True)
class Group:
    """One idea: 藏牌 | revoke | cangpai. `latin` names are word tuples: ("opening", "lead")."""

    names: tuple[str, ...]
    chinese: tuple[str, ...]
    latin: tuple[tuple[str, ...], ...]

    @property
    def label(self) -> str:
        return self.names[0]


def parse(text: str) -> list[Group]:
    groups = []
    for line_number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        names = tuple(dict.fromkeys(normalise(name) for name in line.split("|") if name.strip()))
        if len(names) < 2:
            raise ValueError(f"{SYNONYMS} line {line_number}: a group needs at least two names: {raw!r}")
        chinese = tuple(n for n in names if is_cjk(n))
        latin = tuple(tuple(n.replace("-", " ").replace("'", "").split()) for n in names if not is_cjk(n))
        groups.append(Group(names, chinese, latin))
    return groups


@functools.cache
def groups() -> tuple[Group, ...]:
    return tuple(parse((fixtures_dir() / SYNONYMS).read_text(encoding="utf-8")))


def chinese_terms() -> set[str]:
    return {name for group in groups() for name in group.chinese}
