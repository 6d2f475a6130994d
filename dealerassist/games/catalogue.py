"""The variants the engine knows, keyed by PHH variant code (``GAMES``).

Codes marked "extension" are the project's own, for variants PHH has no code for; they
follow the PHH pattern (structure letter, game letters, ``/8`` for eight-or-better hi-lo).
"""

from __future__ import annotations

from dataclasses import dataclass

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

__all__ = ["GAMES", "PHH_CODES", "STRUCTURES", "UnknownGameError", "codes", "deal_capacity",
           "game"]

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


# A code is the structure letter (F fixed, P pot, N no limit) then the game:
# every game may be played at every structure, as the house chooses (`game`; HE-LIMITS).
STRUCTURES: dict[str, BettingStructure] = {"F": _FL, "P": _PL, "N": _NL}
_STRUCTURE_NAMES = {_FL: "Fixed-limit", _PL: "Pot-limit", _NL: "No-limit"}

# The codes PHH and pokerkit 0.7.7 name; every other structure and game pair is a project
# extension built the same way.
PHH_CODES = frozenset({"NT", "NS", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D",
                       "F2L3D", "FB"})


@dataclass(frozen=True, slots=True)
class _Body:
    """A game without its betting structure: everything a `GameSpec` has but the letter."""

    body: str
    name: str
    family: Family
    streets: tuple[Street, ...]
    high: Evaluator | None
    low: Evaluator | None = None
    forced: ForcedBets = ForcedBets.BLINDS
    deck_ranks: tuple[int, ...] = tuple(range(2, 15))


def _board(body: str, name: str, *, hole: int = 2, high: Evaluator = Evaluator.HIGH,
           low: Evaluator | None = None,
           deck_ranks: tuple[int, ...] = tuple(range(2, 15))) -> _Body:
    return _Body(body, name, Family.BOARD, _board_streets(hole), high, low,
                 deck_ranks=deck_ranks)


_OH, _OL = Evaluator.OMAHA_HIGH, Evaluator.OMAHA_LOW8
_STUD7 = _stud_streets(first=Opening.LOW_CARD, later=Opening.HIGH_HAND)
_BODIES: tuple[_Body, ...] = (
    _board("T", "Texas hold'em"),
    _board("S", "short-deck hold'em", high=Evaluator.SHORT_DECK_HIGH,
           deck_ranks=tuple(range(6, 15))),
    _board("O", "Omaha", hole=4, high=_OH),
    _board("O/8", "Omaha hi-lo eight or better", hole=4, high=_OH, low=_OL),
    _Body("7S", "seven-card stud", Family.STUD, _STUD7, Evaluator.HIGH,
          forced=ForcedBets.BRING_IN),
    _Body("7S/8", "seven-card stud hi-lo eight or better", Family.STUD, _STUD7,
          Evaluator.HIGH, Evaluator.LOW8, forced=ForcedBets.BRING_IN),
    _Body("R", "razz", Family.STUD,
          _stud_streets(first=Opening.HIGH_CARD, later=Opening.LOW_HAND), None,
          Evaluator.LOW_A5, forced=ForcedBets.BRING_IN),
    _Body("5S", "five-card stud", Family.STUD,
          _stud_streets(first=Opening.LOW_CARD, later=Opening.HIGH_HAND, five_card=True),
          Evaluator.HIGH, forced=ForcedBets.BRING_IN),
    _Body("2L1D", "2-7 lowball single draw", Family.DRAW, _draw_streets(5, draws=1), None,
          Evaluator.LOW_27),
    _Body("2L3D", "2-7 lowball triple draw", Family.DRAW, _draw_streets(5, draws=3), None,
          Evaluator.LOW_27),
    _Body("A5L3D", "A-5 lowball triple draw", Family.DRAW, _draw_streets(5, draws=3), None,
          Evaluator.LOW_A5),
    _Body("A5L1D", "A-5 lowball single draw", Family.DRAW, _draw_streets(5, draws=1), None,
          Evaluator.LOW_A5),
    _Body("B", "badugi", Family.DRAW, _draw_streets(4, draws=3), None, Evaluator.BADUGI),
    _Body("5D", "five-card draw high", Family.DRAW, _draw_streets(5, draws=1),
          Evaluator.HIGH, forced=ForcedBets.ANTES_ONLY),
    _Body("JB", "jacks or better", Family.DRAW, _draw_streets(5, draws=1), Evaluator.HIGH,
          forced=ForcedBets.ANTES_ONLY),
)


def deal_capacity(body: _Body) -> int:
    """Return the most players the deck can deal this game to, burns left out.

    Board games: the hole cards of everyone and the five board cards. Stud: every card but
    the last one each, which may be one community card (ST7-COMMUNITY). Draw games: the
    first deal (later draws reshuffle the discards, DR-DRAW). A house seats fewer
    (``table.max_players``); a recorded hand above the house's number but within this one
    replays with a flag.
    """
    deck = 4 * len(body.deck_ranks)
    hole = sum(street.hole_count for street in body.streets)
    if body.family is Family.BOARD:
        return (deck - sum(street.board for street in body.streets)) // hole
    if body.family is Family.STUD:
        return (deck - 1) // (hole - 1)
    return deck // body.streets[0].hole_count


def _spec(letter: str, body: _Body) -> GameSpec:
    structure = STRUCTURES[letter]
    code = letter + body.body
    name = f"{_STRUCTURE_NAMES[structure]} {body.name}"
    if code not in PHH_CODES:
        name += " (extension)"
    return GameSpec(code=code, name=name, family=body.family, structure=structure,
                    streets=body.streets, high=body.high, low=body.low, forced=body.forced,
                    deck_ranks=body.deck_ranks, max_players=deal_capacity(body))


_GAMES: tuple[GameSpec, ...] = tuple(_spec(letter, body) for body in _BODIES
                                     for letter in STRUCTURES)

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
        bodies = ", ".join(body.body for body in _BODIES)
        raise UnknownGameError(
            f"unknown game {code!r}; a game is a structure letter (F, P or N) then one of "
            f"{bodies} (NT, PO/8, F7S, N2L3D ...)"
        ) from None
