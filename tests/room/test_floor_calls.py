"""Floor calls and rulings: the call travels to the floor, the answer back into the journal."""

from __future__ import annotations

import json
import time
from pathlib import Path

from dealerassist.irregular.flags import FlagStatus
from dealerassist.room import admin
from dealerassist.room.floor import RoomFloor
from dealerassist.room.floor_state import entry_of_session
from dealerassist.rules.profiles import default_rules
from dealerassist.session.controller import utc_now
from dealerassist.session.desk import desk_of, handover_card, record_desk_line
from dealerassist.session.desk_events import FloorAnswered, FloorCalled
from dealerassist.session.presenter import present

from .conftest import Room
from .test_outbox import open_table


def floor_with_account(room: Room) -> RoomFloor:
    manager = room.add_login("boss", "dealerassist_manager")
    from dealerassist.room.connection import connect

    with connect(manager) as connection:
        admin.set_account(connection, "flo", "floor", "pw-flo")
    return RoomFloor(room.add_login("floor", "dealerassist_floor"), account="flo")


def wait_for(predicate, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_call_reaches_the_floor_and_its_ruling_lands_in_the_tables_journal(
        room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T1")
    session, journal, link = open_table(tmp_path / "t1.sqlite3", dsn, "T1")
    floor = floor_with_account(room)
    try:
        for line in ("sit 1 ann 500", "sit 2 bob 500", "sit 3 cat 500", "hand", "c", "c"):
            session.execute(line)
        record_desk_line(session, "dealer in dora", now=utc_now(), place="T1")
        record_desk_line(session, "floor 2 string bet?", now=utc_now(), place="T1")
        link.committed()
        assert link.outbox.drain(10).pending == 0
        floor.refresh()
        table = floor.snapshot()["tables"][0]
        assert table["calls"] == [{"id": "c1", "seat": 2, "since": table["calls"][0]["since"],
                                   "status": "waiting", "reason": "string bet?"}]
        assert table["dealer"] == "dora"
        called = [event for _, event in session.history() if isinstance(event, FloorCalled)]
        frozen = json.loads(called[0].snapshot)
        assert frozen["hand_id"] == 1 and frozen["to_act"] == table["to_act"]
        assert called[0].by == "dora" and called[0].place == "T1"

        ruling = floor.rule("T1", "c1", "ruling", reason="the raise stands")
        wait_for(lambda: bool(link.outbox._answers))  # noqa: SLF001 - the worker fetched it
        said = link.apply_answers()
        assert said == ["floor (flo) on c1: ruling: the raise stands"]
        answered = [event for _, event in session.history() if isinstance(event, FloorAnswered)]
        assert len(answered) == 1 and answered[0].ruling_id == ruling
        assert answered[0].by == "flo" and answered[0].place.endswith("@127.0.0.1")
        desk = desk_of(session.history())
        assert desk.calls[0].status == "answered" and not desk.waiting
        assert link.apply_answers() == []  # journaled once
        assert link.outbox.drain(10).pending == 0
        floor.refresh()
        table = floor.snapshot()["tables"][0]
        assert table["calls"][0]["status"] == "answered"
        assert table == entry_of_session("T1", session, list(journal.read()), default_rules())
    finally:
        floor.close()
        link.close()
        journal.close()


def test_a_floor_overrule_of_a_flag_is_applied_to_the_hand(room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T2")
    session, journal, link = open_table(tmp_path / "t2.sqlite3", dsn, "T2")
    floor = floor_with_account(room)
    try:
        for line in ("sit 1 ann 500", "sit 2 bob 500", "sit 3 cat 500", "hand",
                     "exposed 2 Ah"):
            session.execute(line)
        flags = present(session.state).flags
        assert flags and flags[-1].status is FlagStatus.OPEN
        flag = flags[-1]
        record_desk_line(session, "floor 2", now=utc_now(), place="T2")
        link.committed()
        assert link.outbox.drain(10).pending == 0
        floor.rule("T2", "c1", "overrule", flag_id=flag.flag_id, reason="dealer error")
        wait_for(lambda: bool(link.outbox._answers))  # noqa: SLF001
        said = link.apply_answers()
        assert said[0].startswith(f"floor (flo) on c1: overrule {flag.flag_id}: dealer error")
        after = {f.flag_id: f for f in present(session.state).flags}
        assert after[flag.flag_id].status is FlagStatus.OVERRULED
        assert after[flag.flag_id].overrule_reason == "dealer error"
    finally:
        floor.close()
        link.close()
        journal.close()


def test_the_relief_dealer_gets_a_handover_card(tmp_path: Path) -> None:
    from dealerassist.journal.memory import InMemoryJournal
    from dealerassist.session.controller import TableSession

    rules = default_rules()
    session = TableSession(InMemoryJournal(), rules=rules, preset=rules.preset("NLHE 1/2"))
    for line in ("sit 1 ann 100", "sit 2 bob 500", "sit 3 cat 500"):
        session.execute(line)
    record_desk_line(session, "dealer in dora", now="2026-12-05T10:00:00.000000Z", place="T")
    for line in ("hand", "allin", "c", "c"):
        session.execute(line)
    record_desk_line(session, "floor 1 all-in short?", now="2026-12-05T10:05:00.000000Z",
                     place="T")
    record_desk_line(session, "dealer in eli", now="2026-12-05T10:20:00.000000Z", place="T")
    desk = desk_of(session.history())
    card = handover_card(session.state, desk)
    assert card["dealer"] == "eli" and card["since"] == "2026-12-05T10:20:00.000000Z"
    assert card["all_in"] == [1]
    assert card["calls"] == [{"id": "c1", "seat": 1, "since": "2026-12-05T10:05:00.000000Z",
                              "reason": "all-in short?"}]
    assert [(s.name, s.ended) for s in desk.rotation] == [
        ("dora", "2026-12-05T10:20:00.000000Z"), ("eli", "")]
    assert sum(pot["amount"] for pot in card["pots"]) + sum(card["stacks"].values()) <= 1100
