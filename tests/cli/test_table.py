"""`dealerassist table`: commands on stdin, one JSON state per line, journal on disk."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dealerassist.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
KEYS = {
    "hand_id",
    "street",
    "to_act",
    "to_call",
    "min_raise_to",
    "max_raise_to",
    "pots",
    "stacks",
    "flags",
}


def table(db: Path, lines: list[str], *extra: str) -> tuple[int, list[dict], str]:  # type: ignore[type-arg]
    process = subprocess.run(
        [sys.executable, "-m", "dealerassist", "table", "--db", str(db), "--json", *extra],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    return process.returncode, [json.loads(x) for x in process.stdout.splitlines()], process.stderr


def test_json_line_after_each_command_with_the_contract_keys(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    code, states, _ = table(
        db,
        ["sit 1 Alice 1500", "sit 3 Bruno 1500", "sit 5 Chloe 800", "hand", "r 6", "c"],
        "--game",
        "NLHE 1/2",
    )
    assert code == 0
    assert len(states) == 7  # the start state, then one per command
    assert all(KEYS <= state.keys() for state in states)
    start, *_, raised, called = states
    assert start["hand_id"] is None and start["to_act"] is None
    # hand 1: button 1, SB 3 (1), BB 5 (2); seat 1 raised to 6, seat 3 called
    assert raised["to_act"] == 3 and raised["to_call"] == 5
    assert raised["min_raise_to"] == 10 and raised["max_raise_to"] == 1500
    assert called["to_act"] == 5 and called["to_call"] == 4
    assert called["stacks"] == {"1": 1494, "3": 1494, "5": 798}
    assert called["street"] == "Pre-flop"


def test_bad_command_prints_the_error_and_keeps_the_state(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    code, states, _ = table(
        db, ["sit 1 A 100", "sit 2 B 100", "hand", "r 3", "rasie 9", "c"], "--game", "NLHE 1/2"
    )
    assert code == 1  # some command was refused
    refused = [s for s in states if s["error"] is not None]
    assert [s["command"] for s in refused] == ["r 3", "rasie 9"]
    assert refused[0]["error"].endswith("[BET-NL-MIN]")
    assert "did you mean 'raise'" in refused[1]["error"]
    before = states[3]
    for state in refused:
        assert {k: v for k, v in state.items() if k not in ("command", "error")} == {
            k: v for k, v in before.items() if k not in ("command", "error")
        }
    assert states[-1]["command"] == "c" and states[-1]["error"] is None


def test_restart_resumes_mid_hand_exactly(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    _, first, _ = table(
        db,
        [
            "sit 1 A 500",
            "sit 2 B 500",
            "sit 4 C 500",
            "hand",
            "c",
            "c",
            "x",
            "flop Ah 7d 2c",
            "b 20",
        ],
        "--game",
        "NLHE 1/2",
    )
    _, second, _ = table(db, ["c"])
    resumed = {k: v for k, v in second[0].items() if k != "command"}
    assert resumed == {k: v for k, v in first[-1].items() if k != "command"}
    assert second[1]["to_act"] == 1 and second[1]["to_call"] == 20


def test_foreign_database_is_refused_and_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "other.db"
    connection = sqlite3.connect(db)
    connection.execute("CREATE TABLE invoices (n INTEGER)")
    connection.commit()
    connection.close()
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    assert main(["table", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a dealerassist journal" in err
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before


def test_unknown_preset_names_the_closest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["table", "--db", str(tmp_path / "j.sqlite3"), "--game", "NLHE 1/3"]) == 1
    assert "did you mean" in capsys.readouterr().err


_RACER = """
import sys, time
from dealerassist.cli.main import main
start = float(sys.argv[1])
time.sleep(max(0.0, start - time.time()))
sys.exit(main(["table", "--db", sys.argv[2], "--json", "--game", "NLHE 1/2"]))
"""


def test_defect_41_11_tables_opening_one_new_journal_at_once(tmp_path: Path) -> None:
    """Six processes open one new journal at the same instant: each gets a table or the
    conflict message (another program is writing), never a failed migration."""
    import time

    for round_ in range(2):
        db = tmp_path / f"race-{round_}.sqlite3"
        start = time.time() + 3.0  # every interpreter is up and imported by then
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", _RACER, str(start), str(db)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                cwd=ROOT,
            )
            for _ in range(6)
        ]
        results = [
            process.communicate(f"sit {k + 1} P{k} 100\n", timeout=120)
            for k, process in enumerate(processes)
        ]
        for process, (_, stderr) in zip(processes, results, strict=True):
            assert "migration" not in stderr and "already exists" not in stderr
            assert "Traceback" not in stderr
            if process.returncode != 0:
                assert stderr.strip() == "" or "another program is writing" in stderr
            assert stderr.count("\n") <= 1
        raw = sqlite3.connect(db)
        games = raw.execute("SELECT count(*) FROM events WHERE type = 'GameSelected'").fetchone()
        sits = raw.execute("SELECT count(*) FROM events WHERE type = 'PlayerSat'").fetchone()
        raw.close()
        assert games[0] == 1  # one table's game; the others joined it or were refused
        assert 1 <= sits[0] <= 6


def test_defect_41_10_presets_empty_is_refused_by_check_rules_and_table_alike(
    tmp_path: Path,
) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("schema_version: 1\npresets: []\n", encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "dealerassist", "check-rules", str(rules)],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=False,
    )
    assert checked.returncode == 1
    assert checked.stdout == f"{rules}:2: presets lists no game: add at least one " \
        "(a table deals the first by default)\n"
    db = tmp_path / "j.sqlite3"
    code, states, stderr = table(db, ["sit 1 A 100"], "--rules", str(rules))
    assert code == 1 and states == []
    assert stderr == f"dealerassist: {rules}:2: presets lists no game: add at least one " \
        "(a table deals the first by default)\n"
    assert not db.exists()


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--game", "Texas"], "no game preset named 'Texas'"),
        (["--rules", "{bad}"], "unknown key 'bogus'"),
        (["--rules", "{empty}"], "presets lists no game"),
    ],
    ids=["bad-game", "bad-rules-file", "rules-without-games"],
)
def test_defect_41_10_a_refused_table_leaves_no_journal_file(
    tmp_path: Path, options: list[str], expected: str
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nbogus: 1\n", encoding="utf-8")
    empty = tmp_path / "empty.yaml"
    empty.write_text("schema_version: 1\n", encoding="utf-8")
    db = tmp_path / "sub" / "j.sqlite3"
    options = [option.format(bad=bad, empty=empty) for option in options]
    code, states, stderr = table(db, ["sit 1 A 100"], *options)
    assert code == 1 and states == []
    assert expected in stderr and stderr.count("\n") == 1
    assert not db.exists() and not db.parent.exists()
