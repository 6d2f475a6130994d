"""The drill session widget: pick the skill, level and time limit; answer; see the working.

It renders `dealerassist.trainer` drills and forwards the typed answer to a `DrillSession`;
every marked answer is emitted (``answered``) and, when a progress store is given, recorded
in the trainee's history. No poker logic here.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealerassist.journal.progress import AttemptRecord, ProgressStore
from dealerassist.rules.model import HouseRules
from dealerassist.trainer import Attempt, Difficulty, Drill, DrillKind, DrillSession, Grade
from dealerassist.ui.trainer.levels import fill_level_box

__all__ = ["QtDrillSession", "QuestionLabel", "drill_html", "utc_now"]


def utc_now() -> str:
    """Return the current UTC time as ISO 8601 text."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def drill_html(drill: Drill, lang: str) -> str:
    """Return the question as simple HTML: the situation, the question and any choices."""
    data = drill.to_json(lang)
    parts = [f"<p><b>{html.escape(drill.kind.title.get(lang))}</b></p>"]
    parts += [f"<div>{html.escape(line)}</div>" for line in data["situation"]]
    parts.append(f"<p><b>{html.escape(data['question'])}</b></p>")
    parts += [f"<div>{c['letter']}) {html.escape(c['text'])} [{c['rule_id']}]</div>"
              for c in data["choices"]]
    parts.append(f"<p><i>{html.escape(drill.answer_format.hint.get(lang))}</i></p>")
    return "".join(parts)


class QuestionLabel(QLabel):
    """A drill's question, whole on screen: word-wrapped rich text, no scroll box."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("question")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)

    def toPlainText(self) -> str:  # noqa: N802 - the name QTextBrowser gives it
        """Return the question without its markup."""
        return QTextDocumentFragment.fromHtml(self.text()).toPlainText()


class QtDrillSession(QWidget):
    """Drills one after another with immediate feedback and the worked explanation.

    Args:
        rules: the house rules (answers follow them).
        store: where attempts are recorded, None to keep nothing.
        trainee: the trainee's name (editable in the widget).
        lang: "en" or "fr" for the drill texts.
        clock: monotonic milliseconds for the session (tests inject one).
        now: ISO UTC text for the recorded attempts.

    """

    answered = Signal(object)  # Attempt

    def __init__(self, *, rules: HouseRules, store: ProgressStore | None = None,
                 trainee: str = "", lang: str = "en", clock: Callable[[], int] | None = None,
                 now: Callable[[], str] = utc_now, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.store = store
        self.lang = lang
        self._clock = clock
        self._now = now
        self.session: DrillSession | None = None
        self._seed = int(datetime.now(UTC).timestamp()) % 1_000_000
        self.trainee_edit = QLineEdit(trainee)
        self.trainee_edit.setPlaceholderText(self.tr("trainee name"))
        self.kind_box = QComboBox()
        self.kind_box.addItem(self.tr("All skills, mixed"), "")
        for kind in DrillKind:
            self.kind_box.addItem(kind.title.get(lang), kind.value)
        self.level_box = QComboBox()
        fill_level_box(self.level_box)
        self.limit_spin = QSpinBox()
        self.limit_spin.setRange(0, 600)
        self.limit_spin.setSuffix(" s")
        self.limit_spin.setSpecialValueText(self.tr("no limit"))
        self.next_button = QPushButton(self.tr("Next question"))
        # The question in a label that takes the room it needs (a scroll box hid it
        # under its edge while half the window stayed empty).
        self.question = QuestionLabel()
        self.answer_edit = QLineEdit()
        self.answer_edit.setPlaceholderText(self.tr("your answer"))
        self.check_button = QPushButton(self.tr("Check"))
        self.timer_label = QLabel()
        self.feedback = QTextBrowser()
        self.score_label = QLabel()
        form = QFormLayout()
        form.addRow(self.tr("Trainee"), self.trainee_edit)
        form.addRow(self.tr("Skill"), self.kind_box)
        form.addRow(self.tr("Level"), self.level_box)
        form.addRow(self.tr("Time limit"), self.limit_spin)
        answer_row = QHBoxLayout()
        answer_row.addWidget(self.answer_edit, 1)
        answer_row.addWidget(self.check_button)
        answer_row.addWidget(self.timer_label)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.next_button)
        layout.addWidget(self.question, 3)
        layout.addLayout(answer_row)
        layout.addWidget(self.feedback, 2)
        layout.addWidget(self.score_label)
        self.next_button.clicked.connect(self.next_question)
        self.check_button.clicked.connect(self.check_answer)
        # Enter checks the answer; once marked, Enter goes on to the next question.
        self.answer_edit.returnPressed.connect(self._enter)
        for box in (self.kind_box, self.level_box):
            box.currentIndexChanged.connect(self._reset)
        self.limit_spin.valueChanged.connect(self._reset)
        self._ticker = QTimer(self)
        self._ticker.setInterval(250)
        self._ticker.timeout.connect(self._tick)
        self.check_button.setEnabled(False)

    def _enter(self) -> None:
        if self.session is None or self.session.current is None or not \
                self.check_button.isEnabled():
            self.next_question()
        else:
            self.check_answer()

    def _reset(self) -> None:
        self.session = None

    def _new_session(self) -> DrillSession:
        value = self.kind_box.currentData()
        kinds = (DrillKind(value),) if value else tuple(DrillKind)
        limit = self.limit_spin.value() or None
        extra = {"clock": self._clock} if self._clock is not None else {}
        self._seed += 7919
        return DrillSession(rules=self.rules, kinds=kinds,
                            difficulty=Difficulty(self.level_box.currentData()),
                            time_limit_s=limit, seed=self._seed, **extra)

    def next_question(self) -> Drill:
        """Show the next question (a new session when the choices changed)."""
        if self.session is None:
            self.session = self._new_session()
        drill = self.session.next()
        self.question.setText(drill_html(drill, self.lang))
        self.feedback.clear()
        self.answer_edit.clear()
        self.answer_edit.setFocus()
        self.check_button.setEnabled(True)
        self._tick()
        if self.session.time_limit_s:
            self._ticker.start()
        return drill

    def _tick(self) -> None:
        left = self.session.remaining_ms() if self.session else None
        if left is None:
            self.timer_label.setText("")
            return
        self.timer_label.setText(f"{left // 1000} s")
        if left == 0:
            self._ticker.stop()

    def check_answer(self) -> Attempt | Grade | None:
        """Mark the typed answer; show the verdict and the working."""
        if self.session is None or self.session.current is None:
            return None
        drill = self.session.current
        result = self.session.answer(self.answer_edit.text())
        if isinstance(result, Grade):  # unreadable: the question stays open
            self.feedback.setHtml(f"<p>{html.escape(result.message.get(self.lang))}</p>")
            return result
        self._ticker.stop()
        self.check_button.setEnabled(False)
        steps = "".join(f"<li>{html.escape(line.get(self.lang))}</li>"
                        for line in drill.explanation)
        colour = "#69db7c" if result.correct else "#ff6b6b"
        self.feedback.setHtml(
            f"<p style='color:{colour}'><b>{html.escape(result.grade.message.get(self.lang))}"
            f"</b></p><ol>{steps}</ol><p>{', '.join(drill.rule_ids)}</p>")
        attempts = self.session.attempts
        right = sum(1 for a in attempts if a.correct)
        self.score_label.setText(self.tr("Score: {0} / {1}").format(right, len(attempts)))
        trainee = self.trainee_edit.text().strip()
        if self.store is not None and trainee:
            self.store.add_attempt(AttemptRecord(
                trainee=trainee, kind=result.kind.value, difficulty=result.difficulty,
                seed=result.seed, correct=result.correct, elapsed_ms=result.elapsed_ms,
                answered_at=self._now()))
        self.answered.emit(result)
        return result
