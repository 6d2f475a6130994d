"""`RoomFloor`: the floor's live view of every table, read from the room's server.

`refresh` catches up by sequence number: it reads each table's head (``room.tables``)
and fetches only the records after the last one folded, so a missed or merged
notification never loses anything. `follow` waits on ``LISTEN dealerassist_room`` to
wake at once, and refreshes at least every ``poll_s`` even without a notification.
`rule` appends the floor's answer to a call (``room.rule``); the table pulls it back and
journals it. This is the interface the floor window (ui) and ``floor --json`` use.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import psycopg

from dealerassist.journal.records import JournalRecord
from dealerassist.room import schema
from dealerassist.room.connection import RoomError, check_version, connect, describe
from dealerassist.room.floor_state import TableFold, rules_from_text

__all__ = ["RoomFloor"]


class RoomFloor:
    """The floor's connection to the room and the tables folded from it.

    ``on_records(table_id, records)`` is told of every record as it is folded (the load
    bench times them with it).
    """

    def __init__(self, dsn: str, *, account: str = "",
                 on_records: Callable[[str, list[JournalRecord]], None] | None = None) -> None:
        self._on_records = on_records
        self._dsn = dsn
        self._account = account
        self._connection = connect(dsn, application="dealerassist floor")
        check_version(self._connection)
        self._folds: dict[str, TableFold] = {}

    @property
    def connection(self) -> psycopg.Connection[Any]:
        """The floor's connection (to sign an account in)."""
        return self._connection

    @property
    def tables(self) -> dict[str, TableFold]:
        """The tables folded so far, by table id."""
        return self._folds

    def refresh(self) -> list[str]:
        """Fetch what is new; return the ids of the tables that changed."""
        try:
            heads = self._connection.execute(
                "SELECT table_id, last_seq, rules_text FROM room.tables ORDER BY table_id"
            ).fetchall()
            changed = []
            for table_id, head, rules_text in heads:
                fold = self._folds.get(table_id)
                if fold is None:
                    fold = TableFold(table_id=table_id, rules=rules_from_text(rules_text))
                    self._folds[table_id] = fold
                    changed.append(table_id)
                if head <= fold.last_seq:
                    continue
                rows = self._connection.execute(
                    "SELECT seq, type, class_version, payload, hand_id, recorded_at "
                    "FROM room.records WHERE table_id = %s AND seq > %s AND seq <= %s "
                    "ORDER BY seq",
                    (table_id, fold.last_seq, head),
                ).fetchall()
                fresh = [JournalRecord(seq=r[0], type=r[1], class_version=r[2], payload=r[3],
                                       hand_id=r[4], recorded_at=r[5]) for r in rows]
                fold.add(fresh)
                if self._on_records is not None:
                    self._on_records(table_id, fresh)
                if table_id not in changed:
                    changed.append(table_id)
            return changed
        except psycopg.Error as error:
            raise RoomError(describe(error)) from error

    def snapshot(self) -> dict[str, Any]:
        """Return the ``floor --json`` object: every table, by table id."""
        return {"tables": [self._folds[key].entry() for key in sorted(self._folds)]}

    def follow(self, *, poll_s: float = 1.0,
               stop: Callable[[], bool] = lambda: False) -> Iterator[list[str]]:
        """Yield the ids of changed tables as they change (woken by NOTIFY, polled too)."""
        listener = connect(self._dsn, application="dealerassist floor listen")
        try:
            listener.execute(f"LISTEN {schema.CHANNEL}")
            changed = self.refresh()
            if changed:
                yield changed
            while not stop():
                # Woken by a notification or after poll_s; either way catch up by seq.
                for _ in listener.notifies(timeout=poll_s, stop_after=1):
                    pass
                changed = self.refresh()
                if changed:
                    yield changed
        except psycopg.Error as error:
            raise RoomError(describe(error)) from error
        finally:
            listener.close()

    def rule(self, table_id: str, call_id: str, kind: str, *, flag_id: str = "",
             reason: str = "", account: str | None = None) -> int:
        """Answer a table's floor call; return the ruling's id (refused: `RoomError`)."""
        if kind not in ("confirm", "overrule", "ruling"):
            raise RoomError(f"unknown ruling kind {kind!r} (confirm, overrule or ruling)")
        if kind == "overrule" and not reason:
            raise RoomError("an overrule needs a reason")
        if kind in ("confirm", "overrule") and not flag_id:
            raise RoomError(f"a {kind} names the flag it rules on")
        who = account or self._account
        try:
            row = self._connection.execute(
                "SELECT room.rule(%s, %s, %s, %s, %s, %s, %s)",
                (table_id, schema.SCHEMA_VERSION, call_id, kind, flag_id, reason, who),
            ).fetchone()
        except psycopg.Error as error:
            raise RoomError(describe(error)) from error
        if row is None or row[0] is None:
            raise RoomError(f"the room refused the ruling for table {table_id!r} "
                            f"(unknown table, or account {who!r} may not rule)")
        return int(row[0])

    def reconnect(self) -> None:
        """Open a fresh connection (after the server went away); the folds are kept."""
        try:
            self._connection.close()
        except psycopg.Error:
            pass
        self._connection = connect(self._dsn, application="dealerassist floor")
        check_version(self._connection)

    def sign_in(self, name: str, password: str) -> str:
        """Check a floor or manager account's password; sign rulings with it from now on."""
        from dealerassist.room.admin import sign_in

        role = sign_in(self._connection, name, password, roles=("floor", "manager"))
        self._account = name
        return role

    @property
    def account(self) -> str:
        """The account rulings are signed with ("" before `sign_in`)."""
        return self._account

    def close(self) -> None:
        """Close the connection."""
        self._connection.close()
