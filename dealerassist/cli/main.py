"""The `dealerassist` command: dispatches to one module per subcommand.

Subcommand modules are imported only when used, so `replay` never loads Qt or OpenCV.
Each module exposes ``add_arguments(parser)`` and ``run(args) -> int``. Any error reaching
this level is printed as one line on stderr (never a traceback) and exits non-zero.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from dealerassist import __version__
from dealerassist.errors import DealerAssistError

# name -> (module, one-line help). Keep names stable: outside checks rely on them.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "replay": ("dealerassist.cli.replay", "replay Poker Hand History files"),
    "recognize": ("dealerassist.cli.recognize", "read the cards in images"),
    "check-rules": ("dealerassist.cli.check_rules", "validate a house rules file"),
    "bench": ("dealerassist.cli.bench", "benchmark engine, evaluators and recogniser"),
    "table": ("dealerassist.cli.table", "run a table from dealer commands on stdin"),
    "export": ("dealerassist.cli.export", "export journal hands as PHH files"),
    "backup": ("dealerassist.cli.backup", "copy a journal (file and -wal) safely"),
    "drill": ("dealerassist.cli.drill", "print a trainer drill and its answer"),
    "floor": ("dealerassist.cli.floor", "the card room's floor view (PostgreSQL)"),
    "room": ("dealerassist.cli.room", "set up a card room on PostgreSQL"),
}


def _build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dealerassist",
        description="Live dealer assistant for a physical poker table. "
        "Without a subcommand, opens the dealer console.",
    )
    parser.add_argument("--version", action="version", version=f"dealerassist {__version__}")
    parser.add_argument("--screenshot", metavar="FILE.png", help="render the console to a PNG")
    parser.add_argument("--demo", action="store_true", help="with --screenshot: a demo hand")
    parser.add_argument("--rules", metavar="FILE", help="house rules file (default rules.yaml)")
    parser.add_argument("--db", metavar="FILE", help="journal database file")
    parser.add_argument("--room", metavar="DSN",
                        help="the console pushes its journal to the card room (docs/room.md)")
    parser.add_argument("--table-id", metavar="ID", help="with --room: the room's name for it")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = next((arg for arg in argv if arg in SUBCOMMANDS), None)
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text)
        if name == wanted:
            module = _load(module_name)
            if module is not None:
                module.add_arguments(sub)
    return parser


def _load(module_name: str):  # type: ignore[no-untyped-def]
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = _build_parser(args_list)
    args = parser.parse_args(args_list)
    try:
        if args.command is None:
            try:
                module = _load("dealerassist.ui.app")
            except ModuleNotFoundError as error:
                if error.name != "PySide6" and not str(error.name).startswith("PySide6."):
                    raise
                print(
                    "dealerassist: the console needs PySide6, which is not installed here "
                    "(`make run` installs it)",
                    file=sys.stderr,
                )
                return 2
            except ImportError as error:
                # PySide6 is there but a system library under it is not (libEGL.so.1 ...).
                from dealerassist.ui.system_libraries import libraries_named, missing_message

                names = libraries_named(str(error))
                if not names:
                    raise
                print(f"dealerassist: {missing_message(names, what='start')}", file=sys.stderr)
                return 2
            if module is None:
                print("dealerassist: the console is not available in this build", file=sys.stderr)
                return 2
            return int(module.main(args))
        module = _load(SUBCOMMANDS[args.command][0])
        if module is None:
            print(f"dealerassist {args.command}: not available in this build", file=sys.stderr)
            return 2
        return int(module.run(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except DealerAssistError as error:
        print(f"dealerassist: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - the last guard: never a traceback for a dealer
        print(f"dealerassist: internal error: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
