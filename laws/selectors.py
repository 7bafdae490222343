"""Reads of the law base, shared by pages and API."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from urllib.parse import urlencode

from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db.models import Prefetch
from django.http import Http404
from django.urls import reverse

from bridge.references import law_of, parse_ref_query
from laws import corrections as editorial
from laws import editions
from laws.models import Chapter, Definition, Edition, Law, Reference, Section, Source
from laws.rendering import RenderContext, render
from laws.text import arabic_references

_CONTEXTS: dict[tuple[int, int], RenderContext] = {}

# The editions table (a row per edition) read once per request: a law page asked it five times (which codes are
# loaded, the page's edition, the other edition, the switch), a search twice (issue 32, bench-serve). Kept only
# while a request runs in this thread, and dropped when an import changes an edition (forget_editions).
_REQUEST = threading.local()


def _request_started(**kwargs) -> None:
    _REQUEST.active, _REQUEST.editions = True, None


def _request_finished(**kwargs) -> None:
    _REQUEST.active, _REQUEST.editions = False, None


request_started.connect(_request_started, dispatch_uid="laws.selectors.editions")
request_finished.connect(_request_finished, dispatch_uid="laws.selectors.editions")


def forget_editions() -> None:
    """An edition was added or its revision moved: the next read goes to the database."""
    _REQUEST.editions = None


def _editions() -> list[Edition]:
    rows = getattr(_REQUEST, "editions", None)
    if rows is None:
        rows = list(Edition.objects.order_by("code"))
        if getattr(_REQUEST, "active", False):
            _REQUEST.editions = rows
    return rows


def _edition_named(code: str) -> Edition | None:
    return next((e for e in _editions() if e.code == code), None)


def edition_default() -> Edition:
    edition = _edition_named(settings.LAWS_DEFAULT_EDITION)
    if edition is None:
        raise Http404("the law corpus is not loaded (run `make setup`)")
    return edition


class UnknownEdition(ValueError):
    """``edition=`` names no loaded edition (the API answers 400 naming the field ``edition``)."""

    def __init__(self, code: str):
        super().__init__(f"unknown edition {code!r}")
        self.code = code


def edition_list():
    """The loaded editions, the site default first."""
    return sorted(_editions(), key=lambda e: (e.code != settings.LAWS_DEFAULT_EDITION, e.code))


def edition_by_code(code: str) -> Edition:
    edition = _edition_named(code)
    if edition is None:
        raise UnknownEdition(code)
    return edition


def edition_or_default(code: str | None) -> Edition:
    """An edition by code — a tree's, a record's, a scenario's — or the site default when none is named or that
    edition is not loaded (its pages then link the default's laws rather than fail)."""
    if not code:
        return edition_default()
    try:
        return edition_by_code(code)
    except UnknownEdition:
        return edition_default()


def _club_edition(request) -> str | None:
    """The signed-in user's club's default edition, asked of whoever answers it (clubs registers itself at
    start-up: the law base sits below the club log and does not import it)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    for resolve in editions.USER_EDITION_SOURCES:
        code = resolve(user)
        if code:
            return code
    return None


def edition_choice(request) -> tuple[str, str]:
    """(code, where it came from: "link", "choice", "club", "site") — see laws.editions. Not checked against the
    database: an unknown code from the link is the caller's to refuse, a stale cookie or club value is skipped."""
    explicit = request.GET.get(editions.PARAM, "")[:40]
    if explicit and explicit != editions.ALL:  # all: a search of every edition, from the working one
        return explicit, "link"
    loaded = {e.code for e in _editions()}
    chosen = request.COOKIES.get(editions.COOKIE, "")[:40]
    if chosen and chosen in loaded:
        return chosen, "choice"
    club = _club_edition(request)
    if club and club in loaded:
        return club, "club"
    return settings.LAWS_DEFAULT_EDITION, "site"


def edition_for(request) -> Edition:
    """The edition a page is in (laws.editions); an unknown ``?edition=`` is a 404, a missing corpus too."""
    cached = getattr(request, "_law_edition", None)
    if cached is not None:
        return cached
    code, _where = edition_choice(request)
    edition = _edition_named(code)
    if edition is None:
        if code == settings.LAWS_DEFAULT_EDITION:
            edition = edition_default()
        else:
            raise Http404(f"no edition {code!r}")
    request._law_edition = edition
    return edition


def edition_for_api_default(request) -> Edition:
    """The working edition without the link's ``?edition=`` (which may be ``all``): choice, club, site."""
    chosen = _edition_named(request.COOKIES.get(editions.COOKIE, "")[:40])
    if chosen is not None:
        return chosen
    club = _club_edition(request)
    if club and (edition := _edition_named(club)) is not None:
        return edition
    return edition_default()


def edition_for_api(request, *, allow_all: bool = False) -> Edition | None:
    """The edition of an API request: ``edition=`` (an unknown one raises UnknownEdition), else the request's
    working edition. With allow_all, ``edition=all`` answers None (every edition)."""
    code = request.GET.get(editions.PARAM)
    if code is None or code == "":
        return edition_for(request)
    if allow_all and code == editions.ALL:
        return None
    return edition_by_code(code)


def other_edition(edition: Edition) -> Edition | None:
    """The edition to compare with: the base edition for a further one, the first further one for the base."""
    others = [e for e in edition_list() if e.pk != edition.pk]
    return others[0] if others else None


def section_url(ref: str, code: str | None = None) -> str:
    url = reverse("laws:law", args=[law_of(ref)])
    url = url if ref.isdigit() else f"{url}#{ref}"
    return editions.with_edition(url, code)


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
        code = edition.code
        context = RenderContext(
            url_for=lambda ref: section_url(ref, code) if ref in refs else None, glossary=glossary
        )
        if len(_CONTEXTS) > 8:
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


# A law's sections rendered once per edition revision (issue 32: the law page rendered its Markdown on every
# request, 40 % of its 14 ms). The key holds the revision, which every import bumps, so new text is never served
# stale; each process keeps its own (a few MB for both editions).
_LAW_HTML: dict[tuple, dict[int, str]] = {}
_LAW_HTML_MAX = 400


def law_tree(law: Law, context: RenderContext) -> Node:
    """The law's sections, each rendered; an official law shows its editorial corrections (the stored text is
    the source's)."""
    sections = list(law.sections.order_by("order"))
    by_parent: dict[int | None, list[Section]] = {}
    for s in sections:
        by_parent.setdefault(s.parent_id, []).append(s)
    corrections = official_corrections(law.edition) if law.source == Source.OFFICIAL else editorial.NONE
    key = (law.edition_id, law.edition.revision, law.pk, corrections)
    rendered = _LAW_HTML.get(key)
    if rendered is None:
        rendered = _law_html(sections, context, corrections)
        if len(_LAW_HTML) >= _LAW_HTML_MAX:
            _LAW_HTML.clear()
        _LAW_HTML[key] = rendered

    def build(section: Section) -> Node:
        return Node(section, rendered.get(section.pk, ""), [build(c) for c in by_parent.get(section.pk, [])])

    roots = by_parent.get(None, [])
    return build(roots[0])


def _law_html(
    sections: list[Section], context: RenderContext, corrections: editorial.Corrections
) -> dict[int, str]:
    """Each section's HTML, in the law's order (a glossary term is marked once per law: the first time)."""
    seen: set[str] = set()
    return {
        section.pk: render(
            section.text, context, law_layout=True, seen=seen, corrections=corrections.at(section.ref)
        )
        for section in sections
        if section.text
    }


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
        return section_url(ref, edition.code)
    law_number = law_of(ref)
    if Law.objects.filter(edition=edition, number=law_number).exists():
        url = reverse("laws:law", args=[law_number])
        # A section the law does not have (27Z): the law page, saying the section was not found.
        url = url if ref.isdigit() else f"{url}?{urlencode({'missing': ref})}"
        return editions.with_edition(url, edition.code)
    return None


def definitions(edition: Edition):
    return Definition.objects.filter(edition=edition).order_by("origin", "order")
