"""Where the journal lives by default: the user data folder (platformdirs)."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "dealerassist"
JOURNAL_FILE_NAME = "journal.sqlite3"


def default_journal_path() -> Path:
    """Return the journal file in the user data folder, e.g. ``~/.local/share/dealerassist``."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / JOURNAL_FILE_NAME
