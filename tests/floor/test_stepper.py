"""Stepping through a journal hand: the state at each event."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dealerassist.cards import UNKNOWN, parse_cards
from dealerassist.engine import (
    CardsShown,
    HandSetup,
    PotCarried,
    bet_or_raise,
    deal_hole,
    evolve,
    fold,
    new_hand,
    settle,
)
from dealerassist.errors import DealerAssistError
from dealerassist.floor import hand_steps, stepper, steps_from_journal, steps_of_session
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


def _jacks_hand(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A jacks-or-better deal with 3 carried in, whose opener (seat 2) shows no openers.

    The session's HandStarted gives the seats and names; its engine setup is swapped for a
    jacks-or-better one (the session does not start such deals itself yet).
    """
    session = _session(InMemoryJournal())
    session.execute("hand")
    started = dataclasses.replace(session.state.hand.started, game="FJB")
    setup = HandSetup.create(game="FJB", stacks=(100,) * 3, ante=1, small_bet=2, big_bet=4,
                             rules=dataclasses.replace(RULES, rake=dataclasses.replace(
                                 RULES.rake, enabled=False)), carried=3)
    monkeypatch.setattr(stepper.hand_adapter, "start",
                        lambda started, *, rules: new_hand(setup))
    state = new_hand(setup)
    events = []
    for make in (lambda s: deal_hole(s, 0, (UNKNOWN,) * 5),
                 lambda s: deal_hole(s, 1, (UNKNOWN,) * 5),
                 lambda s: deal_hole(s, 2, (UNKNOWN,) * 5),
                 lambda s: bet_or_raise(s, 0, 2), lambda s: fold(s, 1), lambda s: fold(s, 2),
                 lambda s: CardsShown(0, parse_cards("AcKd5h6h8s"))):
        event = make(state)
        events.append(event)
        state = evolve(state, event)
    events.extend(settle(state))
    return started, events


def test_JB_NO_OPEN_step_0_names_the_money_carried_in_from_the_last_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    started, events = _jacks_hand(monkeypatch)
    first = hand_steps(started, events, rules=RULES)[0]
    assert first.label_en.endswith(", 3 carried in from the last deal (JB-NO-OPEN)")
    assert first.label_fr.endswith(", 3 reportés de la donne précédente (JB-NO-OPEN)")
    assert [p.amount for p in first.pots] == [6]  # 3 carried + 3 antes


def test_JB_PROVE_a_false_opener_folded_to_the_pot_of_8_is_carried_to_the_next_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    started, events = _jacks_hand(monkeypatch)
    assert events[-1] == PotCarried(0, 8)  # 3 carried + 3 antes + the opener's 2
    last = hand_steps(started, events, rules=RULES)[-1]
    assert last.label_en == "Pot 1 (8) is carried to the next deal: no openers shown (JB-PROVE)"
    assert last.label_fr == ("Le pot 1 (8) est reporté à la donne suivante : ouverture non "
                             "prouvée (JB-PROVE)")
    assert last.phase == "complete"
    assert [s.stack for s in last.seats] == [97, 99, 99]  # nobody is paid
