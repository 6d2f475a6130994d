"""The PHH profile states pokerkit 0.7.7's conventions: each one checked against pokerkit."""

from __future__ import annotations

import pytest

from dealerassist.rules import phh_profile
from dealerassist.rules.model import GameFamily, OddChipRule

pokerkit = pytest.importorskip("pokerkit")
Automation = pokerkit.Automation

_AUTO = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
         Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
         Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
         Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
_DEALING = (*_AUTO, Automation.HOLE_DEALING, Automation.BOARD_DEALING)


def _raise_tos(player_count: int) -> list[int]:
    state = pokerkit.FixedLimitTexasHoldem.create_state(
        _DEALING, True, 0, (1, 2), 2, 4, (200,) * player_count, player_count)
    raised_to = []
    while state.can_complete_bet_or_raise_to():
        raised_to.append(state.min_completion_betting_or_raising_to_amount)
        state.complete_bet_or_raise_to()
    return raised_to


def _flop_bets(player_count: int) -> list[int]:
    state = pokerkit.FixedLimitTexasHoldem.create_state(
        _DEALING, True, 0, (1, 2), 2, 4, (200,) * player_count, player_count)
    while state.street_index == 0:
        state.check_or_call()
    raised_to = []
    while state.can_complete_bet_or_raise_to():
        raised_to.append(state.min_completion_betting_or_raising_to_amount)
        state.complete_bet_or_raise_to()
    return raised_to


def test_BET_FL_CAP_pokerkit_counts_four_bets_a_street_blinds_not_counted() -> None:
    # Pre-flop 2 (the big blind, not counted) - 4 - 6 - 8 - 10; after the flop a bet and
    # three raises: 2 - 4 - 6 - 8. So cap_bets = 4 with the blind not counted as a bet.
    assert _raise_tos(3) == [4, 6, 8, 10]
    assert _flop_bets(3) == [2, 4, 6, 8]
    assert phh_profile().fixed_limit.cap_bets[GameFamily.BOARD] == 4
    assert phh_profile().fixed_limit.blind_counts_as_bet is False
    assert phh_profile().fixed_limit.cap_for(GameFamily.BOARD, players_in_hand=3) == 4


def test_BET_FL_CAP_engine_under_the_phh_profile_raises_like_pokerkit() -> None:
    from dealerassist.engine import HandSetup, apply, bet_or_raise, call, legal_actions
    from tests.engine.helpers import board, dealt

    setup = HandSetup.create(game="FT", stacks=(200,) * 3, small_blind=1, big_blind=2,
                             small_bet=2, big_bet=4, rules=phh_profile())
    state = dealt(setup)
    for expected in (_raise_tos(3), _flop_bets(3)):
        seen = []
        while (legal := legal_actions(state)) is not None and legal.can_raise:
            seen.append(legal.min_raise_to)
            state = apply(state, bet_or_raise(state, legal.actor, legal.min_raise_to))
        assert seen == expected
        while state.actor is not None:
            state = apply(state, call(state, state.actor))
        if not state.board:
            state = board(state, "2c3d4h")


def test_BET_FL_CAP_pokerkit_keeps_the_cap_heads_up() -> None:
    assert _raise_tos(2) == [4, 6, 8, 10]
    assert phh_profile().fixed_limit.cap_for(GameFamily.BOARD, players_in_hand=2) == 4


def test_BET_SHORT_ALLIN_pokerkit_half_bet_allin_does_not_reopen() -> None:
    state = pokerkit.FixedLimitTexasHoldem.create_state(
        _DEALING, True, 0, (1, 2), 2, 4, (5, 200, 200), 3)
    state.complete_bet_or_raise_to(4)   # seat 2 raises to 4
    state.complete_bet_or_raise_to(5)   # seat 0 all-in: a raise of 1, half the bet of 2
    state.check_or_call()               # seat 1 calls
    assert state.actor_index == 2
    assert state.can_complete_bet_or_raise_to() is False  # seat 2 may only call or fold
    assert phh_profile().fixed_limit.half_bet_allin_reopens is False


def test_BET_STRADDLE_pokerkit_min_raise_after_straddle_is_straddle_plus_big_blind() -> None:
    state = pokerkit.NoLimitTexasHoldem.create_state(
        _DEALING, True, 0, (1, 2, 4), 2, (200,) * 4, 4)
    assert state.min_completion_betting_or_raising_to_amount == 6  # not 8
    assert phh_profile().straddle.acts_as_big_blind is False


@pytest.mark.filterwarnings("ignore::UserWarning")  # pokerkit burns random cards
def test_G_ODD_CHIP_pokerkit_gives_the_odd_chip_to_the_lowest_seat() -> None:
    state = pokerkit.NoLimitTexasHoldem.create_state(_AUTO, True, 0, (1, 2), 2, (100,) * 3, 3)
    for hole in ("2c3d", "2d3c", "7h8h"):
        state.deal_hole(hole)
    state.check_or_call()   # seat 2 calls 2
    state.fold()            # seat 0 (small blind) folds: the pot is 5
    state.check_or_call()   # seat 1 checks
    for board in ("AsKsQs", "Js", "Ts"):  # a royal flush on board: seats 1 and 2 split
        state.deal_board(board)
        state.check_or_call()
        state.check_or_call()
    assert list(state.stacks) == [99, 101, 100]  # the odd chip to seat 1, the lower index
    assert phh_profile().odd_chip.board is OddChipRule.LOWEST_SEAT
    assert phh_profile().odd_chip.stud is OddChipRule.LOWEST_SEAT
