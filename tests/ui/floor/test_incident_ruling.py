"""Issue 37, broken item 4: an incident takes the ruling of the rule ID finally chosen.

Typing IRR-HE-EXPOSE-OTHER in the rule box went through IRR-HE-EXPOSE-FIRST2 (the inline
completion's first match), whose ruling filled the Ruling field and was never replaced;
the list cut the column, so the wrong ruling was saved unseen.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path  # noqa: E402

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QHeaderView  # noqa: E402

from dealerassist.floor import IncidentBook, rule_catalogue  # noqa: E402
from dealerassist.ui.floor.incidents_view import QtIncidents  # noqa: E402


def _ruling(rule_id: str) -> str:
    return next(e.ruling_en for e in rule_catalogue() if e.rule_id == rule_id)


def _form(qtbot, tmp_path: Path) -> QtIncidents:
    form = QtIncidents(book=IncidentBook(tmp_path / "table.sqlite"))
    qtbot.addWidget(form)
    form.resize(1000, 600)
    form.show()
    qtbot.waitExposed(form)
    return form


def test_defect_37_4_incident_takes_the_ruling_of_the_rule_id_typed(qtbot, tmp_path):
    form = _form(qtbot, tmp_path)
    qtbot.keyClicks(form.disputed_edit, "seat 4's card turned over while dealing")
    qtbot.keyClicks(form.decided_edit, "Marie (floor)")
    edit = form.rule_box.lineEdit()
    edit.setFocus()
    qtbot.keyClicks(edit, "IRR-HE-EXPOSE-")
    # The inline completion offers the first match, its completed part selected ...
    edit.setText("IRR-HE-EXPOSE-FIRST2")
    edit.setSelection(len("IRR-HE-EXPOSE-"), len("FIRST2"))
    assert form.ruling_edit.text() == _ruling("IRR-HE-EXPOSE-FIRST2")
    qtbot.keyClicks(edit, "OTHER")  # ... and the floor types on over it
    assert form.rule_box.currentText() == "IRR-HE-EXPOSE-OTHER"
    assert form.ruling_edit.text() == _ruling("IRR-HE-EXPOSE-OTHER")
    qtbot.mouseClick(form.record_button, Qt.MouseButton.LeftButton)
    (record,) = form.book.list()
    assert record.rule_id == "IRR-HE-EXPOSE-OTHER"
    assert record.ruling == _ruling("IRR-HE-EXPOSE-OTHER")
    assert record.ruling != _ruling("IRR-HE-EXPOSE-FIRST2")


def test_defect_37_4_a_suggested_ruling_follows_the_rule_id_changed(qtbot, tmp_path):
    form = _form(qtbot, tmp_path)
    form.rule_box.setCurrentText("IRR-HE-EXPOSE-FIRST2")
    assert form.ruling_edit.text() == _ruling("IRR-HE-EXPOSE-FIRST2")
    form.rule_box.setCurrentText("IRR-HE-EXPOSE-OTHER")
    assert form.ruling_edit.text() == _ruling("IRR-HE-EXPOSE-OTHER")
    form.rule_box.setCurrentText("NOT-A-RULE")  # no ruling known: the suggestion goes
    assert form.ruling_edit.text() == ""


def test_defect_37_4_a_ruling_typed_by_the_floor_is_kept(qtbot, tmp_path):
    form = _form(qtbot, tmp_path)
    form.rule_box.setCurrentText("IRR-HE-EXPOSE-FIRST2")
    form.ruling_edit.clear()
    qtbot.keyClicks(form.ruling_edit, "Floor: card replaced, no misdeal")
    form.rule_box.setCurrentText("IRR-HE-EXPOSE-OTHER")
    assert form.ruling_edit.text() == "Floor: card replaced, no misdeal"


def test_defect_37_4_the_list_shows_the_whole_ruling(qtbot, tmp_path):
    form = _form(qtbot, tmp_path)
    form.rule_box.setCurrentText("IRR-HE-EXPOSE-OTHER")
    qtbot.keyClicks(form.disputed_edit, "exposed card")
    qtbot.keyClicks(form.decided_edit, "Marie (floor)")
    qtbot.mouseClick(form.record_button, Qt.MouseButton.LeftButton)
    item = form.table.item(0, 4)
    assert item.text() == _ruling("IRR-HE-EXPOSE-OTHER")
    assert item.toolTip() == item.text()
    header = form.table.horizontalHeader()
    assert header.sectionResizeMode(4) is QHeaderView.ResizeMode.Stretch
    assert form.table.wordWrap()
    # The row is as tall as its wrapped text: every word of the ruling is on screen.
    lines = form.table.fontMetrics().boundingRect(
        0, 0, form.table.columnWidth(4) - 8, 10_000, Qt.TextFlag.TextWordWrap,
        item.text()).height()
    assert form.table.rowHeight(0) >= lines


def test_defect_37_4_an_incident_opened_from_a_flag_at_the_table(qtbot, tmp_path, settings):
    from dealerassist.journal.store import SQLiteJournal
    from dealerassist.rules import default_rules
    from dealerassist.session.controller import TableSession
    from dealerassist.ui.bridge import ConsoleBridge
    from dealerassist.ui.main_window import MainWindow
    from dealerassist.ui.session_adapter import SessionController

    rules = default_rules()
    preset = next(p for p in rules.presets if p.name == "NLHE 2/5")
    session = TableSession(SQLiteJournal(tmp_path / "table.sqlite"), rules=rules, preset=preset,
                           confirm_payouts=True)
    controller = SessionController(session)
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings)
    qtbot.addWidget(window)
    for line in ("sit 1 Ann 500", "sit 2 Bob 500", "sit 3 Cy 500", "hand", "exposed 3 Ah"):
        assert window.bridge.send(line).ok, line
    (card,) = window.flags.cards
    assert card.flag.rule_id == "IRR-HE-EXPOSE-OTHER"
    qtbot.mouseClick(card.incident_button, Qt.MouseButton.LeftButton)
    from dealerassist.ui.floor import FloorWindow

    floors = window.findChildren(FloorWindow)
    assert len(floors) == 1
    floor = floors[0]
    form = floor.incidents
    assert floor.currentWidget() is form
    assert form.hand_spin.value() == 1
    assert form.rule_box.currentText() == "IRR-HE-EXPOSE-OTHER"
    assert form.disputed_edit.text().startswith("seat 3's Ah exposed by the dealer")
    assert form.ruling_edit.text() == _ruling("IRR-HE-EXPOSE-OTHER")
    qtbot.keyClicks(form.decided_edit, "Marie (floor)")
    qtbot.mouseClick(form.record_button, Qt.MouseButton.LeftButton)
    (record,) = form.book.list()
    assert (record.hand_id, record.rule_id, record.ruling) == (
        1, "IRR-HE-EXPOSE-OTHER", _ruling("IRR-HE-EXPOSE-OTHER"))
    floor.close()
