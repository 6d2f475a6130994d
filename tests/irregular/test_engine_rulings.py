"""The engine's ruling consequences on a hold'em state: triads, chips, state untouched."""

from __future__ import annotations

import pytest

from dealerassist.cards import parse_cards
from dealerassist.engine.ruling_events import (
    BurnSkipped,
    CardSetAside,
    HandKilled,
    MisdealDeclared,
    StubReshuffled,
)
from dealerassist.engine.rulings import (
    can_kill_hand,
    can_misdeal,
    can_replace_hole_card,
    deal_board_unburned,
    evolve,
    kill_hand,
    misdeal,
    replace_hole_card,
    verify_kill_hand,
)
from dealerassist.engine.state import Phase
from dealerassist.errors import IllegalActionError

from .helpers import Hand, card, setup

TOTAL = 3300


def holes() -> Hand:
    return Hand(setup(ante=5)).deal(["Ah Kh", "7c 2d", "Qs Qd"])


def test_IRR_DR_FOUL_dead_hand_of_a_player_not_to_act_leaves_the_others_playing() -> None:
    hand = holes().play(("r", 60))  # p3 raises; p1 and p2 to act
    state = hand.state
    assert can_kill_hand(state, 1, rule_id="IRR-DR-FOUL")
    after = evolve(state, kill_hand(state, 1, rule_id="IRR-DR-FOUL"))
    assert after.folded == (False, True, False)
    assert after.actor == 0 and after.total_chips == TOTAL
    assert after.bets == state.bets  # p2's blind stays in


def test_IRR_JB_FALSE_killing_the_last_opponent_ends_the_hand() -> None:
    hand = holes().play(("r", 60), "f")  # p1 folds; p2 to act
    state = hand.state
    after = evolve(state, HandKilled(2, "IRR-JB-FALSE"))  # the raiser's hand is dead
    assert after.phase in (Phase.SHOWDOWN, Phase.COMPLETE)
    assert after.total_chips == TOTAL
    assert not can_kill_hand(after, 2, rule_id="IRR-JB-FALSE")


def test_IRR_ST_HOLE_UP_dead_hand_gets_its_ante_back() -> None:
    hand = holes()
    state = hand.state
    assert state.antes_paid == (5, 5, 5)
    after = evolve(state, HandKilled(2, "IRR-ST-HOLE-UP", ante_returned=True))
    assert after.stacks[2] == state.stacks[2] + 5
    assert after.total_chips == TOTAL and after.folded[2]


def test_illegal_rulings_raise_and_leave_the_state_as_it_was() -> None:
    hand = holes()
    state = hand.state
    before = state
    with pytest.raises(IllegalActionError):
        verify_kill_hand(state, 7, rule_id="IRR-DR-FOUL")
    assert not can_replace_hole_card(state, player=0, old=card("2c"), new=card("3c"))
    with pytest.raises(IllegalActionError):
        replace_hole_card(state, player=0, old=card("Ah"), new=card("Qs"))  # Qs is p3's
    with pytest.raises(IllegalActionError):
        evolve(state, StubReshuffled((card("Ah"),), "IRR-TURN-EARLY"))  # Ah is in play
    with pytest.raises(IllegalActionError):
        evolve(state, CardSetAside(card("Kh")))  # already seen
    with pytest.raises(IllegalActionError):
        evolve(state, BurnSkipped("IRR-FLOP-EARLY"))  # no board card yet
    assert state == before


def test_misdeal_triad() -> None:
    hand = holes().play("c", "c", "k")
    state = hand.state
    assert can_misdeal(state)
    voided = evolve(state, misdeal(state, "IRR-HE-EXTRA-2"))
    assert voided.stacks == (1000, 800, 1500) and voided.total_chips == TOTAL
    assert not can_misdeal(voided)
    with pytest.raises(IllegalActionError):
        evolve(voided, MisdealDeclared("IRR-HE-EXTRA-2"))


def test_deal_board_unburned_triad() -> None:
    hand = holes().play("c", "c", "k")
    state = hand.state
    events = deal_board_unburned(state, parse_cards("2c 3c 4c"), rule_id="IRR-FLOP-EARLY")
    for event in events:
        state = evolve(state, event)
    assert state.board == parse_cards("2c 3c 4c") and state.burns == 0
