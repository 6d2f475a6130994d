from __future__ import annotations

import pytest

from dealerassist.errors import IllegalActionError
from dealerassist.session.commands import SelectGame, parse_command
from dealerassist.session.presenter import present, table_json
from dealerassist.session.viewmodels import SeatMarker, SeatStatus

from .helpers import TO_THE_RIVER, execute_all, seated_session


def test_seat_views_show_button_blinds_to_act_and_bets() -> None:
    session = seated_session(1000, 1000, 1000)
    session.execute("sit 5 Late 400")
    view = present(session.execute("hand"))
    seats = {seat.seat: seat for seat in view.seats}
    assert len(view.seats) == 6  # every seat of the 6-max table, empty ones included
    assert seats[1].is_button and seats[1].status is SeatStatus.ACTIVE
    assert (seats[2].marker, seats[2].bet, seats[2].stack) == (SeatMarker.SMALL_BLIND, 5, 995)
    assert (seats[3].marker, seats[3].bet, seats[3].stack) == (SeatMarker.BIG_BLIND, 10, 990)
    assert seats[4].status is SeatStatus.EMPTY
    assert seats[5].cards == ("??", "??")  # sat before hand 1: dealt in
    assert seats[5].status is SeatStatus.TO_ACT  # first left of the big blind (HE-FIRST)
    assert view.structure == "NL" and view.street == "Pre-flop"


def test_BET_NEW_PLAYER_late_player_is_shown_waiting() -> None:
    session = seated_session(1000, 1000, 1000)
    session.execute("hand")
    session.execute("sit 6 Late 400")
    seat = present(session.state).seat(6)
    assert seat is not None and seat.status is SeatStatus.WAITING and seat.cards == ()


def test_POT_MAIN_SIDE_side_pot_after_a_short_all_in() -> None:
    session = seated_session(1000, 1000, 100)
    for line in ["hand", "r 300", "c", "allin"]:  # seat 3 (BB) all-in for 100 in all
        session.execute(line)
    view = present(session.state)
    assert [(p.label, p.amount, p.eligible_seats) for p in view.pots] == [
        ("Main", 300, (1, 2, 3)),
        ("Side 1", 400, (1, 2)),
    ]
    assert table_json(view)["pots"] == [
        {"label": "Main", "amount": 300, "eligible": [1, 2, 3]},
        {"label": "Side 1", "amount": 400, "eligible": [1, 2]},
    ]


def test_finished_hand_payouts_stay_on_screen_until_the_next_hand() -> None:
    session = seated_session(1000, 1000)
    execute_all(session, *TO_THE_RIVER, "x", "x", "show 1 Qs Qd")
    view = present(session.execute("show 2 Ac 3c"))
    assert view.showdown is not None and view.showdown.confirmed
    pot = view.showdown.pots[0]
    assert pot.amount == 20 and [a.seat for a in pot.awards] == [2]
    assert pot.paid + pot.rake == 20
    assert table_json(view)["payouts"][0]["awards"] == {"2": 20 - pot.rake}
    view = present(session.execute("hand"))
    assert view.showdown is None


def test_game_command_switches_the_stakes_between_hands_only() -> None:
    assert parse_command("game NLHE 2/5") == SelectGame("NLHE 2/5")
    session = seated_session(1000, 1000, 1000)
    session.execute("game NLHE 2/5")
    view = present(session.execute("hand"))
    assert view.preset == "NLHE 2/5"
    assert sorted(seat.bet for seat in view.seats if seat.bet) == [2, 5]
    with pytest.raises(IllegalActionError, match="change the game after it"):
        session.execute("game NLHE 1/2")
    with pytest.raises(IllegalActionError, match="did you mean"):
        session.check("game NLHE 2/6")
