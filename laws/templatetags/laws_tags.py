from django import template

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
    """64A1 → 第64条A款1项."""
    from bridge.references import chinese_ref

    try:
        return chinese_ref(str(ref))
    except ValueError:
        return str(ref)
