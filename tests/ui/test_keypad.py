"""Keypad-first play (`ui.keypad`, `ui.key_entry`): a hold'em hand in 30 keys.

Every input is a key event sent to the widget that has the keyboard focus, as a keyboard
or a foot pedal would send it; the test counts them and reads the stacks, pots and
payouts off the console and the session.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from dealerassist.engine.events import PotAwarded, RakeTaken
from dealerassist.rules import default_rules
from dealerassist.session.viewmodels import RaisePreset, TableView
from dealerassist.ui.key_entry import CardKeys
from dealerassist.ui.keypad import PadAction, pedal_keys

from .test_console_session import _chips, _plain, open_console, seat_players

KP = Qt.KeyboardModifier.KeypadModifier
GO, CALL, FOLD, PRESET = Qt.Key.Key_Enter, Qt.Key.Key_Plus, Qt.Key.Key_Minus, Qt.Key.Key_Asterisk


class Keys:
    """Presses keys on the focused widget (as a keyboard does) and counts them."""

    def __init__(self, qtbot, window):
        self.qtbot = qtbot
        self.window = window
        self.count = 0
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=2000)
        window.table.setFocus()

    def pad(self, *keys) -> None:
        """Keys of the numeric keypad."""
        for key in keys:
            self._press(key, KP)

    def type(self, text: str) -> None:
        """Keys of the main keyboard, one character each."""
        for char in text:
            self._press(char, Qt.KeyboardModifier.NoModifier)

    def _press(self, key, modifier) -> None:
        target = QApplication.focusWidget() or self.window
        self.qtbot.keyClick(target, key, modifier)
        self.count += 1


def _preset(name: str):
    return next(p for p in default_rules().presets if p.name == name)


@pytest.fixture
def console(qtbot, settings):
    settings.keypad = True
    window, controller = open_console(qtbot, settings, _preset("NLHE 2/5"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Bob", 500)}, button=1)
    return window, controller


def _stack(window, seat: int) -> int:
    return int(_plain(window.table.seats[seat].stack_label.text()).replace(" ", ""))


def test_keypad_a_two_player_hand_to_showdown_in_30_keys(qtbot, console):
    window, controller = console
    keys = Keys(qtbot, window)
    keys.pad(GO)                    # deal (hand): Ann on the button posts 2, Bob 5
    keys.pad(GO)                    # Ann raises to 10, the minimum shown in the amount
    keys.pad(CALL)                  # Bob calls 10
    assert window.view.board_due == 3 and window.view.board_command == "flop"
    keys.type("Ah")
    assert window.command_line.text() == "flop Ah"  # pending, shown as the line
    keys.type("Kd7c")               # the third card sends: flop Ah Kd 7c
    assert window.view.board == ("Ah", "Kd", "7c")
    keys.pad(CALL)                  # Bob checks
    keys.pad(GO)                    # Ann bets 5, the minimum
    keys.pad(CALL)                  # Bob calls 5
    assert sum(pot.amount for pot in window.view.pots) == 30
    keys.type("2s")                 # turn
    keys.pad(CALL, CALL)            # check, check
    keys.type("9h")                 # river
    keys.pad(CALL, CALL)            # check, check
    assert window.view.showdown.awaiting_cards == (2, 1)  # G-SHOW-ORDER: Bob first
    keys.type("QsQd")               # the seat due (Bob, 2) needs no seat key
    keys.type("1AcJd")              # seat key, then Ann's cards
    assert window.view.showdown.awaiting_cards == ()
    assert _stack(window, 1) == 500 - 15  # nothing paid before the dealer confirms
    keys.pad(GO)                    # confirm payouts (pay)
    assert keys.count <= 30, keys.count
    assert keys.count == 30
    # The pot of 30 (15 each), rake 5 % rounded down = 1 (RAKE-RATE), 29 to Ann's aces.
    done = controller.session.state.finished[-1]
    assert [e.amount for e in done.events if isinstance(e, RakeTaken)] == [1]
    awards = [(done.started.seats[e.player], e.amount) for e in done.events
              if isinstance(e, PotAwarded)]
    assert awards == [(1, 29)]  # seat 1, Ann
    assert (_stack(window, 1), _stack(window, 2)) == (514, 485)
    stacks = {p.seat: p.stack for p in controller.state.table.players}
    assert stacks == {1: 514, 2: 485}
    assert _plain(window.showdown.pot_lines[0]).startswith(
        f"Main pot {_chips(30)} (rake 1): seat 1 Ann wins 29")


def test_keypad_digits_type_the_amount_and_star_steps_the_presets(qtbot, console):
    window, controller = console
    keys = Keys(qtbot, window)
    keys.pad(GO)                                  # deal
    keys.pad(Qt.Key.Key_2, Qt.Key.Key_5)          # Ann: 25 typed on the keypad
    assert window.action_bar.amount_edit.text() == "25"
    keys.pad(GO)                                  # raise to 25
    assert window.view.seat(1).bet == 25
    keys.pad(PRESET)                              # Bob: half pot (HALF_POT)
    half = window.view.action.preset_raise_to(RaisePreset.HALF_POT)
    assert window.action_bar.amount_edit.text() == str(half)
    keys.pad(PRESET, PRESET)                      # pot, then all-in
    assert window.action_bar.amount_edit.text() == "500"
    keys.pad(Qt.Key.Key_Period)                   # clear: back to the minimum
    assert window.action_bar.amount_edit.text() == str(window.view.action.min_raise_to)
    keys.pad(FOLD)                                # Bob folds: Ann wins (G-WIN-FOLD)
    assert window.view.street == ""
    assert _stack(window, 1) == 505 and _stack(window, 2) == 495


def test_keypad_an_amount_out_of_range_is_refused_and_nothing_is_sent(qtbot, console):
    window, controller = console
    keys = Keys(qtbot, window)
    keys.pad(GO)
    journal = controller.session.journal.last_seq()
    keys.pad(Qt.Key.Key_7, GO)                    # raise to 7: under the minimum 10
    assert "BET-NL-MIN" in window.action_bar.refusal_label.text()
    assert controller.session.journal.last_seq() == journal
    assert window.view.action.seat == 1


def test_keypad_mode_off_leaves_the_keypad_digits_to_the_presets(qtbot, settings):
    window, _ = open_console(qtbot, settings, _preset("NLHE 2/5"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Bob", 500)}, button=1)
    keys = Keys(qtbot, window)
    keys.type("n")                                # N deals, as before
    keys.pad(GO)                                  # keypad Enter: not "go" in this mode
    assert window.view.action.seat == 1
    window.table.setFocus()
    keys.pad(Qt.Key.Key_3)                        # preset 3: pot
    assert window.action_bar.amount_edit.text() == str(
        window.view.action.preset_raise_to(RaisePreset.POT))


def test_keypad_board_cards_need_no_prefix_even_with_keypad_mode_off(qtbot, settings):
    window, controller = open_console(qtbot, settings, _preset("NLHE 2/5"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Bob", 500)}, button=1)
    keys = Keys(qtbot, window)
    keys.type("ncc")                              # deal; Ann calls, Bob checks
    assert window.view.board_due == 3
    keys.type("2c3c")                             # c is clubs, 2 and 3 ranks, not presets
    assert window.command_line.text() == "flop 2c 3c"
    keys._press(Qt.Key.Key_Backspace, Qt.KeyboardModifier.NoModifier)
    assert window.command_line.text() == "flop 2c 3"
    keys.type("d4c")
    assert window.view.board == ("2c", "3d", "4c")
    assert window.command_line.text() == ""
    assert window.view.action.seat == 2           # Bob acts first after the flop
    keys.type("c")                                # with no card due, C checks again
    assert window.view.action.seat == 1


def test_keypad_esc_drops_pending_card_keys(qtbot, settings):
    window, controller = open_console(qtbot, settings, _preset("NLHE 2/5"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Bob", 500)}, button=1)
    keys = Keys(qtbot, window)
    keys.type("nccAh")
    keys._press(Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
    assert window.command_line.text() == ""
    keys.type("KsKhKd")
    assert window.view.board == ("Ks", "Kh", "Kd")


def test_keypad_a_seat_key_picks_who_shows_out_of_order(qtbot, console):
    window, controller = console
    keys = Keys(qtbot, window)
    keys.pad(GO, CALL, CALL)                      # deal; Ann calls, Bob checks
    keys.type("Ah Kd 7c".replace(" ", ""))
    keys.pad(CALL, CALL)
    keys.type("2s")
    keys.pad(CALL, CALL)
    keys.type("9h")
    keys.pad(CALL, CALL)
    assert window.view.showdown.awaiting_cards == (2, 1)
    keys.type("1AcJd")                            # seat 1 before the seat due
    assert window.view.showdown.awaiting_cards == (2,)
    keys.type("2")                                # undecided: seat 2, or a rank 2?
    assert window.command_line.text() == "show 2"
    keys.type("QsQd")                             # a rank next: 2 was the seat
    assert window.view.showdown.awaiting_cards == ()
    hands = {hand.seat: hand.cards for hand in window.view.showdown.hands}
    assert hands == {1: ("Ac", "Jd"), 2: ("Qs", "Qd")}


def test_keypad_a_foot_pedal_seen_as_keys_calls_and_folds(qtbot, tmp_path):
    store = QSettings(str(tmp_path / "pedal.ini"), QSettings.Format.IniFormat)
    store.setValue("pedal/call", "F13")
    store.setValue("pedal/fold", "F14")
    store.setValue("pedal/go", "not a key at all")  # left out: the keypad still works
    assert pedal_keys(store) == {Qt.Key.Key_F13: PadAction.CALL, Qt.Key.Key_F14: PadAction.FOLD}
    from dealerassist.ui.settings import ConsoleSettings

    window, controller = open_console(qtbot, ConsoleSettings(store), _preset("NLHE 2/5"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Bob", 500)}, button=1)
    keys = Keys(qtbot, window)
    keys.type("n")
    keys._press(Qt.Key.Key_F13, Qt.KeyboardModifier.NoModifier)   # Ann calls
    assert window.view.seat(1).bet == 5
    keys._press(Qt.Key.Key_F14, Qt.KeyboardModifier.NoModifier)   # Bob folds
    assert window.view.street == ""                               # G-WIN-FOLD
    assert (_stack(window, 1), _stack(window, 2)) == (505, 495)


@pytest.mark.parametrize("keys, line", [
    ("AhKd7c", "flop Ah Kd 7c"),
    ("ahkD7C", "flop Ah Kd 7c"),
])
def test_keypad_card_keys_read_any_case(keys, line):
    view = TableView(board_due=3, board_command="flop")
    entry = CardKeys()
    sent = ""
    for char in keys:
        assert entry.accepts(char, view)
        sent = entry.press(char, view).line or sent
    assert sent == line


def test_keypad_card_keys_refuse_what_is_not_a_card():
    view = TableView(board_due=1, board_command="turn")
    entry = CardKeys()
    assert not entry.accepts("x", view) and not entry.accepts("1", view)
    assert entry.accepts("T", view)
    entry.press("T", view)
    assert not entry.accepts("T", view) and entry.accepts("s", view)
    assert not CardKeys().accepts("A", TableView())  # nothing due: the keys stay hotkeys


_CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]


@given(cards=st.lists(st.sampled_from(_CARDS), min_size=3, max_size=3, unique=True),
       upper=st.lists(st.booleans(), min_size=6, max_size=6))
def test_keypad_any_flop_typed_in_any_case_sends_its_line(cards, upper):
    view = TableView(board_due=3, board_command="flop")
    keys = "".join(cards)
    keys = "".join(c.upper() if up else c.lower() for c, up in zip(keys, upper, strict=True))
    entry = CardKeys()
    lines = []
    for char in keys:
        assert entry.accepts(char, view)
        lines.append(entry.press(char, view).line)
    assert lines[:-1] == [""] * 5 and lines[-1] == "flop " + " ".join(cards)
    assert entry.keys == ""  # ready for the next line


@given(seat=st.integers(1, 10), due=st.integers(1, 10), with_seat=st.booleans(),
       cards=st.lists(st.sampled_from(_CARDS), min_size=2, max_size=2, unique=True))
def test_keypad_a_hand_shown_goes_to_the_seat_keyed_or_the_seat_due(seat, due, with_seat,
                                                                      cards):
    from dealerassist.session.viewmodels import ShowdownHandView, ShowdownView

    hands = tuple(ShowdownHandView(seat=s, name=f"P{s}", cards=("??", "??"))
                  for s in dict.fromkeys((due, seat)))
    view = TableView(street="Showdown", showdown=ShowdownView(
        show_order=tuple(h.seat for h in hands), hands=hands,
        awaiting_cards=tuple(h.seat for h in hands)))
    keys = ("0" if seat == 10 else str(seat)) * with_seat + "".join(cards)
    entry = CardKeys()
    line = ""
    for char in keys:
        assert entry.accepts(char, view), (keys, char)
        line = entry.press(char, view).line or line
    target = seat if with_seat else due
    assert line == f"show {target} {cards[0]} {cards[1]}"
