"""API error shape shared by every endpoint: {"error": "...", "field": "..."} (docs/design.md §7).

Bad input is the one :class:`bridge.errors.FieldError` (also re-exported here for the API views that raise it):
a 400 with its message in the request's language (Accept-Language or the language cookie, as for pages; Chinese
by default) and the field it names, by its API key. :class:`ConflictError` is the same shape with a 409. Everything
else under ``/api/`` answers the same shape too (security review M5, L1): a body that does not parse or nests too
deep (:class:`JSONParser`), a body over the upload limit, an unknown path (:func:`api_not_found`, for any method)
and a server error (:func:`server_error`, the site's handler500). Text a client sent is echoed only as it can be
encoded: a lone surrogate is shown as its escape (``\\ud800``), the rest as sent.
"""

from __future__ import annotations

import codecs
import math
from collections.abc import Iterable

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.defaults import server_error as page_server_error
from rest_framework import exceptions, parsers, status
from rest_framework.response import Response
from rest_framework.utils import json
from rest_framework.views import exception_handler as drf_exception_handler

from bridge import messages
from bridge.errors import FieldError
from bridge.inputs import MAX_DIGITS, too_long
from core.errors import api_error_text

__all__ = [
    "ConflictError",
    "FieldError",
    "JSONParser",
    "api_not_found",
    "exception_handler",
    "server_error",
]

JSON_DEPTH_LIMIT = 32


class ConflictError(FieldError):
    """A 409: the resource changed since the client read it (the ruling log's version check)."""

    status_code = status.HTTP_409_CONFLICT


def json_depth_exceeds(value: object, limit: int = JSON_DEPTH_LIMIT) -> bool:
    """Whether ``value`` nests lists and objects deeper than ``limit`` (walked without recursion)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        items: Iterable[object]
        if isinstance(item, dict):
            items = item.values()
        elif isinstance(item, list):
            items = item
        else:
            continue
        if depth >= limit:
            return True
        stack.extend((child, depth + 1) for child in items)
    return False


class _TooLong:
    """A JSON number with more digits than any the site reads (bridge.inputs.MAX_DIGITS), kept unread."""


def _read_int(text: str) -> int | _TooLong:
    return _TooLong() if too_long(text) else int(text)


def _read_float(text: str) -> float | _TooLong:
    # "1e999" is short but infinite: the readers of numbers refuse that themselves, as before.
    return _TooLong() if len(text.lstrip("-")) > MAX_DIGITS + 8 else float(text)


def first_too_long(value: object) -> str | None:
    """The field (``board``, ``results[0].tricks``) of the first number too long to read in ``value``, if any;
    "" for the body itself."""
    stack: list[tuple[object, str]] = [(value, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, _TooLong):
            return where
        if isinstance(item, dict):
            stack.extend(
                (child, f"{where}.{key}" if where else str(key)) for key, child in reversed(item.items())
            )
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{index}]") for index, child in reversed(list(enumerate(item))))
    return None


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, with nesting bounded (JSON_DEPTH_LIMIT): DRF catches only ValueError, so a body nested
    100,000 deep was a RecursionError (500). A number of more digits than the site reads (security review N1:
    CPython refuses more than 4,300) is refused as a 400 naming its field."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = parsers.get_encoding(parser_context or {})
        try:
            data = json.load(
                codecs.getreader(encoding)(stream),
                parse_constant=json.strict_constant if self.strict else None,
                parse_int=_read_int,
                parse_float=_read_float,
            )
        except RecursionError:
            raise exceptions.ParseError(f"JSON nested deeper than {JSON_DEPTH_LIMIT} levels") from None
        except ValueError as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from None
        if json_depth_exceeds(data):
            raise exceptions.ParseError(f"JSON nested deeper than {JSON_DEPTH_LIMIT} levels")
        field = first_too_long(data)
        if field is not None:
            raise FieldError(messages.INPUT_TOO_LONG, field or None, name=field or "body", digits=MAX_DIGITS)
        return data


def safe_text(value: object) -> str | None:
    """``value`` as text that can be encoded (UTF-8): only what cannot (a lone surrogate) is written as its escape
    ``\\ud800`` — the rest of the message stays readable (security review N6: the whole message was ``ascii()``)."""
    if value is None:
        return None
    return str(value).encode("utf-8", "backslashreplace").decode("utf-8")


def _shape(message: object, field: object) -> dict[str, str | None]:
    return {"error": safe_text(message) or "", "field": safe_text(field)}


def _first_message(detail) -> tuple[str, str | None]:
    if isinstance(detail, dict):
        for key, value in detail.items():
            message, _ = _first_message(value)
            return message, (None if key in ("non_field_errors", "detail") else str(key))
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail), None


def exception_handler(exc, context):
    if isinstance(exc, FieldError):
        code = getattr(exc, "status_code", status.HTTP_400_BAD_REQUEST)
        return Response(_shape(api_error_text(exc), exc.field), status=code)
    if isinstance(exc, RequestDataTooBig):
        return Response(_shape("request body too large", None), status=413)
    if isinstance(exc, exceptions.ParseError):
        return Response(_shape(f"malformed request body: {exc.detail}", None), status=400)
    if isinstance(exc, Http404 | exceptions.NotFound):
        message = str(exc) or "Not found."
        if isinstance(exc, exceptions.NotFound):
            message = str(exc.detail)
        return Response(_shape(message, None), status=404)
    if isinstance(exc, exceptions.Throttled):
        seconds = max(1, math.ceil(exc.wait or 1))
        message = ngettext(
            "请求太频繁：请在 %(n)s 秒后再试。双明手分析按地址限速，登录的裁判额度更高。",
            "请求太频繁：请在 %(n)s 秒后再试。双明手分析按地址限速，登录的裁判额度更高。",
            seconds,
        ) % {"n": seconds}
        return Response(_shape(message, None), status=429, headers={"Retry-After": str(seconds)})
    response = drf_exception_handler(exc, context)
    if response is not None:
        message, field = _first_message(response.data)
        response.data = _shape(message, field)
    return response


@csrf_exempt
def api_not_found(request, *args, **kwargs):
    """Any method on a path under /api/ that no endpoint serves: a JSON 404 (not the CSRF page for a POST)."""
    return JsonResponse({"error": "Not found.", "field": None}, status=404)


def server_error(request, *args, **kwargs):
    """handler500: the JSON shape under /api/, the site's error page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"error": "Server error.", "field": None}, status=500)
    return page_server_error(request, *args, **kwargs)
