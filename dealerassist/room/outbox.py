"""`Outbox`: a table's background pusher of its journal to the room, and its answers back.

The table's SQLite journal stays the truth; the outbox only reads it. A worker thread
connects, says hello (the room answers with the last sequence number it holds for this
table), then sends every later record in order, in batches, through ``room.push``, which
stores each (table id, seq) once: a re-sent record already stored is skipped, so a push
cut off before its answer is simply sent again. Nothing is lost (the journal keeps
everything; the room's head says where to resume) and nothing is duplicated.

When the server is down, unreachable, refuses the login or is out of disk, the table goes
on dealing: `status` says so in one line and the worker retries every ``retry_s``. A
refused record (the room logs why) stops this table's pushes until fixed; the others
are not affected. The worker also fetches the floor's answers to this table
(``room.answers``); the table takes them with `take_answers` and journals them itself, so
the journal keeps a single writer.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

from dealerassist.journal.records import Journal, JournalRecord
from dealerassist.room import schema
from dealerassist.room.connection import RoomError, connect, describe
from dealerassist.session.desk import Answer

__all__ = ["Outbox", "OutboxStatus"]

_BATCH = 500


@dataclass(frozen=True, slots=True)
class OutboxStatus:
    """Where the outbox stands.

    Attributes:
        state: ``connecting``, ``online``, ``offline`` (unreachable, retrying) or
            ``refused`` (the room refused a record or this table; retrying later).
        detail: One line: why offline or refused, else "".
        pushed_seq: The last record the room acknowledged.
        local_seq: The journal's last record.

    """

    state: str
    detail: str
    pushed_seq: int
    local_seq: int

    @property
    def pending(self) -> int:
        """Records written at the table and not yet in the room."""
        return max(0, self.local_seq - self.pushed_seq)

    def line(self) -> str:
        """Return the console's status line text."""
        if self.state == "online":
            tail = f", {self.pending} to send" if self.pending else ""
            return f"room: online{tail}"
        word = {"connecting": "connecting", "offline": "OFFLINE",
                "refused": "REFUSED"}.get(self.state, self.state)
        return f"room: {word} ({self.pending} to send, kept locally){': ' if self.detail else ''}" \
            f"{self.detail}"

    def as_json(self) -> dict[str, Any]:
        """Return the ``room`` object of ``table --json``."""
        return {"state": self.state, "detail": self.detail, "pushed_seq": self.pushed_seq,
                "pending": self.pending}


def record_json(record: JournalRecord) -> dict[str, Any]:
    """Return a journal record as ``room.push`` takes it."""
    return {"seq": record.seq, "hand_id": record.hand_id, "type": record.type,
            "class_version": record.class_version, "payload": record.payload,
            "recorded_at": record.recorded_at}


class Outbox:
    """Push one table's journal to the room in the background.

    Args:
        journal: The table's journal (read only here; thread-safe reads).
        table_id: The room's name for this table.
        dsn: The room's connection string (this table's login).
        rules_text: The house rules text in force, registered with the room so the floor
            folds this table's records under the same rules.
        retry_s: Seconds between attempts while offline or refused.
        answer_after: The last ruling id already journaled at the table.

    """

    def __init__(self, journal: Journal, *, table_id: str, dsn: str, rules_text: str = "",
                 retry_s: float = 1.0, answer_after: int = 0) -> None:
        self._journal = journal
        self._table_id = table_id
        self._dsn = dsn
        self._rules_text = rules_text
        self._retry_s = retry_s
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._contacted = threading.Event()
        self._lock = threading.Lock()
        self._connection: psycopg.Connection[Any] | None = None
        self._head = -1  # unknown until hello
        self._verify = False
        self._state = "connecting"
        self._detail = ""
        self._answers: list[Answer] = []
        self._answer_after = answer_after
        self._thread = threading.Thread(target=self._work, name=f"outbox-{table_id}",
                                        daemon=True)

    @property
    def table_id(self) -> str:
        """The room's name for this table."""
        return self._table_id

    def start(self) -> Outbox:
        """Start the worker thread; returns self."""
        self._thread.start()
        return self

    def notify(self) -> None:
        """Say that the journal has new records (push now instead of at the next poll)."""
        self._wake.set()

    def status(self) -> OutboxStatus:
        """Return where the outbox stands now."""
        local = self._journal.last_seq()
        with self._lock:
            return OutboxStatus(state=self._state, detail=self._detail,
                                pushed_seq=max(self._head, 0), local_seq=local)

    def take_answers(self) -> list[Answer]:
        """Return the floor's answers received since the last call (oldest first)."""
        with self._lock:
            taken, self._answers = self._answers, []
        return taken

    def wait_contact(self, timeout_s: float) -> OutboxStatus:
        """Wait until the first attempt ended (answers waiting fetched, or offline)."""
        self._contacted.wait(timeout_s)
        return self.status()

    def drain(self, timeout_s: float) -> OutboxStatus:
        """Wait until every record is pushed or ``timeout_s`` passed; return the status."""
        deadline = time.monotonic() + timeout_s
        self._wake.set()
        while time.monotonic() < deadline:
            status = self.status()
            if status.state == "online" and status.pending == 0:
                return status
            if status.state == "refused":
                return status
            time.sleep(0.02)
        return self.status()

    def stop(self) -> None:
        """Stop the worker and close its connection (unpushed records stay in the journal)."""
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        self._close()

    # -- the worker ---------------------------------------------------------------------------

    def _set(self, state: str, detail: str = "", head: int | None = None) -> None:
        with self._lock:
            self._state = state
            self._detail = detail
            if head is not None:
                self._head = head

    def _work(self) -> None:
        while not self._stop.is_set():
            try:
                busy = self._step()
            except RoomError as error:
                self._close()
                self._set("offline", str(error))
                busy = False
            except (psycopg.Error, OSError) as error:
                self._close()
                self._set("offline", describe(error))
                busy = False
            self._contacted.set()
            if self._stop.is_set():
                break
            if not busy:
                # A refusal is logged by the room at each try: retry it seldom.
                wait = {"online": 0.25, "refused": max(30.0, self._retry_s)}.get(
                    self._state, self._retry_s)
                self._wake.wait(wait)
                self._wake.clear()

    def _step(self) -> bool:
        """Do one round of work; return True when more is waiting at once."""
        connection = self._connection
        if connection is None:
            connection = connect(self._dsn, application=f"dealerassist table {self._table_id}")
            self._connection = connection
            row = connection.execute(
                "SELECT last_seq, refused FROM room.hello(%s, %s, %s)",
                (self._table_id, schema.SCHEMA_VERSION, self._rules_text),
            ).fetchone()
            if row is None or row[1] is not None:
                self._close()
                self._set("refused", "the room refused this table: "
                          + (row[1] if row else "no answer"))
                return False
            head = int(row[0])
            local = self._journal.last_seq()
            if head > local:
                self._close()
                self._set("refused", f"the room holds {head} records for table "
                          f"{self._table_id}, this journal only {local}: another journal "
                          "uses this table id", head=0)
                return False
            self._set("online", head=head)
            self._verify = head > 0
        self._fetch_answers(connection)
        with self._lock:
            head = self._head
        # After each hello the room's last record is sent again: the room checks it equals
        # its own, so a journal that is not the one the room knows is refused, not mixed in.
        records = self._journal.read(after_seq=head - 1 if self._verify else head)
        if not records:
            self._set("online")
            return False
        batch = records[:_BATCH]
        row = connection.execute(
            "SELECT last_seq, refused FROM room.push(%s, %s, %s)",
            (self._table_id, schema.SCHEMA_VERSION, json.dumps([record_json(r) for r in batch])),
        ).fetchone()
        if row is None or row[0] is None:
            reason = row[1] if row else "no answer"
            self._set("refused", f"the room refused this table: {reason}")
            self._close()
            return False
        if row[1] is not None:
            self._set("refused", f"the room refused record {int(row[0]) + 1}: {row[1]}",
                      head=int(row[0]))
            return False
        self._verify = False
        self._set("online", head=int(row[0]))
        return len(records) > len(batch)

    def _fetch_answers(self, connection: psycopg.Connection[Any]) -> None:
        rows = connection.execute(
            "SELECT id, call_id, kind, flag_id, reason, by_account, by_role, from_address, "
            "to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') "
            "FROM room.answers(%s, %s, %s)",
            (self._table_id, schema.SCHEMA_VERSION, self._answer_after),
        ).fetchall()
        if not rows:
            return
        fresh = [Answer(ruling_id=int(r[0]), call_id=r[1], kind=r[2], flag_id=r[3],
                        reason=r[4], by=r[5], place=f"{r[6]}@{r[7]}", at=r[8]) for r in rows]
        with self._lock:
            self._answers.extend(fresh)
            self._answer_after = fresh[-1].ruling_id

    def _close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            try:
                connection.close()
            except psycopg.Error:
                pass


def pending_summary(statuses: Sequence[OutboxStatus]) -> int:
    """Return the records still to push over several outboxes (bench and tests)."""
    return sum(status.pending for status in statuses)
