"""The tournament clock on screen: a panel for the console and a large-type window.

`QtClockPanel` shows what a `ClockFace` says (level, time or hands left, stakes now and
next, paused, "from next hand") and has start/pause/resume and next-level buttons that emit
dealer command lines (``clock start``, ``clock pause``, ``clock resume``, ``level next``)
for the console to send; the table journals them, so the clock survives a restart
(TRN-LEVELS).
`ClockWindow` is the same panel in large type for a second screen, sized from the window.

The panel polls its source (a callable returning a `ClockFace`, e.g.
`TournamentTable.face`) on a timer; when the level changes it flashes and beeps and emits
``level_changed``: the alert at level change.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from dealerassist.session.tournament import ClockFace
from dealerassist.ui.widgets.buttons import ActionButton
from dealerassist.ui.widgets.fit_label import FitLabel

__all__ = ["ClockWindow", "QtClockPanel", "install_clock"]

FaceSource = Callable[[], ClockFace]

_ALERT_STYLE = "QFrame#clock[alert=\"true\"] { background: #b8860b; }"


class QtClockPanel(QFrame):
    """Level, time left, stakes now and next, with pause/resume; alerts at level change.

    Args:
        source: Returns the clock face now.
        tick_ms: How often the face is read again (0: only on `refresh`).
        alert_ms: How long the level-change flash lasts.
        beep: Sound the system bell at a level change.
        parent: Qt parent.

    """

    command = Signal(str)
    """A dealer command line to send (``clock pause``, ``clock resume``, ``level next``)."""
    level_changed = Signal(str)
    """The clock moved to a new level; the text says which ("Level 3: 50/100")."""

    def __init__(
        self,
        source: FaceSource,
        *,
        tick_ms: int = 250,
        alert_ms: int = 4000,
        beep: bool = True,
        big: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("clock")
        self.setStyleSheet(_ALERT_STYLE)
        self._source = source
        self._alert_ms = alert_ms
        self._beep = beep
        self._big = big
        self._face: ClockFace | None = None
        self._alerting = False

        self.level_label = FitLabel()
        self.time_label = FitLabel()
        self.stakes_label = FitLabel()
        self.next_label = FitLabel()
        self.info_label = FitLabel()
        self.info_label.setWordWrap(True)
        self.status_label = FitLabel()
        self.time_label.setObjectName("clockTime")
        self.pause_button = ActionButton()
        self.next_button = ActionButton()
        self.screen_button = ActionButton()
        self.pause_button.clicked.connect(self._toggle)
        self.next_button.clicked.connect(lambda: self.command.emit("level next"))
        self.screen_button.clicked.connect(self.open_big_screen)
        self.big_screen: ClockWindow | None = None
        self.retranslate()

        buttons = QHBoxLayout()
        buttons.addWidget(self.pause_button)
        buttons.addWidget(self.next_button)
        buttons.addWidget(self.screen_button)
        if big:
            # The players' screen: everything centred, no buttons (the dealer's console
            # has them; a big screen never opens another).
            layout = QVBoxLayout(self)
            for label in (self.level_label, self.time_label, self.stakes_label,
                          self.next_label, self.info_label, self.status_label):
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
                layout.addWidget(label, stretch=3 if label is self.time_label else 1)
            for button in (self.pause_button, self.next_button, self.screen_button):
                button.hide()
        else:
            # The console's column: level and time on one line, the rest under it.
            layout = QGridLayout(self)
            layout.setContentsMargins(8, 4, 8, 4)
            layout.setVerticalSpacing(2)
            self.time_label.setAlignment(Qt.AlignmentFlag.AlignRight
                                         | Qt.AlignmentFlag.AlignVCenter)
            self.next_label.setAlignment(Qt.AlignmentFlag.AlignRight
                                         | Qt.AlignmentFlag.AlignVCenter)
            layout.addWidget(self.level_label, 0, 0)
            layout.addWidget(self.time_label, 0, 1, 2, 1)
            layout.addWidget(self.stakes_label, 1, 0)
            layout.addWidget(self.next_label, 2, 0, 1, 2)
            layout.addWidget(self.info_label, 3, 0, 1, 2)
            layout.addWidget(self.status_label, 4, 0, 1, 2)
            layout.addLayout(buttons, 5, 0, 1, 2)
            self.next_label.setAlignment(Qt.AlignmentFlag.AlignLeft
                                         | Qt.AlignmentFlag.AlignVCenter)
            self.info_label.setFixedHeight(40)
        self.set_scale(1.0)

        self._timer = QTimer(self)
        self._timer.timeout.connect(self.refresh)
        if tick_ms > 0:
            self._timer.start(tick_ms)
        self._alert_timer = QTimer(self)
        self._alert_timer.setSingleShot(True)
        self._alert_timer.timeout.connect(self._end_alert)
        self.refresh()

    def retranslate(self) -> None:
        """Set the buttons' words again (after a language change)."""
        self.pause_button.setText(self.tr("Pause"))
        self.next_button.setText(self.tr("Next level"))
        self.screen_button.setText(self.tr("Big screen"))
        self._face = None  # the next refresh redraws every text
        if hasattr(self, "_timer"):
            self.refresh()

    # -- reading ------------------------------------------------------------------------------

    @property
    def face(self) -> ClockFace | None:
        """The face shown."""
        return self._face

    @property
    def alerting(self) -> bool:
        """The level-change alert is showing."""
        return self._alerting

    # -- drawing ------------------------------------------------------------------------------

    def set_scale(self, scale: float) -> None:
        """Set the type size: 1.0 in the console; on the big screen, pixels per 100 of height.

        The sizes are given to each label's own stylesheet: the application's stylesheet
        would override a font set with ``setFont``.
        """
        if self._big:
            # Fractions of the window's height: the time is drawn at 28 % (at least 20 %
            # of the screen once the type's own margins are counted).
            sizes = ((self.level_label, 0.09), (self.time_label, 0.28),
                     (self.stakes_label, 0.10), (self.next_label, 0.05),
                     (self.info_label, 0.05), (self.status_label, 0.04))
            height = max(180, self.height())
            pixels = {label: max(12, round(height * part)) for label, part in sizes}
        else:
            sizes = ((self.level_label, 20), (self.time_label, 40), (self.stakes_label, 20),
                     (self.next_label, 15), (self.info_label, 15), (self.status_label, 14))
            pixels = {label: max(8, round(px * scale)) for label, px in sizes}
        for label, px in pixels.items():
            weight = "bold" if label in (self.time_label, self.level_label,
                                         self.stakes_label) else "normal"
            style = f"font-size: {px}px; font-weight: {weight};"
            if label is self.time_label:
                style += " color: #ffd54a;"
            if label.styleSheet() != style:
                label.setStyleSheet(style)

    def refresh(self) -> None:
        """Read the face again and draw it; alert when the level changed."""
        face = self._source()
        previous = self._face
        self._face = face
        if not face.level:
            self.level_label.setText(self.tr("No blind clock"))
            for label in (self.time_label, self.stakes_label, self.next_label, self.status_label,
                          self.info_label):
                label.setText("")
            self.pause_button.setEnabled(False)
            self.next_button.setEnabled(False)
            return
        level = self.tr("Break") if face.is_break else face.level
        self.level_label.setText(level)
        self.time_label.setText(face.time_left or face.hands_left or "\u2014")
        self.stakes_label.setText("" if face.is_break else face.stakes)
        self.next_label.setText(
            self.tr("Next: {stakes}").format(stakes=face.next_stakes) if face.next_stakes
            else self.tr("Last level"))
        status = []
        if not face.started:
            status.append(self.tr("not started"))
        elif face.paused:
            status.append(self.tr("PAUSED"))
        if face.pending:
            status.append(self.tr("from the next hand"))
        if face.time_left and face.hands_left:
            status.append(face.hands_left)
        self.status_label.setText(" \u00b7 ".join(status))
        self.info_label.setText(self._info_text(face))
        self.pause_button.setEnabled(True)
        if not face.started:
            self.pause_button.setText(self.tr("Start"))
        else:
            self.pause_button.setText(self.tr("Resume") if face.paused else self.tr("Pause"))
        self.next_button.setEnabled(bool(face.next_stakes))
        if previous is not None and previous.level and previous.level_index != face.level_index:
            self._start_alert(face)

    def _info_text(self, face: ClockFace) -> str:
        """Players left, average stack and the time to the next break (as clocks show)."""
        parts = []
        if face.players_left:
            parts.append(self.tr("{n} players").format(n=face.players_left))
        if face.average_stack:
            parts.append(self.tr("average {chips}").format(
                chips=f"{face.average_stack:,}".replace(",", "\u202f")))
        if face.next_break:
            parts.append(self.tr("break in {time}").format(time=face.next_break))
        return " \u00b7 ".join(parts)

    def open_big_screen(self) -> ClockWindow:
        """Open (or bring back) the large-type clock on the second screen."""
        if self.big_screen is None:
            self.big_screen = ClockWindow(self._source)
            self.big_screen.panel.command.connect(self.command)
        self.big_screen.show_on_second_screen()
        self.big_screen.raise_()
        return self.big_screen

    # -- internals ----------------------------------------------------------------------------

    def _toggle(self) -> None:
        face = self._face
        if face is None or not face.level:
            return
        if not face.started:
            self.command.emit("clock start")
        else:
            self.command.emit("clock resume" if face.paused else "clock pause")

    def _start_alert(self, face: ClockFace) -> None:
        self._alerting = True
        self._set_alert_property(True)
        if self._beep:
            QApplication.beep()
        text = face.level if face.is_break else f"{face.level}: {face.stakes}"
        self.level_changed.emit(text)
        self._alert_timer.start(self._alert_ms)

    def _end_alert(self) -> None:
        self._alerting = False
        self._set_alert_property(False)

    def _set_alert_property(self, on: bool) -> None:
        self.setProperty("alert", "true" if on else "false")
        self.style().unpolish(self)
        self.style().polish(self)


class ClockWindow(QWidget):
    """The clock in large type, for a second screen facing the players.

    The type grows with the window (full screen on the second monitor).
    """

    def __init__(self, source: FaceSource, *, tick_ms: int = 250,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Tournament clock"))
        self.panel = QtClockPanel(source, tick_ms=tick_ms, big=True, parent=self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.panel)
        self.resize(960, 540)

    def show_on_second_screen(self) -> bool:
        """Show full screen on the second screen when there is one, else as a window.

        Returns:
            True when a second screen was used.

        """
        screens = QGuiApplication.screens()
        if len(screens) < 2:
            self.show()
            return False
        self.setScreen(screens[1])
        self.setGeometry(screens[1].geometry())
        self.showFullScreen()
        return True

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        """Scale the type with the window's height."""
        super().resizeEvent(event)
        self.panel.set_scale(1.0)


def console_lang(window: object) -> str:
    """Return the console's language code ("en" or "fr") from its settings, "en" if none."""
    language = getattr(getattr(window, "settings", None), "language", None)
    return "fr" if str(getattr(language, "value", language)) == "fr" else "en"


def _in_console_language(window: object, face: FaceSource) -> FaceSource:
    try:
        takes_lang = "lang" in inspect.signature(face).parameters
    except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
        takes_lang = False
    if not takes_lang:
        return face
    lang_face: Callable[..., ClockFace] = face
    return lambda: lang_face(lang=console_lang(window))


def install_clock(window: QMainWindow, *, face: FaceSource,
                  send: Callable[[str], object]) -> QtClockPanel:
    """Dock the clock panel on the right of the console; its lines go to ``send``.

    The console calls this once a tournament table is open, e.g.
    ``install_clock(self, face=controller.session.face, send=self.bridge.send)``.
    A ``face`` taking ``lang`` (`TournamentTable.face`) is read in the console's language
    at each tick ("Niveau 3", "Pause", "4 mains restantes" in French), so a language
    change shows at once.
    """
    panel = QtClockPanel(_in_console_language(window, face))
    panel.command.connect(send)
    side = getattr(window, "side_layout", None)
    if side is not None:
        # The console: at the top of its right column, above the tabs, so the felt and
        # the pad keep their width at 1280x720.
        side.insertWidget(0, panel)
        return panel
    dock = QDockWidget(panel.tr("Tournament clock"), window)
    dock.setObjectName("tournamentClock")
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    return panel
