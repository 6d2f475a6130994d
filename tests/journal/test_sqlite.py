from __future__ import annotations

import hashlib
import itertools
import sqlite3
from pathlib import Path

import pytest

from dealerassist.errors import JournalError
from dealerassist.journal import schema
from dealerassist.journal.paths import default_journal_path
from dealerassist.journal.records import SCHEMA_VERSION
from dealerassist.journal.store import SQLiteJournal

from .contract import JournalContract, pending


class TestSQLiteJournal(JournalContract):
    @pytest.fixture
    def make_journal(self, tmp_path: Path):  # type: ignore[no-untyped-def]
        counter = itertools.count()
        return lambda: SQLiteJournal(tmp_path / f"j{next(counter)}.sqlite3")

    @pytest.fixture
    def journal(self, tmp_path: Path):  # type: ignore[no-untyped-def]
        store = SQLiteJournal(tmp_path / "journal.sqlite3")
        yield store
        store.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_records_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        journal.append([pending(n=1), pending(hand_id=None, n=2)])
    with SQLiteJournal(path) as journal:
        assert [(r.seq, r.payload, r.hand_id) for r in journal.read()] == [
            (1, '{"n":1}', 1),
            (2, '{"n":2}', None),
        ]
        assert journal.append([pending(n=3)])[0].seq == 3


def test_file_is_wal_with_full_sync_and_marked_as_ours(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        connection = journal._connection
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert dict(raw.execute("SELECT key, value FROM meta").fetchall()) == {
        "application": "dealerassist-journal",
        "schema_version": str(SCHEMA_VERSION),
    }
    raw.close()


def test_records_cannot_be_edited_or_deleted_even_with_sql(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        journal.append([pending(n=1)])
    raw = sqlite3.connect(path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("UPDATE events SET payload = '{}'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("DELETE FROM events")
    raw.close()


def test_foreign_sqlite_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "accounts.db"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE customers (name TEXT)")
    raw.execute("INSERT INTO customers VALUES ('Alice')")
    raw.commit()
    raw.close()
    before = digest(path)
    with pytest.raises(JournalError, match="not a dealerassist journal.*customers"):
        SQLiteJournal(path)
    assert digest(path) == before


@pytest.mark.parametrize(
    "content",
    [
        b"hello, this is a text file\n" * 50,
        bytes(range(256)) * 20,
        b"SQLite format 3\x00" + b"\xff" * 4000,
    ],
    ids=["text", "binary", "bad-header"],
)
def test_non_journal_file_is_refused_and_left_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_bytes(content)
    with pytest.raises(JournalError, match="left untouched|not a readable journal"):
        SQLiteJournal(path)
    assert path.read_bytes() == content


def test_damaged_journal_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        for n in range(300):
            journal.append([pending(n=n)])
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[2 * page + 8 : 2 * page + 600] = b"\xa5" * 592  # scribble over a b-tree page
    path.write_bytes(bytes(data))
    before = digest(path)
    with pytest.raises(JournalError, match="damaged|not a readable journal"):
        SQLiteJournal(path)
    assert digest(path) == before


def test_journal_from_a_newer_program_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    SQLiteJournal(path).close()
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()
    before = digest(path)
    with pytest.raises(JournalError, match="newer dealerassist"):
        SQLiteJournal(path)
    assert digest(path) == before


def test_older_layout_is_migrated_step_by_step(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        journal.append([pending(n=1)])

    def add_notes_table(connection: sqlite3.Connection) -> None:
        connection.execute("CREATE TABLE notes (seq INTEGER, text TEXT)")

    connection = sqlite3.connect(path, isolation_level=None)
    steps = {**schema.MIGRATIONS, SCHEMA_VERSION: add_notes_table}
    found = schema.migrate(connection, path=str(path), target=SCHEMA_VERSION + 1, migrations=steps)
    assert found == SCHEMA_VERSION
    assert schema.stored_version(connection) == SCHEMA_VERSION + 1
    names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert "notes" in names
    connection.close()


def test_failed_migration_keeps_the_old_layout(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        journal.append([pending(n=1)])

    def broken(connection: sqlite3.Connection) -> None:
        connection.execute("CREATE TABLE half (x)")
        connection.execute("THIS IS NOT SQL")

    connection = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(JournalError, match="migration failed"):
        schema.migrate(
            connection,
            path=str(path),
            target=SCHEMA_VERSION + 1,
            migrations={**schema.MIGRATIONS, SCHEMA_VERSION: broken},
        )
    assert schema.stored_version(connection) == SCHEMA_VERSION
    names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert "half" not in names
    connection.close()


def test_missing_step_is_an_error(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "x.sqlite3", isolation_level=None)
    with pytest.raises(JournalError, match=f"no migration from journal layout {SCHEMA_VERSION}"):
        schema.migrate(
            connection, path="x", target=SCHEMA_VERSION + 1, migrations=schema.MIGRATIONS
        )
    assert schema.stored_version(connection) == 0
    connection.close()


def test_export_mode_does_not_create_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "missing.sqlite3"
    with pytest.raises(JournalError, match="no journal here"):
        SQLiteJournal(path, create=False)
    assert not path.exists()


def test_folders_are_created_for_a_new_journal(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "j.sqlite3"
    SQLiteJournal(path).close()
    assert path.exists()


def test_a_folder_is_not_a_journal(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="not a regular file"):
        SQLiteJournal(tmp_path)


def test_default_path_is_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = default_journal_path()
    assert path.name == "journal.sqlite3"
    assert path.parent.name == "dealerassist"


def test_defect_41_7_damaged_journal_message_is_one_line(tmp_path: Path) -> None:
    """quick_check reports "*** in database main ***" then the findings on new lines."""
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        for n in range(300):
            journal.append([pending(n=n)])
    raw = sqlite3.connect(path)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    data = bytearray(path.read_bytes())
    data[4096 + 1 : 4096 + 3] = b"\x0f\xf0"  # page 2's first free block points outside
    path.write_bytes(bytes(data))
    before = digest(path)
    with pytest.raises(JournalError) as caught:
        SQLiteJournal(path)
    message = str(caught.value)
    assert "\n" not in message
    assert "the journal is damaged (Page 2: free space corruption)" in message
    assert digest(path) == before


def test_defect_41_11_tables_creating_one_journal_at_once_never_fail_to_migrate(
    tmp_path: Path,
) -> None:
    """Every opener that races to create the file gets a journal, never "meta already exists"."""
    import threading

    def open_it(path: Path, barrier: threading.Barrier, opened: list[int],
                errors: list[str]) -> None:
        barrier.wait()
        try:
            with SQLiteJournal(path) as journal:
                opened.append(journal.schema_version)
        except JournalError as error:
            errors.append(str(error))

    for round_ in range(15):
        barrier = threading.Barrier(6)
        errors: list[str] = []
        opened: list[int] = []
        arguments = (tmp_path / f"race-{round_}.sqlite3", barrier, opened, errors)
        threads = [threading.Thread(target=open_it, args=arguments) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert opened == [SCHEMA_VERSION] * 6
