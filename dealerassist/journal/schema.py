"""The SQLite layout of the journal, its identity marks and its migrations.

A journal file is recognised by two marks written when it is created: SQLite's
``application_id`` header field (``APPLICATION_ID``, "DAJ1") and a ``meta`` row
``application = dealerassist-journal``. A file without them is somebody else's and is
never written to. ``user_version`` (mirrored in ``meta.schema_version``) is the layout
version; `migrate` brings an older file up to `SCHEMA_VERSION` one step at a time, inside
one transaction, so a crash mid-migration leaves the old layout intact.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping

from dealerassist.errors import JournalError
from dealerassist.journal.records import SCHEMA_VERSION

APPLICATION_ID = 0x44414A31  # "DAJ1" in ASCII: the file is a dealerassist journal
APPLICATION_NAME = "dealerassist-journal"

Migration = Callable[[sqlite3.Connection], None]


def _create_version_1(connection: sqlite3.Connection) -> None:
    """Version 0 (an empty file) -> 1: meta, events, the hand index, append-only guards."""
    connection.execute(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID"
    )
    connection.execute(
        "INSERT INTO meta (key, value) VALUES ('application', ?)", (APPLICATION_NAME,)
    )
    # seq is the rowid: records are ordered by one global counter, so replay order is the
    # commit order even across hands; the (hand_id, seq) index serves the hand index/export.
    connection.execute(
        """
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY,
            hand_id INTEGER,
            type TEXT NOT NULL,
            class_version INTEGER NOT NULL CHECK (class_version >= 1),
            payload TEXT NOT NULL CHECK (json_valid(payload)),
            recorded_at TEXT NOT NULL
        )
        """
    )
    connection.execute("CREATE INDEX events_by_hand ON events (hand_id, seq)")
    # Nothing is ever edited or deleted: corrections and undo are new events.
    for operation in ("UPDATE", "DELETE"):
        connection.execute(
            f"""
            CREATE TRIGGER events_no_{operation.lower()} BEFORE {operation} ON events
            BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END
            """
        )


def _add_snapshots(connection: sqlite3.Connection) -> None:
    """Version 1 -> 2: the snapshots table (derived data) and the record type index.

    A snapshot is a reader's state after one record, so that opening a long journal starts
    there instead of at record 1; it is never the truth and may be dropped (no append-only
    guard). The type index answers "is there a record of this type" without a scan.
    """
    connection.execute(
        """
        CREATE TABLE snapshots (
            seq INTEGER PRIMARY KEY,
            format TEXT NOT NULL,
            payload TEXT NOT NULL
        )
        """
    )
    connection.execute("CREATE INDEX events_by_type ON events (type, seq)")


#: from-version -> step to from-version + 1.
MIGRATIONS: Mapping[int, Migration] = {0: _create_version_1, 1: _add_snapshots}


def is_blank(connection: sqlite3.Connection) -> bool:
    """Tell whether the database has no tables at all (a new or empty file)."""
    row = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    return int(row[0]) == 0


def stored_version(connection: sqlite3.Connection) -> int:
    """Return the layout version recorded in the file header."""
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def check_identity(connection: sqlite3.Connection, *, path: str) -> None:
    """Raise `JournalError` unless the database carries the dealerassist journal marks."""
    application_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
    names = [
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        )
    ]
    marked = application_id == APPLICATION_ID and "meta" in names
    if marked:
        row = connection.execute("SELECT value FROM meta WHERE key = 'application'").fetchone()
        marked = row is not None and row[0] == APPLICATION_NAME
    if not marked:
        shown = ", ".join(names[:5]) or "none"
        raise JournalError(
            f"{path}: this SQLite file is not a dealerassist journal (tables: {shown}); "
            "it was left untouched. Choose another file with --db."
        )


def migrate(
    connection: sqlite3.Connection,
    *,
    path: str,
    target: int = SCHEMA_VERSION,
    migrations: Mapping[int, Migration] = MIGRATIONS,
) -> int:
    """Bring the file to ``target`` in one transaction; return the version found before.

    Raises:
        JournalError: the file is newer than this program, or a step is missing or fails
            (the file then keeps its old layout).

    """
    found = stored_version(connection)
    if found > target:
        raise JournalError(
            f"{path}: journal layout version {found} was written by a newer dealerassist "
            f"(this one reads up to {target}); it was left untouched"
        )
    if found == target:
        return found
    connection.execute("BEGIN IMMEDIATE")
    try:
        # Another program may have created or migrated the file between the first look and
        # this write lock (several tables opening one new journal at once): read it again
        # under the lock, so each step runs once and the others find it done.
        before = found
        found = stored_version(connection)
        if found != before and found > 0:
            check_identity(connection, path=path)
        if found > target:
            raise JournalError(
                f"{path}: journal layout version {found} was written by a newer dealerassist "
                f"(this one reads up to {target}); it was left untouched"
            )
        if found == target:
            connection.execute("COMMIT")
            return found
        for version in range(found, target):
            step = migrations.get(version)
            if step is None:
                raise JournalError(f"{path}: no migration from journal layout {version}")
            step(connection)
        if found == 0:
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
            (str(target),),
        )
        connection.execute(f"PRAGMA user_version = {int(target)}")
        connection.execute("COMMIT")
    except BaseException as error:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        if isinstance(error, sqlite3.Error):
            raise JournalError(f"{path}: migration failed: {error}") from error
        raise
    return found
