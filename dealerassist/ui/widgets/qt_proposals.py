"""Camera proposals: the camera proposes a command line, the dealer confirms or dismisses.

A proposal is never applied from here without a click: Confirm sends its line through the
bridge like a typed one (checked by the engine, journaled); Dismiss only hides it. Doubtful
cards are named so the dealer looks at them; an IRR-DECK clash is shown with its rule ID
and cannot be confirmed.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from dealerassist.session.viewmodels import ProposalView
from dealerassist.ui.widgets.buttons import ActionButton

__all__ = ["QtProposals"]


class QtProposals(QFrame):
    """One row per proposal; hidden when there is none."""

    command = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("panel")
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self._proposals: tuple[ProposalView, ...] = ()
        self._dismissed: set[ProposalView] = set()
        self.rows: list[tuple[ProposalView, QLabel, ActionButton, ActionButton]] = []
        self.setVisible(False)

    def show_proposals(self, proposals: Sequence[ProposalView]) -> None:
        """Render the proposals not dismissed."""
        proposals = tuple(p for p in proposals if p not in self._dismissed)
        if proposals == self._proposals:
            return
        self._proposals = proposals
        while self._layout.count():
            item = self._layout.takeAt(0)
            layout = item.layout()
            if layout is not None:
                while layout.count():
                    widget = layout.takeAt(0).widget()
                    if widget is not None:
                        widget.setParent(None)
                        widget.deleteLater()
        self.rows = []
        for proposal in proposals:
            row = QHBoxLayout()
            text = proposal.message or proposal.line
            if proposal.line and proposal.message:
                text = f"{proposal.message}: {proposal.line}"
            if proposal.doubtful:
                text += "  " + self.tr("(check: {cards})").format(
                    cards=" ".join(proposal.doubtful))
            label = QLabel(f"[{proposal.rule_id}] {text}" if proposal.rule_id else text)
            label.setProperty("role", "error" if proposal.rule_id else "title")
            label.setWordWrap(True)
            confirm = ActionButton(self.tr("Confirm"))
            confirm.setObjectName("call")
            confirm.setEnabled(bool(proposal.line))
            dismiss = ActionButton(self.tr("Dismiss"))
            confirm.clicked.connect(lambda _=False, p=proposal: self.command.emit(p.line))
            dismiss.clicked.connect(lambda _=False, p=proposal: self.dismiss(p))
            row.addWidget(label, 1)
            row.addWidget(confirm)
            row.addWidget(dismiss)
            self._layout.addLayout(row)
            self.rows.append((proposal, label, confirm, dismiss))
        self.setVisible(bool(proposals))

    def dismiss(self, proposal: ProposalView) -> None:
        """Hide a proposal (nothing is sent)."""
        self._dismissed.add(proposal)
        self.show_proposals(self._proposals)
