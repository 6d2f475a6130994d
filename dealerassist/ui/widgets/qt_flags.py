"""The flags panel: each irregularity with its rule ID, explanation and ruling steps.

Each open flag has Confirm and Overrule buttons; overruling needs a reason (the floor's
words), which goes into the journal with the overrule command. Every flag has a "Floor
incident…" button: the window opens the floor's incident form on it (``incident``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dealerassist.session.viewmodels import FlagSeverity, FlagStatus, FlagView
from dealerassist.ui import command_lines
from dealerassist.ui.ruling_text import ruling_words
from dealerassist.ui.theme import COLOURS
from dealerassist.ui.widgets.buttons import ActionButton

__all__ = ["QtFlag", "QtFlags"]

_SEVERITY_COLOURS = {
    FlagSeverity.INFO: COLOURS.all_in,
    FlagSeverity.WARNING: COLOURS.accent,
    FlagSeverity.MISDEAL: COLOURS.danger,
}


class QtFlag(QFrame):
    """One flag card."""

    command = Signal(str)
    incident = Signal(object)
    """Record a floor incident about this flag (its FlagView)."""

    def __init__(self, flag: FlagView, parent: QWidget | None = None, *,
                 names: Mapping[int, str] | None = None, lang: str = "en"):
        super().__init__(parent)
        self.flag = flag
        names = names or {}
        self.setObjectName("panel")
        colour = _SEVERITY_COLOURS.get(flag.severity, COLOURS.accent)
        self.setStyleSheet(f"QFrame#panel {{ border-left: 6px solid {colour}; }}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        head = QHBoxLayout()
        self.rule_label = QLabel(flag.rule_id)
        self.rule_label.setProperty("role", "rule")
        severity = QLabel(self._severity_text(flag))
        severity.setStyleSheet(f"color: {colour}; font-weight: bold;")
        head.addWidget(self.rule_label)
        head.addWidget(severity)
        head.addStretch(1)
        layout.addLayout(head)
        # Read to the table: player names and card symbols (ui.ruling_text).
        self.message_label = QLabel(ruling_words(flag.message, names, lang))
        self.message_label.setWordWrap(True)
        self.message_label.setProperty("role", "title")
        layout.addWidget(self.message_label)
        self.steps_label = QLabel(
            "\n".join(f"{index}. {ruling_words(step, names, lang)}"
                      for index, step in enumerate(flag.ruling_steps, 1))
        )
        self.steps_label.setWordWrap(True)
        layout.addWidget(self.steps_label)
        self.confirm_button = ActionButton(self.tr("Confirm ruling [Y]"))
        self.reason_edit = QLineEdit()
        self.reason_edit.setPlaceholderText(self.tr("reason to overrule"))
        self.overrule_button = ActionButton(self.tr("Overrule"))
        self.incident_button = ActionButton(self.tr("Floor incident…"))
        self.incident_button.clicked.connect(lambda: self.incident.emit(self.flag))
        if flag.status is FlagStatus.OPEN:
            layout.addWidget(self.confirm_button)
            actions = QHBoxLayout()
            actions.addWidget(self.reason_edit, 1)
            actions.addWidget(self.overrule_button)
            layout.addLayout(actions)
            self.overrule_button.setEnabled(False)
            self.reason_edit.textChanged.connect(
                lambda text: self.overrule_button.setEnabled(bool(text.strip())))
            self.confirm_button.clicked.connect(self.confirm)
            self.overrule_button.clicked.connect(self.overrule)
        else:
            done = QLabel(self.tr("Confirmed") if flag.status is FlagStatus.CONFIRMED else
                          self.tr("Overruled: {reason}").format(reason=flag.overrule_reason))
            done.setProperty("role", "muted")
            layout.addWidget(done)
        layout.addWidget(self.incident_button)

    def _severity_text(self, flag: FlagView) -> str:
        return {
            FlagSeverity.INFO: self.tr("Note"),
            FlagSeverity.WARNING: self.tr("Irregularity"),
            FlagSeverity.MISDEAL: self.tr("Misdeal"),
        }[flag.severity]

    def confirm(self) -> None:
        """Confirm the ruling."""
        self.command.emit(command_lines.confirm_flag(self.flag.flag_id))

    def overrule(self) -> None:
        """Overrule with the reason typed (refused without one)."""
        reason = self.reason_edit.text().strip()
        if reason:
            self.command.emit(command_lines.overrule_flag(self.flag.flag_id, reason))


class QtFlags(QScrollArea):
    """The list of flags, open ones first."""

    command = Signal(str)
    incident = Signal(object)
    """A flag (FlagView) the floor records an incident about."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._flags: tuple[FlagView, ...] = ()
        self._names: dict[int, str] = {}
        self.cards: list[QtFlag] = []
        inner = QWidget()
        self._layout = QVBoxLayout(inner)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self.empty_label = QLabel(self.tr("No irregularity this hand"))
        self.empty_label.setProperty("role", "muted")
        self._layout.addWidget(self.empty_label)
        self._layout.addStretch(1)
        self.setWidget(inner)

    def show_flags(self, flags: Sequence[FlagView],
                   names: Mapping[int, str] | None = None, lang: str = "en") -> None:
        """Render the flags (open first, newest first), seats named from ``names``."""
        flags = tuple(flags)
        names = dict(names or {})
        if flags == self._flags and names == self._names:
            return
        self._flags = flags
        self._names = names
        for card in self.cards:
            card.setParent(None)
            card.deleteLater()
        self.cards = []
        ordered = sorted(reversed(flags), key=lambda f: f.status is not FlagStatus.OPEN)
        for index, flag in enumerate(ordered):
            card = QtFlag(flag, names=names, lang=lang)
            card.command.connect(self.command)
            card.incident.connect(self.incident)
            self._layout.insertWidget(index, card)
            self.cards.append(card)
        self.empty_label.setVisible(not flags)

    def confirm_first(self) -> bool:
        """Confirm the ruling of the open flag shown first (hotkey Y); False if none."""
        for card in self.cards:
            if card.flag.status is FlagStatus.OPEN:
                card.confirm()
                return True
        return False
