"""Incident records: the form, the list, and the CSV and printable HTML exports.

The form takes the hand, what was disputed, the ruling, its rule ID, who decided and free
notes; it forwards to `dealerassist.floor.IncidentBook`.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
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


class QtIncidents(QWidget):
    """Record an incident attached to a hand, list them, export them."""

    recorded = Signal(object)  # IncidentRecord

    def __init__(self, *, book: IncidentBook, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.book = book
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
        """Prefill the ruling with the catalogue's, when the field is still empty."""
        if self.ruling_edit.text().strip():
            return
        for entry in rule_catalogue():
            if entry.rule_id == rule_id.strip().upper() and entry.ruling_en:
                self.ruling_edit.setText(entry.ruling_en)

    def record(self) -> IncidentRecord | None:
        """Store the form as an incident; a problem is shown and nothing is stored."""
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
                self.table.setItem(row, column, QTableWidgetItem(str(value)))

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
