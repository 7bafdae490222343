"""API of the club rulings log: ``/api/clubs/<id>/rulings/`` (list, create) and ``…/<number>/`` (read, update).

Session or token authentication (``Authorization: Token …``); anonymous requests get 401. A club's records are
visible to its members only (403 for anyone else); writing needs a role that may record rulings. Bad input is
400 ``{"error", "field"}`` naming the field; an update from an old ``version`` is 409, and writes nothing.
"""

from __future__ import annotations

import re
from typing import TypedDict

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.tokens import HashedTokenAuthentication
from bridge.appeal_file import poll_warning
from clubs import selectors, services
from clubs.forms import RulingFilterForm
from clubs.models import EDITABLE_STATUSES, CalledBy, Capability, Club, RulingRecord, Status, field_limits
from clubs.permissions import ClubAccess, ClubRole
from core.api import ConflictError, FieldError
from core.openapi import RECORD, RECORD_DETAIL, RECORD_PAGE, errors, integer, string
from laws.rendering import stored_html

LIST_LIMIT_DEFAULT = 50
LIST_LIMIT_MAX = 200
# A deeper offset is refused (400): deep pages are read with ``after`` (keyset), which costs the same at any depth.
LIST_OFFSET_MAX = 10**6


class ClubApi(APIView):
    authentication_classes = [HashedTokenAuthentication, SessionAuthentication]
    permission_classes = [ClubRole]
    club: Club
    access: ClubAccess  # both set by ClubRole.has_permission


class _TextLimits(TypedDict, total=False):
    max_length: int


class _WholeLimits(TypedDict, total=False):
    min_value: int
    max_value: int


def _limits(name: str) -> _TextLimits:
    """A text field's limit (its length), read from the model."""
    limits = field_limits(RulingRecord, name)
    return {"max_length": limits["max_length"]} if "max_length" in limits else {}


def _whole_limits(name: str) -> _WholeLimits:
    """A whole number's range, read from the model."""
    limits = field_limits(RulingRecord, name)
    whole: _WholeLimits = {}
    if "min_value" in limits:
        whole["min_value"] = limits["min_value"]
    if "max_value" in limits:
        whole["max_value"] = limits["max_value"]
    return whole


class TextField(serializers.CharField):
    """A JSON string only (security review L6: DRF's CharField turns a number into its text)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise serializers.ValidationError(_("必须是文本。"), code="not_text")
        return super().to_internal_value(data)


class WholeField(serializers.IntegerField):
    """A JSON integer, or text of ASCII digits (DRF's IntegerField takes fullwidth digits and 7.0)."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not (
            isinstance(data, int) or (isinstance(data, str) and _ASCII_WHOLE.fullmatch(data.strip()))
        ):
            raise serializers.ValidationError(_("必须是整数。"), code="invalid")
        return super().to_internal_value(data)


class RecordInput(serializers.Serializer):
    """A record's fields as the API takes them; every one optional (the service names what is missing), every
    limit read from the model field."""

    event = TextField(required=False, allow_blank=True, **_limits("event"))
    date = serializers.DateField(required=False)
    session = TextField(required=False, allow_blank=True, **_limits("session"))
    board = WholeField(required=False, **_whole_limits("board"))
    table = TextField(required=False, allow_blank=True, **_limits("table"))
    director = WholeField(required=False, help_text="user id; defaults to the caller")
    called_by = serializers.ChoiceField(choices=[*CalledBy.values, ""], required=False)
    irregularity = TextField(required=False, help_text="a tree slug, or other", **_limits("irregularity"))
    edition = TextField(
        required=False,
        help_text="the edition the ruling is given under (ccba-1999, wbf-2017); default: the club's, else the site's",
        **_limits("edition"),
    )
    facts = serializers.JSONField(required=False, help_text="the wizard's facts: {name: value}")
    laws = serializers.JSONField(required=False, help_text='for irregularity other: ["16A", …]')
    statement = TextField(required=False, allow_blank=True, **_limits("statement"))
    notes = TextField(required=False, allow_blank=True, **_limits("notes"))
    adjustment = serializers.JSONField(
        required=False, allow_null=True, help_text="as POST /api/adjusted-score/"
    )
    status = serializers.ChoiceField(choices=list(EDITABLE_STATUSES), required=False)


class RecordUpdateInput(RecordInput):
    version = WholeField(min_value=1, help_text="the version the change starts from")


class CommentHideInput(serializers.Serializer):
    reason = TextField(max_length=500, help_text="why the comment is hidden (shown in the record's history)")


def _read(serializer_class, data):
    if not isinstance(data, dict):
        raise FieldError(_("请求体必须是 JSON 对象。"), None)
    unknown = sorted(set(data) - set(serializer_class().fields))
    if unknown:
        raise FieldError(_("未知的字段：%(name)s") % {"name": unknown[0]}, unknown[0])
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def record_data(
    record: RulingRecord, request=None, *, site: str | None = None, url: str | None = None
) -> dict:
    """The API's record. ``site`` is the scheme and host its URL starts with (``request``'s when not given: a
    page of records works it out once); ``url`` its path (``get_absolute_url``'s when not given: a page builds
    its records' from one reverse, RulingRecord.url_maker)."""
    appeal = getattr(record, "appeal", None)
    url = url if url is not None else record.get_absolute_url()
    if site is None and request is not None:
        site = request.build_absolute_uri("/")[:-1]
    board = record.board_info
    return {
        "number": record.number,
        "club": record.club_id,
        "version": record.version,
        "url": f"{site}{url}" if site is not None else url,
        "event": record.event,
        "date": record.date.isoformat(),
        "session": record.session,
        "board": record.board,
        "dealer": board.dealer.value,
        "vulnerability": board.vulnerability.value,
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
        # Stored when written (clubs.services): a read never renders.
        "statement_html": stored_html(record.statement, record.statement_html),
        "notes": record.notes,
        "notes_html": stored_html(record.notes, record.notes_html),
        "appeal_file": record.appeal_file,
        "poll_warning": appeal_poll_warning(record),
        "adjustment": record.adjustment,
        "adjustment_result": record.adjustment_result,
        "status": record.status,
        "appeal": _appeal_data(appeal) if appeal is not None else None,
        "signed_off_by": record.signed_off_by.get_username() if record.signed_off_by else None,
        "signed_off_at": record.signed_off_at.isoformat() if record.signed_off_at else None,
        "created_by": record.created_by.get_username(),
        "created_at": record.created_at.isoformat(),
        "updated_at": record.updated_at.isoformat(),
    }


def appeal_poll_warning(record: RulingRecord) -> str | None:
    """Review J7 (d): the poll's reading against the director's logical-alternative answer (the tree's fact)."""
    poll = (record.appeal_file or {}).get("poll")
    facts = record.facts if isinstance(record.facts, dict) else {}
    return poll_warning(poll, facts.get("logical_alternative"))


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
        "committee_file": appeal.committee_file,
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
    OpenApiParameter("date_from", OpenApiTypes.DATE, description="YYYY-MM-DD"),
    OpenApiParameter("date_to", OpenApiTypes.DATE, description="YYYY-MM-DD, not before date_from"),
    OpenApiParameter("director", int, description="user id of one of the club's directors"),
    OpenApiParameter("irregularity", str, description="tree slug or other"),
    OpenApiParameter(
        "edition",
        str,
        enum=["", "ccba-1999", "wbf-2017"],
        description="the code the ruling was given under; empty: every edition",
    ),
    OpenApiParameter("status", str, enum=["", *Status.values], description="empty: every status"),
    OpenApiParameter(
        "q", string(100), description="text in event, session, table, statement, notes, director"
    ),
    OpenApiParameter(
        "limit",
        integer(1, LIST_LIMIT_MAX),
        description=f"1–{LIST_LIMIT_MAX}, default {LIST_LIMIT_DEFAULT}",
    ),
    OpenApiParameter(
        "offset", integer(0, LIST_OFFSET_MAX), description=f"0–{LIST_OFFSET_MAX}; for deep pages use after"
    ),
    OpenApiParameter(
        "after",
        integer(1),
        description="keyset pagination: the records after this record number in the log's order (the `next` link)",
    ),
]


class RulingListApi(ClubApi):
    @extend_schema(
        operation_id="club_rulings_list",
        parameters=FILTER_PARAMETERS,
        responses={200: RECORD_PAGE, **errors(400, 401, 403, 404)},
    )
    def get(self, request, club_id: int):
        form = RulingFilterForm(request.query_params, directors=selectors.club_directors(club=self.club))
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            raise FieldError(str(errors[0]), None if field == "__all__" else field)
        params = request.query_params
        limit = _whole(params.get("limit"), "limit", LIST_LIMIT_DEFAULT, 1, LIST_LIMIT_MAX)
        offset = _whole(params.get("offset"), "offset", 0, 0, LIST_OFFSET_MAX)
        after_number = _whole(params.get("after"), "after", None, 1, None)
        filters = form.filters()
        # A common text alone (more matches than the cap): "more than the cap" records, the page read in the log's
        # order; otherwise the exact total.
        selection = selectors.ruling_selection(club=self.club, filters=filters)
        capped, records = selection.capped, selection.records
        text = bool(filters.text and filters.text.strip())
        # An exact text total comes with the first page (below), unless the index gave every match; the others
        # are known now.
        count = selection.total() if capped or not text or selection.keys is not None else None
        after = None
        if after_number is not None:
            if offset:
                raise FieldError(_("after 和 offset 只能用其一。"), "after")
            after = selectors.ruling_get(club=self.club, number=after_number)
            if after is None:
                raise FieldError(_("没有编号为 %(number)s 的裁决记录。") % {"number": after_number}, "after")
            records = selectors.ruling_after(records=records, after=after)
        # One more than asked: whether there is a next page, without a second count. A text filter's total comes
        # with its first page (a window count), so the text is matched once.
        if selection.keys is not None:  # every match known in order (the text index's probe): sliced here
            ids = selection.ids_after(after=after, offset=offset, limit=limit + 1)
            page = selectors.ruling_rows(ids=ids)
        elif count is None and after_number is None:
            page, count = selectors.ruling_page_counted(records=records, offset=offset, limit=limit + 1)
        else:
            page = selectors.ruling_page(records=records, offset=offset, limit=limit + 1)
        if count is None:
            count = selection.total()
        more, page = len(page) > limit, page[:limit]
        next_url = None
        if more:
            query = params.copy()
            query.pop("offset", None)
            query["after"] = str(page[-1].number)
            next_url = request.build_absolute_uri(f"{request.path}?{query.urlencode()}")
        site = request.build_absolute_uri("/")[:-1]
        url = RulingRecord.url_maker(self.club.pk)
        return Response(
            {
                "count": count,
                "count_capped": capped,
                "limit": limit,
                "offset": offset,
                "after": after_number,
                "next": next_url,
                "results": [record_data(record, site=site, url=url(record.number)) for record in page],
            }
        )

    @extend_schema(
        operation_id="club_rulings_create",
        request=RecordInput,
        responses={201: RECORD, **errors(400, 401, 403, 404)},
    )
    def post(self, request, club_id: int):
        data = _read(RecordInput, request.data)
        created = services.ruling_create(club=self.club, by=request.user, **data)
        record = _record_or_404(self.club, created.number)
        response = Response(record_data(record, request), status=status.HTTP_201_CREATED)
        response["Location"] = record.get_absolute_url()
        return response


class RulingDetailApi(ClubApi):
    @extend_schema(operation_id="club_rulings_read", responses={200: RECORD_DETAIL, **errors(401, 403, 404)})
    def get(self, request, club_id: int, number: int):
        record = _record_or_404(self.club, number)
        data = record_data(record, request)
        data["revisions"] = [_revision_data(r) for r in selectors.ruling_revisions(record=record)]
        can_review = self.access.can(Capability.REVIEW)
        data["comments"] = [
            _comment_data(c, can_review) for c in record.comments.select_related("author", "hidden_by")
        ]
        return Response(data)

    @extend_schema(
        operation_id="club_rulings_update",
        request=RecordUpdateInput,
        responses={200: RECORD, **errors(400, 401, 403, 404, 409)},
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


def _comment_data(comment, can_review: bool) -> dict:
    """A comment; a hidden one's text only for chief directors (the others see who hid it, when and why)."""
    shown = not comment.is_hidden or can_review
    return {
        "id": comment.pk,
        "author": comment.author.get_username(),
        "at": comment.at.isoformat(),
        "text": comment.text if shown else None,
        "html": stored_html(comment.text, comment.text_html) if shown else None,
        "hidden": comment.is_hidden,
        "hidden_by": comment.hidden_by.get_username() if comment.hidden_by_id else None,
        "hidden_at": comment.hidden_at.isoformat() if comment.hidden_at else None,
        "hidden_reason": comment.hidden_reason or None,  # why, as the record's history says it
    }


class CommentHideApi(ClubApi):
    """A chief director hides a comment (kept, never deleted; the record's history says who, when, why)."""

    write_capability = Capability.REVIEW

    @extend_schema(
        operation_id="club_ruling_comment_hide",
        request=CommentHideInput,
        responses={200: dict, **errors(400, 401, 403, 404)},
    )
    def post(self, request, club_id: int, number: int, comment_id: int):
        record = _record_or_404(self.club, number)
        comment = record.comments.filter(pk=comment_id).first()
        if comment is None:
            raise NotFound(_("没有这条复核意见。"))
        data = _read(CommentHideInput, request.data)
        comment = services.comment_hide(comment=comment, by=request.user, reason=data["reason"])
        return Response(_comment_data(comment, True))


def _record_or_404(club: Club, number: int) -> RulingRecord:
    record = selectors.ruling_get(club=club, number=number)
    if record is None:
        raise NotFound(_("没有这条裁决记录。"))
    return record


_ASCII_WHOLE = re.compile(r"[+-]?[0-9]+")


def _whole(value, field: str, default, low: int, high: int | None):
    if value in (None, ""):
        return default
    text = str(value).strip()
    # ASCII digits only (int() refuses "²"), and few enough for int() to read
    if (
        not (text.isascii() and text.isdigit())
        or len(text) > 18
        or int(text) < low
        or (high is not None and int(text) > high)
    ):
        span = f"{low}–{high}" if high is not None else f"≥ {low}"
        raise FieldError(_("%(field)s 必须是整数（%(span)s）。") % {"field": field, "span": span}, field)
    return int(text)
