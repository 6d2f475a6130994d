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


def test_BET_FL_CAP_pokerkit_counts_five_bets_preflop_blind_included() -> None:
    # 2 (the big blind) - 4 - 6 - 8 - 10: five bets, so cap_bets = 5 in the PHH profile.
    assert [2, *_raise_tos(3)] == [2, 4, 6, 8, 10]
    assert phh_profile().fixed_limit.cap_bets[GameFamily.BOARD] == 5
    assert phh_profile().fixed_limit.cap_for(GameFamily.BOARD, players_in_hand=3) == 5


def test_BET_FL_CAP_pokerkit_keeps_the_cap_heads_up() -> None:
    assert _raise_tos(2) == [4, 6, 8, 10]
    assert phh_profile().fixed_limit.cap_for(GameFamily.BOARD, players_in_hand=2) == 5


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
