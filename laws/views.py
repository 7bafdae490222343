"""Law pages: home with the go-to box, chapters, a law with its section tree, the glossary, ref jumps."""

from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from bridge.references import law_of, parse_ref_query
from laws import corrections as editorial
from laws import selectors
from laws.models import Definition, Section
from laws.rendering import render as render_text


def home(request):
    edition = selectors.edition_default()
    corrections = selectors.official_corrections(edition).at(editorial.PREFACE)
    preface = [mark_safe(editorial.mark_html(line, corrections)) for line in edition.preface.splitlines()]
    return render(
        request,
        "laws/home.html",
        {"edition": edition, "chapters": selectors.chapters_with_laws(edition), "preface": preface},
    )


def goto(request):
    edition = selectors.edition_default()
    query = request.GET.get("q", "")[:100]
    url = selectors.resolve_goto(edition, query)
    if url:
        return redirect(url)
    return render(
        request,
        "laws/goto_missing.html",
        {"query": query, "message": _("没有找到该条款。请输入如 27、27B1 或 第27条。")},
        status=404,
    )


def chapter(request, number: int):
    edition = selectors.edition_default()
    chapter = edition.chapters.filter(number=number).prefetch_related("laws").first()
    if chapter is None:
        raise Http404("no such chapter")
    definitions = selectors.definitions(edition).filter(origin="official") if number == 1 else None
    return render(request, "laws/chapter.html", {"chapter": chapter, "definitions": definitions})


def law(request, number: int):
    edition = selectors.edition_default()
    law = selectors.law_get(edition, number)
    context = selectors.render_context(edition)
    previous, following = selectors.law_neighbours(law)
    # /laws/27X9/ or 转到 27Z: the law exists, the section does not — say so above the law (bug 16).
    missing = parse_ref_query(request.GET.get("missing", "")[:20])
    return render(
        request,
        "laws/law.html",
        {
            "law": law,
            "tree": selectors.law_tree(law, context),
            "cites": selectors.law_cites(law),
            "cited_by": selectors.law_cited_by(law),
            "previous": previous,
            "next": following,
            "missing": missing,
        },
    )


def section_redirect(request, ref: str):
    normalised = parse_ref_query(ref)
    if normalised is None:
        raise Http404("not a law reference")
    url = reverse("laws:law", args=[law_of(normalised)])
    if normalised.isdigit():
        return redirect(url)
    if not Section.objects.filter(edition=selectors.edition_default(), ref=normalised).exists():
        return redirect(f"{url}?{urlencode({'missing': normalised})}")
    return redirect(f"{url}#{normalised}")


def glossary(request):
    """Every definition; the official ones show the editorial corrections of their English gloss and text."""
    edition = selectors.edition_default()
    context = selectors.render_context(edition)
    corrections = selectors.official_corrections(edition)
    entries = []
    for d in selectors.definitions(edition):
        fixes = corrections.for_definition(d.term) if d.origin == Definition.Origin.OFFICIAL else ()
        entries.append(
            (
                d,
                mark_safe(editorial.mark_html(d.term_en, fixes)),
                render_text(d.text, context, law_layout=True, corrections=fixes),
            )
        )
    return render(request, "laws/glossary.html", {"entries": entries})
