"""Bilingual text for drills: every question, choice and explanation step in English and French.

Trainers in the card room teach in French or English; a drill carries both so the console
and the paper quiz can switch language without generating it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

__all__ = ["Lang", "Text", "seat_name"]


@unique
class Lang(StrEnum):
    """The languages a drill is written in."""

    EN = "en"
    FR = "fr"


@dataclass(frozen=True, slots=True)
class Text:
    """One sentence in English and in French."""

    en: str
    fr: str

    def get(self, lang: Lang | str) -> str:
        """Return the sentence in ``lang`` (English for anything but French)."""
        return self.fr if str(lang) == Lang.FR.value else self.en

    def __add__(self, other: Text) -> Text:
        return Text(self.en + other.en, self.fr + other.fr)


def seat_name(player: int) -> Text:
    """Name of a player index (0-based) as printed on the felt: Seat 1, Siège 1."""
    return Text(f"Seat {player + 1}", f"Siège {player + 1}")
