"""Issue 37: what a dealer reads — the trainer's question whole, Enter to go on, no jargon.

The trainer hid its question in a scroll box and Enter did not go on to the next one;
the rulings browser showed the catalogue's source tags ("[000]") and raw rules.yaml keys;
game names stayed English in French and carried PHH's "(extension)".
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dealerassist.floor import search
from dealerassist.rules import default_rules
from dealerassist.session.dealer_texts import game_name
from dealerassist.ui.floor.rulings_view import QtRulings
from dealerassist.ui.trainer.drill_view import QtDrillSession

RULES = default_rules()


def test_defect_37_trainer_question_whole_on_screen_and_enter_goes_on(qtbot):
    widget = QtDrillSession(rules=RULES, clock=lambda: 0)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    widget.show()
    qtbot.waitExposed(widget)
    widget.kind_box.setCurrentIndex(widget.kind_box.findData("pl-max"))
    widget.next_question()
    first = widget.session.current
    QApplication.processEvents()
    question = widget.question
    assert first.question.en in question.toPlainText()
    # Whole: the label is as tall as its wrapped text needs (no scroll box to hide it).
    assert question.heightForWidth(question.width()) <= question.height()
    qtbot.keyClicks(widget.answer_edit, str(first.answer))
    qtbot.keyClick(widget.answer_edit, Qt.Key.Key_Return)  # Enter checks ...
    assert widget.session.attempts[-1].correct
    qtbot.keyClick(widget.answer_edit, Qt.Key.Key_Return)  # ... then Enter goes on
    assert widget.session.current is not None and widget.session.current is not first
    assert widget.answer_edit.text() == ""


def test_defect_37_rulings_browser_shows_no_source_tags_nor_raw_keys(qtbot):
    browser = QtRulings(rules=RULES)
    qtbot.addWidget(browser)
    entry = next(e for e in search("G-SHOW-ORDER", rules=RULES) if e.rule_id == "G-SHOW-ORDER")
    assert "[000]" in entry.text_en  # the catalogue keeps its sources ...
    browser.show_rule(entry)
    shown = browser.detail.toPlainText()
    assert "last bettor or raiser" in shown
    assert not re.search(r"\[(\d{3}|std)\]", shown)  # ... the screen does not
    assert "order_when_no_bet" not in shown and "showdown." not in shown
    assert "first_left_of_button" in shown or "first left" in shown.lower()
    for row in range(browser.results.count()):
        assert not re.search(r"\[(\d{3}|std)\]", browser.results.item(row).text())


def test_defect_37_game_names_in_french_and_without_phh_notes():
    assert game_name("PO", "Pot-limit Omaha", "fr") == "Omaha pot limit"
    assert game_name("F7S", "Fixed-limit seven-card stud", "fr") == "Stud à sept cartes, limit"
    assert game_name("NO", "No-limit Omaha (extension)", "en") == "No-limit Omaha"


def test_defect_37_a_bad_video_file_is_named_without_jargon(window, qtbot, tmp_path):
    from dealerassist.vision.sources import VideoFileSource

    bad = tmp_path / "table.mp4"
    bad.write_text("not a video")
    window.start_camera(lambda: VideoFileSource(bad), recognise=lambda frame: None)
    qtbot.waitUntil(lambda: "table.mp4" in window.refusal_label.text(), timeout=5000)
    message = window.refusal_label.text()
    assert "not a video this app can read" in message
    assert "OpenCV" not in message and "cv2" not in message


def test_defect_37_hand_stepper_names_the_game_not_its_code():
    from dealerassist.floor.stepper import steps_of_session
    from dealerassist.journal.memory import InMemoryJournal
    from dealerassist.session.controller import TableSession

    session = TableSession(InMemoryJournal(), rules=RULES, preset=RULES.preset("PLO 1/2"))
    for line in ("sit 1 Ann 200", "sit 2 Ben 200", "button 1", "hand", "f"):
        session.execute(line)
    first = steps_of_session(session.state, 1, rules=RULES)[0]
    assert first.label_en.startswith("Hand 1: Pot-limit Omaha, button seat")
    assert first.label_fr.startswith("Main 1 : Omaha pot limit, bouton siège")
    assert not re.search(r"\bPO\b", first.label_en + first.label_fr)
