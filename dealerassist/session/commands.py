"""The dealer command language: one short line per action, typed or sent by a button.

``parse_command("r 60")`` returns a frozen command (`RaiseTo(amount=60)`); a line that
cannot be read raises `CommandError` naming the problem and the fix ("unknown command
'rasie'; did you mean 'raise'?", "usage: sit SEAT NAME STACK, e.g. sit 3 Alice 1500").
The console's buttons send the same lines, so one parser serves both. The full list with
examples is in ``docs/commands.md`` and in `COMMAND_HELP`.

Parsing only reads the line; whether the command is legal now (whose turn, the limits,
a free seat) is decided by the session and the engine, with a rule ID.

Two modules hold it: `dealerassist.session.command_types` (the frozen commands and
`CommandError`) and `dealerassist.session.command_parser` (the reader, `COMMAND_HELP`).
Import from here.
"""

from __future__ import annotations

from dealerassist.session import command_types
from dealerassist.session.command_parser import COMMAND_HELP, parse_command
from dealerassist.session.command_types import *  # noqa: F403 - the facade re-exports them all

__all__ = [*command_types.__all__, "COMMAND_HELP", "parse_command"]
