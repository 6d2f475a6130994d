"""Stud and draw under random commands (hypothesis): chips conserved, illegal = untouched.

Same invariants as `test_invariants` for F7S, F7S/8, FR and F5S, with bring-ins (posted,
completed, or wrongly refused by a check or fold) among the commands, and for the draw
games with random draws (jacks or better included: passed-out deals keep their antes).
"""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN
from dealerassist.engine import (
    BringInPosted,
    CardsDrawn,
    CardsShown,
    HandSetup,
    Phase,
    apply,
    legal_actions,
    new_hand,
)
from dealerassist.errors import IllegalActionError
from dealerassist.rules import default_rules, phh_profile
from tests.engine.test_invariants import _check, _command


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
    state = new_hand(setup)
    total = sum(stacks)
    _check(state, total)
    for _ in range(150):
        if state.phase is Phase.COMPLETE:
            break
        legal = legal_actions(state)
        try:
            if legal is not None and legal.bring_in is not None and data.draw(st.booleans()):
                command = BringInPosted(legal.actor, legal.bring_in)
            else:
                command = _command(data, state)
        except IllegalActionError:
            command = CardsShown(0, ())
        snapshot = copy.deepcopy(state)
        try:
            new = apply(state, command)
        except IllegalActionError as error:
            assert error.rule_id, f"no rule ID for {command}: {error}"
            assert state == snapshot
            continue
        state = new
        _check(state, total)
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
    state = new_hand(setup)
    total = sum(stacks)
    _check(state, total)
    for _ in range(150):
        if state.phase is Phase.COMPLETE:
            break
        try:
            if state.due_draw and data.draw(st.integers(0, 5)) > 0:
                player = state.due_draw[0]
                held = state.hole[player]
                out = data.draw(st.integers(0, len(held)), label="out")
                command: object = CardsDrawn(player, held[:out], (UNKNOWN,) * out)
            else:
                command = _command(data, state)
        except IllegalActionError:
            command = CardsShown(0, ())
        snapshot = copy.deepcopy(state)
        try:
            new = apply(state, command)  # type: ignore[arg-type]
        except IllegalActionError as error:
            assert error.rule_id, f"no rule ID for {command}: {error}"
            assert state == snapshot
            continue
        state = new
        _check(state, total)
    if state.phase is Phase.COMPLETE and not state.passed_out:
        assert sum(state.won) + state.rake == sum(state.committed) + state.dead_antes
