"""A label whose type shrinks until its text fits: nothing on the console is ever cut.

The stylesheet gives each label its full size; a long name, a French word or a long
prompt is drawn smaller (down to a floor) instead of clipped or pushing the layout about.
Its size hint is that of the full-size text, its minimum a few characters, so the layouts
never grow because of it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QStyle, QStyleOption, QWidget

__all__ = ["FitLabel", "fitted_font", "text_fits"]

MIN_PX = 10
"""The smallest type a fitted label is drawn in (pixels)."""


def _flags(label: QLabel) -> int:
    flags = int(label.alignment().value)
    if label.wordWrap():
        flags |= int(Qt.TextFlag.TextWordWrap.value)
    return flags


def text_fits(font: QFont, rect: QRect, text: str, *, wrap: bool) -> bool:
    """Tell whether ``text`` in ``font`` fits inside ``rect`` (wrapped at spaces if asked)."""
    if not text:
        return True
    metrics = QFontMetrics(font)
    if not wrap:
        return (metrics.horizontalAdvance(text) <= rect.width()
                and metrics.height() <= rect.height())
    flags = int(Qt.TextFlag.TextWordWrap.value)
    needed = metrics.boundingRect(QRect(0, 0, rect.width(), 100_000), flags, text)
    return needed.width() <= rect.width() and needed.height() <= rect.height()


def fitted_font(font: QFont, rect: QRect, text: str, *, wrap: bool,
                floor: int = MIN_PX) -> QFont:
    """Return ``font`` at the largest pixel size (down to ``floor``) at which text fits."""
    top = font.pixelSize() if font.pixelSize() > 0 else round(font.pointSizeF() * 4 / 3)
    if text_fits(font, rect, text, wrap=wrap):
        return font
    low, high = floor, top
    best = QFont(font)
    best.setPixelSize(floor)
    while low <= high:
        middle = (low + high) // 2
        trial = QFont(font)
        trial.setPixelSize(middle)
        if text_fits(trial, rect, text, wrap=wrap):
            best, low = trial, middle + 1
        else:
            high = middle - 1
    return best


class FitLabel(QLabel):
    """A QLabel drawn in the largest type (up to the stylesheet's) that fits its rectangle."""

    def __init__(self, text: str = "", parent: QWidget | None = None, *, floor: int = MIN_PX):
        super().__init__(text, parent)
        self._floor = floor
        self._cache: tuple[tuple[str, int, int, str], QFont] | None = None

    def drawn_font(self) -> QFont:
        """Return the font the text is drawn in at the label's present size."""
        rect = self.contentsRect()
        key = (self.text(), rect.width(), rect.height(), self.font().key())
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, fitted_font(self.font(), rect, self.text(),
                                            wrap=self.wordWrap(), floor=self._floor))
        return self._cache[1]

    def fits(self) -> bool:
        """Tell whether the whole text is shown (drawn at or above the floor, uncut)."""
        return text_fits(self.drawn_font(), self.contentsRect(), self.text(),
                         wrap=self.wordWrap())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """Return a few characters at the floor size: layouts never grow for a long text."""
        small = QFont(self.font())
        small.setPixelSize(self._floor)
        metrics = QFontMetrics(small)
        margins = self.contentsMargins()
        return QSize(metrics.horizontalAdvance("MMMM") + margins.left() + margins.right(),
                     metrics.height() + margins.top() + margins.bottom())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Draw the frame and background as a label, then the text in the fitted font."""
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, option, painter, self)
        painter.setFont(self.drawn_font())
        self.style().drawItemText(painter, self.contentsRect(), _flags(self), self.palette(),
                                  self.isEnabled(), self.text(), self.foregroundRole())
        painter.end()
