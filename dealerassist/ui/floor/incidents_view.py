"""Incident records: the form, the list, and the CSV and printable HTML exports.

The form takes the hand, what was disputed, the ruling, its rule ID, who decided and free
notes; it forwards to `dealerassist.floor.IncidentBook`. The Ruling field follows the rule
ID: the catalogue's ruling of the ID finally in the box (an inline completion passing
through another ID never leaves that one's ruling behind); a ruling the floor typed is kept.
The list wraps every column, so a whole ruling is read where it is recorded. `prefill`
opens the form on a flag raised at the table (the console's Flags tab).
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealerassist.errors import DealerAssistError
from dealerassist.floor import IncidentBook, incidents_csv, incidents_html, rule_catalogue
from dealerassist.journal.incidents import IncidentRecord

__all__ = ["QtIncidents"]

_COLUMNS = ("#", "Hand", "When", "Disputed", "Ruling", "Rule", "Decided by", "Notes")
_WIDE = ("Disputed", "Ruling", "Notes")  # long texts: they share the width and wrap


class QtIncidents(QWidget):
    """Record an incident attached to a hand, list them, export them."""

    recorded = Signal(object)  # IncidentRecord

    def __init__(self, *, book: IncidentBook, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.book = book
        self._suggested = ""  # the ruling this form put in the field (not typed by the floor)
        self.hand_spin = QSpinBox()
        self.hand_spin.setRange(0, 10_000_000)
        self.hand_spin.setSpecialValueText(self.tr("no hand"))
        self.disputed_edit = QLineEdit()
        self.ruling_edit = QLineEdit()
        self.rule_box = QComboBox()
        self.rule_box.setEditable(True)
        for entry in rule_catalogue():
            self.rule_box.addItem(entry.rule_id)
        self.rule_box.setCurrentText("")
        self.rule_box.currentTextChanged.connect(self._suggest_ruling)
        self.decided_edit = QLineEdit()
        self.notes_edit = QPlainTextEdit()
        self.notes_edit.setMaximumHeight(80)
        self.record_button = QPushButton(self.tr("Record incident"))
        self.error_label = QLabel()
        self.error_label.setProperty("role", "error")
        self.error_label.setWordWrap(True)
        self.table = QTableWidget(0, len(_COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) for c in _COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        for column, name in enumerate(_COLUMNS):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch
                                        if name in _WIDE else
                                        QHeaderView.ResizeMode.ResizeToContents)
        self.csv_button = QPushButton(self.tr("Export CSV…"))
        self.html_button = QPushButton(self.tr("Export printable page…"))
        form = QFormLayout()
        form.addRow(self.tr("Hand"), self.hand_spin)
        form.addRow(self.tr("What was disputed"), self.disputed_edit)
        form.addRow(self.tr("Rule ID"), self.rule_box)
        form.addRow(self.tr("Ruling"), self.ruling_edit)
        form.addRow(self.tr("Decided by"), self.decided_edit)
        form.addRow(self.tr("Notes"), self.notes_edit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.csv_button)
        buttons.addWidget(self.html_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.record_button)
        layout.addWidget(self.error_label)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.record_button.clicked.connect(self.record)
        self.csv_button.clicked.connect(lambda: self._export("csv"))
        self.html_button.clicked.connect(lambda: self._export("html"))
        self.refresh()

    def _suggest_ruling(self, rule_id: str) -> None:
        """Put the catalogue's ruling of ``rule_id`` in the field, unless the floor wrote one.

        The field holds a suggestion while its text is the last one put there (or empty):
        a new rule ID replaces it (with "" when that ID has no ruling), so the ruling saved
        is always the final ID's. Text the floor typed is never overwritten.
        """
        current = self.ruling_edit.text()
        if current.strip() and current != self._suggested:
            return
        wanted = rule_id.strip().upper()
        ruling = next((entry.ruling_en for entry in rule_catalogue()
                       if entry.rule_id == wanted and entry.ruling_en), "")
        self._suggested = ruling
        if current != ruling:
            self.ruling_edit.setText(ruling)

    def prefill(self, *, hand_id: int | None, rule_id: str, disputed: str,
                ruling: str = "") -> None:
        """Start an incident from a flag raised at the table: its hand, rule and facts.

        The ruling is the catalogue's for ``rule_id``; ``ruling`` (the flag's steps) stands
        in when the catalogue has none.
        """
        self.hand_spin.setValue(hand_id or 0)
        self.disputed_edit.setText(disputed)
        self.ruling_edit.clear()
        self._suggested = ""
        self.rule_box.setCurrentText(rule_id)
        if not self.ruling_edit.text() and ruling:
            self.ruling_edit.setText(ruling)
            self._suggested = ruling
        self.decided_edit.setFocus()

    def record(self) -> IncidentRecord | None:
        """Store the form as an incident; a problem is shown and nothing is stored."""
        self._suggest_ruling(self.rule_box.currentText())  # the final rule ID's ruling
        try:
            record = self.book.record(
                hand_id=self.hand_spin.value() or None, disputed=self.disputed_edit.text(),
                ruling=self.ruling_edit.text(), rule_id=self.rule_box.currentText(),
                decided_by=self.decided_edit.text(), notes=self.notes_edit.toPlainText())
        except DealerAssistError as error:
            self.error_label.setText(str(error))
            return None
        self.error_label.clear()
        for edit in (self.disputed_edit, self.ruling_edit):
            edit.clear()
        self.notes_edit.clear()
        self._suggested = ""
        self.rule_box.setCurrentText("")
        self.refresh()
        self.recorded.emit(record)
        return record

    def refresh(self) -> None:
        """Reload the list, newest last."""
        records = self.book.list()
        self.table.setRowCount(len(records))
        for row, r in enumerate(records):
            values = (r.id, r.hand_id or "", r.recorded_at, r.disputed, r.ruling, r.rule_id,
                      r.decided_by, r.notes)
            for column, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                item.setToolTip(str(value))
                self.table.setItem(row, column, item)
        self.table.resizeRowsToContents()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Rewrap the rows to the new column widths."""
        super().resizeEvent(event)
        self.table.resizeRowsToContents()

    def export_to(self, path: str | os.PathLike[str]) -> Path:
        """Write the incidents to ``path``: CSV for ``.csv``, else a printable HTML page."""
        target = Path(path)
        records = self.book.list()
        text = incidents_csv(records) if target.suffix.lower() == ".csv" else \
            incidents_html(records, title=self.tr("Floor incidents"))
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as error:
            self.error_label.setText(self.tr("Cannot write {0}: {1}").format(
                target, error.strerror or error))
            raise DealerAssistError(f"cannot write {target}: {error.strerror}") from error
        return target

    def _export(self, kind: str) -> None:
        filters = "CSV (*.csv)" if kind == "csv" else "HTML (*.html)"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export incidents"),
                                              f"incidents.{kind}", filters)
        if path:
            try:
                self.export_to(path)
            except DealerAssistError:
                pass  # shown in the error label
