"""The Tools menu opens the trainer and the floor tools over the live table's journal."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from dealerassist.ui.bridge import ConsoleBridge, LoadingController
from dealerassist.ui.floor import FloorWindow
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.menus import _open_tool
from dealerassist.ui.session_adapter import open_session
from dealerassist.ui.settings import ConsoleSettings
from dealerassist.ui.trainer import TrainerWindow


def _window(qtbot, tmp_path):
    settings = ConsoleSettings(QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat))
    window = MainWindow(bridge=ConsoleBridge(LoadingController()), settings=settings)
    qtbot.addWidget(window)
    return window


def _tools_actions(window):
    menus = {action.text(): action.menu() for action in window.menuBar().actions()}
    return [action.text() for action in menus["T&ools"].actions()]


def test_tools_wait_for_the_live_journal(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    assert _tools_actions(window) == ["Trainer…", "Floor: rulings, hand review, incidents…"]
    assert _open_tool(window, "trainer") is None
    assert "live table" in window.statusBar().currentMessage()


def test_tools_open_over_the_live_journal(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    db = tmp_path / "table.sqlite3"
    controller = open_session(rules=None, db=str(db))
    window.set_controller(controller)
    for line in ("game NLHE 1/2", "sit 1 Ann 100", "sit 2 Ben 100", "button 1", "hand", "f"):
        assert window.bridge.send(line).ok, line
    trainer = _open_tool(window, "trainer")
    floor = _open_tool(window, "floor")
    qtbot.addWidget(trainer)
    qtbot.addWidget(floor)
    assert isinstance(trainer, TrainerWindow) and trainer.isVisible()
    assert isinstance(floor, FloorWindow) and floor.isVisible()
