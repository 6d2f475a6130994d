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


def _g(code: str, family: GameFamily, forced: Forced, title: str, seats: int = 10) -> GameCode:
    return GameCode(code=code, family=family, fixed_limit=code.startswith("F"), forced=forced,
                    title=title, max_players=seats)


_B, _S, _D = GameFamily.BOARD, GameFamily.STUD, GameFamily.DRAW

KNOWN_GAMES: dict[str, GameCode] = {
    g.code: g
    for g in (
        _g("NT", _B, Forced.BLINDS, "No-limit Texas hold'em"),
        _g("PT", _B, Forced.BLINDS, "Pot-limit Texas hold'em (extension)"),
        _g("FT", _B, Forced.BLINDS, "Fixed-limit Texas hold'em"),
        _g("NS", _B, Forced.BLINDS, "No-limit short-deck hold'em"),
        _g("NO", _B, Forced.BLINDS, "No-limit Omaha (extension)"),
        _g("PO", _B, Forced.BLINDS, "Pot-limit Omaha"),
        _g("FO", _B, Forced.BLINDS, "Fixed-limit Omaha (extension)"),
        _g("NO/8", _B, Forced.BLINDS, "No-limit Omaha hi-lo (extension)"),
        _g("PO/8", _B, Forced.BLINDS, "Pot-limit Omaha hi-lo (extension)"),
        _g("FO/8", _B, Forced.BLINDS, "Fixed-limit Omaha hi-lo eight or better"),
        _g("F7S", _S, Forced.BRING_IN, "Fixed-limit seven-card stud", 8),
        _g("F7S/8", _S, Forced.BRING_IN, "Fixed-limit seven-card stud hi-lo eight or better", 8),
        _g("FR", _S, Forced.BRING_IN, "Fixed-limit razz", 8),
        _g("F5S", _S, Forced.BRING_IN, "Fixed-limit five-card stud (extension)", 8),
        _g("N2L1D", _D, Forced.BLINDS, "No-limit 2-7 lowball single draw", 6),
        _g("F2L3D", _D, Forced.BLINDS, "Fixed-limit 2-7 lowball triple draw", 6),
        _g("FA5L3D", _D, Forced.BLINDS, "Fixed-limit A-5 lowball triple draw (extension)", 6),
        _g("FA5L1D", _D, Forced.BLINDS, "Fixed-limit A-5 lowball single draw (extension)", 6),
        _g("FB", _D, Forced.BLINDS, "Fixed-limit badugi", 8),
        _g("F5D", _D, Forced.ANTES, "Fixed-limit five-card draw high (extension)", 6),
        _g("FJB", _D, Forced.ANTES, "Fixed-limit jacks or better (extension)", 6),
    )
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
