"""Template spellings of :mod:`clubs.labels`: ``{{ record.dealer|seat }}``, ``{{ record.vulnerability|vul }}``,
``{{ rev.author|person }}``; ``{{ labels|label_of:code }}`` (a label by its code, "" when there is none)."""

from django import template

from clubs import labels

register = template.Library()

register.filter("seat", labels.seat_label)
register.filter("side", labels.side_label)
register.filter("vul", labels.vulnerability_label)
register.filter("person", labels.person_name)


@register.filter
def label_of(labels: dict, code: object) -> object:
    """``labels[code]``, or "" when ``labels`` has no such code (one look-up instead of a loop over every label)."""
    return labels.get(code, "")
