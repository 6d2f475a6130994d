"""The outbox against a real throwaway PostgreSQL: every record once, floor == local fold."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from dealerassist.journal.store import SQLiteJournal
from dealerassist.room.floor import RoomFloor
from dealerassist.room.floor_state import entry_of_session
from dealerassist.room.simulate import PRESET, next_command, play
from dealerassist.room.table_link import TableLink
from dealerassist.rules.profiles import default_rules, default_rules_text
from dealerassist.session.controller import TableSession

from .conftest import Room


def open_table(path: Path, room_dsn: str, table_id: str, *, retry_s: float = 0.1):  # type: ignore[no-untyped-def]
    rules = default_rules()
    journal = SQLiteJournal(path)
    session = TableSession(journal, rules=rules, preset=rules.preset(PRESET))
    link = TableLink(session, journal, table_id=table_id, dsn=room_dsn,
                     rules_text=default_rules_text(), retry_s=retry_s)
    return session, journal, link


def deal(session: TableSession, link: TableLink, rng: random.Random, count: int,
         table_id: str) -> int:
    accepted = 0
    for _ in range(count):
        if play(session, next_command(session.state, rng), place=table_id):
            accepted += 1
            link.committed()
    return accepted


def room_records(room: Room, table_id: str) -> list[tuple]:  # type: ignore[type-arg]
    with room.admin() as connection:
        return connection.execute(
            "SELECT seq, type, class_version, payload, hand_id, recorded_at FROM room.records "
            "WHERE table_id = %s ORDER BY seq", (table_id,)).fetchall()


def local_records(journal: SQLiteJournal) -> list[tuple]:  # type: ignore[type-arg]
    return [(r.seq, r.type, r.class_version, r.payload, r.hand_id, r.recorded_at)
            for r in journal.read()]


def test_every_record_reaches_the_room_once_and_the_floor_equals_the_local_fold(
        room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T1")
    session, journal, link = open_table(tmp_path / "t1.sqlite3", dsn, "T1")
    try:
        deal(session, link, random.Random(7), 300, "T1")
        status = link.outbox.drain(10)
        assert status.state == "online" and status.pending == 0
        assert room_records(room, "T1") == local_records(journal)
        floor = RoomFloor(room.add_login("floor", "dealerassist_floor"))
        floor.refresh()
        snapshot = floor.snapshot()
        assert [table["table_id"] for table in snapshot["tables"]] == ["T1"]
        expected = entry_of_session("T1", session, list(journal.read()), default_rules())
        assert snapshot["tables"][0] == expected
        assert expected["hand_id"] and expected["stakes"] == "1/2"
        floor.close()
    finally:
        link.close()
        journal.close()


def test_the_table_deals_while_the_server_is_down_and_catches_up_without_loss_or_duplicate(
        room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T2")
    session, journal, link = open_table(tmp_path / "t2.sqlite3", dsn, "T2")
    rng = random.Random(11)
    try:
        deal(session, link, rng, 40, "T2")
        assert link.outbox.drain(10).pending == 0
        room.server.kill()
        deal(session, link, rng, 60, "T2")  # the table keeps dealing
        deadline = time.monotonic() + 10
        while link.status().state != "offline" and time.monotonic() < deadline:
            time.sleep(0.05)
        status = link.status()
        assert status.state == "offline" and status.pending > 0
        assert "not reachable" in status.detail or "server" in status.detail
        assert "OFFLINE" in status.line() and "kept locally" in status.line()
        room.server.start()
        status = link.outbox.drain(15)
        assert status.state == "online" and status.pending == 0
        assert room_records(room, "T2") == local_records(journal)
    finally:
        link.close()
        journal.close()
        if room.server.postmaster_pid() is None:
            room.server.start()


def test_what_was_left_unpushed_goes_at_the_next_start(room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T3")
    path = tmp_path / "t3.sqlite3"
    session, journal, link = open_table(path, "host=127.0.0.1 port=1 dbname=x user=y "
                                        "password=z connect_timeout=1", "T3")
    deal(session, link, random.Random(3), 30, "T3")
    left = link.close(drain_s=0.2)
    assert left.state == "offline" and left.pending == journal.last_seq()
    journal.close()
    session, journal, link = open_table(path, dsn, "T3")
    try:
        assert link.outbox.drain(10).pending == 0
        assert room_records(room, "T3") == local_records(journal)
    finally:
        link.close()
        journal.close()


def test_a_wrong_password_keeps_the_table_local_with_a_clear_status(
        room: Room, tmp_path: Path) -> None:
    room.add_table("T4")
    bad = room.dsn(f"{room.dbname}_t4", "not-the-password")
    session, journal, link = open_table(tmp_path / "t4.sqlite3", bad, "T4")
    try:
        assert deal(session, link, random.Random(5), 20, "T4") > 0
        status = link.outbox.drain(1.5)
        assert status.state == "offline"
        assert status.detail == "the room refused the login (wrong user or password)"
        assert session.state.table.players  # dealing went on
    finally:
        link.close()
        journal.close()


def test_the_table_id_defaults_to_one_stored_in_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "id.sqlite3"
    with SQLiteJournal(path) as journal:
        first = journal.table_id()
        assert journal.table_id() == first and first.startswith("table-")
        assert journal.last_seq() == 0  # the id is not an event
    with SQLiteJournal(path) as journal:
        assert journal.table_id() == first


def test_records_keep_their_exact_payload_text(room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T5")
    session, journal, link = open_table(tmp_path / "t5.sqlite3", dsn, "T5")
    try:
        deal(session, link, random.Random(9), 25, "T5")
        assert link.outbox.drain(10).pending == 0
        for (_, _, _, payload, _, _), record in zip(room_records(room, "T5"), journal.read(),
                                                   strict=True):
            assert payload == record.payload
            assert isinstance(json.loads(payload), dict)
    finally:
        link.close()
        journal.close()


def test_load_with_the_server_killed_loses_and_duplicates_nothing() -> None:
    from dealerassist.room.load import run_load

    figures = run_load(tables=3, hands=4, kills=2, kill_every_s=0.3, down_s=0.2, cutoff_s=0.5)
    assert (figures["lost"], figures["duplicated"], figures["different"]) == (0, 0, 0)
    assert figures["floor_equals_journal_fold"] == "3/3"
    assert figures["kills"] >= 1 and figures["records"] > 100


@pytest.mark.parametrize("kept", [512, 2, 0])
def test_the_floor_fold_refolds_from_the_undone_command_and_equals_the_table(
        room: Room, tmp_path: Path, monkeypatch, kept: int) -> None:  # type: ignore[no-untyped-def]
    from dealerassist.room import floor_state
    from dealerassist.room.floor_state import TableFold

    monkeypatch.setattr(floor_state, "_KEPT", kept)
    session, journal, link = open_table(tmp_path / "t1.sqlite3", room.add_table("T1"), "T1")
    try:
        rng = random.Random(11)
        for _ in range(30):
            deal(session, link, rng, 20, "T1")
            play(session, "undo", place="T1")
        records = list(journal.read())
        assert sum(record.type == "Undone" for record in records) >= 20  # undos are folded
        expected = entry_of_session("T1", session, records, default_rules())
        one_by_one = TableFold(table_id="T1", rules=default_rules())
        for record in records:
            one_by_one.add([record])
        in_batches = TableFold(table_id="T1", rules=default_rules())
        for start in range(0, len(records), 37):
            in_batches.add(records[start:start + 37])
        assert one_by_one.entry() == expected and in_batches.entry() == expected
        assert one_by_one.state == session.state
    finally:
        link.close()
        journal.close()
