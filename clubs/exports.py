"""CSV export of the review list, and the one-line adjusted score per side that the list, the record page, the
print sheet and the CSV all show.

The columns are named by the model's field names where a column is a field (one label, on the model). Text a
spreadsheet would run as a formula is defused (OWASP "CSV injection"): directors type the event and notes.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

import bridge
from clubs import labels as log_labels
from clubs import selectors
from clubs.models import RulingRecord
from rulings.choices import SIDES as SIDE_CHOICES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SIDES = tuple(value for value, _label in SIDE_CHOICES)
# A cell starting with one of these is a formula (or becomes one) in Excel, LibreOffice and Google Sheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _field(name: str) -> tuple[str, StrOrPromise]:
    return name, RulingRecord.label_of(name)


COLUMNS: list[tuple[str, StrOrPromise]] = [
    _field("number"),
    _field("date"),
    _field("event"),
    _field("session"),
    _field("board"),
    ("dealer", _("发牌人")),
    ("vulnerability", _("局况")),
    _field("table"),
    _field("director"),
    _field("called_by"),
    _field("irregularity"),
    ("rule", _("裁决")),
    _field("laws"),
    ("adjustment_ns", _("调整分（南北）")),
    ("adjustment_ew", _("调整分（东西）")),
    _field("status"),
    _field("appeal"),
    ("deal", _("牌局（PBN）")),
    ("appeal_file", _("仲裁卷宗（JSON）")),
    _field("statement"),
    _field("notes"),
    _field("version"),
]


def csv_text(value: object) -> object:
    """Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is prefixed with '."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def adjustment_sides(result: dict | None, method: str | None) -> dict[str, str]:
    """The adjusted score of each side in one line (Laws 12C1, 12C2, 12C3), for lists, CSV and the print sheet."""
    if not result:
        return {"NS": "", "EW": ""}
    out = {}
    for side in SIDES:
        if method == "artificial":
            entry = result.get(side, {})
            value = entry.get("percent")
            amount = f"{value}%" if value is not None else f"{entry.get('imps')} IMP"
            out[side] = f"{entry.get('label_zh', '')} {amount}"
        elif method == "assigned":
            entry = result.get(side, {})
            score = result.get("score_ns") if side == "NS" else result.get("score_ew")
            out[side] = (
                f"{entry.get('contract', '')} {entry.get('declarer', '')} {entry.get('tricks', '')}: {score:+d}"
            )
        else:
            score = result.get("score_ns")
            out[side] = f"{score if side == 'NS' else -score:+.0f}" if isinstance(score, int | float) else ""
    return out


def adjustment_laws(result: dict | None) -> list[str]:
    """The laws the adjusted score cites, the whole result's first, then each side's, each once."""
    result = result or {}
    laws = list(result.get("laws", []))
    for side in SIDES:
        entry = result.get(side)
        if isinstance(entry, dict):
            laws += [law for law in entry.get("laws", []) if law not in laws]
    return laws


def record_adjustment_sides(record: RulingRecord) -> dict[str, str]:
    return adjustment_sides(record.adjustment_result, (record.adjustment or {}).get("method"))


# What a CSV row reads from the database: values, not models (issue 32: a model per row, its related director and
# appeal, and seven translations per row made up most of a whole-club export's cost). The JSON the CSV does not
# show is never read: of the outcome only its rule, of the adjustment only its method.
ROW_VALUES = (
    "number",
    "date",
    "event",
    "session",
    "board",
    "table",
    "director_id",
    "called_by",
    "irregularity",
    "outcome__rule",
    "laws",
    "adjustment__method",
    "adjustment_result",
    "status",
    "appeal__appellant",
    "appeal__decision",
    "appeal_file",
    "appeal__committee_file",
    "statement",
    "notes",
    "version",
)


class _Words:
    """Every word a row shows that is the same for many rows, translated once per export in the request's
    language: seats and vulnerability by board (Law 2 repeats every 16 boards), statuses, appeal decisions,
    irregularities, and each director's name (looked up once)."""

    def __init__(self) -> None:
        from clubs.models import CalledBy, Decision, Status

        self.irregularities = {code: str(label) for code, label in selectors.irregularity_choices()}
        self.statuses = {value: str(label) for value, label in Status.choices}
        # 叫裁判者 in words, as the record page and the revision history show it (N → 北, issue 31 problem 10)
        self.called_by = {value: str(label) for value, label in CalledBy.choices}
        self.decisions = {value: str(label) for value, label in Decision.choices}
        self._boards: dict[int, tuple[str, str]] = {}
        self._people: dict[int | None, str] = {None: ""}

    def board(self, number: int) -> tuple[str, str]:
        key = (number - 1) % 16
        if key not in self._boards:
            info = bridge.board_info(number)
            self._boards[key] = (
                log_labels.seat_label(info.dealer.value),
                log_labels.vulnerability_label(info.vulnerability.value),
            )
        return self._boards[key]

    def person(self, user_id: int | None) -> str:
        if user_id not in self._people:
            from django.contrib.auth import get_user_model

            self._people[user_id] = log_labels.person_name(
                get_user_model().objects.filter(pk=user_id).first() if user_id is not None else None
            )
        return self._people[user_id]


def csv_row(values: dict, words: _Words) -> list[object]:
    """One record (its ROW_VALUES) as a CSV row, in COLUMNS order."""
    sides = adjustment_sides(values["adjustment_result"], values["adjustment__method"])
    dealer, vulnerability = words.board(values["board"])
    appellant = values["appeal__appellant"]
    row = {
        "number": values["number"],
        "date": values["date"].isoformat(),
        "event": values["event"],
        "session": values["session"],
        "board": values["board"],
        "dealer": dealer,
        "vulnerability": vulnerability,
        "table": values["table"],
        "director": words.person(values["director_id"]),
        "called_by": words.called_by.get(values["called_by"], values["called_by"]),
        "irregularity": words.irregularities.get(values["irregularity"], values["irregularity"]),
        "rule": values["outcome__rule"] or "",
        "laws": " ".join(values["laws"] or []),
        "adjustment_ns": sides["NS"],
        "adjustment_ew": sides["EW"],
        "status": words.statuses.get(values["status"], values["status"]),
        "appeal": (
            f"{appellant} ({words.decisions.get(values['appeal__decision'], values['appeal__decision'])})"
            if appellant is not None
            else ""
        ),
        "deal": ((values["appeal_file"] or {}).get("deal") or {}).get("pbn", ""),
        "appeal_file": _appeal_file_text(values["appeal_file"], values["appeal__committee_file"]),
        "statement": values["statement"],
        "notes": values["notes"],
        "version": values["version"],
    }
    return [csv_text(row[key]) for key, _label in COLUMNS]


def _appeal_file_text(director: dict | None, committee: dict | None) -> str:
    """The appeal file's two parts as compact JSON (issue 30), or empty when neither was written."""
    if director is None and committee is None:
        return ""
    return json.dumps(
        {"director": director, "committee": committee}, ensure_ascii=False, separators=(",", ":")
    )


def csv_write(out, records: Iterable[dict]) -> None:
    """The header and one row per record, to ``out`` (a file or an HttpResponse), after a BOM so that
    spreadsheet programs read the Chinese as UTF-8."""
    for chunk in csv_stream(records):
        out.write(chunk)


class _Line:
    """A file-like object whose write() hands back what it is given: csv.writer formats, the caller yields."""

    def write(self, value: str) -> str:
        return value


def csv_stream(records: Iterable[dict], *, rows_per_chunk: int = 200) -> Iterator[str]:
    """The CSV as text chunks, for a StreamingHttpResponse: the BOM and header at once, then the rows
    ``rows_per_chunk`` at a time as ``records`` (csv_records: an iterator of values) yields them, so memory stays
    flat and the first byte leaves before the last row is read.

    The last row is the end mark (:func:`end_row`): a download cut off anywhere — a worker killed, the network
    dropped, a tool that keeps what it got — lacks it, so a truncated file never looks complete (issue 32 item 3).
    """
    # The words are read now, in the request's language: the rows are written later, as the response is sent.
    words = _Words()
    end_words = str(END_OF_EXPORT)
    writer = csv.writer(_Line())
    header = "\ufeff" + writer.writerow([str(label) for _key, label in COLUMNS])

    def chunks() -> Iterator[str]:
        yield header
        lines: list[str] = []
        count = 0
        for record in records:
            lines.append(writer.writerow(csv_row(record, words)))
            count += 1
            if len(lines) >= rows_per_chunk:
                yield "".join(lines)
                lines = []
        lines.append(writer.writerow(end_row(count, end_words)))
        yield "".join(lines)

    return chunks()


# The export's last row: END_MARK first (a comment to scripts that skip "#" lines), the words, and last the number
# of records above it — last, so that a file cut inside the mark names a wrong number or none.
END_MARK = "#END"
END_OF_EXPORT = _("导出完成：共 {count} 条记录")


def end_row(count: int, words: str | None = None) -> list[str]:
    """The end mark row for ``count`` records: ``["#END", "<words>", "<count>"]``."""
    return [END_MARK, (words if words is not None else str(END_OF_EXPORT)).format(count=count), str(count)]


def csv_complete(rows: list[list[str]]) -> bool:
    """Whether parsed CSV rows (after the header) end with the end mark naming exactly the rows before it."""
    if not rows or len(rows[-1]) != 3 or rows[-1][0] != END_MARK:
        return False
    return rows[-1][2] == str(len(rows) - 1)


def csv_records(records: QuerySet[RulingRecord]) -> Iterator[dict]:
    """The values the CSV needs (ROW_VALUES), streamed from the database in chunks (the appeal joined)."""
    return records.select_related(None).values(*ROW_VALUES).iterator(chunk_size=1000)
