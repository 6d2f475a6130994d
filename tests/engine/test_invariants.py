"""Invariants under random command sequences (hypothesis).

Whatever a dealer enters, legal or not: an illegal command raises `IllegalActionError`
with a rule ID and leaves the state as it was; chips are conserved at every step
(stacks + bets + pots + rake); limits stay consistent; every hand that ends pays out
exactly what was put in.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from dealerassist.engine import (
    HandSetup,
    Phase,
    new_hand,
)
from dealerassist.rules import default_rules, phh_profile
from tests.engine.helpers import play_random_commands

GAMES = ("NT", "NS", "FT", "PO", "FO/8", "PT", "PO/8")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_commands_never_corrupt_state_and_chips_are_conserved(data) -> None:  # type: ignore[no-untyped-def]
    game = data.draw(st.sampled_from(GAMES), label="game")
    n = data.draw(st.integers(2, 9), label="players")
    stacks = data.draw(st.lists(st.integers(1, 3000), min_size=n, max_size=n), label="stacks")
    rules = data.draw(st.sampled_from([default_rules(), phh_profile()]), label="rules")
    setup = HandSetup.create(game=game, stacks=stacks, small_blind=10, big_blind=20,
                             ante=data.draw(st.sampled_from([0, 0, 5]), label="ante"),
                             rules=rules)
    state = play_random_commands(data, new_hand(setup), total=sum(stacks), steps=120)
    event(f"ended in {state.phase.value}")
    if state.phase is Phase.COMPLETE:
        assert sum(state.won) + state.rake == sum(state.committed) + state.dead_antes
