"""API v1 for the law base (docs/design.md §7). Thin: selectors do the reading."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

from core.openapi import errors
from laws import changes, selectors
from laws.api_params import edition_param, schema_parameter
from laws.models import Law
from laws.serializers import DefinitionSerializer, LawListSerializer, node_data, reference_data

EDITION_HEADER = "X-Law-Edition"


def _answer(data, edition) -> Response:
    response = Response(data)
    response[EDITION_HEADER] = edition.code
    response["Vary"] = "Cookie"
    return response


@extend_schema(
    responses={
        200: inline_serializer(
            "Edition",
            {
                "code": serializers.CharField(),
                "name": serializers.CharField(),
                "name_en": serializers.CharField(),
                "default": serializers.BooleanField(help_text="the site default (settings)"),
                "current": serializers.BooleanField(help_text="this request's working edition"),
                "laws": serializers.IntegerField(),
                "definitions": serializers.IntegerField(),
                "changes_url": serializers.CharField(allow_null=True),
            },
            many=True,
        )
    }
)
@api_view(["GET"])
def edition_list(request):
    """The loaded editions, the site default first."""
    from django.conf import settings
    from django.urls import reverse

    try:
        current = selectors.edition_for(request).code
    except Exception:  # noqa: BLE001 (nothing loaded: no working edition)
        current = None
    out = []
    for edition in selectors.edition_list():
        out.append(
            {
                "code": edition.code,
                "name": edition.name,
                "name_en": edition.name_en,
                "default": edition.code == settings.LAWS_DEFAULT_EDITION,
                "current": edition.code == current,
                "laws": edition.laws.count(),
                "definitions": edition.definitions.count(),
                "changes_url": reverse("laws:changes") + f"?edition={edition.code}"
                if changes.load(edition.code)
                else None,
            }
        )
    return Response(out)


@extend_schema(parameters=[schema_parameter()], responses={200: LawListSerializer(many=True), **errors(400)})
@api_view(["GET"])
def law_list(request):
    edition = edition_param(request)
    laws = Law.objects.filter(edition=edition).select_related("chapter", "edition").order_by("number")
    return _answer(LawListSerializer(laws, many=True).data, edition)


@extend_schema(parameters=[schema_parameter()], responses={200: dict, **errors(400, 404)})
@api_view(["GET"])
def law_detail(request, number: int):
    edition = edition_param(request)
    law = selectors.law_get(edition, number)
    tree = selectors.law_tree(law, selectors.render_context(edition))
    data = LawListSerializer(law).data
    data["chapter_title"] = law.chapter.title
    data["text"] = tree.section.text
    data["html"] = tree.html
    data["sections"] = [node_data(child) for child in tree.children]
    data["cites"] = [reference_data(r, outgoing=True) for r in selectors.law_cites(law)]
    data["cited_by"] = [reference_data(r, outgoing=False) for r in selectors.law_cited_by(law)]
    other = selectors.other_edition(edition)
    if other is not None and Law.objects.filter(edition=other, number=number).exists():
        further = edition if edition.code != "ccba-1999" else other
        change = changes.load(further.code).get(number)
        data["other_edition"] = {
            "edition": other.code,
            "url": f"/laws/{number}/?edition={other.code}",
            "api": f"/api/laws/{number}/?edition={other.code}",
            "change": change.as_dict() if change else None,
        }
    return _answer(data, edition)


@extend_schema(
    parameters=[schema_parameter()], responses={200: DefinitionSerializer(many=True), **errors(400)}
)
@api_view(["GET"])
def definition_list(request):
    edition = edition_param(request)
    return _answer(DefinitionSerializer(selectors.definitions(edition), many=True).data, edition)
