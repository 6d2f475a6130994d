"""Stud scenarios, one or more per rule of the catalogue (ST-*, ST7-*, ST5-*, RZ-*).

Players are PHH indices (0 = first dealt, nearest the dealer's left). Third street deals
two down cards then one up card: ``"AhKd 5c"`` is A-K down, 5 up.
"""

from __future__ import annotations

import dataclasses

import pytest

from dealerassist.cards import parse_cards
from dealerassist.engine import (
    BoardDealt,
    BringInPosted,
    HandSetup,
    HandState,
    Phase,
    apply,
    bet_or_raise,
    check,
    evolve_all,
    fold,
    legal_actions,
    new_hand,
    settle,
)
from dealerassist.engine.stud import up_cards
from dealerassist.errors import IllegalActionError
from dealerassist.rules.model import FixedLimitRules, HouseRules
from tests.engine.helpers import deal_holes, no_rake, play


def _rules(**fixed: object) -> HouseRules:
    return dataclasses.replace(no_rake(), fixed_limit=FixedLimitRules(**fixed))  # type: ignore[arg-type]


def stud(game: str, holes: list[str], *, stacks: int | tuple[int, ...] = 1000,
         rules: HouseRules | None = None, ante: int = 1, bring_in: int = 2,
         small: int = 4, big: int = 8) -> HandState:
    n = len(holes)
    setup = HandSetup.create(game=game, stacks=stacks if isinstance(stacks, tuple) else
                             (stacks,) * n, ante=ante, bring_in=bring_in, small_bet=small,
                             big_bet=big, rules=rules or no_rake())
    state = new_hand(setup)
    return deal(state, holes)


def deal(state: HandState, holes: list[str]) -> HandState:
    return deal_holes(state, holes, skip_empty=True)


def act(state: HandState, *moves: str | tuple[str, int]) -> HandState:
    return play(state, *moves, bring_in="b")  # "b": the bring-in (ST-BRINGIN)


# ----- the deal and the bring-in -------------------------------------------------------


def test_ST7_DEAL_antes_then_two_down_one_up_and_the_up_card_is_known() -> None:
    state = stud("F7S", ["AhKd 5c", "2s3s 9d", "QhQd Jc"])
    assert state.pot_total == 3 and state.stacks == (999, 999, 999)  # antes (BET-FORCED)
    assert up_cards(state.setup.game, state.hole[0]) == tuple(parse_cards("5c"))
    assert state.phase is Phase.BETTING


def test_ST_BRINGIN_lowest_up_card_brings_in_ties_by_suit_clubs_lowest() -> None:
    state = stud("F7S", ["AhKd 5h", "2s3s 5c", "QhQd Jc"])
    legal = legal_actions(state)
    assert legal is not None and legal.actor == 1 and legal.bring_in == 2
    assert not legal.can_fold and not legal.can_check  # post it or complete
    assert legal.min_raise_to == legal.max_raise_to == 4  # ST-COMPLETE: to the small bet


def test_ST_BRINGIN_the_bring_in_player_cannot_check_or_fold_first() -> None:
    state = stud("F7S", ["AhKd 5h", "2s3s 2c", "QhQd Jc"])
    with pytest.raises(IllegalActionError) as error:
        fold(state, 1)
    assert error.value.rule_id == "ST-BRINGIN"
    with pytest.raises(IllegalActionError):
        check(state, 1)


def test_ST_BRINGIN_short_stack_brings_in_all_it_has() -> None:
    state = stud("F7S", ["AhKd 5h", "2s3s 2c", "QhQd Jc"], stacks=(1000, 2, 1000))
    # Ante 1 leaves 1 chip: the bring-in is that chip, all-in (G-ALLIN).
    assert legal_actions(state).bring_in == 1  # type: ignore[union-attr]
    state = act(state, "b")
    assert state.bets == (0, 1, 0) and state.stacks[1] == 0


def test_RZ_BRINGIN_highest_up_card_brings_in_aces_low_spades_first_on_a_tie() -> None:
    state = stud("FR", ["2h3d Kh", "4s5s Ac", "6h7d Ks"])
    assert legal_actions(state).actor == 2  # type: ignore[union-attr]  # K of spades
    state = stud("FR", ["2h3d Qh", "4s5s Ac", "6h7d 9s"])
    assert state.actor == 0  # the queen; the ace is the lowest card in razz


def test_ST_COMPLETE_completion_is_not_a_raise_three_raises_remain() -> None:
    # 15/30 with a bring-in of 5: completing to 15 still leaves three raises (cap 4 bets).
    state = stud("F7S", ["AhKd 2c", "9s3s 9d", "QhQd Jc", "8h8d Tc"], bring_in=5, small=15,
                 big=30, rules=_rules(cap_lifted_heads_up=False))
    state = act(state, "b", ("r", 15))
    assert legal_actions(state).raises_left == 3  # type: ignore[union-attr]
    state = act(state, ("r", 30), ("r", 45), ("r", 60))
    legal = legal_actions(state)
    assert legal is not None and legal.raise_rule == "BET-FL-CAP"
    assert legal.actor == 1 and legal.to_call == 45  # completed to 15, faces 60


def test_ST_COMPLETE_the_bring_in_may_be_called_and_the_round_ends_without_its_option() -> None:
    state = stud("F7S", ["AhKd 2c", "9s3s 9d", "QhQd Jc"])
    state = act(state, "b", "c", "c")
    assert state.phase is Phase.DEALING and state.street_index == 1
    assert state.pot_total == 3 + 3 * 2


def test_ST_COMPLETE_bring_in_player_may_raise_after_a_completion() -> None:
    state = stud("F7S", ["AhKd 2c", "9s3s 9d", "QhQd Jc"])
    state = act(state, "b", ("r", 4), "c")
    legal = legal_actions(state)
    assert legal is not None and legal.actor == 0 and legal.to_call == 2
    assert legal.min_raise_to == 8


def test_BET_FL_CAP_ST_CAP_house_default_four_bets_in_stud() -> None:
    state = stud("F7S", ["AhKd 2c", "9s3s 9d", "QhQd Jc"])
    state = act(state, ("r", 4), ("r", 8), ("r", 12), ("r", 16))
    legal = legal_actions(state)
    assert legal is not None and legal.raise_rule == "BET-FL-CAP"


# ----- later streets -------------------------------------------------------------------


def _to_fourth(game: str, holes: list[str], fourth: list[str], **kw: object) -> HandState:
    state = stud(game, holes, **kw)  # type: ignore[arg-type]
    state = act(state, "b", *(["c"] * (len(holes) - 1)))
    return deal(state, fourth)


def test_ST_FIRST_best_hand_showing_acts_first_on_later_streets() -> None:
    state = _to_fourth("F7S", ["AhKd 2c", "9s3s 9d", "QhQd Jc"], ["Ac", "2d", "Kc"])
    # Up cards: 2c-Ac, 9d-2d, Jc-Kc: A-2 is the best showing (ace high).
    assert state.actor == 0


def test_ST_FIRST_ties_go_to_the_player_nearest_the_dealers_left() -> None:
    state = _to_fourth("F7S", ["AhKd 7c", "9s3s 7d", "QhQd 2c"], ["5c", "5d", "3h"])
    # 7-5 showing twice: player 0 received cards first and acts first.
    assert state.actor == 0


def test_RZ_BRINGIN_lowest_hand_showing_acts_first_on_later_streets() -> None:
    state = _to_fourth("FR", ["AhKd Kc", "9s3s 4d", "QhQd 2c"], ["2d", "5h", "Ac"])
    # K-2, 4-5, 2-A: the lowest showing (2-A) acts first.
    assert state.actor == 2


def test_ST_LIMITS_small_bet_on_third_and_fourth_big_bet_from_fifth() -> None:
    state = _to_fourth("F7S", ["AhKd 2c", "9s3s 9d", "QhQd Jc"], ["3c", "4d", "5c"])
    assert legal_actions(state).min_raise_to == 4  # type: ignore[union-attr]
    state = act(state, "k", "k", "k")
    state = deal(state, ["6c", "7d", "8c"])
    legal = legal_actions(state)
    assert legal is not None and legal.min_raise_to == legal.max_raise_to == 8


def test_ST_OPEN_PAIR_any_player_may_bet_small_or_big_on_fourth_street() -> None:
    state = _to_fourth("F7S", ["AhKd 9c", "8s3s 2d", "QhQd Jc"], ["9d", "4d", "5c"])
    legal = legal_actions(state)
    assert legal is not None and legal.actor == 0  # the open pair of nines
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 8)
    with pytest.raises(IllegalActionError) as error:
        bet_or_raise(state, 0, 6)
    assert error.value.rule_id == "ST-OPEN-PAIR"
    state = act(state, ("r", 8))  # a big bet: every raise after it is a big bet
    legal = legal_actions(state)
    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (16, 16)


def test_ST_OPEN_PAIR_off_in_the_phh_profile_small_bet_only() -> None:
    rules = _rules(open_pair_big_bet=False)
    state = _to_fourth("F7S", ["AhKd 9c", "8s3s 2d", "QhQd Jc"], ["9d", "4d", "5c"],
                       rules=rules)
    legal = legal_actions(state)
    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (4, 4)


def test_RZ_NO_PAIR_LIMIT_an_open_pair_in_razz_does_not_change_the_limit() -> None:
    state = _to_fourth("FR", ["AhKd 9c", "8s3s 2d", "QhQd 4c"], ["9d", "3d", "5c"])
    legal = legal_actions(state)
    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (4, 4)


# ----- showdown ------------------------------------------------------------------------


def _to_showdown(game: str, holes: list[str], streets: list[list[str]]) -> HandState:
    state = stud(game, holes)
    state = act(state, "b", *(["c"] * (len(holes) - 1)))
    for cards in streets:
        state = deal(state, cards)
        while state.actor is not None:
            state = act(state, "k")
    assert state.phase is Phase.SHOWDOWN
    return state


def test_ST7_DEAL_best_five_of_seven_wins() -> None:
    state = _to_showdown("F7S", ["AhKd 2c", "9s3s 9d"],
                         [["Ac", "9c"], ["Ad", "Tc"], ["7c", "Jd"], ["4h", "Qd"]])
    state = evolve_all(state, settle(state))
    # Player 0: trip aces; player 1: trip nines. Pot: antes 2 + bring-in 2 + call 2.
    assert state.stacks == (1000 - 3 + 6, 1000 - 3)


def test_ST7_DEAL_hi_lo_splits_high_and_qualifying_low() -> None:
    state = _to_showdown("F7S/8", ["AhKd Ks", "2s3s 4d"],
                         [["Ac", "5c"], ["Ad", "7c"], ["Kc", "8d"], ["Qh", "Qd"]])
    state = evolve_all(state, settle(state))
    # Player 0: aces full of kings; player 1: 8-7-5-3-2 low (and no high). 6 chips split.
    assert state.stacks == (1000, 1000)


def test_RZ_LOW_razz_lowest_hand_wins_pairs_count_against() -> None:
    state = _to_showdown("FR", ["AhKd Kc", "2s3s 4d"],
                         [["Ac", "5c"], ["2c", "7c"], ["Qh", "8d"], ["Qd", "Jd"]])
    state = evolve_all(state, settle(state))
    assert state.stacks == (997, 1003)


def test_ST5_DEAL_five_card_stud_one_down_one_up_four_rounds() -> None:
    state = stud("F5S", ["Ah 2c", "9s 9d"])
    assert state.actor == 0  # 2c is the lowest up card: bring-in
    state = act(state, "b", "c")
    for cards in (["Ac", "9c"], ["Ad", "Tc"], ["7c", "Jd"]):
        state = deal(state, cards)
        while state.actor is not None:
            state = act(state, "k")
    assert state.phase is Phase.SHOWDOWN and len(state.hole[0]) == 5
    state = evolve_all(state, settle(state))
    assert state.stacks == (1003, 997)  # trip aces beat trip nines


def test_ST_BRINGIN_evolve_refuses_a_bring_in_when_none_is_due() -> None:
    state = stud("F7S", ["AhKd 2c", "9s3s 9d", "QhQd Jc"])
    state = act(state, "b")
    with pytest.raises(IllegalActionError):
        apply(state, BringInPosted(1, 2))


def test_ST7_COMMUNITY_eight_players_on_seventh_street_share_one_community_card() -> None:
    deck = iter(parse_cards("2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s"
                            "9c9d9h9sTcTdThTsJcJdJhJsQcQdQhQsKcKdKhKsAcAdAhAs"))

    def cards(count: int) -> str:
        return "".join(str(next(deck)) for _ in range(count))

    state = stud("F7S", [cards(3) for _ in range(8)])
    state = act(state, "b", *(["c"] * 7))
    for _ in range(3):  # 4th, 5th, 6th: one burn each, then one up card each
        next(deck)
        state = deal(state, [cards(1) for _ in range(8)])
        while state.actor is not None:
            state = act(state, "k")
    # 48 cards dealt and 3 burnt: one card left after the 7th street burn, eight players.
    assert state.phase is Phase.DEALING and state.due_hole == () and state.due_board == 1
    state = apply(state, BoardDealt(tuple(parse_cards("As"))))
    while state.actor is not None:
        state = act(state, "k")
    assert state.phase is Phase.SHOWDOWN and state.board == tuple(parse_cards("As"))


def test_RZ_ANNOUNCE_the_dealer_announces_a_pair_the_first_time_it_shows() -> None:
    from dealerassist.engine.stud import pairs_to_announce

    state = _to_fourth("FR", ["AhKd 9c", "8s3s 2d", "QhQd 4c"], ["9d", "3d", "5c"])
    game = state.setup.game
    live = [True] * 3
    # Player 0 pairs nines on board; player 2's pair of queens is down: never announced.
    assert pairs_to_announce(game, state.hole, live) == ((0, 9),)
    state = act(state, "k", "k", "k")
    state = deal(state, ["7d", "7h", "6c"])
    assert pairs_to_announce(game, state.hole, live) == ()
