"""GET /api/search/?q=&limit= (docs/design.md §7). Thin: search.query does the work; bad input is a FieldError, which
core.api answers with a 400 (a 503, same shape, while the index is being rebuilt)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from bridge import messages
from core.openapi import errors, integer, string
from laws.api_params import edition_param, schema_parameter
from search.query import DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_LENGTH, SearchInputError, search

_RESULT_FIELDS: dict[str, serializers.Field] = {
    "edition": serializers.CharField(help_text="the edition the result is in"),
    "ref": serializers.CharField(allow_null=True, help_text="27B1; the cited ref for a glossary term"),
    "law": serializers.IntegerField(allow_null=True),
    "title": serializers.CharField(),
    "title_en": serializers.CharField(
        help_text="the title an English page shows (Law 64A1; the term in English)"
    ),
    "snippet": serializers.CharField(help_text="HTML: escaped text, matches in <mark>"),
    "url": serializers.CharField(),
    "score": serializers.FloatField(),
    "kind": serializers.ChoiceField(["section", "definition"]),
    "jump": serializers.BooleanField(help_text="the query was this reference"),
}
_TREE_FIELDS: dict[str, serializers.Field] = {
    "slug": serializers.CharField(),
    "edition": serializers.CharField(help_text="the edition of the tree (its wizard opens in it)"),
    "title": serializers.CharField(),
    "title_en": serializers.CharField(),
    "url": serializers.CharField(help_text="the ruling wizard's first question"),
}


def parse_limit(raw: str | None) -> int:
    if raw is None or raw == "":
        return DEFAULT_LIMIT
    try:
        limit = int(raw.strip())
    except ValueError:
        raise SearchInputError(messages.SEARCH_LIMIT, "limit", max=MAX_LIMIT) from None
    return limit


@extend_schema(
    parameters=[
        OpenApiParameter(
            "q",
            string(MAX_QUERY_LENGTH),
            description=f"at most {MAX_QUERY_LENGTH} characters",
        ),
        OpenApiParameter(
            "limit",
            integer(1, MAX_LIMIT),
            description=f"1–{MAX_LIMIT}, default {DEFAULT_LIMIT}",
        ),
        schema_parameter(allow_all=True),
    ],
    responses={
        200: inline_serializer(
            "SearchResponse",
            {
                "query": serializers.CharField(),
                "edition": serializers.CharField(help_text="the edition searched, or all"),
                "results": inline_serializer("SearchResult", _RESULT_FIELDS, many=True),
                "trees": inline_serializer(
                    "SearchTree",
                    _TREE_FIELDS,
                    many=True,
                    help_text="ruling trees the query names in the edition searched, best first (edition=all: the "
                    "working edition's, then each other edition's)",
                ),
                "took_ms": serializers.FloatField(),
            },
        ),
        **errors(400, 503),
    },
)
@api_view(["GET"])
def search_api(request):
    query = request.query_params.get("q", "")
    limit = parse_limit(request.query_params.get("limit"))
    edition = edition_param(request, allow_all=True)
    if edition is None:  # edition=all: every edition, the working edition's hits first
        from laws.selectors import edition_for_api_default

        working = edition_for_api_default(request).code
        return Response(search(query, limit=limit, edition=working, all_editions=True).as_dict())
    response = Response(search(query, limit=limit, edition=edition.code).as_dict())
    response["Vary"] = "Cookie"
    return response
