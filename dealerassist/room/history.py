"""A day's hands from the room's server, as PHH, like a table's own export.

Each table that recorded something that UTC day is read back whole from the room (its
records in order, into an in-memory journal) and exported by `session.export` under the
house rules that table registered; a table's hands go to ``DIR/TABLE/hand-000N.phh``.
"""

from __future__ import annotations

from typing import Any

import psycopg

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.records import PendingRecord
from dealerassist.room.connection import RoomError, check_version, connect, describe
from dealerassist.room.floor_state import rules_from_text
from dealerassist.session.export import ExportedHand, export_hands

__all__ = ["export_day"]


def export_day(dsn: str, day: str) -> list[tuple[str, ExportedHand]]:
    """Return (table id, hand) for every finished hand started on ``day`` in the room."""
    connection = connect(dsn, application="dealerassist export")
    try:
        check_version(connection)
        tables = connection.execute(
            "SELECT DISTINCT r.table_id, t.rules_text FROM room.records r "
            "JOIN room.tables t USING (table_id) WHERE substr(r.recorded_at, 1, 10) = %s "
            "ORDER BY r.table_id", (day,)).fetchall()
        result: list[tuple[str, ExportedHand]] = []
        for table_id, rules_text in tables:
            journal = _journal(connection, table_id)
            for hand in export_hands(journal, rules=rules_from_text(rules_text), day=day):
                result.append((table_id, hand))
        return result
    except psycopg.Error as error:
        raise RoomError(describe(error)) from error
    finally:
        connection.close()


def _journal(connection: psycopg.Connection[Any], table_id: str) -> InMemoryJournal:
    rows = connection.execute(
        "SELECT type, class_version, payload, hand_id, recorded_at FROM room.records "
        "WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall()
    journal = InMemoryJournal()
    journal.append([PendingRecord(type=r[0], class_version=r[1], payload=r[2], hand_id=r[3],
                                  recorded_at=r[4]) for r in rows])
    return journal
