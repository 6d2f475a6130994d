"""Bench part: opening a long journal, and one dealer command with its SQLite commit.

``measure(quick=...)`` builds a journal of ``journal.hands`` heads-up hands (100,000; 10,000
with ``--quick``) by playing them through `TableSession` (each hand: ``hand``, then the
button folds), as a table would over months: the records and the snapshots the session
saves every `SNAPSHOT_EVERY` hands. The records are written in large transactions to
build the file quickly; what is measured uses the journal as `dealerassist table` does:

- ``journal.open_s``: `cli.table.open_session` on that file (the SQLite checks, the newest
  usable snapshot, the fold of the records after it): the time before the table is shown;
  ``journal.open_empty_s`` the same on a new file;
- ``journal.verified_s``: from the start of that open until the background ``quick_check``
  of the whole file (`SQLiteJournal`, files over `CHECK_AT_OPEN_BYTES`) has passed; the
  first write waits for it, nothing before;
- ``journal.command_ms_p50`` / ``command_ms_p99``: one dealer command (parse, decide,
  commit with ``synchronous=FULL``, apply) on the long journal, over 200 hands once it is
  verified; ``journal.command_ms_p50_new`` the same on a new journal (flat: about equal);
- ``journal.file_mb``: the size of the file.

Times are wall-clock (the fsync is part of a command). The file is built in a temporary
folder and removed.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dealerassist.journal.records import JournalRecord, PendingRecord, Snapshot
from dealerassist.journal.store import SQLiteJournal
from dealerassist.rules.model import GamePreset
from dealerassist.rules.profiles import default_rules
from dealerassist.session.controller import TableSession

_PRESET = GamePreset(name="NLHE 1/2", game="NT", small_blind=1, big_blind=2, max_seats=9)
_FLUSH_RECORDS = 50_000


class _BulkWriter:
    """A journal for building the bench file: records numbered here, written in bulk."""

    def __init__(self, store: SQLiteJournal) -> None:
        self._store = store
        self._pending: list[PendingRecord] = []
        self._last = store.last_seq()

    @property
    def schema_version(self) -> int:
        return self._store.schema_version

    def append(
        self, records: Sequence[PendingRecord], *, expected_last_seq: int | None = None
    ) -> tuple[JournalRecord, ...]:
        stored = tuple(
            JournalRecord.stored(self._last + 1 + k, record) for k, record in enumerate(records)
        )
        self._last += len(stored)
        self._pending.extend(records)
        if len(self._pending) >= _FLUSH_RECORDS:
            self.flush()
        return stored

    def flush(self) -> None:
        if self._pending:
            self._store.append(self._pending)
            self._pending = []

    def read(self, *, after_seq: int = 0, hand_id: int | None = None) -> tuple[JournalRecord, ...]:
        self.flush()
        return self._store.read(after_seq=after_seq, hand_id=hand_id)

    def last_seq(self) -> int:
        return self._last

    def hands(self) -> Any:
        self.flush()
        return self._store.hands()

    def save_snapshot(self, snapshot: Snapshot) -> None:
        self.flush()
        self._store.save_snapshot(snapshot)

    def latest_snapshot(self, *, before_seq: int | None = None) -> Snapshot | None:
        self.flush()
        return self._store.latest_snapshot(before_seq=before_seq)

    def close(self) -> None:
        self.flush()
        self._store.close()


def _build(path: Path, hands: int) -> None:
    writer = _BulkWriter(SQLiteJournal(path))
    session = TableSession(writer, rules=default_rules(), preset=_PRESET)
    session.execute("sit 1 Ann 1000")
    session.execute("sit 2 Bob 1000")
    for _ in range(hands):
        session.execute("hand")
        session.execute("f")
    writer.close()


def _open(path: Path) -> Any:
    from dealerassist.cli.table import open_session

    args = argparse.Namespace(db=str(path), game=None, json=True, confirm_payouts=False)
    return open_session(args)


def _command_ms(session: Any, hands: int) -> list[float]:
    samples = []
    for _ in range(hands):
        for line in ("hand", "f"):
            started = time.perf_counter()
            session.execute(line)
            samples.append((time.perf_counter() - started) * 1000.0)
    return samples


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))], 3)


def measure(*, quick: bool) -> dict[str, Any]:
    """Open time of a long journal and command latency; see the module docstring."""
    return measure_hands(10_000 if quick else 100_000, command_hands=50 if quick else 200)


def measure_hands(hands: int, *, command_hands: int) -> dict[str, Any]:
    """`measure` on a journal of ``hands`` hands, timing ``command_hands`` more."""
    with tempfile.TemporaryDirectory(prefix="dealerassist-bench-") as folder:
        long_path = Path(folder) / "long.sqlite3"
        new_path = Path(folder) / "new.sqlite3"
        _build(long_path, hands)
        # The empty table first, also to import and warm what opening a table needs.
        started = time.perf_counter()
        fresh = _open(new_path)
        open_empty = time.perf_counter() - started
        fresh.execute("sit 1 Ann 1000")
        fresh.execute("sit 2 Bob 1000")
        new_samples = _command_ms(fresh, command_hands)
        fresh.journal.close()

        started = time.perf_counter()
        session = _open(long_path)
        opened = time.perf_counter() - started
        if session.state.last_hand_id != hands:
            raise RuntimeError(f"the bench journal opened at hand {session.state.last_hand_id}")
        session.journal.wait_until_verified()
        verified = time.perf_counter() - started
        samples = _command_ms(session, command_hands)
        session.journal.close()
        size = long_path.stat().st_size
    return {
        "journal": {
            "hands": hands,
            "open_s": round(opened, 3),
            "open_empty_s": round(open_empty, 3),
            "verified_s": round(verified, 3),
            "command_ms_p50": _percentile(samples, 0.5),
            "command_ms_p99": _percentile(samples, 0.99),
            "command_ms_p50_new": _percentile(new_samples, 0.5),
            "file_mb": round(size / 1e6, 1),
        }
    }
