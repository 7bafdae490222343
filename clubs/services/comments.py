"""Writes of review comments: append-only remarks on a record, by anyone whose role may comment."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.errors import RecordError
from clubs.models import ReviewComment, RulingRecord
from clubs.services.common import full_clean, text_clean


@transaction.atomic
def review_comment_add(*, record: RulingRecord, by, text: str) -> ReviewComment:
    text = text_clean(text, model=ReviewComment, name="text")
    if not text:
        raise RecordError(_("请填写意见。"), "text", code="required")
    comment = ReviewComment(record=record, author=by, text=text)
    full_clean(comment)
    comment.save()
    return comment
