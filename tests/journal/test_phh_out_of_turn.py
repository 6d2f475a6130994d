"""Replay of hand histories whose actions are recorded out of turn (IRR-OUT-OF-TURN).

pokerkit (a test oracle only) plays random legal hands in board, stud and draw games (draw
with blinds included); the hand is written as PHH, then its order is broken: two adjacent
actions of different players are swapped, or one action is moved earlier on its street.
Whatever the file says, `replay` must either finish the hand, chips conserved and the
out-of-turn action flagged, or refuse it in one line (`HandHistoryError`) that names a
real impossibility: never an internal error, never "no betting round is open" halfway
through a hand the repair made unplayable.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealerassist.engine import Phase
from dealerassist.errors import HandHistoryError
from dealerassist.journal.phh import parse_phh, replay
from tests.differential import driver

#: Board, stud, draw with blinds (lowball, badugi, five-card draw at no limit) and
#: draw with antes only.
VARIANTS = ("NT", "FT", "PO", "F7S", "FR", "F7S/8", "F5S", "N2L1D", "F2L3D", "FB", "N5D",
            "F5D", "PA5L3D")

_BETTING = ("f", "cc", "cbr", "pb")


def _card(card: object) -> str:
    return f"{card.rank}{card.suit}"  # type: ignore[attr-defined]


def _actions(state: object) -> list[str]:
    """The PHH actions of a finished pokerkit hand, hole cards grouped per player."""
    actions: list[str] = []
    holes: dict[int, str] = {}

    def flush() -> None:
        actions.extend(f"d dh p{p + 1} {cards}" for p, cards in holes.items())
        holes.clear()

    for op in state.operations:  # type: ignore[attr-defined]
        name = type(op).__name__
        if name == "HoleDealing":
            holes[op.player_index] = holes.get(op.player_index, "") + "".join(
                _card(c) for c in op.cards)
            continue
        if name == "CardBurning":
            flush()  # a street's cards end at the next street's burn
            continue
        if name in ("AntePosting", "BetCollection", "BlindOrStraddlePosting",
                    "HandKilling", "ChipsPushing", "ChipsPulling", "NoOperation",
                    "RunoutCountSelection"):
            continue
        flush()
        who = f"p{getattr(op, 'player_index', 0) + 1}"
        if name == "BoardDealing":
            actions.append("d db " + "".join(_card(c) for c in op.cards))
        elif name == "Folding":
            actions.append(f"{who} f")
        elif name == "CheckingOrCalling":
            actions.append(f"{who} cc")
        elif name == "BringInPosting":
            actions.append(f"{who} pb")
        elif name == "CompletionBettingOrRaisingTo":
            actions.append(f"{who} cbr {op.amount}")
        elif name == "StandingPatOrDiscarding":
            actions.append(f"{who} sd " + "".join(_card(c) for c in op.cards))
        elif name == "HoleCardsShowingOrMucking":
            shown = "".join(_card(c) for c in op.hole_cards)
            actions.append(f"{who} sm {shown}".rstrip())
        else:  # pragma: no cover - an operation this test does not write
            raise AssertionError(f"unexpected pokerkit operation {name}")
    flush()
    return actions


@dataclass(frozen=True)
class _Hand:
    config: driver.HandConfig
    actions: tuple[str, ...]


def _play(variant: str, seed: int) -> _Hand:
    """A random legal hand played by pokerkit, as PHH actions."""
    rng = random.Random(seed)
    config = driver.random_config(rng, variant)
    saved = random.getstate()
    random.seed(seed)  # pokerkit shuffles its deck with the module's generator
    try:
        state = driver._pokerkit_state(config)
        return _Hand(config, tuple(_play_out(state, rng)))
    finally:
        random.setstate(saved)


def _play_out(state: Any, rng: random.Random) -> list[str]:
    while state.status:
        drawer = state.stand_patter_or_discarder_index
        if drawer is not None:
            hand = list(state.hole_cards[drawer])
            state.stand_pat_or_discard(rng.sample(hand, rng.randint(0, min(2, len(hand)))))
            continue
        if state.actor_index is None:
            break
        if state.can_post_bring_in():
            low = state.min_completion_betting_or_raising_to_amount
            if low is not None and rng.random() < 0.3:
                state.complete_bet_or_raise_to(low)
            else:
                state.post_bring_in()
            continue
        roll = rng.random()
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if state.checking_or_calling_amount and roll < 0.2:
            state.fold()
        elif low is not None and roll > 0.6:
            state.complete_bet_or_raise_to(rng.choice((low, high, rng.randint(low, high))))
        else:
            state.check_or_call()
    return _actions(state)


def _text(hand: _Hand, actions: list[str]) -> str:
    config = hand.config
    fields: dict[str, object] = {
        "variant": config.variant, "ante_trimming_status": config.ante_trimming,
        "antes": list(config.antes), "blinds_or_straddles": list(config.blinds),
        "starting_stacks": list(config.stacks),
    }
    if config.bring_in:
        fields["bring_in"] = config.bring_in
    if config.small_bet:
        fields["small_bet"] = config.small_bet
        fields["big_bet"] = config.big_bet
    else:
        fields["min_bet"] = config.min_bet
    lines = [f"{key} = {json.dumps(value)}" for key, value in fields.items()]
    lines.append("actions = [" + ", ".join(json.dumps(a) for a in actions) + "]")
    return "\n".join(lines) + "\n"


def _segments(actions: tuple[str, ...]) -> list[tuple[int, int]]:
    """(start, end) of each run of player actions between two dealer actions."""
    runs, start = [], None
    for k, action in enumerate((*actions, "d end")):
        if action.startswith("d "):
            if start is not None and k - start > 1:
                runs.append((start, k))
            start = None
        elif start is None:
            start = k
    return runs


def _who(action: str) -> str:
    return action.split()[0]


def _verb(action: str) -> str:
    return action.split()[1]


def _perturb(actions: tuple[str, ...], data: st.DataObject) -> tuple[list[str], bool] | None:
    """Break the order once; return the actions and whether a betting action jumped ahead
    of another player's betting action (so the replay must flag IRR-OUT-OF-TURN)."""
    moves = []
    for start, end in _segments(actions):
        for j in range(start + 1, end):
            for k in range(start, j):
                if all(_who(actions[i]) != _who(actions[j]) for i in range(k, j)):
                    moves.append((j, k))
    if not moves:
        return None
    j, k = data.draw(st.sampled_from(moves), label="move action j to place k")
    moved = list(actions)
    action = moved.pop(j)
    moved.insert(k, action)
    jumped = actions[k:j]
    must_flag = _verb(action) in _BETTING and any(_verb(a) in _BETTING for a in jumped)
    return moved, must_flag


def _check(hand: _Hand, actions: list[str], must_flag: bool) -> bool:
    """Assert the property; return whether the hand was played to its end."""
    text = _text(hand, actions)
    history = parse_phh(text)
    try:
        result = replay(history)
    except HandHistoryError as error:
        message = str(error)
        assert "\n" not in message, message
        assert "no betting round is open" not in message, (text, message)
        assert "closed before it" not in message, (text, message)
        return False
    state = result.state
    assert state.phase is Phase.COMPLETE, text
    assert state.total_chips == sum(hand.config.stacks), text
    assert sum(state.stacks) + state.rake + state.carry_forward == sum(hand.config.stacks)
    if must_flag:
        assert any(flag.rule_id == "IRR-OUT-OF-TURN" for flag in result.flags), text
    return True


def test_IRR_OUT_OF_TURN_the_generator_writes_hands_that_replay_as_played() -> None:
    """Unperturbed, every generated hand replays with no out-of-turn flag (the oracle)."""
    for seed in range(60):
        hand = _play(VARIANTS[seed % len(VARIANTS)], seed)
        result = replay(parse_phh(_text(hand, list(hand.actions))))
        assert result.state.phase is Phase.COMPLETE
        assert not [f for f in result.flags if f.rule_id == "IRR-OUT-OF-TURN"], hand


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_IRR_OUT_OF_TURN_replay_never_leaves_a_hand_unplayable(
        variant: str, seed: int, data: st.DataObject) -> None:
    hand = _play(variant, seed)
    perturbed = _perturb(hand.actions, data)
    if perturbed is None:
        return
    _check(hand, *perturbed)


@pytest.mark.slow
def test_IRR_OUT_OF_TURN_replay_never_leaves_a_hand_unplayable_long() -> None:
    """Every possible single move on 1,500 random hands (``-m slow -s`` prints the count)."""
    checked = finished = 0
    for seed in range(1500):
        hand = _play(VARIANTS[seed % len(VARIANTS)], seed)
        for start, end in _segments(hand.actions):
            for j in range(start + 1, end):
                for k in range(start, j):
                    if any(_who(hand.actions[i]) == _who(hand.actions[j])
                           for i in range(k, j)):
                        continue
                    moved = list(hand.actions)
                    action = moved.pop(j)
                    moved.insert(k, action)
                    jumped = hand.actions[k:j]
                    must = _verb(action) in _BETTING and any(
                        _verb(a) in _BETTING for a in jumped)
                    finished += _check(hand, moved, must)
                    checked += 1
    print(f"IRR-OUT-OF-TURN: {checked} perturbed hand histories, {finished} played to the "
          f"end, {checked - finished} refused in one line")
    assert checked > 40_000
