"""Trainee history: every answered drill and every certification run, in the journal's file.

Tables ``trainer_attempts`` and ``trainer_certifications`` live beside the journal's own
(see `_side_tables`); rows are only ever added. Times are whole milliseconds, recorded
dates ISO 8601 UTC text given by the caller's clock.

A certification run records the level it was taken at (``level``: beginner, intermediate,
advanced). Files written before the column existed are migrated when opened (`_migrate`:
``ALTER TABLE ... ADD COLUMN level`` with ``intermediate``, the only level those runs could
be taken at); the journal's own tables and layout version are not touched.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from dataclasses import dataclass

from dealerassist.errors import JournalError
from dealerassist.journal._side_tables import open_side_store

__all__ = ["AttemptRecord", "CertificationRecord", "ProgressStore"]

_SCHEMA = (
    """
    CREATE TABLE IF NOT EXISTS trainer_attempts (
        id INTEGER PRIMARY KEY,
        trainee TEXT NOT NULL,
        kind TEXT NOT NULL,
        difficulty TEXT NOT NULL,
        seed INTEGER NOT NULL,
        correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
        elapsed_ms INTEGER NOT NULL CHECK (elapsed_ms >= 0),
        answered_at TEXT NOT NULL,
        certification_id INTEGER
    )
    """,
    "CREATE INDEX IF NOT EXISTS trainer_attempts_by_trainee ON trainer_attempts (trainee, id)",
    """
    CREATE TABLE IF NOT EXISTS trainer_certifications (
        id INTEGER PRIMARY KEY,
        trainee TEXT NOT NULL,
        taken_at TEXT NOT NULL,
        total INTEGER NOT NULL,
        correct INTEGER NOT NULL,
        pass_mark_percent INTEGER NOT NULL,
        passed INTEGER NOT NULL CHECK (passed IN (0, 1)),
        level TEXT NOT NULL DEFAULT 'intermediate'
    )
    """,
)

#: Certification runs recorded before levels existed were all taken at this level.
_OLD_RUNS_LEVEL = "intermediate"


def _migrate(connection: sqlite3.Connection) -> None:
    """Add the ``level`` column to a certification table written before it existed."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        columns = {row[1] for row in connection.execute(
            "PRAGMA table_info(trainer_certifications)")}
        if "level" not in columns:
            connection.execute(
                "ALTER TABLE trainer_certifications ADD COLUMN level TEXT NOT NULL "
                f"DEFAULT '{_OLD_RUNS_LEVEL}'")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise


@dataclass(frozen=True, slots=True)
class AttemptRecord:
    """One answered drill of one trainee."""

    trainee: str
    kind: str
    difficulty: str
    seed: int
    correct: bool
    elapsed_ms: int
    answered_at: str
    certification_id: int | None = None

    def __post_init__(self) -> None:
        if not self.trainee.strip():
            raise JournalError("an attempt needs the trainee's name")
        if self.elapsed_ms < 0:
            raise JournalError(f"elapsed_ms must be 0 or more, not {self.elapsed_ms}")


@dataclass(frozen=True, slots=True)
class CertificationRecord:
    """One certification run of one trainee, at one level (beginner, intermediate, advanced)."""

    trainee: str
    taken_at: str
    total: int
    correct: int
    pass_mark_percent: int
    passed: bool
    id: int | None = None
    level: str = _OLD_RUNS_LEVEL

    def __post_init__(self) -> None:
        if not self.level.strip():
            raise JournalError("a certification run needs its level")


class ProgressStore:
    """Trainee history in the journal file at ``path`` (created as a journal if missing)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = path
        self._connection = open_side_store(path, schema=_SCHEMA)
        try:
            _migrate(self._connection)
        except sqlite3.Error as error:
            self._connection.close()
            raise JournalError(f"{path}: cannot add the level to the trainer history: "
                               f"{error}") from error
        self._lock = threading.Lock()

    def _execute(self, query: str, parameters: tuple[object, ...] = ()) -> list[tuple]:
        with self._lock:
            try:
                cursor = self._connection.execute(query, parameters)
                return cursor.fetchall()
            except sqlite3.Error as error:
                raise JournalError(f"{self.path}: trainer history: {error}") from error

    def add_attempt(self, record: AttemptRecord) -> None:
        """Record one answered drill."""
        self._execute(
            "INSERT INTO trainer_attempts (trainee, kind, difficulty, seed, correct, elapsed_ms, "
            "answered_at, certification_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (record.trainee, record.kind, record.difficulty, record.seed, int(record.correct),
             record.elapsed_ms, record.answered_at, record.certification_id),
        )

    def add_certification(self, record: CertificationRecord) -> int:
        """Record a certification run; returns its id."""
        rows = self._execute(
            "INSERT INTO trainer_certifications (trainee, taken_at, total, correct, "
            "pass_mark_percent, passed, level) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (record.trainee, record.taken_at, record.total, record.correct,
             record.pass_mark_percent, int(record.passed), record.level),
        )
        return int(rows[0][0])

    def attempts(self, trainee: str) -> tuple[AttemptRecord, ...]:
        """Every attempt of ``trainee``, oldest first."""
        rows = self._execute(
            "SELECT trainee, kind, difficulty, seed, correct, elapsed_ms, answered_at, "
            "certification_id FROM trainer_attempts WHERE trainee = ? ORDER BY id", (trainee,))
        return tuple(AttemptRecord(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7])
                     for r in rows)

    def certifications(self, trainee: str) -> tuple[CertificationRecord, ...]:
        """Every certification run of ``trainee``, oldest first."""
        rows = self._execute(
            "SELECT trainee, taken_at, total, correct, pass_mark_percent, passed, id, level "
            "FROM trainer_certifications WHERE trainee = ? ORDER BY id", (trainee,))
        return tuple(CertificationRecord(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6],
                                         level=r[7]) for r in rows)

    def trainees(self) -> tuple[str, ...]:
        """Every trainee with a record, by name."""
        rows = self._execute(
            "SELECT trainee FROM trainer_attempts UNION SELECT trainee FROM "
            "trainer_certifications ORDER BY 1")
        return tuple(r[0] for r in rows)

    def close(self) -> None:
        """Close the connection (idempotent)."""
        with self._lock:
            self._connection.close()
