"""The room under load and faults: many simulated tables, a floor watching, a server killed.

`run_load` starts a throwaway server (`room.local_server`), registers ``tables`` tables
(each with its own login), and deals ``hands`` hands at each at once, every table a
thread with a real `TableSession` on its own SQLite journal and a real outbox. A floor
follows the room (LISTEN/NOTIFY plus catch-up) and notes, for every record, how long after
the table's commit it saw it. Meanwhile the server is killed with SIGKILL and restarted
``kills`` times, and one table is cut off (its outbox not running) for ``cutoff_s``
seconds while it deals. At the end every table's records in the room are compared with
its journal (lost, duplicated, different) and the floor's state of each table with the
fold of its journal.
"""

from __future__ import annotations

import datetime as _dt
import json
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dealerassist.journal.store import SQLiteJournal
from dealerassist.room import admin
from dealerassist.room.connection import connect
from dealerassist.room.floor import RoomFloor
from dealerassist.room.floor_state import entry_of_session
from dealerassist.room.local_server import LocalServer
from dealerassist.room.simulate import PRESET, next_command, play
from dealerassist.room.table_link import TableLink
from dealerassist.rules.profiles import default_rules, default_rules_text
from dealerassist.session.controller import TableSession

__all__ = ["run_load"]


@dataclass
class _Clock:
    """Commit and sighting times of records, and the server's down periods."""

    latencies: list[float] = field(default_factory=list)
    latencies_up: list[float] = field(default_factory=list)
    down: list[tuple[float, float]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def during_outage(self, at: float, cut: tuple[str, float, float] | None,
                      table_id: str) -> bool:
        if cut is not None and table_id == cut[0] and cut[1] <= at <= cut[2]:
            return True
        return any(start - 0.05 <= at <= end + 0.05 for start, end in self.down)


def _percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 4)


def run_load(*, tables: int = 40, hands: int = 300, kills: int = 20, kill_every_s: float = 3.0,
             down_s: float = 0.5, cutoff_s: float = 10.0, seed: int = 1,
             think_s: float = 0.0) -> dict[str, Any]:
    """Run the load and fault test; return its figures (see the module docstring)."""
    server = LocalServer.create()
    server.start()
    folder = Path(tempfile.mkdtemp(prefix="dealerassist-load-"))
    clock = _Clock()
    rules = default_rules()
    rules_text = default_rules_text()
    try:
        with connect(server.dsn()) as connection:
            admin.init(connection)
            dsns = {}
            for number in range(tables):
                table_id = f"T{number + 1:02d}"
                admin.add_table(connection, table_id, f"load_{table_id.lower()}", "pw")
                dsns[table_id] = server.dsn(f"load_{table_id.lower()}", "pw")
            admin.create_login(connection, "load_floor", "pw", "dealerassist_floor")
        floor_dsn = server.dsn("load_floor", "pw")
        sessions: dict[str, tuple[TableSession, SQLiteJournal]] = {}
        links: dict[str, TableLink] = {}
        finished = threading.Event()
        cut: list[tuple[str, float, float]] = []

        def table_worker(table_id: str, index: int) -> None:
            begin = time.monotonic()
            begin_wall = time.time()
            journal = SQLiteJournal(folder / f"{table_id}.sqlite3")
            session = TableSession(journal, rules=rules, preset=rules.preset(PRESET))
            sessions[table_id] = (session, journal)
            cut_off = index == 0 and cutoff_s > 0
            if not cut_off:
                links[table_id] = TableLink(session, journal, table_id=table_id,
                                            dsn=dsns[table_id], rules_text=rules_text,
                                            retry_s=0.2)
            rng = random.Random(seed * 1000 + index)
            while session.state.last_hand_id < hands or session.state.hand is not None:
                if cut_off and time.monotonic() - begin >= cutoff_s and table_id not in links:
                    cut.append((table_id, begin_wall, time.time()))
                    links[table_id] = TableLink(session, journal, table_id=table_id,
                                                dsn=dsns[table_id], rules_text=rules_text,
                                                retry_s=0.2)
                line = next_command(session.state, rng)
                if play(session, line, place=table_id):
                    if table_id in links:
                        links[table_id].committed()
                if think_s:
                    time.sleep(think_s)
            if table_id not in links:
                # Dealt everything inside the cut-off: the link stays cut for the whole
                # cut-off, then comes back and the table catches up.
                time.sleep(max(0.0, cutoff_s - (time.monotonic() - begin)))
                cut.append((table_id, begin_wall, time.time()))
                links[table_id] = TableLink(session, journal, table_id=table_id,
                                            dsn=dsns[table_id], rules_text=rules_text,
                                            retry_s=0.2)

        def killer() -> None:
            done = 0
            while done < kills and not finished.is_set():
                time.sleep(kill_every_s)
                if all_dealt.is_set():
                    break
                start = time.time()
                server.kill()
                time.sleep(down_s)
                server.start()
                clock.down.append((start, time.time()))
                done += 1

        all_dealt = threading.Event()
        workers = [threading.Thread(target=table_worker, args=(f"T{i + 1:02d}", i))
                   for i in range(tables)]
        chaos = threading.Thread(target=killer, daemon=True)
        stop_file = folder / "stop"
        seen_file = folder / "seen.json"
        watcher = subprocess.Popen([
            sys.executable, "-c", "import sys; from dealerassist.room.load import floor_probe; "
            "floor_probe(*sys.argv[1:])", floor_dsn, str(seen_file), str(stop_file)])
        ready = Path(str(seen_file) + ".ready")
        deadline = time.monotonic() + 60
        while not ready.exists() and time.monotonic() < deadline and watcher.poll() is None:
            time.sleep(0.05)
        started_at = time.monotonic()
        for worker in workers:
            worker.start()
        chaos.start()
        for worker in workers:
            worker.join()
        all_dealt.set()
        chaos.join()
        dealt_s = time.monotonic() - started_at
        if server.postmaster_pid() is None:
            server.start()
        drain_deadline = time.monotonic() + 120
        for link in links.values():
            link.outbox.drain(max(0.1, drain_deadline - time.monotonic()))
        caught_up_s = time.monotonic() - started_at
        time.sleep(1.5)  # the floor's last catch-up
        finished.set()
        stop_file.touch()
        watcher.wait(timeout=60)
        _latencies(clock, seen_file, cut[0] if cut else None)
        for link in links.values():
            link.close()
        return _verify(server, floor_dsn, sessions, rules, clock, cut, tables=tables,
                       hands=hands, kills=len(clock.down), dealt_s=dealt_s,
                       caught_up_s=caught_up_s)
    finally:
        server.destroy()
        for path in folder.glob("*"):
            path.unlink()
        folder.rmdir()


def _epoch(recorded_at: str) -> float:
    return _dt.datetime.fromisoformat(recorded_at.replace("Z", "+00:00")).timestamp()


def floor_probe(dsn: str, out_path: str, stop_path: str) -> None:
    """Follow the room as the floor does (own process) and note when each record is seen.

    Writes ``[[table_id, seq, committed_epoch, seen_epoch], ...]`` to ``out_path`` once
    ``stop_path`` exists. The commit time is the record's ``recorded_at`` (the table's
    clock when it committed); the floor sees a record when it has folded it.
    """
    seen: dict[tuple[str, int], tuple[float, float]] = {}

    def note(table_id: str, records: list[Any]) -> None:
        now = time.time()
        for record in records:
            seen.setdefault((table_id, record.seq), (_epoch(record.recorded_at), now))

    def stop() -> bool:
        return Path(stop_path).exists()

    floor = None
    while not stop():
        try:
            if floor is None:
                floor = RoomFloor(dsn, on_records=note)
            else:
                floor.reconnect()
            for _ in floor.follow(poll_s=0.2, stop=stop):
                Path(out_path + ".ready").touch()
        except Exception:  # noqa: BLE001 - the server was killed: connect again
            time.sleep(0.05)
    Path(out_path).write_text(json.dumps([[t, s, m, n] for (t, s), (m, n) in seen.items()]),
                              encoding="utf-8")


def _latencies(clock: _Clock, seen_file: Path, cut: tuple[str, float, float] | None) -> None:
    try:
        rows = json.loads(seen_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    for table_id, _, made, now in rows:
        clock.latencies.append(now - made)
        if not clock.during_outage(made, cut, table_id):
            clock.latencies_up.append(now - made)


def _verify(server: LocalServer, floor_dsn: str,
            sessions: dict[str, tuple[TableSession, SQLiteJournal]], rules: Any,
            clock: _Clock, cut: list[tuple[str, float, float]], **figures: Any) -> dict[str, Any]:
    lost = duplicated = different = 0
    floor = RoomFloor(floor_dsn)
    floor.refresh()
    states_equal = 0
    records = 0
    with connect(server.dsn()) as connection:
        for table_id, (session, journal) in sessions.items():
            local = journal.read()
            records += len(local)
            rows = connection.execute(
                "SELECT seq, count(*) OVER (PARTITION BY seq), type, class_version, payload, "
                "hand_id, recorded_at FROM room.records WHERE table_id = %s ORDER BY seq",
                (table_id,)).fetchall()
            stored = {row[0]: row for row in rows}
            duplicated += sum(1 for row in rows if row[1] > 1)
            for record in local:
                row = stored.get(record.seq)
                if row is None:
                    lost += 1
                elif (row[2], row[3], row[4], row[5], row[6]) != (
                        record.type, record.class_version, record.payload, record.hand_id,
                        record.recorded_at):
                    different += 1
            duplicated += max(0, len(rows) - len(local))
            if floor.tables[table_id].entry() == entry_of_session(table_id, session,
                                                                  list(local), rules):
                states_equal += 1
            journal.close()
    floor.close()
    cut_s = round(cut[0][2] - cut[0][1], 1) if cut else 0.0
    return {
        **figures,
        "records": records,
        "records_per_s": round(records / figures["dealt_s"], 1) if figures["dealt_s"] else None,
        "lost": lost,
        "duplicated": duplicated,
        "different": different,
        "floor_equals_journal_fold": f"{states_equal}/{len(sessions)}",
        "floor_latency_s": {
            "p50": _percentile(clock.latencies_up, 0.5),
            "p95": _percentile(clock.latencies_up, 0.95),
            "max": _percentile(clock.latencies_up, 1.0),
            "mean": round(statistics.fmean(clock.latencies_up), 4)
            if clock.latencies_up else None,
            "measured": len(clock.latencies_up),
        },
        "floor_latency_all_s": {
            "p50": _percentile(clock.latencies, 0.5),
            "p95": _percentile(clock.latencies, 0.95),
            "max": _percentile(clock.latencies, 1.0),
            "measured": len(clock.latencies),
        },
        "cut_off_table_s": cut_s,
        "dealt_s": round(figures["dealt_s"], 1),
        "caught_up_s": round(figures["caught_up_s"], 1),
    }
