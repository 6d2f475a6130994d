"""The journal's records and the `Journal` protocol every store implements.

A record is one event as stored: its type name, class version and JSON payload (made by
`journal.codec`), the hand it belongs to and a global sequence number given by the store.
Stores only append and read; nothing is ever edited or deleted (a correction or an undo is
a new record). `InMemoryJournal` and `SQLiteJournal` pass the same contract tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from dealerassist.errors import JournalError

#: The journal layout this code writes; older files are migrated on open (`journal.schema`).
SCHEMA_VERSION = 2

#: Snapshots a store keeps (the newest ones); older ones are dropped as new ones are saved.
SNAPSHOTS_KEPT = 4


def conflict_message(expected: int, found: int) -> str:
    """Return the error text for an append that lost an optimistic-concurrency race."""
    return (
        f"the journal changed under this table (expected record {expected} last, found "
        f"{found}): another program is writing to it; close it and reopen the table"
    )


@dataclass(frozen=True, slots=True)
class PendingRecord:
    """A record about to be appended: everything but the sequence number.

    Attributes:
        type: Registered event type name (see `EventCodec`).
        class_version: Version of the event class that wrote the payload.
        payload: The event's fields as a JSON object text (no floats).
        hand_id: The hand this event belongs to, or None for table events (seating...).
        recorded_at: When it happened, ISO 8601 UTC text from the session's clock.

    """

    type: str
    class_version: int
    payload: str
    hand_id: int | None
    recorded_at: str

    def __post_init__(self) -> None:
        if not self.type:
            raise JournalError("a journal record needs a type name")
        if isinstance(self.class_version, bool) or not isinstance(self.class_version, int):
            raise JournalError(f"class_version must be an int, not {self.class_version!r}")
        if self.class_version < 1:
            raise JournalError(f"class_version must be 1 or more, not {self.class_version}")
        if self.hand_id is not None and (
            isinstance(self.hand_id, bool) or not isinstance(self.hand_id, int)
        ):
            raise JournalError(f"hand_id must be an int or None, not {self.hand_id!r}")


@dataclass(frozen=True, slots=True)
class JournalRecord:
    """A stored record; ``seq`` orders all records of one journal, from 1, without gaps."""

    seq: int
    type: str
    class_version: int
    payload: str
    hand_id: int | None
    recorded_at: str

    @classmethod
    def stored(cls, seq: int, pending: PendingRecord) -> JournalRecord:
        """Return the record ``pending`` becomes once the store gave it ``seq``."""
        return cls(
            seq=seq,
            type=pending.type,
            class_version=pending.class_version,
            payload=pending.payload,
            hand_id=pending.hand_id,
            recorded_at=pending.recorded_at,
        )


@dataclass(frozen=True, slots=True)
class HandIndexEntry:
    """One hand in the journal: where its records are and when it started."""

    hand_id: int
    first_seq: int
    last_seq: int
    record_count: int
    started_at: str

    @property
    def day(self) -> str:
        """The UTC day the hand started on, ``YYYY-MM-DD``."""
        return self.started_at[:10]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Derived data beside the records: a reader's state after record ``seq``.

    Never the truth: the records are. A snapshot only lets a reader start from ``seq``
    instead of record 1; one whose ``format`` the reader does not know, or that it cannot
    read, is ignored and the records are folded from the start.

    Attributes:
        seq: The last record the state includes.
        format: Names what made the payload (its layout, program and settings).
        payload: The state as text.

    """

    seq: int
    format: str
    payload: str


@runtime_checkable
class SnapshotStore(Protocol):
    """A store that keeps a few snapshots beside its records (`SQLiteJournal`, memory)."""

    def save_snapshot(self, snapshot: Snapshot) -> None:
        """Keep ``snapshot`` (replacing one at the same ``seq``) and drop the oldest ones."""
        ...

    def latest_snapshot(self, *, before_seq: int | None = None) -> Snapshot | None:
        """Return the newest snapshot (with ``seq`` below ``before_seq`` when given)."""
        ...


@runtime_checkable
class Journal(Protocol):
    """An append-only event store.

    ``append`` is atomic and durable: when it returns, every record given is committed
    (all of them or, on error, none) and will be read back after a crash.
    """

    @property
    def schema_version(self) -> int:
        """Return the layout version of the store."""
        ...

    def append(
        self, records: Sequence[PendingRecord], *, expected_last_seq: int | None = None
    ) -> tuple[JournalRecord, ...]:
        """Commit ``records`` in order, then return them with their sequence numbers.

        With ``expected_last_seq``, refuse (`JournalError`, nothing written) when the
        journal's last record is not that one: another writer got in between (optimistic
        concurrency, so two programs never interleave one table's events).
        """
        ...

    def read(self, *, after_seq: int = 0, hand_id: int | None = None) -> tuple[JournalRecord, ...]:
        """Return the records after ``after_seq`` (of one hand if ``hand_id`` is given)."""
        ...

    def last_seq(self) -> int:
        """Return the highest sequence number stored, 0 for an empty journal."""
        ...

    def hands(self) -> tuple[HandIndexEntry, ...]:
        """Return every hand that has records, by hand id."""
        ...

    def close(self) -> None:
        """Release the store; further calls raise `JournalError`."""
        ...
