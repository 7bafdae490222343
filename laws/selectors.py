"""Reads of the law base, shared by pages and API."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.conf import settings
from django.db.models import Prefetch
from django.http import Http404
from django.urls import reverse

from bridge.references import law_of, parse_ref_query
from laws import corrections as editorial
from laws.models import Chapter, Definition, Edition, Law, Reference, Section, Source
from laws.rendering import RenderContext, render
from laws.text import arabic_references

_CONTEXTS: dict[tuple[int, int], RenderContext] = {}


def edition_default() -> Edition:
    try:
        return Edition.objects.get(code=settings.LAWS_DEFAULT_EDITION)
    except Edition.DoesNotExist as exc:
        raise Http404("the law corpus is not loaded (run `make setup`)") from exc


def section_url(ref: str) -> str:
    url = reverse("laws:law", args=[law_of(ref)])
    return url if ref.isdigit() else f"{url}#{ref}"


def render_context(edition: Edition) -> RenderContext:
    """Cached per edition revision: which refs exist and the glossary, for links and term marks. An official
    definition's tooltip shows the editorial corrections of its text (laws/corrections.py)."""
    key = (edition.pk, edition.revision)
    context = _CONTEXTS.get(key)
    if context is None:
        refs = set(Section.objects.filter(edition=edition).values_list("ref", flat=True))
        corrections = editorial.for_edition(edition.code)
        glossary = {}
        for term, text, origin in Definition.objects.filter(edition=edition).values_list(
            "term", "text", "origin"
        ):
            if origin == Definition.Origin.OFFICIAL:
                text = editorial.apply_plain(text, corrections.for_definition(term))
            glossary[term] = text
        context = RenderContext(
            url_for=lambda ref: section_url(ref) if ref in refs else None, glossary=glossary
        )
        _CONTEXTS.clear()
        _CONTEXTS[key] = context
    return context


def chapters_with_laws(edition: Edition):
    return Chapter.objects.filter(edition=edition).prefetch_related(
        Prefetch("laws", queryset=Law.objects.order_by("number"))
    )


def law_get(edition: Edition, number: int) -> Law:
    try:
        return Law.objects.select_related("chapter", "edition").get(edition=edition, number=number)
    except Law.DoesNotExist as exc:
        raise Http404(f"law {number} is not in the corpus") from exc


@dataclass
class Node:
    section: Section
    html: str
    children: list[Node]

    @property
    def ref(self) -> str:
        return self.section.ref


def official_corrections(edition: Edition) -> editorial.Corrections:
    """The editorial corrections that apply to this edition's official text."""
    return editorial.for_edition(edition.code)


def law_tree(law: Law, context: RenderContext) -> Node:
    """The law's sections, each rendered; an official law shows its editorial corrections (the stored text is
    the source's)."""
    sections = list(law.sections.order_by("order"))
    by_parent: dict[int | None, list[Section]] = {}
    for s in sections:
        by_parent.setdefault(s.parent_id, []).append(s)
    corrections = official_corrections(law.edition) if law.source == Source.OFFICIAL else editorial.NONE

    seen: set[str] = set()  # mark each glossary term once per law

    def build(section: Section) -> Node:
        html = ""
        if section.text:
            html = render(
                section.text, context, law_layout=True, seen=seen, corrections=corrections.at(section.ref)
            )
        return Node(section, html, [build(child) for child in by_parent.get(section.pk, [])])

    roots = by_parent.get(None, [])
    return build(roots[0])


def law_cites(law: Law):
    """References from this law to others (and to its own sections), with their targets."""
    return (
        Reference.objects.filter(from_section__law=law)
        .select_related("from_section", "target", "target__law")
        .order_by("target_law_number", "target_ref")
    )


def law_cited_by(law: Law):
    return (
        Reference.objects.filter(target__law=law)
        .exclude(from_section__law=law)
        .select_related("from_section", "from_section__law", "from_definition", "target")
        .order_by("from_section__law__number", "from_section__order")
    )


def law_neighbours(law: Law) -> tuple[Law | None, Law | None]:
    qs = Law.objects.filter(edition=law.edition_id)
    return (
        qs.filter(number__lt=law.number).order_by("-number").first(),
        qs.filter(number__gt=law.number).order_by("number").first(),
    )


def resolve_goto(edition: Edition, query: str) -> str | None:
    """`27`, `27B1`, `第27条`, `第二十七条`, `二十七条B款` → the URL of that law or section, if it exists."""
    ref = parse_ref_query(query) or parse_ref_query(arabic_references(query, bare=True))
    if ref is None:
        return None
    if Section.objects.filter(edition=edition, ref=ref).exists():
        return section_url(ref)
    law_number = law_of(ref)
    if Law.objects.filter(edition=edition, number=law_number).exists():
        url = reverse("laws:law", args=[law_number])
        # A section the law does not have (27Z): the law page, saying the section was not found.
        return url if ref.isdigit() else f"{url}?{urlencode({'missing': ref})}"
    return None


def definitions(edition: Edition):
    return Definition.objects.filter(edition=edition).order_by("origin", "order")
