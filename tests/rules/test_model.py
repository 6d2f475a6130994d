"""The typed model: catalogue defaults, integer-exact rake, caps, presets, self-checks."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealerassist.errors import DealerAssistError
from dealerassist.rules.model import (
    BlindLevel,
    BlindSchedule,
    ButtonRule,
    DrawOpeners,
    FamilyCaps,
    FixedLimitRules,
    GameFamily,
    GamePreset,
    HiLoOddChip,
    HouseRules,
    LowballOpening,
    NewPlayerRule,
    OddChipRule,
    OutOfTurnRuling,
    RakeBase,
    RakeRules,
    ShowOrder,
    StakeCap,
    UnderRaiseRuling,
    UnknownPresetError,
)


def test_defaults_are_the_catalogue_defaults() -> None:
    rules = HouseRules()
    assert rules.schema_version == 1
    # G-ODD-CHIP: first winner clockwise from the button, unit 1; O8-SPLIT-ODD: to the high.
    assert rules.odd_chip.unit == 1
    assert rules.odd_chip.board is OddChipRule.FIRST_LEFT_OF_BUTTON
    assert rules.odd_chip.stud is OddChipRule.FIRST_LEFT_OF_BUTTON
    assert rules.odd_chip.hilo is HiLoOddChip.HIGH
    # BET-FL-CAP: a bet and three raises (board), three raises in stud, a bet and four in draw.
    assert dict(rules.fixed_limit.cap_bets) == {GameFamily.BOARD: 4, GameFamily.STUD: 4,
                                                GameFamily.DRAW: 5}
    assert rules.fixed_limit.cap_lifted_heads_up is True
    assert rules.fixed_limit.half_bet_allin_reopens is True
    # BET-STRADDLE: off by default.
    assert rules.straddle.allowed is False
    assert rules.straddle.acts_as_big_blind is True
    assert rules.showdown.order_when_no_bet is ShowOrder.FIRST_LEFT_OF_BUTTON
    assert rules.rake.no_flop_no_drop is True
    assert rules.rake.base is RakeBase.HAND
    assert rules.deck.joker_games == frozenset()
    assert rules.lowball.opening is LowballOpening.CALL_BIG_BLIND
    assert rules.draw.openers is DrawOpeners.ANY
    assert rules.draw.jacks_ante_limit == 3  # JB-NO-OPEN: "usually three consecutive deals"
    assert rules.irregularities.out_of_turn is OutOfTurnRuling.BINDING_UNLESS_ACTION_CHANGES
    assert rules.irregularities.underraise is UnderRaiseRuling.HALF_RULE
    assert rules.irregularities.tournament_exposed_low_misdeal is True
    assert rules.table.new_player is NewPlayerRule.POST_OR_WAIT
    assert rules.table.button is ButtonRule.MOVING


def test_house_rules_are_frozen_and_hashable() -> None:
    rules = HouseRules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.schema_version = 2  # type: ignore[misc]
    assert hash(rules) == hash(HouseRules())
    assert FamilyCaps({GameFamily.BOARD: 4}) == {GameFamily.BOARD: 4}


# -- RAKE-* ---------------------------------------------------------------------------------


def test_RAKE_RATE_five_percent_of_199_is_9_rounded_down() -> None:
    assert RakeRules().rake_for(pot_total=199, big_blind=2, saw_flop=True) == 9


def test_RAKE_RATE_decimal_percent_is_exact_not_float() -> None:
    # 4.1 % of 1000 is exactly 41; a float 0.041 * 1000 gives 40.99999... -> 40.
    rake = RakeRules(percent=Decimal("4.1"))
    assert rake.rake_for(pot_total=1000, big_blind=2, saw_flop=True) == 41


def test_RAKE_RATE_rounding_step_rounds_down_to_a_multiple() -> None:
    rake = RakeRules(percent=Decimal("10"), rounding_step=5)
    assert rake.rake_for(pot_total=149, big_blind=2, saw_flop=True) == 10  # 14.9 -> 14 -> 10
    assert rake.rake_for(pot_total=150, big_blind=2, saw_flop=True) == 15


def test_RAKE_RATE_cap_per_hand() -> None:
    rake = RakeRules(percent=Decimal("10"), cap=5)
    assert rake.rake_for(pot_total=1000, big_blind=2, saw_flop=True) == 5
    assert rake.rake_for(pot_total=40, big_blind=2, saw_flop=True) == 4


def test_RAKE_RATE_caps_by_stakes_choose_the_band_of_the_big_blind() -> None:
    rake = RakeRules(percent=Decimal("10"), cap=10,
                     caps_by_stakes=(StakeCap(max_big_blind=10, cap=6),
                                     StakeCap(max_big_blind=2, cap=3)))
    assert rake.rake_for(pot_total=1000, big_blind=2, saw_flop=True) == 3
    assert rake.rake_for(pot_total=1000, big_blind=5, saw_flop=True) == 6
    assert rake.rake_for(pot_total=1000, big_blind=20, saw_flop=True) == 10  # no band: cap


def test_RAKE_NFND_no_flop_no_drop_and_the_option_off() -> None:
    assert RakeRules().rake_for(pot_total=100, big_blind=2, saw_flop=False) == 0
    assert RakeRules(no_flop_no_drop=False).rake_for(pot_total=100, big_blind=2,
                                                     saw_flop=False) == 5


def test_RAKE_SHARE_disabled_rake_takes_nothing() -> None:
    assert RakeRules(enabled=False).rake_for(pot_total=1000, big_blind=2, saw_flop=True) == 0


@given(pot=st.integers(min_value=0, max_value=10**9),
       percent=st.decimals(min_value=0, max_value=100, places=2),
       step=st.integers(min_value=1, max_value=100),
       cap=st.none() | st.integers(min_value=0, max_value=10**6))
def test_RAKE_RATE_rake_is_an_int_within_the_pot_and_cap(pot: int, percent: Decimal, step: int,
                                                         cap: int | None) -> None:
    rake = RakeRules(percent=percent, rounding_step=step, cap=cap)
    taken = rake.rake_for(pot_total=pot, big_blind=2, saw_flop=True)
    assert type(taken) is int
    assert 0 <= taken <= pot
    assert taken % step == 0 or taken == cap
    assert cap is None or taken <= cap
    assert taken * 100 <= pot * percent  # never more than the percentage


# -- BET-FL-CAP -----------------------------------------------------------------------------


def test_BET_FL_CAP_cap_for_family_and_lifted_heads_up() -> None:
    limits = FixedLimitRules()
    assert limits.cap_for(GameFamily.BOARD, players_in_hand=3) == 4
    assert limits.cap_for(GameFamily.DRAW, players_in_hand=3) == 5
    assert limits.cap_for(GameFamily.BOARD, players_in_hand=2) is None
    kept = FixedLimitRules(cap_lifted_heads_up=False)
    assert kept.cap_for(GameFamily.BOARD, players_in_hand=2) == 4


def test_BET_FL_CAP_a_cap_of_zero_is_refused() -> None:
    with pytest.raises(ValueError, match="cap_bets.board"):
        FixedLimitRules(cap_bets=FamilyCaps({GameFamily.BOARD: 0, GameFamily.STUD: 4,
                                             GameFamily.DRAW: 5}))


# -- presets and self-checks ------------------------------------------------------------------


def test_preset_lookup_and_unknown_name_suggests_the_closest() -> None:
    rules = HouseRules(presets=(GamePreset(name="NLHE 1/2", game="NT", small_blind=1,
                                           big_blind=2),))
    assert rules.preset("NLHE 1/2").big_blind == 2
    with pytest.raises(UnknownPresetError) as caught:
        rules.preset("NLHE 1/3")
    assert "did you mean 'NLHE 1/2'" in str(caught.value)
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, DealerAssistError)


@pytest.mark.parametrize(
    ("build", "fragment"),
    [
        (lambda: GamePreset(name="x", small_blind=5, big_blind=2), "below the small_blind"),
        (lambda: RakeRules(percent=Decimal("100.5")), "at most 100"),
        (lambda: RakeRules(rounding_step=0), "at least 1"),
        (lambda: BlindLevel(small_blind=1, big_blind=2), "minutes or hands"),
        (lambda: BlindSchedule(name="s", levels=()), "no blind level"),
        (lambda: HouseRules(presets=(GamePreset(name="a", big_blind=2, small_blind=1,
                                                schedule="nope", starting_stack=10),)),
         "unknown schedule"),
    ],
)
def test_model_refuses_impossible_values_built_in_code(build, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        build()
