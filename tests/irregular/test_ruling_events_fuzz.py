"""Property: any ruling event with any values, on a hand at any moment, is applied with every
chip conserved or refused with `IllegalActionError`, never a crash, the state untouched."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN, parse_cards
from dealerassist.engine import ruling_events as irr
from dealerassist.engine.rulings import evolve
from dealerassist.errors import IllegalActionError

from .helpers import Hand, setup

DECK = list(parse_cards(" ".join(r + s for r in "23456789TJQKA" for s in "cdhs"))) + [UNKNOWN]
TOTAL = 3300


def _moments() -> list[object]:
    """States of one hand: dealing, pre-flop betting, flop betting, turn dealing, showdown."""
    hand = Hand(setup(ante=5)).deal(["Ah Kh", "7c 2d", "Qs Qd"])
    states = [Hand(setup(ante=5)).state, hand.state]
    hand.play(("r", 60), "c", "c").board("2c 3d 4h")
    states.append(hand.state)
    hand.play(("r", 100), "c", "f")
    states.append(hand.state)
    hand.board("9c").play("k", "k").board("Ts")
    hand.play("k", "k")
    states.append(hand.state)
    return states


MOMENTS = _moments()


def _event(rng: random.Random) -> object:
    player = rng.randrange(-2, 5)
    amount = rng.choice([-5, 0, 5, 10, 60, 100, 5000])
    cards = tuple(rng.sample(DECK, rng.randrange(0, 4)))
    card = rng.choice(DECK)
    return rng.choice([
        irr.CardExposed(player, card, nth=rng.randrange(0, 9)),
        irr.ActionAttempted(player, rng.choice(list(irr.ActionKind)), amount),
        irr.ExtraCardDealt(player, rng.randrange(0, 3)),
        irr.BoardCardsExposed(cards), irr.PlayerAbsent(player), irr.ButtonMisplaced(),
        irr.DealError(rng.choice(list(irr.DealErrorKind)), player),
        irr.HandSizeWrong(player, rng.randrange(0, 8)), irr.FalseOpeners(player),
        irr.WrongBringIn(player, rng.randrange(-1, 4)), irr.FoldedWithoutBet(player),
        irr.RulingApplied("1:IRR-DECK", "IRR-DECK"), irr.FloorOverruled("1:IRR-DECK", "x"),
        irr.MisdealDeclared("IRR-HE-EXTRA-2"), irr.HoleCardReplaced(player, card, rng.choice(DECK)),
        irr.BoardCardsReturned(cards, "IRR-FLOP-EARLY"), irr.CardSetAside(card),
        irr.StubReshuffled(cards), irr.BurnSkipped("IRR-FLOP-EARLY"),
        irr.HandKilled(player, "IRR-DR-FOUL", ante_returned=rng.random() < 0.5),
        irr.ChipsReturned(player, amount, "IRR-ST-WRONG-LOW"),
    ])


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), moment=st.integers(0, len(MOMENTS) - 1),
       length=st.integers(1, 6))
def test_any_ruling_event_keeps_the_chips_or_is_refused(seed: int, moment: int,
                                                       length: int) -> None:
    rng = random.Random(seed)
    state = MOMENTS[moment]
    for _ in range(length):
        event = _event(rng)
        before = state
        try:
            state = evolve(state, event)  # type: ignore[arg-type]
        except IllegalActionError:
            assert state is before
            continue
        assert state.total_chips == TOTAL, event
        assert min(state.stacks) >= 0 and min(state.bets) >= 0, event
        assert min(state.committed) >= 0, event
