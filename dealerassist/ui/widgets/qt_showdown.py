"""The showdown panel: hands, each pot's winners, hi/lo halves, odd chips and rake.

Hands are listed in showing order; the dealer enters a seat's cards and confirms the
payouts, after which the stacks update.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from dealerassist.cards import parse_cards
from dealerassist.errors import InvalidCardError
from dealerassist.session.viewmodels import PotAwardView, ShareKind, ShowdownView
from dealerassist.ui import command_lines
from dealerassist.ui.widgets.buttons import ActionButton
from dealerassist.ui.widgets.qt_cards import card_face_text
from dealerassist.ui.widgets.qt_pots import pot_label
from dealerassist.ui.widgets.qt_seat import chips_text

__all__ = ["QtShowdown"]


class QtShowdown(QFrame):
    """Showdown results. ``pot_lines`` and ``hand_lines`` hold the text shown."""

    command = Signal(str)
    refused = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("panel")
        self._view: ShowdownView | None = None
        layout = QVBoxLayout(self)
        self.title_label = QLabel(self.tr("Showdown"))
        self.title_label.setProperty("role", "title")
        layout.addWidget(self.title_label)
        self.hands_label = QLabel()
        self.hands_label.setWordWrap(True)
        layout.addWidget(self.hands_label)
        self.pots_label = QLabel()
        self.pots_label.setWordWrap(True)
        layout.addWidget(self.pots_label)
        entry = QHBoxLayout()
        self.seat_spin = QSpinBox()
        self.seat_spin.setRange(1, 10)
        self.seat_spin.setPrefix(self.tr("Seat "))
        self.cards_edit = QLineEdit()
        self.cards_edit.setPlaceholderText(self.tr("cards shown, e.g. Ah Kd"))
        self.show_button = ActionButton(self.tr("Enter cards"))
        entry.addWidget(self.seat_spin)
        entry.addWidget(self.cards_edit, 1)
        entry.addWidget(self.show_button)
        layout.addLayout(entry)
        self.error_label = QLabel()
        self.error_label.setProperty("role", "error")
        layout.addWidget(self.error_label)
        self.confirm_button = ActionButton(self.tr("Confirm payouts"))
        self.confirm_button.setObjectName("call")
        layout.addWidget(self.confirm_button)
        layout.addStretch(1)
        self.hand_lines: tuple[str, ...] = ()
        self.pot_lines: tuple[str, ...] = ()
        self.show_button.clicked.connect(self.enter_cards)
        self.cards_edit.returnPressed.connect(self.enter_cards)
        self.confirm_button.clicked.connect(self.confirm_payouts)
        self.show_showdown(None)

    def _award_text(self, award: PotAwardView) -> str:
        share = {ShareKind.WHOLE: "", ShareKind.HIGH: self.tr(" (high)"),
                 ShareKind.LOW: self.tr(" (low)")}[award.share]
        text = self.tr("seat {seat} {name} wins {amount}{share}").format(
            seat=award.seat, name=award.name, amount=chips_text(award.amount), share=share)
        if award.odd_chips:
            text += self.tr(", odd chip {n}").format(n=award.odd_chips)
        if award.hand:
            text += f" — {award.hand}"
        return text

    def show_showdown(self, view: ShowdownView | None) -> None:
        """Render the showdown, or a hint when there is none yet."""
        if view == self._view and view is not None:
            return
        self._view = view
        has = view is not None
        self.confirm_button.setEnabled(
            has and bool(view.pots) and not view.confirmed and not view.awaiting_cards)
        self.show_button.setEnabled(has)
        if view is None:
            self.hand_lines = ()
            self.pot_lines = ()
            self.hands_label.setText(self.tr("No showdown yet"))
            self.pots_label.setText("")
            return
        hands = []
        for hand in view.hands:
            cards = " ".join(card_face_text(c) or "▯" for c in hand.cards)
            words = self.tr("mucked") if hand.mucked else " / ".join(
                part for part in (hand.high, hand.low) if part)
            hands.append(f"{hand.seat} {hand.name}: {cards}  {words}".rstrip())
        if view.awaiting_cards:
            seats = " ".join(str(s) for s in view.awaiting_cards)
            hands.append(self.tr("Cards to enter: seats {seats}").format(seats=seats))
            self.seat_spin.setValue(view.awaiting_cards[0])
        self.hand_lines = tuple(hands)
        pots = []
        shown = []
        for pot in view.pots:
            line = f"{pot_label(pot.label)} {chips_text(pot.amount)}"
            if pot.rake:
                line += self.tr(" (rake {rake})").format(rake=chips_text(pot.rake))
            if pot.low_qualified is False:
                line += self.tr(" · no qualifying low")
            awards = [self._award_text(a) for a in pot.awards]
            pots.append(line + ": " + "; ".join(awards))
            shown.append("\n".join([line, *(f"   • {award}" for award in awards)]))
        if view.total_rake:
            pots.append(self.tr("Total rake {rake}").format(rake=chips_text(view.total_rake)))
            shown.append(pots[-1])
        if view.confirmed:
            pots.append(self.tr("Paid. Stacks updated."))
            shown.append(pots[-1])
        self.pot_lines = tuple(pots)
        self.hands_label.setText("\n".join(self.hand_lines))
        self.pots_label.setText("\n".join(shown))

    def confirm_payouts(self) -> None:
        """Send ``pay`` when there is a settlement waiting for the dealer (button or ``P``)."""
        if self.confirm_button.isEnabled():
            self.command.emit(command_lines.confirm_showdown())

    def enter_cards(self) -> None:
        """Send the cards typed for the chosen seat, after checking they read as cards."""
        text = self.cards_edit.text()
        try:
            cards = parse_cards(text)
        except InvalidCardError as error:
            self.error_label.setText(str(error))
            self.refused.emit(str(error))
            return
        if not cards:
            self.error_label.setText(self.tr("Type the cards shown, e.g. Ah Kd"))
            return
        self.error_label.clear()
        self.cards_edit.clear()
        self.command.emit(command_lines.show_cards(self.seat_spin.value(),
                                                   [str(card) for card in cards]))
