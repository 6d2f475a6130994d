"""Small builders for engine tests: a dealt hand and a compact way to play actions."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from dealerassist.cards import UNKNOWN, parse_cards
from dealerassist.engine import (
    HandSetup,
    HandState,
    Phase,
    apply,
    bet_or_raise,
    call,
    check,
    deal_board,
    deal_hole,
    fold,
    new_hand,
)
from dealerassist.rules.model import HouseRules, RakeRules


def no_rake() -> HouseRules:
    """The catalogue's defaults without rake (most betting tests do not care about rake)."""
    return dataclasses.replace(HouseRules(), rake=RakeRules(enabled=False))


def dealt(setup: HandSetup, holes: Sequence[str] | None = None) -> HandState:
    """A new hand with hole cards dealt (given, or unknown)."""
    state = new_hand(setup)
    count = setup.game.streets[0].hole_down
    for player in range(setup.player_count):
        cards = parse_cards(holes[player]) if holes else (UNKNOWN,) * count
        state = apply(state, deal_hole(state, player, cards))
    return state


def play(state: HandState, *moves: str | tuple[str, int]) -> HandState:
    """Apply moves for whoever is to act: "f", "k" (check), "c" (call), ("r", to)."""
    for move in moves:
        actor = state.actor
        assert actor is not None, f"nobody to act for {move!r} ({state.phase})"
        if move == "f":
            event = fold(state, actor)
        elif move == "k":
            event = check(state, actor)
        elif move == "c":
            event = call(state, actor)
        else:
            assert isinstance(move, tuple) and move[0] == "r"
            event = bet_or_raise(state, actor, move[1])
        state = apply(state, event)
    return state


def board(state: HandState, cards: str) -> HandState:
    """Turn the next board cards."""
    assert state.phase is Phase.DEALING, state.phase
    return apply(state, deal_board(state, parse_cards(cards)))
