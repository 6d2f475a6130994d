"""A live table through `TableSession`: dealer reports, confirmations, undo, journal replay.

Runs once the session's hooks (docs/irregularities.md) are in: until then it is skipped.
"""

from __future__ import annotations

import pytest

from dealerassist.engine.ruling_events import BurnSkipped, MisdealDeclared
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules.model import GamePreset
from dealerassist.rules.profiles import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.session.presenter import present
from dealerassist.session.viewmodels import FlagSeverity, FlagStatus

RULES = default_rules()
NLHE = GamePreset(name="NLHE 5/10", game="NT", small_blind=5, big_blind=10, max_seats=6)


def table(journal: InMemoryJournal | None = None) -> TableSession:
    session = TableSession(journal or InMemoryJournal(), rules=RULES, preset=NLHE,
                           clock=lambda: "2026-11-30T01:00:00.000000Z")
    for line in ("sit 1 Ann 500", "sit 2 Bob 600", "sit 4 Cy 700"):
        session.execute(line)
    return session


def test_IRR_HE_EXPOSE_FIRST2_misdeal_at_the_table_returns_the_blinds_and_survives_replay() -> None:
    journal = InMemoryJournal()
    session = table(journal)
    session.execute("hand")
    hand = session.state.hand
    assert hand is not None
    first = hand.started.seats[0]
    session.execute(f"exposed {first} Ah first")
    [flag] = present(session.state).flags
    assert flag.rule_id == "IRR-HE-EXPOSE-FIRST2" and flag.severity is FlagSeverity.MISDEAL
    assert flag.seat == first and flag.status is FlagStatus.OPEN
    session.execute("misdeal")
    state = session.state
    assert state.hand is None
    assert isinstance(state.finished[-1].events[-1], MisdealDeclared)
    assert {p.seat: p.stack for p in state.table.players} == {1: 500, 2: 600, 4: 700}
    again = TableSession(journal, rules=RULES, clock=lambda: "x")
    assert again.state == state  # the journal rebuilds the same table
    session.execute("undo")  # the misdeal (and the hand's end) are taken back
    assert session.state.hand is not None
    assert present(session.state).flags[0].status is FlagStatus.OPEN


def test_IRR_FLOP_EARLY_at_the_table_new_flop_unburned() -> None:
    session = table()
    session.execute("hand")
    session.execute("c")
    session.execute("early Ah Kd 7c")
    assert present(session.state).flags[0].rule_id == "IRR-FLOP-EARLY"
    session.execute("confirm")
    assert present(session.state).flags[0].status is FlagStatus.CONFIRMED
    for line in ("c", "x"):
        session.execute(line)
    session.execute("flop Ah 2c 3d")
    hand = session.state.hand
    assert hand is not None
    assert isinstance(hand.events[-1], BurnSkipped)
    assert hand.engine_state.burns == 1
    assert hand.engine_state.total_chips == 1800


def test_overrule_at_the_table_keeps_the_flag_with_its_reason() -> None:
    session = table()
    session.execute("hand")
    session.execute("extra 2 2")
    [flag] = present(session.state).flags
    session.execute(f"overrule {flag.flag_id} recovered before anyone looked")
    [flag] = present(session.state).flags
    assert flag.status is FlagStatus.OVERRULED
    session.execute("c")  # the hand goes on
    assert session.state.hand is not None


def test_IRR_UNDERRAISE_reported_at_the_table_and_made_the_minimum() -> None:
    session = table()
    session.execute("hand")
    hand = session.state.hand
    assert hand is not None
    actor = hand.engine_state.actor
    seat = hand.started.seats[actor]
    with pytest.raises(Exception, match="minimum"):
        session.execute("r 16")  # the engine refuses it; the chips are out all the same
    session.execute(f"acted {seat} r 16")
    [flag] = present(session.state).flags
    assert flag.rule_id == "IRR-UNDERRAISE" and flag.seat == seat
    session.execute("confirm")
    hand = session.state.hand
    assert hand is not None
    assert hand.engine_state.bets[actor] == 20  # 6 of a 10 raise: made up to the minimum
