"""Everything the console draws at one moment: the table view that holds the others."""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.irregular.flags import FlagStatus
from dealerassist.session.viewmodels.action_bar import ActionBarView
from dealerassist.session.viewmodels.flags import FlagView
from dealerassist.session.viewmodels.panels import (
    ClockView,
    HandSummaryView,
    KeepView,
    ProposalView,
)
from dealerassist.session.viewmodels.pots import PotView
from dealerassist.session.viewmodels.seats import SeatView
from dealerassist.session.viewmodels.showdown import ShowdownView

__all__ = [
    "TableView",
]


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the console draws at one moment.

    Attributes:
        game: Game name for the title ("No Limit Hold'em").
        preset: Key of the game preset in rules.yaml ("nlhe-1-2").
        hand_id: Current hand number, None between hands before the first.
        street: Current street ("Pre-flop", "Flop", "Turn", "River", "Showdown",
            "3rd street" ..., "" between hands).
        board: Community cards, in order dealt.
        pots: Pots, main first (bets of the current street are in the seats).
        seats: Every seat of the table, empty ones included, by seat number.
        action: The action panel, None when nobody is to act (between hands, dealing,
            showdown).
        flags: Irregularities of the hand, newest last.
        showdown: The showdown panel, None before showdown.
        history: The current hand's action lines, in order.
        past_hands: Finished hands, most recent last.
        clock: Level/stakes, None when not shown.
        structure: Betting structure code ("NL", "PL", "FL").
        message: A status line for the dealer ("Deal the flop"), "" when none.
        proposals: Camera proposals waiting for the dealer's confirmation (the camera
            proposes, the dealer confirms).
        misdeal: The rule ID of the misdeal that voided the last hand (IRR-*-MISDEAL), shown
            until the next hand is dealt; "" otherwise.
        extras: Free (key, value) text pairs for facts not modelled yet (status bar).
        board_due: Board cards the dealer must enter now (HE-STREETS: 3 on the flop, 1 on
            the turn and river), 0 when none is due.
        board_command: The command that enters them ("flop", "turn", "river"), "" when
            none is due.
        keep: Jacks or better: the request that the opener keeps the opening hand and its
            show after the pot (JB-KEEP), None when nobody asked.

    """

    game: str = ""
    preset: str = ""
    hand_id: int | None = None
    street: str = ""
    board: tuple[str, ...] = ()
    pots: tuple[PotView, ...] = ()
    seats: tuple[SeatView, ...] = ()
    action: ActionBarView | None = None
    flags: tuple[FlagView, ...] = ()
    showdown: ShowdownView | None = None
    history: tuple[str, ...] = ()
    past_hands: tuple[HandSummaryView, ...] = ()
    clock: ClockView | None = None
    structure: str = ""
    message: str = ""
    proposals: tuple[ProposalView, ...] = ()
    extras: tuple[tuple[str, str], ...] = ()
    board_due: int = 0
    board_command: str = ""
    misdeal: str = ""
    keep: KeepView | None = None

    def seat(self, number: int) -> SeatView | None:
        """Return the SeatView of seat ``number``, or None if the table has no such seat."""
        for seat in self.seats:
            if seat.seat == number:
                return seat
        return None

    @property
    def total_in_middle(self) -> int:
        """All pots plus every bet on the table this street."""
        return sum(pot.amount for pot in self.pots) + sum(seat.bet for seat in self.seats)

    @property
    def open_flags(self) -> tuple[FlagView, ...]:
        """Flags still waiting for the dealer."""
        return tuple(flag for flag in self.flags if flag.status is FlagStatus.OPEN)
