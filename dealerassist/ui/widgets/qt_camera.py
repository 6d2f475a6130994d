"""The camera view: the newest frame with the recognised cards drawn on it.

Cards read with full confidence are outlined in green, cards the dealer must confirm in
amber (``Sighting.needs_confirmation``), each labelled with its face and confidence; the
corner shows frames per second and frames dropped. Drawing lives here, never in the
recogniser (style: computing apart from drawing).
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QWidget

from dealerassist.ui.theme import COLOURS
from dealerassist.ui.widgets.qt_cards import card_face_text

__all__ = ["QtCamera", "frame_to_image"]

_NOTE_SECONDS = 8.0  # how long a note (a calibration done, a camera moved) stays in view


def frame_to_image(frame: Any) -> QImage:
    """Return a QImage (own copy) of a BGR ``numpy`` frame (H x W x 3, uint8)."""
    height, width = frame.shape[:2]
    image = QImage(frame.data, width, height, frame.strides[0], QImage.Format.Format_BGR888)
    return image.copy()


class QtCamera(QWidget):
    """Shows `vision.pipeline.FrameResult`s; ``cards`` lists what is drawn.

    While the felt's corners are being marked (`begin_marking`), a click on the frame
    emits ``corner_clicked`` with the point in frame pixels, Backspace ``undo_requested``
    and Escape ``cancel_requested``; the marked corners and the table's zones are drawn.
    """

    corner_clicked = Signal(float, float)
    undo_requested = Signal()
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setMinimumSize(320, 180)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._image: QImage | None = None
        self._sightings: tuple[Any, ...] = ()
        self._marks: tuple[tuple[float, float], ...] = ()
        self._zones: dict[str, Any] = {}
        self.marking = False
        self.status = self.tr("Camera off")
        self._note = ""  # a message kept on the status line over the frames (`set_note`)
        self._note_until = 0.0

    @property
    def has_frame(self) -> bool:
        """A frame is on screen (the corners can be marked on it)."""
        return self._image is not None and not self._image.isNull()

    @property
    def frame_size(self) -> tuple[int, int] | None:
        """(width, height) of the frame on screen, or None before the first frame."""
        if not self.has_frame:
            return None
        assert self._image is not None
        return (self._image.width(), self._image.height())

    def begin_marking(self) -> None:
        """Take clicks as felt corners (and keys to undo or cancel)."""
        self.marking = True
        self._marks = ()
        self.setCursor(Qt.CursorShape.CrossCursor)
        self.setFocus()
        self.update()

    def end_marking(self) -> None:
        """Back to showing frames."""
        self.marking = False
        self._marks = ()
        self.unsetCursor()
        self.update()

    def set_marks(self, points: tuple[tuple[float, float], ...]) -> None:
        """Draw these corners (frame pixels), numbered in the order marked."""
        self._marks = tuple(points)
        self.update()

    def set_zones(self, zones: dict[str, Any]) -> None:
        """Draw these zone outlines (name -> (P, 2) frame pixels); empty: none."""
        self._zones = dict(zones)
        self.update()

    def _placement(self) -> tuple[float, float, float]:
        """Return the frame's scale and top-left corner in the widget."""
        assert self._image is not None
        scale = min(self.width() / self._image.width(), self.height() / self._image.height())
        left = (self.width() - self._image.width() * scale) / 2
        top = (self.height() - self._image.height() * scale) / 2
        return scale, left, top

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        """While marking, a click on the frame is a felt corner (frame pixels)."""
        if not self.marking or not self.has_frame:
            super().mousePressEvent(event)
            return
        scale, left, top = self._placement()
        assert self._image is not None
        x = (event.position().x() - left) / scale
        y = (event.position().y() - top) / scale
        if 0 <= x < self._image.width() and 0 <= y < self._image.height():
            self.corner_clicked.emit(x, y)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """While marking, Backspace undoes the last corner and Escape cancels."""
        if self.marking and event.key() == Qt.Key.Key_Backspace:
            self.undo_requested.emit()
        elif self.marking and event.key() == Qt.Key.Key_Escape:
            self.cancel_requested.emit()
        else:
            super().keyPressEvent(event)

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
        if self._note and time.monotonic() < self._note_until:
            parts.append(self._note)
        self.status = " · ".join(parts)
        self.update()

    def set_note(self, message: str, seconds: float = _NOTE_SECONDS) -> None:
        """Show a message on the status line now and after each frame for ``seconds``.

        Why: the frame counter rewrites the status line 30 times a second, so a plain
        status (`set_status`) is gone before it is read while the camera runs.
        """
        self._note, self._note_until = message, time.monotonic() + seconds
        self.set_status(message)

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
            scale, left, top = self._placement()
            width, height = self._image.width() * scale, self._image.height() * scale
            painter.drawImage(QRectF(left, top, width, height), self._image)
            self._paint_calibration(painter, scale, left, top)
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

    def _paint_calibration(self, painter: QPainter, scale: float, left: float,
                           top: float) -> None:
        """Draw the zones (thin, named) and the corners being marked (numbered)."""
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(COLOURS.text), 1, Qt.PenStyle.DashLine))
        for name, polygon in self._zones.items():
            points = [QPointF(left + x * scale, top + y * scale) for x, y in polygon]
            painter.drawPolygon(QPolygonF(points))
            painter.drawText(points[0] + QPointF(4, 14), name)
        painter.setPen(QPen(QColor(COLOURS.accent), 3))
        for number, (x, y) in enumerate(self._marks, start=1):
            centre = QPointF(left + x * scale, top + y * scale)
            painter.drawEllipse(centre, 7, 7)
            painter.drawText(centre + QPointF(10, -10), str(number))
