"""Template filters for law pages and every page that shows a law reference.

``lawref`` is the one template spelling of a law reference in the page's language (:func:`bridge.references.
chinese_ref` in Chinese, "Law 64A1" in English); ``pick`` / ``other`` choose one side of a two-language text
(a tree's :class:`bridge.trees.model.Text`, a ``{"zh", "en"}`` dict) by the page's language.
"""

from django import template

from bridge.references import chinese_ref, split_ref
from core import language

register = template.Library()


@register.filter
def get_item(mapping, key):
    """{{ dict|get_item:key }} — a dict lookup by a variable key."""
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def lawref(ref: str) -> str:
    """64A1 → 第64条A款1项 (English page: Law 64A1); anything that is not a law reference is shown as it is (a
    template must not fail)."""
    try:
        if language.english():
            split_ref(str(ref))
            return f"Law {ref}"
        return chinese_ref(str(ref))
    except ValueError:
        return str(ref)


@register.filter
def pick(text) -> str:
    """The side of a two-language text in the page's language (the other side when that one is empty)."""
    return language.pick(text)


@register.filter
def other(text) -> str:
    """The side of a two-language text in the other language (a Chinese page's English aside)."""
    return language.other(text)


@register.filter
def ltitle(obj) -> str:
    """An object's ``title`` in the page's language: its ``title_en`` on an English page, when it has one."""
    if language.english():
        english = getattr(obj, "title_en", None) or (obj.get("title_en") if isinstance(obj, dict) else None)
        if english:
            return str(english)
    title = getattr(obj, "title", None) or (obj.get("title") if isinstance(obj, dict) else None)
    return str(title if title is not None else obj)


@register.simple_tag
def colon() -> str:
    """The colon after a label in the page's language: full-width in Chinese (裁决：), ": " in English."""
    return ": " if language.english() else "："


@register.filter
def edition_short(code) -> str:
    """ccba-1999 → 1999年版 (English page: CCBA 1999)."""
    from laws.editions import info

    about = info(str(code))
    return about.short_en if language.english() else about.short


@register.filter
def edition_year(code) -> str:
    """ccba-1999 → 1999: the top bar's shortest name of an edition (narrow screens)."""
    tail = str(code).rsplit("-", 1)[-1]
    return tail if tail.isdigit() else str(code)


@register.filter
def edition_name(edition) -> str:
    """An edition's full name in the page's language."""
    if edition is None:
        return ""
    return (edition.name_en or edition.name) if language.english() else edition.name


@register.filter
def in_edition(url, code) -> str:
    """``{% url 'offline:bundle' as u %}{{ u|in_edition:edition.code }}``: the URL with ``?edition=`` when the
    edition is not the site default (laws.editions.with_edition)."""
    from laws.editions import with_edition

    return with_edition(str(url), str(code) if code else None)


@register.simple_tag
def section_url(ref, edition=None) -> str:
    """{% section_url "27B1" tree.edition %} → /laws/27/#27B1, or /laws/27/?edition=wbf-2017#27B1: a link to a law
    of a named edition (a tree, a logged ruling), which a bare /laws/27B1/ is not (it opens the reader's working
    edition, laws.editions)."""
    from laws.editions import explicit_with_edition
    from laws.selectors import section_url as url_of

    try:
        split_ref(str(ref))
    except ValueError:
        return ""
    url = url_of(str(ref))
    return explicit_with_edition(url, str(edition)) if edition else url
