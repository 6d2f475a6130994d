"""The command line of the dealer command language, with history (Up/Down)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QWidget

__all__ = ["QtCommandLine"]


class QtCommandLine(QLineEdit):
    """Type a command (``r 60``, ``flop Ah Kd 7c``); Enter sends it, Up/Down recall."""

    command = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("commandLine")
        self.setPlaceholderText(self.tr("/ to type: r 60, flop Ah Kd 7c …"))
        self.history: list[str] = []
        self._recall = 0
        self.returnPressed.connect(self._submit)

    def _submit(self) -> None:
        line = " ".join(self.text().split())
        if not line:
            return
        self.history.append(line)
        self._recall = len(self.history)
        # Not cleared here: the console clears an accepted line and keeps a refused one.
        self.command.emit(line)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Up/Down walk the history; other keys edit as usual."""
        if event.key() == Qt.Key.Key_Up and self.history:
            self._recall = max(0, self._recall - 1)
            self.setText(self.history[self._recall])
            return
        if event.key() == Qt.Key.Key_Down and self.history:
            self._recall = min(len(self.history), self._recall + 1)
            self.setText(self.history[self._recall] if self._recall < len(self.history) else "")
            return
        super().keyPressEvent(event)
