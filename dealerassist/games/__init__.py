"""Variants as data: `GameSpec` and the catalogue keyed by PHH code."""

from dealerassist.games.catalogue import GAMES, UnknownGameError, game
from dealerassist.games.spec import (
    BetSize,
    BettingStructure,
    Evaluator,
    Family,
    ForcedBets,
    GameSpec,
    Opening,
    Street,
)

__all__ = [
    "GAMES",
    "BetSize",
    "BettingStructure",
    "Evaluator",
    "Family",
    "ForcedBets",
    "GameSpec",
    "Opening",
    "Street",
    "UnknownGameError",
    "game",
]
