"""A seat around the oval: its plate (name, stack, bet, cards) and what it is doing."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealerassist.session.viewmodels._checks import check_chips

__all__ = [
    "SeatMarker",
    "SeatStatus",
    "SeatView",
]


@unique
class SeatStatus(StrEnum):
    """What a seat is doing, as shown on its plate."""

    EMPTY = "empty"
    """Nobody sits here."""
    WAITING = "waiting"
    """Seated but not dealt in this hand (waiting for the big blind, BET-NEW-PLAYER)."""
    ACTIVE = "active"
    """In the hand, not the one to act."""
    TO_ACT = "to_act"
    """In the hand and the action is on this seat."""
    FOLDED = "folded"
    """Folded this hand (POT-FOLDED: no claim to any pot)."""
    ALL_IN = "all_in"
    """All chips in (G-ALLIN); no more decisions this hand."""
    SITTING_OUT = "sitting_out"
    """Seated, away from the table, not dealt in."""


@unique
class SeatMarker(StrEnum):
    """A forced-bet marker placed by a seat (BET-FORCED, ST-BRINGIN, BET-STRADDLE)."""

    SMALL_BLIND = "SB"
    BIG_BLIND = "BB"
    BRING_IN = "BI"
    STRADDLE = "STR"


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat around the oval.

    Attributes:
        seat: Seat number, from 1.
        name: Player name ("" for an empty seat).
        stack: Chips behind (not counting ``bet``).
        bet: Chips put in on the current street (shown in front of the seat).
        status: What the seat is doing this hand.
        is_button: The dealer button is at this seat (G-BUTTON).
        marker: Forced bet posted by this seat this hand, or None.
        cards: Hole cards known to the dealer (shown at showdown, or entered), "??" when
            dealt but unknown; empty when no cards.
        up_cards: Stud up cards in the order dealt (ST-ORDER); empty in other games.
        down_count: Number of face-down cards the seat holds (0 when none or all shown).
        drawn_count: Draw games: cards drawn on the last draw (0 = stood pat); None when
            the seat has not drawn yet, the game has no draw, or there was betting
            action after the draw (DR-ASK: the dealer may no longer answer).
        last_action: Short text of the seat's last action this street ("raise 60", "check"),
            "" if none.
        committed: Chips put in the pots this hand, all streets and forced bets included.
        away: Tournament: the player stepped away (``out SEAT``); still dealt in and posting,
            folded when the action reaches them (blinded off).

    """

    seat: int
    name: str = ""
    stack: int = 0
    bet: int = 0
    status: SeatStatus = SeatStatus.EMPTY
    is_button: bool = False
    marker: SeatMarker | None = None
    cards: tuple[str, ...] = ()
    up_cards: tuple[str, ...] = ()
    down_count: int = 0
    drawn_count: int | None = None
    last_action: str = ""
    committed: int = 0
    away: bool = False

    def __post_init__(self) -> None:
        if self.seat < 1:
            raise ValueError(f"SeatView.seat must be 1 or more, got {self.seat}")
        check_chips("SeatView", stack=self.stack, bet=self.bet, committed=self.committed)

    @property
    def in_hand(self) -> bool:
        """True while the seat can still win a pot (active, to act or all-in)."""
        return self.status in (SeatStatus.ACTIVE, SeatStatus.TO_ACT, SeatStatus.ALL_IN)
