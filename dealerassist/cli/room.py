"""`dealerassist room`: set up a card room on a PostgreSQL server (docs/room.md).

- ``room init --room DSN``: create the room's roles and schema (a login that may create
  roles: the server's owner, or one with CREATEROLE). Running it again changes nothing.
- ``room add-table ID --login NAME --room DSN``: register a table and create its login
  (a member of ``dealerassist_table`` only); the login's password is read from
  ``DEALERASSIST_PASSWORD`` or the first line of standard input.
- ``room add-login NAME --as floor|manager --room DSN``: a floor station's or a
  manager's login, likewise.
- ``room account NAME --role dealer|floor|manager --room DSN``: create or change a
  person's account (password scrypt-hashed here before it is sent); needs a manager login.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from dealerassist.errors import DealerAssistError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of `dealerassist room`."""
    parser.add_argument("action", choices=("init", "add-table", "add-login", "account"))
    parser.add_argument("name", nargs="?", help="table id, login or account name")
    parser.add_argument("--room", metavar="DSN", required=True, help="the room's PostgreSQL")
    parser.add_argument("--login", metavar="NAME", help="add-table: the table's login")
    parser.add_argument("--as", dest="group", choices=("floor", "manager"),
                        help="add-login: the login's rights")
    parser.add_argument("--role", choices=("dealer", "floor", "manager"),
                        help="account: the person's role")
    parser.add_argument("--inactive", action="store_true", help="account: disable it")


def _password(what: str) -> str:
    secret = os.environ.get("DEALERASSIST_PASSWORD")
    if secret is None:
        secret = (sys.stdin.readline().rstrip("\n") if not sys.stdin.isatty()
                  else getpass.getpass(f"password for {what}: "))
    if not secret:
        raise DealerAssistError(f"room: no password given for {what}")
    return secret


def run(args: argparse.Namespace) -> int:
    """Do the set-up step asked for."""
    try:
        from dealerassist.room import admin, schema
        from dealerassist.room.connection import connect
    except ModuleNotFoundError as error:
        raise DealerAssistError(
            "the card room needs psycopg 3, which is not installed here "
            "(pip install 'psycopg[binary]')"
        ) from error

    if args.action != "init" and not args.name:
        raise DealerAssistError(f"room {args.action}: name the table, login or account")
    connection = connect(args.room, application="dealerassist room")
    try:
        if args.action == "init":
            made = admin.init(connection)
            print("room created" if made else "room already set up (schema version "
                  f"{schema.SCHEMA_VERSION})")
        elif args.action == "add-table":
            login = args.login or args.name
            admin.add_table(connection, args.name, login, _password(login))
            print(f"table {args.name} registered, written by login {login}")
        elif args.action == "add-login":
            if not args.group:
                raise DealerAssistError("room add-login: say --as floor or --as manager")
            group = schema.FLOOR_ROLE if args.group == "floor" else schema.MANAGER_ROLE
            admin.create_login(connection, args.name, _password(args.name), group)
            print(f"login {args.name} can now act as {args.group}")
        else:
            if not args.role:
                raise DealerAssistError("room account: say --role dealer, floor or manager")
            admin.set_account(connection, args.name, args.role, _password(args.name),
                              active=not args.inactive)
            print(f"account {args.name} ({args.role}) saved")
    finally:
        connection.close()
    return 0
