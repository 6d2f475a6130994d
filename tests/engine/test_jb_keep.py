"""JB-KEEP in the engine: the request, the opener's muck refused, the show after the pot.

Jacks or better, three players, ante 1, bets 2/4, known cards: p0 opens with a pair of
jacks and draws three; p1 calls and draws one; p2 folds.
"""

from __future__ import annotations

import pytest

from dealerassist.cards import parse_cards
from dealerassist.engine import (
    BetPlaced,
    Called,
    CardsDrawn,
    CardsShown,
    Checked,
    Folded,
    HandSetup,
    HoleCardsDealt,
    Mucked,
    Phase,
    evolve,
    evolve_all,
    new_hand,
    settle,
)
from dealerassist.engine.keep import (
    ask_keep,
    can_ask_keep,
    can_show_opening,
    keep_standing,
    known_opening_hand,
    opening_holds_openers,
    opening_show_due,
    show_opening,
    verify_show_opening,
)
from dealerassist.errors import IllegalActionError
from dealerassist.rules import default_rules


def _dealt(game: str = "FJB"):  # noqa: ANN202
    setup = HandSetup.create(game=game, stacks=(100, 100, 100), ante=1, small_bet=2,
                             big_bet=4, rules=default_rules())
    return evolve_all(new_hand(setup), [
        HoleCardsDealt(0, parse_cards("Jh Jd 2c 5s 9h")),
        HoleCardsDealt(1, parse_cards("Ah Kh Qh Th 3c")),
        HoleCardsDealt(2, parse_cards("7c 7d 8s 4h 6d")),
    ])


def _to_showdown(state):  # noqa: ANN001, ANN202
    state = evolve_all(state, [
        BetPlaced(0, 2), Called(1, 2), Folded(2),
        CardsDrawn(0, parse_cards("2c 5s 9h"), parse_cards("Jc 3d 4d")),
        CardsDrawn(1, parse_cards("3c"), parse_cards("2h")),
        Checked(0), Checked(1),
    ])
    assert state.phase is Phase.SHOWDOWN
    return state


def test_JB_KEEP_asked_only_in_a_game_with_openers_after_the_opening_by_another_player() -> None:
    state = _dealt()
    assert not can_ask_keep(state, 1)  # nobody opened
    state = evolve(state, BetPlaced(0, 2))
    assert not can_ask_keep(state, 0)  # the opener
    assert not can_ask_keep(state, 3)  # no such player
    assert can_ask_keep(state, 2)
    event = ask_keep(state, 1)
    state = evolve(state, event)
    assert state.keep_asked_by == 1 and keep_standing(state) and not opening_show_due(state)
    with pytest.raises(IllegalActionError) as error:
        ask_keep(state, 2)
    assert error.value.rule_id == "JB-KEEP"  # asked already
    board = HandSetup.create(game="FT", stacks=(100, 100), small_blind=1, big_blind=2,
                             rules=default_rules())
    holdem = evolve_all(new_hand(board), [HoleCardsDealt(0, parse_cards("Ah Ad")),
                                          HoleCardsDealt(1, parse_cards("Kh Kd")),
                                          BetPlaced(1, 4)])
    assert not can_ask_keep(holdem, 0)


def test_JB_KEEP_the_openers_muck_is_refused_and_the_opening_hand_shown_after_the_pot() -> None:
    state = _to_showdown(_dealt())
    state = evolve(state, ask_keep(state, 1))
    with pytest.raises(IllegalActionError) as error:
        evolve(state, Mucked(0))
    assert error.value.rule_id == "JB-KEEP"
    opening = parse_cards("Jh Jd 2c 5s 9h")
    assert not can_show_opening(state, 0, opening)  # not before the pot is awarded
    state = evolve_all(state, [CardsShown(0, parse_cards("Jh Jd Jc 3d 4d")),
                               CardsShown(1, parse_cards("Ah Kh Qh Th 2h"))])
    state = evolve_all(state, settle(state))
    assert state.phase is Phase.COMPLETE and opening_show_due(state)
    assert state.stacks == (97, 104, 99)  # the flush wins 3 antes and two bets of 2
    assert known_opening_hand(state) is None  # p0 drew: the discards are not the hand's
    for wrong, rule in ((parse_cards("Jh Jd 2c 5s"), "JB-KEEP"),  # four cards
                        (parse_cards("Jh Jd Jc 5s 9h"), "JB-KEEP"),  # Jc came in the draw
                        (parse_cards("Jh Jd 2c 5s Ah"), "IRR-DECK"),  # p1's card
                        (parse_cards("Jh Jd 2c 5s 8h"), "JB-KEEP")):  # 9h was discarded
        with pytest.raises(IllegalActionError) as error:
            verify_show_opening(state, 0, wrong)
        assert error.value.rule_id == rule, wrong
    with pytest.raises(IllegalActionError):
        show_opening(state, 1, parse_cards("Ah Kh Qh Th 3c"))  # p1 did not open
    state = evolve(state, show_opening(state, 0, opening))
    assert state.opening_shown and state.opening_hand == opening
    assert opening_holds_openers(state) is True and not keep_standing(state)
    assert not can_show_opening(state, 0, opening)  # once
    assert state.total_chips == 300


def test_JB_KEEP_thrown_away_unshown_holds_no_openers() -> None:
    state = _to_showdown(_dealt())
    state = evolve(state, ask_keep(state, 2))  # p2 folded, still a player of the hand
    assert state.keep_asked_by == 2
    state = evolve_all(state, [CardsShown(0, parse_cards("Jh Jd Jc 3d 4d")),
                               CardsShown(1, parse_cards("Ah Kh Qh Th 2h"))])
    state = evolve_all(state, settle(state))
    state = evolve(state, show_opening(state, 0, ()))
    assert state.opening_shown and state.opening_hand == ()
    assert opening_holds_openers(state) is False
