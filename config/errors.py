"""The Django edge of the one error vocabulary (bridge.errors.FieldError): a field error in the page's language.

Pages answer bad input with status 400 and show :func:`error_text`; the API answers ``{"error", "field"}``
(config.api). Engine, answer, search-input and record errors are all FieldErrors, so one helper serves them all.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from bridge.errors import FieldError


def error_text(error: FieldError) -> str:
    """The error's message in the active language (the page's), from its code and parameters."""
    return error.text(translation.get_language() or settings.LANGUAGE_CODE)


def error_context(error: FieldError) -> dict[str, str | None]:
    """What the templates' error partials show: the message in the page's language and the field it names."""
    return {"message": error_text(error), "field": error.field}
