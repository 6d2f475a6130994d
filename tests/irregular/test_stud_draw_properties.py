"""Property: random stud and draw hands with injected irregularities keep every chip.

Each hand (seven-card stud F7S, razz FR, deuce-to-seven triple draw F2L3D; 2 to 6 players,
random stacks) is really dealt (stud: 2 down + 1 up, then one card a street; draw: five
cards, then the draws) and played by random legal actions, with stud and draw
irregularities injected at random moments: down cards dealt face up (IRR-ST-HOLE-UP), an
absent player (IRR-ST-ABSENT), a fold with no bet (IRR-ST-FOLD-NOBET), a wrong bring-in
(IRR-ST-WRONG-LOW), dealing errors (IRR-LB-MISDEAL), cards exposed before or during the
draw (IRR-DR-EXPOSED, IRR-DR-DRAW-EXPOSED), a wrong hand size (IRR-DR-SHORT, IRR-DR-FOUL),
actions out of turn. Every open flag is, at random, confirmed or overruled, and the dead
hands a confirmed IRR-ST-ABSENT makes due are applied. After every event: the detectors do
not raise, chips are conserved, a voided hand gives back exactly the starting stacks.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.engine.actions import bet_or_raise, call, check, fold, post_bring_in
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import CardsDrawn, HoleCardsDealt
from dealerassist.engine.ruling_events import (
    ActionAttempted,
    ActionKind,
    CardExposed,
    DealError,
    DealErrorKind,
    FoldedWithoutBet,
    HandSizeWrong,
    PlayerAbsent,
    WrongBringIn,
)
from dealerassist.engine.state import HandState
from dealerassist.games.spec import Family
from dealerassist.irregular.consequences import due_events

from .helpers import RandomIrregularHand, fresh, mask, setup

STUD_BETS = {"ante": 5, "bring_in": 10, "small_blind": 0, "big_blind": 0, "small_bet": 20,
             "big_bet": 40}


def _hand_setup(game: str, stacks: tuple[int, ...]):  # type: ignore[no-untyped-def]
    if game in ("F7S", "FR"):
        return setup(game, stacks, **STUD_BETS)
    return setup(game, stacks)


class _StudDrawHand(RandomIrregularHand):
    """A stud or draw hand really dealt street by street, with the dead hands made due."""

    steps = 200
    inject_rate = 0.2

    def __init__(self, seed: int, game: str, stacks: tuple[int, ...]) -> None:
        super().__init__(seed, _hand_setup(game, stacks), stacks)

    def due_events(self) -> list[object]:
        return list(due_events(self.setup, self.events))

    def can_inject(self, state: HandState) -> bool:
        return bool(state.hole and any(state.hole))

    def inject(self, state: HandState) -> object | None:
        rng = self.rng
        n = state.player_count
        stud = state.setup.game.family is Family.STUD
        legal = legal_actions(state)
        player = rng.randrange(n)
        kind = rng.randrange(8)
        if kind == 0:
            hole = [c for c in state.hole[player] if not c.is_unknown]
            if hole:
                return CardExposed(player, rng.choice(hole), nth=rng.randrange(0, 3 * n + 1),
                                   during_draw=not stud and bool(state.due_draw))
        if kind == 1:
            return ActionAttempted(player, rng.choice(list(ActionKind)),
                                   max(state.bets) + rng.randrange(-5, 100))
        if stud:
            if kind == 2:
                return PlayerAbsent(player)
            if kind == 3 and legal is not None and legal.can_check:
                return FoldedWithoutBet(legal.actor)
            if kind == 4 and legal is not None and legal.bring_in is not None:
                return WrongBringIn(rng.choice([p for p in range(n) if p != legal.actor] or [0]),
                                    legal.actor)
            return None
        if kind == 2:
            return DealError(rng.choice(list(DealErrorKind)), player=rng.choice([-1, player]))
        if kind == 3:
            return HandSizeWrong(player, rng.choice([4, 6]), after_draw=rng.random() < 0.5)
        return None

    def betting_move(self, state: HandState) -> object:
        rng = self.rng
        legal = legal_actions(state)
        assert legal is not None
        if legal.bring_in is not None:  # ST-BRINGIN: bring in, or complete (ST-COMPLETE)
            if legal.min_raise_to is not None and rng.random() < 0.3:
                return bet_or_raise(state, legal.actor, legal.min_raise_to)
            return post_bring_in(state, legal.actor)
        if (legal.min_raise_to is not None and legal.max_raise_to is not None
                and rng.random() < 0.3):
            # fixed limit: the bet, or the big bet an open pair allows (ST-OPEN-PAIR)
            return bet_or_raise(state, legal.actor, rng.choice([legal.min_raise_to,
                                                                legal.max_raise_to]))
        if rng.random() < 0.45 and not legal.can_check:
            return fold(state, legal.actor)
        return check(state, legal.actor) if legal.can_check else call(state, legal.actor)

    def deal(self, state: HandState) -> list[object]:
        rng = self.rng
        if state.due_draw:
            player = state.due_draw[0]
            held = list(state.hole[player])
            available = 52 - bin(mask(state)).count("1")  # the stub may run short
            out = min(rng.randrange(0, 4), len(held), available)
            discards = tuple(rng.sample(held, out))
            cards = fresh(rng, mask(state), out)
            return [CardsDrawn(player, discards, cards)]
        assert state.due_hole, state
        street = state.street
        count = street.hole_down + street.hole_up
        return [HoleCardsDealt(state.due_hole[0], fresh(rng, mask(state), count))]


def _play(seed: int, game: str, stacks: tuple[int, ...]) -> None:
    _StudDrawHand(seed, game, stacks).play()


GAMES = st.sampled_from(["F7S", "FR", "F2L3D"])
STACKS = st.lists(st.integers(min_value=1, max_value=1500), min_size=2, max_size=6)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), game=GAMES, stacks=STACKS)
def test_random_stud_and_draw_hands_with_irregularities_keep_the_chips(
        seed: int, game: str, stacks: list[int]) -> None:
    _play(seed, game, tuple(stacks))


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), game=GAMES, stacks=STACKS)
def test_slow_2000_random_stud_and_draw_hands_with_irregularities_keep_the_chips(
        seed: int, game: str, stacks: list[int]) -> None:
    _play(seed, game, tuple(stacks))
