"""The event's regulations (docs/design.md §9, issue 28 item 5): choices an edition leaves to the regulating
authority, the zone or the organiser, set once per club and read by the trees' tools and the builder.

Only the options that change a score are here so far. Each names the edition and the law that allows it and its
default; a club's choice (Club.regulations, registered by the club log in USER_REGULATION_SOURCES, so the law base
never imports the apps above it) replaces the default for its directors.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _g
from django.utils.translation import gettext_lazy as _

from bridge.errors import FieldError


@dataclass(frozen=True)
class Regulation:
    key: str
    edition: str
    law: str
    text: object  # a lazy translation: the question the club's page asks
    unverified: bool = False
    """Whether the law's allowing it is itself unverified in the facts (the page says so: 待核实)."""


REGULATIONS: tuple[Regulation, ...] = (
    Regulation(
        "director_12c3",
        "ccba-1999",
        "12C3",
        _("区域性组织允许裁判自己按第12条C款3项判给加权调整分（否则只有仲裁委员会可以）"),
    ),
    Regulation(
        "likely_standard",
        "wbf-2017",
        "12C1",
        _("主管机构保留“很可能／有可能”旧标准，代替裁判判给最可能的结果或加权调整分"),
        unverified=True,
    ),
)
"""Every regulation, in the order the club's page lists them."""

USER_REGULATION_SOURCES: list = []
"""Callables user → {key: bool} (or None): the regulations the signed-in user's club set (clubs.apps)."""


def defaults() -> dict[str, bool]:
    """Each regulation's default: the site's setting for the 1997 zone permission, otherwise off."""
    return {"director_12c3": bool(settings.ZONE_PERMITS_DIRECTOR_12C3), "likely_standard": False}


def for_user(user) -> dict[str, bool]:
    """The regulations a user works under: his club's choices over the defaults."""
    values = defaults()
    if user is not None and getattr(user, "is_authenticated", False):
        for resolve in USER_REGULATION_SOURCES:
            chosen = resolve(user)
            if chosen:
                values.update({key: value for key, value in chosen.items() if key in values})
                break
    return values


def clean(values: object) -> dict[str, bool]:
    """A club's regulations as given (the API, the club's page): known keys, yes or no; else a FieldError naming
    ``regulations.<key>``."""
    if not isinstance(values, Mapping):
        raise FieldError(_g("比赛规程必须是一组“选项: 是/否”。"), "regulations")
    known = {regulation.key for regulation in REGULATIONS}
    out: dict[str, bool] = {}
    for key, value in values.items():
        if key not in known:
            raise FieldError(
                _g("未知的比赛规程选项：%(key)s"), f"regulations.{str(key)[:40]}", key=str(key)[:40]
            )
        if not isinstance(value, bool):
            raise FieldError(_g("比赛规程选项只能是“是”或“否”。"), f"regulations.{key}")
        out[key] = value
    return out
