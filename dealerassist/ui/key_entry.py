"""Cards typed as keys, two a card: the board and the hands shown, with no command prefix.

When the table waits for cards (`TableView.board_due`, or a showdown with hands still to
enter), a rank key (2-9, T, J, Q, K, A) then a suit key (s, h, d, c) is a card. The line is
sent as soon as it holds all its cards: ``flop Ah Kd 7c`` after the third flop card,
``turn Ks`` after one. At a showdown a hand is a seat key (1-9, 0 for seat 10) then its
cards (``show 3 Ah Ad`` after ``3AhAd``); without a seat key the cards go to the first seat
still to show (G-SHOW-ORDER). A digit followed by a suit is a rank (``2c``), followed by a
rank it is the seat (``32c...``). Pure: `ui.keypad` feeds it the keys and sends the lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealerassist.session.viewmodels import TableView
from dealerassist.ui import command_lines

__all__ = ["CardKeys", "KeyOutcome", "RANKS", "SUITS", "cards_to_show"]

RANKS = "23456789TJQKA"
SUITS = "shdc"
_SEAT_KEYS = "1234567890"  # 0 is seat 10
_UNKNOWN = "??"


@dataclass(frozen=True, slots=True)
class KeyOutcome:
    """What one key did.

    Attributes:
        line: A complete command line to send now, "" when more keys are needed.
        pending: The line as typed so far, to show the dealer ("" when nothing is pending).

    """

    line: str = ""
    pending: str = ""


def cards_to_show(view: TableView, seat: int) -> int:
    """Return how many cards ``seat`` still has to show (its hole cards not yet entered)."""
    if view.showdown is not None:
        for hand in view.showdown.hands:
            if hand.seat == seat:
                return sum(card == _UNKNOWN for card in hand.cards)
    plate = view.seat(seat)
    return sum(card == _UNKNOWN for card in plate.cards) if plate is not None else 0


def _showing(view: TableView) -> bool:
    showdown = view.showdown
    return (view.action is None and not view.board_due and showdown is not None
            and not showdown.confirmed and bool(showdown.awaiting_cards))


def _pairs(keys: str) -> list[str]:
    return [keys[i:i + 2] for i in range(0, len(keys), 2)]


class CardKeys:
    """The keys typed towards one card line; ``accepts`` then ``press`` one key at a time."""

    def __init__(self) -> None:
        self.keys = ""

    def reset(self) -> None:
        """Drop whatever was typed."""
        self.keys = ""

    @staticmethod
    def due(view: TableView | None) -> bool:
        """Tell whether the table waits for cards the keys can enter."""
        return view is not None and ((view.action is None and view.board_due > 0
                                      and bool(view.board_command)) or _showing(view))

    def accepts(self, char: str, view: TableView | None) -> bool:
        """Tell whether ``char`` is the next key of a card line now."""
        if len(char) != 1 or view is None or not self.due(view):
            return False
        upper = char.upper()
        if view.board_due:
            return (upper in RANKS) if len(self.keys) % 2 == 0 else (char.lower() in SUITS)
        awaiting = view.showdown.awaiting_cards if view.showdown is not None else ()
        if not self.keys:
            if char in _SEAT_KEYS and char not in RANKS:  # 1, 0: a seat only
                return (10 if char == "0" else int(char)) in awaiting
            return upper in RANKS
        seat, cards = self._split(self.keys)
        if seat is None and not cards:  # one digit typed: a suit makes it a rank ...
            return char.lower() in SUITS or (upper in RANKS and int(self.keys) in awaiting)
        return (upper in RANKS) if len(cards) % 2 == 0 else (char.lower() in SUITS)

    def press(self, char: str, view: TableView) -> KeyOutcome:
        """Add ``char`` (accepted by `accepts`); return the line once it is complete."""
        self.keys += char.lower() if char.lower() in SUITS and self.keys else char.upper()
        if view.board_due:
            cards = _pairs(self.keys)
            text = f"{view.board_command} " + " ".join(cards)
            if len(self.keys) == 2 * view.board_due:
                self.reset()
                return KeyOutcome(line=text)
            return KeyOutcome(pending=text)
        seat, cards = self._split(self.keys)
        if seat is None:
            if not cards:  # one digit: a seat or a rank, told by the next key
                return KeyOutcome(pending=f"show {self.keys}")
            seat = view.showdown.awaiting_cards[0] if view.showdown else 0
        typed = _pairs(cards)
        text = f"show {seat} " + " ".join(typed)
        needed = cards_to_show(view, seat)
        if needed and len(cards) == 2 * needed:
            self.reset()
            return KeyOutcome(line=command_lines.show_cards(seat, typed))
        return KeyOutcome(pending=text.rstrip())

    def erase(self) -> str:
        """Erase the last key; return the line as typed so far."""
        self.keys = self.keys[:-1]
        return self.keys

    @staticmethod
    def _split(keys: str) -> tuple[int | None, str]:
        """Split showdown keys into (seat or None, card keys); (None, "") while undecided."""
        if not keys:
            return None, ""
        first = keys[0]
        if first in _SEAT_KEYS and first not in RANKS:  # 1 or 0: only a seat
            return (10 if first == "0" else int(first)), keys[1:]
        if first.isdigit():
            if len(keys) == 1:
                return None, ""
            if keys[1] in SUITS:
                return None, keys
            return int(first), keys[1:]
        return None, keys
