"""The index's life on a server: built before it serves (--if-needed), kept in step with imports on other servers,
rebuilt when broken (security review M4), and reported to /healthz. Each test has its own index folder."""

import json
import logging
import threading
import urllib.parse
from pathlib import Path

import pytest
from django.core.management import call_command

from search import generation, index
from search.generation import SearchUnavailable, build_if_needed, index_status, why_rebuild
from search.query import search

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_index(settings, tmp_path, monkeypatch):
    """A fresh index folder for this test (the session's index is left alone), and no state from other tests."""
    settings.SEARCH_INDEX_DIR = tmp_path / "index"
    monkeypatch.setattr(generation, "_retry_after", 0.0)
    monkeypatch.setattr(generation, "_repaired_at", float("-inf"))
    monkeypatch.setattr(generation, "_checked_at", 0.0)
    monkeypatch.setattr(generation, "CHECK_SECONDS", 3600.0)
    generation.forget_generation()
    yield settings.SEARCH_INDEX_DIR
    generation.forget_generation()


@pytest.fixture
def built(own_index):
    return index.search_index_build()


def current_path() -> Path:
    return index.index_root() / index.read_pointer()


def segment_file(suffix: str) -> Path:
    return next(current_path().glob(f"*{suffix}"))


# ------------------------------------------------------------------------------------------- broken indexes


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda: (current_path() / "meta.json").write_text("{x"), id="meta.json not JSON"),
        pytest.param(lambda: (current_path() / "docs.json").write_text("[]"), id="docs.json emptied"),
        pytest.param(lambda: segment_file(".toc").write_bytes(b"\x00" * 64), id="TOC overwritten"),
        pytest.param(lambda: segment_file(".trm").write_bytes(b"garbage" * 50), id="terms overwritten"),
        pytest.param(
            lambda: segment_file(".pst").write_bytes(segment_file(".pst").read_bytes()[:200]),
            id="postings truncated",
        ),
    ],
)
def test_a_broken_generation_is_rebuilt_and_the_query_answered(built, damage, caplog):
    search("藏牌")  # the generation is open in this process …
    damage()  # … and then its files go bad (or a restarted server finds them bad)
    generation.forget_generation()
    with caplog.at_level(logging.WARNING, logger="search.generation"):
        hits = search("藏牌").hits
    assert hits and hits[0].title == "藏牌（REVOKE）"
    assert index.read_pointer() != built.path.name
    assert any("rebuilding it" in r.getMessage() for r in caplog.records)
    assert any("search index rebuilt" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda: (current_path() / "meta.json").write_text("{x"), id="meta.json {x"),
        pytest.param(
            lambda: segment_file(".pst").write_bytes(segment_file(".pst").read_bytes()[:200]),
            id="segment truncated",
        ),
        pytest.param(
            lambda: (index.index_root() / index.POINTER).write_text("gen-0-gone"),
            id="CURRENT names no folder",
        ),
    ],
)
def test_the_reviews_three_damages_answer_over_http_not_500(built, damage, http):
    """Security review M4's reproducers, as a restarted server meets them: the API and the page answer 200."""
    damage()
    generation.forget_generation()
    response = http("GET", "/api/search/?" + urllib.parse.urlencode({"q": "revoke"}))
    assert response.status == 200, response.text[:300]
    assert response.json()["results"]
    page = http("GET", "/search/?" + urllib.parse.urlencode({"q": "罚张"}))
    assert page.status == 200
    assert index_status()["ok"] is True


def test_a_generation_broken_while_open_is_rebuilt_too(built, caplog):
    search("罚张")
    pst = segment_file(".pst")
    pst.write_bytes(pst.read_bytes()[:100])
    # The searchers this process holds read the damaged file on the next query.
    with caplog.at_level(logging.ERROR, logger="search.generation"):
        assert search("不足叫牌").hits
    assert index.read_pointer() != built.path.name


def test_while_another_process_builds_a_broken_index_answers_503(built, monkeypatch, http):
    (current_path() / "meta.json").write_text("{x")
    generation.forget_generation()
    monkeypatch.setattr(generation, "REQUEST_WAIT", 0.2)
    with index.build_lock():  # another process of this host is building
        with pytest.raises(SearchUnavailable) as error:
            search("藏牌")
        assert error.value.status_code == 503 and error.value.field is None
        response = http(
            "GET", "/api/search/?" + urllib.parse.urlencode({"q": "藏牌"}), headers={"Accept-Language": "en"}
        )
        assert response.status == 503
        assert response.json() == {
            "error": "the search index is being rebuilt; try again in a few seconds",
            "field": None,
        }
    # Once that build is done (here: nobody built), the next query rebuilds and answers.
    assert search("藏牌").hits


def test_an_index_folder_that_cannot_be_built_answers_503_not_500(
    settings, tmp_path, own_index, client, http
):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the index folder should be")
    settings.SEARCH_INDEX_DIR = blocker / "index"
    response = http("GET", "/api/search/?q=revoke")
    assert response.status == 503
    assert set(response.json()) == {"error", "field"}
    page = client.get("/search/", {"q": "revoke"})
    assert page.status_code == 503
    assert "搜索索引正在重建" in page.content.decode()
    assert index_status()["ok"] is False


def test_a_query_that_fails_on_a_fresh_generation_answers_503_without_rebuilding_again(built, monkeypatch):
    """A fault that is not in the files (here: a reader that always fails) costs one rebuild, then 503s."""
    from search import query

    def broken(*args, **kwargs):
        raise RuntimeError("not the index's fault")

    monkeypatch.setattr(query, "_ranked", broken)
    with pytest.raises(SearchUnavailable):
        search("藏牌")
    rebuilt = index.read_pointer()
    assert rebuilt != built.path.name
    with pytest.raises(SearchUnavailable):
        search("罚张")
    assert index.read_pointer() == rebuilt
    assert search("27b1").jump is not None  # what does not go through the broken part still answers


# -------------------------------------------------------------------------------------------------- freshness


def age(path: Path, revision_delta: int = -1) -> None:
    """Make the generation at `path` look built before an import that another server ran."""
    meta = json.loads((path / "meta.json").read_text())
    meta["revision"] += revision_delta
    (path / "meta.json").write_text(json.dumps(meta, ensure_ascii=False))


def test_a_generation_behind_the_database_is_rebuilt_in_the_background(built, monkeypatch):
    age(built.path)
    generation.forget_generation()
    monkeypatch.setattr(generation, "CHECK_SECONDS", 0.0)
    assert search("藏牌").hits  # answered at once, from the generation it has
    worker = generation._refresh
    assert worker is not None
    worker.join(60)
    assert not worker.is_alive()
    fresh = index.read_pointer()
    assert fresh != built.path.name
    assert index.read_meta(fresh)["revision"] == generation.database_revision()[1]
    search("藏牌")
    assert generation.current_generation().name == fresh


def test_the_check_is_cheap_and_rare(built, monkeypatch, django_assert_num_queries):
    monkeypatch.setattr(generation, "CHECK_SECONDS", 3600.0)
    search("藏牌")
    with django_assert_num_queries(0):
        for q in ["罚张", "revoke", "27b1", "明手"]:
            search(q)


def test_a_generation_ahead_of_the_database_is_kept():
    """A running server only sees revisions rise; an index built from a newer import is not torn down."""
    meta = {"edition": "ccba-1999", "revision": 7}
    assert generation.lags(meta, "ccba-1999", 8)
    assert not generation.lags(meta, "ccba-1999", 7)
    assert not generation.lags(meta, "ccba-1999", 6)
    assert generation.lags(meta, "wbf-2017", 7)
    assert not generation.lags(meta, None, None)


# ------------------------------------------------------------------------------------------------- --if-needed


def test_if_needed_builds_a_missing_index_once(own_index, capsys):
    call_command("build_search_index", "--if-needed")
    out = capsys.readouterr().out
    assert out.startswith("search index built: 531 documents") and out.rstrip().endswith("(missing)")
    first = index.read_pointer()
    call_command("build_search_index", "--if-needed")
    assert capsys.readouterr().out.strip() == "search index up to date"
    assert index.read_pointer() == first


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda path: age(path), "stale"),
        (lambda path: age(path, +1), "stale"),  # a database restored to an older state
        (lambda path: (path / "meta.json").write_text("{x"), "unreadable"),
        (lambda path: next(path.glob("*.pst")).write_bytes(b"\x00" * 10), "unreadable"),
        (lambda path: next(path.glob("*.trm")).write_bytes(b"\x00" * 10), "unreadable"),
        (lambda path: (path / "meta.json").write_text(json.dumps({"format": 1})), "format"),
    ],
)
def test_if_needed_rebuilds_what_cannot_serve(built, damage, reason):
    damage(built.path)
    assert why_rebuild() == reason
    report, why = build_if_needed()
    assert why == reason and report is not None
    assert index.read_pointer() == report.path.name != built.path.name
    assert why_rebuild() is None


def test_several_processes_running_if_needed_build_once(own_index):
    """Each run takes the host's build lock in turn (a file lock: separate processes and threads alike); all but
    the first find the index up to date."""
    results: list[str] = []
    barrier = threading.Barrier(3)

    def run() -> None:
        from django.db import connections

        try:
            barrier.wait()
            results.append(build_if_needed()[1])
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert sorted(results) == ["missing", "up to date", "up to date"]
    assert len([p for p in own_index.iterdir() if p.name.startswith("gen-")]) == 1


def test_a_build_that_died_midway_leaves_nothing_behind(built):
    abandoned = index.index_root() / "tmp-deadbeef"
    abandoned.mkdir()
    (abandoned / "half.pst").write_bytes(b"\x00")
    index.search_index_build()
    assert not abandoned.exists()


# ------------------------------------------------------------------------------------------------------ /healthz


def test_index_status_for_healthz(built):
    status = index_status()
    assert status == {"ok": True, "generation": built.path.name, "documents": 531, "error": None}


def test_index_status_without_an_index(own_index):
    status = index_status()
    assert status["ok"] is False and status["generation"] is None and status["documents"] is None
    assert status["error"]
    assert index.read_pointer() is None  # reporting never builds


def test_index_status_of_an_unreadable_index(built):
    (built.path / "meta.json").write_text("{x")
    generation.forget_generation()
    status = index_status()
    assert status["ok"] is False and status["generation"] == built.path.name
    assert "JSONDecodeError" in status["error"]
