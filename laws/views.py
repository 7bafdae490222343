"""Law pages: home with the go-to box, chapters, a law with its section tree, the glossary, ref jumps; the edition
choice (top bar), the compare view of a law in two editions and the "what changed" index (issue 28).

Every page is in one edition (laws.editions: the link's ``?edition=``, the director's choice, the club's default,
the site default) and says which."""

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from django.conf import settings
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from bridge.references import law_of, parse_ref_query
from laws import changes as edition_changes
from laws import corrections as editorial
from laws import editions, selectors
from laws.models import Definition, Edition, Law, Section
from laws.rendering import render as render_text

EDITION_COOKIE_AGE = 365 * 24 * 3600


def _vary(response):
    """A page's edition may come from the cookie: caches must key on it."""
    patch_vary_headers(response, ["Cookie"])
    return response


@require_POST
def edition_choose(request):
    """The top bar's edition switch: remembered in the ``edition`` cookie, back to the page (without a
    ``?edition=`` that would override the choice)."""
    code = request.POST.get("edition", "")
    if not Edition.objects.filter(code=code).exists():
        raise Http404("no such edition")
    target = request.POST.get("next") or reverse("laws:home")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        target = reverse("laws:home")
    parts = urlsplit(target)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != editions.PARAM]
    response = redirect(urlunsplit(parts._replace(query=urlencode(query))))
    if code == settings.LAWS_DEFAULT_EDITION and not selectors._club_edition(request):
        response.delete_cookie(editions.COOKIE, samesite="Lax")
    else:
        response.set_cookie(
            editions.COOKIE, code, max_age=EDITION_COOKIE_AGE, samesite="Lax", secure=request.is_secure()
        )
    return response


def home(request):
    edition = selectors.edition_for(request)
    corrections = selectors.official_corrections(edition).at(editorial.PREFACE)
    preface = [mark_safe(editorial.mark_html(line, corrections)) for line in edition.preface.splitlines()]
    return _vary(
        render(
            request,
            "laws/home.html",
            {
                "edition": edition,
                "chapters": selectors.chapters_with_laws(edition),
                "preface": preface,
                "glossary_url": editions.with_edition(reverse("laws:glossary"), edition.code),
                "has_definitions_chapter": edition.chapters.filter(number=1).exists(),
                "changes_edition": next(
                    (e for e in selectors.edition_list() if edition_changes.load(e.code)), None
                ),
            },
        )
    )


def goto(request):
    edition = selectors.edition_for(request)
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
    edition = selectors.edition_for(request)
    chapter = edition.chapters.filter(number=number).prefetch_related("laws").first()
    if chapter is None:
        raise Http404("no such chapter")
    definitions = selectors.definitions(edition).filter(origin="official") if number == 1 else None
    glossary_url = editions.with_edition(reverse("laws:glossary"), edition.code)
    return _vary(
        render(
            request,
            "laws/chapter.html",
            {"chapter": chapter, "definitions": definitions, "glossary_url": glossary_url},
        )
    )


class _Nothing:
    """A missing neighbour behind a lazy object: false in {% if %}, as None was."""

    def __bool__(self) -> bool:
        return False


_NOTHING = _Nothing()


def law(request, number: int):
    edition = selectors.edition_for(request)
    law = selectors.law_get(edition, number)
    context = selectors.render_context(edition)
    # Read only when the page's cached fragments are not (laws/law.html: once per edition revision).
    neighbours = SimpleLazyObject(lambda: selectors.law_neighbours(law))
    # /laws/27X9/ or 转到 27Z: the law exists, the section does not — say so above the law (bug 16).
    missing = parse_ref_query(request.GET.get("missing", "")[:20])
    other = selectors.other_edition(edition)
    other_law = Law.objects.filter(edition=other, number=number).first() if other else None
    change = _change_between(edition, other, number)
    return _vary(
        render(
            request,
            "laws/law.html",
            {
                "law": law,
                "tree": SimpleLazyObject(lambda: selectors.law_tree(law, context)),
                "cites": selectors.law_cites(law),
                "cited_by": selectors.law_cited_by(law),
                "previous": SimpleLazyObject(lambda: neighbours[0] or _NOTHING),
                "next": SimpleLazyObject(lambda: neighbours[1] or _NOTHING),
                "missing": missing,
                "other_edition": other,
                "other_law_url": editions.explicit_with_edition(
                    reverse("laws:law", args=[number]), other.code
                )
                if other_law and other
                else None,
                "compare_url": _compare_url(edition, other, number) if other_law and other else None,
                "share_url": editions.explicit_with_edition(reverse("laws:law", args=[number]), edition.code),
                "change": change,
                "change_note": change.note(get_language()) if change else "",
            },
        )
    )


def _further(a: Edition, b: Edition | None) -> Edition | None:
    """Of two editions, the one that is not the base (the one changes.yaml belongs to)."""
    if b is None:
        return None
    if a.code == "ccba-1999":
        return b
    return a


def _change_between(edition: Edition, other: Edition | None, number: int):
    further = _further(edition, other)
    return edition_changes.load(further.code).get(number) if further else None


def _compare_url(edition: Edition, other: Edition, number: int) -> str:
    left, right = (other, edition) if edition.code != "ccba-1999" else (edition, other)
    return reverse("laws:compare", args=[number]) + "?" + urlencode({"left": left.code, "right": right.code})


def compare(request, number: int):
    """The law in two editions side by side, section by section: the base edition on the left, the further one on
    the right, changed sections marked, with changes.yaml's note (issue 28)."""
    codes = [c.code for c in selectors.edition_list()]
    if len(codes) < 2:
        raise Http404("only one edition is loaded")
    left_code = request.GET.get("left") or "ccba-1999"
    right_code = request.GET.get("right") or next(c for c in codes if c != left_code)
    try:
        left = selectors.edition_by_code(left_code)
        right = selectors.edition_by_code(right_code)
    except selectors.UnknownEdition as exc:
        raise Http404(str(exc)) from exc
    left_law = selectors.law_get(left, number)
    right_law = selectors.law_get(right, number)
    change = _change_between(left, right, number)
    rows = compare_rows(left_law, right_law, change)
    return render(
        request,
        "laws/compare.html",
        {
            "number": number,
            "left": left,
            "right": right,
            "left_law": left_law,
            "right_law": right_law,
            "rows": rows,
            "change": change,
            "change_note": change.note(get_language()) if change else "",
            "previous": number - 1 if Law.objects.filter(edition=right, number=number - 1).exists() else None,
            "next": number + 1 if Law.objects.filter(edition=right, number=number + 1).exists() else None,
        },
    )


def compare_rows(left_law: Law, right_law: Law, change) -> list[dict]:
    """Pairs of nodes: the right law's nodes in order, each with its counterpart on the left (the same ref, or
    changes.yaml's ``map``), then the left's nodes that no right node took. ``changed`` marks the right refs
    changes.yaml lists."""
    left_ctx = selectors.render_context(left_law.edition)
    right_ctx = selectors.render_context(right_law.edition)
    left_nodes = {n.ref: n for n in _flat(selectors.law_tree(left_law, left_ctx))}
    right_nodes = list(_flat(selectors.law_tree(right_law, right_ctx)))
    mapping = change.mapping if change else {}
    changed = set(change.changed_sections) if change else set()
    used: set[str] = set()
    rows = []
    for node in right_nodes:
        ref = node.ref
        base_ref = mapping[ref] if ref in mapping else ref
        left = left_nodes.get(base_ref) if base_ref else None
        if left is not None:
            used.add(left.ref)
        rows.append({"left": left, "right": node, "changed": ref in changed, "new": left is None})
    for ref, node in left_nodes.items():
        if ref not in used:
            rows.append({"left": node, "right": None, "changed": True, "new": False})
    return rows


def _flat(node):
    yield node
    for child in node.children:
        yield from _flat(child)


def changes_index(request):
    """Every law that changed, the biggest change first (changes.yaml's rank), with its note."""
    further = [e for e in selectors.edition_list() if e.code != "ccba-1999"]
    edition = next((e for e in further if e.code == request.GET.get(editions.PARAM)), None)
    edition = edition or (further[0] if further else None)
    if edition is None:
        raise Http404("no further edition is loaded")
    language = get_language()
    titles = dict(Law.objects.filter(edition=edition).values_list("number", "title"))
    titles_en = dict(Law.objects.filter(edition=edition).values_list("number", "title_en"))
    entries = [
        {
            "change": change,
            "note": change.note(language),
            "title": titles.get(change.law, ""),
            "title_en": titles_en.get(change.law, ""),
            "compare_url": reverse("laws:compare", args=[change.law])
            + "?"
            + urlencode({"left": "ccba-1999", "right": edition.code}),
            "loaded": change.law in titles,
        }
        for change in edition_changes.ranked(edition.code)
    ]
    unchanged = sorted(n for n, c in edition_changes.load(edition.code).items() if c.unchanged)
    return render(
        request, "laws/changes.html", {"edition": edition, "entries": entries, "unchanged": unchanged}
    )


def section_redirect(request, ref: str):
    normalised = parse_ref_query(ref)
    if normalised is None:
        raise Http404("not a law reference")
    url = reverse("laws:law", args=[law_of(normalised)])
    if normalised.isdigit():
        return redirect(editions.with_edition(url, selectors.edition_for(request).code))
    edition = selectors.edition_for(request)
    if not Section.objects.filter(edition=edition, ref=normalised).exists():
        return redirect(editions.with_edition(f"{url}?{urlencode({'missing': normalised})}", edition.code))
    return redirect(editions.with_edition(f"{url}#{normalised}", edition.code))


def glossary(request):
    """Every definition; the official ones show the editorial corrections of their English gloss and text."""
    edition = selectors.edition_for(request)
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
    return _vary(render(request, "laws/glossary.html", {"entries": entries, "edition": edition}))
