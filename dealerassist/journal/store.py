"""`SQLiteJournal`: the durable, append-only event store (one SQLite file in WAL mode).

Durability choice: WAL with ``synchronous=FULL``. In WAL mode ``NORMAL`` keeps the file
consistent but may lose the last commits on a power cut (the WAL is synced only at
checkpoints); a dealer's record must survive exactly that, and one fsync per dealer action
costs milliseconds, so every commit is synced. A killed process loses nothing committed
with either setting.

Safety on open: the file is checked before anything is written to it. A file that is not
SQLite, fails ``quick_check``, belongs to another program or comes from a newer
dealerassist raises `JournalError` and is left byte for byte as it was.

``quick_check`` reads the whole file, about 1.5 s per 100,000 hands. A journal up to
`CHECK_AT_OPEN_BYTES` is checked before the constructor returns; a larger one is checked
by a thread started at open, so that reading it (and showing the table) does not wait,
and the first write waits for the verdict: nothing is ever written to a file that has not
passed the check, and a damaged one is refused at that write with the same message.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from dealerassist.errors import JournalError
from dealerassist.journal import schema
from dealerassist.journal.records import (
    SNAPSHOTS_KEPT,
    HandIndexEntry,
    JournalRecord,
    PendingRecord,
    Snapshot,
    conflict_message,
)

_SQLITE_MAGIC = b"SQLite format 3\x00"
_BUSY_TIMEOUT_MS = 5000

#: Files up to this size are checked (``quick_check``) before the constructor returns.
CHECK_AT_OPEN_BYTES = 32 * 1024 * 1024


def _file_state(path: Path) -> str:
    """Return "missing", "empty" or "sqlite" (a WAL-mode header: "sqlite-wal"), else raise."""
    if not path.exists():
        return "missing"
    if not path.is_file():
        raise JournalError(f"{path}: not a regular file; choose a journal file with --db")
    try:
        with path.open("rb") as handle:
            header = handle.read(20)
    except PermissionError as error:
        raise JournalError(f"{path}: the journal cannot be read (no permission)") from error
    if not header:
        return "empty"
    if header[: len(_SQLITE_MAGIC)] != _SQLITE_MAGIC:
        raise JournalError(
            f"{path}: not a SQLite database (corrupt or foreign file); it was left untouched"
        )
    return "sqlite-wal" if header[18:20] == b"\x02\x02" else "sqlite"


def _marked_open(path: Path) -> bool:
    """Tell whether the main file alone (no -wal read or made) marks a writer open.

    A file that cannot be read this way (being written at this instant, or no journal)
    tells nothing: False.
    """
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return False
    try:
        row = connection.execute("SELECT value FROM meta WHERE key = 'writer'").fetchone()
    except sqlite3.Error:
        return False
    finally:
        connection.close()
    return row is not None and row[0] == "open"


def _wal(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def _wal_holds_data(path: Path) -> bool:
    wal = _wal(path)
    return wal.is_file() and wal.stat().st_size > 0


def _read_only(file: Path) -> bool:
    """Tell whether ``file`` exists and this process may not write it.

    Another table's SQLite makes and removes the -wal and -shm files at any instant: one
    that vanishes while it is asked about is not read-only, so the question is asked again
    whenever the file is still there after a refusal.
    """
    for _ in range(3):
        if os.access(file, os.W_OK) or not file.exists():
            return False
    return True


def _access_problem(path: Path) -> str | None:
    """Say why a table could not write this journal (permissions), or None."""
    folder = path.parent
    if _read_only(path):
        return (
            f"{path}: the journal is read-only (no permission to write it), and a table "
            f"writes every command to it; make it writable, or copy it with "
            f"'dealerassist backup --db {path} --to NEW' and open the copy"
        )
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if _read_only(side):
            return f"{side}: read-only; a journal's {suffix} file must be writable like the journal"
    if folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
        return (
            f"{folder}: the journal's folder is read-only; SQLite keeps {path.name}-wal and "
            f"{path.name}-shm beside the journal, so the folder must be writable"
        )
    return None


def _create(path: Path) -> None:
    """Create a new journal at ``path`` whole, or find the one another program just made.

    The layout is written to a private file beside it, which is then linked into place
    (refused if the name exists): a journal file is never seen half made, so an empty
    file at the path is never one of ours (see `SQLiteJournal`).
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JournalError(f"{path.parent}: cannot make the journal's folder: "
                           f"{error.strerror or error}") from error
    problem = _access_problem(path)
    if problem is not None:
        raise JournalError(problem)
    private = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.new")
    try:
        connection = sqlite3.connect(private, isolation_level=None)
        try:
            connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            schema.migrate(connection, path=str(path))
        finally:
            connection.close()
        try:
            os.link(private, path)
        except FileExistsError:
            pass  # another table made it first: open that one
        except OSError:
            if not path.exists():  # a file system without hard links
                os.replace(private, path)
    except sqlite3.Error as error:
        raise JournalError(f"{path}: cannot create the journal: {error}") from error
    finally:
        for leftover in (private, private.with_name(private.name + "-journal")):
            leftover.unlink(missing_ok=True)


def _blank_file(path: Path) -> bool:
    """Tell whether the main file alone (no -wal read) holds no table."""
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error:
        return False
    try:
        return schema.is_blank(connection)
    except sqlite3.Error:
        return False
    finally:
        connection.close()


def _size(connection: sqlite3.Connection) -> int:
    pages = int(connection.execute("PRAGMA page_count").fetchone()[0])
    return pages * int(connection.execute("PRAGMA page_size").fetchone()[0])


class _BackgroundCheck:
    """``quick_check`` of a large journal on its own connection, in a thread."""

    def __init__(self, path: Path, shown: str) -> None:
        self._shown = shown
        self._connection = sqlite3.connect(path, check_same_thread=False)
        self._verdict: str | None = None
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="journal-check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._verdict = _integrity_verdict(self._connection)
        except sqlite3.Error as error:
            self._verdict = None if self._stopped else _one_line(str(error))
        finally:
            self._connection.close()

    def wait(self) -> None:
        self._thread.join()
        if self._verdict is not None:
            raise JournalError(damaged_message(self._shown, self._verdict))

    def stop(self) -> None:
        if self._thread.is_alive():
            self._stopped = True
            try:
                self._connection.interrupt()
            except sqlite3.Error:
                pass  # already finished and closed
            self._thread.join()


def _switch_to_wal(connection: sqlite3.Connection) -> str:
    """Put the file in WAL mode and return the mode it is in.

    Switching needs the file to itself for an instant, and SQLite answers "database is
    locked" at once, without waiting, while another program holds it (several tables
    opening one new journal together): wait and try again, up to the busy timeout.
    """
    deadline = time.monotonic() + _BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            return str(connection.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _integrity_verdict(connection: sqlite3.Connection) -> str | None:
    """Return None when ``PRAGMA quick_check`` finds nothing, else its findings on one line."""
    rows = connection.execute("PRAGMA quick_check(5)").fetchall()
    findings = [str(row[0]) for row in rows]
    if findings == ["ok"]:
        return None
    # SQLite's report spans lines ("*** in database main ***\nPage 2: ..."): the dealer
    # gets one line, so the findings are joined and the banner dropped.
    parts = [
        part.strip()
        for finding in findings
        for part in finding.splitlines()
        if part.strip() and not part.strip().startswith("***")
    ]
    return _one_line("; ".join(parts) or "quick_check failed")


def _one_line(text: str, *, limit: int = 200) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def damaged_message(shown: str, verdict: str) -> str:
    """Return the one-line refusal of a journal that fails its integrity check."""
    return (
        f"{shown}: the journal is damaged ({verdict}); it was left untouched. "
        "Keep a copy for the floor and start a new journal with --db."
    )


class SQLiteJournal:
    """The journal in one SQLite file.

    Args:
        path: The database file; created (with its folder) if missing and ``create``.
        create: False to refuse a missing file (export reads, never creates).

    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = True) -> None:
        self.path = Path(path)
        shown = str(self.path)
        self.warnings: tuple[str, ...] = ()
        self._writer = create
        state = _file_state(self.path)
        if state == "missing":
            if not create:
                raise JournalError(f"{shown}: no journal here (the file does not exist)")
            _create(self.path)
            state = "sqlite"
        elif state == "empty" and not _wal_holds_data(self.path):
            raise JournalError(
                f"{shown}: the file is empty (0 bytes), not a journal: a copy that failed, "
                f"or one made without {self.path.name}-wal; put the journal and its -wal "
                "back, or delete the empty file to start a new table there"
            )
        # The writer's mark is read from the main file before the -wal is looked for: a
        # writer creates its -wal before it marks the file open, so "open" with no -wal
        # after it is a writer gone without closing, not another program opening it now.
        marked_open = state != "missing" and _marked_open(self.path)
        wal_missing = not _wal(self.path).exists()
        if state == "sqlite-wal" and wal_missing and _blank_file(self.path):
            raise JournalError(
                f"{shown}: a journal in WAL mode whose records are all in "
                f"{self.path.name}-wal, which is not here (copied without it?); a journal "
                "is the file plus its -wal: copy both, or use 'dealerassist backup'"
            )
        if create:
            problem = _access_problem(self.path)
            if problem is not None:
                raise JournalError(problem)
        self._wal_was_missing = wal_missing and marked_open
        self._marked = False
        self._lock = threading.Lock()
        self._checker: _BackgroundCheck | None = None
        try:
            self._connection = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as error:
            raise JournalError(f"{shown}: cannot open the journal: {error}") from error
        try:
            self._open(shown)
        except BaseException:
            if self._checker is not None:
                self._checker.stop()
            self._connection.close()
            raise
        self._closed = False

    def _open(self, shown: str) -> None:
        connection = self._connection
        try:
            connection.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
            # One read transaction, so that a file another program is creating at this
            # instant is seen either before or after its creation, never halfway.
            connection.execute("BEGIN")
            try:
                blank = schema.is_blank(connection)
                version = schema.stored_version(connection)
            finally:
                connection.execute("COMMIT")
            if not blank:
                schema.check_identity(connection, path=shown)
                if version < schema.SCHEMA_VERSION or _size(connection) <= CHECK_AT_OPEN_BYTES:
                    verdict = _integrity_verdict(connection)
                    if verdict is not None:
                        raise JournalError(damaged_message(shown, verdict))
                else:
                    self._checker = _BackgroundCheck(self.path, shown)
            elif version != 0:
                raise JournalError(f"{shown}: an empty database with a version mark; refused")
            mode = _switch_to_wal(connection)
            if str(mode).lower() != "wal":
                raise JournalError(f"{shown}: cannot switch the journal to WAL mode ({mode})")
            connection.execute("PRAGMA synchronous = FULL")
            schema.migrate(connection, path=shown)
            self._mark_open(shown)
        except sqlite3.DatabaseError as error:
            problem = _access_problem(self.path)
            if problem is not None:
                raise JournalError(problem) from error
            raise JournalError(
                f"{shown}: not a readable journal ({_one_line(str(error))}); it was left untouched"
            ) from error

    def _mark_open(self, shown: str) -> None:
        """Warn of a journal copied without its -wal; mark the file open while writing.

        A writer sets ``meta.writer = open`` in the main file itself (checkpointed) before
        its first write and ``closed`` when it closes; SQLite removes the -wal at a clean
        close. A file marked
        open with no -wal beside it was left by a writer that never closed, and its last
        commits were in a -wal that is not here: most likely a copy made without it.
        """
        connection = self._connection
        row = connection.execute("SELECT value FROM meta WHERE key = 'writer'").fetchone()
        if self._wal_was_missing and row is not None and row[0] == "open":
            self.warnings = (
                f"{shown}: warning: this journal was not closed by the last program that "
                f"wrote it, and its write-ahead log {self.path.name}-wal is not beside it: "
                "its last commands may be missing (a copy made without the -wal?). A "
                "journal is the file plus its -wal; 'dealerassist backup' copies one safely",
            )


    @property
    def schema_version(self) -> int:
        """Return the layout version of the file (after migration, the current one)."""
        with self._lock:
            self._check_open()
            return schema.stored_version(self._connection)

    def append(
        self, records: Sequence[PendingRecord], *, expected_last_seq: int | None = None
    ) -> tuple[JournalRecord, ...]:
        """Commit ``records`` in one transaction; when this returns they are on disk."""
        records = tuple(records)
        for record in records:
            if not isinstance(record, PendingRecord):
                raise JournalError(f"cannot append {type(record).__name__}, need PendingRecord")
        if not records:
            return ()
        with self._write_transaction("could not write to the journal") as connection:
            last = int(connection.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()[0])
            if expected_last_seq is not None and expected_last_seq != last:
                raise JournalError(conflict_message(expected_last_seq, last))
            start = last + 1
            stored = tuple(
                JournalRecord.stored(start + offset, record)
                for offset, record in enumerate(records)
            )
            connection.executemany(
                "INSERT INTO events (seq, hand_id, type, class_version, payload, "
                "recorded_at) VALUES (?, ?, ?, ?, ?, ?)",
                [(r.seq, r.hand_id, r.type, r.class_version, r.payload, r.recorded_at)
                 for r in stored],
            )
        return stored

    def read(self, *, after_seq: int = 0, hand_id: int | None = None) -> tuple[JournalRecord, ...]:
        """Return the records after ``after_seq`` in sequence order, optionally of one hand."""
        query = (
            "SELECT seq, type, class_version, payload, hand_id, recorded_at FROM events "
            "WHERE seq > ?"
        )
        parameters: tuple[int, ...] = (after_seq,)
        if hand_id is not None:
            query += " AND hand_id = ?"
            parameters = (after_seq, hand_id)
        with self._lock:
            self._check_open()
            try:
                rows = self._connection.execute(query + " ORDER BY seq", parameters).fetchall()
            except sqlite3.Error as error:
                raise JournalError(f"{self.path}: could not read the journal: {error}") from error
        return tuple(
            JournalRecord(
                seq=row[0],
                type=row[1],
                class_version=row[2],
                payload=row[3],
                hand_id=row[4],
                recorded_at=row[5],
            )
            for row in rows
        )

    def last_seq(self) -> int:
        """Return the highest sequence number, 0 when empty."""
        with self._lock:
            self._check_open()
            row = self._connection.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()
        return int(row[0])

    def hands(self) -> tuple[HandIndexEntry, ...]:
        """Return every hand with records, by hand id (served by the (hand_id, seq) index)."""
        with self._lock:
            self._check_open()
            rows = self._connection.execute(
                "SELECT hand_id, MIN(seq), MAX(seq), COUNT(*) FROM events "
                "WHERE hand_id IS NOT NULL GROUP BY hand_id ORDER BY hand_id"
            ).fetchall()
            entries = []
            for hand_id, first_seq, last_seq, count in rows:
                started_at = self._connection.execute(
                    "SELECT recorded_at FROM events WHERE seq = ?", (first_seq,)
                ).fetchone()[0]
                entries.append(
                    HandIndexEntry(
                        hand_id=hand_id,
                        first_seq=first_seq,
                        last_seq=last_seq,
                        record_count=count,
                        started_at=started_at,
                    )
                )
        return tuple(entries)

    def table_id(self) -> str:
        """Return the table's stable id, kept in ``meta`` (made once: ``table-`` + 8 hex).

        The room (`dealerassist.room`) names a table's records by it unless a setting
        names the table otherwise. ``meta`` is not the event log: writing the id once
        changes no event.
        """
        self._wait_verified()  # a write: never before the file passed its check
        with self._lock:
            self._check_open()
            connection = self._connection
            try:
                connection.execute(
                    "INSERT OR IGNORE INTO meta (key, value) VALUES ('table_id', ?)",
                    ("table-" + secrets.token_hex(4),),
                )
                row = connection.execute(
                    "SELECT value FROM meta WHERE key = 'table_id'"
                ).fetchone()
            except sqlite3.Error as error:
                raise JournalError(f"{self.path}: could not read the table id: {error}") from error
        return str(row[0])

    def has_record_type(self, type_name: str) -> bool:
        """Tell whether any record has this type (served by the type index)."""
        with self._lock:
            self._check_open()
            row = self._connection.execute(
                "SELECT EXISTS (SELECT 1 FROM events WHERE type = ?)", (type_name,)
            ).fetchone()
        return bool(row[0])

    def save_snapshot(self, snapshot: Snapshot) -> None:
        """Keep ``snapshot`` beside the records; only the newest `SNAPSHOTS_KEPT` stay.

        Raises:
            JournalError: no record ``seq`` yet, or the file cannot be written.

        """
        with self._write_transaction("could not write a snapshot") as connection:
            last = connection.execute("SELECT COALESCE(MAX(seq), 0) FROM events")
            if not 0 < snapshot.seq <= int(last.fetchone()[0]):
                raise JournalError(f"no record {snapshot.seq} to take a snapshot after")
            connection.execute(
                "INSERT OR REPLACE INTO snapshots (seq, format, payload) VALUES (?, ?, ?)",
                (snapshot.seq, snapshot.format, snapshot.payload),
            )
            connection.execute(
                "DELETE FROM snapshots WHERE seq NOT IN "
                "(SELECT seq FROM snapshots ORDER BY seq DESC LIMIT ?)",
                (SNAPSHOTS_KEPT,),
            )

    @contextlib.contextmanager
    def _write_transaction(self, failure: str) -> Iterator[sqlite3.Connection]:
        """One checked, locked ``BEGIN IMMEDIATE`` transaction, committed or rolled back whole.

        An SQLite error becomes a one-line `JournalError` naming the file and ``failure``.
        """
        self._wait_verified()
        with self._lock:
            self._check_open()
            connection = self._connection
            try:
                connection.execute("BEGIN IMMEDIATE")
                try:
                    yield connection
                    connection.execute("COMMIT")
                except BaseException:
                    if connection.in_transaction:
                        connection.execute("ROLLBACK")
                    raise
            except sqlite3.Error as error:
                raise JournalError(f"{self.path}: {failure}: {error}") from error

    def latest_snapshot(self, *, before_seq: int | None = None) -> Snapshot | None:
        """Return the newest snapshot, below ``before_seq`` when given."""
        query = "SELECT seq, format, payload FROM snapshots"
        parameters: tuple[int, ...] = ()
        if before_seq is not None:
            query += " WHERE seq < ?"
            parameters = (before_seq,)
        with self._lock:
            self._check_open()
            try:
                row = self._connection.execute(
                    query + " ORDER BY seq DESC LIMIT 1", parameters
                ).fetchone()
            except sqlite3.Error as error:
                raise JournalError(f"{self.path}: could not read the journal: {error}") from error
        return None if row is None else Snapshot(seq=row[0], format=row[1], payload=row[2])

    def wait_until_verified(self) -> None:
        """Return once the whole file has passed ``quick_check`` (raise if it failed)."""
        self._wait_verified()

    def close(self) -> None:
        """Close the file (idempotent); a check still running is stopped."""
        checker = getattr(self, "_checker", None)
        if checker is not None:
            checker.stop()
        with self._lock:
            if not getattr(self, "_closed", True):
                if self._marked:
                    try:
                        self._connection.execute(
                            "INSERT OR REPLACE INTO meta (key, value) VALUES ('writer', 'closed')"
                        )
                    except sqlite3.Error:
                        pass  # closing anyway: the next open warns only without a -wal
                self._connection.close()
                self._closed = True

    def __del__(self) -> None:
        # A program that never called close (a script, a test) still closes cleanly: the
        # file is marked closed, as SQLite's own close at collection removes the -wal.
        try:
            self.close()
        except Exception:  # noqa: BLE001 - never raise from a finaliser (interpreter exit)
            pass

    def backup_to(self, target: str | os.PathLike[str]) -> int:
        """Copy the journal, -wal included, into the new file ``target``; return its records.

        SQLite's online backup copies a consistent state even while a table writes; the
        copy is one self-contained file (rollback mode, no -wal), checked, then put in
        place whole.

        Raises:
            JournalError: ``target`` exists, or the copy cannot be made or fails its check.

        """
        target = Path(target)
        if target.exists():
            raise JournalError(f"{target}: exists; a backup only writes a new file")
        self._wait_verified()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise JournalError(f"{target.parent}: cannot make the folder: "
                               f"{error.strerror or error}") from error
        private = target.with_name(f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.new")
        try:
            with self._lock:
                self._check_open()
                copy = sqlite3.connect(private, isolation_level=None)
                try:
                    self._connection.backup(copy)
                    copy.execute("PRAGMA journal_mode = DELETE")
                    copy.execute(
                        "INSERT OR REPLACE INTO meta (key, value) VALUES ('writer', 'closed')"
                    )
                    verdict = _integrity_verdict(copy)
                finally:
                    copy.close()
            if verdict is not None:
                raise JournalError(damaged_message(str(target), verdict))
            try:
                os.link(private, target)
            except FileExistsError as error:
                raise JournalError(f"{target}: exists; a backup only writes a new file") from error
            except OSError:
                os.replace(private, target)  # a file system without hard links
        except sqlite3.Error as error:
            raise JournalError(f"{target}: the backup failed: {error}") from error
        finally:
            for leftover in (private, private.with_name(private.name + "-journal")):
                leftover.unlink(missing_ok=True)
        with SQLiteJournal(target, create=False) as copied:
            return copied.last_seq()

    def _wait_verified(self) -> None:
        checker = self._checker
        if checker is not None:
            checker.wait()  # raises JournalError for a damaged file, every time
        if self._writer and not self._marked:
            with self._lock:
                self._check_open()
                try:
                    self._connection.execute(
                        "INSERT OR REPLACE INTO meta (key, value) VALUES ('writer', 'open')"
                    )
                    self._connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error as error:
                    raise JournalError(
                        f"{self.path}: could not write to the journal: {error}"
                    ) from error
                self._marked = True

    def __enter__(self) -> SQLiteJournal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise JournalError(f"{self.path}: the journal is closed")
