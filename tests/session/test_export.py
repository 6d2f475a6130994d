from __future__ import annotations

import random
from pathlib import Path

import pytest

from dealerassist.cli.main import main
from dealerassist.engine.ruling_events import MisdealDeclared
from dealerassist.errors import DealerAssistError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.phh import load_phh, parse_phh, replay
from dealerassist.journal.store import SQLiteJournal
from dealerassist.session.export import export_hands

from .helpers import RULES, candidate_commands, seated_session


def play_random(journal, seed: int, steps: int = 150):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    session = seated_session(300, 1000, 50, 700, journal=journal)
    for _ in range(steps):
        try:
            session.execute(rng.choice(candidate_commands(session.state, rng)))
        except DealerAssistError:
            pass
    return session


@pytest.mark.parametrize("seed", range(4))
def test_export_then_replay_gives_the_sessions_final_stacks(seed: int) -> None:
    journal = InMemoryJournal()
    session = play_random(journal, seed)
    finished = {done.started.hand_id: done for done in session.state.finished}
    exported = export_hands(journal, rules=RULES, hand_ids=None)
    assert finished, "the random dealer should finish hands"
    misdealt = {
        hand_id
        for hand_id, done in finished.items()
        if any(isinstance(e, MisdealDeclared) for e in done.events)
    }
    # every played hand is exported; a misdealt one never was played
    assert [e.hand_id for e in exported] == sorted(set(finished) - misdealt)
    for hand in exported:
        history = parse_phh(hand.text)
        result = replay(history, rules=RULES)
        assert result.final_stacks == finished[hand.hand_id].finished.final_stacks
        assert history.players == finished[hand.hand_id].started.names
        if not any(
            type(e).__module__.endswith("ruling_events") for e in finished[hand.hand_id].events
        ):
            assert result.flags == ()  # the live table only journals legal actions


def test_export_cli_one_hand_a_day_and_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "journal.sqlite3"
    journal = SQLiteJournal(db)
    session = seated_session(1000, 1000, 1000, journal=journal)
    for line in ["hand", "f", "f", "hand", "c", "c", "x", "flop 2c 3d 4h", "x"]:
        session.execute(line)
    journal.close()
    assert main(["export", "--db", str(db), "--hand", "1"]) == 0
    text = capsys.readouterr().out
    assert 'players = ["P2", "P3", "P1"]' in text
    assert "finishing_stacks = [995, 1005, 1000]" in text
    out = tmp_path / "day"
    assert main(["export", "--db", str(db), "--day", "2026-11-30", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["hand-0001.phh"]  # hand 2 is running
    assert load_phh(out / "hand-0001.phh").variant == "NT"
    assert main(["export", "--db", str(db), "--hand", "2"]) == 1
    assert "hand 2 is not finished" in capsys.readouterr().err
    assert main(["export", "--db", str(db), "--hand", "9"]) == 1
    assert "no hand 9 in this journal (finished hands: 1" in capsys.readouterr().err
    assert main(["export", "--db", str(tmp_path / "missing.sqlite3"), "--all"]) == 1
    assert "no journal here" in capsys.readouterr().err
    assert not (tmp_path / "missing.sqlite3").exists()
