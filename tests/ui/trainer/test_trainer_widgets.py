"""pytest-qt: a drill session, a certification run and the progress chart, through widgets."""

from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

from PySide6.QtCore import Qt  # noqa: E402

from dealerassist.journal.progress import ProgressStore  # noqa: E402
from dealerassist.rules import default_rules  # noqa: E402
from dealerassist.trainer import AnswerFormat, Drill  # noqa: E402
from dealerassist.ui.trainer import open_trainer  # noqa: E402
from dealerassist.ui.trainer.certification_view import QtCertification  # noqa: E402
from dealerassist.ui.trainer.drill_view import QtDrillSession  # noqa: E402

RULES = default_rules()


def _typed(drill: Drill) -> str:
    if drill.answer_format is AnswerFormat.POTS:
        return "; ".join(f"{p.amount}: {' '.join(map(str, p.seats))}" for p in drill.answer)
    if drill.answer_format is AnswerFormat.PAYOUTS:
        return " ".join(f"{p.seat}={p.amount}" for p in drill.answer)
    return str(drill.answer)


def _wrong(drill: Drill) -> str:
    if drill.answer_format is AnswerFormat.CHOICE:
        return next(x for x in "ABCD" if x != drill.answer)
    if drill.answer_format is AnswerFormat.POTS:
        return "1: 1"
    if drill.answer_format is AnswerFormat.PAYOUTS:
        return "1=1"
    return str(drill.answer + 1)


def test_drill_session_marks_answers_shows_the_working_and_records_them(qtbot, tmp_path: Path):
    store = ProgressStore(tmp_path / "table.sqlite")
    now = [0]
    widget = QtDrillSession(rules=RULES, store=store, trainee="Ana", clock=lambda: now[0],
                            now=lambda: "2026-11-30T01:00:00Z")
    qtbot.addWidget(widget)
    widget.kind_box.setCurrentIndex(widget.kind_box.findData("pl-max"))
    widget.limit_spin.setValue(30)
    qtbot.mouseClick(widget.next_button, Qt.MouseButton.LeftButton)
    drill = widget.session.current
    assert drill is not None and drill.kind.value == "pl-max"
    assert "What is the most" in widget.question.toPlainText()
    assert widget.timer_label.text() == "30 s"
    qtbot.keyClicks(widget.answer_edit, "lots")
    qtbot.mouseClick(widget.check_button, Qt.MouseButton.LeftButton)
    assert "Cannot read" in widget.feedback.toPlainText()
    assert widget.session.current is drill  # still open
    widget.answer_edit.clear()
    now[0] = 7_000
    qtbot.keyClicks(widget.answer_edit, str(drill.answer))
    with qtbot.waitSignal(widget.answered) as signal:
        qtbot.keyClick(widget.answer_edit, Qt.Key.Key_Return)
    assert signal.args[0].correct and signal.args[0].elapsed_ms == 7_000
    text = widget.feedback.toPlainText()
    assert "Right" in text and "Pot after the call" in text and "BET-PL-MAX" in text
    qtbot.mouseClick(widget.next_button, Qt.MouseButton.LeftButton)
    drill = widget.session.current
    qtbot.keyClicks(widget.answer_edit, str(drill.answer + 1))
    qtbot.mouseClick(widget.check_button, Qt.MouseButton.LeftButton)
    assert "Wrong. The answer: Raise to" in widget.feedback.toPlainText()
    assert widget.score_label.text() == "Score: 1 / 2"
    assert [(a.kind, a.correct, a.elapsed_ms) for a in store.attempts("Ana")] == [
        ("pl-max", True, 7000), ("pl-max", False, 0)]
    store.close()


def test_drill_session_in_french(qtbot) -> None:
    widget = QtDrillSession(rules=RULES, lang="fr")
    qtbot.addWidget(widget)
    widget.kind_box.setCurrentIndex(widget.kind_box.findData("bring-in"))
    widget.next_question()
    assert "Quel siège paie le bring-in ?" in widget.question.toPlainText()


def test_certification_run_through_the_widget_uses_the_house_length_and_pass_mark(
        qtbot, tmp_path: Path) -> None:
    house = dataclasses.replace(RULES, trainer=dataclasses.replace(
        RULES.trainer, question_count=5, pass_mark_percent=80))
    store = ProgressStore(tmp_path / "table.sqlite")
    widget = QtCertification(rules=house, store=store, now=lambda: "2026-11-30T02:00:00Z")
    qtbot.addWidget(widget)
    widget.start(seed=11)
    assert "Enter the trainee's name" in widget.message.text() and not widget.drills
    qtbot.keyClicks(widget.trainee_edit, "Ben")
    widget.start(seed=11)
    assert len(widget.drills) == 5 and widget.progress_label.text() == "Question 1 of 5"
    first = widget.current
    qtbot.keyClicks(widget.answer_edit, "nonsense; really")
    qtbot.mouseClick(widget.submit_button, Qt.MouseButton.LeftButton)
    assert widget.current is first and "Cannot read" in widget.message.text()
    for k in range(5):
        drill = widget.current
        widget.answer_edit.clear()
        qtbot.keyClicks(widget.answer_edit, _wrong(drill) if k == 0 else _typed(drill))
        qtbot.keyClick(widget.answer_edit, Qt.Key.Key_Return)
    assert widget.current is None
    result = widget.result
    assert result is not None and result.total == 5
    assert (result.correct, result.passed) == (4, True)  # 4/5 = 80 % meets the pass mark
    assert widget.progress_label.text().startswith("PASSED: 4 / 5 (80%)")
    runs = store.certifications("Ben")
    assert len(runs) == 1 and runs[0].passed and runs[0].pass_mark_percent == 80
    assert len(store.attempts("Ben")) == 5
    store.close()


def test_trainer_window_shows_progress_weakest_first(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "table.sqlite"
    window = open_trainer(None, rules=RULES, db_path=path, trainee="Ana")
    qtbot.addWidget(window)
    drills = window.drills
    for kind, right in (("rake", True), ("rake", True), ("pots", False), ("pots", True)):
        drills.kind_box.setCurrentIndex(drills.kind_box.findData(kind))
        drill = drills.next_question()
        drills.answer_edit.setText(_typed(drill) if right else "1: 9")
        drills.check_answer()
    window.setCurrentWidget(window.progress)
    labels = window.progress.chart.bar_labels()
    assert labels[0].startswith("Main and side pots: 50% (1/2)")
    assert labels[1].startswith("Rake: 100% (2/2)")
    window.progress.kind_box.setCurrentIndex(window.progress.kind_box.findData("pots"))
    assert [d.attempts for d in window.progress.chart.days] == [2]
    assert window.progress.chart.day_labels()[0].startswith("50% ")
    image = window.progress.chart.grab()
    assert not image.isNull()
    window.close()


def test_certification_level_chosen_in_the_widget_sets_questions_pass_mark_and_history(
        qtbot, tmp_path: Path) -> None:
    house = dataclasses.replace(RULES, trainer=dataclasses.replace(
        RULES.trainer, question_count=4, pass_mark_percent=80, pass_mark_advanced=75))
    window = open_trainer(None, rules=house, db_path=tmp_path / "table.sqlite", trainee="Cleo")
    qtbot.addWidget(window)
    cert = window.certification
    cert._now = lambda: "2026-11-30T04:00:00Z"
    assert cert.level_box.currentData() == "intermediate"
    assert cert.mark_label.text() == "Pass mark at this level: 80%"
    cert.level_box.setFocus()
    qtbot.keyClick(cert.level_box, Qt.Key.Key_Down)  # intermediate -> advanced
    assert cert.level_box.currentData() == "advanced"
    assert cert.mark_label.text() == "Pass mark at this level: 75%"
    qtbot.mouseClick(cert.start_button, Qt.MouseButton.LeftButton)
    assert len(cert.drills) == 4 and {d.difficulty for d in cert.drills} == {"advanced"}
    assert not cert.level_box.isEnabled()  # the run keeps its level
    for k in range(4):
        drill = cert.current
        cert.answer_edit.setText(_wrong(drill) if k == 2 else _typed(drill))
        qtbot.mouseClick(cert.submit_button, Qt.MouseButton.LeftButton)
    result = cert.result
    assert result is not None and (result.correct, result.total) == (3, 4)
    assert result.passed and result.pass_mark_percent == 75  # 75 % passes at advanced only
    assert cert.progress_label.text().startswith("PASSED: 3 / 4 (75%), pass mark 75%")
    assert "Level: advanced" in cert.report.toPlainText() and cert.level_box.isEnabled()
    runs = window.store.certifications("Cleo")
    assert [(r.level, r.pass_mark_percent, r.passed) for r in runs] == [("advanced", 75, True)]
    assert {a.difficulty for a in window.store.attempts("Cleo")} == {"advanced"}
    assert window.progress.certifications.text() == "2026-11-30 advanced: 3/4 (75%) ✔"
    qtbot.keyClick(cert.level_box, Qt.Key.Key_Up)  # back to intermediate: 3/4 would fail
    assert cert.mark_label.text() == "Pass mark at this level: 80%"
    window.close()


def test_jacks_or_better_drill_is_listed_asked_and_charted(qtbot, tmp_path: Path) -> None:
    window = open_trainer(None, rules=RULES, db_path=tmp_path / "table.sqlite", trainee="Dan")
    qtbot.addWidget(window)
    drills = window.drills
    index = drills.kind_box.findData("jb-open")
    assert drills.kind_box.itemText(index) == "Jacks or better: openers and carried pots"
    assert window.progress.kind_box.findData("jb-open") > 0
    drills.kind_box.setCurrentIndex(index)
    drill = drills.next_question()
    assert drill.kind.value == "jb-open" and drill.game == "FJB"
    assert drill.question.en in drills.question.toPlainText()
    drills.answer_edit.setText(_typed(drill))
    qtbot.mouseClick(drills.check_button, Qt.MouseButton.LeftButton)
    assert "Right" in drills.feedback.toPlainText()
    assert {"JB-OPEN", "JB-NO-OPEN"} & set(drill.rule_ids)
    labels = window.progress.chart.bar_labels()
    assert labels[0].startswith("Jacks or better: openers and carried pots: 100% (1/1)")
    window.close()


def test_certification_levels_and_pass_mark_in_french(qtbot) -> None:
    from PySide6.QtWidgets import QApplication

    from dealerassist.ui.i18n import Language, install_translator

    app = QApplication.instance()
    assert install_translator(app, Language.FRENCH)
    try:
        widget = QtCertification(rules=RULES, lang="fr")
        qtbot.addWidget(widget)
        names = [widget.level_box.itemText(i) for i in range(widget.level_box.count())]
        assert names == ["débutant", "intermédiaire", "avancé"]
        assert [widget.level_box.itemData(i) for i in range(3)] == [
            "beginner", "intermediate", "advanced"]
        assert widget.mark_label.text() == "Seuil de réussite à ce niveau : 80 %"
    finally:
        install_translator(app, Language.ENGLISH)
