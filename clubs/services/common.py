"""What every write of the club log shares: the version check and the revision it appends, text within the
model field's limit, model validation as a RecordError, and values as a revision keeps them (JSON)."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from bridge.inputs import read_whole
from clubs.errors import RecordError, conflict
from clubs.models import ONE_LINE_FIELDS, RulingRecord, RulingRevision, field_limits
from clubs.validators import bad_character, json_problem

User = get_user_model()


def version_parse(value: object) -> int:
    """The version an edit starts from: a whole number from 1 (JSON or a form's text)."""
    if isinstance(value, str):
        value = read_whole(value) if value.strip().isdigit() else value  # bounded (security review N1)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RecordError(_("请给出你修改所基于的版本号（version）。"), "version", code="version_required")
    return value


def ruling_lock(record: RulingRecord, expected_version: object) -> RulingRecord:
    """The record, locked until the transaction ends, and still at ``expected_version`` if one is given."""
    current = RulingRecord.objects.select_for_update().get(pk=record.pk)
    if expected_version is not None and current.version != version_parse(expected_version):
        raise conflict(current, expected_version)
    return current


def ruling_bump(record: RulingRecord, by, action: str, changes: dict, **fields) -> None:
    """A status change: the same version check and revision as an edit."""
    expected = record.version
    fields["updated_at"] = timezone.now()
    written = RulingRecord.objects.filter(pk=record.pk, version=expected).update(
        version=expected + 1, **fields
    )
    if written != 1:
        raise conflict(RulingRecord.objects.get(pk=record.pk), expected)
    for name, value in fields.items():
        setattr(record, name, value)
    record.version = expected + 1
    revision_add(record, by, action, changes)


def revision_add(record: RulingRecord, by, action: str, changes: dict) -> RulingRevision:
    """Revision n is how version n came to be: who, when, and each changed field's old and new value."""
    revision = RulingRevision(record=record, number=record.version, action=action, author=by, changes=changes)
    revision.save()
    return revision


def text_clean(value: object, *, model: type[models.Model], name: str) -> str:
    """A text field's value, stripped, within the length the model field sets (None is empty), holding no
    character a record may not store (clubs.validators: control, surrogate, bidi in one-line fields)."""
    value = "" if value is None else value
    if not isinstance(value, str):
        raise RecordError(_("%(name)s 必须是文本。"), name, code="not_text", name=name)
    value = value.strip()
    limit = field_limits(model, name).get("max_length")
    if limit is not None and len(value) > limit:
        raise RecordError(_("%(name)s 太长（最多 %(n)s 字）。"), name, code="too_long", name=name, n=limit)
    char = bad_character(value, single_line=(model.__name__, name) in ONE_LINE_FIELDS)
    if char:
        raise RecordError(_bad_character_message(), name, code="bad_character", name=name, char=char)
    return value


def _bad_character_message():
    return _("%(name)s 含有不允许的字符（%(char)s）：控制字符、代理字符或双向文字控制符。")


def json_clean(value: object, name: str) -> None:
    """A JSON field's value holds no key or string a record may not store; the error names the place."""
    problem = json_problem(value, name)
    if problem is None:
        return
    where, what = problem
    if what == "depth":
        raise RecordError(_("%(name)s 嵌套太深。"), where, code="too_deep", name=where)
    if what == "key":
        raise RecordError(_("%(name)s 的键必须是文本。"), where, code="not_text", name=where)
    raise RecordError(_bad_character_message(), where, code="bad_character", name=where, char=what)


def user_html(text: str) -> str:
    """User Markdown as the safe HTML stored beside it (rendered once, when written; laws.rendering)."""
    if not text:
        return ""
    from django.http import Http404

    from laws.rendering import render_user
    from laws.selectors import edition_default, render_context

    try:
        context = render_context(edition_default())
    except Http404:  # no law corpus loaded: references are shown unlinked
        context = None
    return render_user(text, context)


def full_clean(instance: models.Model) -> None:
    """Model validation as a RecordError naming the first field at fault (never a 500 for bad input)."""
    try:
        instance.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        if hasattr(exc, "error_dict"):
            field, errors = next(iter(exc.error_dict.items()))
            raise RecordError(errors[0].messages[0], field, code=errors[0].code or "invalid") from exc
        raise RecordError(exc.messages[0], None, code="invalid") from exc


def save(instance: models.Model) -> None:
    """Save, answering a database constraint the checks before should have caught as a RecordError."""
    try:
        with transaction.atomic():
            instance.save()
    except IntegrityError as exc:
        raise RecordError(
            _("记录不符合数据库约束：%(error)s"), None, code="constraint", error=str(exc)
        ) from exc


def present(value: object) -> bool:
    return value not in (None, "", [], {})


def as_json(value: object) -> object:
    """A value as a revision keeps it: JSON, users by username, dates as ISO text, decimals as text."""
    if isinstance(value, User):
        return value.get_username()
    if isinstance(value, datetime.date):  # datetimes too
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value
