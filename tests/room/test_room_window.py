"""The floor window on a real room: rows per table, calls waiting, a ruling sent."""

from __future__ import annotations

import datetime as dt
import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
pytest.importorskip("PySide6", reason="the floor window needs PySide6")

from dealerassist.room import admin  # noqa: E402
from dealerassist.room.connection import connect  # noqa: E402
from dealerassist.room.floor import RoomFloor  # noqa: E402
from dealerassist.session.controller import utc_now  # noqa: E402
from dealerassist.session.desk import record_desk_line  # noqa: E402
from dealerassist.ui.floor.room_window import COLUMNS, RoomWindow, row_texts  # noqa: E402

from .conftest import Room  # noqa: E402
from .test_outbox import deal, open_table  # noqa: E402


def test_the_window_shows_each_table_and_sends_a_ruling(qtbot, room: Room,  # type: ignore[no-untyped-def]
                                                        tmp_path: Path) -> None:
    with connect(room.add_login("boss", "dealerassist_manager")) as connection:
        admin.set_account(connection, "flo", "floor", "pw-flo")
    links = []
    for table_id, seed in (("T1", 1), ("T2", 2)):
        session, journal, link = open_table(tmp_path / f"{table_id}.sqlite3",
                                            room.add_table(table_id), table_id)
        deal(session, link, random.Random(seed), 30, table_id)
        if table_id == "T2":
            record_desk_line(session, "dealer in dora", now=utc_now(), place=table_id)
            record_desk_line(session, "floor chip dispute", now=utc_now(), place=table_id)
            link.committed()
        assert link.outbox.drain(10).pending == 0
        links.append((link, journal))
    floor = RoomFloor(room.add_login("floor", "dealerassist_floor"))
    window = RoomWindow(floor)
    qtbot.addWidget(window)
    try:
        qtbot.waitUntil(lambda: window.grid.rowCount() == 2, timeout=10000)
        cells = [window.grid.item(1, column).text() for column in range(len(COLUMNS))]
        assert cells[0] == "T2" and cells[2] == "1/2"
        assert cells[COLUMNS.index("Dealer")].startswith("dora (")
        assert cells[COLUMNS.index("Calls waiting")].startswith("c1 seat table ")
        assert window.call_box.count() == 1 and window.call_box.currentData() == ("T2", "c1")
        window.send_button.click()
        assert window.status.text() == "sign in with a floor account first"
        window.account.setText("flo")
        window.password.setText("wrong")
        window.sign_in_button.click()
        assert window.status.text() == "account 'flo': unknown or wrong password"
        window.password.setText("pw-flo")
        window.sign_in_button.click()
        assert window.status.text() == "signed in as flo (floor)"
        window.kind_box.setCurrentIndex(window.kind_box.findData("ruling"))
        window.reason.setText("count the stack")
        window.send_button.click()
        assert window.status.text().startswith("ruling ") and "to T2 (c1)" in window.status.text()
        with connect(room.dsn()) as connection:
            assert connection.execute(
                "SELECT table_id, call_id, kind, reason, by_account FROM room.rulings"
            ).fetchall() == [("T2", "c1", "ruling", "count the stack", "flo")]
    finally:
        window.close()
        floor.close()
        for link, journal in links:
            link.close()
            journal.close()


def test_a_row_says_how_long_a_call_has_waited() -> None:
    now = dt.datetime(2026, 12, 5, 10, 30, tzinfo=dt.UTC)
    table = {"table_id": "T9", "game": "No-Limit Texas Hold'em", "stakes": "1/2", "hand_id": 4,
             "to_act": 3, "pots": [{"amount": 120, "eligible": [1, 3]}],
             "stacks": {"1": 380, "3": 500}, "seats": [{"seat": 1, "name": "ann", "stack": 380},
                                                      {"seat": 3, "name": "cy", "stack": 500}],
             "flags": [{"id": "4:2", "rule_id": "IRR-HE-EXPOSE-FIRST", "status": "open"}],
             "calls": [{"id": "c2", "seat": 3, "since": "2026-12-05T10:18:00.000000Z",
                        "status": "waiting"}],
             "dealer": "bo", "dealer_since": "2026-12-05T09:00:00.000000Z",
             "rotation": [{"name": "al", "started": "2026-12-05T08:20:00.000000Z",
                           "ended": "2026-12-05T09:00:00.000000Z"},
                          {"name": "bo", "started": "2026-12-05T09:00:00.000000Z",
                           "ended": None}],
             "last_event_at": "2026-12-05T10:29:15.000000Z"}
    assert row_texts(table, now) == [
        "T9", "No-Limit Texas Hold'em", "1/2", "4", "3", "120", "1 ann 380, 3 cy 500",
        "IRR-HE-EXPOSE-FIRST (open)", "c2 seat 3 12 min", "bo (1 h 30)",
        "al 08:20-09:00, bo 09:00-", "45 s"]


def test_the_window_shows_the_rotation_who_dealt_since_when(qtbot, room: Room,  # type: ignore[no-untyped-def]
                                                           tmp_path: Path) -> None:
    session, journal, link = open_table(tmp_path / "T3.sqlite3", room.add_table("T3"), "T3")
    try:
        for line, at in (("dealer in ann", "2026-12-05T08:00:00.000000Z"),
                         ("dealer in bo", "2026-12-05T08:30:00.000000Z"),
                         ("dealer out", "2026-12-05T09:15:00.000000Z"),
                         ("dealer in cy", "2026-12-05T09:20:00.000000Z")):
            record_desk_line(session, line, now=at, place="T3")
        link.committed()
        assert link.outbox.drain(10).pending == 0
        floor = RoomFloor(room.add_login("floor", "dealerassist_floor"))
        window = RoomWindow(floor, now=lambda: dt.datetime(2026, 12, 5, 10, 0, tzinfo=dt.UTC))
        qtbot.addWidget(window)
        try:
            qtbot.waitUntil(lambda: window.grid.rowCount() == 1, timeout=10000)
            cell = window.grid.item(0, COLUMNS.index("Rotation")).text()
            assert cell == "ann 08:00-08:30, bo 08:30-09:15, cy 09:20-"
            assert window.grid.item(0, COLUMNS.index("Dealer")).text() == "cy (40 min)"
            record_desk_line(session, "dealer in dee", now="2026-12-05T09:50:00.000000Z",
                             place="T3")
            link.committed()
            qtbot.waitUntil(lambda: window.grid.item(0, COLUMNS.index("Rotation")).text()
                            .endswith("cy 09:20-09:50, dee 09:50-"), timeout=10000)
        finally:
            window.close()
            floor.close()
    finally:
        link.close()
        journal.close()
