"""Betting rules of the catalogue, one behaviour per test, named by rule ID."""

from __future__ import annotations

import dataclasses

import pytest

from dealerassist.engine import (
    HandSetup,
    Phase,
    RaisedTo,
    apply,
    bet_or_raise,
    check,
    legal_actions,
    pots,
    verify_bet_or_raise,
)
from dealerassist.errors import IllegalActionError
from dealerassist.games import GAMES
from dealerassist.rules import phh_profile
from dealerassist.rules.model import FixedLimitRules, StraddleRules
from tests.engine.helpers import board, dealt, no_rake, play


def nl(stacks, sb=10, bb=20, **kw):  # type: ignore[no-untyped-def]
    return dealt(HandSetup.create(game="NT", stacks=stacks, small_blind=sb, big_blind=bb,
                                  rules=kw.pop("rules", no_rake()), **kw))


def test_BET_NL_MIN_first_raise_to_40_then_after_raise_to_100_at_least_180() -> None:
    state = nl((1000, 1000, 1000, 1000))
    legal = legal_actions(state)
    assert (legal.actor, legal.to_call, legal.min_raise_to, legal.max_raise_to) == (2, 20, 40, 1000)
    state = play(state, ("r", 100))
    assert legal_actions(state).min_raise_to == 180


def test_BET_NL_MIN_raise_below_minimum_is_refused_and_state_untouched() -> None:
    state = play(nl((1000, 1000, 1000, 1000)), ("r", 100))
    with pytest.raises(IllegalActionError) as error:
        verify_bet_or_raise(state, 3, 150)
    assert error.value.rule_id == "BET-NL-MIN"
    before = state
    with pytest.raises(IllegalActionError):
        apply(state, RaisedTo(3, 150))
    assert state == before and legal_actions(state).actor == 3 and state.bets[3] == 0


def test_BET_NL_MAX_is_the_whole_stack_and_an_allin_for_less_is_allowed() -> None:
    state = nl((1000, 1000, 55))
    legal = legal_actions(state)
    assert legal.actor == 2 and legal.max_raise_to == 55 and legal.min_raise_to == 40
    state = play(nl((1000, 1000, 30)))
    legal = legal_actions(state)
    assert (legal.min_raise_to, legal.max_raise_to) == (30, 30)  # G-ALLIN: all-in for less


def _antes_only(game: str, count: int, ante: int, min_bet: int):  # type: ignore[no-untyped-def]
    setup = HandSetup(game=GAMES[game],
                      starting_stacks=(10_000,) * count, antes=(ante,) * count,
                      blinds=(0,) * count, min_bet=min_bet, rules=no_rake())
    return dealt(setup)


def test_BET_PL_MAX_pot_200_bet_150_call_150_next_may_make_it_800() -> None:
    state = _antes_only("PT", 4, 50, 10)  # pot 200 in antes
    state = play(state, "k", "k", "k", "k")
    state = board(state, "2c7d9h")
    state = play(state, ("r", 150), "c")
    legal = legal_actions(state)
    assert legal.actor == 2 and legal.to_call == 150 and legal.max_raise_to == 800


def test_BET_PL_MAX_pot_50_bet_10_call_10_next_may_raise_to_90() -> None:
    state = _antes_only("PT", 5, 10, 10)
    state = play(state, "k", "k", "k", "k", "k")
    state = board(state, "2c7d9h")
    state = play(state, ("r", 10), "c")
    assert legal_actions(state).max_raise_to == 90


def test_BET_PL_MIN_is_as_in_no_limit() -> None:
    state = dealt(HandSetup.create(game="PO", stacks=(1000,) * 4, small_blind=10, big_blind=20,
                                   rules=no_rake()))
    state = play(state, ("r", 70))
    assert legal_actions(state).min_raise_to == 120


def fl(stacks, rules=None):  # type: ignore[no-untyped-def]
    return dealt(HandSetup.create(game="FT", stacks=stacks, small_blind=10, big_blind=20,
                                  rules=rules or no_rake()))


def test_BET_FL_SIZES_small_bet_then_big_bet_and_raise_exactly_one_bet() -> None:
    state = fl((1000, 1000, 1000))
    legal = legal_actions(state)
    assert (legal.min_raise_to, legal.max_raise_to) == (40, 40)
    state = play(state, "c", "c", "k")
    state = board(state, "2c7d9h")
    assert (legal_actions(state).min_raise_to, legal_actions(state).max_raise_to) == (20, 20)
    state = play(state, "k", "k", "k")
    state = board(state, "Ks")
    assert legal_actions(state).min_raise_to == 40


def test_BET_FL_CAP_bet_and_three_raises_then_only_call_or_fold() -> None:
    state = fl((1000, 1000, 1000, 1000))
    # Pre-flop the big blind is the bet: raises to 40, 60, 80 cap it (4 bets).
    state = play(state, ("r", 40), ("r", 60))
    assert legal_actions(state).raises_left == 1
    state = play(state, ("r", 80))
    legal = legal_actions(state)
    assert legal.min_raise_to is None and legal.raise_rule == "BET-FL-CAP"
    with pytest.raises(IllegalActionError) as error:
        verify_bet_or_raise(state, legal.actor, 100)
    assert error.value.rule_id == "BET-FL-CAP"


def test_BET_FL_CAP_is_lifted_heads_up_by_default() -> None:
    state = fl((1000, 1000))
    state = play(state, ("r", 40), ("r", 60), ("r", 80), ("r", 100))
    legal = legal_actions(state)
    assert legal.raises_left is None and legal.min_raise_to == 120


def test_BET_FL_CAP_phh_profile_allows_2_4_6_8_10_and_never_lifts_heads_up() -> None:
    state = fl((1000, 1000), rules=phh_profile())
    state = play(state, ("r", 40), ("r", 60), ("r", 80), ("r", 100))
    assert legal_actions(state).raise_rule == "BET-FL-CAP"


def test_BET_SHORT_ALLIN_limper_may_only_call_or_fold_after_short_allin_raise() -> None:
    state = nl((1000, 1000, 1000, 30))
    state = play(state, "c", ("r", 30))  # p2 limps 20, p3 all-in to 30 (less than a raise)
    assert legal_actions(state).min_raise_to == 50  # the blinds have not acted: full raise
    state = play(state, "c", "c")
    legal = legal_actions(state)
    assert legal.actor == 2 and legal.to_call == 10
    assert legal.min_raise_to is None and legal.raise_rule == "BET-SHORT-ALLIN"
    assert not legal.reopened


def test_BET_SHORT_ALLIN_short_allins_adding_up_to_a_full_raise_reopen() -> None:
    state = nl((1000, 1000, 1000, 150, 230))
    state = play(state, "c", "c", "c", "c", "k")  # everyone in for 20
    state = board(state, "2c7d9h")
    state = play(state, ("r", 100), "c", "c", ("r", 130))  # p3 all-in: 30 more, short
    legal = legal_actions(state)
    assert legal.actor == 4 and legal.min_raise_to == 210 and legal.max_raise_to == 210
    state = play(state, ("r", 210))  # p4 all-in: 80 more; 110 over the bet of 100 in all
    legal = legal_actions(state)
    assert legal.actor == 0 and legal.reopened and legal.min_raise_to == 310


def test_BET_NO_SELF_RAISE_bettor_faced_with_short_allin_may_only_call() -> None:
    # Only someone else's full raise reopens the betting to the bettor (BET-SHORT-ALLIN).
    state = nl((1000, 1000, 130))
    state = play(state, "c", "c", "k")
    state = board(state, "2c7d9h")
    state = play(state, ("r", 100), "c", ("r", 110))  # p2 all-in for 10 more
    legal = legal_actions(state)
    assert legal.actor == 0 and legal.raise_rule == "BET-SHORT-ALLIN"
    assert legal.to_call == 10 and legal.min_raise_to is None


def test_BET_HEADSUP_button_posts_small_blind_acts_first_preflop_and_last_after() -> None:
    state = nl((1000, 1000))
    assert state.blinds_paid == (20, 10)  # index 1 is the button
    assert legal_actions(state).actor == 1 and legal_actions(state).to_call == 10
    state = play(state, "c", "k")
    state = board(state, "2c7d9h")
    assert legal_actions(state).actor == 0


def test_BET_BB_OPTION_big_blind_may_raise_when_everyone_limps() -> None:
    state = play(nl((1000, 1000, 1000)), "c", "c")
    legal = legal_actions(state)
    assert legal.actor == 1 and legal.can_check and legal.min_raise_to == 40


def test_HE_FIRST_left_of_big_blind_preflop_then_first_left_of_button() -> None:
    state = nl((1000,) * 5)
    assert legal_actions(state).actor == 2
    state = play(state, "f", "c", "c", "c", "k")
    state = board(state, "2c7d9h")
    assert legal_actions(state).actor == 0


def test_BET_STRADDLE_as_big_blind_raise_to_8_else_to_6() -> None:
    straddled = dataclasses.replace(
        no_rake(), straddle=StraddleRules(allowed=True, acts_as_big_blind=True))
    state = nl((1000,) * 5, sb=1, bb=2, straddles=(4,), rules=straddled)
    legal = legal_actions(state)
    assert legal.actor == 3 and legal.min_raise_to == 8
    state = nl((1000,) * 5, sb=1, bb=2, straddles=(4,), rules=phh_profile())
    assert legal_actions(state).min_raise_to == 6


def test_BET_FORCED_antes_and_blinds_short_stack_posts_what_it_has() -> None:
    state = nl((1000, 15, 1000), ante=5)
    assert state.antes_paid == (5, 5, 5)
    assert state.blinds_paid == (10, 10, 0)  # the big blind had only 10 left: all-in
    assert state.stacks == (985, 0, 995)
    assert state.total_chips == 2015


def test_G_ACT_check_facing_a_bet_is_refused_with_rule() -> None:
    state = nl((1000, 1000, 1000))
    with pytest.raises(IllegalActionError) as error:
        check(state, 2)
    assert error.value.rule_id == "G-ACT"


def test_IRR_OUT_OF_TURN_action_by_the_wrong_player_is_refused() -> None:
    state = nl((1000, 1000, 1000))
    with pytest.raises(IllegalActionError) as error:
        bet_or_raise(state, 0, 100)
    assert error.value.rule_id == "IRR-OUT-OF-TURN"


def test_fixed_limit_half_bet_allin_reopens_by_house_rule() -> None:
    rules = dataclasses.replace(no_rake(), fixed_limit=FixedLimitRules(half_bet_allin_reopens=True))
    state = fl((1000, 1000, 1000, 50), rules=rules)
    state = play(state, "c", "c", "c", "k")
    state = board(state, "2c7d9h")
    state = play(state, ("r", 20), "c", "c", ("r", 30))  # p3 all-in: half a bet more
    legal = legal_actions(state)
    assert legal.actor == 0 and legal.min_raise_to == 50
    no_half = dataclasses.replace(no_rake(),
                                  fixed_limit=FixedLimitRules(half_bet_allin_reopens=False))
    state = fl((1000, 1000, 1000, 50), rules=no_half)
    state = play(state, "c", "c", "c", "k")
    state = board(state, "2c7d9h")
    state = play(state, ("r", 20), "c", "c", ("r", 30))
    assert legal_actions(state).raise_rule == "BET-SHORT-ALLIN"


def test_POT_EXAMPLE_chloe_500_alice_bruno_1200_main_1500_side_1400() -> None:
    setup = HandSetup(game=GAMES["NT"],
                      starting_stacks=(500, 5000, 5000), antes=(0, 0, 0), blinds=(0, 0, 0),
                      min_bet=100, rules=no_rake())
    state = dealt(setup)  # Chloé 0, Alice 1, Bruno 2
    state = play(state, ("r", 500), ("r", 1200), "c")
    assert state.phase is Phase.DEALING
    assert [(p.amount, p.eligible) for p in pots(state)] == [(1500, (0, 1, 2)), (1400, (1, 2))]


def test_BET_NEW_PLAYER_posted_big_blind_is_live_and_action_still_starts_left_of_bb() -> None:
    setup = HandSetup.create(game="NT", stacks=(1000,) * 5, small_blind=10, big_blind=20,
                             new_player_posts=(3,), rules=no_rake())
    state = dealt(setup)
    assert state.blinds_paid == (10, 20, 0, 20, 0)
    legal = legal_actions(state)
    assert legal.actor == 2 and legal.to_call == 20
    state = play(state, "c")
    legal = legal_actions(state)
    assert legal.actor == 3 and legal.can_check and legal.min_raise_to == 40


def test_BET_STRADDLE_refused_when_the_house_does_not_allow_it() -> None:
    with pytest.raises(ValueError, match="BET-STRADDLE"):
        HandSetup.create(game="NT", stacks=(1000,) * 4, small_blind=1, big_blind=2,
                         straddles=(4,), rules=no_rake())


def test_HE_DEAL_live_deal_of_unknown_hole_cards_then_betting_opens() -> None:
    from dealerassist.engine import deal_unknown_holes, evolve_all, new_hand

    state = new_hand(HandSetup.create(game="PO", stacks=(500,) * 3, small_blind=5,
                                      big_blind=10, rules=no_rake()))
    events = deal_unknown_holes(state)
    assert [e.player for e in events] == [0, 1, 2] and all(len(e.cards) == 4 for e in events)
    state = evolve_all(state, events)
    assert state.phase is Phase.BETTING and legal_actions(state).actor == 2
    assert deal_unknown_holes(state) == ()
