"""Eight-or-better lows for stud hi-lo: best five distinct ranks of 8 or lower, aces low.

O8-QUALIFY (five distinct ranks 8 or lower; straights and flushes do not count) and
O8-COMPARE (lows compare from the highest card down). No qualifying low gives ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealerassist.cards import Card, CardsLike
from dealerassist.evaluation._input import card_codes
from dealerassist.evaluation.value import LOW_BASE, EvaluationKind, HandCategory, HandValue, pack

__all__ = ["evaluate_low8", "low8_strength"]

# Rank bitmask (bit r for low rank r, ace = 1) of the cards of rank 8 or lower.
_LOW_RANK = tuple(
    (1 if code // 4 == 12 else code // 4 + 2) if code < 52 else 0 for code in range(54)
)


def low8_strength(codes: Sequence[int]) -> int:
    """Strength of the best 8-or-better low in 5 or more card codes, 0 if none; no checks.

    Greater is better; equal to ``evaluate_low8(cards).strength`` when there is a low.
    """
    present = set()
    for code in codes:
        rank = _LOW_RANK[code]
        if rank <= 8:
            present.add(rank)
    if len(present) < 5:
        return 0
    best = sorted(present)[:5]
    return LOW_BASE - pack(HandCategory.HIGH_CARD.value, best[::-1])


def evaluate_low8(cards: CardsLike) -> HandValue | None:
    """The best 8-or-better low of 5 to 7 cards, or ``None`` when none qualifies.

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or not 5 to 7 of them.

    """
    codes = card_codes(cards, what="evaluate_low8", sizes=range(5, 8))
    strength = low8_strength(codes)
    if not strength:
        return None
    return low8_value(strength, codes)


def low8_value(strength: int, codes: Sequence[int]) -> HandValue:
    """The value of a known 8-or-better strength, picking the cards that make it."""
    ranks = [(LOW_BASE - strength) >> shift & 15 for shift in (16, 12, 8, 4, 0)]
    chosen: list[Card] = []
    for rank in ranks:
        code = min(code for code in codes if _LOW_RANK[code] == rank)
        chosen.append(Card.from_code(code))
    return HandValue(strength, HandCategory.HIGH_CARD, tuple(chosen), EvaluationKind.LOW_8)
