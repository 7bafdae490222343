"""The Django edge of the one error vocabulary (bridge.errors.FieldError): a field error in the page's language.

Pages answer bad input with status 400 and show :func:`error_text`; the API answers ``{"error", "field"}``
(core.api) in the request's language (:func:`api_error_text`). Engine, answer, search-input and record errors
are all FieldErrors, so one helper serves them all. A page names fields by their labels
(:func:`core.field_labels.field_label`), never by their API keys: ``牌号必须不小于 1``, not ``board 必须不小于 1``;
a Chinese page also says by its label any key a message names in Latin letters (``method 只能是…`` → 调整方法只能是…).
static/js/pages/wizard.js does the same for the wizard offline (with the tree's facts as the only labels).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bridge.errors import FieldError
from core.field_labels import FIELD_LABELS, field_label
from core.language import english, language

# A label that ends in a Chinese character (or ” ）) joins the Chinese after it without the template's space.
_JOINS = re.compile(r"[\u3400-\u9fff\u201d\uff09]$")
_KEY = re.compile(r"(?<![A-Za-z0-9_.\[])([a-z][a-z0-9_]*)(?![A-Za-z0-9_])( (?=[\u3400-\u9fff“]))?")


def error_text(error: FieldError, labels: Mapping[str, object] | None = None, *, general: bool = True) -> str:
    """The error's message in the active language (the page's), from its code and parameters, with the fields it
    names said by their labels."""
    params = error.params
    name = params.get("name")
    label = field_label(name, labels, general=general) if isinstance(name, str) else None
    if label is not None:
        clone = error.with_field(error.field)
        clone.params = {**params, "name": label}
        text = clone.text(language())
    else:
        text = error.text(language())
    if english():
        return text
    if label is not None and _JOINS.search(label):
        text = text.replace(
            f"{label} ", label
        )  # "{name} 必须…" reads 牌号必须… once the key is a Chinese word
    known = {**(FIELD_LABELS if general else {}), **(labels or {})}

    def say(match: re.Match) -> str:
        key = match.group(1)
        if key not in known:
            return match.group(0)
        word = str(known[key])
        return word if _JOINS.search(word) else word + (match.group(2) or "")

    return _KEY.sub(say, text)


def api_error_text(error: FieldError) -> str:
    """The API's message: in the request's language (Accept-Language or the language cookie, Chinese by
    default), naming fields by the API's own keys."""
    return error.text(language())


def error_context(
    error: FieldError, labels: Mapping[str, object] | None = None, *, general: bool = True
) -> dict[str, str | None]:
    """What the templates' error partials show: the message in the page's language, the field it names (for
    ``data-field``) and that field's label for the message's heading — left out when the message already says it."""
    message = error_text(error, labels, general=general)
    label = field_label(error.field, labels, general=general) or error.field
    return {"message": message, "field": error.field, "label": None if label and label in message else label}
