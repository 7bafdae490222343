"""API of the appeal file (issue 30): ``PUT /api/clubs/<id>/rulings/<number>/appeal-file/`` (the director's part:
deal, auction, lead, table result, poll, judged results) and ``…/appeal-committee/`` (the committee's part: the
opponents' submission, the members, the 12C3 weights, and the decision).

The director's part needs a role that records rulings and a ruling not yet appealed; the committee's part needs
the committee role (or a chief director's) and an appeal before the committee. Each write names the ``version`` it
starts from (409 if another came first) and is a revision of the record. Bad input is a 400 naming the field
(``file.auction.calls[3].call``); nothing is written.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response

from bridge.errors import FieldError as CoreFieldError
from clubs import services
from clubs.api import ClubApi, WholeField, _read, _record_or_404, record_data
from clubs.models import Capability, Decision
from core.api import ConflictError
from core.openapi import RECORD, errors

APPEAL_FILE_INPUT = inline_serializer(
    "AppealFileInput",
    {
        "version": serializers.IntegerField(min_value=1, help_text="the version the change starts from"),
        "file": serializers.DictField(
            help_text="deal {hands|pbn, board, dealer, vulnerability}, auction {calls [{call, alert, explanation}],"
            " tempo {call, seconds, status}}, lead, play, table_result {contract, declarer, tricks}, poll {mode,"
            " problem, standard, action, pollees [{name, standard, call, considered, suggests}]}, results"
            " [{contract, declarer, tricks, NS {likely, at_all_probable}, EW {…}}]"
        ),
    },
)
APPEAL_COMMITTEE_INPUT = inline_serializer(
    "AppealCommitteeInput",
    {
        "version": serializers.IntegerField(min_value=1, help_text="the version the change starts from"),
        "committee": serializers.DictField(
            help_text="submission (the opponents'), members [names], weights [{contract, declarer, tricks,"
            " weight (percent, summing to 100)}]"
        ),
        "decision": serializers.ChoiceField(
            [d for d in Decision.values if d != Decision.PENDING], required=False, help_text="Law 93"
        ),
        "decision_text": serializers.CharField(required=False, allow_blank=True),
        "deposit_returned": serializers.BooleanField(required=False, allow_null=True),
    },
)


class _AppealFileInput(serializers.Serializer):
    version = WholeField(min_value=1)
    file = serializers.JSONField()


class _CommitteeInput(serializers.Serializer):
    version = WholeField(min_value=1)
    committee = serializers.JSONField()
    decision = serializers.ChoiceField([d for d in Decision.values if d != Decision.PENDING], required=False)
    decision_text = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    deposit_returned = serializers.BooleanField(required=False, allow_null=True)


def _conflict(exc: services.VersionConflict) -> ConflictError:
    return ConflictError(exc.message + _("请重新读取记录，看过对方的修改后再提交。"), "version")


class AppealFileApi(ClubApi):
    write_capability = Capability.RECORD

    @extend_schema(
        operation_id="club_ruling_appeal_file",
        request=APPEAL_FILE_INPUT,
        responses={200: RECORD, **errors(400, 401, 403, 404, 409)},
    )
    def put(self, request, club_id: int, number: int):
        record = _record_or_404(self.club, number)
        data = _read(_AppealFileInput, request.data)
        try:
            services.appeal_file_save(
                record=record, by=request.user, data=data["file"], expected_version=data["version"]
            )
        except services.VersionConflict as exc:
            raise _conflict(exc) from exc
        except services.RecordError:
            raise
        except CoreFieldError as exc:
            raise exc.with_field(f"file.{exc.field}" if exc.field else "file") from None
        return Response(record_data(_record_or_404(self.club, number), request))


class AppealCommitteeApi(ClubApi):
    write_capability = Capability.APPEAL

    @extend_schema(
        operation_id="club_ruling_appeal_committee",
        request=APPEAL_COMMITTEE_INPUT,
        responses={200: RECORD, **errors(400, 401, 403, 404, 409)},
    )
    def put(self, request, club_id: int, number: int):
        record = _record_or_404(self.club, number)
        data = _read(_CommitteeInput, request.data)
        try:
            services.appeal_committee_and_decision(
                record=record,
                by=request.user,
                data=data["committee"],
                expected_version=data["version"],
                decision=data.get("decision"),
                decision_text=data.get("decision_text", ""),
                deposit_returned=data.get("deposit_returned"),
            )
        except services.VersionConflict as exc:
            raise _conflict(exc) from exc
        except services.RecordError:
            raise
        except CoreFieldError as exc:
            raise exc.with_field(f"committee.{exc.field}" if exc.field else "committee") from None
        return Response(record_data(_record_or_404(self.club, number), request))
