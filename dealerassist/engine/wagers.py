"""The betting handlers of `evolve`: bring-in, fold, check, call, bet and raise.

Each checks that the player is the one to act (G-ACT, IRR-OUT-OF-TURN) and that the chips are
there (BET-NL-MAX), moves the chips by position on a copy of the state, and hands the end of
the round to `engine.rounds`. Whether an action is *allowed* is `engine.actions`' job.
`bring_in_due` and `completion_pending` (ST-BRINGIN, ST-COMPLETE) are public and are also
importable from `engine.state`, where they were first.
"""

from __future__ import annotations

from dealerassist.engine.events import (
    BetPlaced,
    BringInPosted,
    Called,
    Checked,
    Folded,
    RaisedTo,
)
from dealerassist.engine.rounds import _after, _ante_only_round, _bet_size, _end_betting, _pop
from dealerassist.engine.state import (
    _ACTED,
    _ACTORS,
    _AGGRESSOR,
    _BETS,
    _BETTING,
    _BRING_IN,
    _CALL_FLOOR,
    _FIXED_LIMIT,
    _FOLDED,
    _LAST_FULL,
    _OPENED_BY,
    _RAISE_COUNT,
    _STACKS,
    HandState,
    _fail,
    _new_tuple,
)


def bring_in_due(state: HandState) -> bool:
    """Whether the player to act must post the bring-in or complete (ST-BRINGIN)."""
    setup = state.setup
    return (
        setup.bring_in > 0
        and state.street_index == 0
        and state.phase is _BETTING
        and setup.game.forced is _BRING_IN
        and state.raise_count == 0
        and not any(state.bets)
    )


def completion_pending(state: HandState) -> bool:
    """Whether the next bet on this round is the completion of the bring-in (ST-COMPLETE)."""
    setup = state.setup
    return (
        setup.bring_in > 0
        and state.street_index == 0
        and setup.game.forced is _BRING_IN
        and state.raise_count == 0
    )


def _require_actor(state: HandState, player: int) -> None:
    actors = state.actors
    if actors and actors[0] == player and state.phase is _BETTING:
        return
    if state.phase is not _BETTING or not state.actors:
        raise _fail(f"player {player} cannot act: no betting round is open", "G-ACT")
    if state.actors[0] != player:
        raise _fail(
            f"player {player} acted out of turn: player {state.actors[0]} is to act",
            "IRR-OUT-OF-TURN",
        )



def _refuse_before_bring_in(state: HandState, player: int) -> None:
    if state.setup.bring_in > 0 and bring_in_due(state):
        raise _fail(f"player {player} must post the bring-in or complete", "ST-BRINGIN")


def _on_bring_in(state: HandState, event: BringInPosted) -> HandState:
    player = event.player
    _require_actor(state, player)
    if not bring_in_due(state):
        raise _fail(f"no bring-in is due from player {player} now", "ST-BRINGIN")
    amount = event.amount
    stacks = list(state.stacks)
    if amount <= 0 or amount > stacks[player]:
        raise _fail(f"player {player} cannot bring in {amount} with {stacks[player]} behind",
                    "ST-BRINGIN")
    bets = list(state.bets)
    stacks[player] -= amount
    bets[player] += amount
    acted = list(state.acted)
    acted[player] = amount
    # The bring-in is a forced bet, not a bet: it neither counts toward the cap nor sets
    # the raise size (ST-COMPLETE).
    values = list(state)
    values[_STACKS] = tuple(stacks)
    values[_BETS] = tuple(bets)
    values[_ACTED] = tuple(acted)
    return _pop(state, values)


def _on_fold(state: HandState, event: Folded) -> HandState:
    player = event.player
    actors = state.actors
    if not (actors and actors[0] == player and state.phase is _BETTING):
        _require_actor(state, player)  # raises (the test above is its own first one)
    if state.setup.bring_in:
        _refuse_before_bring_in(state, player)
    folded = list(state.folded)
    folded[player] = True
    bets = state.bets
    top = max(bets)  # HandState.max_bet, without the property call (every fold)
    free = bets[player] >= (top if top >= state.call_floor else state.call_floor)
    values = list(state)
    values[_FOLDED] = tuple(folded)
    state = _pop(state, values)
    if free and state.phase is _BETTING and len(state.actors) == 1:
        # G-ROUND-END: a fold with a check available is binding (a live-table fact pokerkit
        # refuses). If it leaves one player with chips, facing no bet, with everyone else
        # still in all-in, that player has nobody to bet against: the round is over without
        # asking them, so no pot is left to players who all folded (see POT-ABANDONED).
        last = state.actors[0]
        stacks, bets, folds = state.stacks, state.bets, state.folded
        if bets[last] >= state.max_bet and not any(
            stacks[i] for i in range(len(stacks)) if i != last and not folds[i]
        ):
            return _end_betting(state)
    return state


def _call(state: HandState, player: int) -> HandState:
    bets = state.bets
    top = max(bets)  # HandState.max_bet, without the property call (every call or check)
    if top < state.call_floor:
        top = state.call_floor
    stacks = state.stacks
    amount = min(stacks[player], top - bets[player])
    values = list(state)
    if amount:  # a check (nothing to put in) keeps the stacks and bets as they are
        changed = list(stacks)
        changed[player] -= amount
        values[_STACKS] = tuple(changed)
        changed = list(bets)
        changed[player] += amount
        values[_BETS] = tuple(changed)
    acted = list(state.acted)
    acted[player] = top
    values[_ACTED] = tuple(acted)
    return _pop(state, values)


def _on_check(state: HandState, event: Checked) -> HandState:
    actors = state.actors
    if not (actors and actors[0] == event.player and state.phase is _BETTING):
        _require_actor(state, event.player)  # raises
    if state.setup.bring_in:
        _refuse_before_bring_in(state, event.player)
    if state.bets[event.player] < state.max_bet:
        raise _fail(f"player {event.player} cannot check: there is a bet to call", "G-ACT")
    return _call(state, event.player)


def _on_call(state: HandState, event: Called) -> HandState:
    actors = state.actors
    if not (actors and actors[0] == event.player and state.phase is _BETTING):
        _require_actor(state, event.player)  # raises
    if state.setup.bring_in:
        _refuse_before_bring_in(state, event.player)
    return _call(state, event.player)


def _on_raise(state: HandState, event: BetPlaced | RaisedTo) -> HandState:
    player = event.player
    actors = state.actors
    if not (actors and actors[0] == player and state.phase is _BETTING):
        _require_actor(state, player)  # raises
    to = event.to
    bets = list(state.bets)
    stacks = list(state.stacks)
    top = max(bets)  # HandState.max_bet, without the property call (every bet or raise)
    if top < state.call_floor:
        top = state.call_floor
    if to <= top:
        raise _fail(f"a bet or raise must go above {top}, not to {to}", "G-ACT")
    delta = to - bets[player]
    if delta > stacks[player]:
        raise _fail(
            f"player {player} cannot put {delta} more in: only {stacks[player]} behind",
            "BET-NL-MAX",
        )
    increment = to - top
    bets[player] = to
    stacks[player] -= delta
    n = len(bets)
    folded = state.folded
    actors = tuple([i for i in _after(n, player) if not folded[i] and stacks[i]])
    acted = list(state.acted)
    acted[player] = to
    setup = state.setup
    if (
        stacks[player] == 0
        and setup.game.structure is _FIXED_LIMIT
        and setup.rules.fixed_limit.half_bet_allin_reopens
        and increment < state.last_full
        and 2 * increment >= _bet_size(state)
    ):
        # BET-SHORT-ALLIN (house option): an all-in of at least half a bet reopens.
        acted = [-1 if i != player else to for i in range(n)]
    last_full = max(state.last_full, increment)
    floor = state.call_floor
    if top == 0 and stacks[player] == 0 and _ante_only_round(state):
        full = _bet_size(state) if setup.game.structure is _FIXED_LIMIT \
            else setup.min_bet
        if to < full:
            # DR-ANTE-ONLY: an all-in opener short of the opening bet plays for what they
            # put in (POT-MAIN-SIDE), but callers must still put in the full opening bet;
            # a raise goes a full bet above it.
            floor = full
            last_full = max(last_full, full)
    values = list(state)
    values[_BETS] = tuple(bets)
    values[_STACKS] = tuple(stacks)
    values[_ACTORS] = actors
    values[_ACTED] = tuple(acted)
    values[_LAST_FULL] = last_full
    values[_RAISE_COUNT] = state.raise_count + 1
    values[_AGGRESSOR] = player
    if state.opened_by < 0:
        values[_OPENED_BY] = player
    values[_CALL_FLOOR] = floor
    state = _new_tuple(HandState, values)
    if not actors:
        return _end_betting(state, values)
    return state
