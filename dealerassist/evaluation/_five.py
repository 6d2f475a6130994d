"""Direct rankings of exactly five ranks: the reference every table is generated from.

Slow but plain: each function reads the rank counts of five cards and returns the packed
number of `value.pack`. The fast evaluators use tables built from these functions
(``scripts/evaluation_make_tables.py``), so the rules live here once:
G-RANK (category order), G-TIE (tie-break order), G-ACE (A-2-3-4-5 is the lowest
straight, no wrap-around), LB-27 (aces only high, straights and flushes count),
RZ-LOW / LB-A5 (aces low, straights and flushes ignored), O8-QUALIFY.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from dealerassist.evaluation.value import LOW_BASE, HandCategory, pack

# Short-deck (6+) order: a flush beats a full house (pokerkit ShortDeckHoldemLookup).
SHORT_DECK_ORDER = {
    HandCategory.FLUSH: HandCategory.FULL_HOUSE.value,
    HandCategory.FULL_HOUSE: HandCategory.FLUSH.value,
}


def grouped(ranks: Sequence[int]) -> tuple[list[int], list[int]]:
    """Ranks ordered by (count, rank) descending, once each, and their counts."""
    counter = Counter(ranks)
    order = sorted(counter, key=lambda rank: (counter[rank], rank), reverse=True)
    return order, [counter[rank] for rank in order]


def straight_top(ranks: Sequence[int], *, wheel: tuple[int, ...] = (14, 5, 4, 3, 2)) -> int:
    """Return the top rank if the five ranks form a straight, else 0 (G-ACE: wheel tops at 5)."""
    distinct = set(ranks)
    if len(distinct) != 5:
        return 0
    if max(distinct) - min(distinct) == 4:
        return max(distinct)
    if distinct == set(wheel):
        return wheel[1]
    return 0


def high5(
    ranks: Sequence[int],
    *,
    suited: bool,
    wheel: tuple[int, ...] = (14, 5, 4, 3, 2),
    short_deck: bool = False,
) -> int:
    """Packed high value of five ranks (2..14, ace high), suited or not."""
    order, counts = grouped(ranks)
    top = straight_top(ranks, wheel=wheel)
    if top and suited:
        category, tiebreak = HandCategory.STRAIGHT_FLUSH, [top]
    elif counts[0] == 4:
        category, tiebreak = HandCategory.FOUR_OF_A_KIND, order
    elif counts[0] == 3 and counts[1] == 2:
        category, tiebreak = HandCategory.FULL_HOUSE, order
    elif suited:
        category, tiebreak = HandCategory.FLUSH, order
    elif top:
        category, tiebreak = HandCategory.STRAIGHT, [top]
    elif counts[0] == 3:
        category, tiebreak = HandCategory.THREE_OF_A_KIND, order
    elif counts[0] == 2 and counts[1] == 2:
        category, tiebreak = HandCategory.TWO_PAIR, order
    elif counts[0] == 2:
        category, tiebreak = HandCategory.PAIR, order
    else:
        category, tiebreak = HandCategory.HIGH_CARD, order
    place = SHORT_DECK_ORDER.get(category, category.value) if short_deck else category.value
    return pack(place, tiebreak)


def low_a5(ranks: Sequence[int]) -> int:
    """Packed A-5 low value of five low ranks (ace = 1), inverted: greater is better.

    Pairs count against the hand; straights and flushes are ignored (RZ-LOW, LB-A5).
    """
    order, counts = grouped(ranks)
    if counts[0] == 4:
        category = HandCategory.FOUR_OF_A_KIND
    elif counts[0] == 3 and counts[1] == 2:
        category = HandCategory.FULL_HOUSE
    elif counts[0] == 3:
        category = HandCategory.THREE_OF_A_KIND
    elif counts[0] == 2 and counts[1] == 2:
        category = HandCategory.TWO_PAIR
    elif counts[0] == 2:
        category = HandCategory.PAIR
    else:
        category = HandCategory.HIGH_CARD
    return LOW_BASE - pack(category.value, order)


def low8(ranks: Sequence[int]) -> int:
    """Packed 8-or-better value of five low ranks (ace = 1), inverted; 0 if none.

    A low needs five distinct ranks of 8 or lower (O8-QUALIFY) and compares from the
    highest card down (O8-COMPARE).
    """
    if len(set(ranks)) != 5 or max(ranks) > 8:
        return 0
    return LOW_BASE - pack(HandCategory.HIGH_CARD.value, sorted(ranks, reverse=True))


def low27(ranks: Sequence[int], *, suited: bool) -> int:
    """Packed deuce-to-seven value (aces high, straights and flushes count), inverted (LB-27)."""
    return LOW_BASE - high5(ranks, suited=suited, wheel=())
