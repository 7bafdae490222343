"""Editorial corrections of the official text (issue 14): the source stays byte for byte, the pages, tooltips and
the API show the corrected reading, marked, with the original kept for hover and tap."""

import html
import re
from pathlib import Path

import pytest
from django.conf import settings

from laws import corrections as editorial
from laws.models import Definition, Edition, Section
from laws.rendering import render
from laws.selectors import edition_default, render_context

BASE = "ccba-1999"  # the base edition: a second one (wbf-2017) lives beside it (issue 28)

FIXTURES = Path(settings.FIXTURES_DIR)
CORRECTIONS = editorial.load(FIXTURES / "corrections.yaml")
SOURCE = (FIXTURES / CORRECTIONS.source).read_text(encoding="utf-8")
INS_RE = re.compile(
    r'<ins class="editorial"[^>]*data-original="(?P<original>[^"]*)"[^>]*>(?P<inner>.*?)</ins>'
)


def _marked(page: str) -> dict[str, str]:
    """original → the corrected reading shown for it (tags inside the mark, such as glossary terms, removed)."""
    return {
        html.unescape(m["original"]): html.unescape(re.sub(r"<[^>]+>", "", m["inner"]))
        for m in INS_RE.finditer(page)
    }


def _visible_text(page: str) -> str:
    """The page's text as read, without tags or attribute values (titles keep the originals on purpose)."""
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_the_file_names_the_edition_and_the_source():
    assert CORRECTIONS.edition == settings.LAWS_DEFAULT_EDITION
    assert CORRECTIONS.source == "sources/ccba-1999-definitions-and-laws-1-8.txt"
    assert len(CORRECTIONS.items) >= 10


@pytest.mark.parametrize("correction", CORRECTIONS.items, ids=lambda c: c.original)
def test_every_original_still_occurs_in_the_source(correction):
    # The source is never edited: each slip the list corrects must still be there, and its fix must not be.
    assert correction.original in SOURCE
    assert correction.corrected != correction.original and correction.note.strip()


def test_the_known_slips_are_listed():
    originals = {c.original for c in CORRECTIONS.items}
    for slip in ("复工桥牌", "裁定高速分", "再加倍。。", "OPENNINGLEAD", "CONTTESTANT", "AUTION", "DIDE"):
        assert any(slip in original for original in originals), slip


@pytest.mark.django_db
@pytest.mark.parametrize("correction", CORRECTIONS.items, ids=lambda c: c.original)
def test_every_original_is_stored_at_its_place(correction):
    """The importer keeps the official text as supplied, so each original is in the database where the list says."""
    edition = Edition.objects.get(code=CORRECTIONS.edition)
    if correction.where == editorial.PREFACE:
        stored = edition.preface
    elif correction.where.startswith("definition:"):
        d = Definition.objects.get(edition=edition, term=correction.where.split(":", 1)[1], origin="official")
        stored = d.term_en + "\n" + d.text
    else:
        section = Section.objects.get(edition=edition, ref=correction.where)
        assert section.law.source == "official"
        stored = section.text
    assert correction.original in stored


def _definition_fixes():
    return [c for c in CORRECTIONS.items if c.where.startswith("definition:")]


@pytest.mark.django_db
def test_glossary_page_shows_each_corrected_reading_with_its_original(client):
    page = client.get("/glossary/").content.decode()
    marked = _marked(page)
    text = _visible_text(page)
    for correction in _definition_fixes():
        assert marked.get(correction.original) == correction.corrected, correction.original
        # The slip is not what the director reads; it survives only in the mark's title and data-original.
        assert correction.original not in text, correction.original
    assert 'tabindex="0"' in page and "原文作" in page


@pytest.mark.django_db
def test_law_page_and_api_html_show_the_correction_and_keep_the_stored_text(client):
    fixes = [c for c in CORRECTIONS.items if c.where[0].isdigit()]
    assert fixes
    for correction in fixes:
        law = int(re.match(r"\d+", correction.where).group())
        page = client.get(f"/laws/{law}/").content.decode()
        assert _marked(page).get(correction.original) == correction.corrected
        data = client.get(f"/api/laws/{law}/").json()
        nodes, found = [data, *data["sections"]], False
        while nodes:
            node = nodes.pop()
            nodes += node.get("children", []) if node is not data else []
            ref = node.get("ref", str(law))
            if ref == correction.where:
                assert _marked(node["html"]).get(correction.original) == correction.corrected
                assert correction.original in node["text"]  # the API's text is the stored, official text
                found = True
        assert found, correction.where


@pytest.mark.django_db
def test_home_page_preface_shows_its_corrections(client):
    page = client.get("/").content.decode()
    marked = _marked(page)
    for correction in CORRECTIONS.at(editorial.PREFACE):
        assert marked.get(correction.original) == correction.corrected


@pytest.mark.django_db
def test_glossary_tooltips_read_corrected_with_the_original_in_brackets(client):
    glossary = render_context(edition_default()).glossary
    assert "复式桥牌〔编者更正，原文作“复工桥牌”〕" in glossary["裁判"]
    assert "裁定调整分〔" in glossary["调整分"] and "高速分" not in glossary["调整分"].split("〔")[0]
    # A summary page that mentions 裁判 carries the corrected definition in its tooltip.
    page = client.get("/laws/81/").content.decode()
    titles = [html.unescape(t) for t in re.findall(r'<abbr class="term" title="([^"]*)">裁判</abbr>', page)]
    assert titles and "复式桥牌" in titles[0]


@pytest.mark.django_db
def test_english_interface_labels_the_original_in_english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = client.get("/glossary/").content.decode()
    assert "Editorial correction. The original reads" in page


def test_render_marks_only_what_it_is_given():
    fix = editorial.Correction(where="3", original="参予", corrected="参与", note="n")
    marked = render("均有4名赛员参予比赛。", law_layout=True, corrections=(fix,))
    assert _marked(marked) == {"参予": "参与"}
    assert "<ins" not in render("均有4名赛员参予比赛。", law_layout=True)
    # A user's note may not smuggle script into a mark.
    note = render('<ins class="editorial" onclick="alert(1)" title="t">x</ins>')
    assert "onclick" not in note


@pytest.mark.django_db
def test_corrections_apply_to_official_text_only(client, monkeypatch):
    """A listed place that is a summary law or a project glossary addition is never corrected."""
    summary = Section.objects.get(edition__code=BASE, ref="9A1")
    addition = Definition.objects.filter(edition__code=BASE, origin="addition").first()
    fake = editorial.Corrections(
        edition=CORRECTIONS.edition,
        source=CORRECTIONS.source,
        items=(
            editorial.Correction("9A1", summary.text[:4], "改过", "n"),
            editorial.Correction(f"definition:{addition.term}", addition.text[:4], "改过", "n"),
            editorial.Correction("3", "参予", "参与", "n"),
        ),
    )
    monkeypatch.setattr(editorial, "default", lambda: fake)
    assert '<ins class="editorial"' not in client.get("/laws/9/").content.decode()
    glossary = client.get("/glossary/").content.decode()
    assert f'data-original="{addition.text[:4]}"' not in glossary
    # The same list does reach an official law.
    assert 'data-original="参予"' in client.get("/laws/3/").content.decode()


def test_a_broken_corrections_file_is_rejected(tmp_path):
    bad = tmp_path / "corrections.yaml"
    bad.write_text(
        "edition: ccba-1999\nsource: s.txt\ncorrections:\n"
        "  - {where: 'nowhere at all', original: a, corrected: b, note: n}\n"
        "  - {where: preface, original: a, corrected: a, note: n}\n"
        "  - {where: preface, original: c}\n",
        encoding="utf-8",
    )
    with pytest.raises(editorial.CorrectionsError) as exc:
        editorial.load(bad)
    message = str(exc.value)
    assert (
        "nowhere at all" in message and "same as original" in message and "missing corrected, note" in message
    )
