"""Opening a side table store (trainer history, floor incidents) in the journal's file.

The trainer and the floor keep their records in the same SQLite file as the journal,
in their own tables (created with ``CREATE TABLE IF NOT EXISTS``); the journal's tables are
never touched. The file is first opened as a journal, which creates it or checks that it
is a dealerassist journal (a foreign file is refused and left untouched).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from dealerassist.errors import JournalError
from dealerassist.journal.store import SQLiteJournal

__all__ = ["open_side_store"]


def open_side_store(path: str | os.PathLike[str], *, schema: tuple[str, ...]) -> sqlite3.Connection:
    """Return a connection to the journal file at ``path`` with ``schema`` statements applied.

    Raises:
        JournalError: the file is not a dealerassist journal or cannot be written.

    """
    SQLiteJournal(path).close()  # creates the journal or refuses a foreign file
    try:
        connection = sqlite3.connect(Path(path), isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA busy_timeout = 5000")
        connection.execute("BEGIN IMMEDIATE")
        for statement in schema:
            connection.execute(statement)
        connection.execute("COMMIT")
    except sqlite3.Error as error:
        raise JournalError(f"{path}: cannot prepare the tables: {error}") from error
    return connection
