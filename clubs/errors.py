"""The club rulings log's two errors: bad input (:class:`RecordError`, a 400 everywhere) and a stale edit
(:class:`VersionConflict`, a 409).

A RecordError is a :class:`bridge.errors.FieldError`, the one error vocabulary: the API answers it as
``{"error", "field"}`` in one place (core.api) and a page shows it in the page's language
(core.errors.error_context). Its messages are Chinese gettext msgids translated lazily, so each edge reads them
in its own language; ``code`` names the mistake for code that must tell them apart, ``params`` fill the message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.utils import timezone
from django.utils.translation import gettext as _

from bridge.errors import FieldError, Message

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


class RecordError(FieldError):
    """Bad input to a ruling-log write; ``field`` names it (``board``, ``facts.accepted``, ``adjustment.NS``…).

    ``RecordError(_("牌号必须是 %(low)s 到 %(high)s 的整数。"), "board", code="board_range", low=1, high=999)``;
    :meth:`~bridge.errors.FieldError.wrapping` turns a tree's or the engine's error into one naming the record's
    field, keeping its code and parameters.
    """

    def __init__(
        self,
        message: Message | str | StrPromise,
        field: str | None = None,
        *,
        code: str = "",
        **params: object,
    ) -> None:
        # A lazy gettext msgid is kept lazy: FieldError.text reads it with str() in the page's language.
        super().__init__(cast("Message | str", message), field, **params)
        if code:
            self.code = code


class VersionConflict(Exception):
    """The record changed since the editor loaded it: nothing was written. Data only — who changed it last and
    when are read by whoever raises it (:func:`conflict`), not by the exception."""

    field = "version"

    def __init__(self, *, expected: object, current: int, who: str, when: str) -> None:
        self.expected = expected
        self.current = current
        self.who = who
        self.when = when
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return _(
            "此裁决已被 %(who)s 于 %(when)s 修改（当前版本 %(current)s，你的修改基于版本 %(expected)s）。"
            "你的修改没有保存。"
        ) % {"who": self.who, "when": self.when, "current": self.current, "expected": self.expected}


def conflict(record, expected: object) -> VersionConflict:
    """The conflict for ``record`` as it is now: its version and its latest revision's author and time."""
    latest = record.revisions.order_by("-number").select_related("author").first()
    return VersionConflict(
        expected=expected,
        current=record.version,
        who=latest.author.get_username() if latest else "?",
        when=timezone.localtime(latest.at).strftime("%Y-%m-%d %H:%M") if latest else "?",
    )
