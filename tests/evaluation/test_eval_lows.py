"""Lows: A-5 (RZ-LOW, LB-A5), 8-or-better (O8-QUALIFY, O8-COMPARE), 2-7 (LB-27), badugi."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import Card, parse_cards
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import (
    BadugiCategory,
    EvaluationKind,
    HandCategory,
    describe,
    evaluate_badugi,
    evaluate_low8,
    evaluate_low_27,
    evaluate_low_a5,
    low8_strength,
    low_27_strength,
    low_a5_strength,
)


def ranks(value) -> list[str]:  # noqa: ANN001
    return [str(card)[0] for card in value.cards]


# --- ace-to-five: razz and California lowball


def test_RZ_LOW_wheel_is_the_best_hand_even_suited_and_straight() -> None:
    wheel = evaluate_low_a5("5h 4h 3h 2h Ah")
    assert wheel.category is HandCategory.HIGH_CARD
    assert wheel > evaluate_low_a5("6c 4d 3h 2s Ac")
    assert wheel.kind is EvaluationKind.LOW_A5
    assert describe(wheel) == "5-4-3-2-A low"


def test_LB_A5_compares_from_the_highest_card_down_six_four_beats_six_five() -> None:
    assert evaluate_low_a5("6c 4d 3h 2s Ac") > evaluate_low_a5("6d 5h 3c 2d Ad")
    assert evaluate_low_a5("8c 7d 6h 5s 4c") > evaluate_low_a5("9c 4d 3h 2s Ac")


def test_RZ_LOW_pairs_count_against_king_high_beats_a_pair_of_aces() -> None:
    assert evaluate_low_a5("Kc Qd Jh 9s 8c") > evaluate_low_a5("Ac Ad 2h 3s 4c")
    assert evaluate_low_a5("Ac Ad 2h 3s 4c").category is HandCategory.PAIR
    assert evaluate_low_a5("2c 2d 3h 3s 4c") < evaluate_low_a5("Kc Kd 2h 3s 4c")


def test_RZ_LOW_seven_cards_pick_the_five_lowest_distinct_ranks() -> None:
    value = evaluate_low_a5("Kc 7d 7h 2s Ac 4d 5s")
    assert ranks(value) == ["7", "5", "4", "2", "A"]
    assert value.strength == evaluate_low_a5("7d 5s 4d 2s Ac").strength


def test_LB_A5_joker_is_the_lowest_missing_rank() -> None:
    assert evaluate_low_a5("Jk 2c 3d 4h 5s").strength == evaluate_low_a5("Ac 2c 3d 4h 5s").strength
    assert evaluate_low_a5("Jk Ac 3d 4h 7s").strength == evaluate_low_a5("2c Ac 3d 4h 7s").strength
    assert evaluate_low_a5("Jk Ac 2d 3h 4s").strength == evaluate_low_a5("5c Ac 2d 3h 4s").strength


def test_LB_A5_fast_path_plays_the_joker_and_2_7_refuses_it() -> None:
    codes = [card.code for card in parse_cards("Jk 3c 4c 5c Tc")]
    assert low_a5_strength(codes) == evaluate_low_a5("Jk 3c 4c 5c Tc").strength
    assert low_a5_strength(codes) == evaluate_low_a5("Ac 3c 4c 5c Tc").strength
    with pytest.raises(InvalidCardError, match="joker does not play in deuce-to-seven"):
        low_27_strength(codes)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_low_a5_fast_path_equals_value_and_best_subset(codes: list[int]) -> None:
    value = evaluate_low_a5([Card.from_code(code) for code in codes])
    assert value.strength == low_a5_strength(codes)
    assert value.strength == max(low_a5_strength(five) for five in combinations(codes, 5))


# --- eight or better


def test_O8_QUALIFY_needs_five_distinct_ranks_of_eight_or_lower() -> None:
    assert evaluate_low8("9c 7d 5h 3s Ac") is None
    assert evaluate_low8("8c 8d 5h 3s 3c Ac") is None
    worst = evaluate_low8("8c 7d 6h 5s 4c")
    assert worst is not None and describe(worst) == "8-7-6-5-4 low"


def test_O8_QUALIFY_straights_and_flushes_do_not_count_against_a_low() -> None:
    value = evaluate_low8("5h 4h 3h 2h Ah")
    assert value is not None
    assert value.strength == evaluate_low8("5h 4d 3c 2s Ah").strength


def test_O8_COMPARE_from_the_highest_card_down() -> None:
    seven_six = evaluate_low8("7c 6d 5h 4s 3c")
    eight_five = evaluate_low8("8c 5d 4h 3s 2c")
    assert seven_six is not None and eight_five is not None and seven_six > eight_five
    assert evaluate_low8("8c 6d 4h 3s 2c") > evaluate_low8("8d 6h 5c 2s Ad")


def test_O8_seven_cards_pick_the_lowest_qualifying_five() -> None:
    value = evaluate_low8("Kc 9d 2h 2s 7c Ad 4c")
    assert value is None
    value = evaluate_low8("Kc 8d 2h 3s 7c Ad 4c")
    assert value is not None and ranks(value) == ["7", "4", "3", "2", "A"]
    assert low8_strength([card.code for card in value.cards]) == value.strength


# --- deuce to seven


def test_LB_27_seven_five_offsuit_is_best_and_the_same_ranks_suited_is_a_flush() -> None:
    best = evaluate_low_27("7c 5d 4h 3s 2c")
    suited = evaluate_low_27("7h 5h 4h 3h 2h")
    assert suited.category is HandCategory.FLUSH
    assert best > evaluate_low_27("7c 6d 4h 3s 2c")
    assert suited < evaluate_low_27("Kc Qd Jh 9s 8c")
    assert best.kind is EvaluationKind.LOW_27


def test_LB_27_aces_are_high_and_a2345_is_no_straight() -> None:
    wheel_ranks = evaluate_low_27("Ac 2d 3h 4s 5c")
    assert wheel_ranks.category is HandCategory.HIGH_CARD
    assert wheel_ranks < evaluate_low_27("Kc 2d 3h 4s 5c")
    six_high_straight = evaluate_low_27("6c 2d 3h 4s 5c")
    assert six_high_straight.category is HandCategory.STRAIGHT
    assert six_high_straight < wheel_ranks


def test_LB_27_pairs_count_against_the_hand() -> None:
    assert evaluate_low_27("2c 2d 3h 4s 6c") < evaluate_low_27("Ac Kd Qh Js 9c")


def test_LB_27_seven_cards_avoid_the_flush_when_a_better_five_exists() -> None:
    # 7-5-4-3-2 would need all five hearts (a flush); 6-5-4-3-2 is a straight.
    value = evaluate_low_27("7h 5h 4h 3h 2h 6c 8d")
    assert value.category is HandCategory.HIGH_CARD
    assert ranks(value) == ["7", "6", "4", "3", "2"]
    assert value.strength == low_27_strength([card.code for card in value.cards])


# --- badugi


def test_badugi_four_card_badugi_beats_any_three_card_hand() -> None:
    badugi = evaluate_badugi("Kc Qd Jh Ts")
    three = evaluate_badugi("Ac 2d 3h 4h")
    assert badugi.category is BadugiCategory.BADUGI
    assert three.category is BadugiCategory.THREE_CARDS
    assert badugi > three
    assert [str(card) for card in three.cards] == ["3h", "2d", "Ac"]


def test_badugi_lower_wins_among_badugis_and_aces_are_low() -> None:
    assert evaluate_badugi("4c 3d 2h As") > evaluate_badugi("5c 3d 2h As")
    assert evaluate_badugi("Ac Ad Ah As").category is BadugiCategory.ONE_CARD
    assert describe(evaluate_badugi("4c 3d 2h As")) == "Badugi 4-3-2-A"
