"""Issue 41's defects, each reproduced (commands refused with their rule, hands never stuck)."""

from __future__ import annotations

import pytest

from dealerassist.engine.state import Phase
from dealerassist.errors import IllegalActionError
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.session.controller import TableSession
from dealerassist.session.state import SessionState

from .helpers import RULES, clock

FAMILY_PRESETS = (
    "NLHE 1/2",
    "PLO 1/2",
    "Stud 15/30 ante 2 bring-in 5",
    "Razz",
    "2-7 Triple Draw 10/20",
    "Jacks or Better",
)

_DECK = [rank + suit for suit in "cdhs" for rank in "23456789TJQKA"]


def up_card(seat: int, street: int) -> str:
    """A distinct up card per seat and street (stud tests have no board)."""
    return _DECK[(seat - 1) * 7 + street]


def table(preset: str, players: int = 3, stack: int = 500) -> TableSession:
    session = TableSession(InMemoryJournal(), rules=RULES, preset=RULES.preset(preset),
                           clock=clock)
    for seat in range(1, players + 1):
        session.execute(f"sit {seat} P{seat} {stack}")
    return session


def passive_line(state: SessionState) -> str:
    """The next line of a hand where everyone calls or checks (or opens, at jacks)."""
    hand = state.hand
    assert hand is not None
    engine = hand.engine_state
    if engine.phase is Phase.BETTING:
        return "c"
    if engine.phase is Phase.DEALING:
        if engine.due_board:
            name = {1: "flop", 2: "turn", 3: "river"}[engine.street_index]
            cards = ["Ah Kd 7c", "2s", "9h"][engine.street_index - 1]
            return f"{name} {cards}"
        if engine.due_draw:
            return "pat"
        if engine.due_hole:
            seats = [hand.started.seats[p] for p in engine.due_hole]
            return "up " + " ".join(f"{seat} {up_card(seat, engine.street_index)}"
                                    for seat in seats)
    raise AssertionError(f"no passive line in {engine.phase}")


def chips(state: SessionState) -> int:
    total = sum(p.stack for p in state.table.players)
    if state.hand is not None:
        engine = state.hand.engine_state
        total += sum(engine.bets) + engine.pot_total - sum(engine.won) + engine.rake
        total -= sum(p.stack for p in state.table.players if p.seat in state.hand.started.seats)
        total += sum(engine.stacks)
    return total


def no_folded_seat_acts(state: SessionState) -> None:
    if state.hand is None:
        return
    engine = state.hand.engine_state
    actor = engine.actor
    if actor is not None:
        assert not engine.folded[actor] and not engine.mucked[actor]
    for player in (*engine.due_draw, *engine.due_hole):
        assert not engine.folded[player] and not engine.mucked[player]


@pytest.mark.parametrize("preset", FAMILY_PRESETS[:-1])
def test_defect_41_1_muck_between_betting_rounds_is_refused_in_every_family(preset: str) -> None:
    session = table(preset)
    session.execute("hand")
    # Play passively to the first street change: cards (or a draw) are due, betting to come.
    while not (session.state.hand.engine_state.phase is Phase.DEALING
               and session.state.hand.engine_state.street_index > 0):
        session.execute(passive_line(session.state))
    before = session.state
    for seat in (1, 2, 3):
        with pytest.raises(IllegalActionError) as refused:
            session.execute(f"muck {seat}")
        assert refused.value.rule_id == "G-SHOW-CLAIM"
        with pytest.raises(IllegalActionError) as refused:
            session.execute(f"show {seat} As Ad")
        assert refused.value.rule_id == "G-SHOW-ORDER"
        assert session.state == before
    # The hand plays on to its showdown with every seat in: nobody folded is asked to act.
    while session.state.hand.engine_state.phase is not Phase.SHOWDOWN:
        no_folded_seat_acts(session.state)
        session.execute(passive_line(session.state))
    engine = session.state.hand.engine_state
    assert engine.in_hand == (0, 1, 2)
    # At the showdown a muck is what it says: the seat gives up its claim.
    session.execute(f"muck {session.state.hand.started.seats[0]}")
    assert session.state.hand.engine_state.in_hand == (1, 2)


def test_defect_41_1_the_reported_session_now_plays_to_the_end() -> None:
    session = table("NLHE 1/2", players=2, stack=200)
    for line in ("hand", "c", "x"):
        session.execute(line)
    with pytest.raises(IllegalActionError):
        session.execute("muck 1")
    for line in ("flop Ah Kd 7c", "x", "b 10", "f"):
        session.execute(line)
    assert session.state.hand is None
    stacks = {p.seat: p.stack for p in session.state.table.players}
    assert sum(stacks.values()) + sum(d.finished.rake for d in session.state.finished) == 400
    assert stacks[2] == 198  # Bob checked the flop, Ann bet 10, Bob folded his big blind
