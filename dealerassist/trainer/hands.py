"""Random but realistic board-game hands played through the engine, for drills.

A hand is set up from a difficulty profile (stakes, denominations, table size, short
stacks) and played with the engine's own legal actions: players fold, check, call, bet
and raise in sizes a real table uses, and sometimes move all in. Every state met on the
way is kept with the events that led to it, so a drill can stop at any decision and show
exactly what happened on the street so far.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dealerassist.cards import Card, standard_deck
from dealerassist.engine.actions import bet_or_raise, call, check, deal_board, deal_hole, fold
from dealerassist.engine.betting import LegalActions, legal_actions
from dealerassist.engine.events import Event
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.state import HandState, Phase, evolve, new_hand
from dealerassist.games.catalogue import game as game_spec
from dealerassist.games.spec import BettingStructure
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import DifficultyProfile

__all__ = ["PlayedHand", "Step", "play_hand", "random_setup"]


@dataclass(frozen=True, slots=True)
class Step:
    """A state of the hand and the events (of the whole hand) that led to it."""

    state: HandState
    events: tuple[Event, ...]
    street_events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand played to its end: every decision met, and the final state."""

    setup: HandSetup
    decisions: tuple[Step, ...]
    final: Step


def random_setup(
    rng: random.Random, *, game: str, prof: DifficultyProfile, rules: HouseRules,
    players: int | None = None,
) -> HandSetup:
    """Return a table from the profile: stakes, number of players, stacks in the chip unit."""
    spec = game_spec(game)
    small, big = rng.choice(prof.stakes)
    low, high = prof.players
    count = players or rng.randint(low, min(high, spec.max_players))
    unit = prof.unit
    stacks = []
    for _ in range(count):
        if rng.randrange(100) < prof.short_stack_percent:
            blinds = rng.randint(1, 15)
        else:
            blinds = rng.randint(*prof.stack_big_blinds)
        extra = rng.randrange(0, big, unit) if big > unit else 0
        stacks.append(blinds * big + extra)
    fixed = spec.structure is BettingStructure.FIXED_LIMIT
    return HandSetup.create(
        game=spec, stacks=stacks, small_blind=small, big_blind=big,
        small_bet=big if fixed else 0, big_bet=2 * big if fixed else 0, rules=rules,
    )


def _round_to(amount: int, unit: int, low: int, high: int) -> int:
    rounded = amount // unit * unit
    return max(low, min(high, rounded))


def _choose(rng: random.Random, state: HandState, choices: LegalActions, *,
            prof: DifficultyProfile) -> Event:
    player = choices.actor
    roll = rng.randrange(100)
    if choices.can_raise and roll < prof.all_in_percent:
        assert choices.max_raise_to is not None
        return bet_or_raise(state, player, choices.max_raise_to)
    if choices.can_raise and choices.min_raise_to is not None and choices.max_raise_to is not None:
        raise_percent = 35 if choices.can_check else 22
        if rng.randrange(100) < raise_percent:
            low, high = choices.min_raise_to, choices.max_raise_to
            top = max(state.bets)
            target = top + rng.choice((1, 1, 2, 2, 3)) * max(choices.pot // 2, low - top)
            unit = state.setup.min_bet if rng.randrange(3) else max(1, state.setup.min_bet // 2)
            return bet_or_raise(state, player, _round_to(target, max(1, unit), low, high))
    if choices.can_check:
        return check(state, player)
    if rng.randrange(100) < 28:
        return fold(state, player)
    return call(state, player)


def play_hand(rng: random.Random, setup: HandSetup, *, prof: DifficultyProfile) -> PlayedHand:
    """Deal real cards and play the hand to showdown (or a fold) with random legal actions."""
    ranks = set(setup.game.deck_ranks)
    deck: list[Card] = [card for card in standard_deck() if int(card.rank) in ranks]
    rng.shuffle(deck)
    state = new_hand(setup)
    events: list[Event] = []
    street_events: list[Event] = []
    street = state.street_index
    decisions: list[Step] = []
    for _ in range(500):
        if state.street_index != street:
            street = state.street_index
            street_events = []
        if state.phase is Phase.DEALING:
            if state.due_hole:
                count = state.street.hole_down + state.street.hole_up
                event: Event = deal_hole(state, state.due_hole[0], deck[:count])
                del deck[:count]
            else:
                event = deal_board(state, deck[: state.due_board])
                del deck[: state.due_board]
        elif state.phase is Phase.BETTING:
            choices = legal_actions(state)
            if choices is None:  # pragma: no cover - the engine always names an actor here
                break
            decisions.append(Step(state, tuple(events), tuple(street_events)))
            event = _choose(rng, state, choices, prof=prof)
            street_events.append(event)
        else:
            break
        state = evolve(state, event)
        events.append(event)
    return PlayedHand(setup, tuple(decisions), Step(state, tuple(events), tuple(street_events)))
