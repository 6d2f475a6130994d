"""The floor window: rulings browser, hand stepper and incidents in tabs; `open_floor`."""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget, QWidget

from dealerassist.floor import IncidentBook
from dealerassist.journal.store import SQLiteJournal
from dealerassist.rules.model import HouseRules
from dealerassist.session.controller import TableSession
from dealerassist.session.state import SessionState
from dealerassist.ui.floor.incidents_view import QtIncidents
from dealerassist.ui.floor.rulings_view import QtRulings
from dealerassist.ui.floor.stepper_view import QtHandStepper

__all__ = ["FloorWindow", "open_floor"]


def journal_loader(db_path: str | os.PathLike[str], rules: HouseRules
                   ) -> Callable[[], SessionState]:
    """Return a loader that reads the session state from the journal file (read only)."""
    def load() -> SessionState:
        journal = SQLiteJournal(db_path, create=False)
        try:
            return TableSession(journal, rules=rules, recent_hands=None).state
        finally:
            journal.close()
    return load


class FloorWindow(QTabWidget):
    """Tools for the floor person: rulings, the hand stepper, incident records."""

    def __init__(self, *, rules: HouseRules, db_path: str | os.PathLike[str],
                 load: Callable[[], SessionState] | None = None, lang: str = "en",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("dealerassist — floor"))
        self.book = IncidentBook(db_path)
        self.rulings = QtRulings(rules=rules)
        self.stepper = QtHandStepper(rules=rules, load=load or journal_loader(db_path, rules),
                                     lang=lang)
        self.incidents = QtIncidents(book=self.book)
        self.addTab(self.rulings, self.tr("Rulings"))
        self.addTab(self.stepper, self.tr("Hand review"))
        self.addTab(self.incidents, self.tr("Incidents"))
        self.stepper.hand_box.currentIndexChanged.connect(self._follow_hand)
        self._follow_hand()
        self.resize(1100, 760)

    def _follow_hand(self) -> None:
        hand_id = self.stepper.hand_box.currentData()
        if hand_id is not None:
            self.incidents.hand_spin.setValue(hand_id)  # an incident is about the hand reviewed

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """Close the incident store with the window."""
        self.book.close()
        super().closeEvent(event)


def open_floor(parent: QWidget | None = None, *, rules: HouseRules,
               db_path: str | os.PathLike[str],
               load: Callable[[], SessionState] | None = None,
               lang: str = "en") -> FloorWindow:
    """Open the floor tools as their own window over the journal file ``db_path``.

    ``load`` gives the live session's state (the console passes its controller's); without
    it the hands are read from the journal file.
    """
    window = FloorWindow(rules=rules, db_path=db_path, load=load, lang=lang)
    if parent is not None:
        window.setParent(parent, window.windowFlags() | Qt.WindowType.Window)
    window.show()
    return window
