"""Hands in words, for the dealer's screen: English and French.

``describe(value)`` reads the category and tie-break ranks packed in the strength, so it
needs nothing but the value: "Kings full of sevens" / "Full, les Rois par les 7".
"""

from __future__ import annotations

from dealerassist.evaluation.value import (
    LOW_BASE,
    BadugiCategory,
    EvaluationKind,
    HandCategory,
    HandValue,
    unpack,
)

__all__ = ["describe"]

_EN_ONE = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
_EN_MANY = {rank: ("sixes" if rank == 6 else name + "s") for rank, name in _EN_ONE.items()}
_FR_ONE = {1: "As", 11: "Valet", 12: "Dame", 13: "Roi", 14: "As"}
_SYMBOL = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def _fr(rank: int) -> str:
    return _FR_ONE.get(rank, str(rank))


def _fr_many(rank: int) -> str:
    """Name the rank in the plural with its article: les Rois, les 7, les As."""
    name = _FR_ONE.get(rank)
    if name is None:
        return f"les {rank}"
    return f"les {name}" if name == "As" else f"les {name}s"


def _fr_of(rank: int) -> str:
    """Name the rank after "de": de Rois, de 7, d'As."""
    name = _FR_ONE.get(rank)
    if name is None:
        return f"de {rank}"
    return "d'As" if name == "As" else f"de {name}s"


def _symbols(ranks: tuple[int, ...]) -> str:
    return "-".join(_SYMBOL.get(rank, str(rank)) for rank in ranks if rank)


def describe(value: HandValue, lang: str = "en") -> str:
    """Say the hand in words: ``"Kings full of sevens"`` or ``"Full, les Rois par les 7"``.

    Args:
        value: A value from any evaluator.
        lang: ``"en"`` or ``"fr"``.

    Raises:
        ValueError: An unknown language.

    """
    if lang not in ("en", "fr"):
        raise ValueError(f"describe: unknown language {lang!r} (use 'en' or 'fr')")
    if value.kind is EvaluationKind.BADUGI:
        return _describe_badugi(value, lang)
    if value.is_low:
        return _describe_low(value, lang)
    _, ranks = unpack(value.strength)
    category = HandCategory(value.category)
    return (_english if lang == "en" else _french)(category, ranks)


def _english(category: HandCategory, ranks: tuple[int, ...]) -> str:
    one, many = _EN_ONE, _EN_MANY
    first, second = ranks[0], ranks[1]
    if category is HandCategory.FIVE_OF_A_KIND:
        return f"Five {many[first]}"
    if category is HandCategory.STRAIGHT_FLUSH:
        return "Royal flush" if first == 14 else f"Straight flush, {one[first]} high"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"Four {many[first]}"
    if category is HandCategory.FULL_HOUSE:
        return f"{many[first].capitalize()} full of {many[second]}"
    if category is HandCategory.FLUSH:
        return f"Flush, {one[first]} high"
    if category is HandCategory.STRAIGHT:
        return f"Straight, {one[first]} high"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"Three {many[first]}"
    if category is HandCategory.TWO_PAIR:
        return f"Two pair, {many[first]} and {many[second]}"
    if category is HandCategory.PAIR:
        return f"Pair of {many[first]}"
    return f"{one[first].capitalize()} high"


def _french(category: HandCategory, ranks: tuple[int, ...]) -> str:
    first, second = ranks[0], ranks[1]
    if category is HandCategory.FIVE_OF_A_KIND:
        return f"Cinq {_fr_many(first)[4:]}"
    if category is HandCategory.STRAIGHT_FLUSH:
        return "Quinte flush royale" if first == 14 else f"Quinte flush hauteur {_fr(first)}"
    if category is HandCategory.FOUR_OF_A_KIND:
        return f"Carré {_fr_of(first)}"
    if category is HandCategory.FULL_HOUSE:
        return f"Full, {_fr_many(first)} par {_fr_many(second)}"
    if category is HandCategory.FLUSH:
        return f"Couleur hauteur {_fr(first)}"
    if category is HandCategory.STRAIGHT:
        return f"Quinte hauteur {_fr(first)}"
    if category is HandCategory.THREE_OF_A_KIND:
        return f"Brelan {_fr_of(first)}"
    if category is HandCategory.TWO_PAIR:
        return f"Double paire, {_fr_many(first)} et {_fr_many(second)}"
    if category is HandCategory.PAIR:
        return f"Paire {_fr_of(first)}"
    return f"Hauteur {_fr(first)}"


def _describe_low(value: HandValue, lang: str) -> str:
    place, ranks = unpack(LOW_BASE - value.strength)
    category = HandCategory(place)
    if category is HandCategory.HIGH_CARD:
        cards = _symbols(ranks)
        return f"{cards} low" if lang == "en" else f"Low {cards}"
    # A paired (or straight/flush in 2-7) low reads as the high hand it is.
    return (_english if lang == "en" else _french)(category, ranks)


def _describe_badugi(value: HandValue, lang: str) -> str:
    size = BadugiCategory(value.category).value
    _, ranks = unpack(LOW_BASE - value.strength)
    cards = _symbols(ranks)
    if size == 4:
        return f"Badugi {cards}"
    if lang == "en":
        return f"{size}-card {cards}"
    return f"{size} cartes {cards}"
