"""A ruling's words as the table reads them: player names and card symbols.

The detectors write rulings for the journal and the CLI ("seat 6's Kd is exposed"); on the
console the dealer reads them to the table, so each seat is named with its player ("seat 6
Ann's K♦ is exposed") and each card is drawn with its suit symbol.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from dealerassist.ui.theme import SUIT_SYMBOLS

__all__ = ["plain_rule_text", "ruling_words"]

# The catalogue's source tags ("[000]", "[std]"): for the rule's authors, not the table.
_SOURCE_TAG = re.compile(r"\s*\[(?:\d{3}|std)\]")
# A seat number after "seat"/"siège" (English and French rulings).
_SEAT = re.compile(r"\b(seat|Seat|siège|Siège) (\d+)\b")
# A card code standing alone: "Kd", "Th" (not inside a word, not "d'As").
_CARD = re.compile(r"(?<![\w'’])([2-9TJQKA])([shdc])(?![\w'’])")


def ruling_words(text: str, names: Mapping[int, str], lang: str = "en") -> str:
    """Return ``text`` with each seat followed by its player's name and cards as symbols.

    In French "As" is the word for an ace ("As de cœur"), so it is left as written.
    """

    def seat(match: re.Match[str]) -> str:
        name = names.get(int(match.group(2)), "")
        return f"{match.group(0)} {name}" if name else match.group(0)

    def card(match: re.Match[str]) -> str:
        if lang == "fr" and match.group(0) == "As":
            return "As"
        rank = "10" if match.group(1) == "T" else match.group(1)
        return rank + SUIT_SYMBOLS[match.group(2)]

    return _CARD.sub(card, _SEAT.sub(seat, text))


def plain_rule_text(text: str) -> str:
    """Return a catalogue text without its source tags ("... shows first [000]" -> "...")."""
    return _SOURCE_TAG.sub("", text)
