"""API v1 for boards, scores, adjusted scores and the Law 12C2 builder (docs/design.md §7). Thin: rulings.calculators
does the reading, bridge the arithmetic; EngineError becomes a 400 in core.api.exception_handler."""

from django.contrib.auth import get_user
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view
from rest_framework.response import Response

import bridge
from bridge import AdjustedScoreError, messages
from bridge.adjusted import EDITION_1997, equity_weighting_by, read_edition
from bridge.assigned_builder import build_assigned
from core.openapi import (
    ADJUSTED_REQUEST,
    BOARD,
    CONTRACT_PATTERN,
    IMPS,
    MATCHPOINTS,
    MATCHPOINTS_REQUEST,
    SCORE,
    SEATS,
    VULNERABILITIES,
    WHOLE_MAX,
    bounded_integer,
    errors,
    integer,
)
from laws import regulations
from rulings import calculators


def _regulations(request) -> dict[str, bool]:
    """The event's regulations of the caller: the calculators' API authenticates no one (it is open, and DRF then
    sets the request's user to anonymous), so the browser session's signed-in user, read from the session itself,
    decides whose club's regulations apply."""
    return regulations.for_user(get_user(getattr(request, "_request", request)))


@extend_schema(
    operation_id="board_read",
    parameters=[
        OpenApiParameter(
            "number", integer(1, calculators.BOARD_MAX), OpenApiParameter.PATH, description="board number"
        )
    ],
    responses={200: BOARD, **errors(400, 404)},
)
@api_view(["GET"])
def board(request, number: int):
    # Boards 1–10,000 (security review L6: a 30-digit board number answered 200).
    if number > calculators.BOARD_MAX:
        calculators.whole_number(number, "board", low=1, high=calculators.BOARD_MAX)  # raises: out of range
    return Response(calculators.board_data(bridge.board_info(number)))


@extend_schema(
    parameters=[
        OpenApiParameter(
            "contract",
            str,
            required=True,
            pattern=CONTRACT_PATTERN,
            description="4SX, 3NT, 6♥XX, 4黑桃, PASS",
        ),
        OpenApiParameter("declarer", str, required=True, enum=SEATS, description="N E S W (not for PASS)"),
        OpenApiParameter("vulnerability", str, enum=VULNERABILITIES, description="or board"),
        OpenApiParameter(
            "board", integer(1, calculators.BOARD_MAX), description="instead of vulnerability: Law 2 gives it"
        ),
        OpenApiParameter("tricks", integer(0, 13), required=True, description="the declaring side's tricks"),
    ],
    responses={200: SCORE, **errors(400)},
)
@api_view(["GET"])
def score(request):
    result, board = calculators.score_from_params(request.query_params)
    data = calculators.score_data(result)
    if board is not None:
        data["board"] = calculators.board_data(board)
    return Response(data)


@extend_schema(
    parameters=[
        OpenApiParameter(
            "diff", integer(-WHOLE_MAX, WHOLE_MAX), required=True, description="score difference in points"
        )
    ],
    responses={200: IMPS, **errors(400)},
)
@api_view(["GET"])
def imps(request):
    return Response(calculators.imps_from_params(request.query_params))


@extend_schema(request=MATCHPOINTS_REQUEST, responses={200: MATCHPOINTS, **errors(400)})
@api_view(["POST"])
def matchpoints(request):
    body = request.data if isinstance(request.data, dict) else {}
    return Response(calculators.matchpoints_data(body.get("scores")))


def _body_edition(request) -> str:
    """The edition of an adjusted-score request: the body's ``edition``, else ``?edition=``, else ccba-1999 (the
    base edition, so a request that names none is answered as it always was); unknown → 400 naming ``edition``."""
    body = request.data
    value = body.get("edition") if isinstance(body, dict) else None
    if value is None:
        value = request.query_params.get("edition") or None
    return read_edition(value)


@extend_schema(
    request=ADJUSTED_REQUEST,
    responses={200: dict, **errors(400)},
    description="The body's other fields depend on method (README: POST /api/adjusted-score/). method weighted "
    "(Law 12C3) needs appeals_committee: true, or director_12c3: true where the zone permits the Director to "
    "apply 12C3 (the caller's club's regulations, else settings ZONE_PERMITS_DIRECTOR_12C3); otherwise 400 naming the field.",
)
@api_view(["POST"])
def adjusted_score(request):
    body = request.data
    by = None
    edition = _body_edition(request)
    if edition != EDITION_1997 and isinstance(body, dict) and body.get("method") == "weighted":
        # 2017 Law 12C1: the Director weights himself; 1997's 12C3 gate does not apply.
        if body.get("director_12c3") not in (None, False):
            raise AdjustedScoreError(messages.ASSIGNED_1997_ONLY, "director_12c3", name="director_12c3")
        by = "appeals_committee" if body.get("appeals_committee") is True else "director"
    elif isinstance(body, dict) and body.get("method") == "weighted":
        # 1997 12C3: the same gate as the 12C2 builder's weights (J10).
        by = equity_weighting_by(
            body.get("appeals_committee"),
            body.get("director_12c3"),
            zone_permits_director_12c3=_regulations(request)["director_12c3"],
        )
    answer = calculators.adjusted_score(body, edition)
    if by is not None:
        answer["by"] = by
    return Response(answer)


# --- POST /api/assigned-score/: the Law 12C2 builder ----------------------------------------------------------

_OUTCOME_FIELDS: dict[str, serializers.Field] = {
    "contract": serializers.CharField(help_text="4S, 3NTX, 6♥XX, 4黑桃, PASS"),
    "declarer": serializers.ChoiceField(["N", "E", "S", "W"], allow_null=True, required=False),
    "tricks": serializers.IntegerField(
        min_value=0, max_value=13, allow_null=True, required=False, help_text="the declaring side's tricks"
    ),
}
_POSSIBLE_RESULT = inline_serializer(
    "AssignedPossibleResult",
    {
        **_OUTCOME_FIELDS,
        "likely": serializers.BooleanField(
            required=False,
            help_text="The Director's judgement: likely had the irregularity not occurred (for the non-offending "
            "side's score). A likely result must also be at_all_probable.",
        ),
        "at_all_probable": serializers.BooleanField(
            required=False,
            help_text="The Director's judgement: at all probable (for the offending side's score).",
        ),
        "weight": serializers.FloatField(
            required=False,
            min_value=0,
            max_value=1,
            help_text="1997: appeals committee only (Law 12C3), this result's weight in the equity score; "
            "wbf-2017: the Director's weight (Law 12C1), each side's figures weighted. Weights sum to 1.",
        ),
        "weight_offending": serializers.FloatField(
            required=False,
            min_value=0,
            max_value=1,
            help_text="12C3: the offending side's own weight for this result, when the committee weights the "
            "sides apart (weight is then the non-offending side's); these sum to 1 too.",
        ),
        "probable": serializers.BooleanField(
            required=False,
            help_text="edition wbf-2017 (Law 12C1): the Director's probable outcome had the infraction not "
            "occurred — exactly one row, unless the rows are weighted (then none).",
        ),
        "role": serializers.ChoiceField(
            ["non_offending"],
            required=False,
            help_text="non_offending: not a possible result but the non-offending side's own result after its "
            "own irrational, wild or gambling action (WBF Code of Practice). It replaces that side's 12C2 "
            "result (never above it, never below the table result) and plays no part in the offending side's. "
            "It takes no likely, at_all_probable or weight. At most one.",
        ),
    },
    many=True,
)
_ASSIGNED_REQUEST = inline_serializer(
    "AssignedScoreRequest",
    {
        "edition": serializers.ChoiceField(
            ["ccba-1999", "wbf-2017"],
            required=False,
            help_text="the code the scores follow (default ccba-1999, or ?edition=): ccba-1999 = the 1997 Laws "
            "(12C2 likely / at all probable, 12C3 weighting by a committee); wbf-2017 = 12C1 (the probable "
            "outcome, or the Director's weights; likely / at_all_probable only with regulation_likely_standard; "
            "appeals_committee, director_12c3, weight_offending and offending_keeps_12c2 refused). Unknown → 400 "
            "naming edition.",
        ),
        "regulation_likely_standard": serializers.BooleanField(
            required=False,
            help_text="wbf-2017 only: the event's regulations keep the likely / at-all-probable standard instead "
            "of weighting (its 2017 basis is unverified, listed in unverified)",
        ),
        "vulnerability": serializers.ChoiceField(
            ["None", "NS", "EW", "Both"], required=False, help_text="or give board"
        ),
        "board": serializers.IntegerField(min_value=1, required=False, help_text="Law 2: the vulnerability"),
        "offending_side": serializers.ChoiceField(["NS", "EW"]),
        "results": _POSSIBLE_RESULT,
        "table_result": inline_serializer("AssignedTableResult", _OUTCOME_FIELDS, required=False),
        "non_offending_keeps_table_result": serializers.BooleanField(
            required=False,
            help_text="WBF Code of Practice: the non-offending side's own irrational, wild or gambling action "
            "caused its damage, so it keeps the table result (needs table_result).",
        ),
        "other_table_score_ns": bounded_integer(
            required=False, help_text="teams: each side's IMPs (78B) and the knockout average (86B)"
        ),
        "field_scores_ns": serializers.ListField(
            child=bounded_integer(),
            required=False,
            help_text="pairs: the other NS scores on the board; each side's matchpoints (78A)",
        ),
        "appeals_committee": serializers.BooleanField(
            required=False, help_text="true to weight the results (Law 12C3, 1997: an appeals committee only)"
        ),
        "director_12c3": serializers.BooleanField(
            required=False,
            help_text="true: the Director weights the results where the zone permits him to apply 12C3 "
            "(the caller's club's regulations, else settings ZONE_PERMITS_DIRECTOR_12C3); refused (400) otherwise",
        ),
        "knockout": serializers.BooleanField(
            required=False,
            help_text="true for a knockout match: with other_table_score_ns, the Law 86B average of the two "
            "sides' IMPs is given to both; otherwise (Swiss, round robin) each side keeps its own IMPs",
        ),
        "offending_keeps_12c2": serializers.BooleanField(
            required=False,
            help_text="12C3: the committee weights the non-offending side only; the offending side keeps its 12C2 "
            "score",
        ),
    },
)
_SIDE_SCORE = inline_serializer(
    "AssignedSideScore",
    {
        "role": serializers.ChoiceField(["non_offending", "offending"]),
        "basis": serializers.ChoiceField(
            ["likely", "at_all_probable", "table", "own_action", "probable", "weighted"],
            help_text="most favourable likely result, most unfavourable at-all-probable one, the table result, or "
            "the non-offending side's own result row (own_action)",
        ),
        "result_index": serializers.IntegerField(
            allow_null=True, help_text="index in results; null for the table"
        ),
        "contract": serializers.CharField(allow_null=True, help_text="null for a 2017 weighted score"),
        "declarer": serializers.CharField(allow_null=True),
        "tricks": serializers.IntegerField(allow_null=True),
        "result": serializers.IntegerField(allow_null=True, help_text="+overtricks / −undertricks"),
        "score": serializers.FloatField(
            help_text="this side's points (Law 77); weighted (2017): Σ weight × points"
        ),
        "imps": serializers.FloatField(allow_null=True),
        "matchpoints": serializers.FloatField(allow_null=True, help_text="2 per score beaten, 1 per tie"),
        "percentage": serializers.FloatField(allow_null=True),
    },
)
_ASSIGNED_RESPONSE = inline_serializer(
    "AssignedScore",
    {
        "vulnerability": serializers.CharField(),
        "board": serializers.IntegerField(allow_null=True),
        "offending_side": serializers.CharField(),
        "non_offending_side": serializers.CharField(),
        "results": serializers.ListField(child=serializers.DictField()),
        "NS": _SIDE_SCORE,
        "EW": _SIDE_SCORE,
        "score_ns": serializers.FloatField(
            help_text="NS's assigned score (whole points except a 2017 weighted one)"
        ),
        "score_ew": serializers.FloatField(help_text="EW's assigned score (need not balance)"),
        "balanced": serializers.BooleanField(),
        "table_result": serializers.DictField(allow_null=True),
        "comparison": serializers.DictField(
            allow_null=True,
            help_text="{other_table_score_ns, knockout_imps_ns} or {field_scores_ns, top}",
        ),
        "equity": serializers.DictField(
            allow_null=True,
            help_text="Law 12C3: the weighted mix; offending says how the offending side's figures were made "
            "(same, own_weights, 12c2) and by who weighted (appeals_committee, director)",
        ),
        "damage": serializers.BooleanField(
            allow_null=True,
            help_text="with table_result: whether the non-offending side's best likely result beats the table "
            "result (Laws 16A2, 40C, 12C2); false means no damage and the table result stands for both sides",
        ),
        "note": serializers.DictField(
            allow_null=True,
            help_text="{code, en, zh}: what to tell the players when there is nothing to redress",
        ),
        "adjustment": serializers.DictField(
            allow_null=True,
            help_text="the two results as the assigned body of POST /api/adjusted-score/ (the club log's); "
            "null when there was no damage",
        ),
        "laws": serializers.ListField(child=serializers.CharField()),
        "edition": serializers.CharField(required=False, help_text="wbf-2017 answers only"),
        "standard": serializers.ChoiceField(
            ["probable", "weighted", "likely_at_all_probable"],
            required=False,
            help_text="wbf-2017 answers only: how the scores were assigned (Law 12C1)",
        ),
        "unverified": serializers.ListField(
            child=serializers.CharField(),
            required=False,
            help_text="wbf-2017 answers only: laws cited whose 2017 text the project has not verified (待核实)",
        ),
    },
)


@extend_schema(
    summary="Law 12C2 assigned adjusted scores from the possible results",
    description=(
        "The Director lists the results the board could have had without the irregularity and marks each likely "
        "and/or at all probable; the engine gives the non-offending side the most favourable likely result and "
        "the offending side the most unfavourable at-all-probable one, each scored from its own side (Law 77; "
        "they need not balance), with each side's IMPs against the other table (78B, and the 86B knockout "
        "average) or matchpoints against the field (78A). For an appeals committee only (12C3), weights give an "
        "equity score. Bad input → 400 {error, field} naming the field (results[1].tricks…)."
    ),
    request=_ASSIGNED_REQUEST,
    responses={200: _ASSIGNED_RESPONSE, **errors(400)},
    examples=[
        OpenApiExample(
            "Teams, EW offending",
            request_only=True,
            value={
                "board": 5,
                "offending_side": "EW",
                "results": [
                    {
                        "contract": "4H",
                        "declarer": "S",
                        "tricks": 10,
                        "likely": True,
                        "at_all_probable": True,
                    },
                    {
                        "contract": "4H",
                        "declarer": "S",
                        "tricks": 9,
                        "likely": False,
                        "at_all_probable": True,
                    },
                ],
                "other_table_score_ns": 170,
            },
        )
    ],
)
@api_view(["POST"])
def assigned_score(request):
    body = request.data
    if isinstance(body, dict) and body.get("edition") is None and request.query_params.get("edition"):
        body = {**body, "edition": _body_edition(request)}
    built = build_assigned(body, zone_permits_director_12c3=_regulations(request)["director_12c3"])
    return Response(built.as_dict())
