"""A throwaway PostgreSQL server for the room's tests (no mock: a real server).

One server per test session (initdb + pg_ctl in a temporary folder, 127.0.0.1 only, a
free port; under root it runs as the ``postgres`` user). Each test gets its own database
with the room set up, so tests never see each other's tables. Tests skip, saying why,
only where psycopg or the server binaries are missing.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (headless env)")

from dealerassist.room import admin  # noqa: E402
from dealerassist.room.connection import connect  # noqa: E402
from dealerassist.room.local_server import LocalServer, find_binaries  # noqa: E402

_numbers = itertools.count(1)


@dataclass
class Room:
    """A room in its own database of the throwaway server."""

    server: LocalServer
    dbname: str

    def dsn(self, user: str | None = None, password: str | None = None) -> str:
        if user is None:
            return self.server.dsn(dbname=self.dbname)
        return self.server.dsn(user, password or "", dbname=self.dbname)

    def admin(self):  # type: ignore[no-untyped-def]
        return connect(self.dsn())

    def add_table(self, table_id: str) -> str:
        """Register ``table_id`` with its own login; return that login's DSN."""
        login = f"{self.dbname}_{table_id.lower().replace('-', '_')}"
        with self.admin() as connection:
            admin.add_table(connection, table_id, login, "pw-" + login)
        return self.dsn(login, "pw-" + login)

    def add_login(self, name: str, group: str) -> str:
        login = f"{self.dbname}_{name}"
        with self.admin() as connection:
            admin.create_login(connection, login, "pw-" + login, group)
        return self.dsn(login, "pw-" + login)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[LocalServer]:
    if find_binaries() is None:
        pytest.skip("no PostgreSQL server binaries (initdb, pg_ctl) on this machine")
    server = LocalServer.create()
    server.start()
    try:
        yield server
    finally:
        server.destroy()


@pytest.fixture
def room(pg_server: LocalServer) -> Room:
    if pg_server.postmaster_pid() is None:
        pg_server.start()  # a test killed it
    dbname = f"room{next(_numbers)}"
    with connect(pg_server.dsn()) as connection:
        connection.execute(f"CREATE DATABASE {dbname}")
    with connect(pg_server.dsn(dbname=dbname)) as connection:
        admin.init(connection)
    return Room(server=pg_server, dbname=dbname)
