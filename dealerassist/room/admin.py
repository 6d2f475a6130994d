"""Setting up a room: the schema and roles (`init`), tables (`add_table`), accounts.

`init` and `add_table` need a login allowed to create roles (the server's owner or a
role with CREATEROLE); `set_account` needs a manager login. Passwords are hashed with
scrypt (`room.passwords`) before they leave this machine.
"""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql

from dealerassist.room import passwords, schema
from dealerassist.room.connection import RoomError, check_version, describe

__all__ = ["add_table", "create_login", "init", "set_account", "sign_in"]


def init(connection: psycopg.Connection[Any]) -> bool:
    """Create the room's roles and schema; return False when the room already exists.

    An existing room gets the current account functions (`schema.ACCOUNT_CHECK`).
    """
    try:
        exists = connection.execute(
            "SELECT 1 FROM pg_namespace WHERE nspname = 'room'"
        ).fetchone()
        if exists:
            check_version(connection)
            with connection.transaction():
                connection.execute(sql.SQL("GRANT {} TO CURRENT_USER").format(
                    sql.Identifier(schema.OWNER)))
                connection.execute(schema.ACCOUNT_CHECK.encode())
            return False
        with connection.transaction():
            for role in schema.GROUP_ROLES:
                known = connection.execute(
                    "SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)
                ).fetchone()
                if not known:
                    connection.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(
                        sql.Identifier(role)))
            connection.execute(sql.SQL("GRANT {} TO CURRENT_USER").format(
                sql.Identifier(schema.OWNER)))
            connection.execute(schema.LAYOUT.encode())
            connection.execute(
                "INSERT INTO room.meta (key, value) VALUES ('application', %s), "
                "('schema_version', %s)",
                (schema.APPLICATION, str(schema.SCHEMA_VERSION)),
            )
    except psycopg.Error as error:
        raise RoomError(describe(error)) from error
    return True


def create_login(connection: psycopg.Connection[Any], login: str, password: str,
                 group: str) -> None:
    """Create (or re-password) a login role that is a member of ``group`` only."""
    if group not in schema.GROUP_ROLES[1:]:
        raise RoomError(f"unknown room role {group!r}")
    try:
        with connection.transaction():
            known = connection.execute(
                "SELECT 1 FROM pg_roles WHERE rolname = %s", (login,)
            ).fetchone()
            verb = "ALTER" if known else "CREATE"
            connection.execute(sql.SQL(verb + " ROLE {} LOGIN PASSWORD {}").format(
                sql.Identifier(login), sql.Literal(password)))
            connection.execute(sql.SQL("GRANT {} TO {}").format(
                sql.Identifier(group), sql.Identifier(login)))
    except psycopg.Error as error:
        raise RoomError(describe(error)) from error


def add_table(connection: psycopg.Connection[Any], table_id: str, login: str,
              password: str | None = None) -> None:
    """Register ``table_id``, written only by the login ``login`` (created if a password)."""
    if password is not None:
        create_login(connection, login, password, schema.TABLE_ROLE)
    try:
        connection.execute("SELECT room.add_table(%s, %s)", (table_id, login))
    except psycopg.Error as error:
        raise RoomError(describe(error)) from error


def set_account(connection: psycopg.Connection[Any], name: str, role: str, password: str,
                *, active: bool = True) -> None:
    """Create or change a dealer, floor or manager account (its password scrypt-hashed)."""
    if role not in ("dealer", "floor", "manager"):
        raise RoomError(f"unknown account role {role!r} (dealer, floor or manager)")
    try:
        connection.execute("SELECT room.set_account(%s, %s, %s, %s)",
                           (name, role, passwords.hash_password(password), active))
    except psycopg.Error as error:
        raise RoomError(describe(error)) from error


def sign_in(connection: psycopg.Connection[Any], name: str, password: str,
            *, roles: tuple[str, ...]) -> str:
    """Check an account's password and role; return its role or raise `RoomError`.

    The room hands out the hash's salt only; the scrypt key of ``password`` is derived
    here and the room answers the role when it matches (``room.verify_account``), so no
    login but a manager's ever reads a hash.
    """
    try:
        params = connection.execute("SELECT room.account_salt(%s)", (name,)).fetchone()
        key = passwords.derive_key(password, params[0] if params else "")
        row = connection.execute("SELECT room.verify_account(%s, %s)",
                                 (name, key or "")).fetchone()
    except psycopg.Error as error:
        raise RoomError(describe(error)) from error
    role = row[0] if row else None
    if role is None:
        raise RoomError(f"account {name!r}: unknown or wrong password")
    if role not in roles:
        raise RoomError(f"account {name!r} is a {role} account; this needs "
                        + " or ".join(roles))
    return str(role)
