"""Omaha hands: exactly two hole cards and three board cards (OM-2PLUS3).

High and 8-or-better low are chosen independently, so a player may use different (or the
same) two hole cards for each (O8-TWO-HANDS); the low follows O8-QUALIFY and O8-COMPARE.
Playing the board is impossible, so with four or more suited cards on the board and no
suited hole pair there is no flush.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from dealerassist.cards import Card, CardsLike
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import _lookup
from dealerassist.evaluation._input import card_codes
from dealerassist.evaluation.high import high_strength, high_value
from dealerassist.evaluation.low_eight import low8_strength, low8_value
from dealerassist.evaluation.value import HandValue

__all__ = [
    "evaluate_omaha_high",
    "evaluate_omaha_low8",
    "omaha_high_strength",
    "omaha_low8_strength",
]


def _fives(hole: Sequence[int], board: Sequence[int]) -> list[tuple[int, ...]]:
    boards = list(combinations(board, 3))
    return [pair + three for pair in combinations(hole, 2) for three in boards]


def _make_strengths() -> tuple[
    Callable[[Sequence[int], Sequence[int]], int], Callable[[Sequence[int], Sequence[int]], int]
]:
    weights = _lookup.WEIGHT
    rows = _lookup.MULTISET_ROW
    no_flush = _lookup.HIGH_COLUMN
    flush = _lookup.HIGH_FLUSH
    suit_bits = _lookup.SUIT_BITS
    low_bits = _lookup.LOW8_BIT
    low_table = _lookup.LOW8

    def omaha_high_strength(hole: Sequence[int], board: Sequence[int]) -> int:
        """Strength of the best Omaha high hand from card codes; no checks (OM-2PLUS3).

        Each hole pair and board triple is summed once; their sums combine into the key.
        Every five is rated without its suits first; then the fives of one suit, a suited
        pair and a triple of its suit, as flushes: a flush beats whatever its five ranks
        make unsuited, so the better of the two is the best hand. (A joker, which no
        Omaha deck holds, has no rank key: it fails the first rating.)
        """
        pairs = [weights[a] + weights[b] for a, b in combinations(hole, 2)]
        triples = [weights[a] + weights[b] + weights[c] for a, b, c in combinations(board, 3)]
        best = max([no_flush[rows[(pair + triple) >> suit_bits]]
                    for pair in pairs for triple in triples], default=0)
        suited = [(a & 3, 1 << (a >> 2) | 1 << (b >> 2) | 1 << (c >> 2))
                  for a, b, c in combinations(board, 3) if a & 3 == b & 3 == c & 3]
        if suited:
            for a, b in combinations(hole, 2):
                if a & 3 == b & 3:
                    ranks = 1 << (a >> 2) | 1 << (b >> 2)
                    for suit, three in suited:
                        if suit == a & 3 and flush[ranks | three] > best:
                            best = flush[ranks | three]
        return best

    def omaha_low8_strength(hole: Sequence[int], board: Sequence[int]) -> int:
        """Strength of the best Omaha 8-or-better low from card codes, 0 if none; no checks.

        Five cards whose low-rank bits number five are five distinct ranks of 8 or lower.
        """
        pairs = {low_bits[a] | low_bits[b] for a, b in combinations(hole, 2)}
        triples = {low_bits[a] | low_bits[b] | low_bits[c] for a, b, c in combinations(board, 3)}
        return max([low_table[pair | triple] for pair in pairs for triple in triples],
                   default=0)

    return omaha_high_strength, omaha_low8_strength


omaha_high_strength, omaha_low8_strength = _make_strengths()


def _checked(
    hole: CardsLike, board: CardsLike, what: str
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    hole_codes = card_codes(hole, what=f"{what} (hole)", sizes=range(4, 7))
    board_codes = card_codes(board, what=f"{what} (board)", sizes=range(3, 6))
    shared = set(hole_codes) & set(board_codes)
    if shared:
        raise InvalidCardError(
            f"{what}: duplicate card {Card.from_code(min(shared))} in hole and board"
        )
    return hole_codes, board_codes


def evaluate_omaha_high(hole: CardsLike, board: CardsLike) -> HandValue:
    """Evaluate the best high hand of two of 4 to 6 hole cards and three of 3 to 5 board cards.

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or a wrong number of them.

    """
    hole_codes, board_codes = _checked(hole, board, "evaluate_omaha_high")
    strength = omaha_high_strength(hole_codes, board_codes)
    five = next(five for five in _fives(hole_codes, board_codes) if high_strength(five) == strength)
    return high_value(strength, five)


def evaluate_omaha_low8(hole: CardsLike, board: CardsLike) -> HandValue | None:
    """Evaluate the best 8-or-better low of two hole and three board cards, or ``None``.

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or a wrong number of them.

    """
    hole_codes, board_codes = _checked(hole, board, "evaluate_omaha_low8")
    strength = omaha_low8_strength(hole_codes, board_codes)
    if not strength:
        return None
    five = next(five for five in _fives(hole_codes, board_codes) if low8_strength(five) == strength)
    return low8_value(strength, five)
