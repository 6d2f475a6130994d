"""`deal_in_turn` (the hole cards of a street applied together) is `evolve` folded over them.

The replay applies each street's ``d dh`` actions as one run (issue 7, speed); the state
must be exactly the fold of `evolve` over the same events, and a run that cannot be
applied in turn must be refused (with a rule ID) without changing anything: on every
street of the corpus and on random runs (hypothesis) with wrong players, wrong counts,
cards seen twice and unknown cards.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN, Card
from dealerassist.engine import HandSetup, HandState, HoleCardsDealt, evolve, new_hand
from dealerassist.engine.dealing import deal_in_turn
from dealerassist.errors import IllegalActionError
from dealerassist.journal.phh import replay
from tests.engine.helpers import HAS_CORPUS, corpus_replays


def _fold(state: HandState, events: list[HoleCardsDealt]) -> HandState:
    for event in events:
        state = evolve(state, event)
    return state


@pytest.mark.skipif(not HAS_CORPUS, reason="PHH corpus not available")
def test_HE_DEAL_each_corpus_street_dealt_in_turn_gives_the_fold_of_evolve() -> None:
    runs = 0
    variants: set[str] = set()
    for variant, state, recorded in corpus_replays(20):
        variants.add(variant)
        events = list(recorded)
        k = 0
        while k < len(events):
            run: list[HoleCardsDealt] = []
            while k + len(run) < len(events) and isinstance(events[k + len(run)],
                                                             HoleCardsDealt):
                run.append(events[k + len(run)])  # type: ignore[arg-type]
            if len(run) > 1 and not state.due_draw:
                # Every prefix too: the run may stop anywhere (an error, the end of a file).
                for cut in range(1, len(run) + 1):
                    assert deal_in_turn(state, run[:cut]) == _fold(state, run[:cut])
                runs += 1
            for event in run or events[k:k + 1]:
                state = evolve(state, event)
            k += len(run) or 1
    assert runs > 150
    assert {"NT", "FT", "F7S", "FR", "F2L3D"} <= variants


_GAMES = ("NT", "PO", "F7S", "FR", "F5S", "F2L3D", "FB")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_IRR_DECK_random_runs_dealt_in_turn_match_the_fold_or_are_refused_untouched(
    data,  # type: ignore[no-untyped-def]
) -> None:
    game = data.draw(st.sampled_from(_GAMES), label="game")
    n = data.draw(st.integers(2, 6), label="players")
    stud = game in ("F7S", "FR", "F5S")
    setup = HandSetup.create(game=game, stacks=[100] * n, small_blind=0 if stud else 1,
                             big_blind=0 if stud else 2, ante=1 if stud else 0,
                             bring_in=1 if stud else 0, small_bet=2, big_bet=4)
    state = new_hand(setup)
    count = state.street.hole_count
    events = []
    for _ in range(data.draw(st.integers(1, n + 1), label="events")):
        player = data.draw(st.sampled_from(state.due_hole) if data.draw(
            st.integers(0, 5)) else st.integers(0, n), label="player")
        size = count if data.draw(st.integers(0, 6)) else data.draw(st.integers(0, 5))
        cards = tuple(UNKNOWN if data.draw(st.integers(0, 4)) == 0
                      else Card.from_code(data.draw(st.integers(0, 51)))
                      for _ in range(size))
        events.append(HoleCardsDealt(player, cards))
    try:
        expected = _fold(state, events)
    except IllegalActionError:
        expected = None
    before = state
    try:
        got = deal_in_turn(state, events)
    except IllegalActionError as error:
        assert expected is None  # refused only what the fold refuses
        assert error.rule_id in ("HE-DEAL", "IRR-DECK", "G-DECK")
        assert state == before
        return
    assert got == expected


def test_IRR_DECK_replay_names_the_deal_that_cannot_be_applied() -> None:
    from dealerassist.errors import HandHistoryError
    from dealerassist.journal.phh import parse_phh

    text = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 QhAs", "d dh p3 2c3c", "p3 f"]
"""
    with pytest.raises(HandHistoryError) as caught:
        replay(parse_phh(text))
    assert "'d dh p2 QhAs'" in str(caught.value) and "IRR-DECK" in str(caught.value)
    # An unreadable deal after a bad one: the bad one is reported first, as read.
    bad_then_unknown = text.replace('"d dh p3 2c3c"', '"d dh p9 2c3c"')
    with pytest.raises(HandHistoryError) as caught:
        replay(parse_phh(bad_then_unknown))
    assert "'d dh p2 QhAs'" in str(caught.value)
