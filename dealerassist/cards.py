"""Cards, ranks, suits, parsing and the deck (rule G-DECK).

Every card in the program is one of 54 interned `Card` objects (52 faces, the joker,
and the unknown card of a hand history), so identity, hashing and comparison are cheap
and evaluators can index tables by `Card.code`.

Accepted text, case-insensitive, at the edges only (CLI, YAML, PHH, vision): ``Ah``,
``Td``, ``10d``, ``ah``, unicode suits (``A♠``), ``Jk``/``JOKER`` for the joker and
``??`` for an unknown card. `parse_cards` accepts separators or none (``"AhTd 10c"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum, unique
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:  # `random` is not imported at run time: replay never shuffles
    import random

from dealerassist.errors import InvalidCardError

__all__ = [
    "Card",
    "CardsLike",
    "Deck",
    "JOKER",
    "Rank",
    "Suit",
    "UNKNOWN",
    "format_cards",
    "parse_card",
    "parse_cards",
    "standard_deck",
]


@unique
class Rank(IntEnum):
    """Card ranks; the value is the high-ace rank (two = 2 ... ace = 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """One-character symbol: 2-9, T, J, Q, K, A."""
        return _RANK_SYMBOLS[self.value - 2]

    @property
    def low_value(self) -> int:
        """Value when aces play low (ace = 1), for A-5 lows and razz (RZ-LOW)."""
        return 1 if self is Rank.ACE else self.value


@unique
class Suit(StrEnum):
    """Suits. Their declaration order is the bring-in order of ST-BRINGIN.

    Suits never rank for hand strength (G-RANK); they only break stud bring-in ties
    (clubs lowest, then diamonds, hearts, spades) and, as a house option, odd chips.
    """

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def order(self) -> int:
        """0 for clubs up to 3 for spades (ST-BRINGIN)."""
        return _SUIT_ORDER[self]

    @property
    def symbol(self) -> str:
        """The unicode suit sign."""
        return _SUIT_SIGNS[self]


_RANK_SYMBOLS = "23456789TJQKA"
_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_ORDER = {suit: index for index, suit in enumerate(_SUITS)}
_SUIT_SIGNS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}

_JOKER_CODE = 52
_UNKNOWN_CODE = 53


@dataclass(frozen=True, slots=True)
class Card:
    """One card. Use `Card.of`, `parse_card` or the constants; never build codes by hand.

    ``code`` is ``(rank - 2) * 4 + suit order`` for the 52 faces, 52 for the joker and
    53 for a card whose face is unknown (a hidden hole card in a hand history).
    Cards are interned, so ``is`` and ``==`` agree.
    """

    code: int

    def __post_init__(self) -> None:
        if not 0 <= self.code <= _UNKNOWN_CODE:
            raise InvalidCardError(f"card code {self.code} is outside 0..53")

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        """Return the interned card of this rank and suit."""
        return _FACES[(rank - 2) * 4 + _SUIT_ORDER[suit]]

    @staticmethod
    def from_code(code: int) -> Card:
        """Return the interned card with this code."""
        try:
            return _ALL[code]
        except (IndexError, TypeError):
            raise InvalidCardError(f"card code {code!r} is outside 0..53") from None

    @property
    def rank(self) -> Rank:
        """The rank; a joker or unknown card has none (ValueError)."""
        if self.code >= _JOKER_CODE:
            raise InvalidCardError(f"{self} has no rank")
        return Rank(self.code // 4 + 2)

    @property
    def suit(self) -> Suit:
        """The suit; a joker or unknown card has none (ValueError)."""
        if self.code >= _JOKER_CODE:
            raise InvalidCardError(f"{self} has no suit")
        return _SUITS[self.code % 4]

    @property
    def is_joker(self) -> bool:
        """True for the joker (the "bug" of G-DECK)."""
        return self.code == _JOKER_CODE

    @property
    def is_unknown(self) -> bool:
        """True for a card whose face nobody has seen."""
        return self.code == _UNKNOWN_CODE

    @property
    def is_face(self) -> bool:
        """True for one of the 52 standard cards."""
        return self.code < _JOKER_CODE

    def __str__(self) -> str:
        if self.code == _JOKER_CODE:
            return "Jk"
        if self.code == _UNKNOWN_CODE:
            return "??"
        return _RANK_SYMBOLS[self.code // 4] + _SUITS[self.code % 4].value

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (self.code,))


_ALL: tuple[Card, ...] = tuple(Card(code) for code in range(_UNKNOWN_CODE + 1))
_FACES: tuple[Card, ...] = _ALL[:52]
JOKER: Card = _ALL[_JOKER_CODE]
UNKNOWN: Card = _ALL[_UNKNOWN_CODE]

CardsLike: TypeAlias = "str | Card | Iterable[Card | str]"
"""Loose card input accepted at the edges; `parse_cards` normalises it once."""

_RANK_TEXT = {symbol: Rank(index + 2) for index, symbol in enumerate(_RANK_SYMBOLS)}
_RANK_TEXT["10"] = Rank.TEN
_RANK_TEXT["1"] = Rank.ACE  # some hand-written histories use 1 for the ace
_SUIT_TEXT = {suit.value: suit for suit in _SUITS}
_SUIT_TEXT.update({sign: suit for suit, sign in _SUIT_SIGNS.items()})
_SUIT_TEXT.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})

_TOKEN = re.compile(
    r"(?P<joker>joker|jk|\*)|(?P<unknown>\?\?|xx)|(?P<rank>10|[2-9tjqka])(?P<suit>[cdhs♣♦♥♠♤♡♢♧])",
    re.IGNORECASE,
)
_SEPARATORS = re.compile(r"[\s,;\[\]]+")


def parse_card(text: str) -> Card:
    """Read one card such as ``Ah``, ``10d``, ``ts``, ``A♠``, ``Jk`` or ``??``.

    >>> parse_card("10d"), parse_card("ah")
    (Card('Td'), Card('Ah'))
    """
    if not isinstance(text, str):
        raise InvalidCardError(f"expected card text such as 'Ah', got {text!r}")
    cleaned = text.strip()
    match = _TOKEN.fullmatch(cleaned)
    if match is None:
        raise InvalidCardError(_explain_bad_card(cleaned))
    return _card_from_match(match)


def _card_from_match(match: re.Match[str]) -> Card:
    if match.group("joker"):
        return JOKER
    if match.group("unknown"):
        return UNKNOWN
    rank = _RANK_TEXT[match.group("rank").upper()]
    suit = _SUIT_TEXT[match.group("suit").lower()]
    return Card.of(rank, suit)


def _explain_bad_card(text: str) -> str:
    if not text:
        return "empty card text; expected a rank and a suit such as 'Ah'"
    if len(text) >= 2 and text[:-1] == "1" and text[-1].lower() in _SUIT_TEXT:
        # "1" reads as an ace in hand-written histories, never in a card typed alone.
        return f"bad card {text!r}: unknown rank '1' (use 2-9, T or 10, J, Q, K, A)"
    if len(text) >= 2 and text[:-1].upper() in _RANK_TEXT:
        return (
            f"bad card {text!r}: unknown suit {text[-1]!r} "
            "(use c, d, h or s for clubs, diamonds, hearts, spades)"
        )
    return f"bad card {text!r}: unknown rank (use 2-9, T or 10, J, Q, K, A)"


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Normalise loose card input to a tuple of cards, rejecting duplicate faces.

    Accepts ``"Ah Td 10c"``, ``"AhTd"``, ``["Ah", Card]`` or a single `Card`.
    Unknown cards (``??``) may repeat; a duplicated face is an error (IRR-DECK)
    unless ``allow_duplicates`` is set.

    >>> parse_cards("AhTd 10c")
    (Card('Ah'), Card('Td'), Card('Tc'))
    """
    if isinstance(cards, Card):
        result: tuple[Card, ...] = (cards,)
    elif isinstance(cards, str):
        result = _parse_card_string(cards)
    else:
        try:
            items = list(cards)
        except TypeError:
            raise InvalidCardError(f"expected cards, got {cards!r}") from None
        parsed: list[Card] = []
        for item in items:
            if isinstance(item, Card):
                parsed.append(item)
            elif isinstance(item, str):
                parsed.extend(_parse_card_string(item))
            else:
                raise InvalidCardError(f"expected a card, got {item!r}")
        result = tuple(parsed)
    if not allow_duplicates:
        _reject_duplicates(result)
    return result


def _parse_card_string(text: str) -> tuple[Card, ...]:
    parsed: list[Card] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        position = 0
        while position < len(chunk):
            match = _TOKEN.match(chunk, position)
            if match is None:
                rest = chunk[position:]
                raise InvalidCardError(_explain_bad_card(rest[:3] if len(rest) > 3 else rest))
            parsed.append(_card_from_match(match))
            position = match.end()
    return tuple(parsed)


def _reject_duplicates(cards: Sequence[Card]) -> None:
    seen: set[int] = set()
    for card in cards:
        if card.code == _UNKNOWN_CODE:
            continue
        if card.code in seen:
            raise InvalidCardError(f"duplicate card {card}")
        seen.add(card.code)


def format_cards(cards: Iterable[Card], *, separator: str = " ") -> str:
    """Cards as text, ``"Ah Td"``; the inverse of `parse_cards`."""
    return separator.join(str(card) for card in cards)


def standard_deck(*, joker_count: int = 0) -> tuple[Card, ...]:
    """Return the 52 faces in code order, plus the joker when the game allows it (G-DECK)."""
    if joker_count not in (0, 1):
        raise InvalidCardError(f"a deck holds 0 or 1 joker, not {joker_count}")
    return _FACES + ((JOKER,) if joker_count else ())


@dataclass(frozen=True, slots=True)
class Deck:
    """An ordered stub of cards, top card first. Drawing returns a new deck.

    Frozen so that a hand state holding a deck can be shared and replayed safely.
    """

    cards: tuple[Card, ...]

    @classmethod
    def standard(cls, *, joker_count: int = 0) -> Deck:
        """Return a fresh, unshuffled deck (G-DECK)."""
        return cls(standard_deck(joker_count=joker_count))

    def shuffled(self, rng: random.Random) -> Deck:
        """Return the same cards in a random order drawn from ``rng`` (inject it for replays)."""
        cards = list(self.cards)
        rng.shuffle(cards)
        return Deck(tuple(cards))

    def draw(self, count: int) -> tuple[tuple[Card, ...], Deck]:
        """Return the top ``count`` cards and the deck without them."""
        if count < 0:
            raise InvalidCardError(f"cannot draw {count} cards")
        if count > len(self.cards):
            raise InvalidCardError(
                f"cannot draw {count} cards: only {len(self.cards)} left in the stub"
            )
        return self.cards[:count], Deck(self.cards[count:])

    def without(self, cards: Iterable[Card]) -> Deck:
        """Return this deck with the given cards removed (cards seen elsewhere)."""
        removed = {card.code for card in cards}
        return Deck(tuple(card for card in self.cards if card.code not in removed))

    def __len__(self) -> int:
        return len(self.cards)
