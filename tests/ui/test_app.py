"""`dealerassist --screenshot FILE.png --demo` renders the console and exits."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage

from dealerassist.cli.main import main as cli_main
from dealerassist.ui.settings import ConsoleSettings


@pytest.fixture(autouse=True)
def _private_settings(monkeypatch, tmp_path, qapp):
    store = QSettings(str(tmp_path / "console.ini"), QSettings.Format.IniFormat)
    monkeypatch.setattr(ConsoleSettings, "default", classmethod(lambda cls: cls(store)))
    yield
    qapp.setStyleSheet("")  # main() themed the shared application; later tests run unthemed


def test_screenshot_writes_a_1280x720_png(tmp_path):
    target = tmp_path / "console.png"
    assert cli_main(["--screenshot", str(target), "--demo"]) == 0
    image = QImage(str(target))
    assert (image.width(), image.height()) == (1280, 720)


def test_screenshot_to_a_missing_folder_is_one_line_error(tmp_path, capsys):
    target = tmp_path / "no" / "such" / "folder" / "console.png"
    assert cli_main(["--screenshot", str(target), "--demo"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the screenshot" in err
    assert "Traceback" not in err


def test_a_bad_rules_file_is_reported_with_its_line(tmp_path, capsys):
    rules = tmp_path / "rules.yaml"
    rules.write_text("schema_version: 1\nodd_chip: [\n", encoding="utf-8")
    code = cli_main(["--screenshot", str(tmp_path / "x.png"), "--demo", "--rules", str(rules)])
    assert code == 1
    assert "rules.yaml" in capsys.readouterr().err


def test_no_display_is_a_clear_error_not_an_invisible_window(monkeypatch, capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert cli_main(["--demo"]) == 1
    assert "no display" in capsys.readouterr().err


def test_the_live_console_opens_its_journal_after_showing_the_window(qapp, tmp_path):
    import argparse

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dealerassist.ui.app import main
    from dealerassist.ui.main_window import MainWindow
    from dealerassist.ui.session_adapter import SessionController

    seen = {}

    def poll():
        windows = [w for w in QApplication.topLevelWidgets()
                   if isinstance(w, MainWindow) and w.isVisible()]
        live = [w for w in windows if isinstance(w.bridge.controller, SessionController)]
        if live:
            seen["controller"] = live[0].bridge.controller
            seen["message"] = live[0].view.message
            live[0].close()
            QApplication.instance().quit()
        elif "polls" not in seen or seen["polls"] < 500:
            seen["polls"] = seen.get("polls", 0) + 1
            QTimer.singleShot(20, poll)
        else:
            QApplication.instance().quit()

    QTimer.singleShot(20, poll)
    args = argparse.Namespace(screenshot=None, demo=False, rules=None,
                              db=str(tmp_path / "journal.sqlite3"))
    assert main(args) == 0
    assert isinstance(seen.get("controller"), SessionController)
    assert (tmp_path / "journal.sqlite3").is_file()
