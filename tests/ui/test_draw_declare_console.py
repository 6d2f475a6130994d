"""DR-CHANGE and DR-DRAW-MAX typed into the console's command line, on the real session.

The dealer types ``ask 5`` then ``draw 5``; the message line (the action bar's who label)
says to deal four now and the fifth after everyone, then asks for the fifth (``fifth``);
a change refused by DR-CHANGE shows in the refusal line and journals nothing. The seat
plates show five cards drawn and the console's figures match the engine's throughout.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from dealerassist.engine.state import Phase
from dealerassist.rules import default_rules
from dealerassist.ui.settings import Language
from tests.ui.test_console_session import (
    _plain,
    assert_display_matches_engine,
    hotkey,
    open_console,
    seat_players,
    type_command,
)


def test_DR_DRAW_MAX_DR_CHANGE_typed_in_the_console(qtbot, settings) -> None:
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("2-7 Triple Draw 10/20"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Ben", 500), 3: ("Cy", 500)}, button=1)
    bar = window.action_bar
    hotkey(qtbot, window, Qt.Key.Key_N)
    for _ in range(3):
        hotkey(qtbot, window, Qt.Key.Key_C)
    assert bar.who_label.text() == "seat 2 Ben draws: draw N (0 = pat)"
    type_command(qtbot, window, "ask 2")
    assert bar.who_label.text() == "seat 2 Ben draws 2: draw 2"
    type_command(qtbot, window, "change 2 5")  # no card pulled yet: the change stands
    assert bar.who_label.text() == ("seat 2 Ben draws 5: deal 4 now, the fifth after "
                                    "everyone (draw 5)")
    type_command(qtbot, window, "ask 0")  # Cy announces pat: Ben's number is final
    before = len(controller.session.history())
    qtbot.keyClicks(window.command_line, "change 2 3")
    qtbot.keyClick(window.command_line, Qt.Key.Key_Return)
    assert "DR-CHANGE" in window.refusal_label.text()
    assert "can no longer change" in window.refusal_label.text()
    assert len(controller.session.history()) == before
    assert window.command_line.text() == "change 2 3"  # a refused line is kept to edit
    window.command_line.clear()
    type_command(qtbot, window, "draw 5")
    assert window.table.seats[2].cards_row.cards == ("??",) * 4  # four now
    assert bar.who_label.text() == "seat 3 Cy stands pat: pat; then the fifth card to seat 2"
    type_command(qtbot, window, "pat")
    type_command(qtbot, window, "draw 1")
    assert bar.who_label.text() == "seat 2 Ben: deal the fifth card now (fifth)"
    assert controller.state.hand.engine_state.phase is Phase.DEALING
    type_command(qtbot, window, "fifth")
    engine = controller.state.hand.engine_state
    assert engine.phase is Phase.BETTING and [len(h) for h in engine.hole] == [5, 5, 5]
    assert window.table.seats[2].cards_row.cards == ("??",) * 5
    assert [_plain(window.table.seats[s].status_label.text()).split(" · ")[-1]
            for s in (2, 3, 1)] == ["drew 5", "stood pat", "drew 1"]
    assert window.view.history[-1] == "seat 2 Ben gets the fifth card"
    assert_display_matches_engine(window, controller)


def test_DR_DRAW_MAX_last_to_draw_message_in_french(qtbot, settings) -> None:
    from PySide6.QtWidgets import QApplication

    from dealerassist.ui.i18n import install_translator

    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("2-7 Triple Draw 10/20"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Ben", 500), 3: ("Cy", 500)}, button=1)
    try:
        install_translator(QApplication.instance(), Language.FRENCH)
        window.set_language(Language.FRENCH)
        for line in ("hand", "c", "c", "x", "pat", "pat", "ask 5"):
            assert window.bridge.send(line).ok, line
        assert window.view.message == ("siège 1 Ann demande 5, dernier à échanger : donnez 4, "
                                       "brûlez une carte, puis la cinquième (draw 5)")
        assert window.bridge.send("draw 5").ok
        assert window.view.message == ("siège 1 Ann : brûlez une carte, puis donnez la "
                                       "cinquième (fifth)")
        assert window.bridge.send("fifth").ok
        assert window.view.history[-1] == "siège 1 Ann reçoit la cinquième carte"
    finally:
        install_translator(QApplication.instance(), Language.ENGLISH)
        window.set_language(Language.ENGLISH)
