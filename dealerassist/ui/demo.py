"""A demo feed: a plausible no-limit hold'em hand in progress, for screenshots and tests.

Blinds 5/10, six seats. Pre-flop Chloé raises to 30; David, Farid and Bruno call (Emma and
Alice fold). Flop Ah Kd 7c: Chloé bets 60, David is all-in for 100 (short of a full raise,
BET-SHORT-ALLIN), Farid raises to 250, Chloé calls: main pot 425 (seats 3 4 6) and side
pot 300 (seats 3 6). Turn 9s: Chloé bets 200; Farid (stack 1 220) is to act: to call 200,
raise to 400 (BET-NL-MIN) up to 1 220 (BET-NL-MAX). The numbers add up: every stack plus
everything in the middle equals the buy-ins.
"""

from __future__ import annotations

from dataclasses import replace

from dealerassist.session.viewmodels import (
    ActionBarView,
    ClockView,
    FlagSeverity,
    FlagView,
    HandSummaryView,
    PotAwardView,
    PotView,
    SeatMarker,
    SeatStatus,
    SeatView,
    ShareKind,
    ShowdownHandView,
    ShowdownPotView,
    ShowdownView,
    TableView,
)
from dealerassist.ui.bridge import SubmitResult

__all__ = ["DEMO_BUY_INS", "DemoController", "demo_showdown_view", "demo_view"]

DEMO_BUY_INS = {1: 800, 2: 1000, 3: 2000, 4: 130, 5: 640, 6: 1500}


def demo_view() -> TableView:
    """Return the demo hand on the turn, Farid to act."""
    seats = (
        SeatView(seat=1, name="Alice", stack=795, status=SeatStatus.FOLDED,
                 marker=SeatMarker.SMALL_BLIND, committed=5),
        SeatView(seat=2, name="Bruno", stack=970, status=SeatStatus.FOLDED,
                 marker=SeatMarker.BIG_BLIND, committed=30),
        SeatView(seat=3, name="Chloé", stack=1520, bet=200, status=SeatStatus.ACTIVE,
                 cards=("??", "??"), last_action="bet 200", committed=480),
        SeatView(seat=4, name="David", stack=0, status=SeatStatus.ALL_IN,
                 cards=("??", "??"), last_action="all-in 100", committed=130),
        SeatView(seat=5, name="Emma", stack=640, status=SeatStatus.FOLDED),
        SeatView(seat=6, name="Farid", stack=1220, status=SeatStatus.TO_ACT, is_button=True,
                 cards=("??", "??"), committed=280),
        SeatView(seat=7),
        SeatView(seat=8, name="Gaspard", stack=1000, status=SeatStatus.WAITING),
    )
    pots = (
        PotView(label="Main", amount=425, eligible_seats=(3, 4, 6)),
        PotView(label="Side 1", amount=300, eligible_seats=(3, 6)),
    )
    action = ActionBarView(
        seat=6, name="Farid", stack=1220, bet=0, current_bet=200, to_call=200,
        can_check=False, can_fold=True, min_raise_to=400, max_raise_to=1220,
        raises_left=None, pot_size=925, is_opening_bet=False, street="Turn", structure="NL",
    )
    flags = (
        FlagView(
            flag_id="1", rule_id="IRR-OUT-OF-TURN", severity=FlagSeverity.WARNING, seat=2,
            message="Bruno (seat 2) folded on the flop before Chloé acted.",
            ruling_steps=(
                "The fold is binding (house rule: out-of-turn action stands).",
                "Action returns to seat 3, Chloé.",
            ),
        ),
    )
    history = (
        "Hand #42 · No Limit Hold'em 5/10 · button seat 6",
        "Alice posts SB 5", "Bruno posts BB 10",
        "Chloé raises to 30", "David calls 30", "Emma folds", "Farid calls 30",
        "Alice folds", "Bruno calls 30",
        "Flop Ah Kd 7c", "Bruno folds (out of turn)", "Chloé bets 60",
        "David all-in 100", "Farid raises to 250", "Chloé calls 250",
        "Turn 9s", "Chloé bets 200",
    )
    past = (
        HandSummaryView(hand_id=40, game="NLHE 5/10", total_pot=60,
                        result="Chloé wins 60 (no showdown)",
                        lines=("Chloé raises to 30", "all fold")),
        HandSummaryView(hand_id=41, game="NLHE 5/10", total_pot=410, rake=0,
                        result="Farid wins 410 with two pair, kings and sevens",
                        lines=("Farid raises to 25", "Bruno calls", "…")),
    )
    return TableView(
        game="No Limit Hold'em", preset="NLHE 5/10", hand_id=42, street="Turn",
        board=("Ah", "Kd", "7c", "9s"), pots=pots, seats=seats, action=action, flags=flags,
        history=history, past_hands=past, clock=ClockView(level=0, stakes="5/10"),
        structure="NL", message="Farid to act",
    )


def demo_showdown_view() -> TableView:
    """Return the demo hand at showdown: a split main pot with an odd chip (G-ODD-CHIP)."""
    base = demo_view()
    seats = tuple(
        replace(seat, bet=0, status=SeatStatus.ACTIVE if seat.seat in (3, 6) else seat.status)
        for seat in base.seats
    )
    seats = tuple(replace(s, cards=("Qh", "Jh")) if s.seat == 3 else
                  replace(s, cards=("Qs", "Jc")) if s.seat == 6 else
                  replace(s, cards=("As", "2d")) if s.seat == 4 else s for s in seats)
    showdown = ShowdownView(
        show_order=(3, 4, 6),
        hands=(
            ShowdownHandView(seat=3, name="Chloé", cards=("Qh", "Jh"), high="Straight, ace high"),
            ShowdownHandView(seat=4, name="David", cards=("As", "2d"), high="Pair of aces"),
            ShowdownHandView(seat=6, name="Farid", cards=("Qs", "Jc"), high="Straight, ace high"),
        ),
        pots=(
            ShowdownPotView(label="Main", amount=425, awards=(
                # G-ODD-CHIP: the odd chip goes to the first winner left of the button
                # (button seat 6 -> seat 3 before seat 6).
                PotAwardView(seat=3, name="Chloé", amount=213, share=ShareKind.WHOLE,
                             odd_chips=1, hand="Straight, ace high"),
                PotAwardView(seat=6, name="Farid", amount=212, share=ShareKind.WHOLE,
                             hand="Straight, ace high"),
            )),
            ShowdownPotView(label="Side 1", amount=700, awards=(
                PotAwardView(seat=6, name="Farid", amount=350, hand="Straight, ace high"),
                PotAwardView(seat=3, name="Chloé", amount=350, hand="Straight, ace high"),
            )),
        ),
    )
    return replace(
        base, street="Showdown", board=("Ah", "Kd", "7c", "9s", "Tc"), seats=seats,
        pots=(PotView(label="Main", amount=425, eligible_seats=(3, 4, 6)),
              PotView(label="Side 1", amount=700, eligible_seats=(3, 6))),
        action=None, showdown=showdown, message="Confirm the payouts",
    )


class DemoController:
    """A controller for the demo: shows the demo hand and echoes commands into its history.

    It applies no poker logic (the console has none); real play goes through the session.
    """

    is_demo = True

    def __init__(self, view: TableView | None = None):
        self._view = view if view is not None else demo_view()

    def current_view(self) -> TableView:
        """Return the demo table."""
        return self._view

    def submit(self, line: str) -> SubmitResult:
        """Accept ``line`` into the history without changing the table (demo only)."""
        self._view = replace(self._view, history=(*self._view.history, f"(demo) {line}"))
        return SubmitResult(ok=True, view=self._view)
