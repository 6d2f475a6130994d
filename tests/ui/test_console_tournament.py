"""A tournament started from the console's set-up dialog, and players away at it.

TRN-START: choosing a tournament preset at a cash table opens a new tournament table on a
new journal (not a ``game`` switch, which a cash table refuses); the players are seated
with the preset's starting stack and the blind clock is docked. A player away (``out N``)
is marked on their seat and folded when the action reaches them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from dealerassist.rules import default_rules
from dealerassist.session.tournament_table import TournamentTable

from .test_console_session import _plain, hotkey, open_console


def _start_sit_and_go(qtbot, window, players: dict[int, str], button: int = 1):
    dialog = window.open_setup()
    dialog.preset_combo.setCurrentText("Sit & Go 6-max")
    for seat, name in players.items():
        dialog.name_edits[seat - 1].setText(name)
    assert dialog.starts_tournament
    dialog.preset_combo.setCurrentText("NLHE 1/2")
    dialog.preset_combo.setCurrentText("Sit & Go 6-max")  # the stacks follow the preset
    dialog.button_spin.setValue(button)
    return dialog


def test_TRN_START_setup_dialog_starts_a_tournament_table_on_a_new_journal(qtbot, settings):
    rules = default_rules()
    starting = rules.preset("Sit & Go 6-max").starting_stack
    window, controller = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    dialog = _start_sit_and_go(qtbot, window, {1: "Ann", 2: "Ben", 3: "Cy"})
    assert [dialog.stack_edits[i].text() for i in range(3)] == [str(starting)] * 3
    assert dialog.command_lines() == [
        f"sit 1 Ann {starting}", f"sit 2 Ben {starting}", f"sit 3 Cy {starting}", "button 1"]
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert not window.refusal_label.isVisibleTo(window), window.refusal_label.text()
    table = window.bridge.controller
    assert table is not controller and isinstance(table.session, TournamentTable)
    assert table.session.journal is not controller.session.journal  # a new journal
    assert window.clock_panel is not None  # TRN-LEVELS: the blind clock is docked
    view = window.view
    assert [view.seat(s).stack for s in (1, 2, 3)] == [starting] * 3
    assert view.clock is not None and view.clock.level == 1
    hotkey(qtbot, window, Qt.Key.Key_N)
    assert window.view.hand_id == 1
    level = table.session.started
    assert level.preset == "Sit & Go 6-max"


def test_TRN_away_player_is_marked_and_folded_when_the_action_reaches_them(qtbot, settings):
    rules = default_rules()
    window, _ = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    dialog = _start_sit_and_go(qtbot, window, {1: "Ann", 2: "Ben", 3: "Cy"})
    dialog.away_boxes[0].setChecked(True)  # Ann steps away before the first hand
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert not window.refusal_label.isVisibleTo(window), window.refusal_label.text()
    view = window.view
    assert [view.seat(s).away for s in (1, 2, 3)] == [True, False, False]
    assert "Away" in window.table.seats[1].status_label.text()
    assert "Away" not in window.table.seats[2].status_label.text()
    hotkey(qtbot, window, Qt.Key.Key_N)
    table = window.bridge.controller
    hand = table.state.hand
    assert hand is not None and 1 in hand.started.seats  # away, still dealt in
    while window.view.seat(1).status.value != "folded":
        assert window.view.action is not None and window.view.action.seat != 1
        hotkey(qtbot, window, Qt.Key.Key_C)  # the others call/check until Ann's turn
    commands = [e.text for _, e in table.session.history() if hasattr(e, "text")]
    assert commands[-1].startswith("f (seat 1 away)")  # folded by the table, journaled
    assert window.view.seat(1).away
    window.send("in 1")  # back: no marker any more
    assert not window.view.seat(1).away
    assert "Away" not in _plain(window.table.seats[1].status_label.text())


def test_POT_AWARD_tournament_showdown_in_the_console_waits_for_the_dealers_pay(qtbot, settings):
    rules = default_rules()
    window, _ = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    dialog = _start_sit_and_go(qtbot, window, {1: "Ann", 2: "Ben"})
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    table = window.bridge.controller
    assert table.session.confirm_payouts
    for line in ("hand", "c", "x", "flop Ah Kd 7c", "x", "x", "turn 2s", "x", "x",
                 "river 9h", "x", "x", "show 1 As Ad", "show 2 Ks Kc"):
        assert window.bridge.send(line).ok, line
    before = [window.view.seat(s).stack for s in (1, 2)]
    assert table.state.hand is not None  # shown, not yet paid
    assert window.bridge.send("pay").ok
    after = [window.view.seat(s).stack for s in (1, 2)]
    assert after[0] > before[0] and after[1] == before[1]  # aces win the pot on the pay
