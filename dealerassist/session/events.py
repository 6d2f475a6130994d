"""Table events: the facts of a table over time, past tense, frozen.

Hand events come from the engine (`dealerassist.engine.events`); these are the table's
own: who sat, who left, the game played, each hand's start (its whole plan, so a replay
never decides again) and end, corrections, and undo. Every dealer command is journaled
first as `CommandReceived` followed by the events it caused; `Undone` cancels one such
command group. Nothing is ever edited or deleted (design: "a correction is a new event").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from dealerassist.session.table import HandPlan, SeatState

__all__ = [
    "ButtonPlaced",
    "ChipsAdded",
    "CommandReceived",
    "GameSelected",
    "HandFinished",
    "HandStarted",
    "PlayerLeft",
    "PlayerSat",
    "PlayerSatIn",
    "PlayerSatOut",
    "PostPromised",
    "StackCorrected",
    "TABLE_EVENTS",
    "Undone",
]


@dataclass(frozen=True, slots=True)
class CommandReceived:
    """The dealer's command line, journaled before the events it causes (audit trail)."""

    class_version: ClassVar[int] = 1
    text: str


@dataclass(frozen=True, slots=True)
class Undone:
    """The command group starting at ``command_seq`` is cancelled (kept in the journal)."""

    class_version: ClassVar[int] = 1
    command_seq: int
    text: str


@dataclass(frozen=True, slots=True)
class GameSelected:
    """The game and stakes played from the next hand on (a preset of rules.yaml).

    Version 2 added ``raked`` (RAKE-SHARE: a preset may be played without rake, e.g. a
    tournament); version-1 records read with the default (raked).
    """

    class_version: ClassVar[int] = 2
    preset: str
    game: str
    small_blind: int
    big_blind: int
    ante: int = 0
    small_bet: int = 0
    big_bet: int = 0
    bring_in: int = 0
    max_seats: int = 9
    raked: bool = True
    straddle: int = 0
    openers: str = ""


@dataclass(frozen=True, slots=True)
class PlayerSat:
    """A player sat down, playing at once or waiting for the big blind (BET-NEW-PLAYER)."""

    class_version: ClassVar[int] = 1
    seat: int
    name: str
    stack: int
    state: SeatState
    will_post: bool = False


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A player left with ``stack`` chips."""

    class_version: ClassVar[int] = 1
    seat: int
    stack: int


@dataclass(frozen=True, slots=True)
class PlayerSatOut:
    """A player stopped being dealt in, keeping the seat."""

    class_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerSatIn:
    """A player came back: playing, or waiting when blinds were missed."""

    class_version: ClassVar[int] = 1
    seat: int
    state: SeatState


@dataclass(frozen=True, slots=True)
class PostPromised:
    """A waiting player will post a big blind to be dealt in next hand (BET-NEW-PLAYER)."""

    class_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class ChipsAdded:
    """Chips added to a stack between hands (G-TABLE-STAKES)."""

    class_version: ClassVar[int] = 1
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class StackCorrected:
    """A stack set right between hands: the correction, never an edit of the past."""

    class_version: ClassVar[int] = 1
    seat: int
    previous: int
    stack: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ButtonPlaced:
    """The dealer put the button on ``seat`` for the next hand (G-BUTTON)."""

    class_version: ClassVar[int] = 1
    seat: int


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A hand began: its plan and the engine's setup, in PHH player order.

    Attributes:
        hand_id: Hand number at this table, from 1.
        game: PHH variant code.
        plan: Button, blinds, seats dealt (PHH order: first left of the button ... button).
        names: Player names, PHH order.
        starting_stacks: Stacks at the start, PHH order (G-TABLE-STAKES).
        antes: Antes and dead money posted per player, PHH order.
        blinds: Live blinds posted per player, PHH order.
        min_bet: Big blind (no/pot limit) or small bet (fixed limit).
        small_bet: Fixed limit small bet.
        big_bet: Fixed limit big bet.
        bring_in: Stud bring-in.
        big_blind: The nominal big blind.
        raked: Whether the house takes a rake from this hand (RAKE-SHARE).
        openers: What opens in this hand's game when its preset says (DR-OPENERS), else
            "" (the house's ``draw.openers``).
        carried: Dead money carried in from the last deal, in the main pot from the start:
            a passed-out deal's antes (JB-NO-OPEN) or a false opener's pot (IRR-JB-FALSE).

    Version 2 added ``raked``; version 3 added ``carried`` (older records read 0).

    """

    class_version: ClassVar[int] = 3
    hand_id: int
    game: str
    plan: HandPlan
    names: tuple[str, ...]
    starting_stacks: tuple[int, ...]
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    min_bet: int
    small_bet: int = 0
    big_bet: int = 0
    bring_in: int = 0
    big_blind: int = 0
    raked: bool = True
    openers: str = ""
    carried: int = 0

    @property
    def seats(self) -> tuple[int, ...]:
        """Seats dealt in, PHH order."""
        return self.plan.seats


@dataclass(frozen=True, slots=True)
class HandFinished:
    """A hand ended; ``final_stacks`` per dealt seat (PHH order), rake taken."""

    class_version: ClassVar[int] = 1
    hand_id: int
    final_stacks: tuple[int, ...]
    rake: int = 0


TABLE_EVENTS: tuple[type, ...] = (
    CommandReceived,
    Undone,
    GameSelected,
    PlayerSat,
    PlayerLeft,
    PlayerSatOut,
    PlayerSatIn,
    PostPromised,
    ChipsAdded,
    StackCorrected,
    ButtonPlaced,
    HandStarted,
    HandFinished,
)
