"""API v1 for boards, scores and adjusted scores (DESIGN.md §7). Thin: rulings.calculators does the reading,
bridge the arithmetic; EngineError becomes a 400 in config.api.exception_handler."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view
from rest_framework.response import Response

import bridge
from rulings import calculators


@extend_schema(responses={200: dict})
@api_view(["GET"])
def board(request, number: int):
    return Response(calculators.board_data(bridge.board_info(number)))


@extend_schema(
    parameters=[
        OpenApiParameter("contract", str, description="4SX, 3NT, 6♥XX, 4黑桃, PASS"),
        OpenApiParameter("declarer", str, description="N E S W"),
        OpenApiParameter("vulnerability", str, description="None NS EW Both"),
        OpenApiParameter("board", int, description="instead of vulnerability"),
        OpenApiParameter("tricks", int, description="declarer side's tricks, 0–13"),
    ],
    responses={200: dict},
)
@api_view(["GET"])
def score(request):
    result, board = calculators.score_from_params(request.query_params)
    data = calculators.score_data(result)
    if board is not None:
        data["board"] = calculators.board_data(board)
    return Response(data)


@extend_schema(parameters=[OpenApiParameter("diff", int)], responses={200: dict})
@api_view(["GET"])
def imps(request):
    return Response(calculators.imps_from_params(request.query_params))


@extend_schema(request=dict, responses={200: dict})
@api_view(["POST"])
def matchpoints(request):
    body = request.data if isinstance(request.data, dict) else {}
    return Response(calculators.matchpoints_data(body.get("scores")))


@extend_schema(request=dict, responses={200: dict})
@api_view(["POST"])
def adjusted_score(request):
    return Response(calculators.adjusted_score(request.data))
