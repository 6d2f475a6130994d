"""`pots` without side pots (one pot, every contender level) gives what `pots_from` gives.

`pots` skips the layering when every player still in the hand put in the most anyone did
(issue 7, replay speed: the usual showdown). At every state of corpus hands and of random
hands (hypothesis, folds, all-ins and uncalled bets among them) it must equal the layered
definition (POT-MAIN-SIDE, POT-FOLDED, POT-ABANDONED).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.engine import HandSetup, HandState, evolve, new_hand, pots
from dealerassist.engine.pots import Pot, pots_from
from dealerassist.rules import default_rules, phh_profile
from tests.engine.helpers import (
    HAS_CORPUS,
    corpus_replays,
    play_random_commands,
    random_command,
)


def _layered(state: HandState) -> tuple[Pot, ...]:
    """`pots` as it was: G-WIN-FOLD for one contender, else `pots_from` layer by layer."""
    in_hand = tuple(not f and not m for f, m in zip(state.folded, state.mucked, strict=True))
    if in_hand.count(True) == 1:
        total = sum(state.committed) + state.dead_antes
        return (Pot(total, (in_hand.index(True),)),) if total else ()
    pending = tuple(c + b for c, b in zip(state.committed, state.bets, strict=True))
    return pots_from(state.committed, in_hand=in_hand, dead=state.dead_antes, pending=pending)


@pytest.mark.skipif(not HAS_CORPUS, reason="PHH corpus not available")
def test_POT_MAIN_SIDE_pots_equal_the_layered_definition_at_every_corpus_state() -> None:
    checked = one_pot = 0
    variants: set[str] = set()
    for variant, state, recorded in corpus_replays(40):
        variants.add(variant)
        for event in recorded:
            state = evolve(state, event)
            assert pots(state) == _layered(state)
            one_pot += len(pots(state)) == 1 and len(pots(state)[0].eligible) > 1
            checked += 1
    assert checked > 1500 and one_pot > 300, (checked, one_pot)


def _choose(data, state: HandState):  # type: ignore[no-untyped-def]
    assert pots(state) == _layered(state)
    return random_command(data, state)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_POT_FOLDED_pots_equal_the_layered_definition_on_random_hands(
    data,  # type: ignore[no-untyped-def]
) -> None:
    game = data.draw(st.sampled_from(("NT", "PO", "FT", "F2L3D")), label="game")
    n = data.draw(st.integers(2, 6), label="players")
    stacks = data.draw(st.lists(st.integers(1, 60), min_size=n, max_size=n), label="stacks")
    rules = data.draw(st.sampled_from([default_rules(), phh_profile()]), label="rules")
    setup = HandSetup.create(game=game, stacks=stacks, small_blind=1, big_blind=2,
                             ante=data.draw(st.sampled_from([0, 1]), label="ante"),
                             small_bet=2, big_bet=4, rules=rules)
    play_random_commands(data, new_hand(setup), total=sum(stacks), steps=80, choose=_choose)
