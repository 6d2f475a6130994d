"""DR-DRAW-MAX (four in a row, the fifth after everyone) and DR-CHANGE (changing the number).

Players are PHH indices (0 = first left of the button, n-1 the button). Every refusal is
checked for its rule ID and for leaving the state exactly as it was.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN, parse_cards
from dealerassist.engine import HandState, Phase, evolve
from dealerassist.engine.draws import (
    FivePlan,
    can_declare,
    can_draw,
    can_fifth_card,
    declare,
    declared,
    draw,
    fifth_card,
    fifth_due,
    five_card_plan,
    next_to_declare,
    verify_draw,
)
from dealerassist.engine.events import CardsDrawn, DrawDeclared
from dealerassist.errors import IllegalActionError
from tests.engine.helpers import play as act
from tests.engine.test_draw import draw_hand

HOLES = ["KsKdKcKh2d", "7s5d4c3h2c", "9c8d7h6s2h"]


def before_draw(holes: list[str] | None = None, game: str = "N2L1D") -> HandState:
    """Three players, blinds called and checked: the draw is due, player 0 first."""
    holes = holes or HOLES
    kw = {"small_bet": 2, "big_bet": 4} if game.startswith("F") else {}
    state = draw_hand(game, holes, **kw)
    state = act(state, "c", "c", "k")
    assert state.phase is Phase.DEALING and state.due_draw == (0, 1, 2)
    return state


def refused(state: HandState, event: object, rule_id: str) -> None:
    """The event is refused with ``rule_id`` and the state is untouched."""
    snapshot = state
    with pytest.raises(IllegalActionError) as error:
        evolve(state, event)
    assert error.value.rule_id == rule_id, error.value
    assert state == snapshot


def cards(text: str) -> tuple:
    return tuple(parse_cards(text)) if text else ()


# ----- DR-DRAW-MAX ---------------------------------------------------------------------


def test_DR_DRAW_MAX_five_asked_first_gets_four_now_and_the_fifth_after_everyone() -> None:
    state = before_draw()
    assert five_card_plan(state, 0) is FivePlan.AFTER_EVERYONE
    state = evolve(state, draw(state, 0, cards("KsKdKcKh2d"), cards("3c4d5h6c")))
    # Four dealt; player 0 waits at the end of the draw for the fifth.
    assert state.hole[0] == cards("3c4d5h6c")
    assert state.due_draw == (1, 2) + (0,) and state.draw_owed == (0,)
    assert fifth_due(state) is None
    refused(state, CardsDrawn(0, (), cards("7c")), "DR-DRAW-MAX")  # before the others
    state = evolve(state, CardsDrawn(1, (), ()))
    state = evolve(state, CardsDrawn(2, cards("9c"), cards("Ac")))
    # Everyone else has drawn; the betting does not start before the fifth card.
    assert state.phase is Phase.DEALING and state.actor is None and fifth_due(state) == 0
    state = evolve(state, fifth_card(state, 0, cards("7c")[0]))
    assert state.hole[0] == cards("3c4d5h6c7c") and state.draw_owed == ()
    assert state.burns == 0  # not the last to draw: no burn before the fifth
    assert state.phase is Phase.BETTING and state.actor == 0
    assert state.discards[0] == cards("KsKdKcKh2d")


def test_DR_DRAW_MAX_last_to_draw_gets_four_a_burn_then_the_fifth() -> None:
    state = before_draw(["7s5d4c3h2c", "9c8d7h6s2h", "KsKdKcKh2d"])
    state = evolve(state, CardsDrawn(0, (), ()))
    state = evolve(state, CardsDrawn(1, cards("9c"), cards("Ac")))
    assert five_card_plan(state, 2) is FivePlan.LAST_BURN
    burns = state.burns
    state = evolve(state, draw(state, 2, cards("KsKdKcKh2d"), cards("3d4d5h6c")))
    assert state.due_draw == (2,) and state.draw_burn == 2 and fifth_due(state) == 2
    assert five_card_plan(state, 2) is FivePlan.LAST_BURN
    assert state.phase is Phase.DEALING
    state = evolve(state, fifth_card(state, 2, cards("8s")[0]))
    assert state.burns == burns + 1  # the burn before the fifth is counted
    assert state.draw_burn == -1 and state.hole[2] == cards("3d4d5h6c8s")
    assert state.phase is Phase.BETTING and state.actor == 0


def test_DR_DRAW_MAX_five_at_once_refused_unless_last_but_a_record_still_applies() -> None:
    state = before_draw()
    with pytest.raises(IllegalActionError) as error:
        verify_draw(state, 0, cards("KsKdKcKh2d"), cards("3c4d5h6c7c"))
    assert error.value.rule_id == "DR-DRAW-MAX"
    assert not can_draw(state, 0, cards("KsKdKcKh2d"), cards("3c4d5h6c7c"))
    # What happened is applied as recorded (a replay flags it): no card is owed.
    after = evolve(state, CardsDrawn(0, cards("KsKdKcKh2d"), cards("3c4d5h6c7c")))
    assert after.due_draw == (1, 2) and after.draw_owed == () and after.burns == 0
    # The last to draw may get the five in one go: four, a burn, the fifth.
    last = evolve(evolve(state, CardsDrawn(0, (), ())), CardsDrawn(1, (), ()))
    assert can_draw(last, 2, cards("9c8d7h6s2h"), cards("3c4d5h6cAc"))
    assert evolve(last, CardsDrawn(2, cards("9c8d7h6s2h"), cards("3c4d5h6cAc"))).burns == 1


def test_DR_DRAW_MAX_the_fifth_is_one_card_with_nothing_discarded() -> None:
    state = before_draw()
    state = evolve(state, CardsDrawn(0, cards("KsKdKcKh2d"), cards("3c4d5h6c")))
    state = evolve(evolve(state, CardsDrawn(1, (), ())), CardsDrawn(2, (), ()))
    refused(state, CardsDrawn(0, (), cards("7c8c")), "DR-DRAW-MAX")
    refused(state, CardsDrawn(0, cards("3c"), cards("7c")), "DR-DRAW-MAX")
    refused(state, CardsDrawn(0, (), cards("Ks")), "IRR-DECK")  # a discard does not come back
    assert not can_fifth_card(state, 1, cards("7c")[0])
    assert can_fifth_card(state, 0, cards("7c")[0])


def test_DR_DRAW_MAX_four_received_for_four_or_three_discarded_is_not_a_partial_draw() -> None:
    state = before_draw()
    refused(state, CardsDrawn(0, cards("KsKdKc"), cards("3c4d5h6c")), "DR-DRAW")
    refused(state, CardsDrawn(0, cards("KsKdKcKh2d"), cards("3c4d5h")), "DR-DRAW")
    state = evolve(state, CardsDrawn(0, cards("KsKdKcKh"), cards("3c4d5h6c")))
    assert state.draw_owed == () and state.due_draw == (1, 2)  # four in a row: complete


def test_DR_DRAW_MAX_two_draws_of_five_fifths_in_order_burn_only_for_the_last() -> None:
    state = before_draw(["KsKdKcKh2d", "7s5d4c3h2c", "QsQdQcQh3d"])
    state = evolve(state, CardsDrawn(0, cards("KsKdKcKh2d"), cards("3c4d5h6c")))
    state = evolve(state, CardsDrawn(1, (), ()))
    state = evolve(state, CardsDrawn(2, cards("QsQdQcQh3d"), cards("8c8d8h8s")))
    assert state.due_draw == (0, 2) and state.draw_owed == (0, 2) and state.draw_burn == 2
    refused(state, CardsDrawn(2, (), cards("9s")), "DR-DRAW-MAX")  # player 0's fifth first
    state = evolve(state, CardsDrawn(0, (), cards("7c")))
    assert state.burns == 0 and state.phase is Phase.DEALING
    state = evolve(state, CardsDrawn(2, (), cards("9s")))
    assert state.burns == 1 and state.phase is Phase.BETTING
    assert [len(h) for h in state.hole] == [5, 5, 5]


def test_DR_DRAW_MAX_unknown_cards_at_the_table_four_then_one() -> None:
    state = before_draw(["??" * 5] * 3)
    state = evolve(state, CardsDrawn(0, (UNKNOWN,) * 5, (UNKNOWN,) * 4))
    state = evolve(evolve(state, CardsDrawn(1, (), ())), CardsDrawn(2, (), ()))
    state = evolve(state, CardsDrawn(0, (), (UNKNOWN,)))
    assert state.hole[0] == (UNKNOWN,) * 5 and state.phase is Phase.BETTING


# ----- DR-CHANGE -----------------------------------------------------------------------


def test_DR_CHANGE_the_number_may_change_until_a_card_is_pulled() -> None:
    state = before_draw()
    assert next_to_declare(state) == 0
    state = evolve(state, declare(state, 0, 2))
    assert declared(state, 0) == 2 and next_to_declare(state) == 1
    state = evolve(state, declare(state, 0, 3))  # changed before any card: allowed
    assert declared(state, 0) == 3
    refused(state, CardsDrawn(0, cards("KsKd"), cards("3c4d")), "DR-CHANGE")  # not the 3
    state = evolve(state, CardsDrawn(0, cards("KsKd2d"), cards("3c4d5h")))
    # A card was pulled for player 0: the number is final.
    refused(state, DrawDeclared(0, 1), "DR-CHANGE")
    assert not can_declare(state, 0, 1)
    assert declared(state, 0) is None  # the announcement is spent once dealt


def test_DR_CHANGE_refused_once_the_next_player_acted_on_their_own_number() -> None:
    state = before_draw()
    state = evolve(state, DrawDeclared(0, 2))
    state = evolve(state, DrawDeclared(1, 0))
    refused(state, DrawDeclared(0, 1), "DR-CHANGE")
    # The next player may still change theirs: nobody acted after them.
    state = evolve(state, DrawDeclared(1, 1))
    assert declared(state, 1) == 1
    refused(state, CardsDrawn(0, cards("Ks"), cards("3c")), "DR-CHANGE")
    state = evolve(state, CardsDrawn(0, cards("KsKd"), cards("3c4d")))
    refused(state, CardsDrawn(1, (), ()), "DR-CHANGE")  # declared one, stands pat


def test_DR_CHANGE_declarations_come_in_draw_order() -> None:
    state = before_draw()
    refused(state, DrawDeclared(1, 2), "IRR-OUT-OF-TURN")
    refused(state, DrawDeclared(0, 6), "DR-DRAW")  # holds five
    state = evolve(state, DrawDeclared(0, 5))
    state = evolve(state, CardsDrawn(0, cards("KsKdKcKh2d"), cards("3c4d5h6c")))
    refused(state, DrawDeclared(0, 4), "DR-CHANGE")  # four pulled, the fifth still owed


def test_DR_CHANGE_announcements_do_not_carry_to_the_next_draw() -> None:
    state = before_draw(game="F2L3D")
    state = evolve(state, DrawDeclared(0, 1))
    state = evolve(state, CardsDrawn(0, cards("Ks"), cards("3c")))
    state = evolve(evolve(state, CardsDrawn(1, (), ())), CardsDrawn(2, (), ()))
    assert state.draw_declared == ()
    state = act(state, "k", "k", "k")
    assert state.due_draw == (0, 1, 2) and declared(state, 0) is None
    state = evolve(state, CardsDrawn(0, cards("Kd"), cards("3d")))  # any number again
    assert state.hole[0][-1] == cards("3d")[0]


# ----- invariants ------------------------------------------------------------------------

_STEP = st.tuples(st.sampled_from(["declare", "draw", "fifth", "five_at_once"]),
                  st.integers(0, 2), st.integers(0, 5))


@settings(max_examples=60, deadline=None)
@given(st.lists(_STEP, min_size=1, max_size=30))
def test_DR_DRAW_MAX_DR_CHANGE_refusals_leave_the_state_untouched(steps: list) -> None:
    """Random announcements, draws and fifth cards (unseen cards, as at the table).

    A refused event changes nothing; the chips never move during the draw; the betting
    starts only when every player holds five cards and nobody is owed one.
    """
    state = before_draw(["??" * 5] * 3)
    chips = state.total_chips
    for kind, player, count in steps:
        held = state.hole[player]
        if kind == "declare":
            event: object = DrawDeclared(player, count)
        elif kind == "draw":
            event = CardsDrawn(player, held[:count], (UNKNOWN,) * min(count, 4))
        elif kind == "fifth":
            event = CardsDrawn(player, (), (UNKNOWN,))
        else:
            event = CardsDrawn(player, held[:5], (UNKNOWN,) * 5)
        snapshot = state
        try:
            state = evolve(state, event)
        except IllegalActionError as error:
            assert error.rule_id, error
            assert state == snapshot
            continue
        assert state.total_chips == chips
        if state.phase is not Phase.DEALING:
            assert state.phase is Phase.BETTING
            assert all(len(h) == 5 for h in state.hole) and state.draw_owed == ()
            break
        assert all(len(h) >= 4 for h in state.hole)


# ----- PHH: export and replay of a draw of five ------------------------------------------


def _played_with_five(holes: list[str], draws: list[tuple[int, str, str]]) -> tuple:
    """Play the hand to the showdown: ``draws`` are (player, discards, cards received)."""
    from dealerassist.engine import (
        CardsShown,
        HandSetup,
        apply,
        check_or_call,
        deal_hole,
        evolve_all,
        new_hand,
        settle,
    )
    from dealerassist.rules import phh_profile

    setup = HandSetup.create(game="N2L1D", stacks=(100, 100, 100), small_blind=1,
                             big_blind=2, rules=phh_profile())
    state = new_hand(setup)
    events: list = []
    for player, text in enumerate(holes):
        events.append(deal_hole(state, player, parse_cards(text)))
        state = apply(state, events[-1])
    first = DrawDeclared(draws[0][0], len(cards(draws[0][1])))  # announced, then dealt
    for event in [first, *(CardsDrawn(p, cards(out), cards(got))
                                        for p, out, got in draws)]:
        while state.phase is Phase.BETTING:
            events.append(check_or_call(state, state.actor))
            state = apply(state, events[-1])
        events.append(event)
        state = evolve(state, event)
    while state.phase is Phase.BETTING:
        events.append(check_or_call(state, state.actor))
        state = apply(state, events[-1])
    events += [CardsShown(p, state.hole[p]) for p in state.in_hand]
    state = evolve_all(state, events[-len(state.in_hand):])
    return setup, events, evolve_all(state, settle(state))


def test_DR_DRAW_MAX_phh_export_writes_two_dh_actions_and_reimport_gives_the_same_hand() -> None:
    from dealerassist.journal.phh import parse_phh, replay, to_phh

    setup, events, settled = _played_with_five(
        HOLES, [(0, "KsKdKcKh2d", "3c4d5h6c"), (1, "", ""), (2, "9c", "Ac"), (0, "", "7c")])
    text = to_phh(setup, events)
    actions = [line.strip().strip('",') for line in text.splitlines() if line.startswith("  ")]
    draw_actions = actions[actions.index("p1 sd KsKdKcKh2d"):]
    assert draw_actions[:6] == ["p1 sd KsKdKcKh2d", "d dh p1 3c4d5h6c", "p2 sd", "p3 sd 9c",
                                "d dh p3 Ac", "d dh p1 7c"]
    again = replay(parse_phh(text))
    assert again.final_stacks == settled.stacks
    facts = [e for e in events if not isinstance(e, DrawDeclared)]  # no PHH action for it
    assert list(again.events[:len(facts)]) == facts
    assert again.state.hole[0] == cards("3c4d5h6c7c") and not again.flags


def test_DR_DRAW_MAX_phh_five_at_once_replays_as_recorded_and_is_flagged() -> None:
    from dealerassist.journal.phh import parse_phh, replay, to_phh

    setup, events, settled = _played_with_five(
        HOLES, [(0, "KsKdKcKh2d", "3c4d5h6c"), (1, "", ""), (2, "9c", "Ac"), (0, "", "7c")])
    text = to_phh(setup, events)
    # As another tool writes it: the five cards in one action, before the others draw.
    text = text.replace('"d dh p1 3c4d5h6c",', '"d dh p1 3c4d5h6c7c",')
    text = text.replace('  "d dh p1 7c",\n', "")
    again = replay(parse_phh(text))
    assert again.final_stacks == settled.stacks
    assert [f.rule_id for f in again.flags] == ["DR-DRAW-MAX"]
    # The last to draw may get four, a burn and the fifth in one action: no flag.
    setup, events, settled = _played_with_five(
        ["7s5d4c3h2c", "9c8d7h6s2h", "KsKdKcKh2d"],
        [(0, "", ""), (1, "9c", "Ac"), (2, "KsKdKcKh2d", "3c4d5h6c"), (2, "", "7c")])
    text = to_phh(setup, events)
    assert '"d dh p3 3c4d5h6c",\n  "d dh p3 7c",' in text
    again = replay(parse_phh(text.replace('"d dh p3 3c4d5h6c",\n  "d dh p3 7c",',
                                          '"d dh p3 3c4d5h6c7c",')))
    assert again.final_stacks == settled.stacks and not again.flags
