"""The showdown panel: hands in showing order, each pot's winners, rake (G-SHOW-ORDER)."""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.session.viewmodels._checks import check_chips
from dealerassist.session.viewmodels.pots import PotAwardView

__all__ = [
    "ShowdownHandView",
    "ShowdownPotView",
    "ShowdownView",
]


@dataclass(frozen=True, slots=True)
class ShowdownHandView:
    """A hand as shown at showdown (G-SHOW-ORDER gives the order).

    Attributes:
        seat: Seat number.
        name: Player name.
        cards: Hole cards shown ("??" for a card not entered yet).
        high: High hand in words, "" if not evaluated.
        low: Qualifying low in words ("8-6-4-2-A"), "" when no low or not a low game.
        mucked: The player gave up without showing (G-SHOW-CLAIM).

    """

    seat: int
    name: str
    cards: tuple[str, ...] = ()
    high: str = ""
    low: str = ""
    mucked: bool = False


@dataclass(frozen=True, slots=True)
class ShowdownPotView:
    """How one pot is settled.

    Attributes:
        label: "Main", "Side 1" ...
        amount: Pot before rake.
        rake: Rake taken from this pot (RAKE-RATE); ``amount - rake`` is paid out.
        awards: Each winner's share (whole, high half or low half), odd chips marked.
        low_qualified: Hi/lo games: whether a low qualified (O8-QUALIFY); None otherwise.

    """

    label: str
    amount: int
    rake: int = 0
    awards: tuple[PotAwardView, ...] = ()
    low_qualified: bool | None = None

    def __post_init__(self) -> None:
        check_chips("ShowdownPotView", amount=self.amount, rake=self.rake)

    @property
    def paid(self) -> int:
        """Chips paid to winners from this pot."""
        return sum(award.amount for award in self.awards)


@dataclass(frozen=True, slots=True)
class ShowdownView:
    """The showdown panel: hands, each pot's winners, then confirmation.

    Attributes:
        show_order: Seats in the order they must show (G-SHOW-ORDER).
        hands: The hands shown or awaited, in ``show_order``.
        pots: Settlement of each pot, main first.
        total_rake: Sum of the pots' rake.
        awaiting_cards: Seats whose cards the dealer still has to enter.
        confirmed: The dealer confirmed; stacks in the SeatViews include the winnings.

    """

    show_order: tuple[int, ...] = ()
    hands: tuple[ShowdownHandView, ...] = ()
    pots: tuple[ShowdownPotView, ...] = ()
    total_rake: int = 0
    awaiting_cards: tuple[int, ...] = ()
    confirmed: bool = False

    def __post_init__(self) -> None:
        check_chips("ShowdownView", total_rake=self.total_rake)

    def winnings_by_seat(self) -> dict[int, int]:
        """Chips won by each seat over all pots."""
        totals: dict[int, int] = {}
        for pot in self.pots:
            for award in pot.awards:
                totals[award.seat] = totals.get(award.seat, 0) + award.amount
        return totals
