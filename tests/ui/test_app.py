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


def test_the_live_console_opens_its_journal_after_showing_the_window(tmp_path):
    # In a child process: the real start path (app.exec) must not run inside the test app.
    import os
    import subprocess
    import sys

    from dealerassist.ui.app import STARTUP_PROBE

    db = tmp_path / "journal.sqlite3"
    env = dict(os.environ, **{STARTUP_PROBE: "journal", "QT_QPA_PLATFORM": "offscreen"})
    done = subprocess.run([sys.executable, "-m", "dealerassist", "--db", str(db)], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    stamps = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    assert done.returncode == 0, done.stderr
    assert float(stamps[STARTUP_PROBE]) <= float(stamps[f"{STARTUP_PROBE}_JOURNAL"])
    assert db.is_file()
