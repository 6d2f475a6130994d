"""The seats, pots and action bar of a table view (what the felt and the action pad show).

`seat_views` gives every seat of the table, empty ones included: the stack and bet, the
blind or bring-in marker, the cards (stud: up cards and a count of down cards), and the
status (to act, folded, all-in, waiting, sitting out). `pot_views` gives the main and side
pots with the seats eligible for each (POT-MAIN-SIDE); `action_bar` the player to act with
the amounts they may put in (to call, min and max raise, raises left), from the engine's
`legal_actions`.
"""

from __future__ import annotations

from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import BringInPosted
from dealerassist.engine.pots import pots
from dealerassist.engine.state import Phase, completion_pending
from dealerassist.engine.stud import up_positions
from dealerassist.games.catalogue import GAMES
from dealerassist.games.spec import Family
from dealerassist.session.dealer_texts import street_name
from dealerassist.session.draw_messages import drawn_count
from dealerassist.session.state import HandInPlay, SessionState
from dealerassist.session.table import PostKind, SeatState
from dealerassist.session.viewmodels import (
    ActionBarView,
    PotView,
    SeatMarker,
    SeatStatus,
    SeatView,
)

__all__ = ["action_bar", "pot_views", "seat_views"]


def pot_views(hand: HandInPlay) -> tuple[PotView, ...]:
    """Return the pots of the running hand, main first, with their eligible seats."""
    engine = hand.engine_state
    started = hand.started
    if engine.phase is Phase.COMPLETE:
        # Awarded (the hand waits, e.g. for the opening hand kept, JB-KEEP): only a pot
        # carried to the next deal is still in the middle (JB-PROVE).
        if not engine.carried_on:
            return ()
        return (PotView(label="Main", amount=engine.carried_on,
                        eligible_seats=tuple(sorted(started.seats))),)
    return tuple(
        PotView(
            label="Main" if k == 0 else f"Side {k}",
            amount=pot.amount,
            eligible_seats=tuple(sorted(started.seats[i] for i in pot.eligible)),
        )
        for k, pot in enumerate(pots(engine))
    )


def seat_views(state: SessionState) -> tuple[SeatView, ...]:
    """Return every seat of the table, 1 to max_seats, as the felt shows it."""
    table = state.table
    hand = state.hand
    markers: dict[int, SeatMarker] = {}
    index: dict[int, int] = {}
    stud = hand is not None and hand.engine_state.setup.game.family is Family.STUD
    if hand is None and state.game is not None and state.game.game in GAMES:
        stud = GAMES[state.game.game].family is Family.STUD
    # ST-BRINGIN: stud has no button (the bring-in and the best hand showing open), so
    # none is drawn.
    button = None if stud else table.button
    if hand is not None and stud:
        index = {seat: i for i, seat in enumerate(hand.started.seats)}
        for event in hand.events:
            if isinstance(event, BringInPosted):  # ST-BRINGIN (no blinds in stud)
                markers[hand.started.seats[event.player]] = SeatMarker.BRING_IN
    elif hand is not None:
        index = {seat: i for i, seat in enumerate(hand.started.seats)}
        for post in hand.started.plan.posts:
            if post.kind is PostKind.SMALL_BLIND:
                markers[post.seat] = SeatMarker.SMALL_BLIND
            elif post.kind in (PostKind.BIG_BLIND, PostKind.ENTRY):
                markers[post.seat] = SeatMarker.BIG_BLIND
    views = []
    for number in range(1, table.max_seats + 1):
        player = table.player(number)
        if player is None:
            views.append(SeatView(seat=number, is_button=button == number))
            continue
        if hand is not None and number in index:
            engine = hand.engine_state
            i = index[number]
            status = SeatStatus.ACTIVE
            if engine.folded[i] or engine.mucked[i]:
                status = SeatStatus.FOLDED
            elif engine.actor == i:
                status = SeatStatus.TO_ACT
            elif engine.stacks[i] == 0:
                status = SeatStatus.ALL_IN
            hole = engine.hole[i]
            up_cards: tuple[str, ...] = ()
            down_count = len(hole)
            if stud:
                # ST7-DEAL: down cards first on each street, then up cards (stud.up_positions).
                mask = up_positions(engine.setup.game)
                up_cards = tuple(str(c) for c, up in zip(hole, mask, strict=False) if up)
                down_count = len(hole) - len(up_cards)
            drawn = drawn_count(hand.events, i)
            views.append(
                SeatView(
                    seat=number,
                    name=player.name,
                    stack=engine.stacks[i],
                    drawn_count=drawn,
                    bet=engine.bets[i],
                    status=status,
                    is_button=button == number,
                    marker=markers.get(number),
                    cards=tuple(str(card) for card in hole),
                    up_cards=up_cards,
                    down_count=down_count,
                    committed=engine.committed[i] + engine.bets[i],
                )
            )
            continue
        status = {
            SeatState.PLAYING: SeatStatus.ACTIVE,
            SeatState.WAITING: SeatStatus.WAITING,
            SeatState.SITTING_OUT: SeatStatus.SITTING_OUT,
        }[player.state]
        if hand is not None and status is SeatStatus.ACTIVE:
            status = SeatStatus.WAITING
        views.append(
            SeatView(
                seat=number,
                name=player.name,
                stack=player.stack,
                status=status,
                is_button=button == number,
            )
        )
    return tuple(views)


def action_bar(hand: HandInPlay, structure: str, lang: str = "en") -> ActionBarView | None:
    """Return the player to act and their limits (BET-*), or None when nobody acts."""
    engine = hand.engine_state
    choices = legal_actions(engine)
    if choices is None:
        return None
    i = choices.actor
    return ActionBarView(
        seat=hand.started.seats[i],
        name=hand.started.names[i],
        stack=engine.stacks[i],
        # The full amount owed, not capped at the stack: a call for less is all-in (G-ALLIN).
        to_call=max(max(engine.bets), engine.call_floor) - engine.bets[i],
        can_check=choices.can_check,
        can_fold=choices.can_fold,
        min_raise_to=choices.min_raise_to,
        max_raise_to=choices.max_raise_to,
        raises_left=choices.raises_left,
        pot_size=choices.pot,
        bet=engine.bets[i],
        current_bet=engine.max_bet,
        is_opening_bet=choices.is_bet,
        bring_in=choices.bring_in,
        is_completion=completion_pending(engine),
        street=street_name(engine, lang),
        structure=structure,
        # BET-FL-SIZES, ST-OPEN-PAIR: in fixed limit only the ends of the range are bets.
        raise_to_amounts=tuple(sorted({choices.min_raise_to, choices.max_raise_to}))
        if structure == "FL" and choices.min_raise_to is not None
        and choices.max_raise_to is not None else (),
    )
