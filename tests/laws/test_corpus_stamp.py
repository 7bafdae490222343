"""load_corpus skips an edition whose fixtures are unchanged since it was loaded into this database (issue 26:
a second `make run` starts in seconds) and loads one that changed, was imported into since, or is asked for."""

import io
import json
import shutil

import pytest
from django.core.management import call_command

from laws import corpus_stamp
from laws.management.commands import load_corpus
from laws.models import Edition

pytestmark = pytest.mark.django_db

BASE, FURTHER = "ccba-1999", "wbf-2017"


@pytest.fixture
def stamps(settings, tmp_path):
    settings.CORPUS_STAMPS = tmp_path / "stamps" / "corpus-stamps.json"
    return settings.CORPUS_STAMPS


@pytest.fixture
def loads(monkeypatch):
    """What the command asked to load (the session's corpus is already in the test database)."""
    asked: list[list[str]] = []

    def record(*, edition_codes):
        asked.append(list(edition_codes))
        return []

    monkeypatch.setattr(load_corpus, "corpus_load_default", record)
    return asked


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("load_corpus", "--quiet", *args, stdout=out)
    return out.getvalue()


def test_nothing_changed_nothing_is_loaded(stamps, loads):
    corpus_stamp.record([BASE, FURTHER])
    out = run()
    assert loads == []
    assert f"{BASE}: unchanged since it was loaded, skipped" in out
    assert f"{FURTHER}: unchanged since it was loaded, skipped" in out


def test_without_a_stamp_every_edition_is_loaded_then_stamped(stamps, loads):
    assert not stamps.exists()
    run()
    assert loads == [[BASE, FURTHER]]
    saved = json.loads(stamps.read_text(encoding="utf-8"))[corpus_stamp.database_name()]
    assert set(saved) == {BASE, FURTHER}
    assert saved[BASE]["fingerprint"] == corpus_stamp.fingerprint(BASE)
    run()
    assert loads == [[BASE, FURTHER]]  # the second run loads nothing


def test_a_changed_fixture_reloads_its_edition_only(stamps, loads, settings, tmp_path):
    corpus_stamp.record([BASE, FURTHER])
    copy = tmp_path / "editions"
    shutil.copytree(settings.FIXTURES_DIR / "editions", copy)
    settings.LAWS_EDITIONS_DIR = copy
    law = sorted((copy / FURTHER / "laws").glob("*.txt"))[0]
    law.write_text(law.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # one byte more
    out = run()
    assert loads == [[FURTHER]]
    assert f"{BASE}: unchanged" in out and f"{FURTHER}: unchanged" not in out
    run()
    assert loads == [[FURTHER]]  # stamped with the new bytes: skipped now


def test_an_import_since_the_load_reloads_that_edition(stamps, loads):
    corpus_stamp.record([BASE, FURTHER])
    edition = Edition.objects.get(code=BASE)
    edition.revision += 1  # what a club's import_laws does
    edition.save(update_fields=["revision"])
    run()
    assert loads == [[BASE]]


def test_another_database_has_its_own_stamps(stamps, loads):
    corpus_stamp.record([BASE, FURTHER])
    every = json.loads(stamps.read_text(encoding="utf-8"))
    stamps.write_text(json.dumps({"sqlite|||elsewhere.sqlite3": every[corpus_stamp.database_name()]}))
    run()
    assert loads == [[BASE, FURTHER]]


def test_force_and_edition(stamps, loads):
    corpus_stamp.record([BASE, FURTHER])
    run("--force")
    run("--edition", FURTHER, "--force")
    run("--edition", FURTHER)
    assert loads == [[BASE, FURTHER], [FURTHER]]


def test_a_damaged_stamp_file_loads_everything(stamps, loads):
    stamps.parent.mkdir(parents=True)
    stamps.write_text("{not json", encoding="utf-8")
    run()
    assert loads == [[BASE, FURTHER]]


def test_the_fingerprint_covers_the_loader_code():
    names = {path.name for path in corpus_stamp.inputs(BASE)}
    assert {"services.py", "text.py", "references.py"} <= names and "views.py" not in names
    assert any(path.suffix == ".txt" for path in corpus_stamp.inputs(FURTHER))
