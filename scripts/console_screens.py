"""Show the console on one of the test scenes (a live table mid-hand), or save its picture.

    python scripts/console_screens.py SCENE [--lang fr] [--size 1280x720] [--png FILE]
        [--scale 100]

SCENE is one of tests/ui/scenes.py's (holdem, omaha, stud, draw, sitgo). With ``--png``
the window is rendered to the file and the script exits; without, the window stays open
(run it under Xvfb and drive it with xdotool to check the screen as a dealer sees it).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    """Build the scene's console and show or save it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scene")
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--png")
    parser.add_argument("--scale", type=int, default=100)
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from dealerassist.ui.app import make_application
    from dealerassist.ui.bridge import ConsoleBridge
    from dealerassist.ui.i18n import install_translator
    from dealerassist.ui.main_window import MainWindow
    from dealerassist.ui.settings import ConsoleSettings, Language
    from dealerassist.ui.theme import apply_theme
    from tests.ui import scenes

    app = make_application()
    language = Language.FRENCH if args.lang == "fr" else Language.ENGLISH
    folder = tempfile.mkdtemp(prefix="dealerassist-screens-")
    settings = ConsoleSettings(QSettings(str(Path(folder) / "console.ini"),
                                         QSettings.Format.IniFormat))
    settings.language = language
    settings.scale = args.scale
    install_translator(app, language)
    apply_theme(app, scale=args.scale)
    controller = scenes.build(args.scene, lang=args.lang)
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings,
                        presets=[p.name for p in controller.session.rules.presets])
    window.set_controller(controller)  # a tournament table docks its clock
    window.resize(width, height)
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    if args.png:
        window.grab().save(args.png, "PNG")
        return 0
    return int(app.exec())


if __name__ == "__main__":
    raise SystemExit(main())
