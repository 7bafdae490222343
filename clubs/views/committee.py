"""The appeals committee's page (issue 30; Laws 92–93): a committee member (or a chief director) writes the
committee's part of the appeal file — the opponents' submission, the members, the 12C3 weights — and its decision,
while the appeal is before the committee. One form; the service validates (bridge.appeal_file.read_committee) and
writes a revision; a refused write shows the message naming the field, a stale version answers 409."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from bridge.errors import FieldError
from clubs import services
from clubs.models import Capability, Club, Decision
from clubs.permissions import club_page
from clubs.views.common import record_or_404
from core.errors import error_context


def _weights(text: str) -> list[dict]:
    """Lines of ``contract declarer tricks weight`` (``4H N 10 60``); a line that does not split into four parts is
    passed as written, for the engine to refuse naming it."""
    rows: list[dict[str, object]] = []
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 4:
            rows.append({"contract": line.strip()})
            continue
        contract, declarer, tricks, weight = parts
        rows.append(
            {
                "contract": contract,
                "declarer": declarer,
                "tricks": int(tricks) if tricks.isdigit() and len(tricks) < 3 else tricks,
                "weight": weight,
            }
        )
    return rows


def _deposit(value: str) -> bool | None:
    return {"returned": True, "forfeited": False}.get(value)


@require_http_methods(["GET", "POST"])
@club_page(Capability.APPEAL)
def appeal_committee(request, club: Club, number: int):
    record = record_or_404(club, number)
    appeal = record.appeal_or_none
    if appeal is None:
        raise Http404
    part = appeal.committee_file or {}
    values = {
        "submission": part.get("submission", ""),
        "members": "\n".join(part.get("members", [])),
        "weights": "\n".join(
            f"{w['contract']} {w['declarer']} {w['tricks']} {w['weight']}" for w in part.get("weights", [])
        ),
        "decision": "" if appeal.decision == Decision.PENDING else appeal.decision,
        "decision_text": appeal.decision_text,
        "deposit": ""
        if appeal.deposit_returned is None
        else ("returned" if appeal.deposit_returned else "forfeited"),
    }
    error: dict[str, str | None] | None
    error, status = None, 200
    if request.method == "POST":
        values = {name: request.POST.get(name, "") for name in values}
        data = {
            "submission": values["submission"],
            "members": [line for line in values["members"].splitlines() if line.strip()],
            "weights": _weights(values["weights"]),
        }
        try:
            services.appeal_committee_and_decision(
                record=record,
                by=request.user,
                data=data,
                expected_version=services.version_parse(request.POST.get("version")),
                decision=values["decision"] or None,
                decision_text=values["decision_text"],
                deposit_returned=_deposit(values["deposit"]) if appeal.deposit is not None else None,
            )
        except services.VersionConflict as exc:
            error, status = {"message": exc.message, "field": exc.field}, 409
        except FieldError as exc:  # the log's RecordError or the engine's (bridge.appeal_file)
            error, status = error_context(exc), 400
        else:
            return redirect("clubs:appeal-file", club.pk, record.number)
    context = {
        "club": club,
        "record": record_or_404(club, number),
        "appeal": appeal,
        "values": values,
        "error": error,
        "decisions": [(value, label) for value, label in Decision.choices if value != Decision.PENDING],
        "open": record.has_pending_appeal(),
    }
    return render(request, "clubs/appeal_committee.html", context, status=status)
