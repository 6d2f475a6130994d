"""The dealer console's main window: the table, the action pad, flags, showdown, history.

It renders the TableView the bridge signals and forwards every dealer input as a command
line; it holds no poker logic. Keyboard: F fold, C check/call, R amount, Enter bet/raise,
1-4 presets, / command line, N next hand, P confirm payouts, Esc back to the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealerassist.errors import DealerAssistError, IllegalActionError
from dealerassist.session.viewmodels import RaisePreset, TableView
from dealerassist.ui import command_lines
from dealerassist.ui.bridge import ConsoleBridge, SubmitResult
from dealerassist.ui.camera import CameraFeed
from dealerassist.ui.clock_view import QtClockPanel, install_clock
from dealerassist.ui.i18n import install_translator
from dealerassist.ui.keypad import KeypadMode, pedal_keys
from dealerassist.ui.menus import build_menus, keys_text, open_incident
from dealerassist.ui.settings import ConsoleSettings, Language
from dealerassist.ui.setup_dialog import TableSetupDialog
from dealerassist.ui.theme import apply_theme
from dealerassist.ui.widgets.fit_label import FitLabel
from dealerassist.ui.widgets.qt_action_bar import QtActionBar
from dealerassist.ui.widgets.qt_camera import QtCamera
from dealerassist.ui.widgets.qt_command_line import QtCommandLine
from dealerassist.ui.widgets.qt_flags import QtFlags
from dealerassist.ui.widgets.qt_history import QtHistory
from dealerassist.ui.widgets.qt_proposals import QtProposals
from dealerassist.ui.widgets.qt_showdown import QtShowdown
from dealerassist.ui.widgets.qt_table import QtTable
from dealerassist.ui.workers import Progress, Task

__all__ = ["MainWindow"]


# Camera results between two looks for the corner markers (about a second at 30 frames a
# second; a look costs ~3 ms on a 1280x720 frame).
_MARKERS_EVERY = 30


class MainWindow(QMainWindow):
    """The console. Build it with a bridge and settings; it draws the bridge's views."""

    def __init__(self, *, bridge: ConsoleBridge, settings: ConsoleSettings,
                 presets: Sequence[str] = (), calibration_file: Path | None = None):
        super().__init__()
        self.calibration_file = calibration_file
        self.calibration: Any = None  # vision.TableCalibration, once the felt is marked
        # The camera's frame size the zones on its view are drawn for (the calibration
        # scaled to it); a size it does not fit is reported once, when it first arrives.
        self._zones_size: tuple[int, int] | None = None
        # Corner markers on the felt (`vision.markers`) are looked for every
        # _MARKERS_EVERY camera results; the corners last reported as pushed out of place.
        self._marker_countdown = 0
        self._markers_warned: tuple[bool, ...] = ()
        self._marking: Any = None  # vision.CornerMarking while the dealer marks corners
        self._recogniser: Any = None
        self.bridge = bridge
        self.settings = settings
        self.presets = tuple(presets)
        self.tasks: list[Task] = []
        self.last_progress: tuple[int, int] | None = None
        self.clock_panel: QtClockPanel | None = None
        self.journal_warning: QMessageBox | None = None  # what opening the journal warned of
        self.player_screen: Any = None  # ui.player_screen.QtPlayerScreen, once opened
        self._view: TableView | None = None
        self.setMinimumSize(1280, 720)
        bridge.view_changed.connect(self.render)
        bridge.refused.connect(self.show_refusal)
        bridge.accepted.connect(self._clear_refusal)
        self.camera_feed = CameraFeed(self)
        self.camera_feed.ready.connect(self._camera_result)
        self.camera_feed.failed.connect(self._camera_failed)
        self.camera_feed.ended.connect(lambda: self.camera_view.set_status(
            self.tr("The camera source has ended")))
        self._build()
        # Once per window: the widgets are rebuilt on a language change, the shortcuts are
        # not (two shortcuts on one key make Qt fire neither).
        self._build_shortcuts()
        # Card keys and keypad mode (ui.keypad): a filter on the window, kept across rebuilds.
        self.keypad = KeypadMode(self, enabled=settings.keypad, pedal=pedal_keys(settings.store))
        self._sync_language()
        self.render(bridge.view())
        self._load_calibration()

    def _sync_language(self) -> None:
        """Give the live session's presenter the console's language (street, status, lines)."""
        controller = getattr(self.bridge, "controller", None)
        if controller is not None and hasattr(controller, "lang"):
            controller.lang = "fr" if self.settings.language is Language.FRENCH else "en"

    # -- building -----------------------------------------------------------------------

    def _build(self) -> None:
        """Create the widgets and menus (again after a language change)."""
        self._set_title()
        self.menuBar().clear()
        self.table = QtTable()
        self.action_bar = QtActionBar()
        self.command_line = QtCommandLine()
        self.refusal_label = FitLabel()
        self.refusal_label.setObjectName("refusal")
        self.refusal_label.setProperty("role", "error")
        self.refusal_label.setWordWrap(True)
        self.refusal_label.hide()
        self.proposals = QtProposals()
        self.flags = QtFlags()
        self.showdown = QtShowdown()
        self.history = QtHistory()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.flags, self.tr("Flags"))
        self.tabs.addTab(self.showdown, self.tr("Showdown"))
        self.tabs.addTab(self.history, self.tr("History"))
        self.camera_view = QtCamera()
        self.camera_view.corner_clicked.connect(self._corner_marked)
        self.camera_view.undo_requested.connect(self._undo_corner)
        self.camera_view.cancel_requested.connect(self._cancel_marking)
        self.tabs.addTab(self.camera_view, self.tr("Camera"))

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(8, 8, 4, 8)
        left_layout.setSpacing(6)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.proposals)
        left_layout.addWidget(self.action_bar)
        # The right column: the tournament clock (when there is one), the tabs, then the
        # command line and the place of its refusal, kept while there is none so an
        # error never moves anything. The felt and the pad keep the left's full height.
        side = QWidget()
        self.side_layout = QVBoxLayout(side)
        self.side_layout.setContentsMargins(0, 8, 8, 8)
        self.side_layout.setSpacing(6)
        self.side_layout.addWidget(self.tabs, 1)
        command_row = QHBoxLayout()
        prompt = QLabel(">")
        prompt.setProperty("role", "title")
        command_row.addWidget(prompt)
        command_row.addWidget(self.command_line, 1)
        self.side_layout.addLayout(command_row)
        refusal_box = QWidget()
        refusal_box.setFixedHeight(66)
        refusal_layout = QVBoxLayout(refusal_box)
        refusal_layout.setContentsMargins(0, 0, 0, 0)
        refusal_layout.addWidget(self.refusal_label)
        self.side_layout.addWidget(refusal_box)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(left)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([880, 400])
        if self.clock_panel is not None:
            self.clock_panel.setParent(None)  # kept: the old column is deleted below
        self.setCentralWidget(splitter)
        if self.clock_panel is not None:
            self.side_layout.insertWidget(0, self.clock_panel)
            self.clock_panel.show()  # setParent(None) hid it

        for widget in (self.flags, self.showdown, self.proposals):
            widget.command.connect(self.send)
        # A typed amount or line, once accepted, gives the keyboard back to the table so the
        # next F or C is a hotkey; a refused line stays in the field for editing.
        self.action_bar.command.connect(self._send_typed)
        self.command_line.command.connect(self._send_typed)
        self.table.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.table.setFocus()
        self.showdown.refused.connect(self.show_refusal)
        self.flags.incident.connect(lambda flag: open_incident(self, flag))
        self.export_action = build_menus(self)
        # News from outside the dealer's hands (the card room's answers and status) is
        # looked for every second; a controller without any ignores it.
        self._poll_timer = QTimer(self)
        self._poll_timer.timeout.connect(self.bridge.poll)
        self._poll_timer.start(1000)

    def _build_shortcuts(self) -> None:
        """Bind the hotkeys, once: each slot looks up the widget shown now."""
        self.shortcuts: dict[str, QShortcut] = {}
        bindings: dict[str, Callable[[], Any]] = {
            "F": lambda: self.action_bar.fold(),
            "C": lambda: self.action_bar.check_or_call(),
            "R": self.focus_amount,
            "1": lambda: self.action_bar.apply_preset(RaisePreset.MINIMUM),
            "2": lambda: self.action_bar.apply_preset(RaisePreset.HALF_POT),
            "3": lambda: self.action_bar.apply_preset(RaisePreset.POT),
            "4": lambda: self.action_bar.apply_preset(RaisePreset.ALL_IN),
            "/": lambda: self.command_line.setFocus(),
            "N": lambda: self.send(command_lines.new_hand()),
            "P": lambda: self.showdown.confirm_payouts(),  # pay the showdown (POT-AWARD)
            "Y": lambda: self.flags.confirm_first(),  # confirm the ruling shown first
            "Esc": self.focus_table,
        }
        for key, slot in bindings.items():
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.activated.connect(slot)
            self.shortcuts[key] = shortcut

    # -- rendering ----------------------------------------------------------------------

    @property
    def view(self) -> TableView | None:
        """The TableView shown."""
        return self._view

    def render(self, view: TableView) -> None:
        """Draw ``view`` everywhere."""
        previous = self._view
        self._view = view
        self.table.show_view(view)
        self.action_bar.show_action(view.action, idle_message=view.message)
        self.flags.show_flags(view.flags, {seat.seat: seat.name for seat in view.seats
                                           if seat.name},
                              "fr" if self.settings.language is Language.FRENCH else "en")
        # The player an open ruling is about: their plate is marked until it is decided.
        self.table.mark_flagged({flag.seat for flag in view.open_flags
                                 if flag.seat is not None})
        self.proposals.show_proposals(view.proposals)
        self.showdown.show_showdown(view.showdown)
        self.history.show_history(view.history, view.past_hands)
        if self.player_screen is not None:
            self.player_screen.show_table(view)  # what the house lets the players read
        open_flags = len(view.open_flags)
        flags_title = (self.tr("Flags ({n})").format(n=open_flags) if open_flags
                       else self.tr("Flags"))
        if self.tabs.tabText(0) != flags_title:
            self.tabs.setTabText(0, flags_title)
        if view.showdown is not None and (previous is None or previous.showdown is None):
            self.tabs.setCurrentWidget(self.showdown)
        elif previous is not None and open_flags > len(previous.open_flags):
            self.tabs.setCurrentWidget(self.flags)
        parts = [self.tr("DEMO: nothing is recorded")] if self.is_demo else []
        parts += [view.game, view.preset]
        if view.clock is not None and view.clock.level:
            parts.append(self.tr("Level {level}").format(level=view.clock.level))
        if view.clock is not None and view.clock.stakes:
            parts.append(view.clock.stakes)
        parts.extend(f"{key}: {value}" for key, value in view.extras)
        if view.message:
            parts.append(view.message)
        status = "  ·  ".join(part for part in parts if part)
        if self.statusBar().currentMessage() != status:
            self.statusBar().showMessage(status)

    def show_refusal(self, message: str) -> None:
        """Show why an input was refused, in red, until the next accepted command."""
        self.refusal_label.setText(message)
        self.refusal_label.setVisible(bool(message))

    def _clear_refusal(self, _line: str) -> None:
        """Clear every error shown: an accepted command makes them out of date."""
        self.refusal_label.clear()
        self.refusal_label.hide()
        self.action_bar.refusal_label.clear()
        self.showdown.error_label.clear()

    # -- input --------------------------------------------------------------------------

    @property
    def is_demo(self) -> bool:
        """True when the controller is the demo (nothing is recorded)."""
        return bool(getattr(self.bridge.controller, "is_demo", False))

    def _set_title(self) -> None:
        title = self.tr("dealerassist — dealer console")
        if self.is_demo:
            title += " — " + self.tr("DEMO: nothing is recorded")
        self.setWindowTitle(title)

    def keys_text(self) -> str:
        """Return the keyboard help, one key per line."""
        return keys_text()

    def show_keys(self) -> QMessageBox:
        """Show the keyboard help (non-blocking)."""
        box = QMessageBox(QMessageBox.Icon.Information, self.tr("Keyboard"), self.keys_text(),
                          QMessageBox.StandardButton.Close, self)
        box.open()
        return box

    # -- camera -----------------------------------------------------------------------------

    def start_camera(self, source_factory: Callable[[], Any],
                     recognise: Callable[..., Any] | None = None) -> bool:
        """Start reading cards from a frame source; a failure is shown, never raised."""
        try:
            if recognise is None:
                recognise = self._reader().recognise
            self.camera_feed.start(source_factory, recognise=recognise)
        except DealerAssistError as error:
            self._camera_failed(str(error))
            return False
        self.camera_view.show_message(self.tr("Starting the camera…"))
        self.tabs.setCurrentWidget(self.camera_view)
        return True

    def start_webcam(self) -> bool:
        """Start the first webcam."""
        from dealerassist.vision.sources import CameraSource

        return self.start_camera(lambda: CameraSource(0))

    def open_video(self) -> bool:
        """Read cards from a video file chosen by the dealer."""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Video file"))
        if not path:
            return False
        from dealerassist.vision.sources import VideoFileSource

        return self.start_camera(lambda: VideoFileSource(path))

    def stop_camera(self) -> None:
        """Stop the camera."""
        self.camera_feed.stop()
        self.camera_view.show_message(self.tr("Camera off"))

    def _camera_result(self, result: Any) -> None:
        self._fit_zones((int(result.frame.shape[1]), int(result.frame.shape[0])))
        self._watch_markers(result.frame)
        monitor = self.camera_feed.monitor()
        self.camera_view.show_result(result, fps=monitor.fps if monitor else None,
                                     dropped=monitor.dropped if monitor else 0)
        observe = getattr(self.bridge.controller, "observe", None)
        if observe is not None and (result.update.appeared or result.update.gone):
            answer = observe(result.update.stable)
            if answer.ok:
                self.render(answer.view)
            else:
                self.show_refusal(answer.error)

    def _reader(self) -> Any:
        """Return the recogniser, made at the first start (loading its models takes time)."""
        if self._recogniser is None:
            from dealerassist.vision.recogniser import Recogniser

            rules = getattr(getattr(getattr(self.bridge, "controller", None), "session", None),
                            "rules", None)
            letters = rules.deck.index_letters.value if rules is not None else "standard"
            self._recogniser = Recogniser(calibration=self.calibration, letters=letters)
        return self._recogniser

    def _load_calibration(self) -> None:
        """Read the table's calibration (beside its journal); a bad file is reported."""
        if self.calibration_file is None or not self.calibration_file.is_file():
            return
        from dealerassist.vision.calibration import TableCalibration

        try:
            self._use_calibration(TableCalibration.load(self.calibration_file))
        except DealerAssistError as error:
            self.show_refusal(str(error))

    def _use_calibration(self, calibration: Any) -> None:
        self.calibration = calibration
        if self._recogniser is not None:
            self._recogniser.calibration = calibration  # read afresh with every frame
        self._zones_size = None
        size = self.camera_view.frame_size
        if size is not None:
            self._fit_zones(size)
        else:
            self.camera_view.set_zones(calibration.zone_outlines())

    def _fit_zones(self, size: tuple[int, int]) -> None:
        """Draw the zones for frames of this size; say once if the felt must be marked again.

        The recogniser scales the corners itself (`Recogniser._calibration_for`); the view's
        outlines follow here. A frame of another shape than the one the felt was marked on
        (the camera's resolution changed) gets no zones: no seat is guessed.
        """
        if self.calibration is None or size == self._zones_size:
            return
        self._zones_size = size
        if self.calibration.fits(*size):
            self.camera_view.set_zones(self.calibration.fitted(*size).zone_outlines())
            return
        self.camera_view.set_zones({})
        self.show_refusal(self.tr(
            "The camera's frames are now {width}x{height}; the felt's corners were marked on "
            "{marked_width}x{marked_height} frames. Mark them again (Camera menu): until "
            "then no card is placed in a seat.").format(
                width=size[0], height=size[1], marked_width=self.calibration.frame_size[0],
                marked_height=self.calibration.frame_size[1]))

    def _watch_markers(self, frame: Any) -> None:
        """Look for the corner markers about once a second; they calibrate and re-calibrate.

        Four markers where no calibration is: the table is calibrated from them. All (or
        three) of them away from the calibrated corners: the camera moved (or the corners
        were clicked elsewhere), and the zones follow the markers. One or two away: a
        marker was pushed, not the felt; the zones stay and the dealer is told once.
        """
        if self._marking is not None:
            return
        self._marker_countdown -= 1
        if self._marker_countdown > 0:
            return
        self._marker_countdown = _MARKERS_EVERY
        from dealerassist.vision.calibration import (
            TableCalibration,
            default_zones,
            in_calibrated_order,
        )
        from dealerassist.vision.markers import displaced, find_felt_corners

        seen = find_felt_corners(frame)
        if seen is None:
            return
        size = (int(frame.shape[1]), int(frame.shape[0]))
        first = self.calibration is None
        if not first and self.calibration.fits(*size):  # else: the markers fit it anew
            corners = self.calibration.fitted(*size).felt_corners
            seen = in_calibrated_order(corners, seen)  # the seats keep their corners
            away = displaced(corners, seen, size)
            if sum(away) <= 2:
                if sum(away) and away != self._markers_warned:
                    self.show_refusal(self.tr(
                        "Corner marker {n} is not on its corner: put it back (the zones stay "
                        "where they were)").format(
                            n=", ".join(str(k) for k, off in enumerate(away) if off)))
                self._markers_warned = away if sum(away) else ()
                return
        self._markers_warned = ()
        zones = (self.calibration.zones if self.calibration is not None
                 else default_zones(self._seat_count()))
        if not self._keep_calibration(TableCalibration(seen, zones, size)):
            return
        if first:
            self.camera_view.set_note(self.tr("Table calibrated from the corner markers"))
            return
        message = self.tr("The corner markers are not where the zones were: the zones now "
                          "follow the markers")
        self.camera_view.set_note(message)
        self.show_refusal(message)

    def _in_calibrated_order(self, calibration: Any) -> Any:
        """Return a new marking turned so that the seats keep the corners they had."""
        from dealerassist.vision.calibration import TableCalibration, in_calibrated_order

        size = calibration.frame_size
        if self.calibration is None or size is None or not self.calibration.fits(*size):
            return calibration
        corners = in_calibrated_order(self.calibration.fitted(*size).felt_corners,
                                      calibration.felt_corners)
        return TableCalibration(corners, calibration.zones, size)

    def _seat_count(self) -> int:
        """Return the number of seats for the default zones (9 before a table is set up)."""
        return len(self._view.seats) if self._view is not None and self._view.seats else 9

    def _keep_calibration(self, calibration: Any) -> bool:
        """Use a new calibration and save it beside the journal; False if saving failed."""
        self._use_calibration(calibration)
        if self.calibration_file is None:
            return True
        try:
            calibration.save(self.calibration_file)
        except OSError as error:
            self.show_refusal(self.tr("The calibration could not be saved: {error}").format(
                error=error))
            return False
        return True

    def save_marker_sheet(self, path: Path | str | None = None) -> bool:
        """Write the four corner markers as a PNG to print (asks where, without ``path``)."""
        if path is None:
            path, _ = QFileDialog.getSaveFileName(
                self, self.tr("Save the corner markers"), "dealerassist-markers.png",
                self.tr("PNG image (*.png)"))
            if not path:
                return False
        from dealerassist.vision.markers import save_marker_sheet

        try:
            save_marker_sheet(Path(path))
        except DealerAssistError as error:
            self.show_refusal(str(error))
            return False
        self.camera_view.set_note(self.tr(
            "Corner markers saved to {path}: print them, cut them apart and lay each on "
            "its corner of the felt").format(path=path))
        return True

    def mark_felt_corners(self) -> bool:
        """Let the dealer click the felt's four corners on the camera view (zones follow)."""
        if not self.camera_view.has_frame:
            self.show_refusal(self.tr("Start the camera first: the felt's corners are marked "
                                      "on its view"))
            return False
        from dealerassist.vision.calibration import CornerMarking

        self._marking = CornerMarking()
        self.tabs.setCurrentWidget(self.camera_view)
        self.camera_view.begin_marking()
        self._marking_status()
        return True

    def _marking_status(self) -> None:
        self.camera_view.set_status(self.tr(
            "Click the felt's corners: {n} to go · Backspace undoes · Esc cancels").format(
                n=self._marking.remaining))

    def _corner_marked(self, x: float, y: float) -> None:
        if self._marking is None:
            return
        self._marking = self._marking.add(x, y)
        self.camera_view.set_marks(self._marking.points)
        if not self._marking.complete:
            self._marking_status()
            return
        from dealerassist.vision.calibration import default_zones

        zones = (self.calibration.zones if self.calibration is not None
                 else default_zones(self._seat_count()))
        try:
            calibration = self._marking.calibration(zones, frame_size=self.camera_view.frame_size)
            calibration = self._in_calibrated_order(calibration)
        except DealerAssistError as error:
            self.show_refusal(str(error))
            self._marking = type(self._marking)()  # start again
            self.camera_view.begin_marking()
            self._marking_status()
            return
        self._marking = None
        self.camera_view.end_marking()
        if not self._keep_calibration(calibration):
            return
        if self.calibration_file is None:
            self.camera_view.set_note(self.tr("Table calibrated (not saved: no table file)"))
            return
        self.camera_view.set_note(self.tr("Table calibrated: saved to {path}").format(
            path=self.calibration_file))

    def _undo_corner(self) -> None:
        if self._marking is not None:
            self._marking = self._marking.undo()
            self.camera_view.set_marks(self._marking.points)
            self._marking_status()

    def _cancel_marking(self) -> None:
        if self._marking is not None:
            self._marking = None
            self.camera_view.end_marking()
            self.camera_view.set_status(self.tr("Marking cancelled: the zones are unchanged"))

    def _camera_failed(self, message: str) -> None:
        self.camera_view.show_message(message)
        self.show_refusal(message)

    def set_controller(self, controller: Any) -> None:
        """Switch to another controller (the live table once its journal is open)."""
        self.bridge.controller = controller
        self.export_action.setEnabled(hasattr(controller, "export_day"))
        face = getattr(getattr(controller, "session", None), "face", None)
        if face is not None and self.clock_panel is None:
            # TRN-LEVELS: a tournament table shows its blind clock (ui.clock_view).
            self.clock_panel = install_clock(self, face=face, send=self.bridge.send)
        self._set_title()
        self._sync_language()  # the live table's texts in the console's language
        self.render(controller.current_view())
        warnings = tuple(getattr(controller, "journal_warnings", ()))
        if warnings:  # e.g. a journal copied without its -wal: the dealer must know at once
            self.journal_warning = self.show_journal_warning(warnings)

    def show_journal_warning(self, warnings: tuple[str, ...]) -> QMessageBox:
        """Show what opening the journal warned of, until the dealer closes it (Enter)."""
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Table journal"),
                          "\n\n".join(warnings), QMessageBox.StandardButton.Close, self)
        box.open()
        return box

    def export_day(self, *, day: str | None = None, folder: str | None = None) -> Task | None:
        """Export a day's finished hands as PHH files, in the background with progress."""
        controller = self.bridge.controller
        if not hasattr(controller, "export_day"):
            self.show_refusal(self.tr("Export needs a live table journal"))
            return None
        if day is None:
            day = datetime.now(UTC).strftime("%Y-%m-%d")
        if folder is None:
            folder = QFileDialog.getExistingDirectory(self, self.tr("Export the day's hands to"))
            if not folder:
                return None
        return self.run_task(self.tr("Exporting {day}").format(day=day),
                             controller.export_day(day=day, folder=folder),
                             on_done=lambda message: self.statusBar().showMessage(message))

    def send(self, line: str) -> SubmitResult:
        """Send one command line through the bridge."""
        return self.bridge.send(line)

    def _send_typed(self, line: str) -> None:
        """Send a line typed in the command line or the pad; accepted, back to the table."""
        if self.send(line).ok:
            if " ".join(self.command_line.text().split()) == line:
                self.command_line.clear()
            self.focus_table()
        elif " ".join(self.command_line.text().split()) == line:
            self.command_line.setFocus()  # kept as typed, to correct and send again

    def focus_table(self) -> None:
        """Give the keyboard to the table: letters are hotkeys again."""
        self.table.setFocus()

    def focus_amount(self) -> None:
        """Put the cursor in the amount field, its text selected."""
        self.action_bar.amount_edit.setFocus()
        self.action_bar.amount_edit.selectAll()

    def open_setup(self) -> TableSetupDialog:
        """Open the set-up dialog; on OK, send its command lines in order."""
        view = self._view if self._view is not None else TableView()
        controller = self.bridge.controller
        stacks = getattr(controller, "tournament_stacks", None)
        dialog = TableSetupDialog(
            presets=self.presets, view=view, parent=self,
            tournaments=stacks() if callable(stacks) else None,
            in_tournament=getattr(getattr(controller, "session", None), "face", None)
            is not None)
        dialog.accepted.connect(lambda: self.apply_setup(dialog))
        dialog.open()
        return dialog

    def apply_setup(self, dialog: TableSetupDialog) -> None:
        """Send the set-up dialog's lines, stopping at the first refused one."""
        try:
            lines = dialog.command_lines()
        except IllegalActionError as error:
            self.show_refusal(str(error))
            return
        if dialog.starts_tournament:
            # TRN-START: a tournament starts on a new journal, as its own table.
            try:
                table = self.bridge.controller.start_tournament(dialog.preset)
            except DealerAssistError as error:
                self.show_refusal(str(error))
                return
            self.set_controller(table)
        for line in lines:
            if not self.bridge.send(line).ok:
                break

    def set_scale(self, scale: int) -> None:
        """Change the text size (percent) and keep it in the settings."""
        self.settings.scale = scale
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, scale=self.settings.scale)

    def set_keypad_mode(self, on: bool) -> None:
        """Turn keypad mode on or off (`ui.keypad`) and keep it in the settings."""
        self.settings.keypad = on
        self.keypad.enabled = on
        self.table.setFocus()

    def set_language(self, language: Language) -> None:
        """Switch language now and keep it in the settings."""
        self.settings.language = language
        app = QApplication.instance()
        if app is not None:
            install_translator(app, language)
        view = self._view
        self._view = None
        self._build()
        if self.clock_panel is not None:
            self.clock_panel.retranslate()
        self._sync_language()
        if view is not None:
            controller = getattr(self.bridge, "controller", None)
            self.render(self.bridge.view() if hasattr(controller, "lang") else view)

    def run_task(self, title: str, work: Callable[[Progress], Any],
                 on_done: Callable[[Any], None] | None = None) -> Task:
        """Run long work off the GUI thread with a progress dialog; the window stays live."""
        dialog = QProgressDialog(title, self.tr("Hide"), 0, 0, self)
        dialog.setWindowModality(Qt.WindowModality.NonModal)
        dialog.setMinimumDuration(300)
        task = Task(work)
        self.tasks.append(task)

        def progressed(done: int, total: int) -> None:
            self.last_progress = (done, total)
            dialog.setMaximum(max(total, 1))
            dialog.setValue(min(done, max(total, 1)))

        def finished(result: Any) -> None:
            dialog.reset()
            self.tasks.remove(task)
            if on_done is not None:
                on_done(result)

        def errored(message: str) -> None:
            dialog.reset()
            self.tasks.remove(task)
            self.show_refusal(f"{title}: {message}")

        task.signals.progressed.connect(progressed)
        task.signals.finished.connect(finished)
        task.signals.errored.connect(errored)
        return task.start()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        """Stop the camera and keep the window geometry in the settings."""
        self.camera_feed.stop()
        self.settings.geometry = self.saveGeometry()
        self.settings.sync()
        super().closeEvent(event)
