"""API of the club rulings log: ``/api/clubs/<id>/rulings/`` (list, create) and ``…/<number>/`` (read, update).

Session or token authentication (``Authorization: Token …``); anonymous requests get 401. A club's records are
visible to its members only (403 for anyone else); writing needs a role that may record rulings. Bad input is
400 ``{"error", "field"}`` naming the field; an update from an old ``version`` is 409, and writes nothing.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs import selectors, services
from clubs.forms import RulingFilterForm
from clubs.models import EDITABLE_STATUSES, CalledBy, Club, RulingRecord, field_limits
from clubs.permissions import ClubRole
from config.api import ConflictError, FieldError
from laws.rendering import render as render_text

LIST_LIMIT_DEFAULT = 50
LIST_LIMIT_MAX = 200


class ClubApi(APIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [ClubRole]
    club: Club


def _limits(name: str) -> dict[str, int]:
    return field_limits(RulingRecord, name)


class RecordInput(serializers.Serializer):
    """A record's fields as the API takes them; every one optional (the service names what is missing), every
    limit read from the model field."""

    event = serializers.CharField(required=False, allow_blank=True, **_limits("event"))
    date = serializers.DateField(required=False)
    session = serializers.CharField(required=False, allow_blank=True, **_limits("session"))
    board = serializers.IntegerField(required=False, **_limits("board"))
    table = serializers.CharField(required=False, allow_blank=True, **_limits("table"))
    director = serializers.IntegerField(required=False, help_text="user id; defaults to the caller")
    called_by = serializers.ChoiceField(choices=[*CalledBy.values, ""], required=False)
    irregularity = serializers.CharField(
        required=False, help_text="a tree slug, or other", **_limits("irregularity")
    )
    facts = serializers.JSONField(required=False, help_text="the wizard's facts: {name: value}")
    laws = serializers.JSONField(required=False, help_text='for irregularity other: ["16A", …]')
    statement = serializers.CharField(required=False, allow_blank=True, **_limits("statement"))
    notes = serializers.CharField(required=False, allow_blank=True, **_limits("notes"))
    adjustment = serializers.JSONField(
        required=False, allow_null=True, help_text="as POST /api/adjusted-score/"
    )
    status = serializers.ChoiceField(choices=list(EDITABLE_STATUSES), required=False)


class RecordUpdateInput(RecordInput):
    version = serializers.IntegerField(min_value=1, help_text="the version the change starts from")


def _read(serializer_class, data):
    if not isinstance(data, dict):
        raise FieldError(_("请求体必须是 JSON 对象。"), None)
    unknown = sorted(set(data) - set(serializer_class().fields))
    if unknown:
        raise FieldError(_("未知的字段：%(name)s") % {"name": unknown[0]}, unknown[0])
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def record_data(record: RulingRecord, request=None) -> dict:
    appeal = getattr(record, "appeal", None)
    url = record.get_absolute_url()
    return {
        "number": record.number,
        "club": record.club_id,
        "version": record.version,
        "url": request.build_absolute_uri(url) if request is not None else url,
        "event": record.event,
        "date": record.date.isoformat(),
        "session": record.session,
        "board": record.board,
        "dealer": record.dealer,
        "vulnerability": record.vulnerability,
        "table": record.table,
        "director": {"id": record.director_id, "username": record.director.get_username()},
        "called_by": record.called_by,
        "irregularity": record.irregularity,
        "facts": record.facts,
        "outcome": record.outcome,
        "laws": record.laws,
        "edition": record.edition,
        "tree_version": record.tree_version,
        "statement": record.statement,
        "statement_html": render_text(record.statement) if record.statement else "",
        "notes": record.notes,
        "notes_html": render_text(record.notes) if record.notes else "",
        "adjustment": record.adjustment,
        "adjustment_result": record.adjustment_result,
        "status": record.status,
        "appeal": _appeal_data(appeal) if appeal is not None else None,
        "signed_off_by": record.signed_off_by.get_username() if record.signed_off_by_id else None,
        "signed_off_at": record.signed_off_at.isoformat() if record.signed_off_at else None,
        "created_by": record.created_by.get_username(),
        "created_at": record.created_at.isoformat(),
        "updated_at": record.updated_at.isoformat(),
    }


def _appeal_data(appeal) -> dict:
    return {
        "lodged_at": appeal.lodged_at.isoformat(),
        "appellant": appeal.appellant,
        "reason": appeal.reason,
        "deposit": str(appeal.deposit) if appeal.deposit is not None else None,
        "deposit_returned": appeal.deposit_returned,
        "committee": appeal.committee,
        "decision": appeal.decision,
        "decision_text": appeal.decision_text,
        "decided_at": appeal.decided_at.isoformat() if appeal.decided_at else None,
    }


def _revision_data(revision) -> dict:
    return {
        "version": revision.number,
        "action": revision.action,
        "author": revision.author.get_username(),
        "at": revision.at.isoformat(),
        "changes": revision.changes,
    }


FILTER_PARAMETERS = [
    OpenApiParameter("date_from", str, description="YYYY-MM-DD"),
    OpenApiParameter("date_to", str, description="YYYY-MM-DD"),
    OpenApiParameter("director", int, description="user id"),
    OpenApiParameter("irregularity", str, description="tree slug or other"),
    OpenApiParameter("status", str, description="draft final appealed reviewed"),
    OpenApiParameter("q", str, description="text in event, session, table, statement, notes, director"),
    OpenApiParameter("limit", int, description=f"1–{LIST_LIMIT_MAX}, default {LIST_LIMIT_DEFAULT}"),
    OpenApiParameter("offset", int),
]


class RulingListApi(ClubApi):
    @extend_schema(operation_id="club_rulings_list", parameters=FILTER_PARAMETERS, responses={200: dict})
    def get(self, request, club_id: int):
        form = RulingFilterForm(request.query_params, directors=selectors.club_directors(club=self.club))
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            raise FieldError(str(errors[0]), None if field == "__all__" else field)
        limit = _whole(request.query_params.get("limit"), "limit", LIST_LIMIT_DEFAULT, 1, LIST_LIMIT_MAX)
        offset = _whole(request.query_params.get("offset"), "offset", 0, 0, None)
        records = selectors.ruling_list(club=self.club, filters=form.filters()).select_related(
            "created_by", "signed_off_by"
        )
        page = list(records[offset : offset + limit])
        return Response(
            {
                "count": records.count(),
                "limit": limit,
                "offset": offset,
                "results": [record_data(record, request) for record in page],
            }
        )

    @extend_schema(operation_id="club_rulings_create", request=RecordInput, responses={201: dict})
    def post(self, request, club_id: int):
        data = _read(RecordInput, request.data)
        record = services.ruling_create(club=self.club, by=request.user, **data)
        record = selectors.ruling_get(club=self.club, number=record.number)
        response = Response(record_data(record, request), status=status.HTTP_201_CREATED)
        response["Location"] = record.get_absolute_url()
        return response


class RulingDetailApi(ClubApi):
    @extend_schema(operation_id="club_rulings_read", responses={200: dict})
    def get(self, request, club_id: int, number: int):
        record = _record_or_404(self.club, number)
        data = record_data(record, request)
        data["revisions"] = [_revision_data(r) for r in selectors.ruling_revisions(record=record)]
        data["comments"] = [
            {
                "author": c.author.get_username(),
                "at": c.at.isoformat(),
                "text": c.text,
                "html": render_text(c.text),
            }
            for c in record.comments.select_related("author")
        ]
        return Response(data)

    @extend_schema(
        operation_id="club_rulings_update", request=RecordUpdateInput, responses={200: dict, 409: dict}
    )
    def patch(self, request, club_id: int, number: int):
        record = _record_or_404(self.club, number)
        data = _read(RecordUpdateInput, request.data)
        version = data.pop("version")
        try:
            services.ruling_update(record=record, expected_version=version, by=request.user, changes=data)
        except services.VersionConflict as exc:
            raise ConflictError(
                exc.message + _("请重新读取记录，看过对方的修改后再提交。"), "version"
            ) from exc
        return Response(record_data(_record_or_404(self.club, number), request))


def _record_or_404(club: Club, number: int) -> RulingRecord:
    record = selectors.ruling_get(club=club, number=number)
    if record is None:
        raise NotFound(_("没有这条裁决记录。"))
    return record


def _whole(value, field: str, default: int, low: int, high: int | None) -> int:
    if value in (None, ""):
        return default
    text = str(value).strip()
    if not text.isdigit() or int(text) < low or (high is not None and int(text) > high):
        span = f"{low}–{high}" if high is not None else f"≥ {low}"
        raise FieldError(_("%(field)s 必须是整数（%(span)s）。") % {"field": field, "span": span}, field)
    return int(text)
