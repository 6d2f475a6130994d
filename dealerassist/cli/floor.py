"""`dealerassist floor --room DSN`: the card room's floor view, and the floor's rulings.

``--json`` prints the room's state once: ``{"tables": [{"table_id", "game", "stakes",
"hand_id", "to_act", "pots": [{"amount", "eligible"}], "stacks": {seat: chips}, "flags":
[{"id", "rule_id", "status"}], "calls": [{"id", "seat", "since", "status"}], "dealer",
"last_event_at", ...}]}``. ``--follow`` then streams each changed table's object as one
JSON line (LISTEN/NOTIFY to wake, catch-up by sequence number). Without ``--json`` the
PySide6 floor window opens (a text listing where Qt is not installed).

``--answer TABLE:CALL`` answers a call: ``--confirm FLAG``, ``--overrule FLAG --reason
TEXT`` or ``--ruling TEXT``, signed by ``--account NAME`` (a floor or manager account; its
password from ``DEALERASSIST_PASSWORD`` or asked on the terminal).
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
import time
from typing import Any

from dealerassist.errors import DealerAssistError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist floor`."""
    parser.add_argument("--room", metavar="DSN", required=True,
                        help="the room's PostgreSQL (libpq DSN; TLS with sslmode=verify-full)")
    parser.add_argument("--json", action="store_true", help="print the room's state as JSON")
    parser.add_argument("--follow", action="store_true",
                        help="with --json: then stream each change as a JSON line")
    parser.add_argument("--answer", metavar="TABLE:CALL", help="answer a floor call")
    parser.add_argument("--confirm", metavar="FLAG", help="with --answer: confirm a flag")
    parser.add_argument("--overrule", metavar="FLAG", help="with --answer: overrule a flag")
    parser.add_argument("--reason", default="", help="the overrule's reason")
    parser.add_argument("--ruling", metavar="TEXT", help="with --answer: a free-text ruling")
    parser.add_argument("--account", metavar="NAME", help="the floor account answering")


def _password() -> str:
    secret = os.environ.get("DEALERASSIST_PASSWORD")
    if secret is not None:
        return secret
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\n")
    return getpass.getpass("password: ")


def _answer(floor: Any, args: argparse.Namespace) -> int:
    from dealerassist.room.admin import sign_in

    table_id, _, call_id = args.answer.partition(":")
    if not (table_id and call_id):
        raise DealerAssistError(f"floor --answer {args.answer!r}: write TABLE:CALL, e.g. T1:c1")
    if not args.account:
        raise DealerAssistError("floor --answer: name the floor account with --account")
    sign_in(floor.connection, args.account, _password(), roles=("floor", "manager"))
    if args.confirm:
        kind, flag, reason = "confirm", args.confirm, args.reason
    elif args.overrule:
        kind, flag, reason = "overrule", args.overrule, args.reason
    elif args.ruling:
        kind, flag, reason = "ruling", "", args.ruling
    else:
        raise DealerAssistError("floor --answer: say --confirm FLAG, --overrule FLAG or --ruling")
    ruling = floor.rule(table_id, call_id, kind, flag_id=flag, reason=reason,
                        account=args.account)
    print(json.dumps({"ruling_id": ruling, "table_id": table_id, "call_id": call_id,
                      "kind": kind}))
    return 0


def _text(snapshot: dict[str, Any]) -> str:
    lines = []
    for table in snapshot["tables"]:
        calls = [call for call in table["calls"] if call["status"] == "waiting"]
        lines.append(
            f"{table['table_id']:<12} {table['game']} {table['stakes']:<8} hand "
            f"{table['hand_id'] or '-'} to act {table['to_act'] or '-'} pots "
            f"{sum(pot['amount'] for pot in table['pots'])} dealer {table['dealer'] or '-'}"
            + (f" CALLS {len(calls)}" if calls else "")
            + f" last {table['last_event_at'] or '-'}"
        )
    return "\n".join(lines) or "no table in the room yet"


def _follow(floor: Any) -> None:
    """Print each changed table as a JSON line; ride out a server restart (reconnect)."""
    from dealerassist.room.connection import RoomError

    while True:
        try:
            for changed in floor.follow():
                for table_id in changed:
                    print(json.dumps(floor.tables[table_id].entry(), separators=(",", ":")),
                          flush=True)
        except RoomError as error:
            print(f"dealerassist floor: {error}; reconnecting", file=sys.stderr, flush=True)
        while True:
            time.sleep(1.0)
            try:
                floor.reconnect()
                break
            except RoomError:
                continue


def run(args: argparse.Namespace) -> int:
    """Show the floor view, print it, or answer a call."""
    try:
        from dealerassist.room.floor import RoomFloor
    except ModuleNotFoundError as error:
        raise DealerAssistError(
            "the card room needs psycopg 3, which is not installed here "
            "(pip install 'psycopg[binary]')"
        ) from error

    if not args.json and not args.answer:
        try:
            from dealerassist.ui.floor.room_window import main as window_main
        except ModuleNotFoundError:
            window_main = None
        if window_main is not None:
            return int(window_main(args.room))
    floor = RoomFloor(args.room)
    try:
        if args.answer:
            return _answer(floor, args)
        floor.refresh()
        snapshot = floor.snapshot()
        if not args.json:
            print(_text(snapshot))
            return 0
        print(json.dumps(snapshot, separators=(",", ":")), flush=True)
        if args.follow:
            _follow(floor)
        return 0
    finally:
        floor.close()
