"""The console's Confirm payouts on a live session: nothing moves before the click.

A hold'em hand played through the widgets to a split pot with rake and an odd chip
(G-ODD-CHIP, RAKE-RATE, POT-AWARD): the Showdown tab shows the winners, the odd chip and
the rake while every stack on the felt is still the pre-payout stack; the click (or ``P``)
sends ``pay`` and only then do the stacks move.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealerassist.rules.model import GamePreset
from dealerassist.session.events import CommandReceived

from .test_console_session import _plain, hotkey, open_console, seat_players, show, type_command

NLHE = GamePreset(name="NLHE 5/10", game="NT", small_blind=5, big_blind=10, max_seats=6)


def _to_showdown(qtbot, settings):
    window, controller = open_console(qtbot, settings, NLHE)
    seat_players(qtbot, window, {1: ("Ann", 1000), 2: ("Bob", 1000), 3: ("Cy", 1000)}, button=1)
    hotkey(qtbot, window, Qt.Key.Key_N)
    for _ in range(2):
        hotkey(qtbot, window, Qt.Key.Key_C)  # seats 1 and 2 call
    hotkey(qtbot, window, Qt.Key.Key_C)  # the big blind checks
    for street in ("flop Ah Kd Qc", "turn Js", "river 2h"):
        type_command(qtbot, window, street)
        for _ in range(3):
            hotkey(qtbot, window, Qt.Key.Key_C)
    show(qtbot, window, 2, "Td 4d")
    show(qtbot, window, 3, "2c 2d")
    show(qtbot, window, 1, "Tc 3c")
    return window, controller


def _stacks(window) -> list[str]:
    return [_plain(window.table.seats[s].stack_label.text()) for s in (1, 2, 3)]


def test_POT_AWARD_split_pot_odd_chip_and_rake_shown_before_the_stacks_move(qtbot, settings):
    window, controller = _to_showdown(qtbot, settings)
    lines = [_plain(line) for line in window.showdown.pot_lines]
    # 30 in the pot, 5 % rake rounded down = 1; 29 split, the odd chip to seat 2 (G-ODD-CHIP:
    # first left of the button).
    assert lines == ["Main pot 30 (rake 1): seat 2 Bob wins 15, odd chip 1 — Straight, ace high; "
                     "seat 1 Ann wins 14 — Straight, ace high",
                     "Total rake 1"]
    assert window.showdown.hand_lines[1] == "3 Cy: 2♣ 2♦  Three twos"
    assert _stacks(window) == ["990", "990", "990"]
    assert window.tabs.currentWidget() is window.showdown
    assert window.showdown.confirm_button.isEnabled()
    assert controller.state.hand is not None
    qtbot.mouseClick(window.showdown.confirm_button, Qt.MouseButton.LeftButton)
    assert _stacks(window) == ["1 004", "1 005", "990"]
    assert _plain(window.showdown.pot_lines[-1]) == "Paid. Stacks updated."
    assert [_plain(line) for line in window.showdown.pot_lines[:2]] == lines  # as shown
    assert not window.showdown.confirm_button.isEnabled()
    assert controller.state.hand is None
    commands = [e.text for _, e in controller.session.history() if isinstance(e, CommandReceived)]
    assert commands[-1] == "pay"  # journaled like every command


def test_POT_AWARD_undo_before_the_click_then_the_P_hotkey_pays(qtbot, settings):
    window, controller = _to_showdown(qtbot, settings)
    hotkey(qtbot, window, Qt.Key.Key_P)  # P pays ...
    assert _stacks(window) == ["1 004", "1 005", "990"]
    window.send("undo")  # ... and undo takes the payout back: the hand waits again
    assert _stacks(window) == ["990", "990", "990"]
    window.send("undo")  # Ann's show
    assert not window.showdown.confirm_button.isEnabled()  # seat 1's cards are awaited
    hotkey(qtbot, window, Qt.Key.Key_P)  # nothing to pay: the hotkey sends nothing
    assert controller.state.hand is not None
    window.send("muck 1")
    lines = [_plain(line) for line in window.showdown.pot_lines]
    assert lines[0] == "Main pot 30 (rake 1): seat 2 Bob wins 29 — Straight, ace high"
    assert _stacks(window) == ["990", "990", "990"]
    hotkey(qtbot, window, Qt.Key.Key_P)
    assert _stacks(window) == ["990", "1 019", "990"]
