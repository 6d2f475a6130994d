"""Checks and defaults that need to know the games: what the typed model cannot say alone.

The loader calls them on each record it reads: `EXTRA_CHECKS` return ``(field, message)``
pairs like the model's own cross checks; `DEFAULTS` fill a default that depends on another
field (a preset's seat count depends on its game).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from dealerassist.rules import model
from dealerassist.rules.game_codes import Forced, game_code, known_game_codes
from dealerassist.rules.model import GameFamily, GamePreset

__all__ = ["DEFAULTS", "EXTRA_CHECKS", "no_checks", "preset_warnings", "same", "suggest"]


def suggest(word: str, choices: Iterable[str]) -> str:
    """Return ``"; did you mean 'x'?"`` for the closest choice, or an empty text."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def same(values: dict[str, Any]) -> dict[str, Any]:
    """Return the values unchanged (no dependent default)."""
    return values


def _preset_defaults(values: dict[str, Any]) -> dict[str, Any]:
    """Default ``max_seats`` to the smallest of 9, the deck and the house's family number.

    The deck: what it deals (`GameSpec.max_players`); the family number: the default
    ``table.max_players`` (stud 8, draw 8).
    """
    if "max_seats" in values or "game" not in values:
        return values
    info = game_code(values["game"])
    default = GamePreset.__dataclass_fields__["max_seats"].default
    if info is None:
        return values
    seats = min(info.max_players, model.TableRules().seats_for(info.family))
    if seats >= default:
        return values
    return {**values, "max_seats": seats}


DEFAULTS: dict[type, Any] = {GamePreset: _preset_defaults}


def no_checks(_: Any) -> list[tuple[str, str]]:
    """Return no problem (no extra check for this record)."""
    return []


def _preset_checks(preset: GamePreset) -> list[tuple[str, str]]:
    """Check what needs the game: a known code, the stakes it needs, its seat count."""
    codes = known_game_codes()
    if preset.game is None:
        return []
    if preset.game not in codes:
        return [("game", f"preset {preset.name!r} names an unknown game {preset.game!r}"
                 f"{suggest(preset.game, codes)} (known: {', '.join(codes)})")]
    info = game_code(preset.game)
    if info is None:
        return []
    problems = []
    if preset.max_seats > info.max_players:
        problems.append(("max_seats", f"preset {preset.name!r}: {preset.game} seats at most "
                         f"{info.max_players} players, not {preset.max_seats}"))
    if preset.openers is not None and info.family is not GameFamily.DRAW:
        problems.append(("openers", f"preset {preset.name!r}: openers apply to draw games "
                         f"only, not {preset.game}"))
    if preset.schedule is not None:  # the schedule sets the blinds (TRN-LEVELS)
        return problems
    if info.forced is Forced.BLINDS and preset.big_blind < 1:
        problems.append(("big_blind", f"preset {preset.name!r}: {preset.game} is a blind game; "
                         "big_blind must be at least 1"))
    if info.forced is Forced.BRING_IN and preset.bring_in < 1:
        problems.append(("bring_in", f"preset {preset.name!r}: {preset.game} is a stud game; "
                         "bring_in must be at least 1"))
    if info.forced is Forced.ANTES and preset.ante < 1:
        problems.append(("ante", f"preset {preset.name!r}: {preset.game} is played with "
                         "antes; ante must be at least 1"))
    if info.fixed_limit and (preset.small_bet < 1 or preset.big_bet < 1):
        problems.append(("small_bet", f"preset {preset.name!r}: {preset.game} is fixed limit; "
                         "small_bet and big_bet must be at least 1"))
    if info.forced is Forced.BLINDS and preset.small_blind < 1 \
            and info.family is not GameFamily.DRAW:
        problems.append(("small_blind", f"preset {preset.name!r}: small_blind must be at "
                         "least 1"))
    return problems


def _deck_checks(deck: model.DeckRules) -> list[tuple[str, str]]:
    codes = known_game_codes()
    return [("joker_games", f"joker_games names an unknown game {code!r}{suggest(code, codes)}")
            for code in sorted(deck.joker_games) if code not in codes]


EXTRA_CHECKS: dict[type, Any] = {GamePreset: _preset_checks, model.DeckRules: _deck_checks}


def preset_warnings(rules: model.HouseRules) -> list[str]:
    """Return the presets' blinds that depart from the catalogue's guide: warnings only.

    BET-SB-SIZE: the small blind is about half the big blind (the house may round it down
    to its chips: 5/10 limit, small blind 2; or choose otherwise). BET-BB-SIZE: in limit
    hold'em and Omaha the big blind is the lower limit. The house's choice stands; the
    warning says where a preset may be a typing slip.
    """
    warnings = []
    for preset in rules.presets:
        if preset.game is None or preset.schedule is not None:
            continue
        info = game_code(preset.game)
        if info is None or info.forced is not Forced.BLINDS or preset.big_blind < 1:
            continue
        small, big = preset.small_blind, preset.big_blind
        if small and not (big <= 4 * small and 2 * small <= big):  # a quarter to a half
            warnings.append(f"preset {preset.name!r}: small blind {preset.small_blind} is not "
                            f"about half the big blind {preset.big_blind} (BET-SB-SIZE)")
        if (info.fixed_limit and info.family is GameFamily.BOARD and preset.small_bet
                and preset.big_blind != preset.small_bet):
            warnings.append(f"preset {preset.name!r}: big blind {preset.big_blind} is not the "
                            f"lower limit {preset.small_bet} (BET-BB-SIZE)")
    return warnings
