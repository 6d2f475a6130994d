"""Table set-up: game preset from rules.yaml, seats, names, stacks and the button.

Also serves between hands for players joining and leaving: the dialog starts from the
table as it is and turns the dealer's edits into command lines (``game``, ``sit``,
``leave``, ``button``), so the session journals them like any other input.

Choosing a tournament preset (one with a starting stack, TRN-START) at a cash table means
a new tournament table on a new journal: `starts_tournament` is then true, every named
seat gets the starting stack, and `command_lines` seats the players on an empty table;
the console opens the tournament table before sending them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealerassist.errors import IllegalActionError
from dealerassist.session.viewmodels import SeatStatus, TableView
from dealerassist.ui import command_lines
from dealerassist.ui.widgets.qt_action_bar import parse_amount

__all__ = ["TableSetupDialog"]


class TableSetupDialog(QDialog):
    """Edit the game, the seats and the button; `command_lines` gives what to send."""

    def __init__(self, *, presets: Sequence[str], view: TableView, max_seats: int = 10,
                 tournaments: Mapping[str, int] | None = None, in_tournament: bool = False,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Table set-up"))
        self._view = view
        self._tournaments = dict(tournaments or {})
        self._in_tournament = in_tournament
        seat_count = max(len(view.seats), max_seats if not view.seats else 0, 2)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.preset_combo = QComboBox()
        names = list(presets)
        if view.preset and view.preset not in names:
            names.insert(0, view.preset)  # the game in force stays chosen unless changed
        self.preset_combo.addItems(names)
        if view.preset:
            self.preset_combo.setCurrentText(view.preset)
        form.addRow(self.tr("Game"), self.preset_combo)
        self.button_spin = QSpinBox()
        self.button_spin.setRange(1, seat_count)
        current_button = next((s.seat for s in view.seats if s.is_button), 1)
        self.button_spin.setValue(current_button)
        form.addRow(self.tr("Button at seat"), self.button_spin)
        layout.addLayout(form)
        self.table = QTableWidget(seat_count, 3)
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Stack"),
                                              self.tr("Sitting out")])
        self.table.setVerticalHeaderLabels([str(n) for n in range(1, seat_count + 1)])
        self.name_edits: list[QLineEdit] = []
        self.stack_edits: list[QLineEdit] = []
        self.away_boxes: list[QCheckBox] = []
        for row in range(seat_count):
            seat = view.seat(row + 1)
            occupied = seat is not None and seat.status is not SeatStatus.EMPTY
            name_edit = QLineEdit(seat.name if occupied and seat else "")
            stack_edit = QLineEdit(str(seat.stack) if occupied and seat else "")
            self.table.setCellWidget(row, 0, name_edit)
            self.table.setCellWidget(row, 1, stack_edit)
            away = QCheckBox()
            away.setChecked(occupied and seat is not None
                            and seat.status is SeatStatus.SITTING_OUT)
            self.table.setCellWidget(row, 2, away)
            self.name_edits.append(name_edit)
            self.stack_edits.append(stack_edit)
            self.away_boxes.append(away)
        self.tournament_label = QLabel()
        self.tournament_label.setWordWrap(True)
        layout.addWidget(self.tournament_label)
        self.preset_combo.currentTextChanged.connect(self._preset_changed)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(0, 260)
        self.table.setColumnWidth(1, 140)
        # Each row as tall as its edit boxes need with the theme's type: a row of the
        # default height cut the digits in half ("183" read "T83").
        for edit in (*self.name_edits, *self.stack_edits):
            edit.ensurePolished()
        row_height = 2 + max([36, *(edit.sizeHint().height() for edit in self.name_edits)])
        self.table.verticalHeader().setMinimumSectionSize(row_height)
        self.table.verticalHeader().setDefaultSectionSize(row_height)
        for row in range(seat_count):
            self.table.setRowHeight(row, row_height)
        layout.addWidget(self.table)
        self.error_label = QLabel()
        self.error_label.setProperty("role", "error")
        layout.addWidget(self.error_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept_if_valid)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(600, min(660, 200 + row_height * seat_count))

    @property
    def starts_tournament(self) -> bool:
        """A tournament preset is chosen at a cash table: OK opens a new tournament table."""
        return (not self._in_tournament
                and self.preset_combo.currentText() in self._tournaments)

    @property
    def preset(self) -> str:
        """The preset chosen."""
        return self.preset_combo.currentText()

    def _preset_changed(self, preset: str) -> None:
        if not self.starts_tournament:
            self.tournament_label.setText("")
            return
        stack = self._tournaments[preset]
        # TRN-START: every player starts with the preset's stack, on a new journal.
        self.tournament_label.setText(self.tr(
            "{preset} is a tournament: OK opens a new tournament table (new journal), every "
            "player starting with {stack} chips.").format(preset=preset, stack=stack))
        for name_edit, stack_edit in zip(self.name_edits, self.stack_edits, strict=True):
            if name_edit.text().strip():
                stack_edit.setText(str(stack))

    def command_lines(self) -> list[str]:
        """Return the lines that turn the table as it was into the table as edited.

        Raises:
            IllegalActionError: a seat has a name without a valid stack (names the seat).

        """
        lines: list[str] = []
        preset = self.preset_combo.currentText()
        starting = self.starts_tournament
        view = TableView() if starting else self._view  # a new table: nobody seated yet
        if preset and preset != self._view.preset and not starting:
            lines.append(command_lines.choose_game(preset))
        for row, (name_edit, stack_edit, away) in enumerate(
            zip(self.name_edits, self.stack_edits, self.away_boxes, strict=True)
        ):
            number = row + 1
            name = " ".join(name_edit.text().split())
            before = view.seat(number)
            was = before.name if before and before.status is not SeatStatus.EMPTY else ""
            if not name:
                if was:
                    lines.append(command_lines.leave(number))
                continue
            try:
                stack = parse_amount(stack_edit.text())
            except IllegalActionError as error:
                raise IllegalActionError(f"seat {number} ({name}): {error.reason}") from None
            if stack <= 0:
                raise IllegalActionError(f"seat {number} ({name}): the stack must be above 0")
            if name == was and before is not None:
                if stack > before.stack:
                    lines.append(command_lines.add_chips(number, stack - before.stack))
                elif stack < before.stack:
                    lines.append(command_lines.correct_stack(number, stack, "set-up dialog"))
                was_away = before.status is SeatStatus.SITTING_OUT
                if away.isChecked() != was_away:
                    lines.append(command_lines.sit_out(number) if away.isChecked()
                                 else command_lines.sit_in(number))
                continue
            if was:
                lines.append(command_lines.leave(number))
            lines.append(command_lines.sit(number, name, stack))
            if away.isChecked():
                lines.append(command_lines.sit_out(number))
        current_button = next((s.seat for s in view.seats if s.is_button), None)
        if self.button_spin.value() != current_button or starting:
            lines.append(command_lines.set_button(self.button_spin.value()))
        return lines

    def _accept_if_valid(self) -> None:
        try:
            self.command_lines()
        except IllegalActionError as error:
            self.error_label.setText(str(error))
            return
        self.accept()
