"""DR-DRAW: when the stub runs out, the discards of the others are shuffled into a new stub.

`DiscardsReshuffled` is the dealer's step: refused while the stub can still serve the
player due, it returns every other player's discards (never the served player's own, never
the burns) to the stub, after which those cards may be dealt again.
"""

from __future__ import annotations

import pytest

from dealerassist.cards import UNKNOWN, parse_cards
from dealerassist.engine import CardsDrawn, HandState, evolve
from dealerassist.engine.draws import can_reshuffle, draw_stub, reshuffle
from dealerassist.engine.events import DiscardsReshuffled, DrawDeclared
from dealerassist.errors import IllegalActionError
from tests.engine.helpers import play as act
from tests.engine.test_draw import draw, draw_hand

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
HOLES = ["".join(DECK[5 * p:5 * p + 5]) for p in range(6)]  # 30 dealt
STUB = DECK[30:]  # 22 cards; the burn before the draw leaves 21 to draw from


def _four_drew_five() -> HandState:
    """Six players; players 0-3 drew five each: one card left in the stub, player 4 due."""
    state = act(draw_hand("N2L1D", HOLES), "c", "c", "c", "c", "c", "k")
    assert draw_stub(state) == 21
    for player in range(4):
        state = draw(state, player, HOLES[player], "".join(STUB[5 * player:5 * player + 5]))
    return state


def test_DR_DRAW_reshuffle_refused_while_the_stub_holds_the_cards_due() -> None:
    state = _four_drew_five()
    assert draw_stub(state) == 1
    asked_one = evolve(state, DrawDeclared(4, 1))
    with pytest.raises(IllegalActionError) as error:
        reshuffle(asked_one, 4)
    assert error.value.rule_id == "DR-DRAW" and "still holds 1" in str(error.value)
    asked_two = evolve(state, DrawDeclared(4, 2))
    assert can_reshuffle(asked_two, 4)


def test_DR_DRAW_reshuffle_only_during_a_draw_for_the_player_served() -> None:
    before = act(draw_hand("N2L1D", HOLES), "c", "c")  # the first betting round
    with pytest.raises(IllegalActionError) as error:
        evolve(before, DiscardsReshuffled(2))
    assert error.value.rule_id == "DR-DRAW"
    state = _four_drew_five()
    with pytest.raises(IllegalActionError) as error:
        evolve(state, DiscardsReshuffled(5))  # player 4 is being served, not 5
    assert error.value.rule_id == "DR-DRAW"


def test_DR_DRAW_reshuffle_returns_the_others_discards_which_may_be_dealt_again() -> None:
    state = evolve(_four_drew_five(), DrawDeclared(4, 3))
    shuffled = evolve(state, reshuffle(state, 4))
    assert draw_stub(shuffled) == 1 + 20  # the last stub card and 4 x 5 discards
    assert shuffled.reshuffled == (5, 5, 5, 5, 0, 0)
    # Player 4 gets the last stub card and two discards of player 0, dealt afresh.
    served = draw(shuffled, 4, HOLES[4][:6], STUB[20] + HOLES[0][:4])
    assert set(parse_cards(HOLES[0][:4])) <= set(served.hole[4])
    assert draw_stub(served) == 21 - 3
    # A reshuffled card dealt once is in play: it never comes a second time.
    with pytest.raises(IllegalActionError) as error:
        draw(served, 5, HOLES[5][:2], HOLES[0][:2])
    assert error.value.rule_id == "IRR-DECK"


def test_DR_DRAW_reshuffle_never_returns_the_served_players_own_discards() -> None:
    # Unseen cards, as at the table. Player 0 draws five: four now, the fifth after
    # everyone (DR-DRAW-MAX); the others empty the stub; player 0's fifth is then due.
    state = act(draw_hand("N2L1D", ["??" * 5] * 6), "c", "c", "c", "c", "c", "k")
    state = evolve(state, CardsDrawn(0, (UNKNOWN,) * 5, (UNKNOWN,) * 4))
    for player in (1, 2, 3):
        state = evolve(state, CardsDrawn(player, (UNKNOWN,) * 5, (UNKNOWN,) * 5))
    state = evolve(state, CardsDrawn(4, (UNKNOWN,) * 2, (UNKNOWN,) * 2))
    state = evolve(state, CardsDrawn(5, (), ()))
    assert draw_stub(state) == 0 and state.due_draw == (0,)
    shuffled = evolve(state, reshuffle(state, 0))
    assert shuffled.reshuffled == (0, 5, 5, 5, 2, 0)  # player 0's own five stay out
    assert draw_stub(shuffled) == 17
    with pytest.raises(IllegalActionError) as error:  # the stub serves the fifth now
        reshuffle(shuffled, 0)
    assert error.value.rule_id == "DR-DRAW"
    done = evolve(shuffled, CardsDrawn(0, (), (UNKNOWN,)))
    assert len(done.hole[0]) == 5 and draw_stub(done) == 16
