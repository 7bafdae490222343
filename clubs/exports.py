"""CSV export of the review list, and the one-line adjusted score per side that the list, the record page, the
print sheet and the CSV all show.

The columns are named by the model's field names where a column is a field (one label, on the model). Text a
spreadsheet would run as a formula is defused (OWASP "CSV injection"): directors type the event and notes.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from clubs import labels as log_labels
from clubs import selectors
from clubs.models import RulingRecord
from rulings.choices import SIDES as SIDE_CHOICES

SIDES = tuple(value for value, _label in SIDE_CHOICES)
# A cell starting with one of these is a formula (or becomes one) in Excel, LibreOffice and Google Sheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _field(name: str) -> tuple[str, str]:
    return name, RulingRecord.label_of(name)


COLUMNS: list[tuple[str, str]] = [
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


def csv_row(record: RulingRecord, labels: dict[str, str]) -> list[object]:
    """One record as a CSV row, in COLUMNS order; ``labels`` names the irregularities."""
    sides = record_adjustment_sides(record)
    appeal = record.appeal_or_none
    row = {
        "number": record.number,
        "date": record.date.isoformat(),
        "event": record.event,
        "session": record.session,
        "board": record.board,
        "dealer": log_labels.seat_label(record.dealer),
        "vulnerability": log_labels.vulnerability_label(record.vulnerability),
        "table": record.table,
        "director": log_labels.person_name(record.director),
        "called_by": record.called_by,
        "irregularity": labels.get(record.irregularity, record.irregularity),
        "rule": (record.outcome or {}).get("rule", ""),
        "laws": " ".join(record.laws),
        "adjustment_ns": sides["NS"],
        "adjustment_ew": sides["EW"],
        "status": record.get_status_display(),
        "appeal": f"{appeal.appellant} ({appeal.get_decision_display()})" if appeal else "",
        "statement": record.statement,
        "notes": record.notes,
        "version": record.version,
    }
    return [csv_text(row[key]) for key, _label in COLUMNS]


def csv_write(out, records: Iterable[RulingRecord]) -> None:
    """The header and one row per record, to ``out`` (a file or an HttpResponse), after a BOM so that
    spreadsheet programs read the Chinese as UTF-8."""
    for chunk in csv_stream(records):
        out.write(chunk)


class _Line:
    """A file-like object whose write() hands back what it is given: csv.writer formats, the caller yields."""

    def write(self, value: str) -> str:
        return value


def csv_stream(records: Iterable[RulingRecord], *, rows_per_chunk: int = 200) -> Iterator[str]:
    """The CSV as text chunks, for a StreamingHttpResponse: the BOM and header at once, then the rows
    ``rows_per_chunk`` at a time as ``records`` (an ``iterator()``) yields them, so memory stays flat and the
    first byte leaves before the last row is read."""
    # The labels are read now, in the request's language: the rows are written later, as the response is sent.
    labels = {code: str(label) for code, label in selectors.irregularity_choices()}
    writer = csv.writer(_Line())
    header = "\ufeff" + writer.writerow([str(label) for _key, label in COLUMNS])

    def chunks() -> Iterator[str]:
        yield header
        lines: list[str] = []
        for record in records:
            lines.append(writer.writerow(csv_row(record, labels)))
            if len(lines) >= rows_per_chunk:
                yield "".join(lines)
                lines = []
        if lines:
            yield "".join(lines)

    return chunks()


def csv_records(records: QuerySet[RulingRecord]) -> Iterator[RulingRecord]:
    """The rows the CSV needs, streamed from the database in chunks (with their director and appeal)."""
    return records.select_related("director", "appeal").iterator(chunk_size=1000)
