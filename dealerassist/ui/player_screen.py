"""The players' screen: a second window showing what the house lets the players read.

It draws a `PlayerScreenView` (`session.player_screen.player_screen_view`, from the table
view and the house's ``player_screen`` rules): the pot (in pot-limit only, always, or
never), the amount to call of the player to act, the tournament clock; a part the house
does not allow is not in the view and is never drawn. With nothing allowed the screen is
blank. The type grows with the window (full screen on a second screen when there is one);
the clock counts down between two table views on its own one-second timer.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QElapsedTimer, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from dealerassist.rules.model import PlayerScreenRules
from dealerassist.session.player_screen import player_screen_view
from dealerassist.session.viewmodels import PlayerScreenView, TableView
from dealerassist.ui.widgets.qt_seat import chips_text

__all__ = ["QtPlayerScreen", "open_player_screen"]


def _clock_text(seconds: int) -> str:
    minutes, rest = divmod(max(0, seconds), 60)
    return f"{minutes}:{rest:02d}"


class QtPlayerScreen(QWidget):
    """The players' window. ``show_table(view)`` draws what the house allows of ``view``."""

    def __init__(self, rules: PlayerScreenRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.setWindowTitle(self.tr("Players' screen"))
        self.setObjectName("playerScreen")
        self.view = PlayerScreenView()
        self.pot_label = QLabel()
        self.call_label = QLabel()
        self.clock_label = QLabel()
        self.stakes_label = QLabel()
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        for label in (self.pot_label, self.call_label, self.clock_label, self.stakes_label):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setWordWrap(True)
            layout.addWidget(label)
        layout.addStretch(1)
        self._since = QElapsedTimer()
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._count_down)
        self.resize(960, 540)
        self.show_view(PlayerScreenView())

    def show_table(self, view: TableView) -> None:
        """Draw what the house allows of the table ``view``."""
        self.show_view(player_screen_view(view, self.rules))

    def show_view(self, view: PlayerScreenView) -> None:
        """Draw ``view``: each part shown, or hidden when the house does not allow it."""
        self.view = view
        self.pot_label.setVisible(view.pot is not None)
        if view.pot is not None:
            self.pot_label.setText(self.tr("Pot {amount}").format(amount=chips_text(view.pot)))
        self.call_label.setVisible(view.to_call is not None)
        if view.to_call is not None:
            self.call_label.setText(self.tr("Seat {seat} · {name}: to call {amount}").format(
                seat=view.seat, name=view.name, amount=chips_text(view.to_call)))
        clock = view.clock
        self.clock_label.setVisible(clock is not None and clock.seconds_left is not None)
        self.stakes_label.setVisible(clock is not None)
        if clock is not None:
            self.stakes_label.setText(self.tr("Level {level} · {stakes}").format(
                level=clock.level, stakes=clock.stakes))
            self.clock_label.setText(_clock_text(clock.seconds_left or 0))
            self._since.start()
            if not self._tick.isActive():
                self._tick.start()
        else:
            self._tick.stop()

    def _count_down(self) -> None:
        clock = self.view.clock
        if clock is None or clock.seconds_left is None:
            return
        self.clock_label.setText(_clock_text(clock.seconds_left - self._since.elapsed() // 1000))

    def show_on_second_screen(self) -> bool:
        """Show full screen on the second screen when there is one, else as a window."""
        screens = QGuiApplication.screens()
        if len(screens) < 2:
            self.show()
            return False
        self.setScreen(screens[1])
        self.setGeometry(screens[1].geometry())
        self.showFullScreen()
        return True

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Scale the type with the window: the amounts a sixth of its height."""
        super().resizeEvent(event)
        height = max(self.height(), 200)
        big = f"font-size: {height // 6}px; font-weight: bold;"
        self.pot_label.setStyleSheet(big)
        self.call_label.setStyleSheet(f"font-size: {height // 9}px; font-weight: bold;")
        self.clock_label.setStyleSheet(big)
        self.stakes_label.setStyleSheet(f"font-size: {height // 12}px;")


def open_player_screen(window: Any) -> QtPlayerScreen:
    """Open (or raise) the console's players' screen, under the live table's house rules."""
    session = getattr(window.bridge.controller, "session", None)
    rules = getattr(getattr(session, "rules", None), "player_screen", None)
    if rules is None:  # the demo, or a journal still opening: the shipped house file
        from dealerassist.rules import default_rules

        rules = default_rules().player_screen
    screen = getattr(window, "player_screen", None)
    if screen is None:
        screen = QtPlayerScreen(rules)
        screen.setParent(window, screen.windowFlags() | Qt.WindowType.Window)
        window.player_screen = screen
    screen.rules = rules  # the table's house file, read again at each opening
    if window.view is not None:
        screen.show_table(window.view)
    screen.show_on_second_screen()
    screen.raise_()
    return screen
