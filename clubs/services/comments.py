"""Writes of review comments: append-only remarks on a record, by anyone whose role may comment; a chief director
may hide one (it is kept, never deleted, and the record's history says who hid it, when and why)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.errors import RecordError
from clubs.models import Action, Capability, ReviewComment, RulingRecord
from clubs.permissions import club_access
from clubs.services.common import full_clean, ruling_bump, ruling_lock, text_clean, user_html

HIDE_REASON_LIMIT = ReviewComment._meta.get_field("hidden_reason").max_length


@transaction.atomic
def review_comment_add(*, record: RulingRecord, by, text: str) -> ReviewComment:
    text = text_clean(text, model=ReviewComment, name="text")
    if not text:
        raise RecordError(_("请填写意见。"), "text", code="required")
    comment = ReviewComment(record=record, author=by, text=text, text_html=user_html(text))
    full_clean(comment)
    comment.save()
    return comment


@transaction.atomic
def comment_hide(*, comment: ReviewComment, by, reason: str) -> ReviewComment:
    """A chief director hides a comment: it stays in the log (append-only), shown as hidden with who and when,
    its text to chief directors only; the record gets a revision naming the comment, who, when and why."""
    if not club_access(user=by, club=comment.record.club, capability=Capability.REVIEW).allowed:
        raise RecordError(_("只有裁判长可以隐藏复核意见。"), "comment", code="not_allowed")
    try:
        reason = text_clean(reason, model=ReviewComment, name="hidden_reason")
    except RecordError as exc:
        raise exc.with_field("reason") from None
    if not reason:
        raise RecordError(_("请说明隐藏的理由。"), "reason", code="required")
    record = ruling_lock(comment.record, None)
    current = ReviewComment.objects.select_for_update().get(pk=comment.pk)
    if current.is_hidden:
        raise RecordError(_("这条意见已经隐藏。"), "comment", code="already_hidden")
    now = timezone.now()
    # The one change a comment takes after it is written, through the queryset: the instance API refuses it.
    ReviewComment.objects.filter(pk=current.pk).update(hidden_at=now, hidden_by=by, hidden_reason=reason)
    ruling_bump(
        record,
        by,
        Action.COMMENT_HIDDEN,
        {
            "comment": {
                "old": {"id": current.pk, "hidden": False},
                "new": {"id": current.pk, "hidden": True, "reason": reason},
            }
        },
    )
    current.refresh_from_db()
    return current
