"""High hands: G-RANK, G-TIE, G-ACE, the joker (G-DECK bug) and 6+ hold'em."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import Card, parse_cards
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import (
    EvaluationKind,
    HandCategory,
    describe,
    evaluate_high,
    evaluate_short_deck_high,
    high_strength,
    short_deck_strength,
)

LADDER = [
    ("AsKsQsJsTs", HandCategory.STRAIGHT_FLUSH),
    ("9h8h7h6h5h", HandCategory.STRAIGHT_FLUSH),
    ("5d4d3d2dAd", HandCategory.STRAIGHT_FLUSH),
    ("AcAdAhAsKc", HandCategory.FOUR_OF_A_KIND),
    ("2c2d2h2s3c", HandCategory.FOUR_OF_A_KIND),
    ("AcAdAhKsKc", HandCategory.FULL_HOUSE),
    ("2c2d2hAsAc", HandCategory.FULL_HOUSE),
    ("AhQh9h5h3h", HandCategory.FLUSH),
    ("7c5c4c3c2c", HandCategory.FLUSH),
    ("AsKdQcJhTs", HandCategory.STRAIGHT),
    ("5s4d3c2hAd", HandCategory.STRAIGHT),
    ("AcAdAhKsQc", HandCategory.THREE_OF_A_KIND),
    ("2c2d2h4s3c", HandCategory.THREE_OF_A_KIND),
    ("AcAdKhKsQc", HandCategory.TWO_PAIR),
    ("3c3d2h2s4c", HandCategory.TWO_PAIR),
    ("AcAdKhQsJc", HandCategory.PAIR),
    ("2c2d5h4s3c", HandCategory.PAIR),
    ("AcKdQhJs9c", HandCategory.HIGH_CARD),
    ("7c5d4h3s2c", HandCategory.HIGH_CARD),
]


def strength(text: str) -> int:
    return evaluate_high(text).strength


def test_G_RANK_ladder_from_royal_flush_down_to_seven_high_is_strictly_decreasing() -> None:
    values = [evaluate_high(text) for text, _ in LADDER]
    assert [value.category for value in values] == [category for _, category in LADDER]
    assert all(better > worse for better, worse in zip(values, values[1:], strict=False))


def test_G_RANK_suits_never_rank_identical_ranks_split() -> None:
    assert strength("AhKdQc9s7h") == strength("AsKcQd9h7c")
    assert evaluate_high("AhAdKcKs2h") == evaluate_high("AcAsKhKd2c")


def test_G_TIE_full_house_compares_the_trips_first_kings_full_beat_queens_full_of_aces() -> None:
    assert strength("KcKdKh7c7d") > strength("QcQdQhAcAd")
    assert strength("KcKdKh8c8d") > strength("KsKdKh7h7s")


def test_G_TIE_two_pair_by_top_pair_then_second_pair_then_kicker() -> None:
    assert strength("AcAdKcKd2h") > strength("AhAsQcQdKh")
    assert strength("AcAdQcQd3h") > strength("AhAsJcJdKh")
    assert strength("AcAdQcQd3h") > strength("AhAsQhQs2h")


def test_G_TIE_kickers_break_ties_while_ties_persist() -> None:
    assert strength("9c9dAh7s4c") > strength("9h9sKh7c4d")
    assert strength("9c9dAh7s4c") > strength("9h9sAd7c3d")
    assert strength("AcQd9h6s4c") > strength("AdQh9s6c3d")
    assert strength("AcQd9h6s4c") == strength("AdQh9s6c4d")


def test_G_ACE_wheel_is_the_lowest_straight_and_plays_the_ace_low() -> None:
    wheel = evaluate_high("Ah2c3d4s5h")
    assert wheel.category is HandCategory.STRAIGHT
    assert strength("2c3d4s5h6h") > wheel.strength
    assert wheel.strength > strength("AhAdAcKs2h")
    assert [str(card) for card in wheel.cards] == ["5h", "4s", "3d", "2c", "Ah"]


def test_G_ACE_no_wraparound_queen_king_ace_two_three_is_ace_high() -> None:
    assert evaluate_high("QhKdAc2s3h").category is HandCategory.HIGH_CARD


def test_G_RANK_seven_cards_pick_the_best_five_and_show_them_grouped() -> None:
    value = evaluate_high("Kh 7c Ks 2d 7d Kd 3h")
    assert value.category is HandCategory.FULL_HOUSE
    assert [str(card) for card in value.cards] == ["Ks", "Kh", "Kd", "7d", "7c"]
    assert describe(value) == "Kings full of sevens"
    assert describe(value, "fr") == "Full, les Rois par les 7"


def test_G_RANK_seven_cards_flush_with_six_suited_uses_the_top_five() -> None:
    value = evaluate_high("Ah 2h 9h Jh 4h 6h Ad")
    assert value.category is HandCategory.FLUSH
    assert {str(card) for card in value.cards} == {"Ah", "Jh", "9h", "6h", "4h"}


def test_G_RANK_seven_cards_straight_flush_beats_a_higher_plain_straight() -> None:
    value = evaluate_high("5c6c7c8c9c Td Jh")
    assert value.category is HandCategory.STRAIGHT_FLUSH
    assert value.cards[0].rank == 9


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_fast_path_equals_value_and_the_best_five_card_subset(codes: list[int]) -> None:
    value = evaluate_high([Card.from_code(code) for code in codes])
    assert value.strength == high_strength(codes)
    assert value.strength == max(high_strength(five) for five in combinations(codes, 5))
    assert high_strength([card.code for card in value.cards]) == value.strength
    assert value.kind is EvaluationKind.HIGH


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), st.randoms())
def test_order_of_cards_never_changes_the_strength(codes: list[int], rng) -> None:  # noqa: ANN001
    shuffled = list(codes)
    rng.shuffle(shuffled)
    assert high_strength(shuffled) == high_strength(codes)


def test_every_permutation_of_a_small_hand_rates_alike() -> None:
    codes = [card.code for card in parse_cards("Ah Kh Qh Jh 9c")]
    assert len({high_strength(order) for order in permutations(codes)}) == 1


# --- the joker ("bug", G-DECK): an ace, or any card for a straight, flush or straight flush


def test_G_DECK_joker_with_four_aces_is_five_of_a_kind_the_top_hand() -> None:
    value = evaluate_high("Jk As Ad Ah Ac")
    assert value.category is HandCategory.FIVE_OF_A_KIND
    assert value > evaluate_high("AsKsQsJsTs")
    assert describe(value) == "Five aces"


def test_G_DECK_joker_plays_as_an_ace_not_as_a_king_for_pairs() -> None:
    value = evaluate_high("Jk Kh Kd 7c 2s")
    assert value.category is HandCategory.PAIR
    assert value.strength == strength("Ac Kh Kd 7c 2s")


def test_G_DECK_joker_completes_a_straight_and_a_flush_and_a_straight_flush() -> None:
    assert evaluate_high("Jk 9c 8d 7h 6s").strength == strength("Tc 9c 8d 7h 6s")
    assert evaluate_high("Jk 9h 4h 3h 2h").strength == strength("Ah 9h 4h 3h 2h")
    straight_flush = evaluate_high("Jk 9h 8h 7h 6h 2c Kd")
    assert straight_flush.strength == strength("Th 9h 8h 7h 6h")
    assert straight_flush.category is HandCategory.STRAIGHT_FLUSH


def test_G_DECK_fast_path_plays_the_joker_like_evaluate_high() -> None:
    for text in ("Jk As Ad Ah Ac", "Jk 9h 8h 7h 6h 2c Kd", "Jk Kh Kd 7c 2s", "Jk 2c 5d 9h Js Qd"):
        cards = parse_cards(text)
        assert high_strength([card.code for card in cards]) == evaluate_high(cards).strength


def test_G_DECK_short_deck_fast_path_refuses_the_joker() -> None:
    with pytest.raises(InvalidCardError, match="joker does not play"):
        short_deck_strength([52, 48, 44, 40, 36])


# --- 6+ hold'em (PHH "NS")


def test_short_deck_flush_beats_full_house_and_a6789_is_the_lowest_straight() -> None:
    flush = evaluate_short_deck_high("Ah Th 9h 7h 6h")
    full = evaluate_short_deck_high("Ac Ad As Kc Kd")
    assert flush > full
    assert flush.kind is EvaluationKind.SHORT_DECK_HIGH
    low_straight = evaluate_short_deck_high("As 6d 7c 8h 9s")
    assert low_straight.category is HandCategory.STRAIGHT
    assert low_straight < evaluate_short_deck_high("6d 7c 8h 9s Ts")
    assert low_straight > evaluate_short_deck_high("Ac Ad Ah Kc Qd")
    assert short_deck_strength([card.code for card in parse_cards("As6d7c8h9s")]) == (
        low_straight.strength
    )


def test_short_deck_rejects_a_card_below_six() -> None:
    with pytest.raises(InvalidCardError, match="5h is not in the 36-card deck"):
        evaluate_short_deck_high("As Ks Qs Js 5h")
