"""The console's action button: clicked with the mouse, never holding the keyboard.

A button with keyboard focus turns Space into a click: after a reopen the Fold button held
the focus and Space folded a player. The table keeps the keyboard (hotkeys); buttons
never take it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget

__all__ = ["ActionButton"]


class ActionButton(QPushButton):
    """A push button that never takes keyboard focus (no Space or Enter click on it)."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(text, parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAutoDefault(False)
