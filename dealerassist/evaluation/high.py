"""High hands: best five of five to seven cards (G-RANK, G-TIE, G-ACE), and 6+ hold'em.

`high_strength` is the hot path (the engine and the bench call it on `Card.code` ints);
`evaluate_high` checks its input, calls it, and finds the five cards that play.
The joker (G-DECK "bug") is allowed in `evaluate_high` only: it plays as an ace, or as
any card to complete a straight, a flush or a straight flush; five aces is five of a kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from dealerassist.cards import Card, CardsLike
from dealerassist.errors import InvalidCardError
from dealerassist.evaluation import _five
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


def _high5_codes(codes: Sequence[int]) -> int:
    suit = codes[0] & 3
    suited = all(code & 3 == suit for code in codes)
    return _five.high5([code // 4 + 2 for code in codes], suited=suited)


def high_strength(codes: Sequence[int]) -> int:
    """Strength of the best high hand in 5 to 7 card codes; no checks, no joker.

    Greater is better; equal to ``evaluate_high(cards).strength`` for the same cards.
    """
    return max(_high5_codes(five) for five in combinations(codes, 5))


def short_deck_strength(codes: Sequence[int]) -> int:
    """Strength of the best 6+ hold'em hand in 5 to 7 card codes (ranks 6 to ace), no checks."""
    best = 0
    for five in combinations(codes, 5):
        suit = five[0] & 3
        suited = all(code & 3 == suit for code in five)
        value = _five.high5(
            [code // 4 + 2 for code in five], suited=suited, wheel=_SHORT_WHEEL, short_deck=True
        )
        best = max(best, value)
    return best


def evaluate_high(cards: CardsLike) -> HandValue:
    """The best high hand of 5 to 7 cards (G-RANK, G-TIE, G-ACE).

    Raises:
        InvalidCardError: Unreadable or duplicate cards, or not 5 to 7 of them.

    """
    codes = card_codes(cards, what="evaluate_high", sizes=_FIVE_TO_SEVEN, allow_joker=True)
    if JOKER_CODE in codes:
        return _evaluate_with_joker(codes)
    strength = high_strength(codes)
    five = next(five for five in combinations(codes, 5) if _high5_codes(five) == strength)
    return high_value(strength, five)


def high_value(strength: int, five: Sequence[int]) -> HandValue:
    """The `HandValue` of a known high strength made by these five codes."""
    return _value(strength, five, EvaluationKind.HIGH)


def evaluate_short_deck_high(cards: CardsLike) -> HandValue:
    """The best 6+ hold'em hand of 5 to 7 cards: 36-card deck (sixes to aces), a flush
    beats a full house and A-6-7-8-9 is the lowest straight (as pokerkit's
    ShortDeckHoldemHand).

    Raises:
        InvalidCardError: As `evaluate_high`, or a card below six.

    """
    codes = card_codes(cards, what="evaluate_short_deck_high", sizes=_FIVE_TO_SEVEN)
    low = [code for code in codes if code < 16]
    if low:
        raise InvalidCardError(
            f"evaluate_short_deck_high: {Card.from_code(low[0])} is not in the 36-card deck "
            "(sixes to aces)"
        )
    strength = short_deck_strength(codes)
    five = next(five for five in combinations(codes, 5) if short_deck_strength(five) == strength)
    place, ranks = unpack(strength)
    category = _SHORT_DECK_CATEGORY[place]
    top = ranks[0] if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH) else 0
    return HandValue(
        strength, category, display_order(five, straight_top=top), EvaluationKind.SHORT_DECK_HIGH
    )


_SHORT_DECK_CATEGORY = {
    _five.SHORT_DECK_ORDER.get(category, category.value): category for category in HandCategory
}


def _value(strength: int, five: Sequence[int], kind: EvaluationKind, joker_rank: int = 0) -> HandValue:
    place, ranks = unpack(strength)
    category = HandCategory(place)
    top = ranks[0] if category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH) else 0
    cards = display_order(five, straight_top=top, joker_rank=joker_rank)
    return HandValue(strength, category, cards, kind)


def _evaluate_with_joker(codes: tuple[int, ...]) -> HandValue:
    """The bug: an ace, or any card that completes a straight, flush or straight flush."""
    best: tuple[int, tuple[int, ...], int] | None = None
    for five in combinations(codes, 5):
        if JOKER_CODE not in five:
            candidate = (_high5_codes(five), five, 0)
        else:
            rest = [code for code in five if code != JOKER_CODE]
            candidate = _best_joker_five(rest, five)
        if best is None or candidate[0] > best[0]:
            best = candidate
    assert best is not None
    return _value(best[0], best[1], EvaluationKind.HIGH, joker_rank=best[2])


def _best_joker_five(rest: list[int], five: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
    ranks = [code // 4 + 2 for code in rest]
    if ranks.count(14) == 4:
        return pack(HandCategory.FIVE_OF_A_KIND.value, [14]), five, 14
    best = (-1, five, 0)
    for stand_in in range(52):
        if stand_in in rest:
            continue
        value = _high5_codes([*rest, stand_in])
        category = HandCategory(value >> 20)
        allowed = stand_in // 4 + 2 == 14 or category in (
            HandCategory.STRAIGHT,
            HandCategory.FLUSH,
            HandCategory.STRAIGHT_FLUSH,
        )
        if allowed and value > best[0]:
            best = (value, five, stand_in // 4 + 2)
    return best

