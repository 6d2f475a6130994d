"""The dealer's commands as frozen records: one class per action of the command language.

A command says what the dealer asked for (``RaiseTo(amount=60)``), nothing more; whether
it is allowed now is decided by the session and the engine. `CommandError` is the refusal
of a line that cannot be read. The language that builds these records from text is
`dealerassist.session.command_parser`; import both from `dealerassist.session.commands`.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.cards import Card
from dealerassist.errors import DealerAssistError

__all__ = [
    "AddChips",
    "AllIn",
    "Bet",
    "Board",
    "Call",
    "ChangeDraw",
    "Check",
    "Command",
    "CommandError",
    "CorrectStack",
    "DealUp",
    "DeclareDraw",
    "Draw",
    "FifthCard",
    "KeepOpeners",
    "Reshuffle",
    "Fold",
    "Leave",
    "Muck",
    "NewHand",
    "Pay",
    "PlaceButton",
    "PostBlind",
    "RaiseTo",
    "Rap",
    "SelectGame",
    "Show",
    "Sit",
    "SitIn",
    "SitOut",
    "Undo",
]


class CommandError(DealerAssistError, ValueError):
    """A dealer command line that cannot be read; the message says how to fix it."""


@dataclass(frozen=True, slots=True)
class Sit:
    """A player sits down: ``sit 3 Alice 1500``."""

    seat: int
    name: str
    stack: int


@dataclass(frozen=True, slots=True)
class Leave:
    """A player leaves the table with their chips: ``leave 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class SitOut:
    """A seated player stops being dealt in (keeps the seat): ``out 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class SitIn:
    """A sitting-out player comes back: ``in 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class PostBlind:
    """A new or returning player posts a big blind to be dealt in now: ``post 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class AddChips:
    """Chips added to a stack between hands (G-TABLE-STAKES): ``add 3 500``."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CorrectStack:
    """A stack set right between hands after a miscount, recorded as a correction."""

    seat: int
    stack: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class PlaceButton:
    """Put the button on a seat before the next hand (the draw for the button): ``button 5``."""

    seat: int


@dataclass(frozen=True, slots=True)
class SelectGame:
    """Play another game preset of rules.yaml from the next hand: ``game NLHE 2/5``."""

    preset: str


@dataclass(frozen=True, slots=True)
class NewHand:
    """Start the next hand: move the button, post the blinds: ``hand``."""


@dataclass(frozen=True, slots=True)
class Fold:
    """The player to act folds: ``f``."""


@dataclass(frozen=True, slots=True)
class Check:
    """The player to act checks: ``x``."""


@dataclass(frozen=True, slots=True)
class Call:
    """The player to act calls (all-in for less if short): ``c``."""


@dataclass(frozen=True, slots=True)
class Bet:
    """The player to act opens the betting: ``b 40`` (total for the street)."""

    amount: int


@dataclass(frozen=True, slots=True)
class RaiseTo:
    """The player to act raises TO an amount (the street total): ``r 60``."""

    amount: int


@dataclass(frozen=True, slots=True)
class AllIn:
    """The player to act puts every chip in: ``allin``."""


@dataclass(frozen=True, slots=True)
class Board:
    """Community cards: ``flop Ah Kd 7c``, ``turn 2s``, ``river 9h`` (street names a check)."""

    street: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Show:
    """A player shows their hand at showdown: ``show 3 Ah Ad``."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Muck:
    """A player gives up the pot without showing (G-SHOW-CLAIM): ``muck 3``."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pay:
    """The dealer confirms the showdown's payouts: ``pay`` (POT-AWARD, G-ODD-CHIP)."""


@dataclass(frozen=True, slots=True)
class DealUp:
    """Stud: the up cards dealt this street, by seat: ``up 1 Kh 2 7c 3 2d`` (ST7-DEAL)."""

    cards: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw games: the player due to draw discards and receives ``count`` cards (DR-DRAW).

    ``pat`` and ``draw 0`` stand pat.
    """

    count: int


@dataclass(frozen=True, slots=True)
class DeclareDraw:
    """Draw games: the next player to announce says how many cards they draw: ``ask 2``.

    Optional: ``draw N`` alone is the announcement and the deal at once (DR-CHANGE).
    """

    count: int


@dataclass(frozen=True, slots=True)
class ChangeDraw:
    """Draw games: a player changes the number announced: ``change 3 1`` (DR-CHANGE)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class FifthCard:
    """Draw games: the deferred fifth card of a draw of five: ``fifth`` (DR-DRAW-MAX)."""


@dataclass(frozen=True, slots=True)
class Rap:
    """The player in turn raps the table: ``rap`` (DR-RAP).

    A check in a betting round with nothing to call; a pat-hand declaration (``pat``)
    when the player is due to draw; refused with DR-RAP where it can mean neither.
    """


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Draw games: the stub ran out, the discards of the others make a new one: ``reshuffle``.

    DR-DRAW: the discards of every player but the one being served are shuffled (never the
    burns); refused while the stub can still serve that player.
    """


@dataclass(frozen=True, slots=True)
class KeepOpeners:
    """Jacks or better: seat ``seat`` asks that the opener keeps the opening hand: ``keep 5``.

    JB-KEEP: the opener's muck is then refused, and the opening hand is shown after the
    pot is awarded (``show SEAT CARDS``, the five cards held when opening).
    """

    seat: int


@dataclass(frozen=True, slots=True)
class Undo:
    """Cancel the last event (recorded as a new event; nothing is erased): ``undo``."""


Command = (
    Sit
    | Leave
    | SitOut
    | SitIn
    | PostBlind
    | AddChips
    | CorrectStack
    | PlaceButton
    | SelectGame
    | NewHand
    | Fold
    | Check
    | Call
    | Bet
    | RaiseTo
    | AllIn
    | Board
    | Show
    | Muck
    | Pay
    | DealUp
    | Draw
    | DeclareDraw
    | ChangeDraw
    | FifthCard
    | Reshuffle
    | Rap
    | Undo
)
