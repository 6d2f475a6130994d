"""`InMemoryJournal`: the journal contract without a file, for tests and demos."""

from __future__ import annotations

from collections.abc import Sequence

from dealerassist.errors import JournalError
from dealerassist.journal.records import (
    SCHEMA_VERSION,
    SNAPSHOTS_KEPT,
    HandIndexEntry,
    JournalRecord,
    PendingRecord,
    Snapshot,
    conflict_message,
)


class InMemoryJournal:
    """A list of records; same behaviour as `SQLiteJournal` except that nothing survives."""

    def __init__(self) -> None:
        self._records: list[JournalRecord] = []
        self._snapshots: dict[int, Snapshot] = {}
        self._closed = False

    @property
    def schema_version(self) -> int:
        """Always the current layout."""
        return SCHEMA_VERSION

    def append(
        self, records: Sequence[PendingRecord], *, expected_last_seq: int | None = None
    ) -> tuple[JournalRecord, ...]:
        """Append all of ``records`` or, if one is not a `PendingRecord`, none."""
        self._check_open()
        if expected_last_seq is not None and expected_last_seq != len(self._records):
            raise JournalError(conflict_message(expected_last_seq, len(self._records)))
        for record in records:
            if not isinstance(record, PendingRecord):
                raise JournalError(f"cannot append {type(record).__name__}, need PendingRecord")
        start = len(self._records) + 1
        stored = tuple(
            JournalRecord.stored(start + offset, record) for offset, record in enumerate(records)
        )
        self._records.extend(stored)
        return stored

    def read(self, *, after_seq: int = 0, hand_id: int | None = None) -> tuple[JournalRecord, ...]:
        """Return the records after ``after_seq``, optionally of one hand."""
        self._check_open()
        return tuple(
            record
            for record in self._records[max(after_seq, 0) :]
            if hand_id is None or record.hand_id == hand_id
        )

    def last_seq(self) -> int:
        """Return the number of records (sequence numbers have no gaps)."""
        self._check_open()
        return len(self._records)

    def hands(self) -> tuple[HandIndexEntry, ...]:
        """Return the hand index, computed from the records."""
        self._check_open()
        found: dict[int, list[JournalRecord]] = {}
        for record in self._records:
            if record.hand_id is not None:
                found.setdefault(record.hand_id, []).append(record)
        return tuple(
            HandIndexEntry(
                hand_id=hand_id,
                first_seq=group[0].seq,
                last_seq=group[-1].seq,
                record_count=len(group),
                started_at=group[0].recorded_at,
            )
            for hand_id, group in sorted(found.items())
        )

    def save_snapshot(self, snapshot: Snapshot) -> None:
        """Keep ``snapshot``; only the newest `SNAPSHOTS_KEPT` stay."""
        self._check_open()
        if not 0 < snapshot.seq <= len(self._records):
            raise JournalError(f"no record {snapshot.seq} to take a snapshot after")
        self._snapshots[snapshot.seq] = snapshot
        for seq in sorted(self._snapshots)[:-SNAPSHOTS_KEPT]:
            del self._snapshots[seq]

    def latest_snapshot(self, *, before_seq: int | None = None) -> Snapshot | None:
        """Return the newest snapshot, below ``before_seq`` when given."""
        self._check_open()
        seqs = [seq for seq in self._snapshots if before_seq is None or seq < before_seq]
        return self._snapshots[max(seqs)] if seqs else None

    def close(self) -> None:
        """Mark closed."""
        self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise JournalError("the journal is closed")
