"""Template filters for law pages and every page that shows a law reference.

``lawref`` is the one template spelling of :func:`bridge.references.chinese_ref` (Python callers use that directly).
"""

from django import template

from bridge.references import chinese_ref

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
    """64A1 → 第64条A款1项; anything that is not a law reference is shown as it is (a template must not fail)."""
    try:
        return chinese_ref(str(ref))
    except ValueError:
        return str(ref)
