"""`dealerassist export`: write finished hands of a table journal as PHH files.

``--hand N`` (repeatable) picks hands by number, ``--day YYYY-MM-DD`` every hand started
that UTC day, ``--all`` every finished hand. A single ``--hand N`` goes to standard output or to
``--out FILE``; otherwise the hands go into the folder ``--out DIR`` as ``hand-000N.phh``
(one matching hand without ``--out`` is printed). The journal
is only read (a missing file is an error, never created).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from dealerassist.cli.journal_options import add_journal_options, house_rules, journal_path
from dealerassist.errors import DealerAssistError
from dealerassist.journal.store import SQLiteJournal
from dealerassist.session.export import export_hands


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist export`."""
    add_journal_options(
        parser,
        db_help="journal database (default: the one in the user data folder)",
        rules_help="house rules the table played under (default: the shipped rules)",
    )
    parser.add_argument("--hand", metavar="N", type=int, action="append", help="hand number")
    parser.add_argument("--day", metavar="YYYY-MM-DD", help="every hand started that UTC day")
    parser.add_argument("--all", action="store_true", help="every finished hand")
    parser.add_argument("--out", metavar="PATH", help="file (one hand) or folder (several)")
    parser.add_argument("--room", metavar="DSN",
                        help="with --day and --out DIR: every table's hands from the room's "
                        "server, as DIR/TABLE/hand-000N.phh (docs/room.md)")


def _from_room(args: argparse.Namespace) -> int:
    if not args.day or args.hand or args.all:
        raise DealerAssistError("export --room: give --day YYYY-MM-DD (and --out DIR)")
    if not args.out:
        raise DealerAssistError("export --room: give a folder with --out DIR")
    try:
        from dealerassist.room.history import export_day
    except ModuleNotFoundError as error:
        raise DealerAssistError(
            "the card room needs psycopg 3, which is not installed here "
            "(pip install 'psycopg[binary]')"
        ) from error
    hands = export_day(args.room, args.day)
    if not hands:
        raise DealerAssistError(f"export: no finished hand on {args.day} in the room")
    folder = Path(args.out)
    for table_id, exported in hands:
        (folder / table_id).mkdir(parents=True, exist_ok=True)
        (folder / table_id / f"hand-{exported.hand_id:04d}.phh").write_text(
            exported.text, encoding="utf-8")
    print(f"exported {len(hands)} hands of {len({t for t, _ in hands})} tables to {folder}",
          file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    """Export the hands asked for."""
    if not (args.hand or args.day or args.all):
        raise DealerAssistError("export: say which hands: --hand N, --day YYYY-MM-DD or --all")
    if args.day and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", args.day):
        raise DealerAssistError(f"export: --day {args.day!r} is not a date like 2026-11-30")
    if getattr(args, "room", None):
        return _from_room(args)
    rules = house_rules(args)
    db = journal_path(args)
    with SQLiteJournal(db, create=False) as journal:
        for warning in journal.warnings:  # a journal that may have lost its -wal
            print(f"dealerassist: {warning}", file=sys.stderr, flush=True)
        hands = export_hands(
            journal, rules=rules, hand_ids=set(args.hand or ()) or None, day=args.day
        )
    if not hands:
        raise DealerAssistError(f"export: no finished hand matches in {db}")
    single = bool(args.hand) and len(args.hand) == 1 and not (args.day or args.all)
    if single or (len(hands) == 1 and args.out in (None, "-")):
        if args.out in (None, "-"):
            _print_utf8(hands[0].text)
        else:
            _write(Path(args.out), hands[0].text)
        return 0
    if args.out is None:
        raise DealerAssistError(f"export: {len(hands)} hands match; give a folder with --out DIR")
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    for exported in hands:
        _write(folder / f"hand-{exported.hand_id:04d}.phh", exported.text)
    print(f"exported {len(hands)} hands to {folder}", file=sys.stderr)
    return 0


def _print_utf8(text: str) -> None:
    """Print a PHH file as UTF-8, whatever the terminal's encoding (names are Unicode)."""
    binary = getattr(sys.stdout, "buffer", None)
    if binary is None:
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    binary.write(text.encode("utf-8"))
    binary.flush()


def _write(path: Path, text: str) -> None:
    """Write a PHH file whole: the text is encoded before the file is opened."""
    data = text.encode("utf-8")
    try:
        path.write_bytes(data)
    except OSError as error:
        reason = error.strerror or error
        raise DealerAssistError(f"export: cannot write {path}: {reason}") from error
