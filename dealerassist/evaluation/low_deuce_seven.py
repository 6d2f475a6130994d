"""Deuce-to-seven lows (Kansas City, LB-27): best five of five to seven cards.

Aces are only high (A-2-3-4-5 is ace high, no straight), straights and flushes count
against the hand; the best hand is 7-5-4-3-2 not of one suit. The strength is the high
value inverted, so a greater strength is a better (lower) hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from dealerassist.cards import CardsLike
from dealerassist.evaluation import _five
from dealerassist.evaluation._display import display_order
from dealerassist.evaluation._input import card_codes
from dealerassist.evaluation.value import LOW_BASE, EvaluationKind, HandCategory, HandValue

__all__ = ["evaluate_low_27", "low_27_strength"]


def _five_strength(five: Sequence[int]) -> int:
    suit = five[0] & 3
    suited = all(code & 3 == suit for code in five)
    return _five.low27([code // 4 + 2 for code in five], suited=suited)


def low_27_strength(codes: Sequence[int]) -> int:
    """Strength of the best deuce-to-seven low in 5 to 7 card codes; no checks."""
    return max(_five_strength(five) for five in combinations(codes, 5))


def evaluate_low_27(cards: CardsLike) -> HandValue:
    """The best deuce-to-seven low of 5 to 7 cards (LB-27).

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or not 5 to 7 of them.

    """
    codes = card_codes(cards, what="evaluate_low_27", sizes=range(5, 8))
    five = max(combinations(codes, 5), key=_five_strength)
    strength = _five_strength(five)
    category = HandCategory((LOW_BASE - strength) >> 20)
    top = (LOW_BASE - strength) >> 16 & 15 if category == HandCategory.STRAIGHT else 0
    return HandValue(strength, category, display_order(five, straight_top=top), EvaluationKind.LOW_27)
