"""`dealerassist backup --db FILE --to FILE`: copy a table's journal safely, even while in use.

A journal is its file plus the ``-wal`` file beside it (the last commits may be only
there): copying the file alone can lose them. This command copies both, through SQLite's
online backup, into one new self-contained file (never over an existing one), checks the
copy and prints how many records it holds.
"""

from __future__ import annotations

import argparse

from dealerassist.cli.journal_options import journal_path
from dealerassist.journal.store import SQLiteJournal


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist backup`."""
    parser.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS,
                        help="journal to copy (default: the one in the user data folder)")
    parser.add_argument("--to", metavar="FILE", required=True,
                        help="the new file to write (refused if it exists)")


def run(args: argparse.Namespace) -> int:
    """Copy the journal; print one line."""
    source = journal_path(args)
    with SQLiteJournal(source, create=False) as journal:
        for warning in journal.warnings:
            print(f"dealerassist: {warning}", flush=True)
        count = journal.backup_to(args.to)
    print(f"backed up {source} to {args.to}: {count} records")
    return 0
