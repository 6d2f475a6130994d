"""The variants the engine knows, keyed by PHH variant code (``GAMES``).

Codes marked "extension" are the project's own, for variants PHH has no code for; they
follow the PHH pattern (structure letter, game letters, ``/8`` for eight-or-better hi-lo).
"""

from __future__ import annotations

from dealerassist.errors import DealerAssistError
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

__all__ = ["GAMES", "UnknownGameError", "codes", "game"]

_FL, _PL, _NL = BettingStructure.FIXED_LIMIT, BettingStructure.POT_LIMIT, BettingStructure.NO_LIMIT
_SMALL, _BIG = BetSize.SMALL, BetSize.BIG


class UnknownGameError(DealerAssistError, KeyError):
    """A variant code the catalogue does not know."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"


def _board_streets(hole: int) -> tuple[Street, ...]:
    # HE-STREETS / OM-DEAL: hole cards, then burn+flop, burn+turn, burn+river.
    return (
        Street(hole_down=hole, bet_size=_SMALL),
        Street(board=3, burn=True, bet_size=_SMALL),
        Street(board=1, burn=True, bet_size=_BIG),
        Street(board=1, burn=True, bet_size=_BIG),
    )


def _stud_streets(*, first: Opening, later: Opening, five_card: bool = False) -> tuple[Street, ...]:
    # ST7-DEAL / ST5-DEAL, ST-LIMITS: small bet on 3rd and 4th street, big bet afterwards.
    if five_card:
        return (
            Street(hole_down=1, hole_up=1, opening=first),
            Street(hole_up=1, burn=True, opening=later),
            Street(hole_up=1, burn=True, bet_size=_BIG, opening=later),
            Street(hole_up=1, burn=True, bet_size=_BIG, opening=later),
        )
    return (
        Street(hole_down=2, hole_up=1, opening=first),
        Street(hole_up=1, burn=True, opening=later),
        Street(hole_up=1, burn=True, bet_size=_BIG, opening=later),
        Street(hole_up=1, burn=True, bet_size=_BIG, opening=later),
        Street(hole_down=1, burn=True, bet_size=_BIG, opening=later),
    )


def _draw_streets(hole: int, *, draws: int) -> tuple[Street, ...]:
    # LB-DEAL, LB-LIMITS, DR-LIMITS: the limit doubles after the (first two) draw(s).
    if draws == 1:
        return (Street(hole_down=hole), Street(draw=True, bet_size=_BIG))
    return (
        Street(hole_down=hole),
        Street(draw=True),
        Street(draw=True, bet_size=_BIG),
        Street(draw=True, bet_size=_BIG),
    )


def _board(code: str, name: str, structure: BettingStructure, *, hole: int = 2,
           high: Evaluator = Evaluator.HIGH, low: Evaluator | None = None,
           deck_ranks: tuple[int, ...] = tuple(range(2, 15))) -> GameSpec:
    return GameSpec(code=code, name=name, family=Family.BOARD, structure=structure,
                    streets=_board_streets(hole), high=high, low=low, deck_ranks=deck_ranks,
                    max_players=10 if hole == 2 else 10)


_OH, _OL = Evaluator.OMAHA_HIGH, Evaluator.OMAHA_LOW8
_GAMES: tuple[GameSpec, ...] = (
    _board("NT", "No-limit Texas hold'em", _NL),
    _board("PT", "Pot-limit Texas hold'em (extension)", _PL),
    _board("FT", "Fixed-limit Texas hold'em", _FL),
    _board("NS", "No-limit short-deck hold'em", _NL, high=Evaluator.SHORT_DECK_HIGH,
           deck_ranks=tuple(range(6, 15))),
    _board("NO", "No-limit Omaha (extension)", _NL, hole=4, high=_OH),
    _board("PO", "Pot-limit Omaha", _PL, hole=4, high=_OH),
    _board("FO", "Fixed-limit Omaha (extension)", _FL, hole=4, high=_OH),
    _board("NO/8", "No-limit Omaha hi-lo (extension)", _NL, hole=4, high=_OH, low=_OL),
    _board("PO/8", "Pot-limit Omaha hi-lo (extension)", _PL, hole=4, high=_OH, low=_OL),
    _board("FO/8", "Fixed-limit Omaha hi-lo eight or better", _FL, hole=4, high=_OH, low=_OL),
    GameSpec(code="F7S", name="Fixed-limit seven-card stud", family=Family.STUD, structure=_FL,
             streets=_stud_streets(first=Opening.LOW_CARD, later=Opening.HIGH_HAND),
             high=Evaluator.HIGH, forced=ForcedBets.BRING_IN, max_players=8),
    GameSpec(code="F7S/8", name="Fixed-limit seven-card stud hi-lo eight or better",
             family=Family.STUD, structure=_FL,
             streets=_stud_streets(first=Opening.LOW_CARD, later=Opening.HIGH_HAND),
             high=Evaluator.HIGH, low=Evaluator.LOW8, forced=ForcedBets.BRING_IN, max_players=8),
    GameSpec(code="FR", name="Fixed-limit razz", family=Family.STUD, structure=_FL,
             streets=_stud_streets(first=Opening.HIGH_CARD, later=Opening.LOW_HAND),
             high=None, low=Evaluator.LOW_A5, forced=ForcedBets.BRING_IN, max_players=8),
    GameSpec(code="F5S", name="Fixed-limit five-card stud (extension)", family=Family.STUD,
             structure=_FL,
             streets=_stud_streets(first=Opening.LOW_CARD, later=Opening.HIGH_HAND,
                                   five_card=True),
             high=Evaluator.HIGH, forced=ForcedBets.BRING_IN, max_players=8),
    GameSpec(code="N2L1D", name="No-limit 2-7 lowball single draw", family=Family.DRAW,
             structure=_NL, streets=_draw_streets(5, draws=1), high=None, low=Evaluator.LOW_27,
             max_players=6),
    GameSpec(code="F2L3D", name="Fixed-limit 2-7 lowball triple draw", family=Family.DRAW,
             structure=_FL, streets=_draw_streets(5, draws=3), high=None, low=Evaluator.LOW_27,
             max_players=6),
    GameSpec(code="FA5L3D", name="Fixed-limit A-5 lowball triple draw (extension)",
             family=Family.DRAW, structure=_FL, streets=_draw_streets(5, draws=3), high=None,
             low=Evaluator.LOW_A5, max_players=6),
    GameSpec(code="FA5L1D", name="Fixed-limit A-5 lowball single draw (extension)",
             family=Family.DRAW, structure=_FL, streets=_draw_streets(5, draws=1), high=None,
             low=Evaluator.LOW_A5, max_players=6),
    GameSpec(code="FB", name="Fixed-limit badugi", family=Family.DRAW, structure=_FL,
             streets=_draw_streets(4, draws=3), high=None, low=Evaluator.BADUGI, max_players=8),
    GameSpec(code="F5D", name="Fixed-limit five-card draw high (extension)", family=Family.DRAW,
             structure=_FL, streets=_draw_streets(5, draws=1), high=Evaluator.HIGH,
             forced=ForcedBets.ANTES_ONLY, max_players=6),
    GameSpec(code="FJB", name="Fixed-limit jacks or better (extension)", family=Family.DRAW,
             structure=_FL, streets=_draw_streets(5, draws=1), high=Evaluator.HIGH,
             forced=ForcedBets.ANTES_ONLY, max_players=6),
)

GAMES: dict[str, GameSpec] = {spec.code: spec for spec in _GAMES}
"""Every known variant by code."""

BOARD_CODES: tuple[str, ...] = tuple(s.code for s in _GAMES if s.family is Family.BOARD)


def codes() -> tuple[str, ...]:
    """Every known variant code."""
    return tuple(GAMES)


def game(code: str) -> GameSpec:
    """Return the variant with this code.

    Raises:
        UnknownGameError: the code is not in the catalogue (the message lists the known ones).

    """
    try:
        return GAMES[code]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {code!r}; known: {', '.join(GAMES)}"
        ) from None
