"""Property: random legal hands with injected irregularities keep every chip and never crash.

Each hand (no limit, pot limit or fixed limit hold'em, or Omaha; 2 to 6 players, random
stacks) is played by random legal actions, with irregularities injected at random moments:
actions out of turn, under-raises, overbets, raises after the cap, exposed hole cards,
extra cards, board cards turned early or too many, a card seen twice, a misplaced button.
Every open flag is, at random, confirmed (its consequences applied) or overruled by the
floor. After every event: the detectors do not raise, chips are conserved (stacks + bets +
pots + rake = the starting total), and a voided hand gives back exactly the starting stacks.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN
from dealerassist.engine.actions import bet_or_raise, call, check, fold
from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import BoardDealt, Called, CardsShown, HoleCardsDealt, RaisedTo
from dealerassist.engine.ruling_events import (
    ActionAttempted,
    ActionKind,
    BoardCardsExposed,
    ButtonMisplaced,
    CardExposed,
    ExtraCardDealt,
)
from dealerassist.engine.state import HandState, Phase
from dealerassist.irregular.consequences import next_board
from dealerassist.irregular.detectors import detect

from .helpers import RandomIrregularHand, deck, fresh, mask, outside, setup


class _BoardHand(RandomIrregularHand):
    """A hold'em or Omaha hand: hole cards dealt (half of them unseen), then the board."""

    def __init__(self, seed: int, game: str, stacks: tuple[int, ...]) -> None:
        super().__init__(seed, setup(game, stacks), stacks)
        count = self.setup.game.streets[0].hole_down
        holes = fresh(self.rng, outside(self.setup), self.setup.player_count * count)
        for player in range(self.setup.player_count):
            known = holes[player * count:(player + 1) * count]
            self.events.append(HoleCardsDealt(
                player, known if self.rng.random() < 0.5 else (UNKNOWN,) * count))

    def confirm_options(self, state: HandState) -> dict[str, object]:
        return {"replacement": self.rng.choice([UNKNOWN, *fresh(self.rng, mask(state), 1)])}

    def inject(self, state: HandState) -> object | None:
        rng = self.rng
        n = state.player_count
        kind = rng.randrange(10)
        legal = legal_actions(state)
        if kind == 9:  # a reported action against the rules (the live table's way)
            player = rng.randrange(n)
            action = rng.choice(list(ActionKind))
            return ActionAttempted(player, action, max(state.bets) + rng.randrange(-5, 200))
        if kind == 0 and legal is not None:
            others = [p for p in state.in_hand if p != legal.actor]
            if others:
                return Called(rng.choice(others), 0)
        if kind == 1 and legal is not None and legal.min_raise_to is not None:
            low = max(state.bets) + 1
            if low < legal.min_raise_to:
                return RaisedTo(legal.actor, rng.randrange(low, legal.min_raise_to))
        if kind == 2 and legal is not None and legal.max_raise_to is not None:
            room = state.stacks[legal.actor] + state.bets[legal.actor]
            if legal.max_raise_to < room:
                return RaisedTo(legal.actor, rng.randrange(legal.max_raise_to + 1, room + 1))
        if kind == 2 and legal is not None and legal.min_raise_to is None:
            return RaisedTo(legal.actor, max(state.bets) + rng.randrange(1, 50))
        if kind == 3:
            return CardExposed(rng.randrange(n), rng.choice([UNKNOWN, *fresh(rng, mask(state), 1)]),
                               nth=rng.randrange(0, 2 * n + 1))
        if kind == 4:
            return ExtraCardDealt(rng.randrange(n), rng.choice([1, 1, 2]))
        if kind == 5 and state.phase is Phase.BETTING:
            return BoardDealt(fresh(rng, mask(state), rng.choice([1, 3])))
        if kind == 6:
            return BoardCardsExposed(fresh(rng, mask(state), rng.choice([1, 3, 4])))
        if kind == 7 and state.board:
            return BoardDealt((rng.choice(state.board),) * max(1, state.due_board or 1))
        if kind == 8 and rng.random() < 0.2:
            return ButtonMisplaced()
        return None

    def betting_move(self, state: HandState) -> object:
        rng = self.rng
        legal = legal_actions(state)
        assert legal is not None
        actor = legal.actor
        choice = rng.random()
        if legal.min_raise_to is not None and legal.max_raise_to is not None and choice < 0.3:
            to = rng.choice([legal.min_raise_to, legal.max_raise_to,
                             rng.randint(legal.min_raise_to, legal.max_raise_to)])
            return bet_or_raise(state, actor, to)
        if choice < 0.45 and not legal.can_check:
            return fold(state, actor)
        return check(state, actor) if legal.can_check else call(state, actor)

    def deal(self, state: HandState) -> list[object]:
        assert not state.due_hole
        cards = fresh(self.rng, mask(state), state.due_board)
        return list(next_board(self.setup, self.events, cards))


def _play(seed: int, game: str, stacks: tuple[int, ...]) -> None:
    _BoardHand(seed, game, stacks).play()


GAMES = st.sampled_from(["NT", "NT", "PT", "FT", "PO", "NS", "FO/8", "PO/8"])
STACKS = st.lists(st.integers(min_value=1, max_value=3000), min_size=2, max_size=6)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), game=GAMES, stacks=STACKS)
def test_random_hands_with_irregularities_keep_the_chips_and_never_crash(
        seed: int, game: str, stacks: list[int]) -> None:
    _play(seed, game, tuple(stacks))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), stacks=STACKS,
       events=st.lists(st.integers(min_value=0, max_value=10), max_size=20))
def test_detectors_never_raise_on_arbitrary_reports(seed: int, stacks: list[int],
                                                    events: list[int]) -> None:
    rng = random.Random(seed)
    hand_setup = setup("NT", tuple(stacks))
    stream: list[object] = []
    for code in events:
        player = rng.randrange(-1, len(stacks) + 1)
        stream.append([
            CardExposed(player, rng.choice(deck())),
            ExtraCardDealt(player, rng.randrange(0, 3)),
            BoardCardsExposed(tuple(rng.sample(deck(), rng.randrange(0, 5)))),
            BoardDealt(tuple(rng.sample(deck(), rng.randrange(1, 4)))),
            HoleCardsDealt(player, tuple(rng.sample(deck(), 2))),
            Called(player, rng.randrange(0, 100)),
            RaisedTo(player, rng.randrange(0, 4000)),
            ButtonMisplaced(),
            CardsShown(player, tuple(rng.sample(deck(), 2))),
            Called(player, 0),
            BoardCardsExposed(()),
        ][code])
    detection = detect(hand_setup, stream, as_recorded=rng.random() < 0.5)
    assert detection.state is not None
    assert detection.state.total_chips == sum(stacks)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), game=GAMES, stacks=STACKS)
def test_slow_3000_random_hands_with_irregularities_keep_the_chips(
        seed: int, game: str, stacks: list[int]) -> None:
    _play(seed, game, tuple(stacks))
