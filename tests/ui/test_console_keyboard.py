"""Issue 37: hotkeys that never break, and the keyboard always back on the table.

Broken item 1: a language switch rebuilt the widgets and bound every hotkey a second time;
with two shortcuts on one key Qt fires neither. Broken item 7: the Fold button held the
focus after a reopen and Space folded a player. Confusing items: focus stayed in the
amount field or the command line after Enter, a refused line was cleared, and old errors
stayed on screen after later commands were accepted.
"""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QAbstractButton, QApplication

from dealerassist.ui.bridge import ConsoleBridge, SubmitResult
from dealerassist.ui.demo import demo_view
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.settings import Language

from .fakes import FakeController

HOTKEYS = ("F", "C", "R", "1", "2", "3", "4", "/", "N", "P", "Y", "Esc")


def _active(qtbot, window) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)


def _shortcut_keys(window) -> Counter:
    return Counter(s.key().toString() for s in window.findChildren(QShortcut))


@pytest.mark.parametrize("switches", [1, 2, 5])
def test_defect_37_1_one_shortcut_per_key_through_language_switches(
        window, controller, qtbot, switches):
    for n in range(switches):
        window.set_language(Language.FRENCH if n % 2 == 0 else Language.ENGLISH)
    counts = _shortcut_keys(window)
    assert {key: counts[key] for key in HOTKEYS} == dict.fromkeys(HOTKEYS, 1)
    _active(qtbot, window)
    window.focus_table()
    qtbot.keyClick(window, Qt.Key.Key_F)  # the hotkeys reach the rebuilt pad
    qtbot.keyClick(window, Qt.Key.Key_C)
    qtbot.keyClick(window, Qt.Key.Key_N)
    assert controller.lines == ["f", "c", "hand"]
    qtbot.keyClick(window, Qt.Key.Key_2)  # half pot, into the new amount field
    assert window.action_bar.amount_edit.text() == "762"


def test_defect_37_7_no_action_button_takes_the_keyboard(window, controller, qtbot):
    buttons = [b for b in window.findChildren(QAbstractButton)
               if b.isVisibleTo(window) and not b.inherits("QTabBar")
               and b.metaObject().className() != "QToolButton"]
    assert buttons, "the pad's buttons are visible"
    for button in buttons:
        assert button.focusPolicy() == Qt.FocusPolicy.NoFocus, button.text()
    window.close()  # a reopen: a new window on the same table
    again = MainWindow(bridge=ConsoleBridge(controller), settings=window.settings)
    qtbot.addWidget(again)
    again.resize(1280, 720)
    again.show()
    _active(qtbot, again)
    focus = QApplication.focusWidget()
    assert not isinstance(focus, QAbstractButton), focus.text()
    qtbot.keyClick(focus or again, Qt.Key.Key_Space)
    assert controller.lines == []  # Space never folds a player
    qtbot.mouseClick(again.action_bar.fold_button, Qt.MouseButton.LeftButton)
    assert controller.lines == ["f"]  # the button still folds when clicked
    assert QApplication.focusWidget() is focus


def test_defect_37_focus_returns_to_the_table_after_an_accepted_amount(
        window, controller, qtbot):
    _active(qtbot, window)
    window.focus_table()
    qtbot.keyClick(window, Qt.Key.Key_R)
    assert window.action_bar.amount_edit.hasFocus()
    window.action_bar.amount_edit.setText("700")
    qtbot.keyClick(window.action_bar.amount_edit, Qt.Key.Key_Return)
    assert controller.lines == ["r 700"]
    assert window.table.hasFocus()
    qtbot.keyClick(window, Qt.Key.Key_F)  # the next F is a fold, not an "f" typed
    assert controller.lines == ["r 700", "f"]
    assert window.action_bar.amount_edit.text() == "700"


def test_defect_37_focus_returns_to_the_table_after_an_accepted_line(
        window, controller, qtbot):
    _active(qtbot, window)
    window.focus_table()
    qtbot.keyClick(window, Qt.Key.Key_Slash)
    assert window.command_line.hasFocus()
    qtbot.keyClicks(window.command_line, "turn 9s")
    qtbot.keyClick(window.command_line, Qt.Key.Key_Return)
    assert window.command_line.text() == ""
    assert window.table.hasFocus()
    qtbot.keyClick(window, Qt.Key.Key_C)
    assert controller.lines == ["turn 9s", "c"]


def test_defect_37_a_refused_line_is_kept_and_the_error_clears_when_one_is_accepted(
        qtbot, settings):
    def answer(line, view):
        if line == "turn 9x":
            return SubmitResult(ok=False, view=view, error="9x is not a card (e.g. 9s)")
        return SubmitResult(ok=True, view=view)

    fake = FakeController(demo_view(), answer)
    window = MainWindow(bridge=ConsoleBridge(fake), settings=settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    _active(qtbot, window)
    window.command_line.setFocus()
    qtbot.keyClicks(window.command_line, "turn 9x")
    qtbot.keyClick(window.command_line, Qt.Key.Key_Return)
    assert window.command_line.text() == "turn 9x"  # kept, to correct
    assert window.command_line.hasFocus()
    assert "not a card" in window.refusal_label.text()
    window.action_bar.amount_edit.setText("5")  # refused before sending (BET-NL-MIN)
    window.action_bar.bet_or_raise()
    assert window.action_bar.refusal_label.text()
    qtbot.keyClick(window.command_line, Qt.Key.Key_Backspace)
    qtbot.keyClicks(window.command_line, "s")
    qtbot.keyClick(window.command_line, Qt.Key.Key_Return)
    assert fake.lines == ["turn 9x", "turn 9s"]
    assert window.command_line.text() == ""
    assert not window.refusal_label.isVisibleTo(window)  # errors clear on an accepted one
    assert window.action_bar.refusal_label.text() == ""


def test_defect_37_1_the_clock_stays_through_language_switches(qtbot, settings):
    from . import scenes

    controller = scenes.build("sitgo")
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings)
    qtbot.addWidget(window)
    window.set_controller(controller)
    window.resize(1280, 720)
    window.show()
    panel = window.clock_panel
    assert panel is not None and panel.isVisibleTo(window)
    try:
        for language in (Language.FRENCH, Language.ENGLISH, Language.FRENCH):
            window.set_language(language)
        QApplication.processEvents()  # the new central widget is shown by a posted event
        assert window.clock_panel is panel and panel.isVisibleTo(window)
        assert panel.parent() is not None and panel.window() is window
        assert panel.next_button.text() == "Niveau suivant"
        assert panel.screen_button.text() == "Grand écran"
        assert _shortcut_keys(window)["C"] == 1
    finally:
        window.set_language(Language.ENGLISH)
