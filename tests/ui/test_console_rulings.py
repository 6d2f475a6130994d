"""Issue 37: rulings read to the table — player names, card symbols, the plate marked, Y.

The detectors' texts name seats and card codes ("seat 3's Ah"); the console names the
player and draws the card ("seat 3 Cy's A♥"), marks that player's plate while the ruling
is open, and confirms it with the Y hotkey (IRR-HE-EXPOSE-OTHER).
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealerassist.rules import default_rules
from dealerassist.ui.ruling_text import ruling_words

from .test_console_session import hotkey, open_console, seat_players, type_command


def test_ruling_words_name_the_player_and_draw_the_cards():
    names = {3: "Cy", 6: "Marie-Hélène"}
    assert ruling_words("seat 6's Kd is exposed; burn Th", names) == (
        "seat 6 Marie-Hélène's K♦ is exposed; burn 10♥")
    assert ruling_words("siège 3 : As de cœur, carte Ah", names, "fr") == (
        "siège 3 Cy : As de cœur, carte A♥")  # the French word "As" stays a word
    assert ruling_words("seat 9 folds; Kings full", names) == "seat 9 folds; Kings full"


def test_IRR_HE_EXPOSE_OTHER_ruling_names_the_player_marks_the_plate_and_Y_confirms(
        qtbot, settings):
    rules = default_rules()
    window, _ = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    seat_players(qtbot, window, {1: ("Ann", 200), 2: ("Ben", 300), 3: ("Cy", 150)}, button=1)
    hotkey(qtbot, window, Qt.Key.Key_N)
    type_command(qtbot, window, "exposed 3 Ah second")
    flag = window.view.open_flags[0]
    assert flag.rule_id == "IRR-HE-EXPOSE-OTHER" and flag.seat == 3
    card = window.flags.cards[0]
    shown = card.message_label.text() + "\n" + card.steps_label.text()
    assert "Cy" in shown and "A♥" in shown and "Ah" not in shown
    assert card.confirm_button.text() == "Confirm ruling [Y]"
    assert window.table.seats[3].flagged and window.table.seats[3].ruling_label.isVisibleTo(
        window)
    assert not window.table.seats[1].flagged
    hotkey(qtbot, window, Qt.Key.Key_Y)
    assert window.view.flags[0].status == "confirmed"
    assert not window.table.seats[3].flagged  # decided: the mark goes
    assert window.flags.confirm_first() is False  # nothing left to confirm
