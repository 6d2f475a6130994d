"""Shared helpers for the session tests: a table with a fixed clock, command streams."""

from __future__ import annotations

import random

from dealerassist.cards import standard_deck
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.state import Phase
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.journal.records import Journal
from dealerassist.rules.model import GamePreset
from dealerassist.rules.profiles import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.session.state import SessionState

RULES = default_rules()
NLHE = GamePreset(name="NLHE 5/10", game="NT", small_blind=5, big_blind=10, max_seats=6)

#: Heads-up: the button calls, the big blind checks, and the hand is checked down to the
#: river on Ah Kd 7c 2s 9h; the river's betting is still to come.
TO_THE_RIVER = ("hand", "c", "x", "flop Ah Kd 7c", "x", "x", "turn 2s", "x", "x", "river 9h")


def clock() -> str:
    return "2026-11-30T01:00:00.000000Z"


def new_session(journal: Journal | None = None, preset: GamePreset | None = NLHE) -> TableSession:
    return TableSession(journal or InMemoryJournal(), rules=RULES, preset=preset, clock=clock)


def candidate_commands(state: SessionState, rng: random.Random) -> list[str]:
    """Plausible next commands (legal or not) for a random dealer."""
    table = state.table
    seats = [p.seat for p in table.players]
    free = [s for s in range(1, table.max_seats + 1) if s not in seats]
    out = ["undo"]
    if state.hand is None:
        out += ["hand", "hand", "hand"]
        if free:
            seat = rng.choice(free)
            out.append(f"sit {seat} P{seat}x{rng.randrange(100)} {rng.choice([50, 300, 1000])}")
        if seats:
            seat = rng.choice(seats)
            out += [
                f"leave {seat}",
                f"out {seat}",
                f"in {seat}",
                f"post {seat}",
                f"add {seat} {rng.randrange(1, 500)}",
                f"correct {seat} {rng.randrange(0, 2000)}",
                f"button {seat}",
            ]
        return out
    engine = state.hand.engine_state
    started = state.hand.started
    used = {c for c in engine.board if c.is_face}
    for hole in engine.hole:
        used.update(c for c in hole if c.is_face)
    deck = [c for c in standard_deck() if c not in used]
    rng.shuffle(deck)
    # Irregularities and rulings now and then (session/reports.py).
    seat = rng.choice(started.seats)
    out += [f"exposed {seat} {deck[0]} first", "confirm", "misdeal", f"early {deck[1]}"]
    choices = legal_actions(engine)
    if choices is not None:
        out += ["f", "x", "c", "c", "c", "allin"]
        if choices.min_raise_to is not None:
            low, high = choices.min_raise_to, choices.max_raise_to
            out += [f"r {low}", f"r {high}", f"r {rng.randint(low, high)}", f"b {low}"]
        out.append(f"r {engine.max_bet + 1}")
    elif engine.phase is Phase.DEALING:
        name = {1: "flop", 2: "turn", 3: "river"}.get(engine.street_index, "board")
        cards = " ".join(str(c) for c in deck[: engine.due_board or 1])
        out += [f"{name} {cards}"] * 4 + ["turn 2c", "c"]
    elif engine.phase is Phase.SHOWDOWN:
        for i in engine.in_hand:
            hole = engine.hole[i]
            if any(c.is_unknown for c in hole):
                shown = deck[: len(hole)]
                deck = deck[len(hole) :]
                out.append(f"show {started.seats[i]} " + " ".join(str(c) for c in shown))
                out.append(f"muck {started.seats[i]}")
    return out


def seated_session(*stacks: int, journal: Journal | None = None) -> TableSession:
    session = new_session(journal)
    for seat, stack in enumerate(stacks, start=1):
        session.execute(f"sit {seat} P{seat} {stack}")
    return session


def execute_all(session: TableSession, *lines: str) -> SessionState:
    """Execute dealer command lines in order; return the state after the last."""
    state = session.state
    for line in lines:
        state = session.execute(line)
    return state
