"""Stepping through a journal hand: the state at each event."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealerassist.errors import DealerAssistError
from dealerassist.floor import hand_steps, steps_from_journal, steps_of_session
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.store import SQLiteJournal
from dealerassist.rules import default_rules
from dealerassist.rules.model import GamePreset
from dealerassist.session.controller import TableSession

RULES = default_rules()
NLHE = GamePreset(name="NLHE 10/20", game="NT", small_blind=10, big_blind=20, max_seats=6)


def _session(journal) -> TableSession:  # type: ignore[no-untyped-def]
    session = TableSession(journal, rules=RULES, preset=NLHE,
                           clock=lambda: "2026-11-30T01:00:00.000000Z")
    for seat, stack in ((1, 500), (2, 3000), (3, 3000)):
        session.execute(f"sit {seat} P{seat} {stack}")
    return session


def _play_pot_example(session: TableSession) -> None:
    # hand 1: button seat 1, SB seat 2, BB seat 3; seat 1 is first to act pre-flop
    for line in ["hand", "r 500", "r 1200", "c", "flop Ah Kd 7c", "x", "x", "turn 2s",
                 "x", "x", "river 9h", "x", "x", "show 1 As Ad", "show 2 Kh Ks",
                 "show 3 Qh Qs"]:
        session.execute(line)


def test_steps_show_pots_limits_and_cards_before_the_dispute(tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite"
    journal = SQLiteJournal(path)
    session = _session(journal)
    _play_pot_example(session)
    journal.close()
    journal = SQLiteJournal(path)
    steps = steps_from_journal(journal, 1, rules=RULES)
    first = steps[0]
    assert first.index == 0 and "Hand 1" in first.label_en
    assert [(s.seat, s.bet) for s in first.seats] == [(2, 10), (3, 20), (1, 0)]
    labels = [s.label_en for s in steps]
    raise_to_500 = labels.index("Seat 1 (P1) raises to 500")
    before = steps[raise_to_500 - 1]
    assert before.actor_seat == 1 and before.to_call == 20
    assert (before.min_raise_to, before.max_raise_to) == (40, 500)
    after_call = steps[labels.index("Seat 3 (P3) calls 1180")]
    # POT-EXAMPLE: main 1 500 for the three seats, side 1 400 for seats 2 and 3
    assert [(p.amount, p.seats) for p in after_call.pots] == [(1500, (2, 3, 1)), (1400, (2, 3))]
    assert next(s for s in after_call.seats if s.seat == 1).all_in
    last = steps[-1]
    assert last.phase == "complete"
    assert any("wins" in label for label in labels)
    assert last.board == "Ah Kd 7c 2s 9h"
    journal.close()


def test_the_running_hand_can_be_stepped_and_unknown_hands_are_named() -> None:
    session = _session(InMemoryJournal())
    session.execute("hand")
    session.execute("r 100")
    steps = steps_of_session(session.state, 1, rules=RULES)
    assert steps[-1].label_en == "Seat 1 (P1) raises to 100"
    assert steps[-1].actor_seat == 2 and steps[-1].to_call == 90
    with pytest.raises(DealerAssistError, match=r"no hand 7 in this journal \(hands: 1\)"):
        steps_of_session(session.state, 7, rules=RULES)


def test_stepping_writes_nothing_to_the_journal() -> None:
    journal = InMemoryJournal()
    session = _session(journal)
    _play_pot_example(session)
    before = journal.last_seq()
    done = session.state.finished[0]
    assert len(hand_steps(done.started, done.events, rules=RULES)) == len(done.events) + 1
    steps_from_journal(journal, 1, rules=RULES)
    assert journal.last_seq() == before
