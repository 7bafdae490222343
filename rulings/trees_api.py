"""API v1 for the decision trees (DESIGN.md §7). FactError (an EngineError) becomes a 400 naming the fact."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view
from rest_framework.response import Response

from bridge.trees import evaluate
from config.api import FieldError
from rulings.trees import tree_get, trees


@extend_schema(responses={200: dict})
@api_view(["GET"])
def tree_list(request):
    return Response([tree.summary() for tree in trees().values()])


@extend_schema(responses={200: dict})
@api_view(["GET"])
def tree_detail(request, slug: str):
    return Response(tree_get(slug).as_dict())


@extend_schema(request=dict, responses={200: dict})
@api_view(["POST"])
def tree_evaluate(request, slug: str):
    tree = tree_get(slug)
    body = request.data
    if not isinstance(body, dict):
        raise FieldError("the body must be a JSON object with a facts object.", None)
    facts = body.get("facts", {})
    if not isinstance(facts, dict):
        raise FieldError("facts must be an object of fact names and values.", "facts")
    return Response(evaluate(tree, facts).as_dict())
