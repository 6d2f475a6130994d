"""The progress chart: accuracy per skill, weakest first, and accuracy day by day.

Drawn with QPainter from `SkillSummary` and `DayPoint` records (computed in
`dealerassist.trainer.progress`); the widget only draws.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealerassist.trainer import DayPoint, DrillKind, SkillSummary
from dealerassist.ui.theme import COLOURS

__all__ = ["QtProgressChart"]


def _title(kind: str, lang: str) -> str:
    try:
        return DrillKind(kind).title.get(lang)
    except ValueError:
        return kind


class QtProgressChart(QWidget):
    """Horizontal bars per skill (weakest on top), and daily accuracy and time as a line."""

    def __init__(self, *, lang: str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lang = lang
        self.skills: tuple[SkillSummary, ...] = ()
        self.days: tuple[DayPoint, ...] = ()
        self.setMinimumSize(520, 360)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_data(self, skills: Sequence[SkillSummary], days: Sequence[DayPoint]) -> None:
        """Show these summaries (skills weakest first, days oldest first)."""
        self.skills = tuple(skills)
        self.days = tuple(days)
        self.update()

    def bar_labels(self) -> list[str]:
        """Return the text drawn beside each bar, top to bottom (what a trainer reads)."""
        return [f"{_title(s.kind, self.lang)}: {s.accuracy_percent}% "
                f"({s.correct}/{s.attempts}), {s.mean_ms / 1000:.1f} s"
                for s in self.skills]

    def day_labels(self) -> list[str]:
        """Return the text drawn at each day's point: accuracy and mean time."""
        return [f"{d.accuracy_percent}% {d.mean_ms / 1000:.1f} s" for d in self.days]

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """Draw the bars and the daily line."""
        del event
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width, height = self.width(), self.height()
        painter.fillRect(self.rect(), QColor(COLOURS.panel))
        painter.setPen(QColor(COLOURS.text))
        if not self.skills:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             self.tr("No answers yet"))
            return
        top_height = height * 0.6
        row = min(34.0, top_height / len(self.skills))
        labels = self.bar_labels()
        for k, skill in enumerate(self.skills):
            y = 8 + k * row
            bar = (width - 16) * skill.accuracy_percent / 100
            colour = COLOURS.ok if skill.accuracy_percent >= 80 else (
                COLOURS.accent if skill.accuracy_percent >= 50 else COLOURS.danger)
            painter.fillRect(QRectF(8, y, max(bar, 2), row - 6), QColor(colour))
            painter.setPen(QColor(COLOURS.background if bar > width / 2 else COLOURS.text))
            painter.drawText(QRectF(14, y, width - 28, row - 6),
                             Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                             labels[k])
        if len(self.days) < 1:
            return
        area = QRectF(8, top_height + 16, width - 16, height - top_height - 24)
        painter.setPen(QPen(QColor(COLOURS.panel_edge), 1))
        painter.drawRect(area)
        step = area.width() / max(1, len(self.days) - 1)
        points = [QPointF(area.left() + k * step if len(self.days) > 1 else area.center().x(),
                          area.bottom() - area.height() * d.accuracy_percent / 100)
                  for k, d in enumerate(self.days)]
        painter.setPen(QPen(QColor(COLOURS.accent), 2))
        for a, b in zip(points, points[1:], strict=False):
            painter.drawLine(a, b)
        for point, label in zip(points, self.day_labels(), strict=True):
            painter.drawEllipse(point, 3, 3)
            painter.drawText(QRectF(point.x() - 50, point.y() - 22, 100, 18),
                             Qt.AlignmentFlag.AlignCenter, label)
        painter.setPen(QColor(COLOURS.muted))
        painter.drawText(area.adjusted(4, 2, -4, -2), Qt.AlignmentFlag.AlignTop,
                         self.tr("Accuracy by day: {0} to {1}").format(
                             self.days[0].day, self.days[-1].day))
