"""The hand stepper: pick a hand, step through it event by event, see pots, limits, seats.

It renders `dealerassist.floor.HandStep` records; the steps are computed by
`dealerassist.floor.steps_of_session` from a session state the caller supplies (live, or
read from a journal file).
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealerassist.errors import DealerAssistError
from dealerassist.floor import HandStep, steps_of_session
from dealerassist.rules.model import HouseRules
from dealerassist.session.state import SessionState

__all__ = ["QtHandStepper"]

_COLUMNS = ("Seat", "Name", "Stack", "Bet", "In pots", "Cards", "")


class QtHandStepper(QWidget):
    """Hand chooser, step slider with previous/next, and the state at the chosen step.

    Args:
        rules: the house rules the hands were played under.
        load: returns the session state to read hands from (called on refresh).
        lang: "en" or "fr" for the event descriptions.

    """

    def __init__(self, *, rules: HouseRules, load: Callable[[], SessionState],
                 lang: str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.lang = lang
        self._load = load
        self.steps: tuple[HandStep, ...] = ()
        self.hand_box = QComboBox()
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.previous_button = QPushButton(self.tr("◀ Previous"))
        self.next_button = QPushButton(self.tr("Next ▶"))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.position = QLabel()
        self.event_label = QLabel()
        self.event_label.setObjectName("stepEvent")
        self.state_label = QLabel()
        self.state_label.setWordWrap(True)
        self.seats = QTableWidget(0, len(_COLUMNS))
        self.seats.setHorizontalHeaderLabels([self.tr(c) for c in _COLUMNS])
        self.seats.verticalHeader().hide()
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Hand")))
        top.addWidget(self.hand_box, 1)
        top.addWidget(self.refresh_button)
        nav = QHBoxLayout()
        nav.addWidget(self.previous_button)
        nav.addWidget(self.slider, 1)
        nav.addWidget(self.next_button)
        nav.addWidget(self.position)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(nav)
        layout.addWidget(self.event_label)
        layout.addWidget(self.state_label)
        layout.addWidget(self.seats, 1)
        self.refresh_button.clicked.connect(self.refresh)
        self.hand_box.currentIndexChanged.connect(self._hand_chosen)
        self.slider.valueChanged.connect(self.show_step)
        self.previous_button.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.next_button.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.refresh()

    def refresh(self) -> None:
        """Reload the hands (finished ones and the one running), newest first."""
        state = self._load()
        self._state = state
        hands = [done.started.hand_id for done in state.finished]
        if state.hand is not None:
            hands.append(state.hand.started.hand_id)
        self.hand_box.blockSignals(True)
        self.hand_box.clear()
        for hand_id in reversed(hands):
            running = state.hand is not None and state.hand.started.hand_id == hand_id
            self.hand_box.addItem(self.tr("Hand {0}").format(hand_id) +
                                  (self.tr(" (running)") if running else ""), hand_id)
        self.hand_box.blockSignals(False)
        self._hand_chosen()

    def choose_hand(self, hand_id: int) -> None:
        """Show hand ``hand_id`` from its first step."""
        index = self.hand_box.findData(hand_id)
        if index < 0:
            raise DealerAssistError(f"no hand {hand_id} in this journal")
        self.hand_box.setCurrentIndex(index)
        self._hand_chosen()

    def _hand_chosen(self) -> None:
        hand_id = self.hand_box.currentData()
        self.steps = () if hand_id is None else steps_of_session(self._state, hand_id,
                                                                 rules=self.rules)
        self.slider.blockSignals(True)
        self.slider.setRange(0, max(0, len(self.steps) - 1))
        self.slider.setValue(0)
        self.slider.blockSignals(False)
        self.show_step(0)

    def show_step(self, index: int) -> None:
        """Show the state after ``index`` events."""
        if not self.steps:
            self.event_label.setText(self.tr("No hand in this journal yet."))
            self.state_label.clear()
            self.seats.setRowCount(0)
            return
        step = self.steps[index]
        self.position.setText(f"{index} / {len(self.steps) - 1}")
        self.previous_button.setEnabled(index > 0)
        self.next_button.setEnabled(index < len(self.steps) - 1)
        self.event_label.setText(step.label_fr if self.lang == "fr" else step.label_en)
        pots = "; ".join(self.tr("{0} (seats {1})").format(p.amount, ", ".join(map(str, p.seats)))
                         for p in step.pots) or "—"
        lines = [self.tr("<b>{0}</b>, board: {1}").format(html.escape(step.phase),
                                                          html.escape(step.board or "—")),
                 self.tr("Pots: {0}").format(html.escape(pots))]
        if step.actor_seat is not None:
            limits = (self.tr("raise {0}–{1}").format(step.min_raise_to, step.max_raise_to)
                      if step.min_raise_to is not None
                      else self.tr("no raise [{0}]").format(step.raise_rule))
            lines.append(self.tr("Seat {0} to act: to call {1}, {2}").format(
                step.actor_seat, step.to_call, limits))
        if step.rake:
            lines.append(self.tr("Rake: {0}").format(step.rake))
        self.state_label.setText("<br>".join(lines))
        self.seats.setRowCount(len(step.seats))
        for row, seat in enumerate(step.seats):
            status = (self.tr("folded") if seat.folded
                      else (self.tr("all in") if seat.all_in else ""))
            values = (seat.seat, seat.name, seat.stack, seat.bet, seat.in_pots, seat.cards, status)
            for column, value in enumerate(values):
                self.seats.setItem(row, column, QTableWidgetItem(str(value)))
