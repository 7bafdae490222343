"""Index lifecycle: the command, the rebuild after an import, concurrent rebuilds while queries run."""

import threading
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connections

from laws.models import Edition
from laws.services import corpus_import, corpus_load_default
from laws.signals import corpus_imported
from search import generation, index
from search.query import search

pytestmark = pytest.mark.django_db


def generations(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.name.startswith("gen-"))


def test_the_command_builds_a_new_generation(capsys):
    before = index.read_pointer()
    call_command("build_search_index")
    out = capsys.readouterr().out
    assert out.startswith("search index built: 531 documents in ")
    after = index.read_pointer()
    assert after != before and after in out
    assert search("藏牌").hits[0].title == "藏牌（REVOKE）"


def test_the_index_lives_where_settings_say(settings, tmp_path):
    assert Path(settings.SEARCH_INDEX_DIR).is_dir()
    settings.SEARCH_INDEX_DIR = tmp_path / "elsewhere"
    try:
        # No index on this "host" yet: the first query builds one (the index is derived data).
        assert search("罚张").hits
        assert index.read_pointer() in generations(tmp_path / "elsewhere")
    finally:
        generation.forget_generation()


def test_an_import_rebuilds_the_index(settings, django_capture_on_commit_callbacks):
    before = index.read_pointer()
    path = Path(settings.FIXTURES_DIR) / "laws" / "11-appeals.txt"
    with django_capture_on_commit_callbacks(execute=True):
        corpus_import(
            text=path.read_text(encoding="utf-8"), source="summary", file_name="laws/11-appeals.txt"
        )
    assert index.read_pointer() != before
    assert search("申诉时限").hits[0].law == 92


def test_a_batch_load_rebuilds_once(settings, django_capture_on_commit_callbacks):
    before = index.read_pointer()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        corpus_load_default()
    assert len(callbacks) == 1  # one signal for the whole batch of files
    assert index.read_pointer() != before
    assert search("藏牌").hits


def test_other_editions_do_not_rebuild(settings):
    before = index.read_pointer()
    corpus_imported.send(sender=Edition, edition=Edition(code="wbf-2017"))
    assert index.read_pointer() == before


def test_old_generations_are_removed_after_a_grace_period(settings, monkeypatch):
    root = Path(settings.SEARCH_INDEX_DIR)
    monkeypatch.setattr(index, "GRACE_SECONDS", 0)
    for _ in range(3):
        index.search_index_build()
    assert generations(root) == [index.read_pointer()]
    assert not [p for p in root.iterdir() if p.name.startswith("tmp-")]


def test_queries_keep_answering_while_two_rebuilds_run():
    """Two rebuilds at once (neither fails the other) while three threads keep querying."""
    stop = threading.Event()
    errors: list[BaseException] = []
    answered: list[int] = []
    before = index.read_pointer()

    def query() -> None:
        try:
            while not stop.is_set():
                for q in ("藏牌", "revoke", "27B1", "cang pai", "不足叫牌"):
                    hits = search(q, limit=5).hits
                    assert hits, q
                    answered.append(len(hits))
                    time.sleep(0.005)  # leave the builders some of the GIL
        except BaseException as exc:  # noqa: BLE001 (reported by the main thread)
            errors.append(exc)
        finally:
            connections.close_all()

    reports = []

    def rebuild() -> None:
        try:
            reports.append(index.search_index_build())
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            connections.close_all()

    queriers = [threading.Thread(target=query) for _ in range(3)]
    builders = [threading.Thread(target=rebuild) for _ in range(2)]
    for thread in queriers:
        thread.start()
    time.sleep(0.2)
    for thread in builders:
        thread.start()
    for thread in builders:
        thread.join(120)
    time.sleep(0.2)
    stop.set()
    for thread in queriers:
        thread.join(30)

    assert errors == []
    assert len(reports) == 2 and all(r.documents == 531 for r in reports)
    assert index.read_pointer() in {r.path.name for r in reports} and index.read_pointer() != before
    assert len(answered) > 20
    assert search("藏牌").hits[0].title == "藏牌（REVOKE）"
