"""Hand values: the comparable result every evaluator returns (G-RANK, G-TIE).

A `HandValue` carries one integer, ``strength``, that orders hands of one evaluation
kind: greater is better for the evaluator that made it, so low evaluators invert their
scale and the best low has the greatest strength. Values of different kinds (a high
hand and a low hand) are different measures; comparing them is a bug in the caller, so
it raises `TypeError` instead of answering.

Strength layout shared by every evaluator (so `describe` and the fast paths agree):
``order << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`` where ``order`` is the
category's place for that kind and ``r1..r5`` the tie-break ranks in G-TIE order
(trips before the pair of a full house, top pair, second pair, kicker...). Low kinds
store ``LOW_BASE - that number`` so that a lower hand has a greater strength.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum, unique

from dealerassist.cards import Card

__all__ = [
    "BadugiCategory",
    "EvaluationKind",
    "HandCategory",
    "HandValue",
    "LOW_BASE",
]

LOW_BASE = 1 << 24
"""Low kinds store ``LOW_BASE - packed`` so that the best low has the greatest strength."""


@unique
class HandCategory(IntEnum):
    """Hand categories of G-RANK, weakest first (five of a kind needs the joker, G-DECK)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


@unique
class BadugiCategory(IntEnum):
    """Badugi hands by the number of cards that play (more is better)."""

    ONE_CARD = 1
    TWO_CARDS = 2
    THREE_CARDS = 3
    BADUGI = 4


@unique
class EvaluationKind(StrEnum):
    """Which evaluator made a value; values of different kinds never compare."""

    HIGH = "high"
    SHORT_DECK_HIGH = "short_deck_high"
    LOW_8 = "low_8"
    LOW_A5 = "low_a5"
    LOW_27 = "low_27"
    BADUGI = "badugi"


@dataclass(frozen=True, slots=True, eq=False)
class HandValue:
    """One evaluated hand.

    Attributes:
        strength: Orders hands of the same ``kind``; greater is better.
        category: The hand's category (`HandCategory`, or `BadugiCategory` for badugi).
        cards: The cards that play, in display order (groups first, straights from the top).
        kind: The evaluator that made this value.

    """

    strength: int
    category: HandCategory | BadugiCategory
    cards: tuple[Card, ...]
    kind: EvaluationKind

    def _check(self, other: object) -> int:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand value with {type(other).__name__}")
        if other.kind is not self.kind:
            raise TypeError(
                f"cannot compare a {self.kind.value} hand with a {other.kind.value} hand"
            )
        return other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.strength == self._check(other)

    def __hash__(self) -> int:
        return hash((self.kind, self.strength))

    def __lt__(self, other: HandValue) -> bool:
        return self.strength < self._check(other)

    def __le__(self, other: HandValue) -> bool:
        return self.strength <= self._check(other)

    def __gt__(self, other: HandValue) -> bool:
        return self.strength > self._check(other)

    def __ge__(self, other: HandValue) -> bool:
        return self.strength >= self._check(other)

    @property
    def is_low(self) -> bool:
        """True for the low kinds, whose strength is stored inverted."""
        return self.kind in _LOW_KINDS


_LOW_KINDS = frozenset(
    {EvaluationKind.LOW_8, EvaluationKind.LOW_A5, EvaluationKind.LOW_27, EvaluationKind.BADUGI}
)


def pack(order: int, ranks: tuple[int, ...] | list[int]) -> int:
    """``order << 20`` plus up to five 4-bit tie-break ranks, the first most significant."""
    value = order
    for index in range(5):
        value = (value << 4) | (ranks[index] if index < len(ranks) else 0)
    return value


def unpack(packed: int) -> tuple[int, tuple[int, ...]]:
    """Invert `pack`: return the order and the five tie-break rank slots."""
    return packed >> 20, tuple((packed >> shift) & 15 for shift in (16, 12, 8, 4, 0))
