"""Live table on a journal file: opened in the background, exported with progress."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QSettings

from dealerassist.ui.bridge import ConsoleBridge, LoadingController
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.session_adapter import SessionController, open_session
from dealerassist.ui.settings import ConsoleSettings


def _window(qtbot, tmp_path):
    settings = ConsoleSettings(QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat))
    window = MainWindow(bridge=ConsoleBridge(LoadingController()), settings=settings)
    qtbot.addWidget(window)
    return window


def test_journal_opens_in_the_background_then_commands_apply(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    window.send("sit 1 Ann 100")
    assert "still opening" in window.refusal_label.text()
    assert not window.export_action.isEnabled()
    db = tmp_path / "table.sqlite3"
    window.run_task("open", lambda progress: open_session(rules=None, db=str(db)),
                    on_done=window.set_controller)
    qtbot.waitUntil(lambda: isinstance(window.bridge.controller, SessionController),
                    timeout=10000)
    assert window.export_action.isEnabled()
    for line in ("game NLHE 1/2", "sit 1 Ann 100", "sit 2 Ben 100", "button 1", "hand", "f"):
        assert window.bridge.send(line).ok, line
    assert window.history.past_tree.topLevelItemCount() == 1


def test_a_foreign_database_is_reported_in_the_window(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    db = tmp_path / "notes.sqlite3"
    db.write_bytes(b"this is not a database, just some text" * 100)
    window.run_task("Opening the table journal",
                    lambda progress: open_session(rules=None, db=str(db)),
                    on_done=window.set_controller)
    qtbot.waitUntil(lambda: "notes.sqlite3" in window.refusal_label.text(), timeout=10000)
    assert isinstance(window.bridge.controller, LoadingController)
    assert db.read_bytes().startswith(b"this is not a database")  # never overwritten


def test_export_day_writes_phh_files_with_progress(qtbot, tmp_path):
    window = _window(qtbot, tmp_path)
    controller = open_session(rules=None, db=str(tmp_path / "table.sqlite3"))
    window.set_controller(controller)
    for line in ("game NLHE 1/2", "sit 1 Ann 100", "sit 2 Ben 100", "button 1",
                 "hand", "f", "hand", "f"):
        assert window.bridge.send(line).ok, line
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    folder = tmp_path / "export"
    window.export_day(day=today, folder=str(folder))
    qtbot.waitUntil(lambda: "exported 2 hands" in window.statusBar().currentMessage(),
                    timeout=10000)
    assert sorted(p.name for p in folder.iterdir()) == ["hand-0001.phh", "hand-0002.phh"]
    assert 'variant = "NT"' in (folder / "hand-0001.phh").read_text(encoding="utf-8")
    assert window.last_progress == (2, 2)


def test_defect_41_13_a_journal_copied_without_its_wal_is_warned_in_the_console(qtbot, tmp_path):
    """The console shows the same warning as ``table``: its last commands may be missing."""
    import shutil

    from PySide6.QtWidgets import QMessageBox

    live = open_session(rules=None, db=str(tmp_path / "table.sqlite3"))
    for line in ("game NLHE 1/2", "sit 1 Ann 100", "sit 2 Ben 100"):
        assert live.submit(line).ok, line
    copy = tmp_path / "copy.sqlite3"
    shutil.copyfile(tmp_path / "table.sqlite3", copy)  # while the table runs: no -wal copied
    assert not (tmp_path / "copy.sqlite3-wal").exists()
    window = _window(qtbot, tmp_path)
    window.run_task("Opening the table journal",
                    lambda progress: open_session(rules=None, db=str(copy)),
                    on_done=window.set_controller)
    qtbot.waitUntil(lambda: window.journal_warning is not None, timeout=10000)
    box = window.journal_warning
    assert box.isVisible() and box.icon() is QMessageBox.Icon.Warning
    assert "copy.sqlite3-wal is not beside it" in box.text()
    assert "its last commands may be missing" in box.text()
    live.session.journal.close()
    clean = _window(qtbot, tmp_path)  # the live journal, closed cleanly: nothing to warn of
    clean.set_controller(open_session(rules=None, db=str(tmp_path / "table.sqlite3")))
    assert clean.journal_warning is None
