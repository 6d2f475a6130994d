"""Small builders for engine tests: a dealt hand and a compact way to play actions."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from dealerassist.cards import UNKNOWN, parse_cards
from dealerassist.engine import (
    Event,
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
    post_bring_in,
)
from dealerassist.rules.model import HouseRules, RakeRules


def no_rake() -> HouseRules:
    """The catalogue's defaults without rake (most betting tests do not care about rake)."""
    return dataclasses.replace(HouseRules(), rake=RakeRules(enabled=False))


def dealt(setup: HandSetup, holes: Sequence[str] | None = None) -> HandState:
    """A new hand with hole cards dealt (given, or unknown)."""
    return deal_holes(new_hand(setup), holes or [""] * setup.player_count)


def deal_holes(state: HandState, holes: Sequence[str], *, skip_empty: bool = False) -> HandState:
    """Deal each player's first hole cards, in order: ``"AhKd 5c"`` (spaces ignored).

    An empty text deals the first street's down cards face unknown, or deals that player
    nothing when ``skip_empty`` (stud scenarios dealing some players only).
    """
    count = state.setup.game.streets[0].hole_down
    for player, text in enumerate(holes):
        if text:
            cards = parse_cards(text.replace(" ", ""))
        elif skip_empty:
            continue
        else:
            cards = (UNKNOWN,) * count
        state = apply(state, deal_hole(state, player, cards))
    return state


def move_event(state: HandState, move: str | tuple[str, int], *, bring_in: str = "") -> Event:
    """The event of one move by whoever is to act.

    ``"f"`` fold, ``"k"`` check, ``"c"`` call, ``(word, to)`` bet or raise to ``to``, and
    ``bring_in`` (when given) the stud bring-in (ST-BRINGIN).
    """
    actor = state.actor
    assert actor is not None, f"nobody to act for {move!r} ({state.phase})"
    if bring_in and move == bring_in:
        return post_bring_in(state, actor)
    if move == "f":
        return fold(state, actor)
    if move == "k":
        return check(state, actor)
    if move == "c":
        return call(state, actor)
    assert isinstance(move, tuple), move
    return bet_or_raise(state, actor, move[1])


def play(state: HandState, *moves: str | tuple[str, int], bring_in: str = "") -> HandState:
    """Apply moves for whoever is to act: "f", "k" (check), "c" (call), ("r", to).

    Stud scenarios name the bring-in move with ``bring_in`` (``"b"``).
    """
    for move in moves:
        assert isinstance(move, str) or move[0] == "r", move
        state = apply(state, move_event(state, move, bring_in=bring_in))
    return state


def board(state: HandState, cards: str) -> HandState:
    """Turn the next board cards."""
    assert state.phase is Phase.DEALING, state.phase
    return apply(state, deal_board(state, parse_cards(cards)))
