"""The trainer window: drills, certification and progress in tabs; `open_trainer` opens it."""

from __future__ import annotations

import os

from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealerassist.journal.progress import ProgressStore
from dealerassist.rules.model import HouseRules
from dealerassist.trainer import DrillKind, daily_series, skill_summary
from dealerassist.ui.trainer.certification_view import QtCertification
from dealerassist.ui.trainer.drill_view import QtDrillSession
from dealerassist.ui.trainer.levels import level_name
from dealerassist.ui.trainer.progress_chart import QtProgressChart

__all__ = ["TrainerWindow", "open_trainer"]


class QtProgressPanel(QWidget):
    """A trainee chooser and the progress chart."""

    def __init__(self, *, store: ProgressStore | None, lang: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.trainee_box = QComboBox()
        self.trainee_box.setEditable(True)
        self.kind_box = QComboBox()
        self.kind_box.addItem(self.tr("All skills"), "")
        for kind in DrillKind:
            self.kind_box.addItem(kind.title.get(lang), kind.value)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        self.chart = QtProgressChart(lang=lang)
        self.certifications = QLabel()
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Trainee")))
        row.addWidget(self.trainee_box, 1)
        row.addWidget(QLabel(self.tr("Over time")))
        row.addWidget(self.kind_box)
        row.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.chart, 1)
        layout.addWidget(self.certifications)
        self.refresh_button.clicked.connect(self.refresh)
        self.trainee_box.currentTextChanged.connect(lambda _: self.refresh())
        self.kind_box.currentIndexChanged.connect(lambda _: self.refresh())

    def refresh(self, trainee: str | None = None) -> None:
        """Reload the trainee list and show one trainee's progress."""
        if self.store is None:
            return
        names = self.store.trainees()
        wanted = trainee or self.trainee_box.currentText() or (names[0] if names else "")
        self.trainee_box.blockSignals(True)
        self.trainee_box.clear()
        self.trainee_box.addItems(names)
        self.trainee_box.setCurrentText(wanted)
        self.trainee_box.blockSignals(False)
        attempts = self.store.attempts(wanted)
        kind = self.kind_box.currentData() or None
        self.chart.set_data(skill_summary(attempts), daily_series(attempts, kind=kind))
        runs = self.store.certifications(wanted)
        self.certifications.setText("  ".join(
            f"{r.taken_at[:10]} {level_name(r.level)}: {r.correct}/{r.total} "
            f"({r.pass_mark_percent}%) {'✔' if r.passed else '✘'}"
            for r in runs[-5:]))


class TrainerWindow(QTabWidget):
    """Drills, certification and progress of one house, for trainers and trainees."""

    def __init__(self, *, rules: HouseRules, db_path: str | os.PathLike[str] | None = None,
                 trainee: str = "", lang: str = "en", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store = ProgressStore(db_path) if db_path is not None else None
        self.setWindowTitle(self.tr("dealerassist — trainer"))
        self.drills = QtDrillSession(rules=rules, store=self.store, trainee=trainee, lang=lang)
        self.certification = QtCertification(rules=rules, store=self.store, trainee=trainee,
                                             lang=lang)
        self.progress = QtProgressPanel(store=self.store, lang=lang)
        self.addTab(self.drills, self.tr("Drills"))
        self.addTab(self.certification, self.tr("Certification"))
        self.addTab(self.progress, self.tr("Progress"))
        self.drills.answered.connect(lambda _: self.progress.refresh(
            self.drills.trainee_edit.text().strip() or None))
        self.certification.finished.connect(lambda _: self.progress.refresh(
            self.certification.trainee_edit.text().strip() or None))
        self.resize(1000, 720)

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """Close the history store with the window."""
        if self.store is not None:
            self.store.close()
            self.store = None
        super().closeEvent(event)


def open_trainer(parent: QWidget | None = None, *, rules: HouseRules,
                 db_path: str | os.PathLike[str] | None = None, trainee: str = "",
                 lang: str = "en") -> TrainerWindow:
    """Open the trainer as its own window (history kept in the journal file ``db_path``)."""
    window = TrainerWindow(rules=rules, db_path=db_path, trainee=trainee, lang=lang)
    if parent is not None:
        window.setParent(parent, window.windowFlags() | _window_flag())
    window.show()
    return window


def _window_flag():  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    return Qt.WindowType.Window
