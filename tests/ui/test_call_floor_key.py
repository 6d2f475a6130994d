"""F9 (Table -> Call the floor) sends ``floor``: the hand frozen and journaled (session.desk)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence

from dealerassist.ui.bridge import ConsoleBridge
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.session_adapter import open_session
from dealerassist.ui.settings import ConsoleSettings


def test_f9_calls_the_floor_on_the_live_table(qtbot, tmp_path):
    controller = open_session(rules=None, db=str(tmp_path / "t.sqlite3"))
    settings = ConsoleSettings(QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat))
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings)
    qtbot.addWidget(window)
    try:
        for line in ("game NLHE 1/2", "sit 1 ann 300", "sit 2 bob 300", "hand"):
            assert controller.submit(line).ok
        menus = {action.text(): action.menu() for action in window.menuBar().actions()}
        call = next(action for action in menus["&Table"].actions()
                    if action.text() == "Call the floor")
        assert call.shortcut() == QKeySequence("F9")
        call.trigger()
        assert window.bridge.sent[-1] == "floor"
        assert dict(controller.current_view().extras)["floor"] == "c1 waiting"
        assert "floor" in window.statusBar().currentMessage()
    finally:
        controller.session.journal.close()
