"""A JSON export of the club rulings log that round-trips (security review M6), and its import.

The export holds every club (or one), its memberships, records, the records' revisions, review comments and
appeals (with the chief director's sign-off on the record), numbered per club, users named by username. It is
generic over the models' concrete fields (``_meta.concrete_fields``), so a column another change adds is carried
without touching this module; primary keys are not exported (a record is its club and number, a revision its
number, a comment its place in the record's order).

Layout (``FORMAT``, ``VERSION``): one JSON object, written as it is read (``iterator()``), one record per line::

    {"exported_at": "…", "format": "caipan-log", "version": 1,
    "clubs": [
    {…club fields…, "memberships": [{"user": "demo-director", "role": "director", …}], "records": [
    {…record fields…, "appeal": {…} | null, "comments": [{…}], "revisions": [{…}]},
    …
    ]}
    ],
    "users": [{"username": "…", "first_name": "…", "last_name": "…"}]}

Only the first line carries a timestamp: exporting, importing into an empty database and exporting again gives the
same bytes after it.

The import writes the rows as they were — revisions, comments and appeals included, with their own timestamps;
the texts' HTML rendered again from the texts (``_RENDERED``), never read from the file —
through ``save_base(raw=True)`` (what ``loaddata`` does), not through the services, which would append new
revisions; each row is checked with ``full_clean`` first. One transaction: a bad file writes nothing. A club whose
name exists is refused (no merging into a live log); users are matched by username, and missing ones are created
inactive, without a usable password.
"""

from __future__ import annotations

import datetime
import decimal
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models, transaction

from clubs.models import Appeal, Club, Membership, ReviewComment, RulingRecord, RulingRevision
from clubs.services.common import user_html

if TYPE_CHECKING:
    from django.contrib.auth.models import User

FORMAT = "caipan-log"
VERSION = 1
CHUNK = 200


class LogFileError(ValueError):
    """The file cannot be imported; ``where`` names the club, record and field (``club 示范…: record 3: date``)."""

    def __init__(self, message: str, where: str = ""):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where


@dataclass
class LogReport:
    clubs: list[str] = field(default_factory=list)
    memberships: int = 0
    records: int = 0
    revisions: int = 0
    comments: int = 0
    appeals: int = 0
    users_created: list[str] = field(default_factory=list)

    def summary(self) -> str:
        text = (
            f"{len(self.clubs)} club(s) ({', '.join(self.clubs) or '-'}): {self.memberships} memberships, "
            f"{self.records} records, {self.revisions} revisions, {self.comments} comments, {self.appeals} appeals"
        )
        if self.users_created:
            text += f"; users created (inactive, no password): {', '.join(self.users_created)}"
        return text


# ------------------------------------------------------------------------------------------------ fields


def _user_model() -> type[User]:
    return get_user_model()


def _fields(model: type[models.Model], parents: tuple[type[models.Model], ...]) -> list[models.Field]:
    """The concrete fields a row carries in the file: all but the primary key and the link to its parent."""
    out = []
    for f in model._meta.concrete_fields:
        if f.primary_key:
            continue
        if f.is_relation:
            if f.related_model in parents:
                continue
            if f.related_model is not _user_model():
                raise TypeError(f"{model.__name__}.{f.name}: a link the log export does not know")
        out.append(f)
    return out


def _to_json(value: Any) -> Any:
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return str(value)
    return value


def _row(
    obj: models.Model, fields: Iterable[models.Field], usernames: dict[int, str], seen: set[int]
) -> dict:
    out: dict[str, Any] = {}
    for f in fields:
        if f.is_relation:
            pk = getattr(obj, f.attname)
            out[f.name] = usernames[pk] if pk is not None else None
            if pk is not None:
                seen.add(pk)
        else:
            out[f.name] = _to_json(f.value_from_object(obj))
    return out


def _dumps(value: Any) -> str:
    # Not sort_keys: a JSON field's own key order is data (a record's facts are the wizard's address); the rows'
    # keys are put in order by _sorted.
    return json.dumps(value, ensure_ascii=False)


def _sorted(row: dict) -> dict:
    return {key: row[key] for key in sorted(row)}


# ------------------------------------------------------------------------------------------------ export


def _schema() -> dict[str, list[models.Field]]:
    """The fields of each kind of row, read from the models at the time of the call."""
    return {
        "club": _fields(Club, ()),
        "membership": _fields(Membership, (Club,)),
        "record": _fields(RulingRecord, (Club,)),
        "revision": _fields(RulingRevision, (RulingRecord,)),
        "comment": _fields(ReviewComment, (RulingRecord,)),
        "appeal": _fields(Appeal, (RulingRecord,)),
    }


def log_export(
    out: IO[str], *, club_id: int | None = None, now: datetime.datetime | None = None
) -> LogReport:
    """Write the log (every club, or club ``club_id``) to ``out`` as it is read. Raises Club.DoesNotExist."""
    report = LogReport()
    clubs = Club.objects.order_by("name")
    if club_id is not None:
        Club.objects.get(pk=club_id)
        clubs = clubs.filter(pk=club_id)
    usernames = dict(_user_model().objects.values_list("pk", "username"))
    seen: set[int] = set()
    fields = _schema()
    stamp = _to_json(now or datetime.datetime.now(datetime.UTC))
    out.write(f'{{"exported_at": {_dumps(stamp)}, "format": "{FORMAT}", "version": {VERSION},\n"clubs": [')
    for index, club in enumerate(clubs.iterator()):
        head = _row(club, fields["club"], usernames, seen)
        head["memberships"] = [
            _sorted(_row(m, fields["membership"], usernames, seen))
            for m in club.memberships.order_by("user__username", "pk")
        ]
        out.write(("\n" if index == 0 else ",\n") + _dumps(_sorted(head))[:-1] + ', "records": [')
        records = (
            club.rulings.order_by("number")
            .select_related("appeal")
            .prefetch_related(
                models.Prefetch("revisions", RulingRevision.objects.order_by("number")),
                models.Prefetch("comments", ReviewComment.objects.order_by("at", "pk")),
            )
        )
        for position, record in enumerate(records.iterator(chunk_size=CHUNK)):
            row = _row(record, fields["record"], usernames, seen)
            row["revisions"] = [
                _sorted(_row(r, fields["revision"], usernames, seen)) for r in record.revisions.all()
            ]
            row["comments"] = [
                _sorted(_row(c, fields["comment"], usernames, seen)) for c in record.comments.all()
            ]
            appeal = record.appeal_or_none
            row["appeal"] = _sorted(_row(appeal, fields["appeal"], usernames, seen)) if appeal else None
            out.write(("\n" if position == 0 else ",\n") + _dumps(_sorted(row)))
            report.records += 1
            report.revisions += len(row["revisions"])
            report.comments += len(row["comments"])
            report.appeals += appeal is not None
        out.write("\n]}")
        report.clubs.append(club.name)
        report.memberships += len(head["memberships"])
    users = [
        {"username": u.username, "first_name": u.first_name, "last_name": u.last_name}
        for u in _user_model().objects.filter(pk__in=seen).order_by("username")
    ]
    out.write("\n],\n" + '"users": ' + _dumps(users) + "}\n")
    return report


# ------------------------------------------------------------------------------------------------ import


# Each user text's stored HTML, rendered here from the text as the services render it — never taken from the file:
# the pages show it as it is, so an edited file would carry any markup, and an older file may lack it.
_RENDERED = {
    RulingRecord: {"statement_html": "statement", "notes_html": "notes"},
    ReviewComment: {"text_html": "text"},
    Appeal: {"reason_html": "reason", "decision_text_html": "decision_text"},
}


def _values(
    model: type[models.Model], fields: list[models.Field], data: dict, users: dict, where: str
) -> dict:
    if not isinstance(data, dict):
        raise LogFileError("expected an object", where)
    known = {f.name for f in fields}
    unknown = sorted(set(data) - known)
    if unknown:
        raise LogFileError(f"fields this version does not have: {', '.join(unknown)}", where)
    values: dict[str, Any] = {}
    for f in fields:
        if f.name not in data:
            continue  # an older export: the field keeps its default
        value = data[f.name]
        if f.is_relation:
            if value is not None and value not in users:
                raise LogFileError(f"user {value!r} is not in the file's users", f"{where}: {f.name}")
            values[f.attname] = users[value].pk if value is not None else None
            continue
        try:
            values[f.attname] = value if isinstance(f, models.JSONField) else f.to_python(value)
        except ValidationError as exc:
            raise LogFileError("; ".join(exc.messages), f"{where}: {f.name}") from None
    for column, text in _RENDERED.get(model, {}).items():
        values[column] = user_html(values.get(text) or "")
    return values


def _write(obj: models.Model, where: str, *, exclude: Iterable[str] = ()) -> None:
    try:
        obj.full_clean(exclude=list(exclude))
    except ValidationError as exc:
        name, messages = next(iter(exc.message_dict.items()))
        raise LogFileError("; ".join(messages), f"{where}: {name}") from None
    # Raw: auto_now/auto_now_add keep the file's timestamps, and an append-only row is written as it was
    # (Model.save of RulingRevision/ReviewComment would refuse nothing here, but the services would add rows).
    obj.save_base(raw=True)


def _users(entries: object) -> tuple[dict[str, Any], list[str]]:
    User = _user_model()
    if not isinstance(entries, list):
        raise LogFileError("expected a list", "users")
    users: dict[str, Any] = {}
    created = []
    for position, entry in enumerate(entries):
        where = f"users[{position}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("username"), str) or not entry["username"]:
            raise LogFileError("expected {'username': …}", where)
        username = entry["username"]
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User(
                username=username,
                first_name=str(entry.get("first_name") or ""),
                last_name=str(entry.get("last_name") or ""),
                is_active=False,
            )
            user.set_unusable_password()
            try:
                user.full_clean()
            except ValidationError as exc:
                raise LogFileError("; ".join(exc.messages), where) from None
            user.save()
            created.append(username)
        users[username] = user
    return users, created


def log_read(stream: IO[bytes] | IO[str]) -> dict:
    """Parse and check the envelope of an export. Raises LogFileError."""
    try:
        raw = stream.read()
        data = json.loads(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except UnicodeDecodeError as exc:
        raise LogFileError(f"not UTF-8 ({exc.reason} at byte {exc.start})") from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise LogFileError(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LogFileError(f'not a {FORMAT} export (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise LogFileError(f"format version {data.get('version')!r}; this version reads {VERSION}", "version")
    if not isinstance(data.get("clubs"), list):
        raise LogFileError("expected a list", "clubs")
    return data


@transaction.atomic
def log_import(data: dict) -> LogReport:
    """Write an export (as read by :func:`log_read`) into this database, all or nothing. Raises LogFileError."""
    report = LogReport()
    users, report.users_created = _users(data.get("users", []))
    fields = _schema()
    for position, entry in enumerate(data["clubs"]):
        if not isinstance(entry, dict):
            raise LogFileError("expected an object", f"clubs[{position}]")
        name = entry.get("name")
        where = f"club {name!r}"
        if Club.objects.filter(name=name).exists():
            raise LogFileError(
                "a club of this name exists in this database: the import creates clubs, it does not merge "
                "into one",
                where,
            )
        rest = {k: v for k, v in entry.items() if k not in ("memberships", "records")}
        club = Club(**_values(Club, fields["club"], rest, users, where))
        _write(club, where)
        for m in _list(entry, "memberships", where):
            member = Membership(club=club, **_values(Membership, fields["membership"], m, users, where))
            _write(member, f"{where}: membership {m.get('user')!r}")
            report.memberships += 1
        numbers = set()
        for data_record in _list(entry, "records", where):
            _record(club, data_record, users, fields, where, report)
            numbers.add(data_record.get("number"))
        if numbers and club.last_ruling_number < max(n for n in numbers if isinstance(n, int)):
            raise LogFileError("below the highest record number", f"{where}: last_ruling_number")
        report.clubs.append(club.name)
    return report


def _list(entry: dict, key: str, where: str) -> list:
    value = entry.get(key, [])
    if not isinstance(value, list):
        raise LogFileError("expected a list", f"{where}: {key}")
    return value


def _record(club: Club, data: object, users: dict, fields: dict, where: str, report: LogReport) -> None:
    if not isinstance(data, dict):
        raise LogFileError("expected an object", f"{where}: records")
    where = f"{where}: record {data.get('number')!r}"
    rest = {k: v for k, v in data.items() if k not in ("revisions", "comments", "appeal")}
    record = RulingRecord(club=club, **_values(RulingRecord, fields["record"], rest, users, where))
    _write(record, where)
    for revision in _list(data, "revisions", where):
        revision_row = RulingRevision(
            record=record, **_values(RulingRevision, fields["revision"], revision, users, where)
        )
        _write(revision_row, f"{where}: revision {revision_row.number}")
        report.revisions += 1
    for position, comment in enumerate(_list(data, "comments", where)):
        comment_row = ReviewComment(
            record=record, **_values(ReviewComment, fields["comment"], comment, users, where)
        )
        _write(comment_row, f"{where}: comment {position + 1}")
        report.comments += 1
    appeal = data.get("appeal")
    if appeal is not None:
        appeal_row = Appeal(
            record=record, **_values(Appeal, fields["appeal"], appeal, users, f"{where}: appeal")
        )
        _write(appeal_row, f"{where}: appeal")
        report.appeals += 1
    report.records += 1
