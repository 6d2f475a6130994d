"""The rulings browser: search the rules in French or English, with the house's options.

It renders `dealerassist.floor.search` results and the option values in force; no logic.
"""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealerassist.floor import RuleEntry, house_options, search
from dealerassist.rules.model import HouseRules
from dealerassist.ui.ruling_text import plain_rule_text

__all__ = ["QtRulings"]


class QtRulings(QWidget):
    """Search box, matching rules, and the chosen rule in both languages with house options."""

    def __init__(self, *, rules: HouseRules, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self._options = house_options(rules)
        self.search_edit = QLineEdit()
        self.search_edit.setPlaceholderText(self.tr("search rules (français or English, or an ID)"))
        self.results = QListWidget()
        self.detail = QTextBrowser()
        splitter = QSplitter()
        splitter.addWidget(self.results)
        splitter.addWidget(self.detail)
        splitter.setSizes([320, 640])
        layout = QVBoxLayout(self)
        layout.addWidget(self.search_edit)
        layout.addWidget(splitter, 1)
        self.search_edit.textChanged.connect(self.run_search)
        self.results.currentItemChanged.connect(self._show_current)
        self.run_search("")

    def run_search(self, text: str) -> tuple[RuleEntry, ...]:
        """List the rules matching ``text`` and show the first."""
        found = search(text, rules=self.rules)
        self.results.clear()
        for entry in found:
            item = QListWidgetItem(f"{entry.rule_id} — {plain_rule_text(entry.text_en)[:60]}")
            item.setData(256, entry)  # Qt.UserRole
            self.results.addItem(item)
        if found:
            self.results.setCurrentRow(0)
        else:
            self.detail.setHtml(f"<p>{html.escape(self.tr('No rule matches.'))}</p>")
        return found

    def _show_current(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            return
        self.show_rule(item.data(256))

    def show_rule(self, entry: RuleEntry) -> None:
        """Show one rule: English, French, ruling, and the house's options for it."""
        parts = [f"<h2>{html.escape(entry.rule_id)}</h2>",
                 f"<p><i>{html.escape(entry.section_en)}</i></p>",
                 f"<p>{html.escape(plain_rule_text(entry.text_en))}</p>"]
        if entry.ruling_en:
            parts.append(f"<p><b>Ruling:</b> {html.escape(plain_rule_text(entry.ruling_en))}</p>")
        parts.append(f"<p lang='fr'>{html.escape(plain_rule_text(entry.text_fr))}</p>")
        if entry.ruling_fr:
            parts.append(f"<p lang='fr'><b>Décision :</b> "
                         f"{html.escape(plain_rule_text(entry.ruling_fr))}</p>")
        options = self._options.get(entry.rule_id, ())
        if options:
            rows = "".join(
                # What the option does and its value: its rules.yaml key is for whoever
                # edits the file (docs/rules.md), not for the floor.
                f"<tr><td>{html.escape(o.doc)}</td><td><b>{html.escape(o.value)}</b></td></tr>"
                for o in options)
            parts.append(f"<h3>{html.escape(self.tr('This house (rules.yaml)'))}</h3>"
                         f"<table cellpadding='4'>{rows}</table>")
        self.detail.setHtml("".join(parts))
