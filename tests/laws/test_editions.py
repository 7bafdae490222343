"""A second edition of the law base (issue 28): loading it from fixtures/editions/<code>/ beside ccba-1999."""

import os
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from laws import changes
from laws.models import Definition, Edition, Law, Reference, Section, Source
from laws.services import ImportRefused, corpus_import, corpus_load_default, outline_for
from laws.text import ParseError, is_definition_table, parse_definition_table
from tests.laws.edition_fixture import edition_2017  # noqa: F401 (a fixture)

REAL = Path(
    os.environ.get("LAWS_EDITIONS_DIR", Path(__file__).resolve().parents[2] / "fixtures" / "editions")
)
REAL = REAL / "wbf-2017"


def test_definition_table_parses_marks():
    corpus = parse_definition_table(
        "# c\n人为叫牌|artificial call|new|某释义（参阅第23条）。\n不叫|pass||释义。\n"
    )
    assert [(d.term, d.term_en, d.change) for d in corpus.definitions] == [
        ("人为叫牌", "artificial call", "new"),
        ("不叫", "pass", ""),
    ]
    assert is_definition_table("a|b|c|d\n")
    assert not is_definition_table("不叫（PASS）：释义")


@pytest.mark.parametrize(
    "line, message",
    [("a|b|c", "4 fields"), ("a|b|old|x", "mark"), ("|b||x", "term"), ("a|b|new|x\na|b||y", "already")],
)
def test_definition_table_errors_name_the_line(line, message):
    with pytest.raises(ParseError, match=message):
        parse_definition_table(line)


def test_changes_yaml_rules():
    with pytest.raises(changes.ChangesError, match="rank"):
        changes.parse("- law: 2\n  unchanged: false\n  note: {zh: 改}\n")
    with pytest.raises(changes.ChangesError, match="twice"):
        changes.parse(
            "- {law: 2, unchanged: true, note: {zh: a}}\n- {law: 2, unchanged: true, note: {zh: a}}\n"
        )
    with pytest.raises(changes.ChangesError, match="also law"):
        changes.parse("- {law: 2, rank: 1, note: {zh: a}}\n- {law: 3, rank: 1, note: {zh: a}}\n")
    parsed = changes.parse("- {law: 2, rank: 1, changed_sections: [2A], note: {zh: 甲, en: A}}\n")
    assert parsed[2].note("en") == "A" and parsed[2].note("zh-hans") == "甲"


def test_partial_edition_loads_beside_the_base(edition_2017):  # noqa: F811
    base = Edition.objects.get(code="ccba-1999")
    assert Law.objects.filter(edition=base).count() == 93
    laws = Law.objects.filter(edition=edition_2017)
    assert sorted(laws.values_list("number", flat=True)) == [1, 12, 23, 27]
    assert set(laws.values_list("source", flat=True)) == {Source.SUMMARY}
    assert laws.get(number=23).title_en == "Comparable Call"
    assert edition_2017.name_en.startswith("WBF Laws of Duplicate Bridge 2017")
    # the base edition's Law 23 is untouched
    assert Law.objects.get(edition=base, number=23).title != "可比叫"


def test_references_resolve_inside_the_edition(edition_2017):  # noqa: F811
    refs = Reference.objects.filter(edition=edition_2017)
    assert refs.exists()
    assert not refs.filter(target__isnull=True).exists()
    assert set(refs.values_list("target__edition__code", flat=True)) == {"wbf-2017"}
    assert refs.filter(target_ref="12C1e").exists()


def test_definitions_carry_new_and_changed(edition_2017):  # noqa: F811
    rows = dict(Definition.objects.filter(edition=edition_2017).values_list("term", "change"))
    assert rows == {"人为叫牌": "new", "调整分": "changed", "不叫": ""}
    assert set(Definition.objects.filter(edition=edition_2017).values_list("origin", flat=True)) == {
        "summary"
    }


def test_reload_is_idempotent(edition_2017):  # noqa: F811
    before = Section.objects.filter(edition=edition_2017).count()
    corpus_load_default(edition_code="wbf-2017")
    assert Section.objects.filter(edition=edition_2017).count() == before


def test_a_load_of_several_editions_is_all_or_nothing(edition_2017, monkeypatch):  # noqa: F811
    """The base edition loads, the next edition's import fails: the base's import is undone with it."""
    from laws import services

    revisions = dict(Edition.objects.values_list("code", "revision"))
    real_import, calls = services.corpus_import, []

    def failing_last(**kwargs):
        calls.append(kwargs["edition_code"])
        if kwargs["edition_code"] == "wbf-2017":
            raise ImportRefused(kwargs["file_name"], ["a broken file"])
        return real_import(**kwargs)

    monkeypatch.setattr(services, "corpus_import", failing_last)
    with pytest.raises(ImportRefused):
        corpus_load_default(edition_codes=["ccba-1999", "wbf-2017"])
    assert "ccba-1999" in calls  # the base was imported before the failure
    assert dict(Edition.objects.values_list("code", "revision")) == revisions


def test_outline_is_checked_per_edition(edition_2017):  # noqa: F811
    """A wbf-2017 law lacking a section its own outline lists is refused; the base outline is not consulted."""
    text = "第五章 竞叫\n第23条：可比叫\nA．定义\n文字。\n"
    with pytest.raises(ImportRefused, match="23B 23C"):
        corpus_import(text=text, source="summary", file_name="x.txt", edition_code="wbf-2017")


def test_import_laws_takes_the_edition(edition_2017, tmp_path):  # noqa: F811
    path = tmp_path / "law27.txt"
    path.write_text(
        "第五章 竞叫\n第27条：不足叫牌\nA．接受\n新文字。\nB．不接受\n1.可比叫\n文字。\n", "utf-8"
    )
    call_command("import_laws", str(path), "--source", "official", "--edition", "wbf-2017")
    law = Law.objects.get(edition=edition_2017, number=27)
    assert law.source == Source.OFFICIAL
    assert Law.objects.get(edition__code="ccba-1999", number=27).source == Source.SUMMARY
    # the summaries do not overwrite a club's official text on the next load
    corpus_load_default(edition_code="wbf-2017")
    assert Law.objects.get(edition=edition_2017, number=27).source == Source.OFFICIAL


def test_import_laws_refuses_an_unknown_edition(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("第五章 竞叫\n第27条：不足叫牌\n文字。\n", "utf-8")
    with pytest.raises(CommandError, match="edition"):
        call_command("import_laws", str(path), "--source", "summary", "--edition", "wbf-2099")


def test_changes_checked_against_the_loaded_laws(edition_2017, settings):  # noqa: F811
    refs = {}
    for law, ref in Section.objects.filter(edition=edition_2017).values_list("law__number", "ref"):
        refs.setdefault(law, set()).add(ref)
    base = {}
    for law, ref in Section.objects.filter(edition__code="ccba-1999").values_list("law__number", "ref"):
        base.setdefault(law, set()).add(ref)
    assert changes.check("wbf-2017", refs, base) == []
    assert [c.law for c in changes.ranked("wbf-2017")] == [23, 12]


@pytest.mark.skipif(not (REAL / "laws").is_dir(), reason="the wbf-2017 content is not in this checkout yet")
def test_full_edition_loads_complete(db):
    """With the content in fixtures/editions/wbf-2017: 93 laws, every reference resolved inside the edition,
    every law of the outline present with its refs, changes.yaml consistent."""
    edition = Edition.objects.get(code="wbf-2017")
    assert Law.objects.filter(edition=edition).count() == 93
    pending = Reference.objects.filter(edition=edition, target__isnull=True)
    assert not pending.exists(), [(r.from_section_id, r.raw) for r in pending[:20]]
    assert Definition.objects.filter(edition=edition).exists()
    refs, base = {}, {}
    for law, ref in Section.objects.filter(edition=edition).values_list("law__number", "ref"):
        refs.setdefault(law, set()).add(ref)
    for law, ref in Section.objects.filter(edition__code="ccba-1999").values_list("law__number", "ref"):
        base.setdefault(law, set()).add(ref)
    assert changes.check("wbf-2017", refs, base) == []
    assert set(changes.load("wbf-2017")) == set(range(1, 94))
    # the laws of the edition's outline, each with the refs it lists
    outline = outline_for("wbf-2017")
    assert set(outline.laws) == set(range(1, 94))
    for number, law in outline.laws.items():
        assert set(law.refs) <= refs.get(number, set()), number
    assert set(Law.objects.filter(edition=edition).values_list("source", flat=True)) <= {
        "summary",
        "official",
    }


@pytest.mark.skipif(not (REAL / "laws").is_dir(), reason="the wbf-2017 content is not in this checkout yet")
def test_full_edition_pages_and_compare_every_law(client, db):
    """Done-when of issue 28: the API lists 93 laws of wbf-2017, and the compare view answers for every law, in
    both languages; every 2017 law page says it is a project summary."""
    laws = client.get("/api/laws/?edition=wbf-2017").json()
    assert len(laws) == 93 and {law["edition"] for law in laws} == {"wbf-2017"}
    for number in range(1, 94):
        page = client.get(f"/laws/{number}/?edition=wbf-2017").content.decode()
        assert "2017年国际桥联《复式桥牌规则》撰写的中文摘要" in page, number
        for language in ("zh-hans", "en"):
            response = client.get(
                f"/laws/{number}/compare/?left=ccba-1999&right=wbf-2017", HTTP_ACCEPT_LANGUAGE=language
            )
            assert response.status_code == 200, (number, language)
    assert client.get("/changes/").status_code == 200
