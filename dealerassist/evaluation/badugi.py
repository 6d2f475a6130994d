"""Badugi (PHH "FB"): four cards, aces low; only cards of distinct suits and ranks play.

More playing cards beat fewer (a four-card badugi beats any three-card hand); among hands
of the same size the lower wins, comparing from the highest card down (as pokerkit's
BadugiHand).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from dealerassist.cards import Card, CardsLike
from dealerassist.evaluation._input import card_codes
from dealerassist.evaluation.value import LOW_BASE, BadugiCategory, EvaluationKind, HandValue, pack

__all__ = ["badugi_strength", "evaluate_badugi"]


def _low_rank(code: int) -> int:
    return 1 if code >> 2 == 12 else (code >> 2) + 2


def badugi_strength(codes: Sequence[int]) -> int:
    """Rate the best badugi hand in four card codes; no checks. Greater is better."""
    return _best(codes)[0]


def evaluate_badugi(cards: CardsLike) -> HandValue:
    """Evaluate the best badugi hand of exactly four cards.

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or not exactly four of them.

    """
    codes = card_codes(cards, what="evaluate_badugi", sizes=range(4, 5))
    strength, subset = _best(codes)
    ordered = sorted(subset, key=_low_rank, reverse=True)
    return HandValue(
        strength,
        BadugiCategory(len(subset)),
        tuple(Card.from_code(code) for code in ordered),
        EvaluationKind.BADUGI,
    )


# Each code's rank with aces low (`_low_rank`), looked up rather than worked out: a badugi
# showdown tries up to fifteen subsets of four cards.
_LOW_RANKS = tuple(_low_rank(code) for code in range(54))


def _best(codes: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Find the greatest strength over the playing subsets, largest subsets first.

    A subset plays when its ranks and its suits are all different: as many rank bits and
    suit bits set as cards in it.
    """
    low = _LOW_RANKS
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(len(codes), 0, -1):
        for subset in combinations(codes, size):
            rank_bits = suit_bits = 0
            for code in subset:
                rank_bits |= 1 << low[code]
                suit_bits |= 1 << (code & 3)
            if rank_bits.bit_count() != size or suit_bits.bit_count() != size:
                continue
            strength = LOW_BASE - pack(4 - size, sorted([low[code] for code in subset],
                                                        reverse=True))
            if best is None or strength > best[0]:
                best = (strength, subset)
        if best is not None:
            return best
    raise AssertionError("one card alone always plays")
