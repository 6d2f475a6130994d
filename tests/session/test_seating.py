from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealerassist.errors import IllegalActionError
from dealerassist.rules.model import ButtonRule, NewPlayerRule
from dealerassist.session.table import Post, PostKind, SeatState, TableState, plan_hand

POST_OR_WAIT = NewPlayerRule.POST_OR_WAIT


def table_with(*seats: int, max_seats: int = 9) -> TableState:
    table = TableState(max_seats=max_seats)
    for seat in seats:
        table = table.seated(
            table.sit(seat=seat, name=f"P{seat}", stack=1000, new_player=POST_OR_WAIT)
        )
    return table


def play(table: TableState, *, rule: ButtonRule = ButtonRule.MOVING) -> tuple[TableState, object]:
    plan = plan_hand(table, small_blind=10, big_blind=20, button_rule=rule)
    started = table.started(plan)
    stacks = tuple((seat, started.player(seat).stack) for seat in plan.seats)  # type: ignore[union-attr]
    return started.finished(stacks), plan


def test_G_BUTTON_moves_one_player_clockwise_each_hand_skipping_empty_seats() -> None:
    table = table_with(2, 5, 7)
    buttons = []
    for _ in range(4):
        table, plan = play(table)
        buttons.append((plan.button, plan.small_blind_seat, plan.big_blind_seat))  # type: ignore[attr-defined]
    assert buttons == [(2, 5, 7), (5, 7, 2), (7, 2, 5), (2, 5, 7)]


def test_G_BUTTON_placed_button_is_used_for_the_next_hand() -> None:
    table = table_with(1, 2, 3, 4)
    table = table.button_placed(3)
    _, plan = play(table)
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (3, 4, 1)  # type: ignore[attr-defined]
    assert plan.seats == (4, 1, 2, 3)  # type: ignore[attr-defined]
    assert plan.posts == (Post(4, PostKind.SMALL_BLIND, 10), Post(1, PostKind.BIG_BLIND, 20))  # type: ignore[attr-defined]


def test_BET_HEADSUP_button_posts_the_small_blind() -> None:
    table = table_with(3, 8)
    table, plan = play(table)
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (3, 3, 8)  # type: ignore[attr-defined]
    table, plan = play(table)
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (8, 8, 3)  # type: ignore[attr-defined]


def test_G_BUTTON_button_skips_a_player_who_left() -> None:
    table = table_with(1, 2, 3, 4)
    table, _ = play(table)  # button 1
    table = table.left(2)
    _, plan = play(table)
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (3, 4, 1)  # type: ignore[attr-defined]


def test_busted_player_is_not_dealt_in() -> None:
    table = table_with(1, 2, 3)
    table, _ = play(table)
    table = table.with_stack(2, 0)
    _, plan = play(table)
    assert 2 not in plan.seats  # type: ignore[attr-defined]


def test_BET_NEW_PLAYER_new_player_waits_for_the_big_blind() -> None:
    table = table_with(1, 3, 5, 7)
    table, _ = play(table)  # button 1, SB 3, BB 5
    newcomer = table.sit(seat=6, name="Zoe", stack=500, new_player=POST_OR_WAIT)
    assert newcomer.state is SeatState.WAITING
    table = table.seated(newcomer)
    table, plan = play(table)  # button 3, SB 5, BB: the next seat is Zoe's
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (3, 5, 6)  # type: ignore[attr-defined]
    assert 6 in plan.seats  # type: ignore[attr-defined]
    assert table.player(6).state is SeatState.PLAYING  # type: ignore[union-attr]


def test_BET_NEW_PLAYER_waiting_player_is_not_dealt_before_the_big_blind_reaches_them() -> None:
    table = table_with(1, 3, 5, 7)
    table, _ = play(table)  # button 1, SB 3, BB 5
    table = table.seated(table.sit(seat=2, name="Zoe", stack=500, new_player=POST_OR_WAIT))
    table, plan = play(table)  # button 3, SB 5, BB 7: Zoe (seat 2) behind the button waits
    assert 2 not in plan.seats  # type: ignore[attr-defined]
    assert table.player(2).state is SeatState.WAITING  # type: ignore[union-attr]


def test_BET_NEW_PLAYER_posting_player_is_dealt_in_at_once_with_a_big_blind() -> None:
    table = table_with(1, 3, 5, 7)
    table, _ = play(table)
    table = table.seated(table.sit(seat=2, name="Zoe", stack=500, new_player=POST_OR_WAIT))
    table.verify_post(2, new_player=POST_OR_WAIT)
    table = table.will_post(2)
    _, plan = play(table)
    assert 2 in plan.seats  # type: ignore[attr-defined]
    assert Post(2, PostKind.ENTRY, 20) in plan.posts  # type: ignore[attr-defined]
    assert plan.big_blind_seat == 7  # type: ignore[attr-defined]


def test_BET_NEW_PLAYER_must_post_house_posts_automatically() -> None:
    table = table_with(1, 3, 5)
    table, _ = play(table)
    player = table.sit(seat=2, name="Zoe", stack=500, new_player=NewPlayerRule.MUST_POST)
    assert player.will_post


def test_BET_NEW_PLAYER_wait_house_refuses_a_post() -> None:
    table = table_with(1, 3, 5)
    table, _ = play(table)
    table = table.seated(table.sit(seat=2, name="Zoe", stack=500, new_player=POST_OR_WAIT))
    with pytest.raises(IllegalActionError) as caught:
        table.verify_post(2, new_player=NewPlayerRule.WAIT_FOR_BIG_BLIND)
    assert caught.value.rule_id == "BET-NEW-PLAYER"


def test_missed_blinds_are_owed_on_return_big_live_small_dead() -> None:
    table = table_with(1, 2, 3, 4, 5)
    table, _ = play(table)  # button 1, SB 2, BB 3
    table = table.sat_out(4)
    table, plan = play(table)  # button 2, SB 3, BB would be 4 -> passes to 5
    assert plan.big_blind_seat == 5  # type: ignore[attr-defined]
    assert table.player(4).missed_big  # type: ignore[union-attr]
    table.verify_sit_in(4)
    assert table.sit_in_state(4) is SeatState.WAITING
    table = table.sat_in(4, SeatState.WAITING)
    table, plan = play(table)  # button 3, SB 5 ... seat 4 is behind: waits
    assert 4 not in plan.seats  # type: ignore[attr-defined]
    table = table.will_post(4)
    _, plan = play(table)
    assert Post(4, PostKind.ENTRY, 20) in plan.posts  # type: ignore[attr-defined]


def test_G_BUTTON_dead_button_keeps_the_big_blind_moving_one_player() -> None:
    table = table_with(1, 2, 3, 4)
    table, plan = play(table, rule=ButtonRule.DEAD)  # button 1, SB 2, BB 3
    table = table.left(3)  # the big blind leaves
    _, plan = play(table, rule=ButtonRule.DEAD)
    # BB moves to the next player (4); the small blind would be seat 3, now empty: dead
    # small blind; the button goes to the last small blind's seat (2).
    assert (plan.button, plan.small_blind_seat, plan.big_blind_seat) == (2, None, 4)  # type: ignore[attr-defined]
    assert plan.posts == (Post(4, PostKind.BIG_BLIND, 20),)  # type: ignore[attr-defined]


def test_a_hand_needs_two_players_with_chips() -> None:
    table = table_with(4)
    with pytest.raises(IllegalActionError, match="two players"):
        plan_hand(table, small_blind=10, big_blind=20)


@pytest.mark.parametrize(
    ("seat", "name", "stack", "message"),
    [
        (10, "Zed", 100, "no seat 10: this table has seats 1 to 9"),
        (1, "Zed", 100, "seat 1 is taken by P1; free seats: 3, 4, 5, 6, 7, 8, 9"),
        (3, "p2", 100, "p2 is already seated"),
        (3, "Zed", 0, "needs chips"),
    ],
)
def test_sit_refusals_name_the_problem(seat: int, name: str, stack: int, message: str) -> None:
    table = table_with(1, 2)
    assert not table.can_sit(seat=seat, name=name, stack=stack)
    with pytest.raises(IllegalActionError, match=message):
        table.verify_sit(seat=seat, name=name, stack=stack)


def test_G_TABLE_STAKES_no_chips_added_or_leaving_during_the_hand() -> None:
    table = table_with(1, 2, 3)
    started = table.started(plan_hand(table, small_blind=10, big_blind=20))
    with pytest.raises(IllegalActionError) as caught:
        started.verify_add_chips(2, 100)
    assert caught.value.rule_id == "G-TABLE-STAKES"
    with pytest.raises(IllegalActionError):
        started.verify_leave(2)
    with pytest.raises(IllegalActionError, match="in progress"):
        plan_hand(started, small_blind=10, big_blind=20)


seat_sets = st.lists(st.integers(1, 9), min_size=2, max_size=9, unique=True)


@given(seats=seat_sets, hands=st.integers(1, 12), out=st.lists(st.integers(1, 9), max_size=3))
def test_G_BUTTON_plan_invariants_on_random_tables(seats, hands, out) -> None:  # type: ignore[no-untyped-def]
    table = table_with(*seats)
    for seat in set(out) & set(seats):
        table = table.sat_out(seat)
    playing = sorted(set(seats) - set(out))
    if len(playing) < 2:
        with pytest.raises(IllegalActionError):
            plan_hand(table, small_blind=10, big_blind=20)
        return
    buttons = []
    for _ in range(hands):
        table, plan = play(table)
        buttons.append(plan.button)  # type: ignore[attr-defined]
        dealt = plan.seats  # type: ignore[attr-defined]
        assert sorted(dealt) == playing  # sitting-out players are never dealt in
        assert dealt[-1] == plan.button  # type: ignore[attr-defined]  # PHH order: button last
        assert plan.big_blind_seat in dealt  # type: ignore[attr-defined]
        assert all(post.seat in dealt for post in plan.posts)  # type: ignore[attr-defined]
        if len(dealt) == 2:  # BET-HEADSUP
            assert plan.small_blind_seat == plan.button  # type: ignore[attr-defined]
            assert dealt[0] == plan.big_blind_seat  # type: ignore[attr-defined]
        else:
            assert (plan.small_blind_seat, plan.big_blind_seat) == dealt[:2]  # type: ignore[attr-defined]
    # The button visits the playing seats one by one, clockwise.
    start = playing.index(buttons[0])
    assert buttons == [playing[(start + k) % len(playing)] for k in range(hands)]
