"""The game codes a house file may name, with what the rules layer needs to know of each.

A preset's ``game`` and the deck's ``joker_games`` are PHH variant codes. The games layer
(`dealerassist.games.catalogue`) is the owner of the variants; when it is present its codes
are used, and this module's table only supplies the family and betting structure the
validator needs for the preset checks (a fixed-limit game needs its bets, a blind game its
blinds, a stud game its bring-in). Codes marked "extension" are the project's own, for
variants PHH has no code for.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique
from typing import Any

from dealerassist.rules.model import GameFamily

__all__ = ["Forced", "GameCode", "KNOWN_GAMES", "game_code", "known_game_codes"]


@unique
class Forced(StrEnum):
    """Which forced bets start the game (BET-FORCED)."""

    BLINDS = "blinds"
    BRING_IN = "bring_in"
    ANTES = "antes"


@dataclass(frozen=True)
class GameCode:
    """What the validator knows of a variant code."""

    code: str
    family: GameFamily
    fixed_limit: bool
    forced: Forced
    title: str
    max_players: int = 10


_B, _S, _D = GameFamily.BOARD, GameFamily.STUD, GameFamily.DRAW
_PHH = {"NT", "NS", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"}
_STRUCTURES = {"F": "Fixed-limit", "P": "Pot-limit", "N": "No-limit"}
# (game without its structure letter, family, forced bets, title, most players the deck deals)
_BODIES = (
    ("T", _B, Forced.BLINDS, "Texas hold'em", 23),
    ("S", _B, Forced.BLINDS, "short-deck hold'em", 15),
    ("O", _B, Forced.BLINDS, "Omaha", 11),
    ("O/8", _B, Forced.BLINDS, "Omaha hi-lo eight or better", 11),
    ("7S", _S, Forced.BRING_IN, "seven-card stud", 8),
    ("7S/8", _S, Forced.BRING_IN, "seven-card stud hi-lo eight or better", 8),
    ("R", _S, Forced.BRING_IN, "razz", 8),
    ("5S", _S, Forced.BRING_IN, "five-card stud", 12),
    ("2L1D", _D, Forced.BLINDS, "2-7 lowball single draw", 10),
    ("2L3D", _D, Forced.BLINDS, "2-7 lowball triple draw", 10),
    ("A5L3D", _D, Forced.BLINDS, "A-5 lowball triple draw", 10),
    ("A5L1D", _D, Forced.BLINDS, "A-5 lowball single draw", 10),
    ("B", _D, Forced.BLINDS, "badugi", 13),
    ("5D", _D, Forced.ANTES, "five-card draw high", 10),
    ("JB", _D, Forced.ANTES, "jacks or better", 10),
)


def _g(letter: str, body: str, family: GameFamily, forced: Forced, title: str,
       seats: int) -> GameCode:
    code = letter + body
    name = f"{_STRUCTURES[letter]} {title}" + ("" if code in _PHH else " (extension)")
    return GameCode(code=code, family=family, fixed_limit=letter == "F", forced=forced,
                    title=name, max_players=seats)


KNOWN_GAMES: dict[str, GameCode] = {
    g.code: g
    for g in (_g(letter, *body) for body in _BODIES for letter in _STRUCTURES)
}


def _catalogue() -> Any:
    try:
        from dealerassist.games import catalogue
    except ImportError:  # the games layer has not landed in this build
        return None
    table = getattr(catalogue, "GAMES", None)
    return table if isinstance(table, dict) and table else None


def known_game_codes() -> tuple[str, ...]:
    """Return every game code a house file may name.

    The games layer's catalogue (``dealerassist.games.catalogue.GAMES``) is the authority;
    this module's table is the fallback for a build without it.
    """
    table = _catalogue()
    return tuple(table) if table is not None else tuple(KNOWN_GAMES)


def game_code(code: str) -> GameCode | None:
    """Return what is known of a game code, or None for an unknown code."""
    table = _catalogue()
    if table is None:
        return KNOWN_GAMES.get(code)
    spec = table.get(code)
    if spec is None:
        return None
    try:
        forced = {"blinds": Forced.BLINDS, "bring_in": Forced.BRING_IN,
                  "antes_only": Forced.ANTES}[str(spec.forced)]
        return GameCode(code=code, family=GameFamily(str(spec.family)),
                        fixed_limit=str(spec.structure) == "fixed_limit", forced=forced,
                        title=str(spec.name), max_players=int(spec.max_players))
    except (AttributeError, KeyError, ValueError, TypeError):
        return KNOWN_GAMES.get(code)
