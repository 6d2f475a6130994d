from __future__ import annotations

import hashlib
import itertools
import os
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


def test_defect_41_11_a_shm_file_removed_while_it_is_checked_is_not_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another table's SQLite removes the -shm file between "is it there" and "may I write it"."""
    from dealerassist.journal import store

    path = tmp_path / "race.sqlite3"
    shm = path.with_name(path.name + "-shm")
    shm.write_bytes(b"")
    asked = os.access

    def removed_meanwhile(file: object, mode: int) -> bool:
        if Path(str(file)) == shm and shm.exists():
            shm.unlink()  # the other table closes its last connection now
            return False
        return asked(file, mode)

    monkeypatch.setattr(store.os, "access", removed_meanwhile)
    assert store._access_problem(path) is None


# -- defect 41.13: journals that cannot be trusted ------------------------------------------


def _deny_writing(monkeypatch: pytest.MonkeyPatch, denied: Path) -> None:
    """Make ``denied`` read-only as os.access sees it (root ignores file modes)."""
    from dealerassist.journal import store

    real = os.access

    def access(path: object, mode: int, *args: object, **kwargs: object) -> bool:
        if Path(str(path)) == denied and mode & os.W_OK:
            return False
        return real(path, mode, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store.os, "access", access)


def _journal_with_records(path: Path, count: int = 3) -> None:
    with SQLiteJournal(path) as journal:
        for n in range(count):
            journal.append([pending(n=n)])


def test_defect_41_13_a_read_only_journal_is_refused_at_open_not_at_the_first_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "j.sqlite3"
    _journal_with_records(path)
    before = digest(path)
    _deny_writing(monkeypatch, path)
    with pytest.raises(JournalError) as caught:
        SQLiteJournal(path)
    message = str(caught.value)
    assert "the journal is read-only" in message and "dealerassist backup" in message
    assert "\n" not in message
    assert digest(path) == before
    with SQLiteJournal(path, create=False) as reader:  # export only reads: it still can
        assert reader.last_seq() == 3


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files")
def test_defect_41_13_a_chmod_read_only_journal_is_refused_at_open(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    _journal_with_records(path)
    path.chmod(0o444)
    with pytest.raises(JournalError, match="the journal is read-only"):
        SQLiteJournal(path)


def test_defect_41_13_a_read_only_folder_is_named_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    path = folder / "j.sqlite3"
    _journal_with_records(path)
    _deny_writing(monkeypatch, folder)
    with pytest.raises(JournalError) as caught:
        SQLiteJournal(path)
    assert str(caught.value).startswith(f"{folder}: the journal's folder is read-only")
    assert "j.sqlite3-wal" in str(caught.value)
    assert "not a readable journal" not in str(caught.value)
    with pytest.raises(JournalError, match="folder is read-only"):
        SQLiteJournal(folder / "new.sqlite3")  # nor can a new one be made there
    assert not (folder / "new.sqlite3").exists()


def test_defect_41_13_an_empty_file_never_becomes_a_new_table(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    path.write_bytes(b"")
    for create in (True, False):
        with pytest.raises(JournalError) as caught:
            SQLiteJournal(path, create=create)
        assert "the file is empty (0 bytes), not a journal" in str(caught.value)
        assert "-wal" in str(caught.value)
    assert path.read_bytes() == b""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["j.sqlite3"]


def test_defect_41_13_a_new_journal_is_made_whole_with_nothing_left_beside_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        assert path.stat().st_size > 0  # the layout is in the file before it has its name
        journal.append([pending(n=1)])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["j.sqlite3"]


def test_defect_41_13_a_copy_made_without_its_wal_warns(tmp_path: Path) -> None:
    import shutil

    path = tmp_path / "j.sqlite3"
    live = SQLiteJournal(path)
    for n in range(5):
        live.append([pending(n=n)])
    assert (tmp_path / "j.sqlite3-wal").stat().st_size > 0  # the records are in the -wal
    alone = tmp_path / "alone.sqlite3"
    shutil.copyfile(path, alone)  # the file only, while the table runs (or after a crash)
    both = tmp_path / "both.sqlite3"
    shutil.copyfile(path, both)
    shutil.copyfile(tmp_path / "j.sqlite3-wal", tmp_path / "both.sqlite3-wal")
    with SQLiteJournal(alone, create=False) as copy:
        assert copy.last_seq() < 5
        (warning,) = copy.warnings
        assert "not closed by the last program" in warning
        assert "alone.sqlite3-wal is not beside it" in warning and "\n" not in warning
    with SQLiteJournal(both, create=False) as copy:
        assert copy.last_seq() == 5 and copy.warnings == ()
    live.close()
    closed = tmp_path / "closed.sqlite3"
    shutil.copyfile(path, closed)  # closed cleanly: the file alone is the whole journal
    assert not (tmp_path / "j.sqlite3-wal").exists()
    with SQLiteJournal(closed, create=False) as copy:
        assert copy.last_seq() == 5 and copy.warnings == ()
    with SQLiteJournal(path) as reopened:  # a crash keeps the -wal: no warning either
        assert reopened.warnings == ()


def test_defect_41_13_backup_copies_the_file_and_its_wal_while_a_table_writes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite3"
    live = SQLiteJournal(path)
    for n in range(7):
        live.append([pending(n=n)])
    target = tmp_path / "copies" / "b.sqlite3"
    with SQLiteJournal(path, create=False) as reader:
        assert reader.backup_to(target) == 7
        with pytest.raises(JournalError, match="exists; a backup only writes a new file"):
            reader.backup_to(target)
    assert sorted(p.name for p in target.parent.iterdir()) == ["b.sqlite3"]  # no -wal
    live.append([pending(n=99)])  # the table goes on; the copy is what was committed
    live.close()
    with SQLiteJournal(target, create=False) as copy:
        assert [r.payload for r in copy.read()] == [f'{{"n":{n}}}' for n in range(7)]
        assert copy.warnings == ()
    with SQLiteJournal(target) as copy:  # and a table can go on from the copy
        assert copy.append([pending(n=7)])[0].seq == 8


def test_defect_41_13_backup_command_prints_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "j.sqlite3"
    _journal_with_records(path, 4)
    target = tmp_path / "b.sqlite3"
    command = [sys.executable, "-m", "dealerassist", "backup", "--db", str(path),
               "--to", str(target)]
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(command, capture_output=True, text=True, cwd=root, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"backed up {path} to {target}: 4 records\n"
    again = subprocess.run(command, capture_output=True, text=True, cwd=root, check=False)
    assert again.returncode == 1
    assert again.stderr == f"dealerassist: {target}: exists; a backup only writes a new file\n"


def test_defect_41_14_a_large_journal_is_checked_in_the_background_before_any_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past CHECK_AT_OPEN_BYTES the quick_check runs beside the open, and the first write
    waits for it: a damaged file is still never written to."""
    from dealerassist.journal import store

    monkeypatch.setattr(store, "CHECK_AT_OPEN_BYTES", 0)
    healthy = tmp_path / "ok.sqlite3"
    _journal_with_records(healthy, 5)
    with SQLiteJournal(healthy) as journal:
        assert journal._checker is not None  # checked in the background
        assert journal.append([pending(n=5)])[0].seq == 6
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
    journal = SQLiteJournal(path)  # opens: the check has not answered yet
    try:
        with pytest.raises(JournalError, match=r"the journal is damaged \(Page 2"):
            journal.append([pending(n=1)])
        with pytest.raises(JournalError, match="the journal is damaged"):
            journal.append([pending(n=2)])  # and every later write
    finally:
        journal.close()
    assert digest(path) == before


def test_defect_41_11_a_table_opening_as_another_starts_writing_is_not_warned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program opens the journal and marks it open just after this table looked
    for the -wal (none: the journal was closed cleanly): no "copied without its -wal"."""
    from dealerassist.journal import store

    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as first:
        first.append([pending(n=0)])
    assert not (tmp_path / "j.sqlite3-wal").exists()
    others: list[SQLiteJournal] = []
    started: list[bool] = []
    checked = store._access_problem

    def another_program_starts_writing(where: Path) -> str | None:
        if not started:  # runs after the -wal was looked for, before this table connects
            started.append(True)
            others.append(SQLiteJournal(path))
            others[0].append([pending(n=1)])  # its first write marks the file open
        return checked(where)

    monkeypatch.setattr(store, "_access_problem", another_program_starts_writing)
    with SQLiteJournal(path) as table:
        assert table.warnings == ()
        assert table.last_seq() == 2
    others[0].close()
