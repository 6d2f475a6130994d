"""The panel for the player to act and the action pad, rendering an ActionBarView.

Big type: who acts, to call, the minimum and maximum raise-to, raises left. The pad has
fold, check/call, bet/raise with an amount field and presets (minimum, half pot, pot,
all-in). An amount outside the limits is refused here, with the reason and rule ID,
before anything is sent (the session checks again with the engine).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from dealerassist.errors import IllegalActionError
from dealerassist.session.viewmodels import ActionBarView, RaisePreset
from dealerassist.ui import command_lines
from dealerassist.ui.widgets.buttons import ActionButton
from dealerassist.ui.widgets.fit_label import FitLabel
from dealerassist.ui.widgets.qt_seat import chips_text

__all__ = ["QtActionBar", "parse_amount"]


def parse_amount(text: str) -> int:
    """Read a whole number of chips typed by the dealer ("1 500", "1,500", "1500").

    Raises:
        IllegalActionError: the text is not a whole, positive number of chips.

    """
    cleaned = "".join(text.split()).replace(",", "").replace("\u202f", "")
    if not cleaned.isdigit() or not cleaned.isascii():
        raise IllegalActionError(f"amount {text.strip()!r} is not a whole number of chips")
    return int(cleaned)


class QtActionBar(QFrame):
    """Who acts and the action pad. Emits ``command`` with a command-language line."""

    command = Signal(str)
    """A dealer command line to send (``f``, ``c``, ``r 60`` ...)."""
    refused = Signal(str)
    """A reason an action was refused before sending."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("panel")
        self._view: ActionBarView | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(12, 6, 12, 6)
        outer.setSpacing(4)
        # Who acts, or the prompt: across the whole panel, two lines at most, its type
        # shrinking for a long prompt so the felt above never moves.
        self.who_label = FitLabel()
        self.who_label.setProperty("role", "big")
        self.who_label.setWordWrap(True)
        self.who_label.setFixedHeight(44)
        outer.addWidget(self.who_label)
        layout = QHBoxLayout()
        layout.setSpacing(14)
        outer.addLayout(layout)

        info = QVBoxLayout()
        info.setSpacing(2)
        self.to_call_label = FitLabel()
        self.to_call_label.setProperty("role", "huge")
        self.limits_label = FitLabel()
        self.limits_label.setProperty("role", "title")
        self.detail_label = FitLabel()
        self.detail_label.setProperty("role", "muted")
        for label in (self.to_call_label, self.limits_label, self.detail_label):
            info.addWidget(label)
        layout.addLayout(info, 1)

        pad = QGridLayout()
        pad.setHorizontalSpacing(8)
        pad.setVerticalSpacing(6)
        self.fold_button = ActionButton()
        self.fold_button.setObjectName("fold")
        self.call_button = ActionButton()
        self.call_button.setObjectName("call")
        self.amount_edit = QLineEdit()
        self.amount_edit.setObjectName("amount")
        self.amount_edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.amount_edit.setPlaceholderText(self.tr("amount"))
        self.raise_button = ActionButton()
        self.raise_button.setObjectName("raise")
        self.preset_buttons: dict[RaisePreset, ActionButton] = {}
        preset_row = QHBoxLayout()
        preset_names = {
            RaisePreset.MINIMUM: self.tr("Min [1]"),
            RaisePreset.HALF_POT: self.tr("½ Pot [2]"),
            RaisePreset.POT: self.tr("Pot [3]"),
            RaisePreset.ALL_IN: self.tr("All-in [4]"),
        }
        for preset, text in preset_names.items():
            button = ActionButton(text)
            button.setProperty("preset", "true")
            button.setObjectName(f"preset_{preset.value}")
            policy = button.sizePolicy()
            policy.setRetainSizeWhenHidden(True)  # hidden in fixed limit: nothing moves
            button.setSizePolicy(policy)
            button.clicked.connect(lambda _=False, p=preset: self.apply_preset(p))
            preset_row.addWidget(button)
            self.preset_buttons[preset] = button
        self.refusal_label = FitLabel()
        self.refusal_label.setProperty("role", "error")
        self.refusal_label.setWordWrap(True)
        self.refusal_label.setFixedHeight(34)
        pad.addWidget(self.fold_button, 0, 0)
        pad.addWidget(self.call_button, 0, 1)
        pad.addWidget(self.amount_edit, 1, 0)
        pad.addWidget(self.raise_button, 1, 1)
        pad.addLayout(preset_row, 2, 0, 1, 2)
        info.addWidget(self.refusal_label)
        info.addStretch(1)
        layout.addLayout(pad, 0)

        self.fold_button.clicked.connect(self.fold)
        self.call_button.clicked.connect(self.check_or_call)
        self.raise_button.clicked.connect(self.bet_or_raise)
        self.amount_edit.returnPressed.connect(self.bet_or_raise)
        self.show_action(None)

    @property
    def view(self) -> ActionBarView | None:
        """The ActionBarView shown (None when nobody is to act)."""
        return self._view

    def show_action(self, view: ActionBarView | None, *, idle_message: str = "") -> None:
        """Render who acts and the limits; None disables the pad."""
        previous = self._view
        self._view = view
        enabled = view is not None
        for button in (self.fold_button, self.call_button, self.raise_button):
            button.setEnabled(enabled)
        self.amount_edit.setEnabled(enabled and view.can_raise)
        # Fixed limit has one size per street: no presets to choose from (BET-FL-SIZES).
        fixed = enabled and view.structure == "FL"
        for button in self.preset_buttons.values():
            button.setEnabled(enabled and view.can_raise)
            button.setVisible(not fixed)
        if view is None:
            self.who_label.setText(idle_message or self.tr("No action pending"))
            for label in (self.to_call_label, self.limits_label, self.detail_label):
                label.setText("")
            self.fold_button.setText(self.tr("Fold [F]"))
            self.call_button.setText(self.tr("Check [C]"))
            self.raise_button.setText(self.tr("Raise [R]"))
            self.amount_edit.clear()
            self.refusal_label.clear()
            return
        self.who_label.setText(self.tr("Seat {seat} · {name} to act").format(
            seat=view.seat, name=view.name))
        if view.bring_in is not None:
            # ST-BRINGIN: the low card posts the bring-in, or completes (ST-COMPLETE).
            self.to_call_label.setText(self.tr("Bring-in {amount} or complete").format(
                amount=chips_text(view.bring_in)))
        elif view.to_call:
            self.to_call_label.setText(self.tr("To call {amount}").format(
                amount=chips_text(view.call_amount)))
        else:
            self.to_call_label.setText(self.tr("Check or bet") if view.is_opening_bet
                                       else self.tr("Nothing to call"))
        word = self.tr("Bet") if view.is_opening_bet else self.tr("Raise to")
        if view.bring_in is not None or view.is_completion:
            word = self.tr("Complete")  # ST-COMPLETE: the bring-in completed to the small bet
        if view.min_raise_to is None or view.max_raise_to is None:
            self.limits_label.setText(self.tr("No raise allowed"))
        elif view.min_raise_to == view.max_raise_to:
            self.limits_label.setText(f"{word} {chips_text(view.min_raise_to)}")
        elif len(view.raise_to_amounts) > 1:
            # ST-OPEN-PAIR: the small or the big bet, nothing between.
            self.limits_label.setText(
                f"{word} " + " / ".join(chips_text(a) for a in view.raise_to_amounts))
        else:
            self.limits_label.setText(
                f"{word} {chips_text(view.min_raise_to)} – {chips_text(view.max_raise_to)}")
        raises = (self.tr("No cap") if view.raises_left is None
                  else self.tr("Raises left: {n}").format(n=view.raises_left))
        self.detail_label.setText(self.tr("Stack {stack} · Pot {pot} · {raises}").format(
            stack=chips_text(view.stack), pot=chips_text(view.pot_size), raises=raises))
        self.fold_button.setEnabled(view.can_fold)
        self.raise_button.setEnabled(view.can_raise)
        self.fold_button.setText(self.tr("Fold [F]"))
        if view.bring_in is not None:
            self.call_button.setText(self.tr("Bring in {amount} [C]").format(
                amount=chips_text(view.bring_in)))
        elif view.can_check:
            self.call_button.setText(self.tr("Check [C]"))
        elif view.to_call >= view.stack:
            self.call_button.setText(self.tr("Call all-in {amount} [C]").format(
                amount=chips_text(view.call_amount)))
        else:
            self.call_button.setText(self.tr("Call {amount} [C]").format(
                amount=chips_text(view.call_amount)))
        self.raise_button.setText(f"{word} [R]")
        if previous is None or (previous.seat, previous.street, previous.current_bet) != (
            view.seat, view.street, view.current_bet
        ):
            preset = view.preset_raise_to(RaisePreset.MINIMUM)
            self.amount_edit.setText(str(preset) if preset is not None else "")
            self.refusal_label.clear()

    # -- actions ------------------------------------------------------------------------

    def _refuse(self, reason: str) -> None:
        self.refusal_label.setText(reason)
        self.refused.emit(reason)

    def _send(self, line: str) -> None:
        self.refusal_label.clear()
        self.command.emit(line)

    def fold(self) -> None:
        """Fold the player to act."""
        if self._view is None or not self._view.can_fold:
            self._refuse(self.tr("Nobody can fold now"))
            return
        self._send(command_lines.FOLD)

    def check_or_call(self) -> None:
        """Check when free, else call (all-in for less when short, G-ALLIN)."""
        if self._view is None:
            self._refuse(self.tr("Nobody is to act"))
            return
        if self._view.bring_in is not None:
            self._send(command_lines.CALL)  # the session posts the bring-in (ST-BRINGIN)
            return
        self._send(command_lines.CHECK if self._view.can_check else command_lines.CALL)

    def apply_preset(self, preset: RaisePreset) -> None:
        """Fill the amount field with a preset (min, half pot, pot, all-in)."""
        if self._view is None:
            return
        amount = self._view.preset_raise_to(preset)
        if amount is None:
            self._refuse(self.tr("No raise allowed"))
            return
        self.amount_edit.setText(str(amount))
        self.amount_edit.setFocus()
        self.refusal_label.clear()

    def bet_or_raise(self) -> None:
        """Send the bet/raise in the amount field, or refuse it with the reason."""
        view = self._view
        if view is None:
            self._refuse(self.tr("Nobody is to act"))
            return
        try:
            amount = parse_amount(self.amount_edit.text())
            view.verify_raise_to(amount)
        except IllegalActionError as error:
            # Refused before anything is recorded: nothing is sent, nothing changes.
            self._refuse(str(error))
            return
        if amount == view.all_in_to:
            self._send(command_lines.ALL_IN)
        else:
            self._send(command_lines.bet_or_raise(amount, opening=view.is_opening_bet))
