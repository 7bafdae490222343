"""Writes of the club rulings log (issue 7), one module per entity: clubs and members (:mod:`.clubs`), ruling
records (:mod:`.records`), appeals (:mod:`.appeals`), review comments (:mod:`.comments`), and what they share
(:mod:`.common`). Each service runs in one transaction and either writes everything or nothing; every change to a
record bumps its version and appends a RulingRevision (who, when, what).

Bad input raises :class:`~clubs.errors.RecordError` (a FieldError: the API answers 400 ``{"error", "field"}`` in
one place, a page shows it in its language); an edit that started from an old version raises
:class:`~clubs.errors.VersionConflict` (409). Callers use the package: ``services.ruling_create(...)``.
"""

from clubs.errors import RecordError, VersionConflict
from clubs.services.appeal_file import appeal_committee_and_decision, appeal_committee_save, appeal_file_save
from clubs.services.appeals import appeal_decide, appeal_lodge
from clubs.services.clubs import (
    club_create,
    club_edition_set,
    club_regulations_set,
    membership_remove,
    membership_set,
)
from clubs.services.comments import comment_hide, review_comment_add
from clubs.services.common import version_parse
from clubs.services.records import (
    DERIVED_FIELDS,
    RECORD_FIELDS,
    ruling_create,
    ruling_sign_off,
    ruling_update,
)

__all__ = [
    "DERIVED_FIELDS",
    "RECORD_FIELDS",
    "RecordError",
    "VersionConflict",
    "appeal_committee_and_decision",
    "appeal_committee_save",
    "appeal_decide",
    "appeal_file_save",
    "appeal_lodge",
    "club_create",
    "comment_hide",
    "membership_remove",
    "membership_set",
    "club_edition_set",
    "club_regulations_set",
    "review_comment_add",
    "ruling_create",
    "ruling_sign_off",
    "ruling_update",
    "version_parse",
]
