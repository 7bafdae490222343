"""API v1 for the decision trees (docs/design.md §7). FactError and a malformed body are FieldErrors: core.api answers
them with a 400 naming the fact or field."""

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view
from rest_framework.response import Response

from bridge import messages
from bridge.errors import FieldError
from bridge.trees import evaluate
from core.openapi import EVALUATE_REQUEST, EVALUATION, TREE_SUMMARY, errors
from laws import editions
from laws.api_params import edition_code_param, schema_parameter
from rulings.trees import all_trees, tree_get


def _edition(request) -> str:
    """The tree's edition: ``edition=`` (an unknown one is a 400 naming the field), else the site's default (an API
    client's answers do not change with a browser's choice)."""
    return edition_code_param(request) or settings.LAWS_DEFAULT_EDITION


@extend_schema(
    operation_id="rulings_trees_list",
    parameters=[schema_parameter(allow_all=True)],
    responses={200: TREE_SUMMARY, **errors(400)},
)
@api_view(["GET"])
def tree_list(request):
    """The trees of one edition (``edition=``, else the site's; an unknown edition is a 400), or of every edition
    (``edition=all``), each naming its edition."""
    if request.GET.get(editions.PARAM) == editions.ALL:
        return Response([tree.summary() for tree in all_trees()])
    edition = _edition(request)
    return Response([tree.summary() for tree in all_trees() if tree.edition == edition])


@extend_schema(
    operation_id="rulings_trees_read",
    parameters=[schema_parameter()],
    responses={200: dict, **errors(400, 404)},
)
@api_view(["GET"])
def tree_detail(request, slug: str):
    return Response(tree_get(slug, _edition(request)).as_dict())


@extend_schema(
    request=EVALUATE_REQUEST,
    parameters=[schema_parameter()],
    responses={200: EVALUATION, **errors(400, 404)},
)
@api_view(["POST"])
def tree_evaluate(request, slug: str):
    tree = tree_get(slug, _edition(request))
    body = request.data
    if not isinstance(body, dict):
        raise FieldError(messages.BODY_NO_FACTS, None)
    facts = body.get("facts", {})
    if not isinstance(facts, dict):
        raise FieldError(messages.FACTS_NOT_OBJECT, "facts")
    return Response(evaluate(tree, facts).as_dict())
