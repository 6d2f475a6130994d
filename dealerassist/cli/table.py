"""`dealerassist table`: run a table from dealer commands read on standard input.

One command per line (see docs/commands.md); after each, the table's state is printed:
a short text summary, or with ``--json`` one JSON object per line (keys hand_id, street,
to_act, to_call, min_raise_to, max_raise_to, pots, stacks, flags, ...). The first line
is the state found at start (resumed from the journal). A refused command prints its
error (in the JSON object as ``error``) and leaves the state unchanged; the exit status is
then 1 at the end of input. Every accepted command is committed to the journal before its
state is printed, so a printed state is never lost.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from dealerassist.cli.journal_options import add_journal_options, house_rules, journal_path
from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.journal.store import SQLiteJournal
from dealerassist.rules.model import NO_PRESETS
from dealerassist.rules.profiles import default_rules_text
from dealerassist.session.commands import COMMAND_HELP, CommandError
from dealerassist.session.controller import TableSession, utc_now
from dealerassist.session.desk import (
    DESK_HELP,
    DeskState,
    desk_of,
    finished_rakes,
    handover_card,
    is_desk_line,
    record_desk_line,
    signing_in,
)
from dealerassist.session.presenter import present, table_json
from dealerassist.session.reports import REPORT_HELP
from dealerassist.session.tournament_table import (
    TOURNAMENT_HELP,
    TournamentTable,
    holds_tournament,
)
from dealerassist.session.viewmodels import TableView

_CONTACT_S = 2.0
"""At start, the longest wait for the room's first answer (the table deals regardless)."""
_DRAIN_S = 3.0
"""At exit, the longest wait for the room to take what is left (the rest goes next start)."""



def _dealer_check(link: Any, line: str) -> str:
    """Check a ``dealer in NAME`` against the room (password read without echo).

    Returns `DealerSignedIn.verified`: ``""`` without a room; at a terminal the password
    is asked for (never echoed, never journaled) and the room checks it; a scripted table
    has no terminal to ask on and signs the dealer in ``unverified``.
    """
    name = signing_in(line)
    if name is None or link is None:
        return ""
    password = None
    if sys.stdin.isatty():
        password = getpass.getpass(f"password for {name} (not shown): ")
    return str(link.verify_dealer(name, password))

def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist table`."""
    add_journal_options(
        parser,
        db_help="journal database (default: journal.sqlite3 in the user data folder)",
        rules_help="house rules file (default: the shipped rules)",
    )
    parser.add_argument(
        "--game",
        metavar="PRESET",
        help="game preset of the rules file (default: the journal's game, else the first)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per line")
    parser.add_argument(
        "--room",
        metavar="DSN",
        help="push the journal to the card room's PostgreSQL (libpq DSN); the table "
        "keeps dealing when it is unreachable (docs/room.md)",
    )
    parser.add_argument(
        "--table-id",
        metavar="ID",
        help="the room's name for this table (default: the id stored in the journal)",
    )
    parser.add_argument(
        "--confirm-payouts",
        action="store_true",
        help="a showdown waits for 'pay' before the pots are paid (as in the console)",
    )


def open_session(args: argparse.Namespace) -> TableSession | TournamentTable:
    """Open the journal and the session the options name (shared with the console).

    A tournament preset (one with a ``starting_stack``), or a journal that holds a
    tournament, opens a `TournamentTable` (TRN-*: blind clock, levels, eliminations).
    """
    rules = house_rules(args)
    # Everything the options name is checked before the journal is opened, so a bad
    # --game or a rules file without a game never leaves a new, empty journal behind.
    preset = rules.preset(args.game) if getattr(args, "game", None) else None
    path = journal_path(args)
    if preset is None and not rules.presets and not _holds_records(path):
        raise DealerAssistError(f"{getattr(args, 'rules', 'the rules')}: {NO_PRESETS}")
    journal = SQLiteJournal(path)
    for warning in journal.warnings:  # a journal that may have lost its -wal (docs/journal.md)
        print(f"dealerassist: {warning}", file=sys.stderr, flush=True)
    try:
        confirm = bool(getattr(args, "confirm_payouts", False))
        if holds_tournament(journal) or (
            preset is not None and preset.starting_stack is not None
        ):
            return TournamentTable(journal, rules=rules, preset=preset, confirm_payouts=confirm)
        session = TableSession(journal, rules=rules, preset=preset, confirm_payouts=confirm)
        if session.state.game is None:
            if not rules.presets:
                raise DealerAssistError(f"{getattr(args, 'rules', 'the rules')}: {NO_PRESETS}")
            session = TableSession(journal, rules=rules, preset=rules.presets[0],
                                   confirm_payouts=confirm)
    except BaseException:
        journal.close()
        raise
    return session


def input_lines(stream: TextIO) -> Iterator[str]:
    """Yield the lines of ``stream`` as text, whatever bytes they hold.

    UTF-8 is expected; a line that is not UTF-8 (a terminal or a file in Latin-1 or
    Windows-1252) is read as Windows-1252, and as Latin-1 for the few bytes that one
    leaves out, so a name typed in another encoding never stops the table.
    """
    binary = getattr(stream, "buffer", None)
    if binary is None:
        yield from stream
        return
    for raw in binary:
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            try:
                yield raw.decode("cp1252")
            except UnicodeDecodeError:
                yield raw.decode("latin-1")


def _holds_records(path: str | Path) -> bool:
    """Tell whether a journal file is there with something in it (a new one is not)."""
    try:
        return Path(path).stat().st_size > 0
    except OSError:
        return False


def _text(view: TableView, *, command: str | None) -> str:
    parts = []
    if view.hand_id is not None:
        parts.append(f"hand {view.hand_id}")
    if view.street:
        parts.append(view.street)
    if view.board:
        parts.append("board " + " ".join(view.board))
    if view.pots:
        parts.append(
            "pots "
            + ", ".join(
                f"{pot.label} {pot.amount} [{' '.join(map(str, pot.eligible_seats))}]"
                for pot in view.pots
            )
        )
    action = view.action
    if action is not None:
        limits = "check" if action.can_check else f"call {action.to_call}"
        if not action.can_check and action.to_call >= action.stack:
            limits += f" (all-in for {action.stack})"  # G-ALLIN: a call for less
        if action.raise_to_amounts:
            # Fixed limit: the legal amounts themselves (ST-OPEN-PAIR: 15 or 30), no range.
            word = "bet" if action.is_opening_bet else "raise to"
            limits += f", {word} " + " or ".join(map(str, action.raise_to_amounts))
        elif action.min_raise_to is not None:
            word = "bet" if action.is_opening_bet else "raise to"
            limits += f", {word} {action.min_raise_to}..{action.max_raise_to}"
        parts.append(f"seat {action.seat} {action.name} to act: {limits}")
    elif view.message:
        parts.append(view.message)
    if view.keep is not None and view.keep.shown is None and not view.keep.due:
        # JB-KEEP: the opener keeps the opening hand until it is shown after the pot.
        parts.append(f"seat {view.keep.opener} keeps the opening hand (seat "
                     f"{view.keep.asked_by} asked, JB-KEEP)")
    stacks = " ".join(
        f"{seat.seat}:{seat.name}={seat.stack}" + (f"+{seat.bet}" if seat.bet else "")
        for seat in view.seats
        if seat.name
    )
    head = f"> {command}\n" if command is not None else ""
    return f"{head}  " + " | ".join(parts) + (f"\n  stacks {stacks}" if stacks else "")


def _desk_json(desk: DeskState) -> dict[str, Any]:
    return {
        "dealer": desk.dealer.name if desk.dealer else None,
        "calls": [
            {"id": call.call_id, "seat": call.seat, "since": call.since, "status": call.status,
             "reason": call.reason,
             "answer": None if call.answer is None else {
                 "kind": call.answer.kind, "flag_id": call.answer.flag_id,
                 "reason": call.answer.reason, "by": call.answer.by, "at": call.answer.at,
                 "place": call.answer.place}}
            for call in desk.calls
        ],
    }


def _emit(
    out: TextIO, view: TableView, *, as_json: bool, command: str | None, error: str | None = None,
    extra: dict[str, Any] | None = None,
) -> None:
    extra = extra or {}
    if as_json:
        shown = {key: value for key, value in extra.items() if key != "room_line"}
        # design.md's contract: "error" is the refusal, or null after an accepted command.
        record: dict[str, Any] = {"command": command, "error": None,
                                  **table_json(view, error=error), **shown}
        out.write(json.dumps(record, separators=(",", ":")) + "\n")
    else:
        if error is not None:
            out.write(f"> {command}\n  error: {error}\n")
        else:
            out.write(_text(view, command=command) + "\n")
        for said in extra.get("floor_answers", ()):
            out.write(f"  {said}\n")
        if "room" in extra:
            out.write(f"  {extra['room_line']}\n")
    out.flush()


def _help(out: TextIO, line: str, *, as_json: bool) -> None:
    """Print the command list: one line per command, or one JSON object listing them all."""
    entries = (*COMMAND_HELP, *REPORT_HELP, *TOURNAMENT_HELP, *DESK_HELP)
    if as_json:
        record = {"command": line, "commands": [
            {"usage": usage, "example": example, "meaning": meaning,
             "verb": usage.split()[0]} for usage, example, meaning in entries]}
        out.write(json.dumps(record, separators=(",", ":")) + "\n")
    else:
        for usage, example, meaning in entries:
            out.write(f"  {usage:<28} {meaning} (e.g. {example})\n")
    out.flush()


def _link(args: argparse.Namespace, session: Any) -> Any:
    """Open the room link of ``--room`` (psycopg is loaded only then), or None."""
    if not getattr(args, "room", None):
        return None
    try:
        from dealerassist.room.table_link import TableLink
    except ModuleNotFoundError as error:
        raise DealerAssistError(
            "the card room needs psycopg 3, which is not installed here "
            "(pip install 'psycopg[binary]')"
        ) from error

    table_id = args.table_id or session.journal.table_id()
    rules_path = getattr(args, "rules", None)
    rules_text = (Path(rules_path).read_text(encoding="utf-8") if rules_path
                  else default_rules_text())
    link = TableLink(session, session.journal, table_id=table_id, dsn=args.room,
                     rules_text=rules_text)
    link.wait_contact(_CONTACT_S)  # so the floor's answers already waiting show at once
    return link


def _handover(session: Any) -> dict[str, Any]:
    history = session.history()
    times = {record.seq: record.recorded_at for record in session.journal.read()
             if record.type == "HandFinished"}
    return handover_card(session.state, desk_of(history), finished_rakes(history, times))


def run(args: argparse.Namespace) -> int:
    """Read commands from standard input, print the state after each."""
    session = open_session(args)
    out = sys.stdout
    refused = 0
    link = None
    try:
        link = _link(args, session)
        place = link.outbox.table_id if link is not None else "local"

        def extra(answers: list[str] | None = None) -> dict[str, Any]:
            fields: dict[str, Any] = {}
            desk = desk_of(session.history())
            if desk.calls or desk.rotation:
                fields["desk"] = _desk_json(desk)
            if answers:
                fields["floor_answers"] = answers
            if link is not None:
                status = link.status()
                fields["room"] = status.as_json()
                fields["room_line"] = status.line()
            return fields

        _emit(out, present(session.state), as_json=args.json, command=None,
              extra=extra(link.apply_answers() if link else None))
        for raw in input_lines(sys.stdin):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            answers = link.apply_answers() if link is not None else []
            if line.split()[0] in ("help", "?") and line.split()[1:] in ([], ["--json"]):
                _help(out, line, as_json=args.json or line.endswith("--json"))
                continue
            try:
                if line == "handover":
                    card = _handover(session)
                    if args.json:
                        out.write(json.dumps({"command": line, "handover": card},
                                             separators=(",", ":")) + "\n")
                    else:
                        out.write(f"> {line}\n  {json.dumps(card)}\n")
                    out.flush()
                    continue
                if is_desk_line(line):
                    record_desk_line(session, line, now=utc_now(), place=place,
                                     verified=_dealer_check(link, line))
                    state = session.state
                else:
                    state = session.execute(line)
            except (CommandError, IllegalActionError) as error:
                refused += 1
                _emit(
                    out, present(session.state), as_json=args.json, command=line,
                    error=str(error), extra=extra(answers),
                )
                continue
            if link is not None:
                link.committed()
            _emit(out, present(state), as_json=args.json, command=line, extra=extra(answers))
    finally:
        try:
            if link is not None:
                status = link.close(drain_s=_DRAIN_S)
                if status.pending:
                    print(f"dealerassist table: {status.pending} records not yet in the "
                          "room; they go at the next start", file=sys.stderr)
        finally:
            session.journal.close()
    return 1 if refused else 0
