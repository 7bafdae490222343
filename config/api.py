"""API error shape shared by every endpoint: {"error": "...", "field": "..."} (DESIGN.md §7).

Bad input is the one :class:`bridge.errors.FieldError` (also re-exported here for the API views that raise it):
a 400 with its message in the request's language (Accept-Language or the language cookie, as for pages; Chinese
by default) and the field it names, by its API key. :class:`ConflictError`
is the same shape with a 409.
"""

from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from bridge.errors import FieldError
from config.errors import api_error_text

__all__ = ["ConflictError", "FieldError", "exception_handler"]


class ConflictError(FieldError):
    """A 409: the resource changed since the client read it (the ruling log's version check)."""

    status_code = status.HTTP_409_CONFLICT


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
        return Response({"error": api_error_text(exc), "field": exc.field}, status=code)
    if isinstance(exc, exceptions.ParseError):
        return Response({"error": f"malformed request body: {exc.detail}", "field": None}, status=400)
    if isinstance(exc, Http404 | exceptions.NotFound):
        message = str(exc) or "Not found."
        if isinstance(exc, exceptions.NotFound):
            message = str(exc.detail)
        return Response({"error": message, "field": None}, status=404)
    response = drf_exception_handler(exc, context)
    if response is not None:
        message, field = _first_message(response.data)
        response.data = {"error": message, "field": field}
    return response
