"""Hand-built engine states for hand-worked drill examples."""

from __future__ import annotations

from dealerassist.cards import parse_cards, standard_deck
from dealerassist.engine import (
    CardsDrawn,
    Event,
    HandSetup,
    bet_or_raise,
    call,
    check,
    deal_board,
    deal_hole,
    evolve,
    fold,
    new_hand,
    post_bring_in,
)
from dealerassist.engine.state import HandState, Phase
from dealerassist.rules import default_rules
from dealerassist.trainer.hands import Step

RULES = default_rules()


def _action(state: HandState, item: str) -> Event:
    """The event of a scripted action by the player to act: b (bring-in), f, x, c, r N."""
    word, *rest = item.split()
    player = state.actors[0]
    if word == "b":
        return post_bring_in(state, player)
    if word == "f":
        return fold(state, player)
    if word == "x":
        return check(state, player)
    if word == "c":
        return call(state, player)
    return bet_or_raise(state, player, int(rest[0]))


def drive(setup: HandSetup, script: list[str], *, holes: list[str] | None = None,
          board: str = "") -> Step:
    """Play ``script`` (f, x, c, r N) dealing cards when due; return the final step.

    Hole cards come from ``holes`` (per player) or the top of a fresh deck; the board from
    ``board`` or the deck.
    """
    used = set()
    hole_cards = [parse_cards(h) for h in holes] if holes else None
    if hole_cards:
        for h in hole_cards:
            used.update(h)
    board_cards = list(parse_cards(board)) if board else []
    used.update(board_cards)
    deck = [c for c in standard_deck() if c not in used]
    state = new_hand(setup)
    events: list = []
    street_events: list = []
    street = 0
    actions = list(script)
    while True:
        if state.street_index != street:
            street, street_events = state.street_index, []
        if state.phase is Phase.DEALING:
            if state.due_hole:
                p = state.due_hole[0]
                count = state.street.hole_down
                cards = hole_cards[p] if hole_cards else deck[:count]
                if not hole_cards:
                    del deck[:count]
                event = deal_hole(state, p, cards)
            else:
                n = state.due_board
                source = board_cards if board_cards else deck
                event = deal_board(state, source[:n])
                del source[:n]
        elif state.phase is Phase.BETTING and actions:
            event = _action(state, actions.pop(0))
            street_events.append(event)
        else:
            break
        state = evolve(state, event)
        events.append(event)
    return Step(state, tuple(events), tuple(street_events))


def final_state(setup: HandSetup, script: list[str], **kwargs) -> HandState:  # type: ignore[no-untyped-def]
    return drive(setup, script, **kwargs).state


def play_script(setup: HandSetup, script: list[str]) -> Step:
    """Play a stud or draw hand from a script; return the step after the last item.

    Items: ``deal CARDS`` (the next hole cards due, stud: down cards then up cards; or the
    board), ``draw OUT/IN`` (the next player due to draw: discards, then cards received;
    ``draw -`` stands pat), ``b`` (post the bring-in), ``f``, ``x``, ``c``, ``r N``.
    """
    state = new_hand(setup)
    events: list = []
    street_events: list = []
    street = 0
    for item in script:
        if state.street_index != street:
            street, street_events = state.street_index, []
        word, *rest = item.split(maxsplit=1)
        if word == "deal":
            cards = parse_cards(rest[0])
            event = deal_hole(state, state.due_hole[0], cards) if state.due_hole else \
                deal_board(state, cards)
        elif word == "draw":
            player = state.due_draw[0]
            if rest[0] == "-":
                event = CardsDrawn(player, (), ())
            else:
                out, received = rest[0].split("/")
                event = CardsDrawn(player, parse_cards(out), parse_cards(received))
        else:
            event = _action(state, item)
            street_events.append(event)
        state = evolve(state, event)
        events.append(event)
    if state.street_index != street:
        street_events = []
    return Step(state, tuple(events), tuple(street_events))
