"""Keypad-first play: the numeric keypad (or a USB foot pedal seen as keys) drives the actions.

An event filter on the main window (installed once; it survives the window's rebuilds).
Two parts:

- Card keys, always on when the table waits for cards (`ui.key_entry`): a board card is a
  rank key then a suit key, a hand shown is a seat key then its cards. They take their
  keys before the hotkeys, so ``c`` is clubs and ``2`` a rank only while cards are due.
- Keypad mode (View > Keypad mode, kept in the settings): ``+`` checks or calls, ``-``
  folds, the digits type the amount (they replace the preset shown), ``*`` steps through
  the presets (minimum, half pot, pot, all-in), ``.`` clears the amount, and ``Enter``
  is "go": bet or raise to the amount when a player is to act, else confirm the payouts
  shown, else deal the next hand. A foot pedal sending other keys (``F13``...) is given
  the same meanings in the settings' ``pedal`` group (``pedal/call=F13``).

Pending card keys show on the command line as the line they will send (``flop Ah Kd``);
Backspace erases a key, Esc drops them. Nothing here decides anything about the hand: every
key ends as a command line through the window, checked by the session like a typed one.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum, unique
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence

from dealerassist.session.viewmodels import RaisePreset, TableView
from dealerassist.ui import command_lines
from dealerassist.ui.key_entry import CardKeys

__all__ = ["KEYPAD_KEYS", "KeypadMode", "PadAction"]


@unique
class PadAction(StrEnum):
    """What a keypad (or pedal) key does in keypad mode."""

    CALL = "call"
    FOLD = "fold"
    GO = "go"
    PRESET = "preset"
    CLEAR = "clear"


KEYPAD_KEYS: dict[int, PadAction] = {
    Qt.Key.Key_Plus: PadAction.CALL,
    Qt.Key.Key_Minus: PadAction.FOLD,
    Qt.Key.Key_Enter: PadAction.GO,
    Qt.Key.Key_Asterisk: PadAction.PRESET,
    Qt.Key.Key_Period: PadAction.CLEAR,
    Qt.Key.Key_Comma: PadAction.CLEAR,  # the keypad's decimal key on a French layout
    Qt.Key.Key_Delete: PadAction.CLEAR,  # the same key with Num Lock off
}
"""The numeric keypad's action keys in keypad mode (its digits type the amount)."""

_PRESETS = (RaisePreset.MINIMUM, RaisePreset.HALF_POT, RaisePreset.POT, RaisePreset.ALL_IN)
_DIGITS = {getattr(Qt.Key, f"Key_{d}"): str(d) for d in range(10)}
_KEYPAD_NAV = {  # the keypad's digits with Num Lock off
    Qt.Key.Key_Insert: "0", Qt.Key.Key_End: "1", Qt.Key.Key_Down: "2",
    Qt.Key.Key_PageDown: "3", Qt.Key.Key_Left: "4", Qt.Key.Key_Clear: "5",
    Qt.Key.Key_Right: "6", Qt.Key.Key_Home: "7", Qt.Key.Key_Up: "8", Qt.Key.Key_PageUp: "9",
}
_KEY_EVENTS = (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)
_BLOCKING = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
             | Qt.KeyboardModifier.MetaModifier)


def pedal_keys(store: Any) -> dict[int, PadAction]:
    """Read the pedal's keys from the settings group ``pedal`` (``pedal/go=F15``...).

    A name Qt cannot read as one key is left out (the keypad still works).
    """
    keys: dict[int, PadAction] = {}
    for action in PadAction:
        name = str(store.value(f"pedal/{action.value}", "") or "").strip()
        sequence = QKeySequence(name) if name else QKeySequence()
        if sequence.count() == 1 and sequence[0].key() != Qt.Key.Key_unknown:
            keys[sequence[0].key()] = action
    return keys


class KeypadMode(QObject):
    """The main window's card keys and keypad mode (see the module)."""

    def __init__(self, window: Any, *, enabled: bool = False,
                 pedal: dict[int, PadAction] | None = None):
        super().__init__(window)
        self.window = window
        self.enabled = enabled
        self.pedal = dict(pedal or {})
        self.cards = CardKeys()
        self._amount_for: TableView | None = None  # the view the typed amount belongs to
        self._typed = ""
        self._preset = -1
        window.installEventFilter(self)

    # -- the filter ---------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Take the keys this mode handles before the hotkeys and the window see them."""
        if event.type() not in _KEY_EVENTS:
            return False
        assert isinstance(event, QKeyEvent)
        handler = self._handler(event)
        if handler is None:
            return False
        if event.type() == QEvent.Type.KeyPress:
            handler()
        event.accept()
        return True

    def _handler(self, event: QKeyEvent) -> Callable[[], None] | None:
        """Return what ``event`` does here, or None to leave it to the window."""
        modifiers = event.modifiers()
        if modifiers & _BLOCKING:
            return None
        key = event.key()
        view = self.window.view
        keypad = bool(modifiers & Qt.KeyboardModifier.KeypadModifier)
        if self.cards.keys and not CardKeys.due(view):
            self._set_pending("")  # the cards came another way (camera, command line)
        if key in (Qt.Key.Key_Backspace, Qt.Key.Key_Escape) and self.cards.keys:
            return self._erase if key == Qt.Key.Key_Backspace else self._drop
        text = event.text()
        if keypad and key in _KEYPAD_NAV and self.enabled:
            text = _KEYPAD_NAV[key]
        if text and self.cards.accepts(text, view):
            return lambda: self._card_key(text)
        if self.pedal.get(key) is not None:
            action = self.pedal[key]
            return lambda: self._do(action)
        if not (self.enabled and keypad):
            return None
        if key in KEYPAD_KEYS:
            action = KEYPAD_KEYS[key]
            return lambda: self._do(action)
        digit = _DIGITS.get(key) or _KEYPAD_NAV.get(key)
        if digit is not None and view is not None and view.action is not None:
            return lambda: self._amount_digit(digit)
        return None

    # -- cards ----------------------------------------------------------------------------

    def _card_key(self, char: str) -> None:
        view = self.window.view
        outcome = self.cards.press(char, view)
        if outcome.line:
            self._set_pending("")
            self.window.send(outcome.line)
        else:
            self._set_pending(outcome.pending)

    def _erase(self) -> None:
        self.cards.erase()
        if not self.cards.keys:
            self._set_pending("")
            return
        keys, self.cards.keys = self.cards.keys, ""
        for char in keys:  # replay what is left to show it as a line again
            self._card_key(char)

    def _drop(self) -> None:
        self._set_pending("")

    def _set_pending(self, text: str) -> None:
        if not text:
            self.cards.reset()
        self.window.command_line.setText(text)

    # -- keypad actions -------------------------------------------------------------------

    def _fresh_amount(self) -> None:
        """Forget the typed amount and the preset once the table has moved on."""
        view = self.window.view
        if view is not self._amount_for:
            self._amount_for = view
            self._typed = ""
            self._preset = -1

    def _amount_digit(self, digit: str) -> None:
        self._fresh_amount()
        self._typed = (self._typed + digit).lstrip("0")[:9]
        self.window.action_bar.amount_edit.setText(self._typed)

    def _do(self, action: PadAction) -> None:
        bar = self.window.action_bar
        view = self.window.view
        if action is PadAction.CALL:
            bar.check_or_call()
        elif action is PadAction.FOLD:
            bar.fold()
        elif action is PadAction.PRESET:
            self._next_preset()
        elif action is PadAction.CLEAR:
            self._fresh_amount()
            self._typed = ""
            self._preset = -1
            if view is not None and view.action is not None:
                amount = view.action.preset_raise_to(RaisePreset.MINIMUM)
                bar.amount_edit.setText("" if amount is None else str(amount))
        elif view is not None and view.action is not None:
            self._fresh_amount()
            if self._typed:
                bar.amount_edit.setText(self._typed)
            bar.bet_or_raise()  # checked against the limits first, as a click is
        else:
            self._go(view)

    def _next_preset(self) -> None:
        view = self.window.view
        if view is None or view.action is None:
            return
        self._fresh_amount()
        self._typed = ""
        # The minimum is shown already: the first press moves on to half pot.
        self._preset = max(self._preset + 1, 1) % len(_PRESETS)
        amount = view.action.preset_raise_to(_PRESETS[self._preset])
        if amount is not None:
            self.window.action_bar.amount_edit.setText(str(amount))

    def _go(self, view: TableView | None) -> None:
        """Nobody to act: pay the settlement shown, else deal the next hand."""
        if view is None:
            return
        showdown = view.showdown
        if (showdown is not None and not showdown.confirmed and showdown.pots
                and not showdown.awaiting_cards):
            self.window.showdown.confirm_payouts()  # POT-AWARD: the dealer confirms
        elif not view.street and view.game:
            self.window.send(command_lines.new_hand())
