"""Bench part "evaluator": seven-card high evaluations per second, ours and the references.

Every library rates the same random seven-card hands, converted beforehand to its own
card type, through its natural seven-card call (ours: `high_strength` on `Card.code`
ints; treys: ``Evaluator().evaluate(hole, board)``; pokerkit:
``StandardHighHand.from_game(hole, board)``), in the same ``for args in inputs: f(*args)``
loop. The best of a few repeats is kept, so a busy machine slows every figure alike.
treys and pokerkit are optional: a library that is not installed reports ``None``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from dealerassist.cards import Card
from dealerassist.evaluation import high_strength

_SEED = 20261130


def _hands(count: int) -> list[tuple[int, ...]]:
    rng = random.Random(_SEED)
    deck = list(range(52))
    return [tuple(rng.sample(deck, 7)) for _ in range(count)]


def _rate(function: Callable[..., Any], inputs: Sequence[tuple[Any, ...]], repeats: int) -> float:
    """Measure evaluations per second: the best of ``repeats`` passes over ``inputs``."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for args in inputs:
            function(*args)
        best = min(best, time.perf_counter() - started)
    return round(len(inputs) / best, 1)


def _treys_rate(hands: list[tuple[int, ...]], repeats: int) -> float | None:
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        return None
    cards = [TreysCard.new(str(Card.from_code(code))) for code in range(52)]
    inputs = [([cards[c] for c in hand[:2]], [cards[c] for c in hand[2:]]) for hand in hands]
    return _rate(Evaluator().evaluate, inputs, repeats)


def _pokerkit_rate(hands: list[tuple[int, ...]], repeats: int) -> float | None:
    try:
        import pokerkit
    except ImportError:
        return None
    cards = [next(iter(pokerkit.Card.parse(str(Card.from_code(code))))) for code in range(52)]
    inputs = [
        (tuple(cards[c] for c in hand[:2]), tuple(cards[c] for c in hand[2:])) for hand in hands
    ]
    return _rate(pokerkit.StandardHighHand.from_game, inputs, repeats)


def measure(*, quick: bool) -> dict[str, dict[str, float | None]]:
    """Seven-card high evaluations per second for dealerassist, treys and pokerkit."""
    count, repeats = (2_000, 2) if quick else (20_000, 5)
    hands = _hands(count)
    ours = _rate(high_strength, [(hand,) for hand in hands], repeats)
    treys = _treys_rate(hands, repeats)
    # pokerkit is two orders of magnitude slower; a tenth of the hands keeps the run short.
    pokerkit = _pokerkit_rate(hands[: max(200, count // 10)], max(1, repeats // 2))
    return {
        "evaluator": {
            "dealerassist_per_s": ours,
            "treys_per_s": treys,
            "pokerkit_per_s": pokerkit,
        }
    }
