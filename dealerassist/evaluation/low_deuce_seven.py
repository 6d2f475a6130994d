"""Deuce-to-seven lows (Kansas City, LB-27): best five of five to seven cards.

Aces are only high (A-2-3-4-5 is ace high, no straight), straights and flushes count
against the hand; the best hand is 7-5-4-3-2 not of one suit. The strength is the high
value inverted, so a greater strength is a better (lower) hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from dealerassist.cards import CardsLike
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import _five, _lookup
from dealerassist.evaluation._display import display_order
from dealerassist.evaluation._input import card_codes
from dealerassist.evaluation.value import LOW_BASE, EvaluationKind, HandCategory, HandValue

__all__ = ["evaluate_low_27", "low_27_strength"]


def _five_strength(five: Sequence[int]) -> int:
    suit = five[0] & 3
    suited = all(code & 3 == suit for code in five)
    return _five.low27([code // 4 + 2 for code in five], suited=suited)


def _make_strength() -> Callable[[Sequence[int]], int]:
    weights = _lookup.WEIGHT
    flush_suit = _lookup.FLUSH_SUIT
    rows = _lookup.MULTISET_ROW
    table = _lookup.LOW_27_COLUMN
    suit_mask = _lookup.SUIT_MASK
    suit_bits = _lookup.SUIT_BITS
    joker_weight = _lookup.JOKER_WEIGHT

    def low_27_strength(codes: Sequence[int]) -> int:
        """Strength of the best deuce-to-seven low in 5 to 7 card codes; no checks.

        Without five cards of one suit no flush can be made and the rank multiset is the
        key; otherwise (rare) every five is rated, since a flush counts against the hand.
        """
        key = 0
        for code in codes:
            key += weights[code]
        if key >= joker_weight:
            raise InvalidCardError("low_27_strength: the joker does not play in deuce-to-seven")
        if flush_suit[key & suit_mask] < 0:
            return table[rows[key >> suit_bits]]
        return max(_five_strength(five) for five in combinations(codes, 5))

    return low_27_strength


low_27_strength = _make_strength()


def evaluate_low_27(cards: CardsLike) -> HandValue:
    """Evaluate the best deuce-to-seven low of 5 to 7 cards (LB-27).

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or not 5 to 7 of them.

    """
    codes = card_codes(cards, what="evaluate_low_27", sizes=range(5, 8))
    strength = low_27_strength(codes)
    five = next(five for five in combinations(codes, 5) if _five_strength(five) == strength)
    category = HandCategory((LOW_BASE - strength) >> 20)
    cards = display_order(five)
    return HandValue(strength, category, cards, EvaluationKind.LOW_27)
