"""The hand history panel: this hand's actions, and past hands with their results."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealerassist.session.viewmodels import HandSummaryView
from dealerassist.ui.widgets.qt_seat import chips_text

__all__ = ["QtHistory"]


class QtHistory(QWidget):
    """Current hand lines (newest at the bottom) and a tree of past hands."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        current = QLabel(self.tr("This hand"))
        current.setProperty("role", "title")
        self.current_list = QListWidget()
        self.current_list.setAlternatingRowColors(True)
        past = QLabel(self.tr("Past hands"))
        past.setProperty("role", "title")
        self.past_tree = QTreeWidget()
        self.past_tree.setHeaderLabels([self.tr("Hand"), self.tr("Pot"), self.tr("Result")])
        self.past_tree.setAlternatingRowColors(True)
        layout.addWidget(current)
        layout.addWidget(self.current_list, 3)
        layout.addWidget(past)
        layout.addWidget(self.past_tree, 2)
        self._lines: tuple[str, ...] = ()
        self._past: tuple[HandSummaryView, ...] = ()

    @property
    def lines(self) -> tuple[str, ...]:
        """The current hand's lines shown."""
        return self._lines

    def show_history(self, lines: Sequence[str], past: Sequence[HandSummaryView]) -> None:
        """Render the current hand's lines and the past hands."""
        lines = tuple(lines)
        if lines != self._lines:
            if lines[: len(self._lines)] == self._lines:
                self.current_list.addItems(list(lines[len(self._lines):]))
            else:
                self.current_list.clear()
                self.current_list.addItems(list(lines))
            self._lines = lines
            self.current_list.scrollToBottom()
        past = tuple(past)
        if past != self._past:
            self._past = past
            self.past_tree.clear()
            for hand in reversed(past):
                item = QTreeWidgetItem([f"#{hand.hand_id} {hand.game}",
                                        chips_text(hand.total_pot), hand.result])
                for line in hand.lines:
                    QTreeWidgetItem(item, ["", "", line])
                self.past_tree.addTopLevelItem(item)
            self.past_tree.resizeColumnToContents(0)
