"""Issue 37, broken item 5 (G-SHOW-ORDER): every screen names the same seat first.

The showdown panel listed the last bettor first while the status line asked for the
other seats' cards in seat order, and the order changed again once paid. The order now
comes from one place (`engine.showdown.in_show_order`): the panel, the status line and
the paid view agree, in stud and in Omaha.
"""

from __future__ import annotations

import re

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.ui.session_adapter import SessionController


def _table(preset: str) -> SessionController:
    rules = default_rules()
    controller = SessionController(TableSession(
        InMemoryJournal(), rules=rules, preset=rules.preset(preset), confirm_payouts=True))
    for line in ("sit 1 Ann 500", "sit 2 Ben 500", "sit 3 Cy 500", "button 1", "hand"):
        assert controller.submit(line).ok, line
    return controller


def _do(controller: SessionController, *lines: str) -> None:
    for line in lines:
        result = controller.submit(line)
        assert result.ok, f"{line}: {result.error}"


def _until_street_ends(controller: SessionController) -> None:
    street = controller.current_view().street
    while (view := controller.current_view()).action is not None and view.street == street:
        _do(controller, "c")


def _asked_for(message: str) -> tuple[int, ...]:
    found = re.search(r"seat\(s\) ([\d, ]+)", message)
    assert found, message
    return tuple(int(seat) for seat in found.group(1).split(", "))


def _check_one_order(controller: SessionController, expected: tuple[int, ...],
                     shows: dict[int, str]) -> None:
    view = controller.current_view()
    assert view.showdown is not None
    assert view.showdown.show_order == expected
    assert tuple(h.seat for h in view.showdown.hands) == expected
    assert _asked_for(view.message) == expected  # the status line asks in that order
    assert view.showdown.awaiting_cards == expected
    first, *rest = expected
    _do(controller, f"show {first} {shows[first]}")
    view = controller.current_view()
    assert _asked_for(view.message) == tuple(rest)
    for seat in rest:
        _do(controller, f"show {seat} {shows[seat]}")
    proposed = controller.current_view().showdown
    assert tuple(h.seat for h in proposed.hands) == expected
    _do(controller, "pay")
    paid = controller.current_view().showdown
    assert paid.confirmed
    assert paid.show_order == expected  # unchanged by the payout
    assert tuple(h.seat for h in paid.hands) == expected


def test_G_SHOW_ORDER_stud_the_last_bettor_shows_first_on_every_screen():
    controller = _table("Stud 15/30 ante 2 bring-in 5")
    _do(controller, "up 1 2c 2 9d 3 Ah")  # seat 1 brings in
    _until_street_ends(controller)
    for up in ("up 1 3c 2 Td 3 Ad", "up 1 4h 2 Jd 3 Kc", "up 1 5s 2 2d 3 Kd"):
        _do(controller, up)
        _until_street_ends(controller)
    assert controller.current_view().street == "7th street"
    actor = controller.current_view().action.seat
    assert actor == 3  # aces and kings up act first (ST-FIRST)
    _do(controller, "b 30", "c", "c")  # seat 3 bets, seats 1 and 2 call
    _check_one_order(controller, (3, 1, 2),
                     {3: "As 7c 8c", 2: "3d 4d 5d", 1: "Qh Qs 9s"})


def test_G_SHOW_ORDER_omaha_the_river_bettor_shows_first_on_every_screen():
    controller = _table("PLO 1/2")
    _until_street_ends(controller)
    _do(controller, "flop Qs Jh 4d")
    _until_street_ends(controller)
    _do(controller, "turn Tc")
    _until_street_ends(controller)
    _do(controller, "river 2s")
    assert controller.current_view().action.seat == 2  # first left of the button
    _do(controller, "x", "b 6", "c", "c")  # seat 3 bets, seats 1 and 2 call
    _check_one_order(controller, (3, 1, 2),
                     {3: "Ah Kh 9c 8c", 1: "Ac Kd 3h 3c", 2: "7h 7d 6s 5s"})


def test_ST_COMPLETE_stud_reads_like_stud_in_the_console(qtbot, settings):
    """Bring-in / Complete on the pad, no presets in fixed limit, no dealer button."""
    from PySide6.QtCore import Qt

    from .test_console_session import hotkey, open_console, seat_players, type_command

    rules = default_rules()
    window, _ = open_console(qtbot, settings, rules.preset("Stud 15/30 ante 2 bring-in 5"))
    seat_players(qtbot, window, {1: ("Ann", 500), 2: ("Ben", 500), 3: ("Cy", 500)}, button=1)
    assert not any(plate.button_label.isVisibleTo(window) for plate in window.table.seats.values())
    hotkey(qtbot, window, Qt.Key.Key_N)
    type_command(qtbot, window, "up 1 Kh 2 7c 3 2d")
    bar = window.action_bar
    assert bar.call_button.text() == "Bring in 5 [C]"
    assert bar.raise_button.text() == "Complete [R]"
    assert not any(b.isVisibleTo(window) for b in bar.preset_buttons.values())  # BET-FL-SIZES
    hotkey(qtbot, window, Qt.Key.Key_C)  # Cy brings in 5
    assert window.view.action.seat == 1 and window.view.action.is_completion
    assert bar.raise_button.text() == "Complete [R]"  # not "Raise to" (ST-COMPLETE)
    assert bar.limits_label.text().startswith("Complete 15")
    assert not any(s.is_button for s in window.view.seats)  # no dealer button in stud
    assert not any(plate.button_label.isVisibleTo(window) for plate in window.table.seats.values())
    window.action_bar.amount_edit.setText("15")
    window.action_bar.bet_or_raise()  # Ann completes
    assert not window.view.action.is_completion
    assert bar.raise_button.text() == "Raise to [R]"
