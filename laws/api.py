"""API v1 for the law base (DESIGN.md §7). Thin: selectors do the reading."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view
from rest_framework.response import Response

from config.openapi import errors
from laws import selectors
from laws.models import Law
from laws.serializers import DefinitionSerializer, LawListSerializer, node_data, reference_data


@extend_schema(responses=LawListSerializer(many=True))
@api_view(["GET"])
def law_list(request):
    edition = selectors.edition_default()
    laws = Law.objects.filter(edition=edition).select_related("chapter").order_by("number")
    return Response(LawListSerializer(laws, many=True).data)


@extend_schema(responses={200: dict, **errors(404)})
@api_view(["GET"])
def law_detail(request, number: int):
    edition = selectors.edition_default()
    law = selectors.law_get(edition, number)
    tree = selectors.law_tree(law, selectors.render_context(edition))
    data = LawListSerializer(law).data
    data["chapter_title"] = law.chapter.title
    data["text"] = tree.section.text
    data["html"] = tree.html
    data["sections"] = [node_data(child) for child in tree.children]
    data["cites"] = [reference_data(r, outgoing=True) for r in selectors.law_cites(law)]
    data["cited_by"] = [reference_data(r, outgoing=False) for r in selectors.law_cited_by(law)]
    return Response(data)


@extend_schema(responses=DefinitionSerializer(many=True))
@api_view(["GET"])
def definition_list(request):
    edition = selectors.edition_default()
    return Response(DefinitionSerializer(selectors.definitions(edition), many=True).data)
