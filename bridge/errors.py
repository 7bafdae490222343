"""Errors of the pure core, and the one error vocabulary every layer shares.

:class:`FieldError` is bad input that names the field it concerns and carries a ``code`` and ``params``, so each
edge says it in its reader's language: the API answers ``{"error": ..., "field": ...}`` with status 400 in one
place (docs/design.md §7, §8.4), a page shows :meth:`FieldError.text` in the page's language, and the browser formats
the same :class:`Message` templates offline. The core writes its messages as :class:`Message` data (English and
Chinese, like the trees' texts), all of them in :mod:`bridge.messages`; the Django side may raise with a
translatable string instead. Engine, answer, search-input and record errors are all FieldErrors.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from .tables import ECHO_CHARACTERS


@dataclass(frozen=True)
class Message:
    """One error message in both languages; ``{name}`` placeholders are filled from the error's ``params``."""

    code: str
    en: str
    zh: str

    def format(self, language: str, params: dict[str, object]) -> str:
        template = self.zh if language.lower().startswith("zh") else self.en
        return template.format(**{name: _shown(name, value) for name, value in params.items()})


# A message echoes what the user typed by its first ECHO_CHARACTERS characters (a 5,000-digit number: security
# review N1); the field it names (a page puts the field's label there) and the values it lists stay whole.
NOT_ECHOED = frozenset({"name", "allowed"})


def _shown(name: str, value: object) -> object:
    if name not in NOT_ECHOED and isinstance(value, str) and len(value) > ECHO_CHARACTERS:
        return value[:ECHO_CHARACTERS] + "…"
    return value


class FieldError(ValueError):
    """Bad input. ``field`` names it (``"contract"``, ``"fault.NS"``, ``"facts.accepted"``…); ``code`` and
    ``params`` say what is wrong in a form each edge can translate.

    ``message`` is the default text: English for the core's :class:`Message` errors (what the API has always
    answered), the text as given otherwise. :meth:`text` gives it in a named language.
    """

    default_field: ClassVar[str | None] = None

    def __init__(self, message: Message | str, field: str | None = None, **params: object) -> None:
        self.template = message
        self.code = message.code if isinstance(message, Message) else ""
        self.params = params
        self.field: str | None = field if field is not None else self.default_field
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.text("en")

    def text(self, language: str) -> str:
        """The message in ``language`` (``zh-hans``, ``en``…); a plain-string message is returned as given."""
        if isinstance(self.template, Message):
            return self.template.format(language, self.params)
        text = str(self.template)
        return text % self.params if self.params else text

    @classmethod
    def wrapping(cls, error: FieldError, field: str | None) -> Self:
        """``error`` (another layer's) as this class's error naming ``field``: the same message, code and
        parameters, so each edge still says it in its own language."""
        wrapped = cls(error.template, field, **error.params)
        wrapped.code, wrapped.args = error.code, error.args
        return wrapped

    def with_field(self, field: str | None) -> Self:
        """The same error naming another field (an edge that nests the input: ``adjustment.NS.contract``)."""
        clone = type(self).__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone.args = self.args
        clone.field = field
        return clone

    def as_dict(self) -> dict[str, str | None]:
        """The API error body of docs/design.md §7."""
        return {"error": self.message, "field": self.field}


class EngineError(FieldError):
    """Bad input to the rules core (scores, boards, adjusted scores, trees)."""


class ContractError(EngineError):
    """A contract that cannot be read or does not exist (level 1–7, strain C D H S NT, X or XX, or PASS)."""

    default_field = "contract"


class SeatError(EngineError):
    """A seat other than N, E, S, W."""

    default_field = "seat"


class StrainError(EngineError):
    """A denomination other than clubs, diamonds, hearts, spades or no trump."""

    default_field = "strain"


class VulnerabilityError(EngineError):
    """A vulnerability other than None, NS, EW, Both."""

    default_field = "vulnerability"


class BoardError(EngineError):
    """A board number that is not a whole number from 1 up."""

    default_field = "board"


class TricksError(EngineError):
    """A trick count that is not a whole number from 0 to 13."""

    default_field = "tricks"


class ComparisonError(EngineError):
    """Bad input to an IMP or matchpoint comparison (Law 78)."""

    default_field = "scores"


class AdjustedScoreError(EngineError):
    """Bad input to an adjusted-score computation (Laws 12, 86, 88)."""

    default_field = None


class CardError(EngineError):
    """A card or a hand that cannot be read (suit S H D C or ♠♥♦♣, rank A K Q J 10 … 2; each card once)."""

    default_field = "cards"


class DealError(CardError):
    """Four hands that are not a deal (Law 1: 13 cards each, every card once); ``field`` names the seat
    (``hands.N``)."""

    default_field = "hands"


class PbnError(DealError):
    """PBN text that cannot be read as a hand record; the message names its line."""

    default_field = "pbn"
