"""The domain's values as form choices, defined once with translatable labels (Chinese first).

Seats, sides, vulnerabilities, faults and adjustment methods appear on the calculator pads, the record form of the
club log and its print sheet; the values come from bridge's enums, so a choice can never drift from what the core
accepts.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from bridge import Fault, Seat, Side, Vulnerability

SEATS = [
    (Seat.N.value, _("北")),
    (Seat.E.value, _("东")),
    (Seat.S.value, _("南")),
    (Seat.W.value, _("西")),
]
SIDES = [(Side.NS.value, _("南北")), (Side.EW.value, _("东西"))]
VULNERABILITIES = [
    (Vulnerability.NONE.value, _("双无")),
    (Vulnerability.NS.value, _("南北有局")),
    (Vulnerability.EW.value, _("东西有局")),
    (Vulnerability.BOTH.value, _("双有")),
]
FAULTS = [
    (Fault.DIRECT.value, _("直接责任（平均减）")),
    (Fault.PARTIAL.value, _("部分责任（平均）")),
    (Fault.NONE.value, _("无责任（平均加）")),
]


class CalledBy(models.TextChoices):
    """Who called the Director to the table (a seat), or that he noticed the irregularity himself: the ruling form
    asks it and the club log stores it (clubs.models.RulingRecord.called_by)."""

    NORTH = Seat.N.value, _("北")
    EAST = Seat.E.value, _("东")
    SOUTH = Seat.S.value, _("南")
    WEST = Seat.W.value, _("西")
    DIRECTOR = "director", _("裁判自行发现")
    OTHER = "other", _("其他")


# The adjusted-score methods a director records for a ruling (Law 12C); 12C3 is an appeals committee's tool and is
# offered by the calculator and the API, not the record form.
ADJUSTMENT_METHODS = [
    ("", _("不调整")),
    ("artificial", _("人为调整分（第12条C款1项）")),
    ("assigned", _("指定调整分（第12条C款2项）")),
]
