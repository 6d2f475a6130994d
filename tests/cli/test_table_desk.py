"""`table`: desk lines (floor call, dealers, handover card) without any room."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HAND = ["sit 1 ann 1000", "sit 2 bob 1000", "dealer in dora", "hand", "r 100", "c",
        "flop Ah Kd 7c", "x", "x", "turn 2s", "x", "x", "river 3h", "x", "x",
        "show 1 Qs Qd", "show 2 Js Jd"]


def table(db: Path, lines: list[str]) -> list[dict]:  # type: ignore[type-arg]
    done = subprocess.run([sys.executable, "-m", "dealerassist", "table", "--db", str(db),
                           "--json"], input="".join(f"{line}\n" for line in lines),
                          capture_output=True, text=True, cwd=ROOT, timeout=120, check=False)
    assert "Traceback" not in done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_the_handover_card_counts_the_rake_of_the_last_down_only(tmp_path: Path) -> None:
    lines = table(tmp_path / "t.sqlite3", [*HAND, "handover", "dealer in eli", "handover"])
    first, second = (line["handover"] for line in lines if "handover" in line)
    shown = next(line for line in lines if line["command"] == "show 2 Js Jd")
    assert shown["payouts"][0]["rake"] == 10  # RAKE-RATE on the 200 pot
    assert (first["dealer"], first["rake_last_down"]) == ("dora", 10)
    assert (second["dealer"], second["rake_last_down"]) == ("eli", 0)
    assert first["stacks"] == {"1": 1090, "2": 900}


def test_a_floor_call_is_journaled_with_the_hand_frozen_and_survives_a_restart(
        tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    lines = table(db, ["sit 1 ann 500", "sit 2 bob 500", "hand", "floor 2 slow roll",
                       "floor 9 nobody"])
    assert lines[-1]["error"] == "floor: seat 9 is empty"
    call = lines[-2]["desk"]["calls"][0]
    assert (call["id"], call["seat"], call["status"], call["reason"]) == (
        "c1", 2, "waiting", "slow roll")
    again = table(db, ["undo"])  # the call was the last command: undo cancels it
    assert again[0]["desk"]["calls"][0]["id"] == "c1"
    assert "desk" not in again[-1]
