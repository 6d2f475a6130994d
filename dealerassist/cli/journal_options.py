"""The journal and house-rules options shared by the commands that open a table's journal.

`dealerassist table` and `dealerassist export` both take ``--db FILE`` and ``--rules FILE``
after the subcommand, and read them the same way: the shipped rules unless a file is named,
the journal in the user data folder unless one is named. One place keeps the two alike.
The options default to `argparse.SUPPRESS` so that the same options given before the
subcommand (the dispatcher's) are not overwritten by an absent one after it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from dealerassist.journal.paths import default_journal_path
from dealerassist.rules.loader import load_rules
from dealerassist.rules.model import HouseRules
from dealerassist.rules.profiles import default_rules

__all__ = ["add_journal_options", "house_rules", "journal_path"]


def add_journal_options(parser: argparse.ArgumentParser, *, db_help: str, rules_help: str) -> None:
    """Add ``--db FILE`` and ``--rules FILE`` to a subcommand's parser.

    Args:
        parser: The subcommand's parser.
        db_help: The ``--db`` help text (what the default journal is).
        rules_help: The ``--rules`` help text.

    """
    parser.add_argument("--db", metavar="FILE", default=argparse.SUPPRESS, help=db_help)
    parser.add_argument("--rules", metavar="FILE", default=argparse.SUPPRESS, help=rules_help)


def house_rules(args: argparse.Namespace) -> HouseRules:
    """Return the rules of ``--rules FILE``, or the shipped rules when none is named."""
    path = getattr(args, "rules", None)
    return load_rules(path) if path else default_rules()


def journal_path(args: argparse.Namespace) -> str | Path:
    """Return the journal of ``--db FILE``, or the one in the user data folder."""
    return getattr(args, "db", None) or default_journal_path()
