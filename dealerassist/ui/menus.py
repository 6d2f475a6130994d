"""The main window's menus and its keyboard help.

Kept apart from `main_window` so that module stays about laying out and rendering. Texts
are translated in the ``MainWindow`` context (the same entries as before the move).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from dealerassist.ui import command_lines
from dealerassist.ui.settings import Language

__all__ = ["build_menus", "keys_text", "open_incident"]


def _add(menu: QMenu, text: str, slot: Callable[[], Any],
         shortcut: QKeySequence | QKeySequence.StandardKey | None = None) -> QAction:
    action = QAction(text, menu.parent())
    if shortcut is not None:
        action.setShortcut(shortcut)
    action.triggered.connect(lambda _=False: slot())
    menu.addAction(action)
    return action


def build_menus(window: Any) -> QAction:
    """Fill ``window``'s menu bar; return the export action (enabled for a live table)."""
    bar = window.menuBar()
    table = bar.addMenu(QCoreApplication.translate("MainWindow", "&Table"))
    _add(table, QCoreApplication.translate("MainWindow", "Set up table…"), window.open_setup)
    _add(table, QCoreApplication.translate("MainWindow", "Next hand"),
         lambda: window.send(command_lines.new_hand()))
    _add(table, QCoreApplication.translate("MainWindow", "Call the floor"),
         lambda: window.send(command_lines.CALL_FLOOR), QKeySequence(Qt.Key.Key_F9))
    _add(table, QCoreApplication.translate("MainWindow", "Undo last command"),
         lambda: window.send(command_lines.UNDO), QKeySequence.StandardKey.Undo)
    export = _add(table, QCoreApplication.translate("MainWindow", "Export today's hands…"),
                  window.export_day)
    export.setEnabled(hasattr(window.bridge.controller, "export_day"))
    view = bar.addMenu(QCoreApplication.translate("MainWindow", "&View"))
    _add(view, QCoreApplication.translate("MainWindow", "Larger text"),
         lambda: window.set_scale(window.settings.scale + 10), QKeySequence.StandardKey.ZoomIn)
    _add(view, QCoreApplication.translate("MainWindow", "Smaller text"),
         lambda: window.set_scale(window.settings.scale - 10), QKeySequence.StandardKey.ZoomOut)
    keypad = _add(view, QCoreApplication.translate("MainWindow", "Keypad mode"),
                  lambda: window.set_keypad_mode(keypad.isChecked()))
    keypad.setCheckable(True)
    keypad.setChecked(window.settings.keypad)
    _add(view, QCoreApplication.translate("MainWindow", "Players' screen"),
         lambda: _open_player_screen(window))
    camera = bar.addMenu(QCoreApplication.translate("MainWindow", "&Camera"))
    _add(camera, QCoreApplication.translate("MainWindow", "Start the webcam"),
         window.start_webcam)
    _add(camera, QCoreApplication.translate("MainWindow", "Read a video file…"),
         window.open_video)
    _add(camera, QCoreApplication.translate("MainWindow", "Stop the camera"),
         window.stop_camera)
    _add(camera, QCoreApplication.translate("MainWindow", "Mark the felt's corners…"),
         window.mark_felt_corners)
    _add(camera, QCoreApplication.translate("MainWindow", "Save the corner markers to print…"),
         window.save_marker_sheet)
    tools = bar.addMenu(QCoreApplication.translate("MainWindow", "T&ools"))
    _add(tools, QCoreApplication.translate("MainWindow", "Trainer…"),
         lambda: _open_tool(window, "trainer"))
    _add(tools, QCoreApplication.translate("MainWindow", "Floor: rulings, hand review, incidents…"),
         lambda: _open_tool(window, "floor"))
    help_menu = bar.addMenu(QCoreApplication.translate("MainWindow", "&Help"))
    _add(help_menu, QCoreApplication.translate("MainWindow", "Keyboard"), window.show_keys,
         QKeySequence(Qt.Key.Key_F1))
    languages = bar.addMenu(QCoreApplication.translate("MainWindow", "&Language"))
    for language, label in ((Language.ENGLISH, "English"), (Language.FRENCH, "Français")):
        action = _add(languages, label, lambda lang=language: window.set_language(lang))
        action.setCheckable(True)
        action.setChecked(window.settings.language is language)
    return export


def _open_tool(window: Any, tool: str) -> Any:
    """Open the trainer or the floor tools over the live table's rules and journal file.

    They keep their records (trainee history, incidents) in the table's journal file, so
    they wait until the live journal is open; before that the status line says so (no
    modal box: the dealer's hands stay on the table).
    """
    session = getattr(window.bridge.controller, "session", None)
    path = getattr(getattr(session, "journal", None), "path", None)
    if session is None or path is None:
        window.statusBar().showMessage(
            QCoreApplication.translate(
                "MainWindow",
                "Open a live table first: these tools keep their records in its journal.",
            )
        )
        return None
    lang = "fr" if window.settings.language is Language.FRENCH else "en"
    if tool == "trainer":
        from dealerassist.ui.trainer import open_trainer

        return open_trainer(window, rules=session.rules, db_path=path, lang=lang)
    from dealerassist.ui.floor import open_floor

    return open_floor(window, rules=session.rules, db_path=path, load=lambda: session.state,
                      lang=lang)


def _open_player_screen(window: Any) -> Any:
    from dealerassist.ui.player_screen import open_player_screen

    return open_player_screen(window)


def open_incident(window: Any, flag: Any) -> Any:
    """Open the floor's incident form on a flag raised at the table (hand, rule, facts).

    The form takes the catalogue's ruling of the flag's rule ID, or the flag's own steps
    when the catalogue has none; the floor completes it and records it.
    """
    floor = _open_tool(window, "floor")
    if floor is None:
        return None
    view = window.view
    floor.setCurrentWidget(floor.incidents)
    floor.incidents.prefill(hand_id=view.hand_id if view is not None else None,
                            rule_id=flag.rule_id, disputed=flag.message,
                            ruling=" ".join(flag.ruling_steps))
    return floor


def keys_text() -> str:
    """Return the keyboard help, one key per line (key, tab, meaning)."""
    rows = (
        ("F", QCoreApplication.translate("MainWindow", "fold")),
        ("C", QCoreApplication.translate(
            "MainWindow", "check, or call (all-in for less when short)")),
        ("R", QCoreApplication.translate(
            "MainWindow", "cursor to the amount; Enter bets or raises to it")),
        ("1 2 3 4", QCoreApplication.translate(
            "MainWindow", "amount presets: minimum, half pot, pot, all-in")),
        ("/", QCoreApplication.translate(
            "MainWindow", "cursor to the command line; Up/Down recall")),
        ("N", QCoreApplication.translate("MainWindow", "next hand")),
        ("P", QCoreApplication.translate("MainWindow", "confirm payouts (pay)")),
        ("Y", QCoreApplication.translate("MainWindow", "confirm the ruling shown first")),
        ("F9", QCoreApplication.translate(
            "MainWindow", "call the floor (the hand frozen; the answer shows in the status line)")),
        ("Ctrl Z", QCoreApplication.translate(
            "MainWindow", "undo the last command (kept in the journal)")),
        ("Esc", QCoreApplication.translate("MainWindow", "back to the table (hotkeys active)")),
        ("Ctrl + / Ctrl -", QCoreApplication.translate("MainWindow", "larger / smaller text")),
        ("Ah Kd 7c", QCoreApplication.translate(
            "MainWindow", "when cards are due: rank then suit, no command (flop, turn, river)")),
        ("3 Ah Ad", QCoreApplication.translate(
            "MainWindow", "at showdown: seat key, then the cards shown (no seat: the seat due)")),
        (QCoreApplication.translate("MainWindow", "Keypad mode"), QCoreApplication.translate(
            "MainWindow", "+ check/call, - fold, digits amount, * presets, . clear, "
            "Enter bet/raise, pay or deal")),
    )
    return "\n".join(f"{key}\t{meaning}" for key, meaning in rows)
