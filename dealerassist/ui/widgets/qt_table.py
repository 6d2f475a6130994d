"""The table drawn as an oval: seats around it, street, board and pots in the middle.

Seats are numbered clockwise from the dealer's left, the dealer standing at the top of the
oval. Only the felt is painted; seats, cards and pots are child widgets so tests can read
what is shown, and a seat is re-rendered only when its SeatView changes.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from dealerassist.session.viewmodels import SeatView, TableView
from dealerassist.ui.theme import COLOURS
from dealerassist.ui.widgets.qt_cards import CardRow
from dealerassist.ui.widgets.qt_pots import QtPots
from dealerassist.ui.widgets.qt_seat import QtSeat

__all__ = ["QtTable"]

# Which of the eleven places (see QtTable._slots) each table size uses: symmetric about
# the dealer, seats spread round the whole oval.
_PLACES = {
    1: (2,),
    2: (2, 8),
    3: (2, 5, 8),
    4: (2, 4, 6, 8),
    5: (1, 3, 5, 7, 9),
    6: (0, 2, 4, 6, 8, 10),
    7: (0, 2, 3, 5, 7, 8, 10),
    8: (0, 1, 3, 4, 6, 7, 9, 10),
    9: (0, 1, 2, 3, 5, 7, 8, 9, 10),
    10: (0, 1, 2, 3, 4, 6, 7, 8, 9, 10),
    11: tuple(range(11)),
}


def _has_board(view: TableView) -> bool:
    """Board games get five board slots; stud (up cards) and draw games (draws) get none."""
    if view.board:
        return True
    return not any(seat.up_cards or seat.drawn_count is not None for seat in view.seats)


class QtTable(QWidget):
    """The oval table. ``show_view`` renders a TableView's seats, street, board and pots."""

    painted = Signal()
    """Emitted at the end of every paint (used to measure click-to-repaint)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMinimumSize(640, 330)
        self.seats: dict[int, QtSeat] = {}
        self._centre = QWidget(self)
        self._centre.setObjectName("tableCentre")
        centre_layout = QVBoxLayout(self._centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.setSpacing(6)
        self.street_label = QLabel()
        self.street_label.setObjectName("street")
        self.street_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.board = CardRow(size=62, slots=5)
        self.pots = QtPots()
        centre_layout.addWidget(self.street_label)
        centre_layout.addWidget(self.board, 0, Qt.AlignmentFlag.AlignCenter)
        centre_layout.addWidget(self.pots)
        self._view: TableView | None = None

    def show_view(self, view: TableView) -> None:
        """Render ``view``; only what changed is re-laid out."""
        numbers = tuple(seat.seat for seat in view.seats)
        if tuple(self.seats) != numbers:
            for plate in self.seats.values():
                plate.setParent(None)
                plate.deleteLater()
            self.seats = {number: QtSeat(number, parent=self) for number in numbers}
            for plate in self.seats.values():
                plate.show()
            self._place_seats()
        for seat in view.seats:
            self.seats[seat.seat].show_view(seat)
        street = view.street
        if view.hand_id is not None:
            street = self.tr("Hand #{hand} · {street}").format(hand=view.hand_id, street=street)
        self.street_label.setText(street)
        self.board.set_slots(5 if _has_board(view) else 0)
        self.board.set_cards(view.board)
        self.pots.show_pots(view.pots)
        self._view = view
        self._place_centre()

    def mark_flagged(self, seats: set[int]) -> None:
        """Mark the plates of the players an open ruling is about (others unmarked)."""
        for number, plate in self.seats.items():
            plate.set_flagged(number in seats)

    def seat_view(self, number: int) -> SeatView | None:
        """Return the SeatView shown at seat ``number``."""
        plate = self.seats.get(number)
        return plate.view if plate is not None else None

    # -- geometry -------------------------------------------------------------------------

    def _plate_size(self) -> tuple[int, int]:
        # Five plates fit across (a column each side, three on the bottom row) and four
        # down, so the eleven slots below never overlap at any size.
        return max(110, min(260, self.width() // 5 - 4)), max(70, min(150, self.height() // 4))

    def _felt(self) -> QRectF:
        plate_w, plate_h = self._plate_size()
        return QRectF(plate_w * 0.55, plate_h * 0.45, self.width() - plate_w * 1.1,
                      self.height() - plate_h * 0.9)

    def _slots(self) -> list[tuple[float, float]]:
        """Eleven seat places (centres), clockwise from the dealer at the top centre.

        Top right of the dealer, three down the right side, three along the bottom (right
        to left), three up the left side, top left of the dealer. Columns hug the sides
        and rows sit between them, so no two places overlap.
        """
        plate_w, plate_h = self._plate_size()
        width, height = self.width(), self.height()
        span = width - 2 * plate_w
        right_x, left_x = width - plate_w / 2, plate_w / 2
        rows = [height / 6, height / 2, height * 5 / 6]
        top_y, bottom_y = plate_h / 2, height - plate_h / 2
        bottom = [plate_w + span * f for f in (5 / 6, 1 / 2, 1 / 6)]
        gap = max(24.0, (span / 2 - plate_w) / 2)
        return [
            (width / 2 + gap + plate_w / 2, top_y),
            *((right_x, y) for y in rows),
            *((x, bottom_y) for x in bottom),
            *((left_x, y) for y in reversed(rows)),
            (width / 2 - gap - plate_w / 2, top_y),
        ]

    def _place_seats(self) -> None:
        if not self.seats:
            return
        plate_w, plate_h = self._plate_size()
        slots = self._slots()
        places = _PLACES[min(len(self.seats), len(slots))]
        # Cards grow with the plates on a large screen (32 px tall at 1280x720).
        card = max(32, min(46, plate_h * 3 // 10))
        self.board.set_size(max(62, min(86, self.height() // 9)))
        for index, plate in enumerate(self.seats.values()):
            # Seat 1 is on the dealer's left (the right of the screen) and numbers go
            # clockwise, the way the button moves (G-BUTTON).
            x, y = slots[places[min(index, len(places) - 1)]]
            plate.setGeometry(round(x - plate_w / 2), round(y - plate_h / 2), plate_w, plate_h)
            plate.cards_row.set_size(card)

    def _place_centre(self) -> None:
        # Cards may just have been added: settle the layouts before asking for sizes.
        for widget in (self.board, self.pots, self._centre):
            widget.layout().activate()
        self._centre.adjustSize()
        plate_w, plate_h = self._plate_size()
        width = max(360, min(self.width() - 2 * plate_w - 20, 560))
        # Between the top and bottom rows of plates: many side pots shrink their type
        # (FitLabel) rather than run under the seats.
        room = max(self._centre.minimumSizeHint().height(), self.height() - 2 * plate_h - 8)
        height = min(self._centre.sizeHint().height(), room)
        self._centre.setGeometry(
            round((self.width() - width) / 2), round((self.height() - height) / 2), width, height
        )

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Re-place seats and the centre on resize."""
        super().resizeEvent(event)
        self._place_seats()
        self._place_centre()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Paint the felt: a wooden rail, the green oval (a stadium) and the betting line."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        felt = self._felt()
        radius = felt.height() / 2
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(COLOURS.felt_edge))
        painter.drawRoundedRect(felt, radius, radius)
        inner = felt.adjusted(14, 14, -14, -14)
        painter.setBrush(QColor(COLOURS.felt))
        painter.drawRoundedRect(inner, inner.height() / 2, inner.height() / 2)
        line = inner.adjusted(30, 26, -30, -26)
        painter.setPen(QPen(QColor(COLOURS.felt_line), 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(line, line.height() / 2, line.height() / 2)
        painter.end()
        self.painted.emit()
