"""The dealer console on a room: the floor called from the console, the answer on its screen."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
pytest.importorskip("PySide6", reason="the console needs PySide6")

from dealerassist.room import admin  # noqa: E402
from dealerassist.room.connection import connect  # noqa: E402
from dealerassist.room.floor import RoomFloor  # noqa: E402
from dealerassist.ui import command_lines  # noqa: E402
from dealerassist.ui.session_adapter import open_session  # noqa: E402

from .conftest import Room  # noqa: E402


def test_the_console_calls_the_floor_and_shows_the_rooms_answer_and_status(
        room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T7")
    with connect(room.add_login("boss", "dealerassist_manager")) as connection:
        admin.set_account(connection, "flo", "floor", "pw-flo")
    controller = open_session(rules=None, db=str(tmp_path / "t7.sqlite3"), room=dsn,
                              table_id="T7")
    floor = RoomFloor(room.add_login("floor", "dealerassist_floor"), account="flo")
    try:
        for line in ("game NLHE 1/2", "sit 1 ann 300", "sit 2 bob 300", "hand",
                     command_lines.CALL_FLOOR, "dealer in dora"):
            result = controller.submit(line)
            assert result.ok, result.error
        extras = dict(controller.current_view().extras)
        assert extras["floor"] == "c1 waiting" and extras["dealer"] == "dora"
        assert controller.link.outbox.drain(10).pending == 0
        assert dict(controller.current_view().extras)["room"] == "online"
        floor.refresh()
        assert floor.snapshot()["tables"][0]["calls"][0]["status"] == "waiting"
        floor.rule("T7", "c1", "ruling", reason="play on")
        deadline = time.monotonic() + 10
        while "floor said" not in dict(controller.current_view().extras):
            assert time.monotonic() < deadline
            controller.poll()
            time.sleep(0.05)
        extras = dict(controller.current_view().extras)
        assert extras["floor said"] == "floor (flo) on c1: ruling: play on"
        assert "floor" not in extras  # no call waiting any more
        room.server.kill()
        deadline = time.monotonic() + 10
        while not dict(controller.current_view().extras)["room"].startswith("OFFLINE"):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert controller.submit("c").ok  # the table keeps dealing
    finally:
        if room.server.postmaster_pid() is None:
            room.server.start()
        floor.close()
        controller.link.close()
        controller.session.journal.close()
