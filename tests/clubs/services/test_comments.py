"""Review comments (clubs.services.comments) and revisions are append-only."""

import pytest

from clubs import services

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def test_revisions_and_comments_are_append_only(record, director):
    revision = record.revisions.get()
    revision.changes = {}
    with pytest.raises(ValueError, match="append-only"):
        revision.save()
    with pytest.raises(ValueError, match="append-only"):
        revision.delete()
    comment = services.review_comment_add(record=record, by=director, text="好")
    with pytest.raises(ValueError, match="append-only"):
        comment.delete()
    with pytest.raises(services.RecordError):
        services.review_comment_add(record=record, by=director, text="   ")
