"""Defect 41.14: a long journal opens in constant time from snapshots, which are never the truth.

A session opened from the journal's snapshots must equal the full fold of its records and
the live session, after every command of random sessions (undo included); a snapshot that
is damaged, missing, of another format or reached past by an undo is ignored.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.errors import DealerAssistError, JournalError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.records import Snapshot
from dealerassist.journal.store import SQLiteJournal
from dealerassist.session.controller import TableSession
from dealerassist.session.state import RECENT_HANDS
from dealerassist.session.table import SeatState

from .helpers import NLHE, RULES, candidate_commands, clock


def opened(journal, *, every: int, recent: int | None = RECENT_HANDS) -> TableSession:  # type: ignore[no-untyped-def]
    return TableSession(journal, rules=RULES, clock=clock, snapshot_every=every,
                        recent_hands=recent)


def fold_only(journal, *, recent: int | None = RECENT_HANDS) -> TableSession:  # type: ignore[no-untyped-def]
    return opened(journal, every=0, recent=recent)


def play_folds(session: TableSession, hands: int) -> None:
    """Heads-up hands won by the big blind: 'hand' then the button folds."""
    for _ in range(hands):
        session.execute("hand")
        session.execute("f")


def new_table(journal, *, every: int, recent: int = RECENT_HANDS) -> TableSession:  # type: ignore[no-untyped-def]
    session = TableSession(journal, rules=RULES, preset=NLHE, clock=clock, snapshot_every=every,
                           recent_hands=recent)
    session.execute("sit 1 Ann 1000")
    session.execute("sit 2 Bob 1000")
    return session


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(20, 160),
    every=st.integers(1, 3),
    recent=st.integers(1, 4),
)
def test_defect_41_14_snapshot_open_equals_the_full_fold_after_every_command(
    seed: int, steps: int, every: int, recent: int
) -> None:
    rng = random.Random(seed)
    journal = InMemoryJournal()
    session = new_table(journal, every=every, recent=recent)
    for name, seat in (("Cy", 3), ("Di", 4)):
        session.execute(f"sit {seat} {name} {rng.choice([50, 300, 1000])}")
    for _ in range(steps):
        # A random dealer, with 'undo' among the choices and hands dealt often.
        choices = candidate_commands(session.state, rng)
        line = rng.choice(choices + ["undo", "undo"] if rng.random() < 0.2 else choices)
        try:
            session.execute(line)
        except DealerAssistError:
            continue
        from_snapshot = opened(journal, every=every, recent=recent)
        full = fold_only(journal, recent=recent)
        assert from_snapshot.state == full.state == session.state, line
        assert len(session.state.finished) <= recent
    if session.state.last_hand_id > every + 1:
        assert journal.latest_snapshot() is not None


def test_defect_41_14_undo_reaching_back_past_snapshots_matches_the_full_fold() -> None:
    journal = InMemoryJournal()
    session = new_table(journal, every=2, recent=3)
    play_folds(session, 12)
    assert session.base_seq > 0 and len(session.history()) < 10  # records before it dropped
    for _ in range(20):  # back through hand 12, 11, ... past several snapshots
        session.execute("undo")
        assert opened(journal, every=2, recent=3).state == session.state
        assert fold_only(journal, recent=3).state == session.state
    assert session.state.last_hand_id == 2
    play_folds(session, 5)
    assert opened(journal, every=2, recent=3).state == fold_only(journal, recent=3).state
    assert session.state.last_hand_id == 7


def test_defect_41_14_sqlite_opens_from_the_newest_snapshot_and_falls_back_when_bad(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        play_folds(new_table(journal, every=5), 23)
    with SQLiteJournal(path) as journal:
        newest = journal.latest_snapshot()
        assert newest is not None
        fast = opened(journal, every=5)
        assert fast.base_seq == newest.seq  # opened from it: only hands 21-23 were folded
        assert fast.state == fold_only(journal).state
        assert fast.state.last_hand_id == 23
        # 23 heads-up hands, the button (small blind, 5) folding: Ann was it once more
        assert [p.stack for p in fast.state.table.players] == [995, 1005]
    # A damaged newest snapshot: the one before it is used; the state is the same.
    raw = sqlite3.connect(path)
    raw.execute("UPDATE snapshots SET payload = '{\"game\": 7}' WHERE seq = ?", (newest.seq,))
    raw.commit()
    raw.close()
    with SQLiteJournal(path) as journal:
        fallback = opened(journal, every=5)
        assert 0 < fallback.base_seq < newest.seq
        assert fallback.state == fold_only(journal).state
    # Snapshots made under other rules are ignored: the records are folded from the start.
    other = replace(RULES, straddle=replace(RULES.straddle, allowed=not RULES.straddle.allowed))
    with SQLiteJournal(path) as journal:
        session = TableSession(journal, rules=other, clock=clock, snapshot_every=5)
        assert session.base_seq == 0
        assert session.state == TableSession(journal, rules=other, snapshot_every=0).state
    # No snapshot at all (deleted, or a journal written by an older program).
    raw = sqlite3.connect(path)
    raw.execute("DELETE FROM snapshots")
    raw.commit()
    raw.close()
    with SQLiteJournal(path) as journal:
        assert opened(journal, every=5).base_seq == 0
        assert opened(journal, every=5).state == fast.state


def test_defect_41_14_an_undo_past_a_snapshot_makes_it_unusable(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with SQLiteJournal(path) as journal:
        session = new_table(journal, every=2)
        play_folds(session, 4)
        snapshot = journal.latest_snapshot()
        assert snapshot is not None and snapshot.seq == journal.last_seq()
        session.execute("undo")  # the fold that finished hand 4, recorded before the snapshot
        assert session.state.hand is not None and session.state.hand.started.hand_id == 4
    with SQLiteJournal(path) as journal:
        reopened = opened(journal, every=2)
        assert reopened.base_seq < snapshot.seq
        assert reopened.state == fold_only(journal).state
        assert reopened.state.hand is not None  # hand 4 is running again


class _FailingSnapshots(InMemoryJournal):
    def save_snapshot(self, snapshot: Snapshot) -> None:
        raise JournalError("disk full")


def test_defect_41_14_a_snapshot_that_cannot_be_saved_never_fails_the_command() -> None:
    journal = _FailingSnapshots()
    session = new_table(journal, every=1)
    play_folds(session, 3)
    assert session.state.last_hand_id == 3
    assert journal.latest_snapshot() is None
    assert opened(journal, every=1).state == session.state


def test_defect_41_14_state_keeps_the_recent_hands_and_export_keeps_every_one() -> None:
    journal = InMemoryJournal()
    session = new_table(journal, every=10, recent=5)
    play_folds(session, 30)
    assert [done.started.hand_id for done in session.state.finished] == [26, 27, 28, 29, 30]
    everything = fold_only(journal, recent=None)
    assert [done.started.hand_id for done in everything.state.finished] == list(range(1, 31))
    assert everything.state.table == session.state.table
    assert all(p.state is SeatState.PLAYING for p in session.state.table.players)


_PLAYER = """
import itertools
import sys
from dealerassist.errors import DealerAssistError
from dealerassist.journal.store import SQLiteJournal
from dealerassist.rules.model import GamePreset
from dealerassist.rules.profiles import default_rules
from dealerassist.session.controller import TableSession
preset = GamePreset(name="NLHE 5/10", game="NT", small_blind=5, big_blind=10, max_seats=6)
session = TableSession(SQLiteJournal(sys.argv[1]), rules=default_rules(), preset=preset,
                       snapshot_every=1)
if not session.state.table.players:
    session.execute("sit 1 Ann 100000")
    session.execute("sit 2 Bob 100000")
lines = itertools.cycle(("c", "x", "undo", "x", "flop Ah Kd 7c", "b 10", "f"))
while True:
    line = "hand" if session.state.hand is None else next(lines)
    try:
        session.execute(line)
    except DealerAssistError:
        continue  # resumed mid-hand after a kill: the script's next step may not fit
    print(session.journal.last_seq(), flush=True)
"""


def test_defect_41_14_sigkill_while_snapshots_are_saved_loses_nothing(tmp_path: Path) -> None:
    """Killed at random moments, a snapshot after every hand: each reopening from the
    snapshots equals the full fold, and no acknowledged record is lost."""
    import signal
    import subprocess
    import sys
    import time

    path = tmp_path / "j.sqlite3"
    rng = random.Random(41)
    counts: list[int] = []
    root = Path(__file__).resolve().parents[2]
    for _ in range(8):
        child = subprocess.Popen(
            [sys.executable, "-c", _PLAYER, str(path)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=root,
        )
        time.sleep(1.5 + rng.random() * 2.0)
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=60)
        assert "Traceback" not in err, err
        counts.append(len(out.split()))
        acknowledged = [int(line) for line in out.split()]
        with SQLiteJournal(path) as journal:
            assert journal.last_seq() >= max(acknowledged, default=0)
            from_snapshot = TableSession(journal, rules=RULES, snapshot_every=1)
            assert from_snapshot.state == fold_only(journal).state
    with SQLiteJournal(path) as journal:
        assert journal.latest_snapshot() is not None, counts


def test_defect_41_14_the_desk_and_recent_hands_survive_opening_from_a_snapshot() -> None:
    """`session.desk` folds `history()`: floor calls and dealers recorded long before the
    snapshot, and the recent hands' rakes, read the same as from the full journal."""
    from dealerassist.session.desk import desk_of, finished_rakes, record_desk_line

    journal = InMemoryJournal()
    session = new_table(journal, every=3, recent=4)
    record_desk_line(session, "dealer in dora", now=clock(), place="T1")
    record_desk_line(session, "floor 2 string bet?", now=clock(), place="T1")
    play_folds(session, 7)
    record_desk_line(session, "dealer in eve", now="2026-11-30T02:00:00.000000Z", place="T1")
    play_folds(session, 8)
    fast = opened(journal, every=3, recent=4)
    full = fold_only(journal, recent=4)
    assert fast.base_seq > 0 and full.base_seq == 0
    desk = desk_of(fast.history())
    assert desk == desk_of(full.history()) == desk_of(session.history())
    assert [shift.name for shift in desk.rotation] == ["dora", "eve"]
    assert [call.reason for call in desk.waiting] == ["string bet?"]

    def hands(table: TableSession) -> list[int]:
        return [done.hand_id for _, done in finished_rakes(table.history(), {})]

    assert hands(fast)[-4:] == hands(full)[-4:] == [12, 13, 14, 15]
