"""A room server out of disk: the table keeps dealing, says so, and catches up once freed.

The room's database lives in a tablespace on a 4 MB tmpfs, filled up before the table
pushes. Mounting needs root with the right to mount; elsewhere the test skips, saying so.
"""

from __future__ import annotations

import os
import pwd
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealerassist.room import admin
from dealerassist.room.connection import connect
from dealerassist.room.local_server import LocalServer

from .conftest import Room
from .test_outbox import deal, local_records, open_table, room_records


@pytest.fixture
def small_room(pg_server: LocalServer) -> Iterator[Room]:
    if os.geteuid() != 0 or pg_server.run_as is None:
        pytest.skip("needs root (to mount a small tmpfs for the server)")
    if pg_server.postmaster_pid() is None:
        pg_server.start()
    outer = Path(tempfile.mkdtemp(prefix="dealerassist-small-"))
    outer.chmod(0o755)  # the server's user must reach the mount point
    place = outer / "space"
    place.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4M", "tmpfs", str(place)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        shutil.rmtree(outer, ignore_errors=True)
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        entry = pwd.getpwnam(pg_server.run_as)
        os.chown(place, entry.pw_uid, entry.pw_gid)
        with connect(pg_server.dsn()) as connection:
            connection.execute(f"CREATE TABLESPACE small LOCATION '{place}'")
            connection.execute("CREATE DATABASE smallroom TABLESPACE small")
        with connect(pg_server.dsn(dbname="smallroom")) as connection:
            admin.init(connection)
        yield Room(server=pg_server, dbname="smallroom")
    finally:
        with connect(pg_server.dsn()) as connection:
            connection.execute("DROP DATABASE IF EXISTS smallroom WITH (FORCE)")
            connection.execute("DROP TABLESPACE IF EXISTS small")
        subprocess.run(["umount", str(place)], check=False)
        shutil.rmtree(outer, ignore_errors=True)


def test_disk_full_keeps_the_table_local_then_it_catches_up(small_room: Room,
                                                          tmp_path: Path) -> None:
    dsn = small_room.add_table("T1")
    with small_room.admin() as connection:
        connection.execute("CREATE TABLE public.filler (junk text)")
        connection.execute("ALTER TABLE public.filler ALTER junk SET STORAGE PLAIN")
        with pytest.raises(Exception, match="No space left on device|could not extend"):
            for _ in range(100):
                connection.execute("INSERT INTO public.filler SELECT repeat('x', 1800) "
                                   "FROM generate_series(1, 500)")
    session, journal, link = open_table(tmp_path / "t1.sqlite3", dsn, "T1")
    try:
        deal(session, link, random.Random(4), 120, "T1")
        status = link.outbox.drain(3)
        assert status.state == "offline" and status.pending > 0
        assert status.detail == "the room's server is out of disk space"
        with small_room.admin() as connection:
            connection.execute("DROP TABLE public.filler")
        assert link.outbox.drain(15).pending == 0
        assert room_records(small_room, "T1") == local_records(journal)
    finally:
        link.close()
        journal.close()
