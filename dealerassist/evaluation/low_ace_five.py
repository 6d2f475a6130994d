"""Ace-to-five lows (razz RZ-LOW, California lowball LB-A5): best five of five to seven.

Aces are low, straights and flushes are ignored, pairs count against the hand; the best
hand is 5-4-3-2-A. Where the game allows the joker (G-DECK, A-5 lowball) it plays as the
lowest rank missing from the hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from dealerassist.cards import CardsLike
from dealerassist.evaluation import _five, _lookup
from dealerassist.evaluation._display import display_order
from dealerassist.evaluation._input import JOKER_CODE, card_codes
from dealerassist.evaluation.value import LOW_BASE, EvaluationKind, HandCategory, HandValue

__all__ = ["evaluate_low_a5", "low_a5_strength"]

_LOW_RANK = tuple(
    (1 if code // 4 == 12 else code // 4 + 2) if code < 52 else 0 for code in range(54)
)


def _five_strength(five: Sequence[int]) -> tuple[int, int]:
    ranks = [_LOW_RANK[code] for code in five if code != JOKER_CODE]
    joker_rank = 0
    if len(ranks) < len(five):
        joker_rank = min(rank for rank in range(1, 14) if rank not in ranks)
        ranks.append(joker_rank)
    return _five.low_a5(ranks), joker_rank


def _make_strength() -> Callable[[Sequence[int]], int]:
    weights = _lookup.WEIGHT
    rows = _lookup.MULTISET_ROW
    table = _lookup.LOW_A5_COLUMN
    suit_bits = _lookup.SUIT_BITS
    joker_weight = _lookup.JOKER_WEIGHT

    def low_a5_strength(codes: Sequence[int]) -> int:
        """Strength of the best A-5 low in 5 to 7 card codes (joker allowed); no checks.

        Greater is better (the wheel 5-4-3-2-A is the greatest). Suits never matter, so
        the rank multiset alone is the key (see `_lookup`).
        """
        key = 0
        for code in codes:
            key += weights[code]
        if key >= joker_weight:
            return max(_five_strength(five)[0] for five in combinations(codes, 5))
        return table[rows[key >> suit_bits]]

    return low_a5_strength


low_a5_strength = _make_strength()


def evaluate_low_a5(cards: CardsLike) -> HandValue:
    """Evaluate the best ace-to-five low of 5 to 7 cards; the joker is the lowest missing rank.

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or not 5 to 7 of them.

    """
    codes = card_codes(cards, what="evaluate_low_a5", sizes=range(5, 8), allow_joker=True)
    target = low_a5_strength(codes)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for five in combinations(codes, 5):
        strength, joker_rank = _five_strength(five)
        if strength == target:
            best = (strength, joker_rank, five)
            break
    assert best is not None
    strength, joker_rank, five = best
    category = HandCategory((LOW_BASE - strength) >> 20)
    cards = display_order(five, ace_low=True, joker_rank=joker_rank)
    return HandValue(strength, category, cards, EvaluationKind.LOW_A5)
