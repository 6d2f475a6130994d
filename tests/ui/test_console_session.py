"""Complete hands played through the console's widgets only, on the real session.

Every input goes through a widget (set-up dialog, action pad buttons and hotkeys, amount
field, command line, showdown card entry); after each one the test reads what the console
displays and compares it with the engine's own figures (legal_actions, pots, stacks) and,
at the end, with the journaled payouts. Seven card stud is played the same way: the dealer
types each street's up cards (``up SEAT CARD ...``) and the console shows the bring-in,
the up cards, the completion and who opens each later street.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from dealerassist.engine.betting import legal_actions
from dealerassist.engine.events import PotAwarded, RakeTaken
from dealerassist.engine.pots import pots
from dealerassist.engine.settlement import settle
from dealerassist.engine.stud import up_positions
from dealerassist.games.spec import BettingStructure
from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.rules.model import GamePreset
from dealerassist.session.controller import TableSession
from dealerassist.session.viewmodels import SeatMarker
from dealerassist.ui.bridge import ConsoleBridge
from dealerassist.ui.main_window import MainWindow
from dealerassist.ui.session_adapter import SessionController

NBSP = "\u202f"


def _plain(text: str) -> str:
    return text.replace(NBSP, " ")


def _chips(amount: int) -> str:
    return f"{amount:,}".replace(",", " ")


def open_console(qtbot, settings, preset: GamePreset):
    rules = default_rules()
    # As the console opens its live table: the dealer confirms each showdown (pay).
    controller = SessionController(TableSession(InMemoryJournal(), rules=rules, preset=preset,
                                                confirm_payouts=True))
    window = MainWindow(bridge=ConsoleBridge(controller), settings=settings,
                        presets=[p.name for p in rules.presets])
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    return window, controller


def seat_players(qtbot, window, players: dict[int, tuple[str, int]], button: int) -> None:
    """Seat players and place the button through the set-up dialog."""
    dialog = window.open_setup()
    for seat, (name, stack) in players.items():
        dialog.name_edits[seat - 1].setText(name)
        dialog.stack_edits[seat - 1].setText(str(stack))
    dialog.button_spin.setValue(button)
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert not window.refusal_label.text(), window.refusal_label.text()


def hotkey(qtbot, window, key) -> None:
    """Press a console hotkey (the window must be the active one, as at the table)."""
    if not window.isActiveWindow():
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    window.table.setFocus()
    qtbot.keyClick(window, key)


def type_command(qtbot, window, line: str) -> None:
    qtbot.keyClicks(window.command_line, line)
    qtbot.keyClick(window.command_line, Qt.Key.Key_Return)
    assert not window.refusal_label.isVisibleTo(window), window.refusal_label.text()


def raise_to(qtbot, window, amount: int) -> None:
    window.action_bar.amount_edit.setText(str(amount))
    qtbot.mouseClick(window.action_bar.raise_button, Qt.MouseButton.LeftButton)
    assert not window.action_bar.refusal_label.text(), window.action_bar.refusal_label.text()


def show(qtbot, window, seat: int, cards: str) -> None:
    panel = window.showdown
    panel.seat_spin.setValue(seat)
    panel.cards_edit.setText(cards)
    qtbot.mouseClick(panel.show_button, Qt.MouseButton.LeftButton)
    assert not panel.error_label.text()


def assert_display_matches_engine(window, controller) -> None:
    """What the console shows equals the engine's figures, seat by seat and pot by pot."""
    state = controller.state
    hand = state.hand
    if hand is None:
        for player in state.table.players:
            plate = window.table.seats[player.seat]
            assert _plain(plate.stack_label.text()) == _chips(player.stack)
        return
    engine = hand.engine_state
    seats = hand.started.seats
    for i, seat in enumerate(seats):
        plate = window.table.seats[seat]
        assert _plain(plate.stack_label.text()) == _chips(engine.stacks[i]), seat
        assert _plain(plate.bet_label.text()) == (_chips(engine.bets[i]) if engine.bets[i] else "")
    expected_pots = [
        (pot.amount, sorted(seats[i] for i in pot.eligible)) for pot in pots(engine)
    ]
    shown_pots = []
    for line in window.table.pots.lines:
        amount = int(_plain(line).split("  ")[1].replace(" ", ""))
        eligible = sorted(int(s) for s in _plain(line).split("seats ")[1].split())
        shown_pots.append((amount, eligible))
    assert shown_pots == expected_pots
    choices = legal_actions(engine)
    bar = window.action_bar
    if choices is None:
        assert not bar.raise_button.isEnabled()
        return
    actor_seat = seats[choices.actor]
    assert bar.who_label.text().startswith(f"Seat {actor_seat} ")
    assert window.table.seats[actor_seat].property("status") == "to_act"
    if choices.to_call:
        assert _plain(bar.to_call_label.text()) == f"To call {_chips(choices.to_call)}"
    if choices.bring_in is not None:  # ST-BRINGIN: post it (c) or complete
        assert _plain(bar.call_button.text()) == f"Bring in {_chips(choices.bring_in)} [C]"
    else:
        assert bar.call_button.text().startswith("Check" if choices.can_check else "Call")
    limits = _plain(bar.limits_label.text())
    assert bar.raise_button.isEnabled() == (choices.min_raise_to is not None)
    if choices.min_raise_to is None:
        assert limits == "No raise allowed"
    elif choices.min_raise_to == choices.max_raise_to:
        assert limits.endswith(f" {_chips(choices.min_raise_to)}")
    elif engine.setup.game.structure is BettingStructure.FIXED_LIMIT:
        # ST-OPEN-PAIR: the small or the big bet, nothing between (issue 41 defect 9).
        assert limits.endswith(f"{_chips(choices.min_raise_to)} / {_chips(choices.max_raise_to)}")
    else:
        assert limits.endswith(f"{_chips(choices.min_raise_to)} – {_chips(choices.max_raise_to)}")
    raises = bar.detail_label.text()
    assert ("No cap" in raises) == (choices.raises_left is None)
    if choices.raises_left is not None:
        assert f"Raises left: {choices.raises_left}" in raises


def assert_board_fully_visible(window) -> None:
    """Every board card and pot line is whole on screen, none overlapping another."""
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtWidgets import QLabel

    table = window.table
    boxes = []
    for widget in [*table.board.findChildren(QLabel), *table.pots.findChildren(QLabel)]:
        if not widget.isVisibleTo(table):
            continue
        rect = QRect(widget.mapTo(table, QPoint(0, 0)), widget.size())
        assert table.rect().contains(rect), widget
        assert widget.visibleRegion().boundingRect().size() == widget.size(), widget
        boxes.append(rect)
    for i, first in enumerate(boxes):
        for second in boxes[i + 1:]:
            assert not first.intersects(second)
    assert len(table.board.cards) == sum(
        1 for w in table.board.findChildren(QLabel)
        if w.objectName() == "card" and w.isVisibleTo(table))


def confirm_payouts(qtbot, window, controller) -> None:
    """At showdown: the proposed payouts are displayed BEFORE any stack moves; then pay.

    POT-AWARD: the panel's lines are the engine's ``settle`` of the hand as it stands
    (winners, high/low halves, odd chips, rake); the felt's stacks are still the engine's
    stacks before payment; the Confirm payouts click journals exactly that settlement.
    """
    hand = controller.state.hand
    assert hand is not None, "the hand must wait for the dealer's confirmation"
    engine = hand.engine_state
    proposal = window.view.showdown
    assert proposal is not None and proposal.pots and not proposal.confirmed
    lines = [_plain(line) for line in window.showdown.pot_lines]
    settling = settle(engine)
    for event in settling:
        if isinstance(event, PotAwarded):
            seat = hand.started.seats[event.player]
            label = "Main pot" if event.pot_index == 0 else f"Side pot {event.pot_index}"
            line = next(line for line in lines if line.startswith(label + " "))
            share = {"high": " (high)", "low": " (low)"}.get(str(event.half), "")
            assert f"seat {seat} " in line and f"wins {_chips(event.amount)}{share}" in line
    rake = sum(event.amount for event in settling if isinstance(event, RakeTaken))
    assert (f"Total rake {_chips(rake)}" in lines) == (rake > 0)
    assert "Paid. Stacks updated." not in lines
    for seat, stack in zip(hand.started.seats, engine.stacks, strict=True):
        assert _plain(window.table.seats[seat].stack_label.text()) == _chips(stack)
    assert window.showdown.confirm_button.isEnabled()
    qtbot.mouseClick(window.showdown.confirm_button, Qt.MouseButton.LeftButton)
    assert controller.state.hand is None, window.refusal_label.text()
    paid = [(e.player, e.amount, e.half) for e in controller.state.finished[-1].events
            if isinstance(e, PotAwarded)]
    assert paid == [(e.player, e.amount, e.half) for e in settling if isinstance(e, PotAwarded)]
    assert _plain(window.showdown.pot_lines[-1]) == "Paid. Stacks updated."
    assert not window.showdown.confirm_button.isEnabled()


def assert_payouts_shown(window, controller) -> dict[int, int]:
    """The showdown panel lists every journaled award; returns chips won by seat."""
    done = controller.state.finished[-1]
    seats = done.started.seats
    lines = [_plain(line) for line in window.showdown.pot_lines]
    won: dict[int, int] = {}
    for event in done.events:
        if isinstance(event, PotAwarded):
            seat = seats[event.player]
            won[seat] = won.get(seat, 0) + event.amount
            label = "Main pot" if event.pot_index == 0 else f"Side pot {event.pot_index}"
            line = next(line for line in lines if line.startswith(label + " "))
            share = {"high": " (high)", "low": " (low)"}.get(str(event.half), "")
            assert f"seat {seat} " in line and f"wins {_chips(event.amount)}{share}" in line
    return won


def test_no_limit_holdem_hand_with_side_pot_through_the_widgets(qtbot, settings):
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    seat_players(qtbot, window, {1: ("Ann", 200), 2: ("Ben", 300), 3: ("Cy", 150)}, button=1)
    hotkey(qtbot, window, Qt.Key.Key_N)  # next hand: blinds posted (seat 2 SB, seat 3 BB)
    assert window.table.seats[2].marker_label.text() == "SB"
    assert window.table.seats[3].marker_label.text() == "BB"
    assert_display_matches_engine(window, controller)

    # BET-NL-MIN: an under-raise is refused at the pad; nothing reaches the journal.
    journal_before = len(controller.session.history())
    view_before = window.view
    window.action_bar.amount_edit.setText("3")
    qtbot.mouseClick(window.action_bar.raise_button, Qt.MouseButton.LeftButton)
    assert "[BET-NL-MIN]" in window.action_bar.refusal_label.text()
    assert len(controller.session.history()) == journal_before
    assert window.view is view_before

    raise_to(qtbot, window, 6)  # seat 1 raises to 6
    assert_display_matches_engine(window, controller)
    qtbot.mouseClick(window.action_bar.call_button, Qt.MouseButton.LeftButton)  # seat 2 calls
    hotkey(qtbot, window, Qt.Key.Key_C)  # seat 3 calls
    assert_display_matches_engine(window, controller)
    type_command(qtbot, window, "flop Ah Kd 7c")
    assert window.table.board.cards == ("Ah", "Kd", "7c")
    assert_board_fully_visible(window)
    assert_display_matches_engine(window, controller)
    hotkey(qtbot, window, Qt.Key.Key_C)  # seat 2 checks
    raise_to(qtbot, window, 10)  # seat 3 bets 10
    assert_display_matches_engine(window, controller)
    window.action_bar.apply_preset(list(window.action_bar.preset_buttons)[3])  # all-in
    assert window.action_bar.amount_edit.text() == "194"
    qtbot.mouseClick(window.action_bar.raise_button, Qt.MouseButton.LeftButton)  # seat 1 all-in
    assert_display_matches_engine(window, controller)
    hotkey(qtbot, window, Qt.Key.Key_C)  # seat 2 calls 194
    assert _plain(window.action_bar.call_button.text()) == "Call all-in 134 [C]"
    hotkey(qtbot, window, Qt.Key.Key_C)  # seat 3 calls all-in for less (G-ALLIN)
    assert_display_matches_engine(window, controller)
    assert [_plain(line) for line in window.table.pots.lines] == [
        "Main pot  450  ·  seats 1 2 3", "Side pot 1  100  ·  seats 1 2",  # POT-MAIN-SIDE
    ]
    type_command(qtbot, window, "turn 2s")
    type_command(qtbot, window, "river 9h")
    assert_board_fully_visible(window)
    assert window.tabs.currentWidget() is window.showdown
    show(qtbot, window, 3, "As Ad")
    show(qtbot, window, 1, "Kh Ks")
    show(qtbot, window, 2, "7h 7d")
    confirm_payouts(qtbot, window, controller)
    won = assert_payouts_shown(window, controller)
    rake = controller.state.finished[-1].finished.rake
    assert rake > 0  # RAKE-RATE: the default house rakes this game
    # POT-AWARD: the main pot (less the rake) to seat 3, the side pot to the best of 1 and 2
    assert won == {3: 450 - rake, 1: 100}
    assert f"(rake {rake})" in window.showdown.pot_lines[0]
    assert f"Total rake {rake}" in window.showdown.pot_lines[-2]
    assert_display_matches_engine(window, controller)
    assert [_plain(window.table.seats[s].stack_label.text()) for s in (1, 2, 3)] == [
        "100", "100", _chips(450 - rake)]
    assert window.history.past_tree.topLevelItemCount() == 1


def test_pot_limit_holdem_pot_preset_is_the_engine_maximum(qtbot, settings):
    preset = GamePreset(name="PLHE 1/2", game="PT", small_blind=1, big_blind=2)
    window, controller = open_console(qtbot, settings, preset)
    seat_players(qtbot, window, {1: ("Ann", 100), 2: ("Ben", 100), 3: ("Cy", 100)}, button=1)
    hotkey(qtbot, window, Qt.Key.Key_N)
    assert_display_matches_engine(window, controller)
    engine = controller.state.hand.engine_state
    hotkey(qtbot, window, Qt.Key.Key_3)  # pot preset
    assert int(window.action_bar.amount_edit.text()) == legal_actions(engine).max_raise_to == 7
    # BET-PL-MAX: over the pot is refused before anything is recorded
    journal_before = len(controller.session.history())
    window.action_bar.amount_edit.setText("8")
    window.action_bar.bet_or_raise()
    assert "[BET-PL-MAX]" in window.action_bar.refusal_label.text()
    assert len(controller.session.history()) == journal_before
    hotkey(qtbot, window, Qt.Key.Key_3)
    qtbot.mouseClick(window.action_bar.raise_button, Qt.MouseButton.LeftButton)  # to 7
    hotkey(qtbot, window, Qt.Key.Key_F)  # seat 2 folds
    hotkey(qtbot, window, Qt.Key.Key_C)  # seat 3 calls
    type_command(qtbot, window, "flop 2c 5d 9h")
    hotkey(qtbot, window, Qt.Key.Key_C)  # seat 3 checks
    hotkey(qtbot, window, Qt.Key.Key_3)  # pot bet
    engine = controller.state.hand.engine_state
    assert int(window.action_bar.amount_edit.text()) == legal_actions(engine).max_raise_to == 15
    qtbot.keyClick(window.action_bar.amount_edit, Qt.Key.Key_Return)
    assert_display_matches_engine(window, controller)
    hotkey(qtbot, window, Qt.Key.Key_C)
    type_command(qtbot, window, "turn Jd")
    hotkey(qtbot, window, Qt.Key.Key_C)
    hotkey(qtbot, window, Qt.Key.Key_C)
    type_command(qtbot, window, "river 3s")
    hotkey(qtbot, window, Qt.Key.Key_C)
    hotkey(qtbot, window, Qt.Key.Key_C)
    show(qtbot, window, 1, "Ah Ac")
    show(qtbot, window, 3, "Kc Ks")
    confirm_payouts(qtbot, window, controller)
    rake_pl = controller.state.finished[-1].finished.rake
    assert assert_payouts_shown(window, controller) == {1: 45 - rake_pl}
    assert_display_matches_engine(window, controller)


def test_omaha_hi_lo_fixed_limit_splits_high_and_low(qtbot, settings):
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("Omaha Hi-Lo 10/20"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Ben", 500), 3: ("Cy", 500)}, button=1)
    hotkey(qtbot, window, Qt.Key.Key_N)
    assert_display_matches_engine(window, controller)
    bar = window.action_bar
    # BET-FL-SIZES: fixed limit shows one raise size; any other amount is refused.
    engine = controller.state.hand.engine_state
    size = legal_actions(engine).min_raise_to
    bar.amount_edit.setText(str(size + 1))
    bar.bet_or_raise()
    assert "[BET-FL-SIZES]" in bar.refusal_label.text()
    raise_to(qtbot, window, size)  # seat 1 raises
    hotkey(qtbot, window, Qt.Key.Key_C)
    hotkey(qtbot, window, Qt.Key.Key_C)
    assert_display_matches_engine(window, controller)
    type_command(qtbot, window, "flop 2h 4d 8s")
    for _ in range(3):
        hotkey(qtbot, window, Qt.Key.Key_C)
    type_command(qtbot, window, "turn Kd")
    for _ in range(3):
        hotkey(qtbot, window, Qt.Key.Key_C)
    type_command(qtbot, window, "river Qc")
    for _ in range(3):
        assert_display_matches_engine(window, controller)
        hotkey(qtbot, window, Qt.Key.Key_C)
    show(qtbot, window, 2, "Ks Kh 9c 9d")   # high: set of kings
    show(qtbot, window, 3, "Ac 3c Th Js")   # low: 8-4-3-2-A
    show(qtbot, window, 1, "7c 7d 6h 6s")   # neither
    confirm_payouts(qtbot, window, controller)
    won = assert_payouts_shown(window, controller)
    total = sum(won.values())
    assert set(won) == {2, 3}
    assert total + controller.state.finished[-1].finished.rake == 3 * 20
    lines = " ".join(window.showdown.pot_lines)
    assert "(high)" in lines and "(low)" in lines  # O8-SPLIT


def assert_stud_cards_shown(window, controller) -> None:
    """Each seat shows its down cards as backs, then its up cards, as the engine holds them."""
    hand = controller.state.hand
    engine = hand.engine_state
    mask = up_positions(engine.setup.game)
    for i, seat in enumerate(hand.started.seats):
        hole = engine.hole[i]
        up = tuple(str(c) for c, is_up in zip(hole, mask, strict=False) if is_up)
        plate = window.table.seats[seat]
        if engine.folded[i]:
            assert plate.cards_row.cards == ()
            continue
        assert plate.cards_row.cards == ("??",) * min(len(hole) - len(up), 3) + up, seat


def _stud_step(qtbot, window, controller, action) -> None:
    action()
    assert not window.refusal_label.isVisibleTo(window), window.refusal_label.text()
    assert_display_matches_engine(window, controller)
    assert_stud_cards_shown(window, controller)


def test_seven_card_stud_hand_through_the_widgets(qtbot, settings):
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("Stud 15/30 ante 2 bring-in 5"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Ben", 500), 3: ("Cy", 500)}, button=1)
    step = lambda action: _stud_step(qtbot, window, controller, action)  # noqa: E731
    key = lambda k: lambda: hotkey(qtbot, window, k)  # noqa: E731
    line = lambda text: lambda: type_command(qtbot, window, text)  # noqa: E731
    step(key(Qt.Key.Key_N))
    # ST7-DEAL: antes posted, two down cards dealt; the up cards wait for the dealer.
    assert window.view.street == "3rd street"
    assert window.view.message == "deal the up cards: up 2 __ 3 __ 1 __"
    assert [window.view.seat(s).stack for s in (1, 2, 3)] == [498, 498, 498]
    assert window.action_bar.who_label.text() == "deal the up cards: up 2 __ 3 __ 1 __"
    step(line("up 1 Kh 2 7c 3 2d"))
    # ST-BRINGIN: the lowest up card (2d) brings in; no blind markers in stud.
    bar = window.action_bar
    assert bar.who_label.text() == "Seat 3 · Cy to act"
    assert _plain(bar.to_call_label.text()) == "Bring-in 5 or complete"
    assert _plain(bar.limits_label.text()) == "Complete 15"
    assert window.table.seats[2].cards_row.cards == ("??", "??", "7c")
    assert all(window.view.seat(s).marker is None for s in (1, 2, 3))
    step(key(Qt.Key.Key_C))  # Cy posts the bring-in
    assert window.view.seat(3).marker is SeatMarker.BRING_IN
    assert window.view.seat(3).bet == 5
    assert bar.who_label.text() == "Seat 1 · Ann to act"  # left of the bring-in
    assert _plain(bar.to_call_label.text()) == "To call 5"
    step(lambda: raise_to(qtbot, window, 15))  # ST-COMPLETE: Ann completes to the small bet
    step(key(Qt.Key.Key_C))  # Ben calls 15
    step(key(Qt.Key.Key_C))  # Cy calls 10 more
    assert window.view.street == "4th street"
    assert [p.amount for p in window.view.pots] == [51]  # 3 antes of 2 + 3 x 15
    step(line("up 1 Kd 2 8c 3 3d"))
    # ST-FIRST: the best hand showing (Ann's open kings) acts first on later streets.
    assert bar.who_label.text() == "Seat 1 · Ann to act"
    for _ in range(3):
        step(key(Qt.Key.Key_C))  # all check
    step(line("up 1 Qd 2 9c 3 4d"))
    assert window.view.street == "5th street"
    assert bar.who_label.text() == "Seat 1 · Ann to act"  # K-K-Q still best
    assert _plain(bar.limits_label.text()) == "Bet 30"  # ST-LIMITS: the big bet from 5th
    step(lambda: raise_to(qtbot, window, 30))
    step(key(Qt.Key.Key_F))  # Ben folds
    step(key(Qt.Key.Key_C))  # Cy calls
    assert window.view.message == "deal the up cards: up 3 __ 1 __"  # not to Ben, who folded
    step(line("up 1 Jd 3 5d"))
    assert window.view.street == "6th street"
    assert bar.who_label.text() == "Seat 1 · Ann to act"
    step(key(Qt.Key.Key_C))
    step(key(Qt.Key.Key_C))
    # 7th street: the down card is dealt at once, face down.
    assert window.view.street == "7th street"
    assert window.table.seats[3].cards_row.cards == ("??", "??", "??", "2d", "3d", "4d", "5d")
    assert bar.who_label.text() == "Seat 1 · Ann to act"
    step(key(Qt.Key.Key_C))
    step(key(Qt.Key.Key_C))
    assert window.view.street == "Showdown"
    # The dealer enters only the down cards: the up cards are known (ST7-DEAL order).
    show(qtbot, window, 3, "Ah Ad 6d")
    show(qtbot, window, 1, "Ks Qs 3h")
    hands = {h.seat: h.cards for h in window.view.showdown.hands}
    assert hands[3] == ("Ah", "Ad", "2d", "3d", "4d", "5d", "6d")
    confirm_payouts(qtbot, window, controller)
    won = assert_payouts_shown(window, controller)
    rake = controller.state.finished[-1].finished.rake
    # 51 + 2 x 30 = 111, rake 5 % = 5; Cy's 2-6 straight flush beats Ann's full house.
    assert (rake, won) == (5, {3: 106})
    assert [window.view.seat(s).stack for s in (1, 2, 3)] == [453, 483, 559]
    assert_display_matches_engine(window, controller)


def test_triple_draw_lowball_hand_through_the_widgets(qtbot, settings):
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("2-7 Triple Draw 10/20"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Ben", 500), 3: ("Cy", 500)}, button=1)

    def step(action) -> None:
        action()
        assert not window.refusal_label.isVisibleTo(window), window.refusal_label.text()
        assert_display_matches_engine(window, controller)

    key = lambda k: lambda: hotkey(qtbot, window, k)  # noqa: E731
    line = lambda text: lambda: type_command(qtbot, window, text)  # noqa: E731
    bar = window.action_bar
    step(key(Qt.Key.Key_N))
    assert window.view.street == "Pre-draw"
    assert window.table.seats[1].cards_row.cards == ("??",) * 5  # LB-DEAL: five down
    for _ in range(3):
        step(key(Qt.Key.Key_C))  # Ann calls 10, Ben completes, Cy checks
    # DR-DRAW: the draw goes round from the first player left of the button.
    assert window.view.street == "First draw"
    assert bar.who_label.text() == "seat 2 Ben draws: draw N (0 = pat)"
    refused_before = len(controller.session.history())
    hotkey(qtbot, window, Qt.Key.Key_C)  # nobody is to act: refused, nothing journaled
    assert len(controller.session.history()) == refused_before
    assert bar.refusal_label.text() == "Nobody is to act"
    step(line("draw 2"))
    step(line("pat"))
    step(line("draw 1"))
    assert [_plain(window.table.seats[s].status_label.text()).split(" · ")[-1]
            for s in (2, 3, 1)] == ["drew 2", "stood pat", "drew 1"]
    assert _plain(bar.limits_label.text()) == "Bet 10"  # BET-FL-SIZES: the small bet
    for _ in range(3):
        step(key(Qt.Key.Key_C))
    step(line("draw 1"))
    step(line("draw 0"))
    step(line("draw 2"))
    assert window.view.street == "Second draw"
    assert _plain(bar.limits_label.text()) == "Bet 20"  # the big bet after the second draw
    step(lambda: raise_to(qtbot, window, 20))  # Ben bets 20
    step(key(Qt.Key.Key_C))  # Cy calls
    step(key(Qt.Key.Key_F))  # Ann folds
    step(line("draw 0"))
    step(line("draw 1"))
    step(key(Qt.Key.Key_C))
    step(key(Qt.Key.Key_C))
    assert window.view.street == "Showdown"
    show(qtbot, window, 2, "8h 6d 4d 3c 2s")
    show(qtbot, window, 3, "7h 5d 4c 3s 2h")
    confirm_payouts(qtbot, window, controller)
    won = assert_payouts_shown(window, controller)
    rake = controller.state.finished[-1].finished.rake
    # 3 x 10 + 2 x 20 = 70, rake 3; 7-5-4-3-2 beats 8-6-4-3-2 at deuce-to-seven.
    assert (rake, won) == (3, {3: 67})
    assert [window.view.seat(s).stack for s in (1, 2, 3)] == [490, 470, 537]
    assert_display_matches_engine(window, controller)


def test_setup_dialog_switches_the_game_between_hands(qtbot, settings):
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    dialog = window.open_setup()
    dialog.preset_combo.setCurrentText("PLO 1/2")
    dialog.name_edits[0].setText("Ann")
    dialog.stack_edits[0].setText("100")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert window.view.preset == "PLO 1/2"
    assert controller.state.game.preset == "PLO 1/2"
    assert window.table.seats[1].name_label.text() == "Ann"
    dialog = window.open_setup()  # a preset name with a quote in it
    dialog.preset_combo.setCurrentText("Limit Hold'em 10/20")
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert controller.state.game.preset == "Limit Hold'em 10/20", window.refusal_label.text()
    dialog = window.open_setup()  # between hands Ann steps away, then comes back
    dialog.away_boxes[0].setChecked(True)
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert window.table.seats[1].property("status") == "sitting_out"
    dialog = window.open_setup()
    assert dialog.away_boxes[0].isChecked()
    dialog.away_boxes[0].setChecked(False)
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert window.table.seats[1].property("status") != "sitting_out"


def test_a_session_refusal_changes_nothing_and_says_why(qtbot, settings):
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    before = len(controller.session.history())
    type_command_raw = window.command_line
    qtbot.keyClicks(type_command_raw, "rasie 60")
    qtbot.keyClick(type_command_raw, Qt.Key.Key_Return)
    assert "did you mean 'raise'" in window.refusal_label.text()
    assert len(controller.session.history()) == before


def test_undo_takes_back_the_last_action_and_the_display_follows(qtbot, settings):
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    seat_players(qtbot, window, {1: ("Ann", 200), 2: ("Ben", 300), 3: ("Cy", 150)}, button=1)
    hotkey(qtbot, window, Qt.Key.Key_N)
    first = window.action_bar.who_label.text()
    raise_to(qtbot, window, 8)
    assert window.action_bar.who_label.text() != first
    window.table.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.action_bar.who_label.text() == first
    assert_display_matches_engine(window, controller)
    assert window.table.seats[1].bet_label.text() == ""


def test_flags_from_dealer_reports_are_confirmed_and_overruled_in_the_panel(qtbot, settings):
    rules = default_rules()
    window, controller = open_console(qtbot, settings, rules.preset("NLHE 1/2"))
    seat_players(qtbot, window, {1: ("Ann", 200), 2: ("Ben", 300), 3: ("Cy", 150)}, button=1)
    hotkey(qtbot, window, Qt.Key.Key_N)
    type_command(qtbot, window, "exposed 3 Ah second")  # IRR-HE-EXPOSE-OTHER (card 5 of 6)
    assert window.tabs.currentWidget() is window.flags
    assert window.tabs.tabText(0) == "Flags (1)"
    card = window.flags.cards[0]
    assert card.rule_label.text() == "IRR-HE-EXPOSE-OTHER"
    assert card.steps_label.text().startswith("1. ")
    qtbot.mouseClick(card.confirm_button, Qt.MouseButton.LeftButton)
    assert window.view.flags[0].status == "confirmed"
    assert window.tabs.tabText(0) == "Flags"
    type_command(qtbot, window, "early Ks")  # IRR-FLOP-EARLY
    card = window.flags.cards[0]  # open flags first
    assert card.rule_label.text() == "IRR-FLOP-EARLY"
    qtbot.keyClicks(card.reason_edit, "floor: the card was not seen")
    qtbot.mouseClick(card.overrule_button, Qt.MouseButton.LeftButton)
    overruled = [f for f in window.view.flags if f.rule_id == "IRR-FLOP-EARLY"][0]
    assert overruled.status == "overruled"
    assert overruled.overrule_reason == "floor: the card was not seen"
    assert_display_matches_engine(window, controller)
