"""The certification run widget: a fixed-length mixed test at one level, marked at its mark.

The trainer picks the level (beginner, intermediate, advanced) before the start; the
questions come from `plan_certification` at that level (``trainer.question_count`` of
rules.yaml), the verdict from `certification_result` (the level's ``trainer.pass_mark_<level>``,
else ``trainer.pass_mark_percent``). Answers are marked as they are given but the working is
shown only at the end, as in an exam. The run is recorded with its level.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealerassist.journal.progress import AttemptRecord, CertificationRecord, ProgressStore
from dealerassist.rules.model import HouseRules
from dealerassist.trainer import (
    CertificationResult,
    Difficulty,
    Drill,
    Mark,
    certification_result,
    grade,
    plan_certification,
)
from dealerassist.ui.trainer.drill_view import QuestionLabel, drill_html, utc_now
from dealerassist.ui.trainer.levels import fill_level_box, level_name

__all__ = ["QtCertification"]


class QtCertification(QWidget):
    """Start, answer every question, get the verdict (recorded in the trainee's history)."""

    finished = Signal(object)  # CertificationResult

    def __init__(self, *, rules: HouseRules, store: ProgressStore | None = None,
                 trainee: str = "", lang: str = "en", now: Callable[[], str] = utc_now,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.store = store
        self.lang = lang
        self._now = now
        self.drills: tuple[Drill, ...] = ()
        self.outcomes: list[tuple[Drill, bool]] = []
        self.result: CertificationResult | None = None
        self.trainee_edit = QLineEdit(trainee)
        self.trainee_edit.setPlaceholderText(self.tr("trainee name"))
        self.level = Difficulty.INTERMEDIATE  # the level of the run started (or to start)
        self.level_box = QComboBox()
        fill_level_box(self.level_box, current=self.level)
        self.mark_label = QLabel()
        self.start_button = QPushButton(self.tr("Start the certification"))
        self.progress_label = QLabel()
        self.question = QuestionLabel()
        self.answer_edit = QLineEdit()
        self.submit_button = QPushButton(self.tr("Answer"))
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.report = QTextBrowser()
        row = QHBoxLayout()
        row.addWidget(self.answer_edit, 1)
        row.addWidget(self.submit_button)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.trainee_edit, 1)
        top.addWidget(QLabel(self.tr("Level")))
        top.addWidget(self.level_box)
        top.addWidget(self.mark_label)
        top.addWidget(self.start_button)
        layout.addLayout(top)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.question, 2)
        layout.addLayout(row)
        layout.addWidget(self.message)
        layout.addWidget(self.report, 2)
        self.start_button.clicked.connect(lambda: self.start())
        self.submit_button.clicked.connect(self.submit)
        self.answer_edit.returnPressed.connect(self.submit)
        self.submit_button.setEnabled(False)
        self.level_box.currentIndexChanged.connect(lambda _: self._show_mark())
        self._show_mark()

    def chosen_level(self) -> Difficulty:
        """Return the level chosen in the level box."""
        return Difficulty(self.level_box.currentData())

    def _show_mark(self) -> None:
        mark = self.rules.trainer.pass_mark_for(self.chosen_level().value)
        self.mark_label.setText(self.tr("Pass mark at this level: {0}%").format(mark))

    def start(self, seed: int | None = None) -> None:
        """Draw the run's questions and show the first."""
        if not self.trainee_edit.text().strip():
            self.message.setText(self.tr("Enter the trainee's name first."))
            return
        if seed is None:
            seed = int("".join(ch for ch in self._now() if ch.isdigit()) or "0") % 1_000_003
        self.level = self.chosen_level()
        self.drills = plan_certification(rules=self.rules, seed=seed, difficulty=self.level)
        self.level_box.setEnabled(False)  # the run keeps its level to the end
        self.outcomes = []
        self.result = None
        self.report.clear()
        self.message.clear()
        self.submit_button.setEnabled(True)
        self._show()

    @property
    def current(self) -> Drill | None:
        """Return the question on screen, None before the start or after the end."""
        k = len(self.outcomes)
        return self.drills[k] if k < len(self.drills) else None

    def _show(self) -> None:
        drill = self.current
        if drill is None:
            return
        self.progress_label.setText(self.tr("Question {0} of {1}").format(
            len(self.outcomes) + 1, len(self.drills)))
        self.question.setText(drill_html(drill, self.lang))
        self.answer_edit.clear()
        self.answer_edit.setFocus()

    def submit(self) -> None:
        """Mark the answer and go on (an unreadable answer is asked again)."""
        drill = self.current
        if drill is None:
            return
        verdict = grade(drill, self.answer_edit.text())
        if verdict.mark is Mark.UNREADABLE:
            self.message.setText(verdict.message.get(self.lang))
            return
        self.message.clear()
        self.outcomes.append((drill, verdict.correct))
        if self.current is None:
            self._finish()
        else:
            self._show()

    def _finish(self) -> None:
        self.submit_button.setEnabled(False)
        self.level_box.setEnabled(True)
        result = certification_result([(d.kind, ok) for d, ok in self.outcomes], rules=self.rules,
                                      difficulty=self.level)
        self.result = result
        verdict = self.tr("PASSED") if result.passed else self.tr("NOT PASSED")
        self.progress_label.setText(self.tr("{0}: {1} / {2} ({3}%), pass mark {4}%").format(
            verdict, result.correct, result.total, result.percent, result.pass_mark_percent))
        heading = self.tr("Level: {0}").format(level_name(self.level))
        rows = [f"<p><b>{html.escape(heading)}</b></p>"]
        for k, (drill, ok) in enumerate(self.outcomes, start=1):
            sign = "✔" if ok else "✘"
            rows.append(f"<p>{k}. {sign} {html.escape(drill.kind.title.get(self.lang))}: "
                        f"{html.escape(drill.answer_text.get(self.lang))}</p>")
        self.report.setHtml("".join(rows))
        trainee = self.trainee_edit.text().strip()
        if self.store is not None:
            taken = self._now()
            run = self.store.add_certification(CertificationRecord(
                trainee=trainee, taken_at=taken, total=result.total, correct=result.correct,
                pass_mark_percent=result.pass_mark_percent, passed=result.passed,
                level=self.level.value))
            for drill, ok in self.outcomes:
                self.store.add_attempt(AttemptRecord(
                    trainee=trainee, kind=drill.kind.value, difficulty=drill.difficulty,
                    seed=drill.seed, correct=ok, elapsed_ms=0, answered_at=taken,
                    certification_id=run))
        self.finished.emit(result)
