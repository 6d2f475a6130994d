"""How the console draws stud up cards, draw counts and hi/lo results (fed view-models).

The stud and draw engines are not written yet; these tests pin the drawing of what their
presenter will give (SeatView.up_cards / down_count / drawn_count, hi/lo awards).
"""

from __future__ import annotations

from dealerassist.session.viewmodels import (
    ActionBarView,
    PotAwardView,
    PotView,
    SeatMarker,
    SeatStatus,
    SeatView,
    ShareKind,
    ShowdownPotView,
    ShowdownView,
    TableView,
)


def test_stud_seats_show_down_cards_then_up_cards_and_the_bring_in(window):
    view = TableView(game="Seven card stud", street="3rd street", seats=(
        SeatView(seat=1, name="Ann", stack=95, bet=5, status=SeatStatus.ACTIVE,
                 marker=SeatMarker.BRING_IN, up_cards=("2c",), down_count=2),
        SeatView(seat=2, name="Ben", stack=98, status=SeatStatus.TO_ACT,
                 up_cards=("Kh",), down_count=2),
    ), pots=(PotView(label="Main", amount=4, eligible_seats=(1, 2)),),
        action=ActionBarView(seat=2, name="Ben", stack=98, to_call=5, can_check=False,
                             min_raise_to=15, max_raise_to=15, raises_left=3, pot_size=9,
                             current_bet=5, structure="FL"))
    window.render(view)
    ann = window.table.seats[1]
    assert ann.cards_row.cards == ("??", "??", "2c")
    assert ann.marker_label.text() == "BI"  # ST-BRINGIN
    assert window.table.board.cards == () and not window.table.board.isVisibleTo(window)
    assert window.action_bar.limits_label.text() == "Raise to 15"  # ST-COMPLETE: one size
    assert "Raises left: 3" in window.action_bar.detail_label.text()


def test_draw_seats_show_how_many_cards_were_drawn(window):
    view = TableView(game="2-7 Triple Draw", street="2nd draw", seats=(
        SeatView(seat=1, name="Ann", stack=80, status=SeatStatus.ACTIVE, down_count=5,
                 drawn_count=2),
        SeatView(seat=2, name="Ben", stack=80, status=SeatStatus.ACTIVE, down_count=5,
                 drawn_count=0),
    ))
    window.render(view)
    assert "drew 2" in window.table.seats[1].status_label.text()
    assert "stood pat" in window.table.seats[2].status_label.text()
    assert window.table.seats[1].cards_row.cards == ("??",) * 5


def test_hi_lo_results_show_halves_and_no_qualifying_low(window):
    showdown = ShowdownView(pots=(
        ShowdownPotView(label="Main", amount=121, low_qualified=True, awards=(
            PotAwardView(seat=2, name="Ben", amount=61, share=ShareKind.HIGH, odd_chips=1),
            PotAwardView(seat=3, name="Cy", amount=60, share=ShareKind.LOW),
        )),
        ShowdownPotView(label="Side 1", amount=40, low_qualified=False, awards=(
            PotAwardView(seat=2, name="Ben", amount=40),
        )),
    ), confirmed=True)
    window.render(TableView(showdown=showdown))
    lines = window.showdown.pot_lines
    # O8-SPLIT-ODD: the odd chip goes to the high half
    assert lines[0] == ("Main pot 121: seat 2 Ben wins 61 (high), odd chip 1; "
                        "seat 3 Cy wins 60 (low)")
    # O8-QUALIFY: no low, the high hand scoops
    assert lines[1] == "Side pot 1 40 · no qualifying low: seat 2 Ben wins 40"
    assert not window.showdown.confirm_button.isEnabled()
