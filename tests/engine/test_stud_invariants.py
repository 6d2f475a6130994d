"""Stud and draw under random commands (hypothesis): chips conserved, illegal = untouched.

Same invariants as `test_invariants` for F7S, F7S/8, FR and F5S, with bring-ins (posted,
completed, or wrongly refused by a check or fold) among the commands, and for the draw
games with random draws (jacks or better included: passed-out deals keep their antes).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN
from dealerassist.engine import (
    BringInPosted,
    CardsDrawn,
    HandSetup,
    HandState,
    Phase,
    legal_actions,
    new_hand,
)
from dealerassist.rules import default_rules, phh_profile
from tests.engine.helpers import play_random_commands, random_command


def _bring_in_or_command(data, state: HandState):  # type: ignore[no-untyped-def]
    """The bring-in posted (ST-BRINGIN) half the times it is due, else a random command."""
    legal = legal_actions(state)
    if legal is not None and legal.bring_in is not None and data.draw(st.booleans()):
        return BringInPosted(legal.actor, legal.bring_in)
    return random_command(data, state)


def _draw_or_command(data, state: HandState):  # type: ignore[no-untyped-def]
    """A draw of the first seat due (DR-DRAW) five times in six, else a random command."""
    if state.due_draw and data.draw(st.integers(0, 5)) > 0:
        player = state.due_draw[0]
        held = state.hole[player]
        out = data.draw(st.integers(0, len(held)), label="out")
        return CardsDrawn(player, held[:out], (UNKNOWN,) * out)
    return random_command(data, state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_ST_BRINGIN_random_stud_commands_never_corrupt_state_and_chips_are_conserved(
    data,  # type: ignore[no-untyped-def]
) -> None:
    game = data.draw(st.sampled_from(("F7S", "F7S/8", "FR", "F5S")), label="game")
    n = data.draw(st.integers(2, 8), label="players")
    stacks = data.draw(st.lists(st.integers(1, 400), min_size=n, max_size=n), label="stacks")
    rules = data.draw(st.sampled_from([default_rules(), phh_profile()]), label="rules")
    setup = HandSetup.create(game=game, stacks=stacks, ante=data.draw(st.sampled_from([0, 1, 2])),
                             bring_in=data.draw(st.sampled_from([0, 1, 2])), small_bet=4,
                             big_bet=8, rules=rules)
    state = play_random_commands(data, new_hand(setup), total=sum(stacks), steps=150,
                                 choose=_bring_in_or_command)
    if state.phase is Phase.COMPLETE:
        assert sum(state.won) + state.rake == sum(state.committed) + state.dead_antes


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_DR_DRAW_random_draw_commands_never_corrupt_state_and_chips_are_conserved(
    data,  # type: ignore[no-untyped-def]
) -> None:
    game = data.draw(st.sampled_from(("N2L1D", "F2L3D", "FA5L3D", "FB", "F5D", "FJB")),
                     label="game")
    n = data.draw(st.integers(2, 6), label="players")
    stacks = data.draw(st.lists(st.integers(1, 400), min_size=n, max_size=n), label="stacks")
    rules = data.draw(st.sampled_from([default_rules(), phh_profile()]), label="rules")
    antes_only = game in ("F5D", "FJB")
    setup = HandSetup.create(game=game, stacks=stacks, small_blind=0 if antes_only else 1,
                             big_blind=0 if antes_only else 2,
                             ante=data.draw(st.sampled_from([0, 1])) if not antes_only else 1,
                             small_bet=2, big_bet=4, rules=rules)
    state = play_random_commands(data, new_hand(setup), total=sum(stacks), steps=150,
                                 choose=_draw_or_command)
    if state.phase is Phase.COMPLETE and not state.passed_out:
        assert sum(state.won) + state.rake == sum(state.committed) + state.dead_antes
