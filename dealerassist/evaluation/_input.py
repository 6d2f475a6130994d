"""Checks every evaluator makes on its input before looking at a single rank.

Evaluators accept cards or card text (``"AhKd"``); anything wrong (unreadable text,
a duplicate card, the wrong number of cards, an unknown or forbidden joker) raises
`InvalidCardError`, a `ValueError`, with a message naming the evaluator and the problem.
"""

from __future__ import annotations

from dealerassist.cards import Card, CardsLike, parse_cards
from dealerassist.errors import InvalidCardError

JOKER_CODE = 52
UNKNOWN_CODE = 53


def card_codes(
    cards: CardsLike,
    *,
    what: str,
    sizes: range,
    allow_joker: bool = False,
) -> tuple[int, ...]:
    """Return the codes of ``cards`` after checking them for the evaluator named ``what``.

    Args:
        cards: Cards or card text.
        what: The evaluator's name, for the message (``"evaluate_high"``).
        sizes: The accepted numbers of cards.
        allow_joker: Whether this evaluator knows what the joker means (G-DECK).

    Raises:
        InvalidCardError: Unreadable or duplicate cards, a wrong count, an unknown card,
            or a joker where none is allowed.

    """
    if isinstance(cards, (tuple, list)) and all(type(card) is Card for card in cards):
        parsed: tuple[Card, ...] = tuple(cards)
    else:
        try:
            parsed = parse_cards(cards, allow_duplicates=True)
        except InvalidCardError as error:
            raise InvalidCardError(f"{what}: {error}") from None
    codes = tuple(card.code for card in parsed)
    if len(codes) not in sizes:
        raise InvalidCardError(
            f"{what} takes {_describe_sizes(sizes)}, got {len(codes)} "
            f"({' '.join(str(card) for card in parsed) or 'none'})"
        )
    seen: set[int] = set()
    for card in parsed:
        code = card.code
        if code == UNKNOWN_CODE:
            raise InvalidCardError(f"{what}: an unknown card (??) cannot be evaluated")
        if code == JOKER_CODE and not allow_joker:
            raise InvalidCardError(f"{what}: the joker does not play in this game")
        if code in seen:
            raise InvalidCardError(f"{what}: duplicate card {card}")
        seen.add(code)
    return codes


def _describe_sizes(sizes: range) -> str:
    if len(sizes) == 1:
        return f"exactly {sizes[0]} cards"
    return f"{sizes[0]} to {sizes[-1]} cards"
