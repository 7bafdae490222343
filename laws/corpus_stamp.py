"""Which editions `load_corpus` must load again: a stamp per edition of what it was loaded from.

`make run` and `make setup` call `load_corpus` each time; loading both editions and rebuilding the search index
takes most of a minute, and on a second run nothing has changed. The stamp (settings.CORPUS_STAMPS,
``var/corpus-stamps.json``) holds, per database and edition, the content hash of its inputs (the fixture files it
is read from and the loader's own code: a changed parser loads again) and the edition's revision after the load.
An edition is skipped only when both still match: a fresh database, an import since (a club's `import_laws` bumps
the revision) or any changed byte loads it again. The stamp is written after the load has committed, so a failed
load is retried next time.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from django.conf import settings
from django.db import connection

from laws import editions
from laws.models import Edition

# The base edition's inputs, under fixtures/ (laws/services.py: _base_jobs, default_outline; the corrections
# shape what is stored).
BASE_INPUTS = ("sources", "laws", "glossary-additions.txt", "outline", "corrections.yaml")
# The code that turns the fixtures into rows: the importer, the parser and what they read (a change loads again).
LAWS_DIR = Path(__file__).resolve().parent
LOADER = (
    *(LAWS_DIR / name for name in ("services.py", "text.py", "outline.py", "models.py", "editions.py")),
    *(LAWS_DIR / name for name in ("corrections.py", "changes.py")),
    LAWS_DIR.parent / "bridge" / "references.py",
)


def stamp_path() -> Path:
    return Path(settings.CORPUS_STAMPS)


def _files(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
        elif path.is_file():
            found.append(path)
    return found


def _loader_files() -> list[Path]:
    return [path for path in LOADER if path.is_file()]


def inputs(code: str) -> list[Path]:
    """The files an edition is loaded from (its fixtures and the loader's code), in a stable order."""
    fixtures = Path(settings.FIXTURES_DIR)
    if code == editions.BASE:
        sources = [fixtures / name for name in BASE_INPUTS]
    else:
        folder = editions.edition_folder(code)
        sources = [folder] if folder is not None else []
    return _files(sources) + _loader_files()


def fingerprint(code: str) -> str:
    """The content hash of ``code``'s inputs: each file's name (relative to the project) and bytes."""
    root = Path(settings.BASE_DIR)
    digest = hashlib.sha256()
    for path in inputs(code):
        try:
            name = str(path.resolve().relative_to(root.resolve()))
        except ValueError:
            name = str(path)
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def database_name() -> str:
    """Which database the corpus went into (its file or its name, host and port)."""
    db = connection.settings_dict
    return f"{db['ENGINE']}|{db.get('HOST') or ''}|{db.get('PORT') or ''}|{db['NAME']}"


def _read_all() -> dict[str, dict[str, dict[str, object]]]:
    try:
        data = json.loads(stamp_path().read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def read_stamps() -> dict[str, dict[str, object]]:
    """This database's stamps, by edition code."""
    stamps = _read_all().get(database_name())
    return stamps if isinstance(stamps, dict) else {}


def _revision(code: str) -> int | None:
    return Edition.objects.filter(code=code).values_list("revision", flat=True).first()


def unchanged(code: str, stamps: dict[str, dict[str, object]] | None = None) -> bool:
    """True when ``code`` was loaded from these very inputs into this database and nothing was imported since."""
    stamp = (read_stamps() if stamps is None else stamps).get(code)
    if not isinstance(stamp, dict):
        return False
    revision = _revision(code)
    return (
        revision is not None
        and stamp.get("revision") == revision
        and stamp.get("fingerprint") == fingerprint(code)
    )


def record(codes: Iterable[str]) -> None:
    """After a committed load: stamp each of ``codes`` with its inputs' hash and its revision now."""
    every = _read_all()
    stamps = every.setdefault(database_name(), {})
    for code in codes:
        stamps[code] = {"fingerprint": fingerprint(code), "revision": _revision(code)}
    path = stamp_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(every, indent=1, sort_keys=True), encoding="utf-8")
    tmp.replace(path)


def forget() -> None:
    """Drop every stamp (the next `load_corpus` loads everything)."""
    stamp_path().unlink(missing_ok=True)
