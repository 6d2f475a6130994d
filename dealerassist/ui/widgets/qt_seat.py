"""One seat plate around the oval, rendering a SeatView.

Shows the name, stack, bet this street, status (to act, folded, all-in, sitting out ...),
the dealer button, the forced-bet marker (SB, BB, BI, STR), the cards known to the dealer
(stud up cards face up, down cards as backs) and, in draw games, how many cards were drawn.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from dealerassist.session.viewmodels import SeatStatus, SeatView
from dealerassist.ui.widgets.fit_label import FitLabel
from dealerassist.ui.widgets.qt_cards import CardRow

__all__ = ["QtSeat", "status_text"]


def status_text(status: SeatStatus) -> str:
    """Return the (translated) words for a seat status."""
    from PySide6.QtCore import QCoreApplication

    words = {
        SeatStatus.EMPTY: QCoreApplication.translate("QtSeat", "Empty seat"),
        SeatStatus.WAITING: QCoreApplication.translate("QtSeat", "Waiting"),
        SeatStatus.ACTIVE: "",
        SeatStatus.TO_ACT: QCoreApplication.translate("QtSeat", "TO ACT"),
        SeatStatus.FOLDED: QCoreApplication.translate("QtSeat", "Folded"),
        SeatStatus.ALL_IN: QCoreApplication.translate("QtSeat", "ALL-IN"),
        SeatStatus.SITTING_OUT: QCoreApplication.translate("QtSeat", "Sitting out"),
    }
    return words[status]


def chips_text(amount: int) -> str:
    """Format chips with thin-space thousands (``12 500``), exact integers only."""
    return f"{amount:,}".replace(",", "\u202f")


class QtSeat(QFrame):
    """A seat plate. ``show_view`` updates it from a SeatView."""

    def __init__(self, seat: int, *, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("seat")
        self.seat_number = seat
        self._view: SeatView | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(7, 2, 7, 3)
        outer.setSpacing(0)
        # Four rows: number, name, marker and button; stack and bet; the status words;
        # the cards alone on the last row, so a status word never squeezes them. Texts
        # shrink to fit the plate rather than being cut (FitLabel).
        top = QHBoxLayout()
        top.setSpacing(4)
        self.number_label = QLabel(f"{seat}")
        self.number_label.setProperty("role", "muted")
        self.name_label = FitLabel(floor=11)
        self.name_label.setObjectName("seatName")
        self.button_label = QLabel("D")
        self.button_label.setObjectName("button")
        self.marker_label = QLabel()
        self.marker_label.setObjectName("marker")
        self.ruling_label = QLabel("\u2691")  # ⚑: an open ruling about this player
        self.ruling_label.setObjectName("ruling")
        self.ruling_label.setToolTip(self.tr("An open ruling is about this player"))
        self.ruling_label.hide()
        top.addWidget(self.number_label)
        top.addWidget(self.name_label, 1)
        top.addWidget(self.ruling_label)
        outer.addLayout(top, 3)
        middle = QHBoxLayout()
        middle.setSpacing(4)
        self.stack_label = FitLabel(floor=12)
        self.stack_label.setObjectName("seatStack")
        self.bet_label = FitLabel(floor=11)
        self.bet_label.setObjectName("seatBet")
        self.bet_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        middle.addWidget(self.stack_label, 1)
        middle.addWidget(self.bet_label)
        outer.addLayout(middle, 3)
        self.status_label = FitLabel(floor=9)
        self.status_label.setObjectName("seatStatus")
        # The button and the forced-bet marker beside the status: the name keeps the
        # plate's whole width.
        status_row = QHBoxLayout()
        status_row.setSpacing(4)
        status_row.addWidget(self.button_label)
        status_row.addWidget(self.marker_label)
        status_row.addWidget(self.status_label, 1)
        outer.addLayout(status_row, 2)
        self.cards_row = CardRow(size=32, compact_backs=True)
        outer.addWidget(self.cards_row, 0, Qt.AlignmentFlag.AlignLeft)
        self.show_view(SeatView(seat=seat))

    @property
    def flagged(self) -> bool:
        """An open ruling is about this player (the plate is marked)."""
        return self.property("flagged") == "true"

    def set_flagged(self, on: bool) -> None:
        """Mark or unmark the plate for an open ruling (re-styled only on a change)."""
        if self.flagged == on:
            return
        self.setProperty("flagged", "true" if on else "false")
        self.ruling_label.setVisible(on)
        self.style().unpolish(self)
        self.style().polish(self)

    @property
    def view(self) -> SeatView | None:
        """The SeatView shown."""
        return self._view

    def show_view(self, view: SeatView) -> None:
        """Render ``view`` (a no-op when unchanged)."""
        if view == self._view:
            return
        status_changed = self._view is None or self._view.status is not view.status
        self._view = view
        empty = view.status is SeatStatus.EMPTY
        self.name_label.setText(view.name if not empty else "")
        self.stack_label.setText("" if empty else chips_text(view.stack))
        self.bet_label.setText(chips_text(view.bet) if view.bet else "")
        self.bet_label.setToolTip(self.tr("Bet this street"))
        self.button_label.setVisible(view.is_button)
        self.marker_label.setVisible(view.marker is not None)
        self.marker_label.setText(str(view.marker) if view.marker is not None else "")
        words = [status_text(view.status)]
        if view.away:
            words.append(self.tr("Away"))  # tournament: dealt in, folded at their turn
        if view.drawn_count is not None:
            words.append(
                self.tr("stood pat") if view.drawn_count == 0
                else self.tr("drew {count}").format(count=view.drawn_count)
            )
        if view.last_action and view.status in (SeatStatus.ACTIVE, SeatStatus.TO_ACT):
            words.append(view.last_action)
        self.status_label.setText(" · ".join(word for word in words if word))
        cards = view.up_cards if view.up_cards else view.cards
        if view.up_cards and view.down_count:
            cards = ("??",) * view.down_count + tuple(view.up_cards)
        elif not view.cards and view.down_count:
            cards = ("??",) * view.down_count
        self.cards_row.set_cards(cards if view.status is not SeatStatus.FOLDED else ())
        if status_changed:
            # Re-styling every label is the costly part of a redraw: only on a new status.
            for widget in (self, self.status_label):
                widget.setProperty("status", str(view.status))
            for widget in (self, self.number_label, self.name_label, self.stack_label,
                           self.bet_label, self.status_label):
                widget.style().unpolish(widget)
                widget.style().polish(widget)
        self.setAccessibleName(
            f"seat {view.seat} {view.name} stack {view.stack} bet {view.bet} {view.status}"
        )
