"""The console against a fake controller: what it shows, what it sends, what it refuses."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from dealerassist.session.viewmodels import SeatStatus, SeatView, TableView
from dealerassist.ui.bridge import SubmitResult
from dealerassist.ui.demo import DEMO_BUY_INS, demo_showdown_view, demo_view
from dealerassist.ui.setup_dialog import TableSetupDialog

from .fakes import FakeController


def test_demo_hand_chips_are_conserved():
    view = demo_view()
    stacks = sum(seat.stack for seat in view.seats if seat.seat in DEMO_BUY_INS)
    assert stacks + view.total_in_middle == sum(DEMO_BUY_INS.values())


def test_the_table_shows_seats_pots_and_board(window):
    table = window.table
    assert table.seats[6].stack_label.text().replace("\u202f", " ") == "1 220"
    assert table.seats[3].bet_label.text() == "200"
    assert table.seats[6].button_label.isVisibleTo(table.seats[6])
    assert not table.seats[3].button_label.isVisibleTo(table.seats[3])
    assert table.seats[1].marker_label.text() == "SB"
    assert table.seats[2].marker_label.text() == "BB"
    assert "TO ACT" in table.seats[6].status_label.text()
    assert "ALL-IN" in table.seats[4].status_label.text()
    assert table.seats[6].property("status") == "to_act"
    assert table.board.cards == ("Ah", "Kd", "7c", "9s")
    lines = [line.replace("\u202f", " ") for line in table.pots.lines]
    assert lines == ["Main pot  425  ·  seats 3 4 6", "Side pot 1  300  ·  seats 3 6"]


def test_the_action_panel_shows_to_call_and_the_raise_range(window):
    bar = window.action_bar
    assert bar.who_label.text() == "Seat 6 · Farid to act"
    assert bar.to_call_label.text() == "To call 200"
    assert bar.limits_label.text().replace("\u202f", " ") == "Raise to 400 – 1 220"
    assert "No cap" in bar.detail_label.text()
    assert bar.call_button.text() == "Call 200 [C]"
    assert bar.amount_edit.text() == "400"


@pytest.mark.parametrize(
    ("typed", "rule_id"),
    [("399", "BET-NL-MIN"), ("1221", "G-TABLE-STAKES"), ("12.5", ""), ("-400", ""), ("", "")],
)
def test_BET_NL_MIN_out_of_range_amount_is_refused_and_changes_nothing(
    window, controller, qtbot, typed, rule_id
):
    before = window.view
    window.action_bar.amount_edit.setText(typed)
    with qtbot.assertNotEmitted(window.action_bar.command):
        qtbot.mouseClick(window.action_bar.raise_button, Qt.MouseButton.LeftButton)
    assert controller.lines == []  # nothing reached the session
    assert window.view is before  # nothing redrawn
    reason = window.action_bar.refusal_label.text()
    assert reason
    if rule_id:
        assert f"[{rule_id}]" in reason


def test_refusal_names_the_limit(window):
    window.action_bar.amount_edit.setText("300")
    window.action_bar.bet_or_raise()
    assert "under the minimum 400" in window.action_bar.refusal_label.text()


def test_buttons_and_hotkeys_send_command_lines(window, controller, qtbot):
    qtbot.mouseClick(window.action_bar.call_button, Qt.MouseButton.LeftButton)
    window.table.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F)
    window.action_bar.amount_edit.setText("700")
    qtbot.keyClick(window.action_bar.amount_edit, Qt.Key.Key_Return)
    assert controller.lines == ["c", "f", "r 700"]


def test_BET_NL_MAX_presets_fill_the_amount(window, qtbot):
    bar = window.action_bar
    window.table.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_2)  # half pot: 200 + (925 + 200) // 2
    assert bar.amount_edit.text() == "762"
    qtbot.mouseClick(bar.preset_buttons[list(bar.preset_buttons)[2]], Qt.MouseButton.LeftButton)
    assert bar.amount_edit.text() == "1220"  # pot (1 325) clamped to the stack
    bar.apply_preset(list(bar.preset_buttons)[0])
    assert bar.amount_edit.text() == "400"


def test_G_ALLIN_all_in_amount_sends_allin(window, controller):
    window.action_bar.amount_edit.setText("1 220")
    window.action_bar.bet_or_raise()
    assert controller.lines == ["allin"]


def test_command_line_sends_typed_lines_with_history(window, controller, qtbot):
    line = window.command_line
    qtbot.keyClicks(line, "flop  Ah Kd 7c")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert controller.lines == ["flop Ah Kd 7c"]
    qtbot.keyClick(line, Qt.Key.Key_Up)
    assert line.text() == "flop Ah Kd 7c"


def test_a_session_refusal_is_shown_and_the_view_stays(qtbot, settings):
    from dealerassist.ui.bridge import ConsoleBridge
    from dealerassist.ui.main_window import MainWindow

    def refuse(line, view):
        return SubmitResult(ok=False, view=view, error="no such command 'zz'; try 'c'")

    fake = FakeController(demo_view(), refuse)
    win = MainWindow(bridge=ConsoleBridge(fake), settings=settings)
    qtbot.addWidget(win)
    before = win.view
    win.send("zz")
    assert "no such command" in win.refusal_label.text()
    assert win.view is before


def test_an_accepted_command_redraws_with_the_new_view(qtbot, settings):
    from dealerassist.ui.bridge import ConsoleBridge
    from dealerassist.ui.main_window import MainWindow

    after = replace(demo_view(), action=None, message="Deal the river")

    def accept(line, view):
        return SubmitResult(ok=True, view=after)

    win = MainWindow(bridge=ConsoleBridge(FakeController(demo_view(), accept)), settings=settings)
    qtbot.addWidget(win)
    win.send("c")
    assert win.view is after
    assert win.action_bar.who_label.text() == "Deal the river"
    assert not win.action_bar.raise_button.isEnabled()


def test_flags_confirm_and_overrule_need_a_reason(window, controller, qtbot):
    card = window.flags.cards[0]
    assert card.rule_label.text() == "IRR-OUT-OF-TURN"
    assert "1. The fold is binding" in card.steps_label.text()
    assert not card.overrule_button.isEnabled()
    qtbot.mouseClick(card.confirm_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(card.reason_edit, "floor: action   had not reached him")
    qtbot.mouseClick(card.overrule_button, Qt.MouseButton.LeftButton)
    assert controller.lines == ["confirm 1", "overrule 1 'floor: action had not reached him'"]
    assert window.tabs.tabText(0) == "Flags (1)"


def test_showdown_shows_each_pot_winners_odd_chip_then_confirms(qtbot, settings):
    from dealerassist.ui.bridge import ConsoleBridge
    from dealerassist.ui.main_window import MainWindow

    fake = FakeController(demo_showdown_view())
    win = MainWindow(bridge=ConsoleBridge(fake), settings=settings)
    qtbot.addWidget(win)
    panel = win.showdown
    assert win.tabs.currentWidget() is panel
    lines = [line.replace("\u202f", " ") for line in panel.pot_lines]
    assert lines[0].startswith("Main pot 425: seat 3 Chloé wins 213, odd chip 1")
    assert "seat 6 Farid wins 212" in lines[0]
    assert lines[1].startswith("Side pot 1 700: seat 6 Farid wins 350")
    assert panel.confirm_button.isEnabled()
    qtbot.mouseClick(panel.confirm_button, Qt.MouseButton.LeftButton)
    panel.seat_spin.setValue(4)
    panel.cards_edit.setText("as 2D")
    panel.enter_cards()
    panel.cards_edit.setText("Zz")
    panel.enter_cards()
    assert fake.lines == ["pay", "show 4 As 2d"]
    assert panel.error_label.text()


def test_history_shows_this_hand_and_past_hands(window):
    history = window.history
    assert history.lines[-1] == "Chloé bets 200"
    assert history.current_list.count() == len(demo_view().history)
    assert history.past_tree.topLevelItemCount() == 2
    assert history.past_tree.topLevelItem(0).text(0).startswith("#41")


def test_setup_dialog_turns_edits_into_command_lines(qtbot):
    view = TableView(
        preset="NLHE 1/2",
        seats=(
            SeatView(seat=1, name="Ann", stack=200, status=SeatStatus.ACTIVE, is_button=True),
            SeatView(seat=2, name="Ben", stack=300, status=SeatStatus.ACTIVE),
            SeatView(seat=3),
        ),
    )
    dialog = TableSetupDialog(presets=("NLHE 1/2", "PLO 1/2"), view=view)
    qtbot.addWidget(dialog)
    dialog.preset_combo.setCurrentText("PLO 1/2")
    dialog.name_edits[1].setText("")  # Ben leaves
    dialog.name_edits[2].setText("Cléa Dupont")
    dialog.stack_edits[2].setText("1 500")
    dialog.stack_edits[0].setText("250")  # Ann buys 50 more
    dialog.away_boxes[0].setChecked(True)  # and steps away
    dialog.button_spin.setValue(3)
    assert dialog.command_lines() == [
        "game 'PLO 1/2'",
        "add 1 50",
        "out 1",
        "leave 2",
        "sit 3 'Cléa Dupont' 1500",
        "button 3",
    ]
    dialog.stack_edits[2].setText("lots")
    with pytest.raises(Exception, match="seat 3"):
        dialog.command_lines()


def test_settings_are_kept(settings, tmp_path):
    from PySide6.QtCore import QSettings

    from dealerassist.ui.settings import ConsoleSettings, Language

    settings.language = Language.FRENCH
    settings.scale = 130
    settings.sync()
    again = ConsoleSettings(QSettings(str(tmp_path / "console.ini"), QSettings.Format.IniFormat))
    assert again.language is Language.FRENCH
    assert again.scale == 130
    again.scale = 999
    assert again.scale == 200


def test_long_work_reports_progress_and_the_window_stays_live(window, qtbot):
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)

    def work(report):
        # The work cannot finish unless the GUI thread keeps ticking while it runs.
        deadline = time.monotonic() + 10
        for step in range(1, 11):
            while len(ticks) < step and time.monotonic() < deadline:
                time.sleep(0.005)
            report(step, 10)
        return "exported 10 hands" if len(ticks) >= 10 else "the window froze"

    done = []
    window.run_task("Export", work, on_done=done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=15000)
    timer.stop()
    assert done == ["exported 10 hands"]  # the event loop kept running while the work ran
    assert window.last_progress == (10, 10)


def test_long_work_errors_are_shown_not_raised(window, qtbot):
    from dealerassist.errors import JournalError

    def work(report):
        raise JournalError("day.db: not a dealerassist journal")

    window.run_task("Load journal", work)
    qtbot.waitUntil(
        lambda: "not a dealerassist journal" in window.refusal_label.text(), timeout=5000
    )


@pytest.mark.parametrize("count", list(range(2, 12)))
def test_seats_fit_at_1280x720_without_overlap(window, count):
    view = TableView(
        seats=tuple(
            SeatView(seat=n, name=f"P{n}", stack=100, status=SeatStatus.ACTIVE)
            for n in range(1, count + 1)
        )
    )
    window.resize(1280, 720)
    window.render(view)
    QApplication.processEvents()
    table = window.table
    rects = [plate.geometry() for plate in table.seats.values()]
    for rect in rects:
        assert table.rect().contains(rect)
    for i, first in enumerate(rects):
        for second in rects[i + 1 :]:
            assert not first.intersects(second)


def test_french_is_chosen_in_the_settings_and_kept(window, settings):
    from dealerassist.ui.settings import Language

    window.set_language(Language.FRENCH)
    assert settings.language is Language.FRENCH
    assert window.action_bar.fold_button.text() == "Se coucher [F]"
    assert window.action_bar.to_call_label.text() == "À suivre 200"
    assert window.table.pots.lines[0].startswith("Pot principal")
    assert window.tabs.tabText(2) == "Historique"
    window.set_language(Language.ENGLISH)
    assert window.action_bar.fold_button.text() == "Fold [F]"


def test_every_source_text_has_a_french_translation():
    import xml.etree.ElementTree as ET

    from dealerassist.ui.i18n import I18N_DIR

    tree = ET.parse(I18N_DIR / "dealerassist_fr.ts")
    unfinished = [
        m.findtext("source")
        for m in tree.iter("message")
        if m.find("translation").get("type") == "unfinished"
    ]
    assert unfinished == []
    assert (I18N_DIR / "dealerassist_fr.qm").stat().st_size > 1000


def test_console_lines_parse_with_the_session_command_language():
    from dealerassist.session.commands import parse_command
    from dealerassist.ui import command_lines as cl

    for line in (
        cl.FOLD,
        cl.CHECK,
        cl.CALL,
        cl.ALL_IN,
        cl.bet_or_raise(40, opening=True),
        cl.bet_or_raise(60, opening=False),
        cl.show_cards(3, ["Ah", "Ad"]),
        cl.sit(3, "Cléa  Dupont", 1500),
        cl.leave(3),
        cl.set_button(5),
        cl.new_hand(),
        cl.add_chips(3, 500),
        cl.correct_stack(3, 1450, "it's off"),
        cl.sit_out(3),
        cl.sit_in(3),
    ):
        parse_command(line)
    assert parse_command(cl.sit(3, "Cléa Dupont", 1500)).name == "Cléa Dupont"


def test_letters_typed_in_the_command_line_never_trigger_hotkeys(window, controller, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.command_line.setFocus()
    qtbot.keyClicks(window.command_line, "fc")
    assert window.command_line.text() == "fc"
    assert controller.lines == []
    window.table.setFocus()  # the same key on the table is the hotkey
    qtbot.keyClick(window, Qt.Key.Key_F)
    assert controller.lines == ["f"]


def test_keyboard_help_lists_every_hotkey(window):
    box = window.show_keys()
    text = box.text()
    for key in window.shortcuts:
        shown = {"Esc": "Esc"}.get(key, key)
        assert any(line.split("\t")[0].split()[0] == shown or shown in line.split("\t")[0]
                   for line in text.splitlines()), key
    box.close()


def test_camera_proposals_are_sent_only_on_confirmation(window, controller, qtbot):
    from dealerassist.session.viewmodels import ProposalView

    proposals = (
        ProposalView(line="river 5c", message="river read from the camera", doubtful=("5c",)),
        ProposalView(line="", message="Kd seen twice", rule_id="IRR-DECK"),
    )
    controller.view = replace(demo_view(), action=None, proposals=proposals)
    window.render(controller.view)
    assert window.proposals.isVisibleTo(window)
    (first, label, confirm, dismiss), (_, clash_label, clash_confirm, _) = window.proposals.rows
    assert "check: 5c" in label.text()
    assert clash_label.text().startswith("[IRR-DECK]") and not clash_confirm.isEnabled()
    assert controller.lines == []  # nothing applied by itself
    qtbot.mouseClick(confirm, Qt.MouseButton.LeftButton)
    assert controller.lines == ["river 5c"]
    qtbot.mouseClick(window.proposals.rows[1][3], Qt.MouseButton.LeftButton)  # dismiss clash
    assert [row[0].rule_id for row in window.proposals.rows] == [""]


def test_ctrl_z_sends_undo(window, controller, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.table.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert controller.lines == ["undo"]


def test_the_demo_says_nothing_is_recorded(qtbot, settings):
    from dealerassist.ui.bridge import ConsoleBridge
    from dealerassist.ui.demo import DemoController
    from dealerassist.ui.main_window import MainWindow

    win = MainWindow(bridge=ConsoleBridge(DemoController()), settings=settings)
    qtbot.addWidget(win)
    assert "DEMO" in win.windowTitle()
    assert win.statusBar().currentMessage().startswith("DEMO: nothing is recorded")
