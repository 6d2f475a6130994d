"""Console test fixtures: offscreen Qt, settings in a temporary file, a window on a fake."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from dealerassist.ui.bridge import ConsoleBridge  # noqa: E402
from dealerassist.ui.demo import demo_view  # noqa: E402
from dealerassist.ui.main_window import MainWindow  # noqa: E402
from dealerassist.ui.settings import ConsoleSettings  # noqa: E402

from .fakes import FakeController  # noqa: E402


@pytest.fixture
def settings(tmp_path):
    return ConsoleSettings(QSettings(str(tmp_path / "console.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def controller():
    return FakeController(demo_view())


@pytest.fixture
def window(qtbot, settings, controller):
    win = MainWindow(bridge=ConsoleBridge(controller), settings=settings,
                     presets=("NLHE 1/2", "PLO 1/2"))
    qtbot.addWidget(win)
    win.resize(1280, 720)
    win.show()
    qtbot.waitExposed(win)
    yield win
    from PySide6.QtWidgets import QApplication

    from dealerassist.ui.i18n import install_translator
    from dealerassist.ui.settings import Language

    install_translator(QApplication.instance(), Language.ENGLISH)
