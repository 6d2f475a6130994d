"""The hands the pot, showdown and rake drills are drawn from, and how they name seats.

`final_states` plays random hands to their end with more all-ins than the difficulty's
profile would give (side pots need them); `POT_GAMES` are the games of the pots and rake
drills. `seat_list` writes players as the seat numbers printed on the felt.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from dealerassist.engine.state import HandState
from dealerassist.rules.model import HouseRules
from dealerassist.trainer.difficulty import Difficulty, profile
from dealerassist.trainer.hands import DRAW_GAMES, STUD_GAMES, choose_game, play_hand, random_setup

__all__ = ["POT_GAMES", "final_states", "seat_list"]

POT_GAMES = ("NT", "PO", "FT", "NO/8", "PT") + STUD_GAMES + DRAW_GAMES


def seat_list(players: tuple[int, ...] | list[int]) -> str:
    """Return the seat numbers (from 1) of ``players`` (indices from 0), comma separated."""
    return ", ".join(str(p + 1) for p in players)


def final_states(rng: random.Random, *, games: tuple[str, ...], difficulty: Difficulty,
                 rules: HouseRules, all_in: int) -> Iterator[HandState]:
    """Yield the final states of up to 400 random hands of ``games``.

    The difficulty's profile is raised to at least ``all_in`` percent of all-ins and short
    stacks, so the pots, showdown and rake drills find the hands they look for.
    """
    prof = profile(difficulty)
    prof = dataclasses.replace(prof, all_in_percent=max(prof.all_in_percent, all_in),
                               short_stack_percent=max(prof.short_stack_percent, all_in))
    for _ in range(400):
        setup = random_setup(rng, game=choose_game(rng, games), prof=prof, rules=rules)
        yield play_hand(rng, setup, prof=prof).final.state
