#!/usr/bin/env python3
"""Crash test of the journal: kill `dealerassist table` with SIGKILL at random moments.

Each round feeds a scripted command stream (a seeded random dealer: seating, hands with
bets, raises, folds, board cards, showdowns, undo, refused commands) to
``dealerassist table --db FILE --json``, kills the process with SIGKILL after a random
delay, restarts it on the same file and checks:

- no acknowledged event is lost: the journal holds every command whose state line was
  printed (an accepted command is committed before its line is printed);
- the restored state equals the state printed before the kill, or the state after the
  next command when that one was committed but not yet acknowledged;
- the restored state equals the state an in-memory reference session reaches on the same
  commands (so the replay is exact, mid-hand included).

Usage: ``python scripts/crash_test.py [--rounds 200] [--seed 1] [--commands 150]``.
Prints one summary line (JSON with ``--json``); exit 1 on any failure. Run it on a
committed tree (a clone, or ``git archive HEAD | tar -x -C DIR``): every round starts
fresh processes, so files edited during the run would change the program under test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealerassist.cards import standard_deck  # noqa: E402
from dealerassist.engine.betting import legal_actions  # noqa: E402
from dealerassist.engine.state import Phase  # noqa: E402
from dealerassist.errors import DealerAssistError  # noqa: E402
from dealerassist.journal.memory import InMemoryJournal  # noqa: E402
from dealerassist.journal.store import SQLiteJournal  # noqa: E402
from dealerassist.rules.profiles import default_rules  # noqa: E402
from dealerassist.session.controller import TableSession  # noqa: E402
from dealerassist.session.presenter import present, table_json  # noqa: E402
from dealerassist.session.state import SessionState  # noqa: E402

PRESET = "NLHE 1/2"


def _next_command(state: SessionState, rng: random.Random) -> str:
    """One plausible dealer command (legal most of the time)."""
    table = state.table
    seats = [p.seat for p in table.players]
    if rng.random() < 0.04:
        return rng.choice(["undo", "rasie 40", "r 1", "x", "leave 9"])
    if state.hand is None:
        free = [s for s in range(1, table.max_seats + 1) if s not in seats]
        if len(seats) < 3 and free:
            seat = rng.choice(free)
            return f"sit {seat} P{seat}n{rng.randrange(1000)} {rng.choice([60, 200, 500])}"
        busted = [p.seat for p in table.players if p.stack == 0]
        if busted:
            return f"add {busted[0]} 200"
        if rng.random() < 0.1 and seats:
            return f"leave {rng.choice(seats)}"
        return "hand"
    engine = state.hand.engine_state
    started = state.hand.started
    used = {c for c in engine.board if c.is_face}
    for hole in engine.hole:
        used.update(c for c in hole if c.is_face)
    deck = [c for c in standard_deck() if c not in used]
    rng.shuffle(deck)
    choices = legal_actions(engine)
    if choices is not None:
        roll = rng.random()
        if roll < 0.15:
            return "f"
        if roll < 0.6 or choices.min_raise_to is None:
            return "c"
        if roll < 0.7:
            return "allin"
        return f"r {rng.randint(choices.min_raise_to, choices.max_raise_to)}"  # type: ignore[arg-type]
    if engine.phase is Phase.DEALING:
        name = {1: "flop", 2: "turn", 3: "river"}.get(engine.street_index, "board")
        return f"{name} " + " ".join(str(c) for c in deck[: engine.due_board or 1])
    for i in engine.in_hand:
        hole = engine.hole[i]
        if any(c.is_unknown for c in hole):
            if rng.random() < 0.3 and len(engine.in_hand) > 1:
                return f"muck {started.seats[i]}"
            return f"show {started.seats[i]} " + " ".join(str(c) for c in deck[: len(hole)])
    return "hand"


def scripted_commands(seed: int, count: int) -> tuple[list[str], list[dict[str, Any]]]:
    """Return the command stream and the reference state line after each command."""
    rng = random.Random(seed)
    rules = default_rules()
    session = TableSession(InMemoryJournal(), rules=rules, preset=rules.preset(PRESET))
    commands: list[str] = []
    states = [table_json(present(session.state))]
    for _ in range(count):
        line = _next_command(session.state, rng)
        commands.append(line)
        try:
            session.execute(line)
        except DealerAssistError:
            pass
        states.append(table_json(present(session.state)))
    return commands, states


@dataclass
class Round:
    """What one kill-and-restart round found."""

    acknowledged: int
    committed_commands: int
    accepted_acknowledged: int
    restored_matches: str
    mid_hand: bool = False
    problems: list[str] = field(default_factory=list)


def _strip(line: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in line.items() if k not in ("command", "error")}


def _table(
    db: Path, stdin: bytes | None, *, stderr: int = subprocess.DEVNULL
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "dealerassist",
            "table",
            "--db",
            str(db),
            "--json",
            "--game",
            PRESET,
        ],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _count_commands(db: Path) -> int:
    with SQLiteJournal(db, create=False) as journal:
        return sum(1 for record in journal.read() if record.type == "CommandReceived")


def one_round(
    *,
    db: Path,
    commands: list[str],
    states: list[dict[str, Any]],
    delay: float,
    after_line: int | None = None,
) -> Round:
    """Run, kill, restart, compare.

    The kill comes ``delay`` seconds after the start, or, with ``after_line``, ``delay``
    seconds after that many state lines were printed (so kills spread over the whole
    command stream whatever the machine's speed, and land at any point of a command:
    parsing, checking, committing, printing).
    """
    process = _table(db, None)
    lines: list[bytes] = []
    reached = threading.Event()

    def reader() -> None:
        assert process.stdout is not None
        for raw in process.stdout:
            lines.append(raw)
            if after_line is not None and len(lines) >= after_line:
                reached.set()
        reached.set()

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    assert process.stdin is not None
    try:
        process.stdin.write("".join(c + "\n" for c in commands).encode())
        process.stdin.flush()
    except BrokenPipeError:
        pass
    if after_line is not None:
        reached.wait(timeout=120)
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait()
    thread.join(timeout=5)
    printed = []
    for raw in lines:
        if not raw.endswith(b"\n"):
            break  # a line cut by the kill was never acknowledged
        printed.append(json.loads(raw))
    # printed[0] is the start state, printed[k] the state after command k.
    acknowledged = max(0, len(printed) - 1)
    problems: list[str] = []
    for k, line in enumerate(printed):
        if _strip(line) != _strip(states[k]):
            problems.append(f"live line {k} differs from the reference")
            break
    restart = _table(db, b"", stderr=subprocess.PIPE)
    out, err = restart.communicate(b"", timeout=60)
    if not out:
        detail = err.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
        return Round(
            acknowledged, -1, 0, "none", False, [*problems, f"restart failed: {detail[0]}"]
        )
    restored = _strip(json.loads(out.splitlines()[0]))
    committed = _count_commands(db)
    accepted_acked = sum(1 for line in printed[1:] if line.get("error") is None)
    # +1 for the 'game' command the first start journals
    if committed - 1 < accepted_acked:
        problems.append(
            f"lost acknowledged commands: {accepted_acked} acknowledged, {committed - 1} kept"
        )
    matches = "none"
    if printed and restored == _strip(printed[-1]):
        matches = "acknowledged"
    elif acknowledged + 1 < len(states) and restored == _strip(states[acknowledged + 1]):
        matches = "next (committed, not yet acknowledged)"
    elif not printed and restored == _strip(states[0]):
        matches = "start"
    if matches == "none":
        problems.append(f"restored state matches neither state {acknowledged} nor the next")
    mid_hand = restored.get("street") not in ("", None)
    return Round(acknowledged, committed - 1, accepted_acked, matches, mid_hand, problems)


def main(argv: list[str] | None = None) -> int:
    """Run the rounds and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--commands", type=int, default=150)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    rounds: list[Round] = []
    with tempfile.TemporaryDirectory() as folder:
        # Calibrate: how long a full run takes, so kills land all over it.
        commands, states = scripted_commands(args.seed, args.commands)
        probe = _table(Path(folder) / "probe.sqlite3", None)
        t0 = time.perf_counter()
        assert probe.stdin is not None and probe.stdout is not None
        probe.stdin.write("".join(c + "\n" for c in commands).encode())
        probe.stdin.close()
        probe.stdout.readline()
        first_line = time.perf_counter() - t0  # start-up: journal opened and replayed
        probe.stdout.read()
        probe.wait(timeout=300)
        full = time.perf_counter() - t0
        for index in range(args.rounds):
            seed = rng.randrange(2**31)
            commands, states = scripted_commands(seed, args.commands)
            db = Path(folder) / f"round{index}.sqlite3"
            if rng.random() < 0.1:  # a kill during start-up (opening, replaying)
                rounds.append(
                    one_round(
                        db=db,
                        commands=commands,
                        states=states,
                        delay=rng.uniform(0.0, first_line * 1.2),
                    )
                )
            else:  # a kill at a random point of a random command
                per_command = max(1e-4, (full - first_line) / max(1, len(commands)))
                rounds.append(
                    one_round(
                        db=db,
                        commands=commands,
                        states=states,
                        after_line=rng.randint(1, len(commands)),
                        delay=rng.uniform(0.0, per_command * 2),
                    )
                )
            for suffix in ("", "-wal", "-shm"):
                Path(str(db) + suffix).unlink(missing_ok=True)
    failures = [r for r in rounds if r.problems]
    summary = {
        "rounds": len(rounds),
        "failures": len(failures),
        "acknowledged_commands": sum(r.accepted_acknowledged for r in rounds),
        "lost_acknowledged": sum(
            max(0, r.accepted_acknowledged - r.committed_commands)
            for r in rounds
            if r.committed_commands >= 0
        ),
        "restart_failures": sum(1 for r in rounds if r.committed_commands < 0),
        "restored_equals_acknowledged": sum(r.restored_matches == "acknowledged" for r in rounds),
        "restored_equals_next_committed": sum(
            r.restored_matches.startswith("next") for r in rounds
        ),
        "restored_at_start": sum(r.restored_matches == "start" for r in rounds),
        "restored_mid_hand": sum(r.mid_hand for r in rounds),
        "startup_s": round(first_line, 2),
        "full_run_s": round(full, 2),
        "elapsed_s": round(time.perf_counter() - started, 1),
        "problems": [p for r in failures for p in r.problems][:10],
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(" ".join(f"{k}={v}" for k, v in summary.items()))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
