"""The whole rulebook (issue 3): 93 laws held against the checked-in outline, every reference resolving."""

import re

import pytest
from django.conf import settings

from laws.models import Chapter, Law, Reference, Section
from laws.outline import load_outline

BASE = "ccba-1999"  # the base edition: a second one (wbf-2017) lives beside it (issue 28)

pytestmark = pytest.mark.django_db
OUTLINE = load_outline(settings.FIXTURES_DIR / "outline")


def test_outline_covers_93_laws_and_11_chapters():
    assert sorted(OUTLINE.laws) == list(range(1, 94))
    assert len(OUTLINE.chapters) == 11


def test_93_laws_8_official_85_summary_in_chapters_2_to_11():
    laws = Law.objects.filter(edition__code=BASE).select_related("chapter")
    assert laws.count() == 93
    assert laws.filter(source="official").count() == 8
    assert laws.filter(source="summary").count() == 85
    assert {law.chapter.number for law in laws} == set(range(2, 12))
    for law in laws:
        chapter = OUTLINE.chapter_of(law.number)
        assert law.chapter.number == chapter.number, law.number
        assert law.chapter.title == chapter.title


def test_chapter_names_and_english_titles():
    names = dict(Chapter.objects.filter(edition__code=BASE).values_list("number", "title"))
    assert names == {c.number: c.title for c in OUTLINE.chapters.values()}
    for law in Law.objects.filter(edition__code=BASE):
        expected = OUTLINE.laws[law.number]
        assert law.title == expected.title, law.number
        assert law.title_en == expected.title_en and law.title_en, law.number


@pytest.mark.parametrize("number", range(1, 94))
def test_law_refs_match_the_outline(number):
    refs = list(
        Section.objects.filter(edition__code=BASE, law__number=number, level__in=[1, 2])
        .order_by("order")
        .values_list("ref", flat=True)
    )
    assert refs == list(OUTLINE.laws[number].refs)


def test_no_unresolved_references():
    pending = list(
        Reference.objects.filter(edition__code=BASE, target__isnull=True).values_list("raw", "target_ref")
    )
    assert pending == []
    assert Reference.objects.filter(edition__code=BASE).count() > 200


def test_every_summary_section_says_something():
    empty = [
        s.ref
        for s in Section.objects.filter(edition__code=BASE, law__source="summary").prefetch_related(
            "children"
        )
        if not s.text.strip() and not s.children.exists()
    ]
    assert empty == []


def test_law_64_has_its_1997_sections_and_second_trick():
    refs = set(Section.objects.filter(edition__code=BASE, law__number=64).values_list("ref", flat=True))
    assert {"64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64C"} <= refs
    text = Section.objects.get(edition__code=BASE, ref="64A2").text
    # The 1997 clause: a later trick won with a card that could legally have been played to the revoke trick
    # moves as well (2007 dropped it).
    assert re.search(r"可合法.{0,6}打到藏牌墩", text), text
    assert re.search(r"再将.{0,6}一墩", text), text


def test_law_27b1_requires_both_bids_not_conventional():
    text = "".join(
        Section.objects.filter(edition__code=BASE, ref__startswith="27B1").values_list("text", flat=True)
    )
    assert "约定" in text and ("均" in text or "都" in text or "两者" in text)


def test_law_77_doubled_major_trick_value_is_60():
    text = Section.objects.get(edition__code=BASE, ref="77").text
    assert "60" in text


def test_glossary_additions_are_marked_and_have_english():
    from laws.models import Definition

    additions = Definition.objects.filter(edition__code=BASE, origin="addition")
    terms = set(additions.values_list("term", flat=True))
    assert {"罚张", "大罚张", "小罚张", "非法信息", "人为调整分", "仲裁委员会"} <= terms
    assert all(d.term_en for d in additions)
    assert not Definition.objects.filter(edition__code=BASE, origin="official", term__in=terms).exists()
