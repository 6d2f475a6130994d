"""The command line: table --room, floor --json [--follow], floor --answer, room set-up."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

from .conftest import Room

ROOT = Path(__file__).resolve().parents[2]
FLOOR_KEYS = {"table_id", "game", "stakes", "hand_id", "to_act", "pots", "stacks", "flags",
              "calls", "dealer", "last_event_at"}


def cli(*args: str, stdin: str = "", env: dict[str, str] | None = None,
        timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dealerassist", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout,
                          check=False, env={**os.environ, **(env or {})})


LINES = "sit 1 ann 500\nsit 2 bob 500\ndealer in dora\nhand\nc\nfloor 1 misdeal?\n"


def test_table_room_pushes_before_exit_and_floor_json_prints_the_contract(
        room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T1")
    done = cli("table", "--db", str(tmp_path / "t.sqlite3"), "--json", "--room", dsn,
               "--table-id", "T1", stdin=LINES)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[-1]["room"]["state"] in ("online", "connecting")
    assert lines[-1]["desk"]["calls"][0] == {
        "id": "c1", "seat": 1, "since": lines[-1]["desk"]["calls"][0]["since"],
        "status": "waiting", "reason": "misdeal?", "answer": None}
    floor_dsn = room.add_login("floor", "dealerassist_floor")
    shown = cli("floor", "--room", floor_dsn, "--json")
    assert shown.returncode == 0, shown.stderr
    tables = json.loads(shown.stdout)["tables"]
    assert len(tables) == 1 and FLOOR_KEYS <= set(tables[0])
    table = tables[0]
    assert (table["table_id"], table["stakes"], table["hand_id"], table["dealer"]) == (
        "T1", "1/2", 1, "dora")
    assert table["stacks"] == lines[-1]["stacks"] and table["to_act"] == lines[-1]["to_act"]
    assert table["calls"][0]["status"] == "waiting"
    assert all(set(pot) >= {"amount", "eligible"} for pot in table["pots"])
    # A scripted table has no terminal to ask a password on: signed in, unverified.
    assert [(shift["name"], shift["verified"]) for shift in table["rotation"]] == [
        ("dora", "unverified")]


def test_the_floor_answers_a_call_from_the_command_line(room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T1")
    db = str(tmp_path / "t.sqlite3")
    assert cli("table", "--db", db, "--json", "--room", dsn, "--table-id", "T1",
               stdin=LINES).returncode == 0
    manager = room.add_login("boss", "dealerassist_manager")
    made = cli("room", "account", "flo", "--role", "floor", "--room", manager,
               env={"DEALERASSIST_PASSWORD": "pw-flo"})
    assert made.returncode == 0, made.stderr
    floor_dsn = room.add_login("floor", "dealerassist_floor")
    wrong = cli("floor", "--room", floor_dsn, "--answer", "T1:c1", "--ruling", "deal on",
                "--account", "flo", env={"DEALERASSIST_PASSWORD": "nope"})
    assert wrong.returncode == 1
    assert wrong.stderr.strip() == "dealerassist: account 'flo': unknown or wrong password"
    answered = cli("floor", "--room", floor_dsn, "--answer", "T1:c1", "--ruling", "deal on",
                   "--account", "flo", env={"DEALERASSIST_PASSWORD": "pw-flo"})
    assert answered.returncode == 0, answered.stderr
    # The table's next start (or next line) pulls the answer into its journal.
    again = cli("table", "--db", db, "--json", "--room", dsn, "--table-id", "T1",
                stdin="c\n")
    lines = [json.loads(line) for line in again.stdout.splitlines()]
    answer = lines[-1]["desk"]["calls"][0]
    assert answer["status"] == "answered"
    assert (answer["answer"]["kind"], answer["answer"]["reason"], answer["answer"]["by"]) == (
        "ruling", "deal on", "flo")


def test_floor_follow_streams_each_change(room: Room, tmp_path: Path) -> None:
    dsn = room.add_table("T1")
    floor_dsn = room.add_login("floor", "dealerassist_floor")
    follower = subprocess.Popen(
        [sys.executable, "-m", "dealerassist", "floor", "--room", floor_dsn, "--json",
         "--follow"], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    lines: queue.Queue[str] = queue.Queue()
    assert follower.stdout is not None
    threading.Thread(target=lambda: [lines.put(line) for line in follower.stdout],  # type: ignore[union-attr]
                     daemon=True).start()
    try:
        first = json.loads(lines.get(timeout=20))
        assert [table["table_id"] for table in first["tables"]] == ["T1"]
        assert first["tables"][0]["hand_id"] is None
        cli("table", "--db", str(tmp_path / "t.sqlite3"), "--json", "--room", dsn,
            "--table-id", "T1", stdin="sit 1 ann 500\nsit 2 bob 500\nhand\n")
        seen: dict = {}  # type: ignore[type-arg]
        while seen.get("hand_id") != 1:
            seen = json.loads(lines.get(timeout=20))
        assert set(seen) >= FLOOR_KEYS and seen["table_id"] == "T1"
        assert sorted(seen["stacks"].values()) == [498, 499]
        before = seen["last_seq"]
        room.server.kill()  # the follower reconnects after a server restart
        room.server.start()
        cli("table", "--db", str(tmp_path / "t.sqlite3"), "--json", "--room", dsn,
            "--table-id", "T1", stdin="c\n")
        while seen["last_seq"] <= before:
            seen = json.loads(lines.get(timeout=20))
        assert seen["to_act"] is not None and seen["hand_id"] == 1
    finally:
        if room.server.postmaster_pid() is None:
            room.server.start()
        follower.kill()
        follower.wait()


def test_bad_room_input_is_one_line_never_a_traceback(room: Room, tmp_path: Path) -> None:
    down = cli("floor", "--room", "host=127.0.0.1 port=1 dbname=x user=y connect_timeout=1",
               "--json")
    assert down.returncode == 1
    assert down.stderr.strip() == (
        "dealerassist: the room's server is not reachable (down, or wrong host/port)")
    garbled = cli("floor", "--room", "this is = not a dsn", "--json")
    assert garbled.returncode == 1 and len(garbled.stderr.strip().splitlines()) == 1
    assert "Traceback" not in garbled.stderr
    empty_db = room.server.dsn()  # the postgres database holds no room
    none = cli("floor", "--room", empty_db, "--json")
    assert none.returncode == 1
    assert none.stderr.strip() == (
        "dealerassist: this database holds no dealerassist room (run `room init`)")


def test_defect_40_3_table_asks_the_dealers_password_without_echo_at_a_terminal(
        room: Room, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import getpass

    from dealerassist.cli import table as table_cli
    from dealerassist.room import admin
    from dealerassist.room.connection import connect
    from dealerassist.session.desk import record_desk_line

    from .test_outbox import open_table

    with connect(room.add_login("boss", "dealerassist_manager")) as connection:
        admin.set_account(connection, "dora", "dealer", "pw-dora")
    session, journal, link = open_table(tmp_path / "t.sqlite3", room.add_table("T1"), "T1")
    prompts: list[str] = []

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(table_cli.sys, "stdin", Terminal())
    monkeypatch.setattr(getpass, "getpass", lambda prompt: prompts.append(prompt) or "pw-dora")
    try:
        verified = table_cli._dealer_check(link, "dealer in dora")
        assert (verified, prompts) == ("verified", ["password for dora (not shown): "])
        record_desk_line(session, "dealer in dora", now="2026-12-05T08:00:00.000000Z",
                         place="T1", verified=verified)
        assert table_cli._dealer_check(link, "dealer out") == ""
        assert table_cli._dealer_check(None, "dealer in dora") == ""  # no room
        monkeypatch.setattr(getpass, "getpass", lambda prompt: "nope")
        try:
            table_cli._dealer_check(link, "dealer in dora")
        except Exception as error:  # noqa: BLE001 - the type is asserted below
            assert type(error).__name__ == "IllegalActionError"
            assert "the room refused the sign-in" in str(error)
        else:
            raise AssertionError("a wrong password was accepted")
    finally:
        link.close()
        journal.close()
    commands = [record.payload for record in journal_records(tmp_path / "t.sqlite3")]
    assert not any("pw-dora" in payload or "nope" in payload for payload in commands)


def journal_records(path: Path) -> list:  # type: ignore[type-arg]
    from dealerassist.journal.store import SQLiteJournal

    journal = SQLiteJournal(path)
    try:
        return list(journal.read())
    finally:
        journal.close()
