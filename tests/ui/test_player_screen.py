"""The players' screen (View > Players' screen): what it shows per house setting."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.rules.model import PlayerScreenRules, PotDisplay
from dealerassist.session.controller import TableSession
from dealerassist.session.viewmodels import ClockView, TableView
from dealerassist.ui.bridge import ConsoleBridge
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.player_screen import QtPlayerScreen, open_player_screen
from dealerassist.ui.session_adapter import SessionController

from .test_console_session import _plain, seat_players


def _screen(qtbot, **rules) -> QtPlayerScreen:
    screen = QtPlayerScreen(PlayerScreenRules(**rules))
    qtbot.addWidget(screen)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _shown(screen: QtPlayerScreen) -> list[str]:
    labels = (screen.pot_label, screen.call_label, screen.stakes_label, screen.clock_label)
    return [_plain(label.text()) for label in labels if label.isVisible()]


def _console(qtbot, settings, rules, preset: str):
    rules = dataclasses.replace(default_rules(), player_screen=rules)
    controller = SessionController(TableSession(InMemoryJournal(), rules=rules,
                                                preset=rules.preset(preset),
                                                confirm_payouts=True))
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Bob", 500), 3: ("Cy", 500)}, button=1)
    for line in ("hand", "r 7"):
        assert window.bridge.send(line).ok, line
    return window


def test_player_screen_pot_limit_shows_the_pot_and_the_call(qtbot, settings):
    window = _console(qtbot, settings, PlayerScreenRules(), "PLO 1/2")
    screen = open_player_screen(window)
    qtbot.addWidget(screen)
    assert _shown(screen) == ["Pot 10", "Seat 2 · Bob: to call 6"]
    window.bridge.send("c")  # the screen follows the table: Bob's 6 more are in
    assert _shown(screen) == ["Pot 16", "Seat 3 · Cy: to call 5"]


def test_player_screen_no_pot_count_in_no_limit(qtbot, settings):
    window = _console(qtbot, settings, PlayerScreenRules(), "NLHE 1/2")
    screen = open_player_screen(window)
    qtbot.addWidget(screen)
    assert _shown(screen) == ["Seat 2 · Bob: to call 6"]


def test_player_screen_pot_always_and_no_call(qtbot, settings):
    window = _console(qtbot, settings,
                      PlayerScreenRules(pot=PotDisplay.ALWAYS, to_call=False), "NLHE 1/2")
    screen = open_player_screen(window)
    qtbot.addWidget(screen)
    assert _shown(screen) == ["Pot 10"]


def test_player_screen_nothing_allowed_shows_nothing(qtbot, settings):
    rules = PlayerScreenRules(pot=PotDisplay.NEVER, to_call=False, clock=False)
    window = _console(qtbot, settings, rules, "PLO 1/2")
    screen = open_player_screen(window)
    qtbot.addWidget(screen)
    assert _shown(screen) == []
    screen.show_table(TableView(street="Flop", clock=ClockView(3, "25/50", 300)))
    assert _shown(screen) == []


def test_player_screen_clock_counts_down_in_large_type(qtbot):
    screen = _screen(qtbot, pot=PotDisplay.NEVER, to_call=False)
    screen.resize(1280, 720)
    screen.show_table(TableView(street="Flop", structure="NL",
                                clock=ClockView(level=3, stakes="25/50 ante 5",
                                                seconds_left=125)))
    assert _shown(screen) == ["Level 3 · 25/50 ante 5", "2:05"]
    qtbot.waitUntil(lambda: screen.clock_label.text() == "2:04", timeout=2500)
    # The time reads across a room: its type is a sixth of the window's height.
    assert screen.clock_label.fontMetrics().height() >= 720 // 6
    off = _screen(qtbot, clock=False)
    off.show_table(TableView(street="Flop", clock=ClockView(3, "25/50", 125)))
    assert _shown(off) == []


def test_player_screen_the_menu_opens_it_once(qtbot, window):
    action = next(a for a in window.findChildren(QAction) if a.text() == "Players' screen")
    action.trigger()
    first = window.player_screen
    qtbot.addWidget(first)
    action.trigger()
    assert window.player_screen is first and first.isVisible()
    assert first.windowFlags() & Qt.WindowType.Window
