"""IRR-OUT-OF-TURN at a live table: a confirmed out-of-turn action binds when the action
reaches the player unchanged, and is applied by the session without a second command."""

from __future__ import annotations

from dealerassist.engine import Called
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules.model import GamePreset
from dealerassist.rules.profiles import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.session.presenter import present

RULES = default_rules()
NLHE = GamePreset(name="NLHE 5/10", game="NT", small_blind=5, big_blind=10, max_seats=6)


def _three_handed() -> TableSession:
    session = TableSession(InMemoryJournal(), rules=RULES, preset=NLHE,
                           clock=lambda: "2026-11-30T01:00:00.000000Z")
    for line in ("sit 1 Ann 500", "sit 2 Bob 600", "sit 4 Cy 700", "hand"):
        session.execute(line)
    return session


def test_IRR_OUT_OF_TURN_binding_call_is_applied_when_the_action_reaches_the_player():
    session = _three_handed()
    hand = session.state.hand
    assert hand is not None and hand.engine_state.actor == 2  # the button acts first 3-handed
    small_blind_seat = hand.started.seats[0]
    session.execute(f"acted {small_blind_seat} c")  # the small blind calls out of turn
    assert [flag.rule_id for flag in present(session.state).flags] == ["IRR-OUT-OF-TURN"]
    session.execute("confirm")
    session.execute("c")  # the button calls: the action reaching the small blind is unchanged
    hand = session.state.hand
    assert hand is not None
    assert hand.engine_state.actor == 1  # the small blind's binding call went in by itself
    assert hand.engine_state.bets == (10, 10, 10)
    assert isinstance(hand.events[-1], Called) and hand.events[-1].player == 0
    again = TableSession(session.journal, rules=RULES, clock=lambda: "x")
    assert again.state == session.state  # the journal holds the applied call


def test_IRR_OUT_OF_TURN_not_binding_when_the_action_to_the_player_changed():
    session = _three_handed()
    hand = session.state.hand
    assert hand is not None
    session.execute(f"acted {hand.started.seats[0]} c")
    session.execute("confirm")
    session.execute("r 30")  # the button raises: the small blind's call no longer binds
    hand = session.state.hand
    assert hand is not None
    assert hand.engine_state.actor == 0  # the small blind decides again
    assert hand.engine_state.bets == (5, 10, 30)
