"""Connecting to the room's server: one place that turns psycopg's errors into one line.

The DSN is libpq's (``host=... port=... dbname=... user=... password=...`` or a
``postgresql://`` URL); TLS is asked for in it (``sslmode=verify-full sslrootcert=FILE``).
A message never repeats the DSN, so a password in it never reaches a screen or a log.
"""

from __future__ import annotations

from typing import Any

import psycopg

from dealerassist.errors import DealerAssistError
from dealerassist.room import schema

__all__ = ["RoomError", "connect", "describe", "check_version"]


class RoomError(DealerAssistError):
    """The room's server cannot be reached, refused us, or is not a dealerassist room."""


def describe(error: BaseException) -> str:
    """Return one line saying what went wrong with the server (no DSN, no password)."""
    if isinstance(error, psycopg.OperationalError):
        text = str(error).strip().splitlines()
        first = next((line for line in text if "FATAL" in line or "error" in line.lower()),
                     text[0] if text else "connection failed")
        if "password authentication failed" in first:
            return "the room refused the login (wrong user or password)"
        if "Connection refused" in str(error) or "timeout expired" in str(error):
            return "the room's server is not reachable (down, or wrong host/port)"
        if "No space left" in str(error) or "could not extend" in str(error):
            return "the room's server is out of disk space"
        return "cannot talk to the room's server: " + first.split("FATAL:", 1)[-1].strip()
    if isinstance(error, psycopg.errors.DiskFull):
        return "the room's server is out of disk space"
    if isinstance(error, psycopg.errors.InsufficientPrivilege):
        return "this login lacks the right for that in the room: " + str(error).splitlines()[0]
    if isinstance(error, psycopg.ProgrammingError) and "dsn" in str(error).lower():
        return "the room's DSN cannot be read (libpq form: host=... dbname=... user=...)"
    if isinstance(error, psycopg.Error):
        return "the room's server failed: " + (str(error).splitlines() or [type(error).__name__])[0]
    return str(error)


def connect(dsn: str, *, timeout_s: int = 3, autocommit: bool = True,
            application: str = "dealerassist") -> psycopg.Connection[Any]:
    """Open a connection to the room, or raise `RoomError` with one line."""
    try:
        return psycopg.connect(dsn, autocommit=autocommit, connect_timeout=timeout_s,
                               application_name=application)
    except (psycopg.Error, ValueError) as error:
        raise RoomError(describe(error)) from error


def check_version(connection: psycopg.Connection[Any]) -> None:
    """Raise `RoomError` unless the server holds a room of this program's schema version."""
    try:
        row = connection.execute(
            "SELECT value FROM room.meta WHERE key = 'schema_version'"
        ).fetchone()
    except psycopg.errors.UndefinedTable as error:
        raise RoomError("this database holds no dealerassist room (run `room init`)") from error
    except psycopg.Error as error:
        raise RoomError(describe(error)) from error
    found = int(row[0]) if row else 0
    if found != schema.SCHEMA_VERSION:
        raise RoomError(f"the room's schema is version {found}; this program speaks "
                        f"version {schema.SCHEMA_VERSION}")
