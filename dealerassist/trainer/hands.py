"""Random but realistic hands (board, stud and draw games) played through the engine.

A hand is set up from a difficulty profile (stakes, denominations, table size, short
stacks) and played with the engine's own legal actions: players fold, check, call, bet
and raise in sizes a real table uses, and sometimes move all in. Every state met on the
way is kept with the events that led to it, so a drill can stop at any decision and show
exactly what happened on the street so far.

Stud hands post antes, the engine names the bring-in (ST-BRINGIN, RZ-BRINGIN) who posts
it or completes (ST-COMPLETE), and up cards are dealt face up street by street; draw hands
discard and draw in the engine's order (DR-DRAW), keeping the cards a player of that game
keeps, with fixed limits doubling after the draw as the game's streets say (LB-LIMITS,
DR-LIMITS).

Jacks or better (FJB, and draw high under ``draw.openers: jacks_or_better``) opens only
with a pair of jacks or better (JB-OPEN): a player without openers checks until somebody
opens. When nobody opens the deal is passed out (JB-NO-OPEN): the button moves, everyone
antes again while fewer than ``draw.jacks_ante_limit`` deals in a row were passed out,
and the pot is carried into the next deal (``HandSetup.carried``); `play_hand` deals
again until a deal is opened (at most `MAX_DEALS` deals) and keeps the passed-out ones.
An opener who holds one pair now and then splits openers to draw (JB-SPLIT): he throws
one card of the pair and keeps it aside, so at the showdown his final hand may need the
discards to prove openers (JB-PROVE).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from dealerassist.cards import Card, standard_deck
from dealerassist.engine.actions import (
    bet_or_raise,
    call,
    check,
    deal_board,
    deal_hole,
    fold,
    post_bring_in,
)
from dealerassist.engine.betting import LegalActions, legal_actions
from dealerassist.engine.events import CardsDrawn, Event
from dealerassist.engine.openers import has_openers, needs_openers
from dealerassist.engine.setup import HandSetup
from dealerassist.engine.state import HandState, Phase, evolve, new_hand
from dealerassist.games.catalogue import game as game_spec
from dealerassist.games.spec import BettingStructure, Evaluator, Family, ForcedBets
from dealerassist.rules.model import GameFamily, HouseRules
from dealerassist.trainer.difficulty import DifficultyProfile

__all__ = ["DRAW_GAMES", "MAX_DEALS", "STUD_GAMES", "PlayedHand", "Step", "choose_game",
           "next_deal", "play_hand", "random_setup"]

STUD_GAMES = ("F7S", "F7S/8", "FR", "F5S")
DRAW_GAMES = ("N2L1D", "F2L3D", "FA5L3D", "FA5L1D", "FB", "F5D", "FJB")
MAX_DEALS = 6  # jacks or better: deals played in a row before a passed-out one is kept


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
    passed: tuple[PlayedHand, ...] = ()  # JB-NO-OPEN: the passed-out deals before, oldest first


def choose_game(rng: random.Random, games: tuple[str, ...]) -> str:
    """Pick a game: first a family (board, stud, draw) among those offered, then a game in it."""
    families: dict[Family, list[str]] = {}
    for code in games:
        families.setdefault(game_spec(code).family, []).append(code)
    family = rng.choice(sorted(families, key=str))
    return rng.choice(families[family])


def random_setup(
    rng: random.Random, *, game: str, prof: DifficultyProfile, rules: HouseRules,
    players: int | None = None,
) -> HandSetup:
    """Return a table from the profile: stakes, number of players, stacks in the chip unit."""
    spec = game_spec(game)
    small, big = rng.choice(prof.stakes)
    low, high = prof.players
    if needs_openers(spec, rules):  # jacks or better is not played heads-up: 3 at least
        low, high = max(low, 3), max(high, 3)
    seats = rules.table.seats_for(GameFamily(spec.family.value))  # table.max_players
    if spec.family is Family.DRAW and spec.streets[0].hole_count == 5:
        seats = min(seats, 6)  # five-card draw drills: six at most, the stub never runs out
    count = players or rng.randint(low, min(high, spec.max_players, seats))
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
    if spec.family is Family.STUD:
        # a 10/20 stud game: ante about a tenth of the small bet, bring-in about a quarter
        ante = max(unit, big // 10 // unit * unit)
        bring_in = max(unit, big // 4 // unit * unit)
        return HandSetup.create(game=spec, stacks=stacks, ante=ante, bring_in=bring_in,
                                small_bet=big, big_bet=2 * big, rules=rules)
    if spec.forced is ForcedBets.ANTES_ONLY:
        ante = max(unit, big // 10 // unit * unit)
        # DR-ANTE-ONLY: now and then a player is down to one to three antes: all in with the
        # ante (plays for the antes only) or opening all in for less than the opening bet
        short = prof.short_stack_percent // 3
        stacks = [ante * rng.randint(1, 3) if rng.randrange(100) < short else stack
                  for stack in stacks]
        return HandSetup.create(game=spec, stacks=stacks, ante=ante, small_bet=big,
                                big_bet=2 * big, rules=rules)
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
    if state.street_index == 0 and state.opened_by < 0 and \
            needs_openers(state.setup.game, state.setup.rules):
        # JB-OPEN: only a pair of jacks or better opens; the others check to the opener.
        if choices.can_raise and choices.min_raise_to is not None and \
                has_openers(state.hole[player]) and rng.randrange(100) < 90:
            return bet_or_raise(state, player, choices.min_raise_to)
        return check(state, player)
    if choices.bring_in is not None:  # ST-BRINGIN: post it, or complete (ST-COMPLETE)
        if choices.min_raise_to is not None and rng.randrange(100) < 20:
            return bet_or_raise(state, player, choices.min_raise_to)
        return post_bring_in(state, player)
    roll = rng.randrange(100)
    if choices.can_raise and roll < prof.all_in_percent:
        assert choices.max_raise_to is not None
        return bet_or_raise(state, player, choices.max_raise_to)
    if choices.can_raise and choices.min_raise_to is not None and choices.max_raise_to is not None:
        raise_percent = 35 if choices.can_check else 22
        if rng.randrange(100) < raise_percent:
            low, high = choices.min_raise_to, choices.max_raise_to
            if state.setup.game.structure is BettingStructure.FIXED_LIMIT:
                # the small or the big bet, nothing between (ST-OPEN-PAIR on an open pair)
                return bet_or_raise(state, player, rng.choice((low, high)))
            top = max(state.bets)
            target = top + rng.choice((1, 1, 2, 2, 3)) * max(choices.pot // 2, low - top)
            unit = state.setup.min_bet if rng.randrange(3) else max(1, state.setup.min_bet // 2)
            return bet_or_raise(state, player, _round_to(target, max(1, unit), low, high))
    if choices.can_check:
        return check(state, player)
    if rng.randrange(100) < 28:
        return fold(state, player)
    return call(state, player)


def _low_rank(card: Card, *, aces_low: bool) -> int:
    value = int(card.rank)
    return 1 if aces_low and value == 14 else value


def _discards(rng: random.Random, state: HandState, player: int) -> tuple[Card, ...]:
    """Return the cards a player throws: high cards in lowball, unpaired ones in draw high."""
    held = list(state.hole[player])
    game = state.setup.game
    if game.high is Evaluator.HIGH and player == state.opened_by and \
            needs_openers(game, state.setup.rules):
        split = _split_openers(rng, held)
        if split:
            return split
    if game.high is Evaluator.HIGH:
        counts = {c.rank: sum(1 for d in held if d.rank == c.rank) for c in held}
        loose = sorted((c for c in held if counts[c.rank] == 1), key=lambda c: int(c.rank))
        keep_kicker = 1 if len(loose) == len(held) else 0  # nothing paired: keep the best card
        out = loose[: len(loose) - keep_kicker] if keep_kicker else loose
        return tuple(out[:3])
    aces_low = game.low is not Evaluator.LOW_27
    badugi = game.low is Evaluator.BADUGI
    kept: list[Card] = []
    for card in sorted(held, key=lambda c: _low_rank(c, aces_low=aces_low)):
        if any(c.rank == card.rank or (badugi and c.suit == card.suit) for c in kept):
            continue
        kept.append(card)
    pairs = [c for c in held if c not in kept]
    limit = 9 if badugi else 7
    high = [c for c in kept if _low_rank(c, aces_low=aces_low) > limit and rng.randrange(3)]
    return tuple((pairs + high)[: rng.choice((2, 3, 3, 4))])


def _split_openers(rng: random.Random, held: list[Card]) -> tuple[Card, ...]:
    """Return the discards of an opener who splits his one pair (JB-SPLIT), () if he keeps it.

    A four-card flush draw is kept and the fifth card thrown, which may be one of the pair;
    otherwise, one time in four, he keeps one card of the pair with the two best other cards
    and throws the rest.
    """
    counts: dict[int, int] = {}
    for card in held:
        counts[int(card.rank)] = counts.get(int(card.rank), 0) + 1
    pairs = [rank for rank, k in counts.items() if k == 2]
    if len(pairs) != 1 or max(counts.values()) > 2 or len(held) != 5:
        return ()
    for suit in {card.suit for card in held}:
        flush = [card for card in held if card.suit == suit]
        if len(flush) == 4:
            return tuple(card for card in held if card.suit != suit)
    if rng.randrange(4):
        return ()
    pair = [card for card in held if int(card.rank) == pairs[0]]
    others = sorted((card for card in held if int(card.rank) != pairs[0]),
                    key=lambda card: int(card.rank), reverse=True)
    return (pair[1], others[2])


def next_deal(state: HandState, *, passed: int) -> HandSetup | None:
    """Return the deal after a passed-out one (JB-NO-OPEN), None if fewer than 3 can play.

    The button moves one seat to the left (the first seat left of the button gets it, so
    the stacks turn by one), the pot is carried in, and everyone antes again unless
    ``passed`` deals in a row were already passed out, the house's
    ``draw.jacks_ante_limit`` (then the carried pot plays on without new antes). A player
    whose last chips went in as an ante (DR-ANTE-ONLY) is not dealt in again.
    """
    setup = state.setup
    stacks = tuple(s for s in state.stacks[1:] + state.stacks[:1] if s > 0)
    if len(stacks) < 3:  # jacks or better is not dealt heads-up (see `random_setup`)
        return None
    ante = max(setup.antes) if passed < setup.rules.draw.jacks_ante_limit else 0
    return HandSetup.create(game=setup.game, stacks=stacks, ante=ante,
                            small_bet=setup.small_bet, big_bet=setup.big_bet, rules=setup.rules,
                            carried=state.carry_forward)


def play_hand(rng: random.Random, setup: HandSetup, *, prof: DifficultyProfile) -> PlayedHand:
    """Deal real cards and play the hand to showdown (or a fold) with random legal actions.

    Jacks or better: a passed-out deal is followed by the next one (`next_deal`) until a
    deal is opened or `MAX_DEALS` were dealt; the passed-out deals are kept in ``passed``.
    """
    passed: list[PlayedHand] = []
    hand = _play_deal(rng, setup, prof=prof)
    while hand.final.state.passed_out and len(passed) + 1 < MAX_DEALS:
        following = next_deal(hand.final.state, passed=len(passed) + 1)
        if following is None:
            break
        passed.append(hand)
        hand = _play_deal(rng, following, prof=prof)
    return replace(hand, passed=tuple(passed)) if passed else hand


def _play_deal(rng: random.Random, setup: HandSetup, *, prof: DifficultyProfile) -> PlayedHand:
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
            if state.due_draw:  # DR-DRAW: the next player in order discards and draws
                player = state.due_draw[0]
                out = _discards(rng, state, player)[: len(deck)]
                event = CardsDrawn(player, out, tuple(deck[: len(out)]))
                del deck[: len(out)]
            elif state.due_hole:
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
