"""The pots in the middle of the table, rendering PotViews (POT-MAIN-SIDE).

Each pot is one line: its label, its amount and the seats that can win it, so a dealer
sees at once which side pot an all-in player cannot claim.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout, QWidget

from dealerassist.session.viewmodels import PotView
from dealerassist.ui.widgets.fit_label import FitLabel
from dealerassist.ui.widgets.qt_seat import chips_text

__all__ = ["QtPots", "pot_line"]


def pot_label(label: str) -> str:
    """Translate a pot label from the view-model ("Main", "Side 1")."""
    from PySide6.QtCore import QCoreApplication

    if label == "Main":
        return QCoreApplication.translate("QtPots", "Main pot")
    if label.startswith("Side "):
        return QCoreApplication.translate("QtPots", "Side pot {n}").format(n=label[5:])
    return label


def pot_line(pot: PotView) -> str:
    """One line for a pot: ``Main pot 1 500 · seats 1 2 3``."""
    from PySide6.QtCore import QCoreApplication

    seats = " ".join(str(seat) for seat in pot.eligible_seats)
    eligible = QCoreApplication.translate("QtPots", "seats {seats}").format(seats=seats)
    return f"{pot_label(pot.label)}  {chips_text(pot.amount)}  ·  {eligible}"


class QtPots(QWidget):
    """A column of pot lines."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("pots")
        self._pots: tuple[PotView, ...] = ()
        self._labels: list[FitLabel] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.setAlignment(Qt.AlignmentFlag.AlignCenter)

    @property
    def lines(self) -> tuple[str, ...]:
        """The text of each pot line, main pot first."""
        return tuple(label.text() for label in self._labels)

    def show_pots(self, pots: Sequence[PotView]) -> None:
        """Render the pots (main first)."""
        pots = tuple(pots)
        if pots == self._pots:
            return
        self._pots = pots
        layout = self.layout()
        while len(self._labels) < len(pots):
            label = FitLabel(floor=11)  # many side pots: smaller type, never cut
            label.setObjectName("pot")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            layout.addWidget(label)
            label.show()  # counted in the size asked for right after
            self._labels.append(label)
        while len(self._labels) > len(pots):
            label = self._labels.pop()
            label.setParent(None)
            label.deleteLater()
        for label, pot in zip(self._labels, pots, strict=True):
            label.setText(pot_line(pot))
            label.setAccessibleName(f"pot {pot.label} {pot.amount}")
