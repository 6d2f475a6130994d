"""Real tables in the middle of a hand, for the console's geometry tests and screenshots.

Each scene is a live `SessionController` on an in-memory journal, driven by the same
command lines a dealer types, to the point that fills the screen most: every seat taken
with long names, cards up, bets out, pots split. ``SCENES`` names them; ``build(name)``
returns the controller. ``stud_seven_cards`` is a view-model only: eight players holding
seven cards each need 56 cards, which no real deck deals, yet the plates must hold them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from dealerassist.journal.memory import InMemoryJournal
from dealerassist.rules import default_rules
from dealerassist.session.controller import TableSession
from dealerassist.session.viewmodels import SeatStatus, TableView
from dealerassist.ui.session_adapter import SessionController

__all__ = ["SCENES", "build", "stud_seven_cards"]

NAMES = ("Marie-Hélène", "Bartholomew", "Jean-Baptiste", "Christopher", "Anne-Sophie",
         "Maximilian", "Guillaume", "Alexandra", "Konstantin", "Évangéline")


def _table(preset: str, seats: int, stack: int, *, lang: str = "en",
           short: int | None = None) -> SessionController:
    rules = default_rules()
    chosen = rules.preset(preset)
    if chosen.max_seats < seats:  # a ten-handed room: the house file says max_seats: 10
        chosen = replace(chosen, max_seats=seats)
    controller = SessionController(
        TableSession(InMemoryJournal(), rules=rules, preset=chosen, confirm_payouts=True),
        lang=lang)
    for seat in range(1, seats + 1):
        chips = short if seat == 7 and short else stack + 137 * seat
        _do(controller, f"sit {seat} '{NAMES[seat - 1]}' {chips}")
    _do(controller, "button 1")
    return controller


def _do(controller: SessionController, line: str) -> None:
    result = controller.submit(line)
    if not result.ok:
        raise AssertionError(f"scene line {line!r} refused: {result.error}")


def _calls_round(controller: SessionController) -> None:
    """Everyone calls (or checks) until the street ends."""
    street = controller.current_view().street
    while (view := controller.current_view()).action is not None and view.street == street:
        _do(controller, "c")


def holdem_ten(lang: str = "en") -> SessionController:
    """No-limit hold'em, ten seats: a raise, a short all-in, calls, the flop, a bet."""
    controller = _table("NLHE 1/2", 10, 1800, lang=lang, short=9)
    _do(controller, "hand")
    _do(controller, "r 12")      # seat 4 opens
    _do(controller, "c")         # 5
    _do(controller, "f")         # 6
    _do(controller, "allin")     # 7 short all-in
    for _ in range(6):
        if controller.current_view().street != "Preflop":
            break
        _do(controller, "c")
    _calls_round(controller)
    _do(controller, "flop Ah Kd 7c")
    _do(controller, "b 40")
    return controller


def omaha_six(lang: str = "en") -> SessionController:
    """Pot-limit Omaha, six seats, on the turn with a bet to call."""
    controller = _table("PLO 1/2", 6, 300, lang=lang)
    _do(controller, "hand")
    _calls_round(controller)
    _do(controller, "flop Qs Jh 4d")
    _calls_round(controller)
    _do(controller, "turn Tc")
    _do(controller, "b 12")
    return controller


# Up cards per street for eight stud players (no card twice), 3rd to 6th street.
_STUD_UP = (
    ("Kh", "7c", "2d", "9s", "Jc", "4h", "Ts", "6d"),
    ("Kd", "8c", "3d", "9h", "Qc", "5h", "Td", "6s"),
    ("Qd", "9c", "4d", "8s", "Ac", "3h", "Jh", "5s"),
    ("Jd", "Tc", "5d", "8h", "2c", "6h", "Qh", "7s"),
)


def stud_eight(lang: str = "en") -> SessionController:
    """Seven card stud, eight seats, on 6th street: two down and four up cards each."""
    controller = _table("Stud 15/30 ante 2 bring-in 5", 8, 400, lang=lang)
    _do(controller, "hand")
    for street, cards in enumerate(_STUD_UP):
        _do(controller, "up " + " ".join(f"{seat} {card}"
                                         for seat, card in enumerate(cards, 1)))
        if street < len(_STUD_UP) - 1:
            _calls_round(controller)
    return controller


def draw_six(lang: str = "en") -> SessionController:
    """2-7 triple draw, six seats, at the first draw with some drawn."""
    controller = _table("2-7 Triple Draw 10/20", 6, 300, lang=lang)
    _do(controller, "hand")
    _calls_round(controller)
    for line in ("draw 2", "pat", "draw 1", "draw 3"):
        _do(controller, line)
    return controller


def sit_and_go(lang: str = "en") -> SessionController:
    """A six-max sit & go (a tournament table, clock started) on the flop."""
    rules = default_rules()
    cash = SessionController(TableSession(InMemoryJournal(), rules=rules,
                                          preset=rules.preset("NLHE 1/2")), lang=lang)
    controller = cash.start_tournament("Sit & Go 6-max")
    stack = rules.preset("Sit & Go 6-max").starting_stack
    for seat in range(1, 7):
        _do(controller, f"sit {seat} '{NAMES[seat - 1]}' {stack}")
    _do(controller, "button 1")
    _do(controller, "clock start")
    _do(controller, "hand")
    _do(controller, "r 60")
    _calls_round(controller)
    _do(controller, "flop 9h 9d 2s")
    _do(controller, "b 50")
    return controller


SCENES: dict[str, Callable[..., SessionController]] = {
    "holdem": holdem_ten,
    "omaha": omaha_six,
    "stud": stud_eight,
    "draw": draw_six,
    "sitgo": sit_and_go,
}


def build(name: str, lang: str = "en") -> SessionController:
    """Return the live table of scene ``name`` ("holdem", "stud" ...)."""
    return SCENES[name](lang)


def stud_seven_cards(view: TableView) -> TableView:
    """Return the stud scene's view with every seat holding three down and four up cards."""
    seats = tuple(
        replace(seat, down_count=3, status=seat.status if seat.status is SeatStatus.TO_ACT
                else SeatStatus.ACTIVE)
        for seat in view.seats)
    return replace(view, seats=seats, street="7th street")
