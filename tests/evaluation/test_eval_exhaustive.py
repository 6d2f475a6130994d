"""Exhaustive proofs: every five-card hand (normal suite) and every seven-card hand (slow).

Textbook figures: 2,598,960 five-card hands, 7,462 distinct high hands; 133,784,560
seven-card hands with their category counts (each seven-card hand counted by its best
five).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from dealerassist.cards import Card
from dealerassist.evaluation import (
    HandCategory,
    evaluate_high,
    high_strength,
    low8_strength,
    low_27_strength,
    low_a5_strength,
)
from dealerassist.evaluation.value import LOW_BASE

FIVE_CARD_HIGH = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
SEVEN_CARD_HIGH = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}


def _by_category(strengths: Counter[int], *, low: bool = False) -> dict[HandCategory, int]:
    result: Counter[HandCategory] = Counter()
    for strength, count in strengths.items():
        packed = LOW_BASE - strength if low else strength
        result[HandCategory(packed >> 20)] += count
    return dict(result)


def _all_five() -> combinations[tuple[int, ...]]:
    return combinations(range(52), 5)


def test_G_RANK_all_2598960_five_card_hands_give_the_textbook_counts() -> None:
    strengths = Counter(map(high_strength, _all_five()))
    assert sum(strengths.values()) == 2_598_960
    assert len(strengths) == 7_462
    assert _by_category(strengths) == FIVE_CARD_HIGH


def test_RZ_LOW_all_five_card_hands_a5_low_has_6175_classes_and_pairs_count() -> None:
    strengths = Counter(map(low_a5_strength, _all_five()))
    assert len(strengths) == 6_175  # rank multisets: suits never matter
    assert _by_category(strengths, low=True) == {
        HandCategory.HIGH_CARD: 1_317_888,  # C(13,5) * 4**5, straights and flushes included
        HandCategory.PAIR: 1_098_240,
        HandCategory.TWO_PAIR: 123_552,
        HandCategory.THREE_OF_A_KIND: 54_912,
        HandCategory.FULL_HOUSE: 3_744,
        HandCategory.FOUR_OF_A_KIND: 624,
    }


def test_LB_27_all_five_card_hands_a2345_is_no_straight() -> None:
    strengths = Counter(map(low_27_strength, _all_five()))
    assert len(strengths) == 7_462
    counts = _by_category(strengths, low=True)
    assert counts[HandCategory.STRAIGHT] == 9 * 1_020
    assert counts[HandCategory.STRAIGHT_FLUSH] == 9 * 4
    assert counts[HandCategory.FLUSH] == 1_278 * 4
    assert counts[HandCategory.HIGH_CARD] == 1_278 * 1_020


def test_O8_QUALIFY_all_five_card_hands_57344_qualify_in_56_classes() -> None:
    strengths = Counter(map(low8_strength, _all_five()))
    qualifying = {strength: count for strength, count in strengths.items() if strength}
    assert len(qualifying) == 56  # C(8, 5) rank sets
    assert sum(qualifying.values()) == 56 * 4**5


@pytest.mark.slow
def test_G_RANK_all_133784560_seven_card_hands_give_the_textbook_counts() -> None:
    strengths = Counter(map(high_strength, combinations(range(52), 7)))
    assert sum(strengths.values()) == 133_784_560
    assert len(strengths) == 4_824  # distinct best hands reachable with seven cards
    assert _by_category(strengths) == SEVEN_CARD_HIGH


@pytest.mark.slow
def test_G_RANK_all_five_card_hands_through_evaluate_high_match_the_fast_path() -> None:
    cards = [Card.from_code(code) for code in range(52)]
    counts: Counter[HandCategory] = Counter()
    for five in _all_five():
        value = evaluate_high([cards[code] for code in five])
        assert value.strength == high_strength(five)
        counts[value.category] += 1
    assert dict(counts) == FIVE_CARD_HIGH
