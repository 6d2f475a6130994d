"""Simulated dealers for the room's tests and load bench: plausible command streams.

`next_command` picks a dealer line for a table's state (seat players, deal, bet, deal the
board, show down, sometimes undo, call the floor or relieve the dealer, now and then a
refused line); the caller runs it through a real `TableSession`, so every record pushed
to the room is a real journal record.
"""

from __future__ import annotations

import random

from dealerassist.cards import standard_deck
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.state import Phase
from dealerassist.errors import DealerAssistError
from dealerassist.session.controller import TableSession, utc_now
from dealerassist.session.desk import is_desk_line, record_desk_line
from dealerassist.session.state import SessionState

__all__ = ["PRESET", "next_command", "play"]

PRESET = "NLHE 1/2"
_DEALERS = ("ana", "bo", "cy", "di")


def next_command(state: SessionState, rng: random.Random, *, desk: bool = True) -> str:
    """Return one dealer line for ``state`` (legal most of the time)."""
    table = state.table
    seats = [player.seat for player in table.players]
    roll = rng.random()
    if roll < 0.01:
        return rng.choice(["undo", "rasie 40", "x"])
    if desk and roll < 0.02:
        return f"floor {rng.choice(seats) if seats else ''} check the pot".replace("  ", " ")
    if desk and roll < 0.025 and state.hand is None:
        return f"dealer in {rng.choice(_DEALERS)}"
    if state.hand is None:
        free = [seat for seat in range(1, table.max_seats + 1) if seat not in seats]
        if len(seats) < 4 and free:
            seat = rng.choice(free)
            return f"sit {seat} P{seat} {rng.choice([200, 500, 1000])}"
        busted = [player.seat for player in table.players if player.stack == 0]
        if busted:
            return f"add {busted[0]} 300"
        return "hand"
    engine = state.hand.engine_state
    started = state.hand.started
    used = {card for card in engine.board if card.is_face}
    for hole in engine.hole:
        used.update(card for card in hole if card.is_face)
    deck = [card for card in standard_deck() if card not in used]
    rng.shuffle(deck)
    choices = legal_actions(engine)
    if choices is not None:
        pick = rng.random()
        if pick < 0.15:
            return "f"
        if pick < 0.7 or choices.min_raise_to is None:
            return "c"
        if pick < 0.75:
            return "allin"
        return f"r {rng.randint(choices.min_raise_to, choices.max_raise_to)}"  # type: ignore[arg-type]
    if engine.phase is Phase.DEALING:
        name = {1: "flop", 2: "turn", 3: "river"}.get(engine.street_index, "board")
        return f"{name} " + " ".join(str(card) for card in deck[: engine.due_board or 1])
    for index in engine.in_hand:
        hole = engine.hole[index]
        if any(card.is_unknown for card in hole):
            return f"show {started.seats[index]} " + " ".join(
                str(card) for card in deck[: len(hole)])
    return "hand"


def play(table: TableSession, line: str, *, place: str) -> bool:
    """Run one dealer line (desk lines included); return False when it was refused."""
    try:
        if is_desk_line(line):
            record_desk_line(table, line, now=utc_now(), place=place)
        else:
            table.execute(line)
    except DealerAssistError:
        return False
    return True
