"""Playing cards drawn as labels: rank and suit symbol, four-colour deck, or a face-down back.

A card label keeps its card text (``"Ah"``) in the ``card`` property and as its accessible
name, so tests and screen readers read the card without depending on fonts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from dealerassist.ui.theme import SUIT_COLOURS, SUIT_SYMBOLS

__all__ = ["CardLabel", "CardRow", "card_face_text"]

UNKNOWN = "??"


def card_face_text(card: str) -> str:
    """Return the face to print for card text: ``"Ah"`` -> ``"A♥"``, ``"Td"`` -> ``"10♦"``."""
    if len(card) != 2 or card == UNKNOWN:
        return ""
    rank, suit = card[0].upper(), card[1].lower()
    rank_text = "10" if rank == "T" else rank
    return f"{rank_text}{SUIT_SYMBOLS.get(suit, suit)}"


def _face_px(font: QFont, face: str, size: int) -> int:
    """Return the largest pixel size (up to 40 % of the card's height) the face fits in."""
    return _fitted_face_px(font.family(), face, size)


@cache
def _fitted_face_px(family: str, face: str, size: int) -> int:
    inner = size * 5 // 7 - 4  # the card's width less its border
    px = size * 2 // 5
    trial = QFont(family)
    trial.setBold(True)
    while px > 8:
        trial.setPixelSize(px)
        if QFontMetrics(trial).horizontalAdvance(face) <= inner:
            break
        px -= 1
    return px


class CardLabel(QLabel):
    """One card: its face, or its back when the face is unknown (``"??"``)."""

    def __init__(self, card: str = UNKNOWN, *, size: int = 44, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("card")
        self._size = size
        self.setFixedSize(size * 5 // 7, size)
        self.set_card(card)

    def set_card(self, card: str) -> None:
        """Show ``card`` (two-character text, or "??" for a face-down card)."""
        self.setProperty("card", card)
        self.setAccessibleName(card)
        hidden = card == UNKNOWN or len(card) != 2
        self.setProperty("hidden_face", "true" if hidden else "false")
        if hidden:
            self.setText("")
            self.setStyleSheet("")
        else:
            colour = SUIT_COLOURS.get(card[1].lower(), "#111111")
            self.setText(card_face_text(card))
            # The face as large as the card's width allows ("10" and "Q" are the widest).
            size = _face_px(self.font(), card_face_text(card), self._size)
            self.setStyleSheet(f"color: {colour}; font-size: {size}px;")
        self.style().unpolish(self)
        self.style().polish(self)

    @property
    def card(self) -> str:
        """The card text shown."""
        return str(self.property("card"))


class CardRow(QWidget):
    """A row of cards, with dashed empty slots up to ``slots`` (for the board)."""

    def __init__(self, *, size: int = 44, slots: int = 0, compact_backs: bool = False,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("cardRow")
        self._size = size
        self._slots = slots
        # Stud: the down cards drawn as a fan of narrow backs, so seven cards fit a seat
        # plate with every up card at full size.
        self._compact_backs = compact_backs
        self._cards: tuple[str, ...] = ()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2 if compact_backs else max(2, size // 10))
        layout.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._render()

    def set_cards(self, cards: Sequence[str]) -> None:
        """Show these cards (re-laid out only when they change)."""
        cards = tuple(cards)
        if cards != self._cards:
            self._cards = cards
            self._render()

    def set_size(self, size: int) -> None:
        """Draw the cards ``size`` pixels tall (the table grows them on a large screen)."""
        if size != self._size:
            self._size = size
            self._render()

    def set_slots(self, slots: int) -> None:
        """Show dashed empty slots up to ``slots`` cards (5 for a board, 0 for none)."""
        if slots != self._slots:
            self._slots = slots
            self._render()

    @property
    def cards(self) -> tuple[str, ...]:
        """The card texts shown, in order."""
        return self._cards

    def _render(self) -> None:
        layout = self.layout()
        while layout.count():
            item = layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        added: list[QWidget] = [CardLabel(card, size=self._size) for card in self._cards]
        if self._compact_backs and any(card != UNKNOWN for card in self._cards):
            for label in added:
                if label.card == UNKNOWN:  # type: ignore[attr-defined]
                    label.setFixedWidth(self._size * 5 // 14)
        for _ in range(max(0, self._slots - len(self._cards))):
            slot = QLabel()
            slot.setObjectName("cardSlot")
            slot.setFixedSize(self._size * 5 // 7, self._size)
            added.append(slot)
        for widget in added:
            layout.addWidget(widget)
            # Shown now, not at the next event loop turn, so the sizes asked for right
            # after (the table centres the board) count these cards.
            widget.show()
        self.setVisible(bool(self._cards) or self._slots > 0)
