"""The side panels: camera proposals, finished hands, and the tournament clock."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ClockView",
    "HandSummaryView",
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
