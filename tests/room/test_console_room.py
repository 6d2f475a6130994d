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


def _signed_in(controller):  # type: ignore[no-untyped-def]
    from dealerassist.session.desk_events import DealerSignedIn

    return [event for _, event in controller.session.history()
            if isinstance(event, DealerSignedIn)]


def test_defect_40_3_dealer_in_is_checked_against_the_rooms_accounts(
        room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T8")
    with connect(room.add_login("boss", "dealerassist_manager")) as connection:
        admin.set_account(connection, "dora", "dealer", "pw-dora-secret")
    db = tmp_path / "t8.sqlite3"
    controller = open_session(rules=None, db=str(db), room=dsn, table_id="T8")
    asked: list[str] = []
    typed = {"value": "wrong-guess"}
    controller.ask_password = lambda name: asked.append(name) or typed["value"]
    try:
        refused = controller.submit("dealer in dora")
        assert not refused.ok and "the room refused the sign-in" in refused.error
        assert asked == ["dora"] and _signed_in(controller) == []
        typed["value"] = "pw-dora-secret"
        assert controller.submit("dealer in dora").ok
        first = _signed_in(controller)
        assert [(e.name, e.verified) for e in first] == [("dora", "verified")]
        assert dict(controller.current_view().extras)["dealer"] == "dora"
        # Offline-first: the room down, the dealer is signed in locally, marked unverified.
        room.server.kill()
        assert controller.submit("dealer in eli").ok
        assert [(e.name, e.verified) for e in _signed_in(controller)][-1] == (
            "eli", "unverified")
        room.server.start()
        assert controller.link.outbox.drain(15).pending == 0
    finally:
        if room.server.postmaster_pid() is None:
            room.server.start()
        controller.link.close()
        controller.session.journal.close()
    # The journal keeps the name and the result, never a password typed.
    raw = db.read_bytes()
    assert b"pw-dora-secret" not in raw and b"wrong-guess" not in raw
    with connect(room.dsn()) as connection:
        reasons = [row[0] for row in connection.execute("SELECT reason FROM room.refusals")]
        payloads = " ".join(row[0] for row in connection.execute(
            "SELECT payload FROM room.records WHERE type = 'DealerSignedIn' ORDER BY seq"))
    assert "sign-in of account 'dora' refused: unknown account or wrong password" in reasons
    assert '"verified":"verified"' in payloads and '"verified":"unverified"' in payloads
    assert "pw-dora" not in payloads


def test_defect_40_3_a_console_with_nobody_to_ask_signs_in_unverified(
        room: Room, tmp_path: Path) -> None:
    controller = open_session(rules=None, db=str(tmp_path / "t9.sqlite3"),
                              room=room.add_table("T9"), table_id="T9")
    try:
        assert controller.submit("dealer in dora").ok
        assert [(e.name, e.verified) for e in _signed_in(controller)] == [
            ("dora", "unverified")]
    finally:
        controller.link.close()
        controller.session.journal.close()
    local = open_session(rules=None, db=str(tmp_path / "local.sqlite3"))
    try:
        assert local.submit("dealer in dora").ok  # no room: nothing to check against
        assert [(e.name, e.verified) for e in _signed_in(local)] == [("dora", "")]
    finally:
        local.session.journal.close()
