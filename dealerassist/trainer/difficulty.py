"""Difficulty levels: chip denominations, number of players, how often players go all-in.

A beginner sees round numbers at a short table; an advanced trainee sees odd denominations,
full tables and frequent all-ins, which is where side pots and short all-ins appear.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

__all__ = ["Difficulty", "DifficultyProfile", "profile"]


@unique
class Difficulty(StrEnum):
    """How hard the drills are."""

    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"


@dataclass(frozen=True, slots=True)
class DifficultyProfile:
    """What a difficulty level means for generated hands.

    Attributes:
        stakes: (small blind, big blind) pairs to draw from; fixed limit uses the big blind
            as the small bet.
        unit: every stack is a multiple of this chip denomination.
        players: fewest and most players dealt in.
        stack_big_blinds: fewest and most big blinds in a starting stack.
        all_in_percent: chance (percent) that a player facing a decision moves all in.
        short_stack_percent: chance that a player starts with a short stack.

    """

    stakes: tuple[tuple[int, int], ...]
    unit: int
    players: tuple[int, int]
    stack_big_blinds: tuple[int, int]
    all_in_percent: int
    short_stack_percent: int


_PROFILES = {
    Difficulty.BEGINNER: DifficultyProfile(
        stakes=((5, 10), (10, 20), (50, 100)), unit=5, players=(2, 4),
        stack_big_blinds=(50, 100), all_in_percent=2, short_stack_percent=5,
    ),
    Difficulty.INTERMEDIATE: DifficultyProfile(
        stakes=((25, 50), (10, 20), (50, 100), (100, 200)), unit=5, players=(3, 6),
        stack_big_blinds=(20, 100), all_in_percent=8, short_stack_percent=25,
    ),
    Difficulty.ADVANCED: DifficultyProfile(
        stakes=((15, 30), (75, 150), (40, 80), (2, 5), (300, 600)), unit=1, players=(4, 9),
        stack_big_blinds=(5, 120), all_in_percent=15, short_stack_percent=45,
    ),
}


def profile(difficulty: Difficulty | str) -> DifficultyProfile:
    """Return the profile of a difficulty level (accepts its name)."""
    return _PROFILES[Difficulty(difficulty)]
