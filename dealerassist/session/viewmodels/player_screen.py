"""The players' screen: what the house lets the players read on a second window."""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.session.viewmodels.panels import ClockView

__all__ = ["PlayerScreenView"]


@dataclass(frozen=True, slots=True)
class PlayerScreenView:
    """What the players' screen shows; a part the house does not allow is None.

    Attributes:
        pot: Everything in the middle (all pots and this street's bets), None when the
            house does not show it here (`PlayerScreenRules.pot`, BET-PL-MAX).
        to_call: Chips the player to act must add to call (all-in for less when short),
            None when not shown or nothing is to be called (G-ACT).
        seat: The seat of the player that amount is for, None with no amount.
        name: That player's name.
        clock: The tournament clock (level, blinds, time left), None when not shown.

    """

    pot: int | None = None
    to_call: int | None = None
    seat: int | None = None
    name: str = ""
    clock: ClockView | None = None

    @property
    def empty(self) -> bool:
        """True when the screen shows nothing."""
        return self.pot is None and self.to_call is None and self.clock is None
