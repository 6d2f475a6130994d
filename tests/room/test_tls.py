"""TLS through the DSN: the table's outbox and the floor over an encrypted, verified link."""

from __future__ import annotations

import os
import pwd
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from dealerassist.room.connection import RoomError, connect
from dealerassist.room.floor import RoomFloor

from .conftest import Room
from .test_outbox import deal, local_records, open_table, room_records


def test_the_room_works_over_tls_with_the_server_verified(room: Room, tmp_path: Path) -> None:
    if shutil.which("openssl") is None:
        pytest.skip("no openssl to make a test certificate")
    data = room.server.data
    cert, key = tmp_path / "server.crt", tmp_path / "server.key"
    made = subprocess.run(
        ["openssl", "req", "-x509", "-nodes", "-newkey", "rsa:2048", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)], capture_output=True, text=True, check=False)
    assert made.returncode == 0, made.stderr
    for source in (cert, key):
        target = data / source.name
        shutil.copy(source, target)
        target.chmod(0o600)
        if room.server.run_as is not None:
            entry = pwd.getpwnam(room.server.run_as)
            os.chown(target, entry.pw_uid, entry.pw_gid)
    with room.admin() as connection:
        connection.execute("ALTER SYSTEM SET ssl = on")
        connection.execute("SELECT pg_reload_conf()")
    tls = f" sslmode=verify-full sslrootcert={cert}"
    dsn = room.add_table("T1") + tls
    try:
        with connect(dsn) as connection:
            assert connection.execute(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").fetchone() == (True,)
        session, journal, link = open_table(tmp_path / "t.sqlite3", dsn, "T1")
        try:
            deal(session, link, random.Random(2), 30, "T1")
            assert link.outbox.drain(10).pending == 0
            assert room_records(room, "T1") == local_records(journal)
        finally:
            link.close()
            journal.close()
        floor = RoomFloor(room.add_login("floor", "dealerassist_floor") + tls)
        floor.refresh()
        assert [table["table_id"] for table in floor.snapshot()["tables"]] == ["T1"]
        floor.close()
        wrong_root = tmp_path / "other.crt"
        subprocess.run(["openssl", "req", "-x509", "-nodes", "-newkey", "rsa:2048", "-days",
                        "1", "-subj", "/CN=other", "-keyout", str(tmp_path / "other.key"),
                        "-out", str(wrong_root)], capture_output=True, check=True)
        with pytest.raises(RoomError, match="certificate verify failed"):
            connect(room.add_table("T2") + f" sslmode=verify-full sslrootcert={wrong_root}")
    finally:
        with room.admin() as connection:
            connection.execute("ALTER SYSTEM RESET ssl")
            connection.execute("SELECT pg_reload_conf()")
