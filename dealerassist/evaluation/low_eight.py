"""Eight-or-better lows for stud hi-lo: best five distinct ranks of 8 or lower, aces low.

O8-QUALIFY (five distinct ranks 8 or lower; straights and flushes do not count) and
O8-COMPARE (lows compare from the highest card down). No qualifying low gives ``None``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dealerassist.cards import Card, CardsLike
from dealerassist.evaluation import _lookup
from dealerassist.evaluation._input import card_codes
from dealerassist.evaluation.value import LOW_BASE, EvaluationKind, HandCategory, HandValue

__all__ = ["evaluate_low8", "low8_strength"]

# Low rank of each code (ace = 1); the joker and the unknown card have none.
_LOW_RANK = tuple(
    (1 if code // 4 == 12 else code // 4 + 2) if code < 52 else 0 for code in range(54)
)


def _make_strength() -> Callable[[Sequence[int]], int]:
    bits = _lookup.LOW8_BIT
    table = _lookup.LOW8

    def low8_strength(codes: Sequence[int]) -> int:
        """Strength of the best 8-or-better low in 5 or more card codes, 0 if none; no checks.

        Greater is better; equal to ``evaluate_low8(cards).strength`` when there is a low.
        The low ranks present form an 8-bit mask; the five lowest of them make the hand.
        """
        mask = 0
        for code in codes:
            mask |= bits[code]
        return table[mask]

    return low8_strength


low8_strength = _make_strength()


def evaluate_low8(cards: CardsLike) -> HandValue | None:
    """Evaluate the best 8-or-better low of 5 to 7 cards, or ``None`` when none qualifies.

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or not 5 to 7 of them.

    """
    codes = card_codes(cards, what="evaluate_low8", sizes=range(5, 8))
    strength = low8_strength(codes)
    if not strength:
        return None
    return low8_value(strength, codes)


def low8_value(strength: int, codes: Sequence[int]) -> HandValue:
    """Build the value of a known 8-or-better strength, picking the cards that make it."""
    ranks = [(LOW_BASE - strength) >> shift & 15 for shift in (16, 12, 8, 4, 0)]
    chosen: list[Card] = []
    for rank in ranks:
        code = min(code for code in codes if _LOW_RANK[code] == rank)
        chosen.append(Card.from_code(code))
    return HandValue(strength, HandCategory.HIGH_CARD, tuple(chosen), EvaluationKind.LOW_8)
