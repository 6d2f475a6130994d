"""Where the journal lives by default (the user data folder), and the files kept beside it."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "dealerassist"
JOURNAL_FILE_NAME = "journal.sqlite3"


def default_journal_path() -> Path:
    """Return the journal file in the user data folder, e.g. ``~/.local/share/dealerassist``."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / JOURNAL_FILE_NAME


def calibration_path(journal: Path | str) -> Path:
    """Where a table's camera calibration is kept: beside its journal (one per table)."""
    journal = Path(journal)
    return journal.with_name(journal.name + ".camera.json")
