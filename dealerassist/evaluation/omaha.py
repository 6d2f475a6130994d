"""Omaha hands: exactly two hole cards and three board cards (OM-2PLUS3).

High and 8-or-better low are chosen independently, so a player may use different (or the
same) two hole cards for each (O8-TWO-HANDS); the low follows O8-QUALIFY and O8-COMPARE.
Playing the board is impossible, so with four or more suited cards on the board and no
suited hole pair there is no flush.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from dealerassist.cards import CardsLike
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


def omaha_high_strength(hole: Sequence[int], board: Sequence[int]) -> int:
    """Strength of the best Omaha high hand from card codes; no checks."""
    return max(high_strength(five) for five in _fives(hole, board))


def omaha_low8_strength(hole: Sequence[int], board: Sequence[int]) -> int:
    """Strength of the best Omaha 8-or-better low from card codes, 0 if none; no checks."""
    return max(low8_strength(five) for five in _fives(hole, board))


def _checked(hole: CardsLike, board: CardsLike, what: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    hole_codes = card_codes(hole, what=f"{what} (hole)", sizes=range(4, 7))
    board_codes = card_codes(board, what=f"{what} (board)", sizes=range(3, 6))
    shared = set(hole_codes) & set(board_codes)
    if shared:
        from dealerassist.cards import Card
        from dealerassist.errors import InvalidCardError

        raise InvalidCardError(
            f"{what}: duplicate card {Card.from_code(min(shared))} in hole and board"
        )
    return hole_codes, board_codes


def evaluate_omaha_high(hole: CardsLike, board: CardsLike) -> HandValue:
    """The best high hand of exactly two of 4 to 6 hole cards and three of 3 to 5 board cards.

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or a wrong number of them.

    """
    hole_codes, board_codes = _checked(hole, board, "evaluate_omaha_high")
    five = max(_fives(hole_codes, board_codes), key=high_strength)
    return high_value(high_strength(five), five)


def evaluate_omaha_low8(hole: CardsLike, board: CardsLike) -> HandValue | None:
    """The best 8-or-better low of exactly two hole cards and three board cards, or ``None``.

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or a wrong number of them.

    """
    hole_codes, board_codes = _checked(hole, board, "evaluate_omaha_low8")
    five = max(_fives(hole_codes, board_codes), key=low8_strength)
    strength = low8_strength(five)
    if not strength:
        return None
    return low8_value(strength, five)
