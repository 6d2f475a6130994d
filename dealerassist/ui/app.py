"""The console's entry point: the one place a QApplication is created.

``dealerassist`` (no subcommand) calls `main` with the parsed arguments: ``screenshot``
(render the window to a PNG and exit), ``demo`` (the demo hand instead of a live table),
``rules`` (house rules file) and ``db`` (journal file).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit, QWidget

from dealerassist.errors import DealerAssistError
from dealerassist.ui.bridge import ConsoleBridge, Controller, LoadingController
from dealerassist.ui.demo import DemoController
from dealerassist.ui.i18n import install_translator
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.settings import ConsoleSettings
from dealerassist.ui.theme import apply_theme
from dealerassist.ui.workers import wait_for_tasks

__all__ = ["SCREENSHOT_SIZE", "build_window", "main", "make_application"]

SCREENSHOT_SIZE = (1280, 720)
STARTUP_PROBE = "DEALERASSIST_STARTUP_PROBE"
"""When set, the console prints when it first painted and quits; set to ``journal``, it waits
for the live journal to be open, prints that moment too (``..._JOURNAL=``), then quits."""


def _no_display() -> bool:
    """Tell whether this is Linux with no X11/Wayland display and no Qt platform chosen."""
    return (
        sys.platform.startswith("linux")
        and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        and not os.environ.get("QT_QPA_PLATFORM")
    )


def _uses_xcb() -> bool:
    """Tell whether Qt will open its window through X11 (the xcb platform plugin)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    return (sys.platform.startswith("linux") and bool(os.environ.get("DISPLAY"))
            and (platform == "xcb" or (not platform
                                        and not os.environ.get("WAYLAND_DISPLAY"))))


def check_platform_libraries() -> None:
    """Refuse to start Qt on X11 when its plugin's system libraries are missing.

    Qt would print "could not load the Qt platform plugin xcb" and abort; this names the
    missing libraries and the Debian / Ubuntu packages instead (`ui.system_libraries`).

    Raises:
        DealerAssistError: a library the xcb plugin needs is missing (one line).

    """
    if not _uses_xcb():
        return
    from PySide6.QtCore import QLibraryInfo

    from dealerassist.ui.system_libraries import missing_for_plugin, missing_message

    folder = os.environ.get("QT_QPA_PLATFORM_PLUGIN_PATH") or str(
        Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)) / "platforms")
    missing = missing_for_plugin(Path(folder) / "libqxcb.so")
    if missing:
        raise DealerAssistError(missing_message(missing))


def make_application() -> QApplication:
    """Return the QApplication, creating it once (offscreen when there is no display)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    if _no_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    QCoreApplication.setOrganizationName("dealerassist")
    QCoreApplication.setApplicationName("console")
    return QApplication(sys.argv[:1])


def check_qt_binding() -> None:
    """Refuse a PySide6 build that loses references to None (it would abort mid-hand).

    PySide6 6.12.0 on CPython 3.11 drops one reference to None on every call of a method
    returning nothing; None is then freed after a few thousand calls and Python aborts. A
    hundred calls tell it apart (a sound build moves None's count by a handful at most).

    Raises:
        DealerAssistError: the installed PySide6 has that defect (names the fix).

    """
    from PySide6 import __version__ as pyside_version
    from PySide6.QtWidgets import QLabel

    probe = QLabel()
    before = sys.getrefcount(None)
    for _ in range(100):
        probe.setText("probe")
    lost = before - sys.getrefcount(None)
    probe.deleteLater()
    if lost >= 50:
        # Give the lost references back so this process can still exit cleanly.
        import ctypes

        for _ in range(lost):
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(None))
        raise DealerAssistError(
            f"PySide6 {pyside_version} loses references to None on this Python and would "
            "crash the console mid-hand; install PySide6-Essentials<6.12 "
            "(make run does) and start again"
        )


def _preset_names(rules_path: str | None) -> tuple[str, ...]:
    """Return the game preset names of the house rules.

    From ``--rules``, else ./rules.yaml, else the built-in defaults. A bad rules file raises
    its FILE:LINE error.
    """
    from dealerassist.rules import default_rules, load_rules

    if rules_path:
        rules = load_rules(rules_path)
    elif Path("rules.yaml").is_file():
        rules = load_rules("rules.yaml")
    else:
        rules = default_rules()
    return tuple(preset.name for preset in rules.presets)


def _live_controller(args: argparse.Namespace) -> Controller:
    """Open the live table: the house rules and the journal (replayed to where it was)."""
    from dealerassist.ui.session_adapter import open_session

    return open_session(rules=getattr(args, "rules", None), db=getattr(args, "db", None),
                        room=getattr(args, "room", None), table_id=getattr(args, "table_id", None))


def build_window(args: argparse.Namespace, *, settings: ConsoleSettings | None = None,
                 controller: Controller | None = None) -> MainWindow:
    """Build the themed, translated main window for ``args`` (the app must exist)."""
    app = make_application()
    settings = settings if settings is not None else ConsoleSettings.default()
    install_translator(app, settings.language)
    apply_theme(app, scale=settings.scale)
    calibration_file = None
    if controller is None and not getattr(args, "demo", False):
        controller = _live_controller(args)
        # The live table's camera calibration lives beside its journal.
        from dealerassist.journal.paths import calibration_path, default_journal_path

        calibration_file = calibration_path(getattr(args, "db", None) or default_journal_path())
    if controller is None:
        controller = DemoController()
    presets = _preset_names(getattr(args, "rules", None))
    bridge = ConsoleBridge(controller)
    window = MainWindow(bridge=bridge, settings=settings, presets=presets,
                        calibration_file=calibration_file)
    bridge.ask_password = lambda name: ask_password(window, name)
    geometry = settings.geometry
    if geometry is not None and not getattr(args, "screenshot", None):
        window.restoreGeometry(geometry)
    return window


def ask_password(parent: QWidget, name: str) -> str | None:
    """Ask a dealer's password, never shown (None when the dealer cancels)."""
    text, ok = QInputDialog.getText(
        parent, QCoreApplication.translate("app", "Dealer sign-in"),
        QCoreApplication.translate("app", "Password for {0}:").format(name),
        QLineEdit.EchoMode.Password)
    return text if ok else None


def save_screenshot(window: MainWindow, path: str) -> None:
    """Render ``window`` at the screenshot size to a PNG file.

    Raises:
        DealerAssistError: the file cannot be written (names the file).

    """
    window.resize(*SCREENSHOT_SIZE)
    window.show()
    app = QApplication.instance()
    for _ in range(3):
        app.processEvents()
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise DealerAssistError(f"{path}: a screenshot is written as a .png file")
    if not window.grab().save(str(target), "PNG"):
        raise DealerAssistError(f"{path}: cannot write the screenshot (check the folder exists)")


def main(args: argparse.Namespace) -> int:
    """Open the console, or with ``args.screenshot`` render it to a PNG and exit."""
    if not getattr(args, "screenshot", None) and _no_display():
        # An invisible window would wait forever: say so instead.
        raise DealerAssistError(
            "no display to open the console on (DISPLAY is not set); run it on the table's "
            "screen, or render it with --screenshot FILE.png"
        )
    if QApplication.instance() is None:
        check_platform_libraries()
    app = make_application()
    check_qt_binding()
    screenshot = getattr(args, "screenshot", None)
    settings = ConsoleSettings.default()
    live = not getattr(args, "demo", False) and not screenshot
    if live:
        # Show the window at once and replay the journal in the background (a big journal
        # must never freeze the window); commands wait for it. The session's modules are
        # imported by that background work, after the window is up.
        window = build_window(args, settings=settings, controller=LoadingController())

        def opened(controller: Controller) -> None:
            window.set_controller(controller)
            if os.environ.get(STARTUP_PROBE) == "journal":
                import time

                print(f"{STARTUP_PROBE}_JOURNAL={time.time():.6f}", flush=True)
                app.quit()

        def open_journal() -> None:
            window.run_task(window.tr("Opening the table journal"),
                            lambda progress: _live_controller(args), on_done=opened)

        QTimer.singleShot(0, open_journal)
    else:
        window = build_window(args, settings=settings)
    if screenshot:
        save_screenshot(window, screenshot)
        window.hide()  # not close(): a screenshot must not overwrite the saved geometry
        return 0
    if os.environ.get(STARTUP_PROBE):
        _report_first_paint(window, app, quit_after=os.environ[STARTUP_PROBE] != "journal")
    window.show()
    code = int(app.exec())
    # A journal still opening in the pool (the probe quits at first paint) finishes before
    # the window and its tasks are freed; its answer then has nobody to go to.
    wait_for_tasks()
    return code


def _report_first_paint(window: MainWindow, app: QApplication, *, quit_after: bool) -> None:
    """Print the wall-clock time of the table's first paint (for `ui.measure`)."""
    import time

    def painted() -> None:
        print(f"{STARTUP_PROBE}={time.time():.6f}", flush=True)
        window.table.painted.disconnect(painted)
        if quit_after:
            app.quit()

    window.table.painted.connect(painted)
