"""The session's state as a fold over its events: `SessionState` and `evolve`.

`evolve` only applies facts; every decision (is it legal, who posts, who wins) was made
before the event was journaled. Replaying the journal's effective events (those not
cancelled by `Undone`) through `evolve` rebuilds exactly the state the live session had.
Hand events are handed to the engine through `session.hand`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from dealerassist.errors import JournalError
from dealerassist.rules.model import HouseRules
from dealerassist.session import hand as hand_adapter
from dealerassist.session.desk_events import DESK_EVENTS
from dealerassist.session.events import (
    ButtonPlaced,
    ChipsAdded,
    CommandReceived,
    GameSelected,
    HandFinished,
    HandStarted,
    PlayerLeft,
    PlayerSat,
    PlayerSatIn,
    PlayerSatOut,
    PostPromised,
    StackCorrected,
    Undone,
)
from dealerassist.session.table import Player, TableState
from dealerassist.session.tournament_events import TOURNAMENT_EVENTS

__all__ = ["RECENT_HANDS", "FinishedHand", "HandInPlay", "SessionState", "evolve", "fold"]

#: Finished hands a session keeps in its state (the views' history, the floor's last hands):
#: a table that runs for months holds a bounded state, and a snapshot of it stays small.
#: Export and the floor's review of any hand fold the journal with no limit.
RECENT_HANDS = 50


@dataclass(frozen=True, slots=True)
class HandInPlay:
    """The running hand: how it started, the engine's state and its events so far."""

    started: HandStarted
    engine_state: Any
    events: tuple[Any, ...] = ()
    table_before: TableState | None = None


@dataclass(frozen=True, slots=True)
class FinishedHand:
    """A finished hand's result, kept for the history and export."""

    started: HandStarted
    finished: HandFinished
    events: tuple[Any, ...]
    carried: int = 0
    """Chips left in the pot for the next deal (JB-NO-OPEN, JB-PROVE, IRR-JB-FALSE)."""


@dataclass(frozen=True, slots=True)
class SessionState:
    """One table over time.

    Attributes:
        game: The game and stakes in force, None until chosen.
        table: Seats, players, button.
        hand: The running hand, None between hands.
        last_hand_id: Number of the last hand started (0 before the first).
        finished: Finished hands, oldest first: the last ``history_limit`` of them.
        event_count: Effective events applied (a cheap progress mark for views).
        carried: Chips left in the pot by the last hand, carried into the next deal: a
            passed-out deal's antes (JB-NO-OPEN) or a false opener's pot (IRR-JB-FALSE,
            JB-PROVE); 0 once the next hand has started (they are in its pot).
        passed_out_deals: Consecutive deals nobody opened, counted against
            ``draw.jacks_ante_limit`` (JB-NO-OPEN).
        history_limit: How many finished hands ``finished`` keeps (`RECENT_HANDS`), or
            None for every one (export, the floor's review).

    """

    game: GameSelected | None = None
    table: TableState = TableState()
    hand: HandInPlay | None = None
    last_hand_id: int = 0
    finished: tuple[FinishedHand, ...] = ()
    event_count: int = 0
    carried: int = 0
    passed_out_deals: int = 0
    history_limit: int | None = RECENT_HANDS


def evolve(state: SessionState, event: Any, *, rules: HouseRules) -> SessionState:
    """Return the state after ``event`` (a table event or an engine hand event)."""
    if isinstance(event, (CommandReceived, Undone, *TOURNAMENT_EVENTS, *DESK_EVENTS)):
        # Tournament events are folded by session.tournament (TRN-*), desk events (floor
        # calls, dealers) by session.desk: neither moves a chip.
        return state
    state = replace(state, event_count=state.event_count + 1)
    table = state.table
    if isinstance(event, GameSelected):
        return replace(state, game=event, table=replace(table, max_seats=event.max_seats))
    if isinstance(event, PlayerSat):
        player = Player(
            seat=event.seat,
            name=event.name,
            stack=event.stack,
            state=event.state,
            will_post=event.will_post,
        )
        return replace(state, table=table.seated(player))
    if isinstance(event, PlayerLeft):
        return replace(state, table=table.left(event.seat))
    if isinstance(event, PlayerSatOut):
        return replace(state, table=table.sat_out(event.seat))
    if isinstance(event, PlayerSatIn):
        return replace(state, table=table.sat_in(event.seat, event.state))
    if isinstance(event, PostPromised):
        return replace(state, table=table.will_post(event.seat))
    if isinstance(event, ChipsAdded):
        player = _player(table, event.seat)
        return replace(state, table=table.with_stack(event.seat, player.stack + event.amount))
    if isinstance(event, StackCorrected):
        return replace(state, table=table.with_stack(event.seat, event.stack))
    if isinstance(event, ButtonPlaced):
        return replace(state, table=table.button_placed(event.seat))
    if isinstance(event, HandStarted):
        engine_state = hand_adapter.start(event, rules=rules)
        return replace(
            state,
            table=table.started(event.plan),
            hand=HandInPlay(started=event, engine_state=engine_state, table_before=table),
            last_hand_id=event.hand_id,
            carried=0,  # now in this hand's main pot (HandStarted.carried)
        )
    if isinstance(event, HandFinished):
        if state.hand is None or state.hand.started.hand_id != event.hand_id:
            raise JournalError(f"hand {event.hand_id} finished but it is not the running hand")
        stacks = tuple(zip(state.hand.started.seats, event.final_stacks, strict=True))
        engine = state.hand.engine_state
        done = FinishedHand(started=state.hand.started, finished=event, events=state.hand.events,
                            carried=engine.carry_forward)
        after = table.finished(stacks)
        before = state.hand.table_before
        void = hand_adapter.misdealt(engine, state.hand.events)
        # JB-NO-OPEN: a deal nobody opened adds one to the count of consecutive re-antes; a
        # misdeal is redealt and counts for nothing; any other hand ends the run, a false
        # opener's carried pot included (IRR-JB-FALSE: "everyone who played antes again").
        if void:
            passed_out_deals = state.passed_out_deals
        elif engine.passed_out and engine.opened_by < 0:
            passed_out_deals = state.passed_out_deals + 1
        else:
            passed_out_deals = 0
        state = replace(state, carried=engine.carry_forward, passed_out_deals=passed_out_deals)
        if before is not None and void:
            # A misdeal: the hand did not count, so the button and blinds stay where they
            # were for the redeal (G-BUTTON, IRR-* misdeal rulings).
            after = replace(
                after,
                button=before.button,
                last_small_blind=before.last_small_blind,
                last_big_blind=before.last_big_blind,
            )
        return replace(
            state,
            table=after,
            hand=None,
            finished=_kept((*state.finished, done), state.history_limit),
        )
    if state.hand is None:
        raise JournalError(f"hand event {type(event).__name__} outside a hand")
    running = state.hand
    return replace(
        state,
        hand=replace(
            running,
            engine_state=hand_adapter.apply(running.engine_state, event),
            events=(*running.events, event),
        ),
    )


def fold(
    events: Iterable[Any], *, rules: HouseRules, start: SessionState | None = None
) -> SessionState:
    """Return the state after every event of ``events``, from ``start`` or an empty table."""
    state = start if start is not None else SessionState()
    for event in events:
        state = evolve(state, event, rules=rules)
    return state


def _kept(finished: tuple[FinishedHand, ...], limit: int | None) -> tuple[FinishedHand, ...]:
    return finished if limit is None or len(finished) <= limit else finished[len(finished) - limit:]


def _player(table: TableState, seat: int) -> Player:
    player = table.player(seat)
    if player is None:
        raise JournalError(f"event for seat {seat}, which is empty")
    return player
