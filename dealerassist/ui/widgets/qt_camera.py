"""The camera view: the newest frame with the recognised cards drawn on it.

Cards read with full confidence are outlined in green, cards the dealer must confirm in
amber (``Sighting.needs_confirmation``), each labelled with its face and confidence; the
corner shows frames per second and frames dropped. Drawing lives here, never in the
recogniser (style: computing apart from drawing).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from dealerassist.ui.theme import COLOURS
from dealerassist.ui.widgets.qt_cards import card_face_text

__all__ = ["QtCamera", "frame_to_image"]


def frame_to_image(frame: Any) -> QImage:
    """Return a QImage (own copy) of a BGR ``numpy`` frame (H x W x 3, uint8)."""
    height, width = frame.shape[:2]
    image = QImage(frame.data, width, height, frame.strides[0], QImage.Format.Format_BGR888)
    return image.copy()


class QtCamera(QWidget):
    """Shows `vision.pipeline.FrameResult`s; ``cards`` lists what is drawn."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMinimumSize(320, 180)
        self._image: QImage | None = None
        self._sightings: tuple[Any, ...] = ()
        self.status = self.tr("Camera off")

    @property
    def cards(self) -> tuple[str, ...]:
        """The faces drawn on the current frame, left to right."""
        ordered = sorted(self._sightings, key=lambda s: (s.box[0], s.box[1]))
        return tuple(str(s.card) for s in ordered)

    def show_result(self, result: Any, *, fps: float | None = None, dropped: int = 0) -> None:
        """Show one frame result (the stable cards are drawn, or this frame's readings)."""
        self._image = frame_to_image(result.frame)
        stable = tuple(result.update.stable)
        self._sightings = stable if stable else tuple(result.sightings)
        parts = [self.tr("frame {n}").format(n=result.frame_index)]
        if fps is not None:
            parts.append(self.tr("{fps:.0f} fps").format(fps=fps))
        if dropped:
            parts.append(self.tr("{n} dropped").format(n=dropped))
        parts.append(self.tr("{ms:.0f} ms").format(ms=result.latency_ms))
        self.status = " · ".join(parts)
        self.update()

    def set_status(self, message: str) -> None:
        """Change the status line, keeping the last frame on screen."""
        self.status = message
        self.update()

    def show_message(self, message: str) -> None:
        """Show a message instead of a frame (camera off, error)."""
        self._image = None
        self._sightings = ()
        self.status = message
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Draw the frame scaled to fit, the card boxes and labels, and the status line."""
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#000000"))
        if self._image is not None and not self._image.isNull():
            scale = min(self.width() / self._image.width(), self.height() / self._image.height())
            width, height = self._image.width() * scale, self._image.height() * scale
            left, top = (self.width() - width) / 2, (self.height() - height) / 2
            painter.drawImage(QRectF(left, top, width, height), self._image)
            font = QFont(painter.font())
            font.setPixelSize(max(12, int(18 * min(1.0, scale * 1.5))))
            font.setBold(True)
            painter.setFont(font)
            for sighting in self._sightings:
                x, y, w, h = sighting.box
                colour = QColor(COLOURS.accent if sighting.needs_confirmation else COLOURS.ok)
                painter.setPen(QPen(colour, 3))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                box = QRectF(left + x * scale, top + y * scale, w * scale, h * scale)
                painter.drawRect(box)
                # Confidence is written only where the dealer must look (doubtful cards).
                label = card_face_text(str(sighting.card))
                if sighting.needs_confirmation:
                    label += f" {sighting.confidence:.0%}"
                text_box = QRectF(box.left(), box.top() - 24, box.width() + 2, 22)
                painter.fillRect(text_box, QColor(0, 0, 0, 170))
                painter.drawText(text_box, Qt.AlignmentFlag.AlignLeft, label)
        painter.setPen(QColor(COLOURS.text))
        painter.drawText(self.rect().adjusted(8, 4, -8, -4),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom, self.status)
        painter.end()
