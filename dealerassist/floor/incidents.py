"""Incident records: a dispute on a hand, the ruling, its rule ID, who decided, and notes.

`IncidentBook` checks an incident before it is stored (the rule ID must be in the
catalogue, the dispute, ruling and decider named) and lists and exports them: CSV for a
spreadsheet, a self-contained printable HTML page for the file. Exports are returned as
text; the caller chooses where to save them.
"""

from __future__ import annotations

import csv
import html
import io
import os
from collections.abc import Callable, Sequence
from datetime import UTC, datetime

from dealerassist.errors import DealerAssistError
from dealerassist.floor.catalogue import rule_catalogue
from dealerassist.journal.incidents import IncidentRecord, IncidentStore

__all__ = ["CSV_COLUMNS", "IncidentBook", "IncidentError", "check_incident", "incidents_csv",
           "incidents_html"]

CSV_COLUMNS = ("id", "hand", "recorded_at", "disputed", "ruling", "rule_id", "decided_by",
               "notes", "replaces")


class IncidentError(DealerAssistError):
    """An incident that cannot be recorded as given (the message names the field)."""


def _utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def check_incident(record: IncidentRecord) -> None:
    """Raise `IncidentError` naming the first field that is missing or wrong."""
    for field_name, label in (("disputed", "what was disputed"), ("ruling", "the ruling"),
                              ("decided_by", "who decided")):
        if not getattr(record, field_name).strip():
            raise IncidentError(f"incident: {label} is missing")
    known = {entry.rule_id for entry in rule_catalogue()}
    if record.rule_id not in known:
        close = sorted(r for r in known if r.startswith(record.rule_id.split("-")[0] + "-"))
        hint = f" (rules of that family: {', '.join(close[:6])})" if close else ""
        raise IncidentError(f"incident: rule ID {record.rule_id!r} is not in the catalogue{hint}")
    if record.hand_id is not None and record.hand_id < 1:
        raise IncidentError(f"incident: hand number must be 1 or more, not {record.hand_id}")


def _row(record: IncidentRecord) -> list[str]:
    return [str(record.id or ""), "" if record.hand_id is None else str(record.hand_id),
            record.recorded_at, record.disputed, record.ruling, record.rule_id,
            record.decided_by, record.notes, "" if record.replaces is None else
            str(record.replaces)]


def incidents_csv(records: Sequence[IncidentRecord]) -> str:
    """Return the incidents as CSV text with a header row (columns `CSV_COLUMNS`)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for record in records:
        writer.writerow(_row(record))
    return buffer.getvalue()


def incidents_html(records: Sequence[IncidentRecord], *, title: str = "Floor incidents") -> str:
    """Return a printable, self-contained HTML page listing the incidents."""
    headers = ("#", "Hand", "When (UTC)", "Disputed", "Ruling", "Rule", "Decided by", "Notes",
               "Replaces")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "\n".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in _row(r)) + "</tr>"
        for r in records
    )
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
        "width:100%}th,td{border:1px solid #444;padding:4px 6px;text-align:left;"
        "vertical-align:top}th{background:#ddd}@media print{body{margin:0}}</style>"
        f"</head><body><h1>{html.escape(title)}</h1>"
        f"<p>{len(records)} incident(s)</p><table><thead><tr>{head}</tr></thead>"
        f"<tbody>\n{body}\n</tbody></table></body></html>\n"
    )


class IncidentBook:
    """Incidents of one journal file: record, list, export.

    Args:
        path: the journal database file (the incidents live in their own table there).
        clock: returns the ``recorded_at`` text (ISO 8601 UTC).

    """

    def __init__(self, path: str | os.PathLike[str], *,
                 clock: Callable[[], str] = _utc_now) -> None:
        self._store = IncidentStore(path)
        self._clock = clock

    def record(self, *, hand_id: int | None, disputed: str, ruling: str, rule_id: str,
               decided_by: str, notes: str = "", replaces: int | None = None) -> IncidentRecord:
        """Check and store an incident; returns it with its number.

        Raises:
            IncidentError: a field is missing or the rule ID is unknown (nothing stored).

        """
        record = IncidentRecord(hand_id=hand_id, recorded_at=self._clock(),
                                disputed=disputed.strip(), ruling=ruling.strip(),
                                rule_id=rule_id.strip().upper(), decided_by=decided_by.strip(),
                                notes=notes.strip(), replaces=replaces)
        check_incident(record)
        return self._store.add(record)

    def list(self, *, hand_id: int | None = None) -> tuple[IncidentRecord, ...]:
        """Return the incidents (of one hand), oldest first."""
        return self._store.list(hand_id=hand_id)

    def close(self) -> None:
        """Close the store."""
        self._store.close()
