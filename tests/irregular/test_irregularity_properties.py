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

from dealerassist.cards import UNKNOWN, Card
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
from dealerassist.engine.rulings import is_void
from dealerassist.engine.settlement import can_settle, settle
from dealerassist.engine.state import Phase
from dealerassist.errors import IllegalActionError
from dealerassist.irregular.consequences import confirm, next_board, overrule
from dealerassist.irregular.detectors import detect

from .helpers import setup


def _deck() -> list[Card]:
    from dealerassist.cards import parse_cards

    return list(parse_cards(" ".join(r + s for r in "23456789TJQKA" for s in "cdhs")))


def _outside(hand_setup) -> int:  # type: ignore[no-untyped-def]
    """Return the mask of the cards not in this game's deck (short deck: 2 to 5)."""
    ranks = hand_setup.game.deck_ranks
    return sum(1 << c.code for c in _deck() if int(c.rank) not in ranks)


def _mask(state) -> int:  # type: ignore[no-untyped-def]
    """Return the mask of the cards that cannot come now: seen, or not in the deck."""
    return state.seen | _outside(state.setup)


def _fresh(rng: random.Random, seen: int, count: int) -> tuple[Card, ...]:
    cards = [c for c in _deck() if not seen & (1 << c.code)]
    return tuple(rng.sample(cards, count))


def _inject(rng: random.Random, state, events: list[object]) -> object | None:  # type: ignore[no-untyped-def]
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
        return CardExposed(rng.randrange(n), rng.choice([UNKNOWN, *_fresh(rng, _mask(state), 1)]),
                           nth=rng.randrange(0, 2 * n + 1))
    if kind == 4:
        return ExtraCardDealt(rng.randrange(n), rng.choice([1, 1, 2]))
    if kind == 5 and state.phase is Phase.BETTING:
        return BoardDealt(_fresh(rng, _mask(state), rng.choice([1, 3])))
    if kind == 6:
        return BoardCardsExposed(_fresh(rng, _mask(state), rng.choice([1, 3, 4])))
    if kind == 7 and state.board:
        return BoardDealt((rng.choice(state.board),) * max(1, state.due_board or 1))
    if kind == 8 and rng.random() < 0.2:
        return ButtonMisplaced()
    return None


def _legal_move(rng: random.Random, state):  # type: ignore[no-untyped-def]
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


def _play(seed: int, game: str, stacks: tuple[int, ...]) -> None:
    rng = random.Random(seed)
    hand_setup = setup(game, stacks)
    events: list[object] = []
    total = sum(stacks)
    count = hand_setup.game.streets[0].hole_down
    holes = _fresh(rng, _outside(hand_setup), hand_setup.player_count * count)
    for player in range(hand_setup.player_count):
        known = holes[player * count:(player + 1) * count]
        events.append(HoleCardsDealt(player, known if rng.random() < 0.5 else (UNKNOWN,) * count))
    for _step in range(120):
        detection = detect(hand_setup, events, as_recorded=False)
        state = detection.state
        assert state is not None
        assert state.total_chips == total
        if state.phase is Phase.COMPLETE:
            if is_void(state):
                assert state.stacks == stacks
            return
        open_flags = detection.open_flags()
        if open_flags:
            flag = rng.choice(open_flags)
            if rng.random() < 0.75:
                try:
                    replacement = rng.choice([UNKNOWN, *_fresh(rng, _mask(state), 1)])
                    events.extend(confirm(hand_setup, events, flag.flag_id,
                                          replacement=replacement))
                    continue
                except IllegalActionError:
                    pass
            events.append(overrule(hand_setup, events, flag.flag_id, "floor: play on"))
            continue
        if rng.random() < 0.25:
            injected = _inject(rng, state, events)
            if injected is not None:
                events.append(injected)
                continue
        if state.phase is Phase.BETTING:
            events.append(_legal_move(rng, state))
        elif state.phase is Phase.DEALING:
            assert not state.due_hole
            cards = _fresh(rng, _mask(state), state.due_board)
            events.extend(next_board(hand_setup, events, cards))
        else:  # showdown: table every hand, then settle
            for player in state.in_hand:
                if not state.shown[player]:
                    hole = state.hole[player]
                    unknown = sum(1 for c in hole if c.is_unknown)
                    faces = [c for c in hole if not c.is_unknown]
                    faces += list(_fresh(rng, _mask(state), unknown))
                    events.append(CardsShown(player, tuple(faces)))
                    break
            else:
                assert can_settle(state)
                events.extend(settle(state))
    state = detect(hand_setup, events, as_recorded=False).state
    assert state is not None and state.total_chips == total


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
            CardExposed(player, rng.choice(_deck())),
            ExtraCardDealt(player, rng.randrange(0, 3)),
            BoardCardsExposed(tuple(rng.sample(_deck(), rng.randrange(0, 5)))),
            BoardDealt(tuple(rng.sample(_deck(), rng.randrange(1, 4)))),
            HoleCardsDealt(player, tuple(rng.sample(_deck(), 2))),
            Called(player, rng.randrange(0, 100)),
            RaisedTo(player, rng.randrange(0, 4000)),
            ButtonMisplaced(),
            CardsShown(player, tuple(rng.sample(_deck(), 2))),
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
