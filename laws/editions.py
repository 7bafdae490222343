"""The editions of the law base (docs/design.md §9) and which one a request is in.

`ccba-1999` is the base edition (fixtures/sources, fixtures/laws, fixtures/outline); every further edition has a
folder of its own under settings.LAWS_EDITIONS_DIR (fixtures/editions/<code>/, see its README).

Which edition a request is in, first match wins:
1. ``?edition=<code>`` in the URL (a link carries its edition, so a shared link opens the same text);
2. the director's choice in the top bar, kept in the ``edition`` cookie;
3. the default edition of the signed-in user's club (Club.default_edition);
4. settings.LAWS_DEFAULT_EDITION (``ccba-1999`` on a fresh install).

Links to a law of an edition other than the site default carry ``?edition=<code>``; links of the site default stay
bare, as they always were (the offline pack keeps those URLs).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings

BASE = "ccba-1999"
"""The base edition: its law base is fixtures/sources + fixtures/laws, its trees fixtures/trees/*.yaml."""
PARAM = "edition"
COOKIE = "edition"
ALL = "all"
# Callables user → edition code (or None) that say which edition a signed-in user works in by default: the club
# log registers its own (clubs.apps), so the law base never imports the apps above it.
USER_EDITION_SOURCES: list = []


@dataclass(frozen=True)
class EditionInfo:
    code: str
    name: str
    name_en: str
    short: str
    short_en: str
    based_on: str  # the WBF code the edition follows


KNOWN: dict[str, EditionInfo] = {
    "ccba-1999": EditionInfo(
        "ccba-1999",
        "中国桥牌竞赛规则（1999年中国桥牌协会审定）",
        "CCBA Laws of Duplicate Contract Bridge (1999)",
        "1999年版",
        "CCBA 1999",
        "WBF 1997",
    ),
    "wbf-2017": EditionInfo(
        "wbf-2017",
        "2017年国际桥联复式桥牌规则（本项目撰写的要点）",
        "WBF Laws of Duplicate Bridge 2017 (project summaries)",
        "2017年版",
        "WBF 2017",
        "WBF 2017",
    ),
}


def info(code: str) -> EditionInfo:
    return KNOWN.get(code) or EditionInfo(code, code, code, code, code, code)


def default_code() -> str:
    return settings.LAWS_DEFAULT_EDITION


def editions_dir() -> Path:
    return Path(getattr(settings, "LAWS_EDITIONS_DIR", settings.FIXTURES_DIR / "editions"))


def edition_folder(code: str) -> Path | None:
    """The fixtures folder of a further edition, or None for the base edition (and for one without a folder)."""
    if code == "ccba-1999":
        return None
    folder = editions_dir() / code
    return folder if folder.is_dir() else None


def further_codes() -> list[str]:
    """Codes of the further editions that have a folder with laws or definitions."""
    root = editions_dir()
    if not root.is_dir():
        return []
    return sorted(
        p.name
        for p in root.iterdir()
        if p.is_dir() and ((p / "laws").is_dir() or (p / "definitions.txt").exists())
    )


def with_edition(url: str, code: str | None) -> str:
    """`/laws/27/#27B1` → `/laws/27/?edition=wbf-2017#27B1` for an edition other than the site default."""
    if not code or code == default_code():
        return url
    path, hash_, fragment = url.partition("#")
    joiner = "&" if "?" in path else "?"
    return f"{path}{joiner}{urlencode({PARAM: code})}{hash_}{fragment}"


def explicit_with_edition(url: str, code: str) -> str:
    """The same, always naming the edition (a link across editions, a link to share)."""
    path, hash_, fragment = url.partition("#")
    joiner = "&" if "?" in path else "?"
    return f"{path}{joiner}{urlencode({PARAM: code})}{hash_}{fragment}"


_CODES: dict[int, str] = {}


def code_of(edition_id: int) -> str:
    """An edition's code by primary key, remembered (codes never change)."""
    code = _CODES.get(edition_id)
    if code is None:
        from laws.models import Edition

        code = Edition.objects.filter(pk=edition_id).values_list("code", flat=True).first() or ""
        _CODES[edition_id] = code
    return code
