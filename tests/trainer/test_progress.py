"""Trainee history in the journal's SQLite file, and the progress summaries."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from dealerassist.errors import JournalError
from dealerassist.journal.progress import AttemptRecord, CertificationRecord, ProgressStore
from dealerassist.journal.records import SCHEMA_VERSION
from dealerassist.journal.store import SQLiteJournal
from dealerassist.trainer import daily_series, skill_summary


def _attempt(kind: str, correct: bool, ms: int, day: str = "2026-11-29") -> AttemptRecord:
    return AttemptRecord("Ana", kind, "beginner", 1, correct, ms, f"{day}T20:00:00Z")


def test_history_round_trips_in_the_journal_file_and_the_journal_still_opens(
        tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite"
    store = ProgressStore(path)
    store.add_attempt(_attempt("pl-max", True, 4000))
    store.add_attempt(_attempt("pots", False, 9000))
    run = store.add_certification(CertificationRecord("Ana", "2026-11-30T01:00:00Z", 20, 17,
                                                      80, True))
    store.add_attempt(AttemptRecord("Ben", "rake", "advanced", 5, True, 2000,
                                    "2026-11-30T01:00:00Z", certification_id=run))
    store.close()
    again = ProgressStore(path)
    assert [a.kind for a in again.attempts("Ana")] == ["pl-max", "pots"]
    assert again.attempts("Ben")[0].certification_id == run
    assert again.certifications("Ana")[0].passed
    assert again.trainees() == ("Ana", "Ben")
    journal = SQLiteJournal(path)  # the journal's own tables are untouched
    assert journal.last_seq() == 0 and journal.schema_version == SCHEMA_VERSION
    journal.close()


def test_a_foreign_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match="not a dealerassist journal"):
        ProgressStore(path)
    assert path.read_bytes() == before


def test_weakest_skill_first_then_slowest() -> None:
    attempts = [
        _attempt("pl-max", True, 3000), _attempt("pl-max", True, 5000),
        _attempt("pots", True, 8000), _attempt("pots", False, 12000),
        _attempt("rake", True, 2000), _attempt("rake", False, 2000),
        _attempt("ruling", False, 1000),
    ]
    summary = skill_summary(attempts)
    assert [s.kind for s in summary] == ["ruling", "pots", "rake", "pl-max"]
    assert [s.accuracy_percent for s in summary] == [0, 50, 50, 100]
    assert summary[1].mean_ms == 10_000


def test_daily_series_per_day_and_per_kind() -> None:
    attempts = [_attempt("pots", False, 6000, "2026-11-28"), _attempt("pots", True, 4000,
                "2026-11-29"), _attempt("rake", True, 1000, "2026-11-29")]
    series = daily_series(attempts)
    assert [(p.day, p.attempts, p.accuracy_percent) for p in series] == [
        ("2026-11-28", 1, 0), ("2026-11-29", 2, 100)]
    assert [p.mean_ms for p in daily_series(attempts, kind="pots")] == [6000, 4000]


def test_an_attempt_without_a_trainee_is_refused() -> None:
    with pytest.raises(JournalError, match="trainee"):
        AttemptRecord(" ", "pots", "beginner", 1, True, 10, "2026-11-30")


def test_certification_level_is_recorded_and_read_back(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "table.sqlite")
    store.add_certification(CertificationRecord("Ana", "2026-11-30T01:00:00Z", 20, 15, 75, True,
                                                level="advanced"))
    store.add_certification(CertificationRecord("Ana", "2026-11-30T02:00:00Z", 20, 15, 80,
                                                False, level="beginner"))
    assert [(r.level, r.pass_mark_percent, r.passed) for r in store.certifications("Ana")] == [
        ("advanced", 75, True), ("beginner", 80, False)]
    store.close()


def test_a_history_written_before_levels_is_migrated_old_runs_read_intermediate(
        tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    SQLiteJournal(path).close()
    connection = sqlite3.connect(path)
    connection.execute(  # the layout before the level column (2026-11 first release)
        "CREATE TABLE trainer_certifications (id INTEGER PRIMARY KEY, trainee TEXT NOT NULL, "
        "taken_at TEXT NOT NULL, total INTEGER NOT NULL, correct INTEGER NOT NULL, "
        "pass_mark_percent INTEGER NOT NULL, passed INTEGER NOT NULL CHECK (passed IN (0, 1)))")
    connection.execute("INSERT INTO trainer_certifications (trainee, taken_at, total, correct, "
                       "pass_mark_percent, passed) VALUES ('Old', '2026-11-01T09:00:00Z', 20, "
                       "17, 80, 1)")
    connection.commit()
    connection.close()
    store = ProgressStore(path)
    store.add_certification(CertificationRecord("Old", "2026-11-30T03:00:00Z", 20, 19, 90, True,
                                                level="advanced"))
    runs = store.certifications("Old")
    assert [(r.correct, r.level) for r in runs] == [(17, "intermediate"), (19, "advanced")]
    store.close()
    again = ProgressStore(path)  # opening twice migrates once
    assert [r.level for r in again.certifications("Old")] == ["intermediate", "advanced"]
    again.close()
    journal = SQLiteJournal(path)  # the journal's own layout is untouched
    assert journal.schema_version == SCHEMA_VERSION
    journal.close()


def test_a_certification_without_a_level_is_refused() -> None:
    with pytest.raises(JournalError, match="level"):
        CertificationRecord("Ana", "2026-11-30", 20, 16, 80, True, level=" ")
