"""Defect 41.4: export with unusual names. A name is any printable Unicode word of up to
40 characters; control characters are refused at ``sit``; every exported hand replays."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.phh import _toml_string, parse_phh, replay
from dealerassist.limits import MAX_NAME
from dealerassist.session.commands import CommandError, parse_command
from dealerassist.session.export import export_hands

from .helpers import RULES, new_session

ROOT = Path(__file__).resolve().parents[2]

# Printable, one word, not a number: letters, marks, numbers, punctuation, symbols of
# every script (quotes, backslashes, '#', emoji and combining marks included).
names = st.text(
    st.characters(categories=("L", "M", "N", "P", "S")), min_size=1, max_size=MAX_NAME
).filter(lambda name: not name.isdigit() and not name.isdecimal() and name.strip() == name
         and len(name.split()) == 1 and not any(c.isdigit() and c.isascii() for c in name[:1]))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(first=names, second=names)
def test_defect_41_4_every_exported_hand_replays_whatever_the_names(
    first: str, second: str
) -> None:
    if first.casefold() == second.casefold():
        second = "B" + second[: MAX_NAME - 1]
    journal = InMemoryJournal()
    session = new_session(journal)
    # The dealer quotes a name the command line would read otherwise (quotes, '#').
    session.execute(f"sit 1 {shlex.quote(first)} 300")
    session.execute(f"sit 2 {shlex.quote(second)} 300")
    for line in ("hand", "c", "x", "flop Ah Kd 7c", "b 10", "f"):
        session.execute(line)
    (hand,) = export_hands(journal, rules=RULES)
    history = parse_phh(hand.text)
    assert set(history.players) == {first, second}
    result = replay(history, rules=RULES)
    assert result.final_stacks == session.state.finished[-1].finished.final_stacks


@pytest.mark.parametrize("name", ["A\x01b", "Esc\x1b[31m", "Bell\x07", "Del\x7f", "Zero\u200bW",
                                  "Soft\xadHyphen"])
def test_defect_41_4_a_name_with_a_control_character_is_refused_at_sit(name: str) -> None:
    with pytest.raises(CommandError) as caught:
        parse_command(f"sit 1 {name} 100")
    message = str(caught.value)
    assert "a player name is printable text" in message and "U+" in message
    assert "\n" not in message


def test_defect_41_4_a_name_is_at_most_40_characters() -> None:
    assert parse_command("sit 1 " + "é" * MAX_NAME + " 100").name == "é" * MAX_NAME
    with pytest.raises(CommandError, match="at most 40 characters, not 41"):
        parse_command("sit 1 " + "é" * (MAX_NAME + 1) + " 100")


def test_defect_41_4_toml_strings_escape_every_control_character() -> None:
    import tomllib

    text = "".join(chr(code) for code in range(0x20)) + '"\\\x7fé😀'
    assert tomllib.loads(f"name = {_toml_string(text)}")["name"] == text


def test_defect_41_4_latin_1_input_never_crashes_and_the_export_replays(tmp_path: Path) -> None:
    db = tmp_path / "j.sqlite3"
    lines = b"sit 1 Jos\xe9 200\nsit 2 Ren\xe9e 200\nhand\nc\nx\nflop Ah Kd 7c\nb 10\nf\n"
    table = subprocess.run(
        [sys.executable, "-m", "dealerassist", "table", "--db", str(db), "--game", "NLHE 1/2"],
        input=lines, capture_output=True, cwd=ROOT, timeout=120, check=False,
    )
    assert table.returncode == 0, table.stderr
    out = tmp_path / "hand.phh"
    export = subprocess.run(
        [sys.executable, "-m", "dealerassist", "export", "--db", str(db), "--hand", "1",
         "--out", str(out)],
        capture_output=True, cwd=ROOT, timeout=120, check=False,
        env={"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"},
    )
    assert export.returncode == 0, export.stderr
    history = parse_phh(out.read_text(encoding="utf-8"))
    assert set(history.players) == {"José", "Renée"}
    printed = subprocess.run(  # to a terminal that cannot show 'é': UTF-8 bytes, no error
        [sys.executable, "-m", "dealerassist", "export", "--db", str(db), "--hand", "1"],
        capture_output=True, cwd=ROOT, timeout=120, check=False,
        env={"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"},
    )
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.decode("utf-8") == out.read_text(encoding="utf-8")
    replay_run = subprocess.run(
        [sys.executable, "-m", "dealerassist", "replay", str(out)],
        capture_output=True, cwd=ROOT, timeout=120, check=False,
    )
    assert replay_run.returncode == 0, replay_run.stderr
