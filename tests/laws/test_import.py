"""The importer against the database: idempotent reruns, references kept correct, pending targets."""

import pytest
from django.core.management import CommandError, call_command

from laws.models import Definition, Law, Reference, Section
from laws.services import corpus_import

BASE = "ccba-1999"  # the base edition: a second one (wbf-2017) lives beside it (issue 28)

pytestmark = pytest.mark.django_db


def test_official_laws_carry_their_source_and_truncation():
    assert Law.objects.filter(edition__code=BASE, source="official").count() == 8
    assert Section.objects.get(edition__code=BASE, ref="8C").truncated
    assert not Section.objects.get(edition__code=BASE, ref="8B").truncated
    assert Definition.objects.filter(edition__code=BASE, origin="official").count() >= 50
    assert Definition.objects.get(edition__code=BASE, term="藏牌").term_en == "REVOKE"


def test_law_6_cites_22a_and_86c():
    refs = set(
        Reference.objects.filter(edition__code=BASE, from_section__law__number=6).values_list(
            "target_ref", flat=True
        )
    )
    assert {"22A", "86C", "17A"} <= refs


def test_rerun_updates_in_place_and_keeps_references():
    before = (
        Section.objects.filter(edition__code=BASE).count(),
        Reference.objects.filter(edition__code=BASE).count(),
        Definition.objects.filter(edition__code=BASE).count(),
    )
    ids = dict(Section.objects.filter(edition__code=BASE).values_list("ref", "id"))
    call_command("load_corpus", "--quiet", "--force")  # unchanged fixtures would be skipped (corpus_stamp)
    after = (
        Section.objects.filter(edition__code=BASE).count(),
        Reference.objects.filter(edition__code=BASE).count(),
        Definition.objects.filter(edition__code=BASE).count(),
    )
    assert before == after
    assert dict(Section.objects.filter(edition__code=BASE).values_list("ref", "id")) == ids
    assert not Reference.objects.filter(edition__code=BASE, target__isnull=True).exists()


def test_reference_to_a_missing_law_is_pending_then_resolves():
    text = "第二章准备事项\n第5条：排定座位\nA．初始位置\n参阅第77条与第12条C款1项。\nB ．换位或换桌\n文字"
    corpus_import(text=text, source="official", file_name="t.txt", replace_official=True)
    refs = {r.target_ref: r for r in Reference.objects.filter(edition__code=BASE, from_section__ref="5A")}
    assert refs["77"].resolved and refs["12C1"].resolved
    Section.objects.filter(edition__code=BASE, ref="12C1").delete()
    from laws.services import edition_get_or_create, references_resolve

    pending = references_resolve(edition_get_or_create())
    assert pending >= 1
    assert not Reference.objects.get(edition__code=BASE, from_section__ref="5A", target_ref="12C1").resolved


def test_removed_sections_go_and_changed_text_updates():
    text = "第二章准备事项\n第5条：排定座位\nA．初始位置\n新的文字"
    corpus_import(text=text, source="official", file_name="t.txt", replace_official=True, allow_removals=True)
    assert list(
        Law.objects.get(edition__code=BASE, number=5).sections.values_list("ref", flat=True).order_by("order")
    ) == [
        "5",
        "5A",
    ]
    assert Section.objects.get(edition__code=BASE, ref="5A").text == "新的文字"


def test_bad_file_names_the_line_and_writes_nothing(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("第九章 x\n第93条：申诉处理程序\nA．甲\n1.一\n(a)项\nA．重复", encoding="utf-8")
    before = Section.objects.get(edition__code=BASE, ref="93A").text
    with pytest.raises(CommandError, match="line 6"):
        call_command("import_laws", str(bad), "--source", "summary")
    assert Section.objects.get(edition__code=BASE, ref="93A").text == before
