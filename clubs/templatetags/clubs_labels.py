"""Template spellings of :mod:`clubs.labels`: ``{{ record.dealer|seat }}``, ``{{ record.vulnerability|vul }}``,
``{{ rev.author|person }}``."""

from django import template

from clubs import labels

register = template.Library()

register.filter("seat", labels.seat_label)
register.filter("side", labels.side_label)
register.filter("vul", labels.vulnerability_label)
register.filter("person", labels.person_name)
