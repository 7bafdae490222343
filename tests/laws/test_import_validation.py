"""The importer checks the whole file before it writes (security review M3): the review's garbage, empty,
non-UTF-8, truncated and partial files are refused with the law and sections named, and nothing is written —
no section, no preface, no edition revision, no index rebuild. The flags say what is meant."""

from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from laws.models import Edition, Law, Section

BASE = "ccba-1999"  # the base edition: a second one (wbf-2017) lives beside it (issue 28)

pytestmark = pytest.mark.django_db

FIXTURES = Path(settings.FIXTURES_DIR)


def snapshot():
    edition = Edition.objects.get(code=settings.LAWS_DEFAULT_EDITION)
    return (
        edition.revision,
        edition.preface,
        sorted(Section.objects.filter(edition__code=BASE).values_list("ref", "text", "heading")),
        sorted(Law.objects.filter(edition__code=BASE).values_list("number", "title", "source")),
    )


@pytest.fixture
def refused(tmp_path, django_capture_on_commit_callbacks):
    """refused(content, *args) → the CommandError's message, after checking that nothing changed."""

    def run(content: bytes | str, *args: str) -> str:
        path = tmp_path / "file.txt"
        if isinstance(content, str):
            content = content.encode("utf-8")
        path.write_bytes(content)
        before = snapshot()
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            with pytest.raises(CommandError) as error:
                call_command("import_laws", str(path), *args)
        assert snapshot() == before
        assert callbacks == []  # the index is not rebuilt
        return str(error.value)

    return run


@pytest.mark.parametrize("content", ["not a law file", "", "\n\n# only a comment\n"])
def test_a_file_without_laws_is_refused_and_the_preface_kept(refused, content):
    message = refused(content, "--source", "official")
    assert "no law" in message and "nothing written" in message


def test_invalid_utf8_is_a_clear_error_not_a_traceback(refused):
    message = refused("第九章 申诉\n第92条：申诉权\n".encode("gb18030"), "--source", "summary")
    assert "not UTF-8" in message and "Nothing written" in message


def auction_head(size: int) -> str:
    """The first `size` bytes of 05-auction-a.txt, cut back to a character boundary (as `head -c` and an editor
    that drops the broken character leave it)."""
    return (FIXTURES / "laws" / "05-auction-a.txt").read_bytes()[:size].decode("utf-8", errors="ignore")


def test_a_file_truncated_at_3000_bytes_is_refused(refused):
    """The review's case: the first 3,000 bytes of 05-auction-a.txt. Today's summaries end that cut inside
    19D's text: no section goes, but the text is the start of the stored one."""
    message = refused(auction_head(3000), "--source", "official")
    assert "the text of 19D would be cut short" in message
    assert "--allow-removals" in message


def test_a_file_truncated_inside_a_law_would_delete_sections_and_is_refused(refused):
    """Cut a little later, inside Law 20 (as in the review's version of the file): 20C–20F would go."""
    message = refused(auction_head(3300), "--source", "official")
    assert "law 20 would lose sections 20C 20D 20E 20F" in message
    assert "--allow-removals" in message


def test_a_file_with_law_27_and_one_section_is_refused(refused):
    message = refused("第五章 竞叫\n第27条：不足叫牌\nA．不足叫牌被接受\n文字", "--source", "summary")
    assert "law 27 would lose sections 27B 27B1 27B1a 27B1b 27B2 27B3 27C" in message


def test_a_new_law_lacking_outline_sections_is_refused(refused):
    Law.objects.filter(edition__code=BASE, number=27).delete()
    message = refused("第五章 竞叫\n第27条：不足叫牌\nA．不足叫牌被接受\n文字", "--source", "summary")
    assert "law 27 lacks sections the outline lists: 27B 27B1 27B2 27B3 27C" in message


def test_allow_removals_imports_the_partial_file(tmp_path):
    path = tmp_path / "27.txt"
    path.write_text("第五章 竞叫\n第27条：不足叫牌\nA．不足叫牌被接受\n文字", encoding="utf-8")
    call_command("import_laws", str(path), "--source", "summary", "--allow-removals")
    assert list(Law.objects.get(edition__code=BASE, number=27).sections.values_list("ref", flat=True)) == [
        "27",
        "27A",
    ]


def test_official_laws_are_not_overwritten_by_a_summary(refused):
    official = Section.objects.get(edition__code=BASE, ref="5A").text
    text = "第二章准备事项\n第5条：排定座位\nA．初始位置\n改写的文字\nB．换位或换桌\n改写"
    message = refused(text, "--source", "summary")
    assert "would replace official text: law 5" in message and "--replace-official" in message
    assert Section.objects.get(edition__code=BASE, ref="5A").text == official


def test_official_definitions_are_not_overwritten(refused):
    message = refused("第一章定义\n藏牌（REVOKE）：别的意思", "--source", "official")
    assert "definition 藏牌" in message


def test_replace_official_replaces_it(tmp_path):
    path = tmp_path / "5.txt"
    path.write_text(
        "第二章准备事项\n第5条：排定座位\nA．初始位置\n改写的文字\nB．换位或换桌\n改写", encoding="utf-8"
    )
    call_command("import_laws", str(path), "--source", "official", "--replace-official")
    assert Section.objects.get(edition__code=BASE, ref="5A").text == "改写的文字"


def test_dry_run_prints_the_diff_and_writes_nothing(tmp_path, capsys, django_capture_on_commit_callbacks):
    path = tmp_path / "mixed.txt"
    path.write_text(
        "第五章 竞叫\n第27条：不足叫牌\nA．不足叫牌被接受\n新的文字\n"
        + "\n".join(f"{chr(66 + i)}．款" for i in range(2))
        + "\n",
        encoding="utf-8",
    )
    before = snapshot()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        call_command("import_laws", str(path), "--source", "summary", "--dry-run", "--allow-removals")
    out = capsys.readouterr().out
    assert snapshot() == before and callbacks == []
    assert "dry run, nothing written" in out
    assert "laws changed: 27" in out
    assert "law 27: sections removed: 27B1 27B1a 27B1b 27B2 27B3" in out


def test_an_unchanged_file_is_a_no_op_diff(capsys):
    path = FIXTURES / "laws" / "11-appeals.txt"
    call_command("import_laws", str(path), "--source", "summary", "--dry-run")
    out = capsys.readouterr().out
    assert "laws added: none" in out and "laws changed: none" in out
    assert "laws unchanged: 92 93" in out


def test_load_corpus_keeps_a_clubs_official_import(tmp_path):
    """A club that imported the official text of a law keeps it when `make setup` reloads the summaries."""
    ours = list(Law.objects.get(edition__code=BASE, number=23).sections.values_list("ref", flat=True))
    assert ours == ["23"]
    path = tmp_path / "official-23.txt"
    path.write_text("第五章 竞叫\n第23条：有损害的强制性不叫\n官方全文。", encoding="utf-8")
    call_command("import_laws", str(path), "--source", "official")
    call_command("load_corpus", "--quiet")
    law = Law.objects.get(edition__code=BASE, number=23)
    assert law.source == "official" and Section.objects.get(edition__code=BASE, ref="23").text == "官方全文。"
