"""Floor incidents: a dispute at the table, its ruling and who decided, in the journal's file.

Table ``floor_incidents`` lives beside the journal's own (see `_side_tables`). Incidents
are only ever added: a corrected ruling is a new incident that names the one it replaces.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from dataclasses import dataclass

from dealerassist.errors import JournalError
from dealerassist.journal._side_tables import open_side_store

__all__ = ["IncidentRecord", "IncidentStore"]

_SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS floor_incidents (
        id INTEGER PRIMARY KEY,
        hand_id INTEGER,
        recorded_at TEXT NOT NULL,
        disputed TEXT NOT NULL,
        ruling TEXT NOT NULL,
        rule_id TEXT NOT NULL,
        decided_by TEXT NOT NULL,
        notes TEXT NOT NULL,
        replaces INTEGER
    )
    """,
    "CREATE INDEX IF NOT EXISTS floor_incidents_by_hand ON floor_incidents (hand_id, id)",
)


@dataclass(frozen=True, slots=True)
class IncidentRecord:
    """One recorded incident; ``id`` is given by the store."""

    hand_id: int | None
    recorded_at: str
    disputed: str
    ruling: str
    rule_id: str
    decided_by: str
    notes: str = ""
    replaces: int | None = None
    id: int | None = None


class IncidentStore:
    """Incidents in the journal file at ``path`` (created as a journal if missing)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        self._connection = open_side_store(path, schema=_SCHEMA)
        self._lock = threading.Lock()

    def _execute(self, query: str, parameters: tuple[object, ...] = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._connection.execute(query, parameters).fetchall()
            except sqlite3.Error as error:
                raise JournalError(f"{self.path}: incidents: {error}") from error

    def add(self, record: IncidentRecord) -> IncidentRecord:
        """Store an incident; returns it with its id."""
        rows = self._execute(
            "INSERT INTO floor_incidents (hand_id, recorded_at, disputed, ruling, rule_id, "
            "decided_by, notes, replaces) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (record.hand_id, record.recorded_at, record.disputed, record.ruling, record.rule_id,
             record.decided_by, record.notes, record.replaces),
        )
        return IncidentRecord(record.hand_id, record.recorded_at, record.disputed,
                              record.ruling, record.rule_id, record.decided_by, record.notes,
                              record.replaces, int(rows[0][0]))

    def list(self, *, hand_id: int | None = None) -> tuple[IncidentRecord, ...]:
        """Every incident (of one hand if ``hand_id`` is given), oldest first."""
        query = ("SELECT hand_id, recorded_at, disputed, ruling, rule_id, decided_by, notes, "
                 "replaces, id FROM floor_incidents")
        parameters: tuple[object, ...] = ()
        if hand_id is not None:
            query += " WHERE hand_id = ?"
            parameters = (hand_id,)
        rows = self._execute(query + " ORDER BY id", parameters)
        return tuple(IncidentRecord(*row) for row in rows)

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            self._connection.close()
