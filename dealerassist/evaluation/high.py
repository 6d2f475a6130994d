"""High hands: best five of five to seven cards (G-RANK, G-TIE, G-ACE), and 6+ hold'em.

`high_strength` is the hot path (the engine and the bench call it on `Card.code` ints):
one weight sum, one flush check and one table lookup (see `_lookup`), no allocation.
`evaluate_high` checks its input, calls it, and finds the five cards that play.
The joker (G-DECK "bug") is allowed in `evaluate_high` only: it plays as an ace, or as
any card to complete a straight, a flush or a straight flush; five aces is five of a kind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from dealerassist.cards import Card, CardsLike
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import _five, _lookup
from dealerassist.evaluation._display import display_order
from dealerassist.evaluation._input import JOKER_CODE, card_codes
from dealerassist.evaluation.value import EvaluationKind, HandCategory, HandValue, pack, unpack

__all__ = [
    "evaluate_high",
    "evaluate_short_deck_high",
    "high_strength",
    "high_value",
    "short_deck_strength",
]

_FIVE_TO_SEVEN = range(5, 8)
_SHORT_WHEEL = (14, 9, 8, 7, 6)
_LOWEST_SHORT_DECK_CODE = 16  # the six of clubs: (6 - 2) * 4


def _strength_function(
    rows: dict[int, int], no_flush: Sequence[int], flush: list[int],
    joker: Callable[[Sequence[int]], int]
) -> Callable[[Sequence[int]], int]:
    """Make a best-of-five rater over the given tables; closures keep the lookups local.

    ``no_flush[rows[key]]`` is the strength of a rank multiset without a flush (`_lookup`).
    """
    weights = _lookup.WEIGHT
    flush_suit = _lookup.FLUSH_SUIT
    suit_mask = _lookup.SUIT_MASK
    suit_bits = _lookup.SUIT_BITS
    joker_weight = _lookup.JOKER_WEIGHT

    def strength(codes: Sequence[int]) -> int:
        key = 0
        for code in codes:
            key += weights[code]
        if key >= joker_weight:
            return joker(codes)
        suit = flush_suit[key & suit_mask]
        if suit < 0:
            return no_flush[rows[key >> suit_bits]]
        mask = 0
        for code in codes:
            if code & 3 == suit:
                mask |= 1 << (code >> 2)
        return flush[mask]

    return strength


def _joker_strength(codes: Sequence[int]) -> int:
    return _best_with_joker(codes)[0]


def _no_joker_in_short_deck(codes: Sequence[int]) -> int:
    raise InvalidCardError("short_deck_strength: the joker does not play in 6+ hold'em")


high_strength = _strength_function(_lookup.MULTISET_ROW, _lookup.HIGH_COLUMN, _lookup.HIGH_FLUSH,
                                   _joker_strength)
high_strength.__name__ = high_strength.__qualname__ = "high_strength"
high_strength.__doc__ = """Strength of the best high hand in 5 to 7 card codes; no checks.

Greater is better; equal to ``evaluate_high(cards).strength`` for the same cards. The
joker (code 52) plays as the bug of G-DECK, on a slower path.
"""

short_deck_strength = _strength_function(
    _lookup.SHORT_ROW, _lookup.SHORT_COLUMN, _lookup.SHORT_FLUSH, _no_joker_in_short_deck
)
short_deck_strength.__name__ = short_deck_strength.__qualname__ = "short_deck_strength"
short_deck_strength.__doc__ = """Strength of the best 6+ hold'em hand in 5 to 7 card codes.

Cards must be sixes to aces (no checks); equal to ``evaluate_short_deck_high(...).strength``.
"""


def evaluate_high(cards: CardsLike) -> HandValue:
    """Evaluate the best high hand of 5 to 7 cards (G-RANK, G-TIE, G-ACE).

    The joker, if present, is the bug of G-DECK (see the module docstring).

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or not 5 to 7 of them.

    """
    codes = card_codes(cards, what="evaluate_high", sizes=_FIVE_TO_SEVEN, allow_joker=True)
    if JOKER_CODE in codes:
        return _evaluate_with_joker(codes)
    strength = high_strength(codes)
    five = next(five for five in combinations(codes, 5) if high_strength(five) == strength)
    return high_value(strength, five)


def high_value(strength: int, five: Sequence[int]) -> HandValue:
    """Build the `HandValue` of a known high strength made by these five codes."""
    return _value(strength, five, EvaluationKind.HIGH)


def evaluate_short_deck_high(cards: CardsLike) -> HandValue:
    """Evaluate the best 6+ hold'em hand of 5 to 7 cards.

    36-card deck (sixes to aces); a flush beats a full house and A-6-7-8-9 is the lowest
    straight, as pokerkit's ShortDeckHoldemHand.

    Raises:
        InvalidCardError: As `evaluate_high`, or a card below six.

    """
    codes = card_codes(cards, what="evaluate_short_deck_high", sizes=_FIVE_TO_SEVEN)
    low = [code for code in codes if code < _LOWEST_SHORT_DECK_CODE]
    if low:
        raise InvalidCardError(
            f"evaluate_short_deck_high: {Card.from_code(low[0])} is not in the 36-card deck "
            "(sixes to aces)"
        )
    strength = short_deck_strength(codes)
    five = next(five for five in combinations(codes, 5) if short_deck_strength(five) == strength)
    place, ranks = unpack(strength)
    category = _SHORT_DECK_CATEGORY[place]
    top = ranks[0] if category in _STRAIGHTS else 0
    return HandValue(
        strength, category, display_order(five, straight_top=top), EvaluationKind.SHORT_DECK_HIGH
    )


_STRAIGHTS = (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH)
_SHORT_DECK_CATEGORY = {
    _five.SHORT_DECK_ORDER.get(category, category.value): category for category in HandCategory
}


def _value(
    strength: int, five: Sequence[int], kind: EvaluationKind, joker_rank: int = 0
) -> HandValue:
    place, ranks = unpack(strength)
    category = HandCategory(place)
    top = ranks[0] if category in _STRAIGHTS else 0
    cards = display_order(five, straight_top=top, joker_rank=joker_rank)
    return HandValue(strength, category, cards, kind)


def _evaluate_with_joker(codes: tuple[int, ...]) -> HandValue:
    strength, five, joker_rank = _best_with_joker(codes)
    return _value(strength, five, EvaluationKind.HIGH, joker_rank=joker_rank)


def _best_with_joker(codes: Sequence[int]) -> tuple[int, tuple[int, ...], int]:
    """Play the bug: an ace, or any card completing a straight, flush or straight flush.

    Returns the strength, the five codes that make it and the rank the joker stands for.
    """
    best: tuple[int, tuple[int, ...], int] | None = None
    for five in combinations(codes, 5):
        if JOKER_CODE not in five:
            candidate = (high_strength(five), five, 0)
        else:
            candidate = _best_joker_five(five)
        if best is None or candidate[0] > best[0]:
            best = candidate
    assert best is not None
    return best


_BUG_CATEGORIES = (HandCategory.STRAIGHT, HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH)


def _best_joker_five(five: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
    rest = [code for code in five if code != JOKER_CODE]
    if sum(1 for code in rest if code >> 2 == 12) == 4:
        return pack(HandCategory.FIVE_OF_A_KIND.value, [14]), five, 14
    best = (-1, five, 0)
    for stand_in in range(52):
        if stand_in in rest:
            continue
        value = high_strength([*rest, stand_in])
        is_ace = stand_in >> 2 == 12
        if (is_ace or HandCategory(value >> 20) in _BUG_CATEGORIES) and value > best[0]:
            best = (value, five, stand_in // 4 + 2)
    return best
