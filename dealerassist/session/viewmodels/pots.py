"""The pots in the middle and the chips each winner receives from one (POT-MAIN-SIDE)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealerassist.session.viewmodels._checks import check_chips

__all__ = [
    "PotAwardView",
    "PotView",
    "ShareKind",
]


@unique
class ShareKind(StrEnum):
    """Which part of a pot an award is (O8-SPLIT)."""

    WHOLE = "whole"
    """The whole pot (one winner, or a tie splitting the whole pot)."""
    HIGH = "high"
    """The high half of a hi/lo pot."""
    LOW = "low"
    """The low half of a hi/lo pot."""


@dataclass(frozen=True, slots=True)
class PotAwardView:
    """Chips one seat receives from one pot.

    Attributes:
        seat: Winning seat number.
        name: Winner's name.
        amount: Chips received from this pot (after rake), odd chips included.
        share: Whole pot, high half or low half (O8-SPLIT).
        odd_chips: Of ``amount``, the indivisible chips given to this seat (G-ODD-CHIP,
            O8-SPLIT-ODD).
        hand: The winning hand in words ("Two pair, aces and kings"), "" when won
            without showdown (G-WIN-FOLD).
        best_cards: The five cards that make the hand, "" when not shown.

    """

    seat: int
    name: str
    amount: int
    share: ShareKind = ShareKind.WHOLE
    odd_chips: int = 0
    hand: str = ""
    best_cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_chips("PotAwardView", amount=self.amount, odd_chips=self.odd_chips)


@dataclass(frozen=True, slots=True)
class PotView:
    """One pot in the middle (POT-MAIN-SIDE).

    Attributes:
        label: "Main", "Side 1", "Side 2" ...
        amount: Chips in the pot now (bets of the current street not yet gathered are
            NOT counted here; they are in each SeatView.bet).
        eligible_seats: Seats that can win this pot, ascending (POT-FOLDED excludes folds).
        awards: Who received what, once the pot is settled; empty before.

    """

    label: str
    amount: int
    eligible_seats: tuple[int, ...] = ()
    awards: tuple[PotAwardView, ...] = ()

    def __post_init__(self) -> None:
        check_chips("PotView", amount=self.amount)
