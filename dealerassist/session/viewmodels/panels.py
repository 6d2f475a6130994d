"""The side panels: camera proposals, finished hands, the tournament clock, JB-KEEP."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ClockView",
    "HandSummaryView",
    "KeepView",
    "ProposalView",
]


@dataclass(frozen=True, slots=True)
class ProposalView:
    """A command line the camera proposes, waiting for the dealer (session.sightings).

    Attributes:
        line: The command it stands for (``"flop Ah Kd 7c"``); "" when it is only a warning.
        message: Text for the dealer ("flop read from the camera").
        doubtful: Cards read with low confidence, for the dealer to look at.
        rule_id: ``IRR-DECK`` when the reading clashes with cards already in the hand.

    """

    line: str
    message: str = ""
    doubtful: tuple[str, ...] = ()
    rule_id: str = ""


@dataclass(frozen=True, slots=True)
class HandSummaryView:
    """One finished hand in the history panel.

    Attributes:
        hand_id: Hand number.
        game: Game name.
        total_pot: All pots together, before rake.
        rake: Rake taken.
        result: One line of the result ("Alice wins 340 with a flush").
        lines: The hand's action lines, in order.

    """

    hand_id: int
    game: str
    total_pot: int
    rake: int = 0
    result: str = ""
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ClockView:
    """Tournament level and blinds (placeholder for cash games: ``level`` 0).

    Attributes:
        level: Level number (TRN-LEVELS), 0 for a cash game.
        stakes: Blinds and ante as text ("25/50 ante 5").
        seconds_left: Seconds to the next level, None when no clock runs.

    """

    level: int = 0
    stakes: str = ""
    seconds_left: int | None = None


@dataclass(frozen=True, slots=True)
class KeepView:
    """Jacks or better: a request that the opener keeps the opening hand (JB-KEEP).

    Attributes:
        opener: The opener's seat.
        asked_by: The seat that asked.
        due: The pot is awarded and the opening hand must be shown now.
        shown: The opening hand shown after the pot (card text), () when thrown away
            unshown, None before.
        holds_openers: Whether it held jacks or better; None before the show.

    """

    opener: int
    asked_by: int
    due: bool = False
    shown: tuple[str, ...] | None = None
    holds_openers: bool | None = None
