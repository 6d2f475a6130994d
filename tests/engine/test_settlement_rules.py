"""Pots, showdown and settlement rules: awards, odd chips, hi/lo, rake, uncalled bets."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from dealerassist.cards import parse_cards
from dealerassist.engine import (
    CardsShown,
    HandSetup,
    Phase,
    apply,
    evolve_all,
    pots,
    settle,
    settlement,
    show_order,
)
from dealerassist.engine.settlement import split_amount
from dealerassist.errors import IllegalActionError
from dealerassist.rules.model import (
    HiLoOddChip,
    OddChipRule,
    OddChipRules,
    RakeBase,
    RakeRules,
    ShowdownRules,
    ShowOrder,
)
from tests.engine.helpers import board, dealt, no_rake, play


def finish(state):  # type: ignore[no-untyped-def]
    return evolve_all(state, settle(state))


def nl(stacks, holes, rules=None, **kw):  # type: ignore[no-untyped-def]
    setup = HandSetup.create(game=kw.pop("game", "NT"), stacks=stacks, small_blind=10,
                             big_blind=20, rules=rules or no_rake(), **kw)
    return dealt(setup, holes)


def test_G_WIN_FOLD_last_player_takes_the_pot_unshown_and_the_uncalled_bet_returns() -> None:
    state = nl((1000, 1000, 1000), None)
    state = play(state, ("r", 100), "f", "f")
    assert state.phase is Phase.SHOWDOWN and state.won_by_fold
    assert state.returned[2] == 80  # POT-UNCALLED: 80 of the 100 nobody matched
    state = finish(state)
    assert state.phase is Phase.COMPLETE and state.stacks == (990, 980, 1030)


def test_POT_UNCALLED_allin_caller_with_less_gets_the_excess_back_to_the_bettor() -> None:
    state = nl((1000, 300, 1000), ["AhAd", "KhKd", "2c7d"])
    state = play(state, ("r", 1000), "f", "c")  # p2 all-in 1000... p0 folds, p1 calls 300
    assert state.returned == (0, 0, 700)
    assert [(p.amount, p.eligible) for p in pots(state)] == [(610, (1, 2))]


def test_POT_FOLDED_chips_of_a_folder_stay_and_give_no_claim() -> None:
    state = nl((1000, 1000, 1000), ["AhAd", "KhKd", "2c7d"])
    state = play(state, ("r", 100), "c", "c")
    state = board(state, "2h3h4s")
    state = play(state, ("r", 50), "f", "c")
    pot = pots(state)
    assert [(p.amount, p.eligible) for p in pot] == [(400, (0, 2))]


def _showdown(stacks, holes, board_cards, rules=None, game="NT"):  # type: ignore[no-untyped-def]
    state = nl(stacks, holes, rules=rules, game=game)
    n = len(stacks)
    state = play(state, *(["c"] * (n - 1) + ["k"]))
    for street in board_cards.split():
        state = board(state, street)
        if state.phase is Phase.BETTING:
            state = play(state, *(["k"] * n))
    assert state.phase is Phase.SHOWDOWN
    return state


def test_POT_AWARD_side_pot_goes_to_best_hand_among_its_players() -> None:
    state = nl((100, 1000, 1000), ["AhAd", "KhKd", "QcQd"])
    state = play(state, ("r", 300), "c", "c")  # p2 raises, p0 all-in 100 calls, p1 calls
    state = board(state, "2c7d9h")
    state = play(state, "k", "k")
    state = board(state, "3s")
    state = play(state, "k", "k")
    state = board(state, "4s")
    state = play(state, "k", "k")
    result = settlement(state)
    assert [(p.amount, p.eligible, p.awards) for p in result.pots] == [
        (300, (0, 1, 2), ((0, 300),)),
        (400, (1, 2), ((1, 400),)),
    ]
    state = finish(state)
    assert state.stacks == (300, 1100, 700) and state.total_chips == 2100


def test_G_ODD_CHIP_first_winners_left_of_button_get_one_each() -> None:
    assert split_amount(11, (0, 2, 3), rule=OddChipRule.FIRST_LEFT_OF_BUTTON) == [
        (0, 4), (2, 4), (3, 3)]
    assert split_amount(11, (0, 2, 3), rule=OddChipRule.LOWEST_SEAT) == [(0, 5), (2, 3), (3, 3)]
    assert split_amount(25, (1, 4), rule=OddChipRule.FIRST_LEFT_OF_BUTTON, unit=5) == [
        (1, 15), (4, 10)]


def test_G_ODD_CHIP_board_plays_split_in_a_real_hand() -> None:
    # Three-way chop of 65 (3 x 20 + a dead 5 from a small-blind fold): 22, 22, 21.
    state = nl((1000,) * 4, ["2c3d", "2d3c", "2h3s", "4c5d"], ante=0)
    state = play(state, "c", "c", "f", "k")
    assert pots(state)[0].amount == 70
    for street in ("AhKhQh", "Jh", "Th"):
        state = board(state, street)
        if state.phase is Phase.BETTING:
            state = play(state, "k", "k", "k")
    result = settlement(state)
    assert result.pots[0].awards == ((1, 24), (2, 23), (3, 23))


def test_O8_QUALIFY_without_a_qualifying_low_the_high_hand_scoops() -> None:
    # Board 5h 8s 9c Kd Qs has only two cards of 8 or lower: nobody can make a low.
    state = _showdown((1000, 1000, 1000),
                      ["AhKhQc2d", "3c4c9s9d", "JsJdTcTd"], "5h8s9c Kd Qs", game="FO/8")
    pot = settlement(state).pots[0]
    assert pot.low_winners == () and pot.high_winners == (2,)  # J-T + K-Q-9: a straight
    assert pot.awards == ((2, 60),)


def test_O8_SPLIT_ODD_pot_of_75_gives_38_high_37_low_or_reversed_by_house() -> None:
    holes = ["KhKdQcQs", "Ac2c9s9d", "JsJdTcTd"]
    rules = no_rake()
    state = nl((1000, 1000, 1000), holes, rules=rules, game="FO/8", ante=5)
    state = play(state, "c", "c", "k")
    for street in ("3h4d8s", "Kc", "7d"):
        state = board(state, street)
        if state.phase is Phase.BETTING:
            state = play(state, "k", "k", "k")
    result = settlement(state)
    pot = result.pots[0]
    assert pot.amount == 75 and pot.high_winners == (0,) and pot.low_winners == (1,)
    assert dict(pot.awards) == {0: 38, 1: 37}
    low_first = dataclasses.replace(rules, odd_chip=OddChipRules(hilo=HiLoOddChip.LOW))
    state = state._replace(setup=dataclasses.replace(state.setup, rules=low_first))
    assert dict(settlement(state).pots[0].awards) == {0: 37, 1: 38}


def _raked(**kw):  # type: ignore[no-untyped-def]
    return dataclasses.replace(no_rake(), rake=RakeRules(enabled=True, **kw))


def test_RAKE_RATE_percent_rounding_step_and_cap() -> None:
    holes = ["AhAd", "KhKd", "2c7d"]
    state = _showdown((1000,) * 3, holes, "2h3h4s 9c Td", rules=_raked(percent=Decimal("5")))
    result = settlement(state)
    assert result.rake == 3 and result.pots[0].awards == ((0, 57),)  # 5 % of 60
    state = _showdown((1000,) * 3, holes, "2h3h4s 9c Td",
                      rules=_raked(percent=Decimal("10"), rounding_step=5))
    assert settlement(state).rake == 5  # 6 rounded down to a multiple of 5
    state = _showdown((1000,) * 3, holes, "2h3h4s 9c Td",
                      rules=_raked(percent=Decimal("10"), cap=2))
    assert settlement(state).rake == 2
    state = finish(state)
    assert state.rake == 2 and state.total_chips == 3000


def test_RAKE_NFND_no_flop_no_drop() -> None:
    state = nl((1000,) * 3, None, rules=_raked(percent=Decimal("10")))
    state = play(state, ("r", 100), "f", "f")
    assert settlement(state).rake == 0
    assert finish(state).stacks == (990, 980, 1030)


def test_RAKE_RATE_per_pot_base() -> None:
    rules = _raked(percent=Decimal("10"), base=RakeBase.POT, cap=5)
    state = nl((100, 1000, 1000), ["AhAd", "KhKd", "QcQd"], rules=rules)
    state = play(state, ("r", 300), "c", "c")
    for street in ("2c7d9h", "3s", "4s"):
        state = board(state, street)
        if state.phase is Phase.BETTING:
            state = play(state, "k", "k")
    result = settlement(state)
    assert [p.rake for p in result.pots] == [5, 5]


def test_G_SHOW_ORDER_last_aggressor_first_else_first_left_of_button() -> None:
    state = nl((1000,) * 3, ["AhAd", "KhKd", "2c7d"])
    state = play(state, "c", "c", "k")
    for street in ("2h3h4s", "9c"):
        state = board(state, street)
        state = play(state, "k", "k", "k")
    state = board(state, "Td")
    state = play(state, "k", ("r", 50), "c", "c")
    assert show_order(state) == (1, 2, 0)
    quiet = _showdown((1000,) * 3, ["AhAd", "KhKd", "2c7d"], "2h3h4s 9c Td")
    assert show_order(quiet) == (0, 1, 2)
    rules = dataclasses.replace(no_rake(), showdown=ShowdownRules(ShowOrder.FIRST_TO_ACT))
    assert show_order(
        quiet._replace(setup=dataclasses.replace(quiet.setup, rules=rules))) == (0, 1, 2)


def test_G_SHOW_CLAIM_unknown_cards_must_be_shown_to_win() -> None:
    state = _showdown((1000, 1000), None, "2h3h4s 9c Td")
    with pytest.raises(IllegalActionError) as error:
        settlement(state)
    assert error.value.rule_id == "G-SHOW-CLAIM"
    state = apply(state, CardsShown(0, parse_cards("AhAd")))
    result = settlement(state)
    assert result.pots[0].awards == ((0, 40),)


def test_IRR_DECK_a_card_dealt_twice_is_refused() -> None:
    state = nl((1000, 1000), ["AhAd", "KhKd"])
    state = play(state, "c", "k")
    with pytest.raises(IllegalActionError) as error:
        board(state, "Ah2c3c")
    assert error.value.rule_id == "IRR-DECK"


def test_unknown_board_cards_are_entered_later_before_settling() -> None:
    from dealerassist.cards import UNKNOWN
    from dealerassist.engine import BoardCardIdentified, BoardDealt

    state = nl((1000, 1000), ["AhAd", "KhKd"])
    state = play(state, "c", "k")
    state = apply(state, BoardDealt((UNKNOWN,) * 3))
    state = play(state, "k", "k")
    state = board(state, "9c")
    state = play(state, "k", "k")
    state = board(state, "Td")
    state = play(state, "k", "k")
    with pytest.raises(IllegalActionError):
        settlement(state)
    for position, card in enumerate(parse_cards("2h3h4s")):
        state = apply(state, BoardCardIdentified(position, card))
    assert settlement(state).pots[0].awards == ((0, 40),)
