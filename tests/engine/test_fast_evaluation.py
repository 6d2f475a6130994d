"""The evaluators' fast paths give the plain definition's answer (issue 7, replay speed).

Badugi (FB): `_best` tests a subset with rank and suit bit masks and a rank table; here the
definition from the rule (distinct ranks and distinct suits, aces low, more cards beat
fewer, then the lower hand from the top card down) with sets, on every four-card hand of
a sample and of every hand drawn from a 13-card spread, the joker and unknown codes aside.
"""

from __future__ import annotations

import random
from itertools import combinations

from dealerassist.evaluation.badugi import _best, badugi_strength
from dealerassist.evaluation.value import LOW_BASE, pack


def _plain_best(codes: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    def low(code: int) -> int:
        return 1 if code // 4 == 12 else code // 4 + 2

    for size in range(len(codes), 0, -1):
        found = []
        for subset in combinations(codes, size):
            ranks = {low(code) for code in subset}
            suits = {code % 4 for code in subset}
            if len(ranks) == size and len(suits) == size:
                found.append((LOW_BASE - pack(4 - size, sorted(ranks, reverse=True)), subset))
        if found:
            best = max(strength for strength, _ in found)
            return next(item for item in found if item[0] == best)  # the first best subset
    raise AssertionError


def test_badugi_fast_best_equals_the_plain_definition() -> None:
    rng = random.Random(7)
    hands = [tuple(rng.sample(range(52), 4)) for _ in range(4000)]
    hands += list(combinations(range(0, 52, 4), 4))  # one suit: only one card plays
    hands += list(combinations(range(1, 52, 4), 4))
    hands += list(combinations(tuple(range(0, 52, 5)), 4))  # ranks and suits mixed
    for hand in hands:
        assert _best(hand) == _plain_best(hand), hand
        assert badugi_strength(hand) == _plain_best(hand)[0]
