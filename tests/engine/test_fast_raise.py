"""`raise_allowed` (the replay's check of a bet or raise) says what `verify_bet_or_raise` says.

The replay verifies each recorded bet, raise and bring-in without building `LegalActions`
(issue 7, speed): `raise_allowed` works out only the raise limits (`_raise_range`, shared
with `legal_actions`). One definition of legality: at every decision of the corpus and of
random hands (hypothesis) it must equal `can_bet_or_raise` for the player to act, for
amounts around every limit; the only departure allowed is the jacks-or-better opening bet,
which it leaves to the plain check (False). A replay with the fast paths and one without
(``trace``: every action through `player_action`) give the same events, flags and stacks.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.engine import (
    BringInPosted,
    HandSetup,
    HandState,
    can_bet_or_raise,
    evolve,
    legal_actions,
    new_hand,
)
from dealerassist.engine.betting import raise_allowed
from dealerassist.engine.openers import needs_openers
from dealerassist.journal.phh import load_phh, replay
from dealerassist.rules import default_rules, phh_profile
from dealerassist.rules.model import FixedLimitRules
from tests.engine.helpers import (
    CORPUS,
    HAS_CORPUS,
    corpus_replays,
    deal_holes,
    no_rake,
    play,
    play_random_commands,
    random_command,
)


def _amounts(state: HandState) -> set[int]:
    """Bets to try at a decision: around each limit, the bet to match, the stack, zero."""
    legal = legal_actions(state)
    assert legal is not None
    player = legal.actor
    top = max(state.bets)
    marks = {0, top, top + 1, state.stacks[player] + state.bets[player]}
    for value in (legal.min_raise_to, legal.max_raise_to):
        if value is not None:
            marks.add(value)
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        marks.add((legal.min_raise_to + legal.max_raise_to) // 2)
    return {to + delta for to in marks for delta in (-1, 0, 1) if to + delta >= 0}


def _check_decision(state: HandState) -> int:
    """Compare `raise_allowed` with `can_bet_or_raise` at ``state``; return the cases seen."""
    legal = legal_actions(state)
    if legal is None:
        return 0
    player = legal.actor
    setup = state.setup
    openers = state.street_index == 0 and state.opened_by < 0 and needs_openers(setup.game,
                                                                                setup.rules)
    seen = 0
    for to in _amounts(state):
        fast = raise_allowed(state, player, to)
        plain = can_bet_or_raise(state, player, to)
        if openers:
            assert not fast  # JB-OPEN: left to the plain check
        else:
            assert fast == plain, (setup.game.code, to, legal)
        seen += 1
    return seen


@pytest.mark.skipif(not HAS_CORPUS, reason="PHH corpus not available")
def test_BET_FL_SIZES_raise_allowed_equals_the_plain_check_at_every_corpus_decision() -> None:
    checked = 0
    variants: set[str] = set()
    for variant, state, recorded in corpus_replays(25):
        variants.add(variant)
        for event in recorded:
            checked += _check_decision(state)
            state = evolve(state, event)
    assert checked > 2000
    assert {"NT", "FT", "PO", "F7S", "FR", "F2L3D", "FB"} <= variants


@pytest.mark.skipif(not HAS_CORPUS, reason="PHH corpus not available")
def test_replay_fast_paths_give_the_events_and_flags_of_the_plain_path() -> None:
    compared = 0
    per_variant: dict[str, int] = {}
    for path in sorted((CORPUS / "phh").rglob("*.phh")):
        history = load_phh(path)
        if per_variant.get(history.variant, 0) >= 15:
            continue
        try:
            fast = replay(history)
        except Exception:  # noqa: BLE001 - a hand the corpus test rules on separately
            continue
        per_variant[history.variant] = per_variant.get(history.variant, 0) + 1
        plain = replay(history, trace=True)  # trace: every action through player_action
        assert fast.events == plain.events
        assert fast.flags == plain.flags
        assert fast.state == plain.state
        compared += 1
    assert compared > 60


def test_ST_OPEN_PAIR_raise_allowed_takes_the_small_or_the_big_bet_nothing_between() -> None:
    rules = dataclasses.replace(no_rake(), fixed_limit=FixedLimitRules(open_pair_big_bet=True))
    setup = HandSetup.create(game="F7S", stacks=(1000, 1000, 1000), ante=1, bring_in=2,
                             small_bet=4, big_bet=8, rules=rules)
    # Third street: p1 (the deuce) brings in, everyone calls; fourth street: p0 pairs nines.
    state = deal_holes(new_hand(setup), ["AhKd 9c", "8s3s 2d", "QhQd Jc"])
    state = play(state, "b", "c", "c", bring_in="b")
    state = deal_holes(state, ["9d", "4d", "5c"])
    assert state.actor == 0
    assert [to for to in range(0, 12) if raise_allowed(state, 0, to)] == [4, 8]
    assert _check_decision(state) > 0


def _choose(data, state: HandState):  # type: ignore[no-untyped-def]
    """Check the decision, then play a random command (the bring-in posted half the time)."""
    _check_decision(state)
    legal = legal_actions(state)
    if legal is not None and legal.bring_in is not None and data.draw(st.booleans()):
        return BringInPosted(legal.actor, legal.bring_in)
    return random_command(data, state)


_GAMES = ("NT", "FT", "PO", "FO/8", "F7S", "F7S/8", "FR", "F5S", "F2L3D", "FB", "N2L1D",
          "FJB")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_BET_FL_CAP_raise_allowed_equals_the_plain_check_on_random_hands(
    data,  # type: ignore[no-untyped-def]
) -> None:
    game = data.draw(st.sampled_from(_GAMES), label="game")
    n = data.draw(st.integers(2, 6), label="players")
    stacks = data.draw(st.lists(st.integers(1, 300), min_size=n, max_size=n), label="stacks")
    rules = data.draw(st.sampled_from([default_rules(), phh_profile()]), label="rules")
    if data.draw(st.booleans(), label="house options"):
        # ST-OPEN-PAIR and the half-bet all-in reopening (BET-SHORT-ALLIN) switched on.
        rules = dataclasses.replace(rules, fixed_limit=FixedLimitRules(
            open_pair_big_bet=True, half_bet_allin_reopens=True))
    stud = game in ("F7S", "F7S/8", "FR", "F5S")
    blinds = not stud and game != "FJB"
    setup = HandSetup.create(
        game=game, stacks=stacks, rules=rules, small_bet=4, big_bet=8,
        small_blind=1 if blinds else 0, big_blind=2 if blinds else 0,
        ante=data.draw(st.sampled_from([0, 1, 2]), label="ante") if not blinds else 0,
        bring_in=data.draw(st.sampled_from([1, 2]), label="bring-in") if stud else 0,
    )
    play_random_commands(data, new_hand(setup), total=sum(stacks), steps=120, choose=_choose)
