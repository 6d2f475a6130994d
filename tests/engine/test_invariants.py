"""Invariants under random command sequences (hypothesis).

Whatever a dealer enters, legal or not: an illegal command raises `IllegalActionError`
with a rule ID and leaves the state as it was; chips are conserved at every step
(stacks + bets + pots + rake); limits stay consistent; every hand that ends pays out
exactly what was put in.
"""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from dealerassist.cards import UNKNOWN, Card
from dealerassist.engine import (
    BetPlaced,
    BoardDealt,
    Called,
    CardsShown,
    Checked,
    Folded,
    HandSetup,
    HandState,
    HoleCardsDealt,
    Mucked,
    Phase,
    RaisedTo,
    apply,
    legal_actions,
    new_hand,
    pots,
    settle,
)
from dealerassist.errors import IllegalActionError
from dealerassist.rules import default_rules, phh_profile

GAMES = ("NT", "NS", "FT", "PO", "FO/8", "PT", "PO/8")


def _check(state: HandState, total: int) -> None:
    assert state.total_chips == total
    assert all(s >= 0 for s in state.stacks) and all(b >= 0 for b in state.bets)
    if not any(state.won) and not state.rake:
        assert sum(p.amount for p in pots(state)) == state.pot_total
    legal = legal_actions(state)
    if legal is not None:
        actor = legal.actor
        assert 0 <= legal.to_call <= state.stacks[actor]
        if legal.min_raise_to is not None:
            assert legal.max_raise_to is not None
            assert legal.min_raise_to <= legal.max_raise_to
            assert legal.max_raise_to <= state.stacks[actor] + state.bets[actor]
            assert legal.min_raise_to > max(state.bets)


def _random_cards(data, state: HandState, count: int) -> tuple[Card, ...]:  # type: ignore[no-untyped-def]
    if data.draw(st.integers(0, 9), label="card mode") == 0:
        return tuple(Card.from_code(data.draw(st.integers(0, 53))) for _ in range(count))
    seen = {c.code for hand in state.hole for c in hand} | {c.code for c in state.board}
    ranks = state.setup.game.deck_ranks
    free = [c for c in range(52) if c not in seen and c // 4 + 2 in ranks]
    picks = data.draw(st.permutations(free), label="deck")[:count]
    return tuple(Card.from_code(c) for c in picks)


def _command(data, state: HandState):  # type: ignore[no-untyped-def]
    n = state.player_count
    legal = legal_actions(state)
    wild = data.draw(st.integers(0, 5), label="wild") == 0
    player = data.draw(st.integers(0, n - 1), label="player") if wild or legal is None \
        else legal.actor
    if state.phase is Phase.DEALING and not wild:
        if state.due_hole:
            count = state.street.hole_count
            known = data.draw(st.booleans(), label="known")
            cards = _random_cards(data, state, count) if known else (UNKNOWN,) * count
            return HoleCardsDealt(state.due_hole[0], cards)
        return BoardDealt(_random_cards(data, state, state.due_board))
    if state.phase is Phase.SHOWDOWN and not wild:
        kind = data.draw(st.integers(0, 3), label="showdown")
        if kind == 0:
            return Mucked(player)
        if kind == 1:
            return CardsShown(player, _random_cards(data, state, len(state.hole[player])))
        events = settle(state)  # may raise (unknown cards): then show first
        return events[0]
    kind = data.draw(st.sampled_from(["f", "k", "c", "r", "r", "c"]), label="kind")
    if kind == "f":
        return Folded(player)
    if kind == "k":
        return Checked(player)
    if kind == "c":
        return Called(player, legal.to_call if legal else 0)
    low = legal.min_raise_to if legal and legal.min_raise_to else max(state.bets) + 1
    high = legal.max_raise_to if legal and legal.max_raise_to else low + 50
    to = data.draw(st.integers(max(1, low - 30), high + 30), label="to")
    return BetPlaced(player, to) if max(state.bets) == 0 else RaisedTo(player, to)


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
    state = new_hand(setup)
    total = sum(stacks)
    _check(state, total)
    for _ in range(120):
        if state.phase is Phase.COMPLETE:
            break
        try:
            command = _command(data, state)
        except IllegalActionError:
            command = CardsShown(0, ())
        snapshot = copy.deepcopy(state)
        try:
            new = apply(state, command)
        except IllegalActionError as error:
            assert error.rule_id, f"no rule ID for {command}: {error}"
            assert state == snapshot  # untouched
            continue
        state = new
        _check(state, total)
    event(f"ended in {state.phase.value}")
    if state.phase is Phase.COMPLETE:
        assert sum(state.won) + state.rake == sum(state.committed) + state.dead_antes
