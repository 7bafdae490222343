"""The OpenAPI schema's shared pieces (drf-spectacular): the error body, the statuses, the body shapes.

Schema-only: nothing here runs on a request. Every ``*/api.py`` documents each status its operation can answer
with :func:`errors` (the real body, ``{"error": str, "field": str|null}``), so the schema at ``/api/schema/``
describes every answer and ``tests/ci/schemathesis.sh`` holds the server to it.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

from bridge.inputs import MAX_DIGITS

# The largest whole number a user may send (security review N1: at most MAX_DIGITS digits), for the schema.
WHOLE_MAX = 10**MAX_DIGITS - 1


def bounded_integer(**kwargs) -> serializers.IntegerField:
    """An integer request field within what the API reads (±WHOLE_MAX)."""
    return serializers.IntegerField(min_value=-WHOLE_MAX, max_value=WHOLE_MAX, **kwargs)


ERROR = inline_serializer(
    "Error",
    {
        "error": serializers.CharField(help_text="what is wrong, in the request's language"),
        "field": serializers.CharField(
            allow_null=True,
            help_text="the field, parameter or fact it names (facts.x, results[1].tricks); null",
        ),
    },
)

_WHY = {
    400: "bad input: the field it names",
    401: "no credentials, or a bad token (Authorization: Token …, or the browser session)",
    403: "not a member of the club, or a role that may not do this (or a session write without CSRF token)",
    404: "no such resource (an unknown number, slug or club)",
    409: "the record moved on since `version`: nothing was written",
    429: "too many requests from this address (or user): try again after Retry-After seconds",
    503: "the search index is being rebuilt: try again in a few seconds",
}


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The error answers ``codes`` of one operation, each with the shared body."""
    return {code: OpenApiResponse(ERROR, description=_WHY[code]) for code in codes}


SEATS = ["N", "E", "S", "W"]
VULNERABILITIES = ["None", "NS", "EW", "Both"]
EVALUATION_STATUSES = ["ruling", "question"]
# Contract.parse: level 1–7, a strain (letters, suit symbols or Chinese), X or XX, case-insensitive; or PASS.
CONTRACT_PATTERN = (
    r"^([1-7]([CcDdHhSs]|[Nn][Tt]?|[♣♦♥♠]|梅花|方块|红心|黑桃|无将)([Xx]|[Xx][Xx])?|[Pp][Aa][Ss][Ss])$"
)

BOARD = inline_serializer(
    "Board",
    {
        "board": serializers.IntegerField(min_value=1),
        "dealer": serializers.ChoiceField(SEATS),
        "vulnerability": serializers.ChoiceField(VULNERABILITIES),
    },
)

SCORE = inline_serializer(
    "Score",
    {
        "contract": serializers.CharField(help_text="normalised: 4SX, 3NT, PASS"),
        "declarer": serializers.ChoiceField(SEATS, allow_null=True),
        "vulnerable": serializers.BooleanField(),
        "tricks": serializers.IntegerField(allow_null=True),
        "result": serializers.IntegerField(allow_null=True, help_text="+overtricks / −undertricks"),
        "score_ns": serializers.IntegerField(),
        "score_ew": serializers.IntegerField(),
        "breakdown": inline_serializer(
            "ScoreItem",
            {
                "item": serializers.CharField(),
                "label": serializers.CharField(),
                "points": serializers.IntegerField(),
                "law": serializers.CharField(),
            },
            many=True,
        ),
        "board": inline_serializer(
            "ScoreBoard",
            {
                "board": serializers.IntegerField(min_value=1),
                "dealer": serializers.ChoiceField(SEATS),
                "vulnerability": serializers.ChoiceField(VULNERABILITIES),
            },
            required=False,
            help_text="when the board was given: Law 2's dealer and vulnerability",
        ),
    },
)

IMPS = inline_serializer("Imps", {"diff": serializers.IntegerField(), "imps": serializers.IntegerField()})

MATCHPOINTS_REQUEST = inline_serializer(
    "MatchpointsRequest",
    {
        "scores": serializers.ListField(
            child=bounded_integer(), min_length=1, help_text="one score per table, from NS's view"
        )
    },
)
MATCHPOINTS = inline_serializer(
    "Matchpoints",
    {
        "matchpoints": serializers.ListField(child=serializers.IntegerField()),
        "percentages": serializers.ListField(child=serializers.FloatField()),
        "top": serializers.IntegerField(),
    },
)

TREE_SUMMARY = inline_serializer(
    "TreeSummary",
    {
        "slug": serializers.CharField(),
        "title": serializers.CharField(),
        "title_en": serializers.CharField(),
        "edition": serializers.CharField(),
        "version": serializers.IntegerField(),
        "laws": serializers.ListField(child=serializers.CharField()),
    },
    many=True,
)

EVALUATE_REQUEST = inline_serializer(
    "EvaluateRequest",
    {"facts": serializers.DictField(required=False, help_text="the facts known so far: {name: value}")},
)
EVALUATION = inline_serializer(
    "Evaluation",
    {
        "status": serializers.ChoiceField(EVALUATION_STATUSES),
        "ruling": serializers.DictField(allow_null=True, help_text="outcome fields, script {zh, en}, laws"),
        "question": serializers.DictField(allow_null=True, help_text="fact, text, options"),
        "path": serializers.ListField(child=serializers.DictField()),
    },
)

ADJUSTED_REQUEST = inline_serializer(
    "AdjustedScoreRequest",
    {
        "method": serializers.ChoiceField(
            ["artificial", "assigned", "weighted"],
            help_text="12C1/86A/88, 12C2 or 12C3 (1997 numbering); the rest depends on it",
        ),
        "edition": serializers.ChoiceField(
            ["ccba-1999", "wbf-2017"],
            required=False,
            help_text="default ccba-1999 (or ?edition=). wbf-2017: the same values cited in 2017 numbers "
            "(artificial 12C2, assigned and weighted 12C1), the Director may weight without appeals_committee "
            "(director_12c3 refused), and the answer carries edition. Unknown → 400 naming edition.",
        ),
    },
)

SCENARIO_SUMMARY = inline_serializer(
    "ScenarioSummary",
    {
        "id": serializers.CharField(),
        "edition": serializers.CharField(),
        "topic": serializers.CharField(),
        "difficulty": serializers.IntegerField(min_value=1, max_value=3),
        "title": serializers.CharField(),
    },
    many=True,
)
ANSWER_REQUEST = inline_serializer(
    "AnswerRequest",
    {
        "answers": serializers.DictField(
            required=False, help_text='{"q1": "b", "q2": ["a", "c"], "q3": 2}, one entry per question'
        ),
        "answer": serializers.JSONField(required=False, help_text="for a one-question scenario"),
    },
)

RECORD = inline_serializer(
    "RulingRecord",
    {
        "number": serializers.IntegerField(),
        "club": serializers.IntegerField(),
        "version": serializers.IntegerField(),
        "url": serializers.CharField(),
        "event": serializers.CharField(),
        "date": serializers.DateField(),
        "session": serializers.CharField(),
        "board": serializers.IntegerField(),
        "dealer": serializers.CharField(),
        "vulnerability": serializers.CharField(),
        "table": serializers.CharField(),
        "director": serializers.DictField(help_text="{id, username}"),
        "called_by": serializers.CharField(),
        "irregularity": serializers.CharField(),
        "facts": serializers.JSONField(),
        "outcome": serializers.JSONField(),
        "laws": serializers.JSONField(),
        "status": serializers.CharField(),
        "appeal_file": serializers.DictField(
            allow_null=True, help_text="the appeal file's director part (bridge.appeal_file), normalised"
        ),
        "poll_warning": serializers.CharField(
            allow_null=True,
            help_text="poll_no_alternative / poll_alternative: the poll and the LA answer disagree",
        ),
        "appeal": serializers.DictField(
            allow_null=True, help_text="… and committee_file, the committee's part"
        ),
    },
)
RECORD_DETAIL = inline_serializer(
    "RulingRecordDetail",
    {
        "number": serializers.IntegerField(),
        "version": serializers.IntegerField(),
        "status": serializers.CharField(),
        "revisions": serializers.ListField(
            child=serializers.DictField(),
            help_text="version, action, author, at, changes {field: {old, new}}",
        ),
        "comments": serializers.ListField(
            child=serializers.DictField(),
            help_text="id, author, at, text, html, hidden, hidden_by, hidden_at, hidden_reason",
        ),
    },
)
RECORD_PAGE = inline_serializer(
    "RulingRecordPage",
    {
        "count": serializers.IntegerField(
            help_text="how many records the filters select; with count_capped, a floor (more than it match)"
        ),
        "count_capped": serializers.BooleanField(
            help_text="true when a text filter alone matches more records than are counted (shown as 1,000+)"
        ),
        "limit": serializers.IntegerField(),
        "offset": serializers.IntegerField(),
        "after": serializers.IntegerField(
            allow_null=True, help_text="the record number this page starts after"
        ),
        "next": serializers.CharField(
            allow_null=True, help_text="the next page (keyset, after=); null on the last"
        ),
        "results": serializers.ListField(child=RECORD),
    },
)

# Request bodies whose unknown keys are refused with a 400 naming the key (clubs.api._read, bridge's
# assigned-score builder): the schema says so, so a client (and schemathesis) knows extra keys are not allowed.
CLOSED_REQUEST_BODIES = (
    "RecordInput",
    "RecordUpdateInput",
    "AssignedScoreRequest",
    "AssignedPossibleResult",
    "DealImportRequest",
    "DealRequest",
    "DealHands",
    "AppealFileInput",
    "AppealCommitteeInput",
)


def closed_request_bodies(result, generator, request, public):
    """drf-spectacular postprocessing hook: ``additionalProperties: false`` on :data:`CLOSED_REQUEST_BODIES`, and
    ``allowEmptyValue`` on every optional query parameter: the API reads ``?limit=`` or ``?topic=`` (what a form
    sends for an empty field) as the parameter left out."""
    schemas = result.get("components", {}).get("schemas", {})
    for name in CLOSED_REQUEST_BODIES:
        if name in schemas:
            schemas[name]["additionalProperties"] = False
    for methods in result.get("paths", {}).values():
        for operation in methods.values():
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "query" and not parameter.get("required"):
                    parameter["allowEmptyValue"] = True
    return result


def integer(minimum: int | None = None, maximum: int | None = None) -> dict[str, object]:
    """A parameter's schema: an integer within [minimum, maximum] (OpenApiParameter takes no bounds itself)."""
    schema: dict[str, object] = {"type": "integer"}
    if minimum is not None:
        schema["minimum"] = minimum
    if maximum is not None:
        schema["maximum"] = maximum
    return schema


def string(max_length: int) -> dict[str, object]:
    return {"type": "string", "maxLength": max_length}
