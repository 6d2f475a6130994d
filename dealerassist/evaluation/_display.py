"""Display order of the five cards that play: groups first, then by rank, straights from the top."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from dealerassist.cards import Card

_JOKER = 52


def display_order(
    codes: Sequence[int],
    *,
    ace_low: bool = False,
    straight_top: int = 0,
    joker_rank: int = 0,
) -> tuple[Card, ...]:
    """Cards ordered for showing: bigger groups first, higher ranks first.

    Args:
        codes: The card codes that play.
        ace_low: Rank the ace as 1 (A-5 lows, 8-or-better).
        straight_top: For a straight, its top rank (5 for the wheel: the ace goes last).
        joker_rank: The rank the joker stands for, so it sorts where it plays.

    """

    def rank_of(code: int) -> int:
        if code == _JOKER:
            return joker_rank
        rank = code // 4 + 2
        if rank == 14 and (ace_low or straight_top == 5 or straight_top == 9):
            return 1
        return rank

    counts = Counter(rank_of(code) for code in codes)
    ordered = sorted(
        codes, key=lambda code: (counts[rank_of(code)], rank_of(code), code % 4), reverse=True
    )
    return tuple(Card.from_code(code) for code in ordered)
